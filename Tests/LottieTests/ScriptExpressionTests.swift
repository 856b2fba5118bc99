// Interpreted expressions (statements, functions, keys, velocity, try/catch, budgets): each
// form against values worked out by hand at given frames.
import Foundation
import Testing
@testable import Lottie

private let bounceSource = """
var $bm_rt;
var n, n, t, t, v, amp, freq, decay;
$bm_rt = n = 0;
if (numKeys > 0) {
    $bm_rt = n = nearestKey(time).index;
    if (key(n).time > time) {
        n--;
    }
}
if (n == 0) {
    $bm_rt = t = 0;
} else {
    $bm_rt = t = $bm_sub(time, key(n).time);
}
if (n > 0) {
    v = velocityAtTime($bm_sub(key(n).time, $bm_div(thisComp.frameDuration, 10)));
    amp = $bm_div(effect('Amplitude')('Slider'), 100);
    freq = effect('Frequency')('Slider');
    decay = effect('Decay')('Slider');
    $bm_rt = $bm_sum(value, $bm_div($bm_mul($bm_mul(v, amp), Math.sin($bm_mul($bm_mul($bm_mul(freq, t), 2), Math.PI))), Math.exp($bm_mul(decay, t))));
} else {
    $bm_rt = value;
}
"""

private func slider(_ name: String, _ v: Double) -> String {
    #"{"ty": 5, "nm": "\#(name)", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "v": {"a": 0, "k": \#(v)}}]}"#
}

private func escaped(_ x: String) -> String {
    x.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
}

/// One layer (ind 7) whose rotation has linear keyframes `keys` (frame, degrees) and expression `x`;
/// its position [10, 20] → [110, 20] over frames 0–10 has `position`; sliders Amplitude 50, Frequency 2, Decay 4.
private func file(_ keys: [(Double, Double)], _ x: String, position: String = "") -> String {
    let k = "[" + keys.enumerated().map { i, kv in
        i < keys.count - 1 ? #"{"t": \#(kv.0), "s": [\#(kv.1)], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}"#
            : #"{"t": \#(kv.0), "s": [\#(kv.1)]}"#
    }.joined(separator: ", ") + "]"
    let p = #"{"a": 1, "k": [{"t": 0, "s": [10, 20], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [110, 20]}], "x": "\#(escaped(position))"}"#
    return lottieJSON(layers: """
    [{"ty": 4, "ind": 7, "nm": "L", "ip": 0, "op": 60, "st": 0,
      "ks": {"r": {"a": 1, "k": \(k), "x": "\(escaped(x))"}, "p": \(p)},
      "ef": [\(slider("Amplitude", 50)), \(slider("Frequency", 2)), \(slider("Decay", 4))], "shapes": []}]
    """, w: 320, h: 240)
}

private let ramp: [(Double, Double)] = [(0, 0), (10, 90)]

private func rotation(_ x: String, at frame: Double, keys: [(Double, Double)] = ramp) throws -> Double {
    let a = try decode(file(keys, x))
    #expect(!a.features.uses(.unrecognisedExpressions), "\(x): \(a.features.places(of: .unrecognisedExpressions))")
    return a.root.layers[0].transform.rotation.value(at: frame)
}

private func refusal(_ x: String) throws -> String {
    let a = try decode(file(ramp, x))
    return a.features.places(of: .unrecognisedExpressions).first ?? "recognised"
}

@Suite("LottieScriptExpressions") struct ScriptExpressionTests {
    @Test func inertialBounce() throws {
        // Keys 0° at 0 s and 90° at 1/3 s (30 fps): the velocity before the last key is 270°/s.
        // After it, n = 2, t = time − 1/3: 90 + 270·0.5·sin(2·2·π·t)/e^(4t).
        for f in [11.0, 15, 20, 40] {
            let t = f / 30 - 1.0 / 3
            let expected = 90 + 135 * sin(4 * .pi * t) / exp(4 * t)
            #expect(abs(try rotation(bounceSource, at: f) - expected) < 1e-6, "frame \(f)")
        }
        #expect(abs(try rotation(bounceSource, at: 15) - 150.0254) < 1e-3)    // 90 + 135·sin(2π/3)/e^(2/3)
        // Before the last key the velocity before key 1 is 0: the keyframed value.
        for f in [0.0, 4, 6] { #expect(abs(try rotation(bounceSource, at: f) - 9 * f) < 1e-9, "frame \(f)") }
    }

    @Test func bounceInTryCatchOnAVector() throws {
        // issue_1735's compressed form on position: x overshoots by v/100·amp·… (v = 100 px per 1/3 s = 300 px/s).
        let x = """
        var $bm_rt; var amp, freq, decay, n, t, v;
        try { amp = 2.5; freq = 2; decay = 4;
          n = 0, 0 < numKeys && (n = nearestKey(time).index, key(n).time > time && n--), t = 0 === n ? 0 : $bm_sub(time, key(n).time), $bm_rt = 0 < n ? (v = velocityAtTime($bm_sub(key(n).time, $bm_div(thisComp.frameDuration, 10))), $bm_sum(value, $bm_div($bm_mul($bm_mul($bm_div(v, 100), amp), Math.sin($bm_mul($bm_mul($bm_mul(freq, t), 2), Math.PI))), Math.exp($bm_mul(decay, t))))) : value;
        } catch (err) { $bm_rt = value = value; }
        """
        let a = try decode(file(ramp, "value", position: x))
        #expect(!a.features.uses(.unrecognisedExpressions), "\(a.features.places(of: .unrecognisedExpressions))")
        let t = 15.0 / 30 - 1.0 / 3
        let p = a.root.layers[0].transform.position.value(at: 15)
        #expect(abs(p.x - (110 + 7.5 * sin(4 * .pi * t) / exp(4 * t))) < 1e-6)
        #expect(abs(p.y - 20) < 1e-9)       // v's y is 0
    }

    @Test func statementsAndOperators() throws {
        #expect(try rotation("var a = 1; var a; a += 2; a *= 3; a", at: 0) == 9)             // redeclaration keeps 9
        #expect(try rotation("if (time > 0.5) { 1 } else if (time > 0.2) { 2 } else { 3 }", at: 9) == 2)
        #expect(try rotation("time < 0.1 ? 5 : 6", at: 0) == 5)
        #expect(try rotation("var s = 0; for (var i = 1; i <= 4; i++) { if (i == 3) continue; s += i; } s", at: 0) == 7)
        #expect(try rotation("var i = 0; while (true) { i++; if (i >= 5) break; } i", at: 0) == 5)
        #expect(try rotation("var i = 10; do { i-- } while (i > 20); i", at: 0) == 9)
        #expect(try rotation("switch (2) { case 1: 10; break; case 2: 20; case 3: 30; break; default: 40 }", at: 0) == 30)
        #expect(try rotation("(1 === 1) + (null == undefined) + (0 === false) + !0 // comment", at: 0) == 3)
        #expect(try rotation("/* c */ 7 % 4 - -1", at: 0) == 4)
        #expect(try rotation("[1, 2, 3].length + 'ab'.length", at: 0) == 5)
        #expect(try rotation("var a = [1, 2]; a[1] = 5; a[0] + a[1]", at: 0) == 6)
        #expect(try rotation("var $bm_rt; $bm_rt = null || 4", at: 0) == 4)
    }

    @Test func functionsAndTryCatch() throws {
        #expect(try rotation("function sq(x) { return x * x; } sq(3) + sq(1)", at: 0) == 10)
        #expect(try rotation("function f(a, b) { if (b === undefined) return a; return a + b } f(1) + f(1, 2)", at: 0) == 4)
        #expect(try rotation("var r = sq(4); function sq(x) { return x * x } r", at: 0) == 16)    // hoisted
        #expect(try rotation("function fact(n) { return n <= 1 ? 1 : n * fact(n - 1) } fact(5)", at: 0) == 120)
        // key(5) of two keys throws; catch runs.
        #expect(try rotation("var r; try { r = key(5).time; } catch (e) { r = 7; } r", at: 0) == 7)
        #expect(try rotation("var r = 1; try { r = 2 } catch (e) { r = 3 } finally { r += 10 } r", at: 0) == 12)
        #expect(try rotation("var r = 1; try { try { key(9) } finally { r = 5 } } catch (e) { r += 1 } r", at: 0) == 6)
        // A member of undefined throws too (a 1-D key has no [1]); a number's .length is undefined, not an error.
        #expect(try rotation("var d = 1; try { key(1)[1].length; d = 2 } catch (e) {} d", at: 0) == 1)
        #expect(try rotation("var x = 5; x.length === undefined ? 3 : 4", at: 0) == 3)
        // Ease and Wizz's dimension probe on a 2-D property: key(1)[1] exists, key(1)[2] does not.
        let a = try decode(file(ramp, "value", position: "var d = 1; try { key(1)[1].length; d = 2; key(1)[2].length; d = 3 } catch (e) {} [d, key(2)[0]]"))
        #expect(a.root.layers[0].transform.position.value(at: 0).x == 2 && a.root.layers[0].transform.position.value(at: 0).y == 110)
    }

    @Test func keysVelocityAndTime() throws {
        #expect(try rotation("numKeys + key(2).time * 30 + key(2).value", at: 0) == 2 + 10 + 90)
        #expect(try rotation("nearestKey(0.3).index * 100 + nearestKey(0.1).index", at: 0) == 201)
        #expect(abs(try rotation("valueAtTime(time - 0.1)", at: 9) - 54) < 1e-9)              // v(6)
        #expect(abs(try rotation("velocityAtTime(0.2)", at: 0) - 270) < 1e-6)
        #expect(abs(try rotation("speedAtTime(0.2)", at: 0) - 270) < 1e-6)
        #expect(try rotation("index + thisComp.width / 32 + thisComp.height / 240", at: 0) == 7 + 10 + 1)
        #expect(try rotation("timeToFrames(1) + framesToTime(15) + timeToFrames()", at: 6) == 30 + 0.5 + 6)
        #expect(abs(try rotation("radiansToDegrees(Math.atan2(1, 1)) + degreesToRadians(180)", at: 0) - (45 + .pi)) < 1e-12)
        #expect(try rotation("Math.max(1, 5, 3) + Math.min(4, 2) + Math.abs(-1) + Math.floor(2.7) + Math.round(2.5)", at: 0) == 5 + 2 + 1 + 2 + 3)
    }

    @Test func thisPropertyAndOldSpellings() throws {
        // Keys 0° at frame 0 and 90° at frame 10 (1/3 s), linear; the layer is in from 0 to 60 (2 s).
        #expect(try rotation("thisProperty.numKeys + thisProperty.key(2).time * 30", at: 0) == 2 + 10)
        #expect(try rotation("thisProperty.value", at: 5) == 45)
        #expect(abs(try rotation("thisProperty.valueAtTime(0.1)", at: 0) - 27) < 1e-9)          // frame 3
        // cycle after the last key: frame 15 → frame 5 (45°); offset adds the cycle's change (90°).
        #expect(try rotation("thisProperty.loopOut('cycle')", at: 15) == 45)
        #expect(try rotation("loop_out('offset')", at: 15) == 135)
        #expect(try rotation("loop_in('cycle')", at: 5) == 45)                                  // inside the keys: the value
        #expect(abs(try rotation("velocity + thisProperty.speed", at: 5) - 540) < 1e-6)         // 270°/s each
        #expect(try rotation("inPoint + outPoint", at: 0) == 2)
        // lottie-web's key(i) is the keyframe's `s` array: key(i)[0] of a 1-D property is its value,
        // key(i)[1] undefined (antennaAnimation's Ease and Wizz reads key1[0]).
        #expect(try rotation("var k = key(2); k[0] + (k[1] === undefined ? 1 : 0)", at: 0) == 91)
        #expect(try refusal("thisProperty.propertyGroup(2)").contains("thisProperty.propertyGroup() is not supported"))
    }

    @Test func interpolationAndVectors() throws {
        #expect(try rotation("linear(time, 0, 1, 10, 20)", at: 15) == 15)
        #expect(try rotation("linear(0.25, 100, 200)", at: 0) == 125)
        #expect(try rotation("linear(time, 1, 0, 10, 20)", at: 15) == 10)                    // t1 ≤ t0, t at or before t0: a
        #expect(try rotation("ease(0, 0, 1, 0, 100) + ease(1, 0, 1, 0, 100)", at: 0) == 100)
        let e = try rotation("ease(0.5, 0, 1, 0, 100)", at: 0), i = try rotation("easeIn(0.5, 0, 100)", at: 0)
        let o = try rotation("easeOut(0.5, 0, 100)", at: 0)
        #expect(abs(e - 50) < 1 && i < 45 && o > 55, "\(e) \(i) \(o)")
        #expect(try rotation("length([3, 4]) + length([1, 1], [4, 5])", at: 0) == 10)
        #expect(abs(try rotation("normalize([3, 4])[1]", at: 0) - 0.8) < 1e-12)
        #expect(try rotation("var v = [1, 2] + [10, 20, 30]; v[0] + v[1] + v[2]", at: 0) == 63)
        #expect(try rotation("var v = 5 + [1, 2]; v[0] * 10 + v[1]", at: 0) == 62)          // only component 0
        #expect(try rotation("([2, 4] / 2)[1] + (2 * [3, 4])[0] + clamp([5, -5], 0, 1)[0]", at: 0) == 2 + 6 + 1)
        let a = try decode(file(ramp, "value", position: "var p = value; [p[0], thisComp.height - p[1]]"))
        let q = a.root.layers[0].transform.position.value(at: 10)
        #expect(q.x == 110 && q.y == 220)
    }

    @Test func randomIsSeededPerPropertyAndFrame() throws {
        let a = try decode(file(ramp, "random(10, 20)"))
        let r = a.root.layers[0].transform.rotation
        let r5 = r.value(at: 5)
        #expect(r5 >= 10 && r5 < 20)
        #expect(try decode(file(ramp, "random(10, 20)")).root.layers[0].transform.rotation.value(at: 5) == r5)  // reproducible
        #expect(r.value(at: 6) != r5)                                                                          // per frame
        let timeless = try decode(file(ramp, "seedRandom(3, true); random()")).root.layers[0].transform.rotation
        #expect(timeless.value(at: 2) == timeless.value(at: 40))
        #expect(try rotation("seedRandom(3, true); var a = random(); seedRandom(3, true); a - random()", at: 9) == 0)
    }

    @Test func hostileProgramsAreRefusedNotRun() throws {
        let loop = try refusal("var i = 0; while (true) { i++ } i")
        #expect(loop.contains("more than 20000 evaluation steps"), "\(loop)")
        #expect(try refusal("for (var i = 0; i < 1e9; i++) {} 1").contains("evaluation steps"))
        #expect(try refusal("function f(n) { return f(n + 1) } f(0)").contains("calls nested deeper than 32"))
        #expect(try refusal("function f(n) { return f(n + 1) + f(n + 1) } f(0)").contains("calls nested deeper than 32"))
        // Calls nested 200 negations deep each: over the evaluation's nesting cap, refused (no stack overflow).
        let deep = String(repeating: "- ", count: 200)
        let nested = try refusal("function f(n) { return n > 30 ? 0 : \(deep)f(n + 1) } f(0)")
        #expect(nested.contains("nested deeper than 1024 levels"), "\(nested)")
        #expect(try refusal("var s = 'ab'; for (var i = 0; i < 40; i++) s += s; 1").contains("a string longer than 16384 bytes"))
        #expect(try refusal("var a = [1]; for (var i = 0; i < 60; i++) a = [a, a]; 1").contains("arrays nested more than 2 deep"))
        #expect(try refusal("var a = [[1, 2], [3]]; var b = [0]; b[0] = a; 1").contains("arrays nested more than 2 deep"))
        #expect(try rotation("var m = [[1, 2], [3, 4]]; m[1][0] + m.length", at: 0) == 5)
        // Outside the subset: quoted with the reason, the keyframes used.
        // A typed link to a layer that is not there names what is missing (ExpressionLinkTests has the rest),
        // inside a script too (ScriptLanguageTests.linksInsideScripts reads links that are there).
        #expect(try refusal("thisComp.layer('Ring').transform.position[0]").contains("thisComp.layer(\"Ring\").transform.position: the layer is not in the composition"))
        #expect(try refusal("if (time > 0) { thisComp.layer('Ring').transform.position[0] } else { 0 }").contains("the layer is not in the composition"))
        let date = try refusal("new Date()")
        #expect(date.contains("unknown name 'Date'"), "\(date)")     // new works; Date is not in the subset
        #expect(try refusal("Math.cbrt(8)").contains("Math.cbrt is not supported"))
        // A method outside the subset is reported even inside try … catch (no silent fallback).
        #expect(try refusal("var x; try { x = value.toPrecision(1) } catch (e) { x = 0 } x").contains("'.toPrecision()' of a number is not supported"))
        #expect(try refusal("time > 1").contains("gives boolean"))
        #expect(try refusal("[1, 2]").contains("gives 2 numbers for a property of 1"))
        let a = try decode(file(ramp, "while (true) {}"))
        #expect(abs(a.root.layers[0].transform.rotation.value(at: 5) - 45) < 1e-12)
    }

    @Test func interpretedExpressionsPerFileAreCapped() throws {
        var limits = LottieLimits.standard
        limits.maxInterpretedExpressions = 1
        let a = try decode(file(ramp, "if (true) 1", position: "if (true) value"), limits: limits)
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(places.count == 1 && places[0].contains("more than 1 interpreted expressions"), "\(places)")
    }

    @Test func environmentNamesTheProgramBindsStayItsOwn() throws {
        // ScriptResolver.swift resolves only environment names a program never binds; these bind,
        // shadow or override them (frame 15: time 0.5 s, value 90, index 7).
        let cases: [(String, Double, Double)] = [
            ("time * 30 + index", 15, 22),
            ("var time = 2; time * 3", 15, 6),
            ("index = 4; index + 1", 15, 5),                                       // an undeclared name assigned
            ("function f(value) { return value * 2 } f(5) + value", 15, 100),        // a parameter shadows value
            ("var r = delete time; r ? 1 : 2", 15, 2),                              // delete of a name: false
            ("function g() { return time * 10 } posterizeTime(4); g()", 37, 10),    // 1.2333 s posterized to 1 s
            ("var s = 0; for (time in [5, 6]) { s += 1 }; s + Number(time)", 15, 3), // time is the key "1"
            ("try { null.x } catch (value) { 1 }; typeof value == 'string' ? 4 : 5", 15, 4),
            ("var Math = { sin: function (x) { return 7 } }; Math.sin(0)", 15, 7),
            ("Math.max(1, 5, 3) - Math.min(4, 2, 8) + Math.abs(-2) + Math.pow(2, 3)", 15, 13),
            ("try { Math.sin('x') } catch (e) { 8 }", 15, 8),                        // Math of a string: catchable
        ]
        for (x, frame, expected) in cases { #expect(try rotation(x, at: frame) == expected, "\(x)") }
    }
}
