// The interpreted subset's ES5 additions (issue 23): object literals, function expressions,
// closures over the enclosing function's variables, `arguments`, bitwise operators, labels,
// `this`, `new`, `in`, `instanceof`, Object/JSON/Number/String — values worked out by hand —
// After Effects' gaussRandom/noise/posterizeTime, and how objects and closures stay bounded
// (member cap, cycles and long chains freed).
import Foundation
import Testing
@testable import Lottie

private func escaped(_ x: String) -> String {
    x.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
}

/// A null layer whose rotation (static 0) has expression `x`.
private func file(_ x: String) -> String {
    lottieJSON(layers: #"[{"ty": 3, "ind": 1, "nm": "N", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 0, "k": 0, "x": "\#(escaped(x))"}}}]"#)
}

private func rotation(_ x: String, limits: LottieLimits = .standard) throws -> Double {
    let a = try decode(file(x), limits: limits)
    #expect(!a.features.uses(.unrecognisedExpressions), "\(x): \(a.features.places(of: .unrecognisedExpressions))")
    return a.root.layers[0].transform.rotation.value(at: 0)
}

private func refusal(_ x: String, limits: LottieLimits = .standard) throws -> String {
    try decode(file(x), limits: limits).features.places(of: .unrecognisedExpressions).first ?? "recognised"
}

private let roomy: LottieLimits = {
    var l = LottieLimits.standard
    l.maxExpressionSteps = 2_000_000
    return l
}()

private let counter = "function counter() { var n = 0; return function () { n += 1; return n } } "

@Suite("LottieScriptLanguage") struct ScriptLanguageTests {
    @Test func objectLiterals() throws {
        #expect(try rotation("var o = { top: 0.06, 'left': 2, 3: 4, }; o.top * 100 + o['left'] + o[3]") == 12)
        #expect(try rotation("var o = {}; o.a = 5; o['b'] = 6; o.a + o.b + (o.c === undefined ? 100 : 0)") == 111)
        #expect(try rotation("var o = { p: [1, 2] }; var q = o; q.p = [3, 4]; o.p[1]") == 4)          // shared by reference
        #expect(try rotation("var o = { a: { b: 7 } }; o.a.b = 8; o.a.b") == 8)
        #expect(try rotation("(typeof {} === 'object') + ({} === {}) * 10") == 1)                        // identity
        #expect(try rotation("var s = '' + {}; s.length") == 15)                                         // "[object Object]"
    }

    @Test func functionExpressionsAndClosures() throws {
        #expect(try rotation("var f = function (x) { return x * 2 }; f(21)") == 42)
        #expect(try rotation("(function (k) { return k + 1 })(4)") == 5)
        #expect(try rotation("var m = { sq: function (x) { return x * x } }; m.sq(5)") == 25)
        #expect(try rotation(counter + "var c = counter(); c(); c(); c()") == 3)
        // Two counters close over two scopes: a reaches 3, b 1.
        #expect(try rotation(counter + "var a = counter(), b = counter(); a(); a(); b() * 10 + a()") == 13)
        // An inner function sees the outer's variables as they are when it runs (by reference).
        #expect(try rotation("function f() { var x = 1; var g = function () { return x }; x = 9; return g() } f()") == 9)
        #expect(try rotation("function s() { var t = 0; for (var i = 0; i < arguments.length; i++) t += arguments[i]; return t } s(1, 2, 3, 4)") == 10)
        #expect(try rotation("var fact = function f(n) { return n <= 1 ? 1 : n * fact(n - 1) }; fact(4)") == 24)
        #expect(try rotation("typeof function () {} === 'function' ? 1 : 0") == 1)
    }

    @Test func forInAndMethods() throws {
        // for … in: an object's keys in order, an array's indices (as strings); break and continue.
        #expect(try rotation("var o = { a: 1, b: 20, c: 300 }; var t = 0; for (var k in o) { if (k == 'b') continue; t += o[k] } t") == 301)
        #expect(try rotation("var s = ''; for (var i in [5, 6, 7]) s += i; s.length * 100 + (s === '012' ? 1 : 0)") == 301)
        #expect(try rotation("function f(o) { for (var k in o) { if (o[k] > 1) return k.length } return 0 } f({ x: 1, long: 2 })") == 4)
        // Methods.
        #expect(try rotation("parseFloat((2.345).toFixed(1)) * 10") == 23)                  // "2.3" (2.345 is below the tie)
        #expect(try rotation("'Layer 12'.indexOf('12') + 'abc'.indexOf('z')") == 6 - 1)
        #expect(try rotation("parseInt('Layer 12'.slice(-2)) + parseInt('ff', 16) + 'abcdef'.substring(4, 1).length") == 12 + 255 + 3)
        #expect(try rotation("'a,b,c'.split(',').length * 10 + [1, 2, 3].join('-').length") == 35)
        #expect(try rotation("var a = [1]; a.push(2, 3); a.concat([4], 5).length * 10 + a.indexOf(3) + a.slice(1)[0]") == 50 + 2 + 2)
        #expect(try rotation("isNaN('x') + isFinite(1 / 0) * 10 + isNaN(parseFloat('1.5e1px')) * 100 + parseFloat('1.5e1px')") == 1 + 15)
        #expect(try rotation("'ab'.toUpperCase() === 'AB' && 'x'.charAt(0) === 'x' ? 1 : 0") == 1)
        // Math.random draws from the seeded sequence: the same on every run, restarted by seedRandom.
        #expect(try rotation("seedRandom(5, true); var a = Math.random(); seedRandom(5, true); a === random() ? 1 : 0") == 1)
        #expect(try rotation("Math.random()") == (try rotation("Math.random()")))
    }

    @Test func bitwiseOperatorsAndNumberText() throws {
        #expect(try rotation("(5 & 3) + (5 | 3) * 10 + (5 ^ 3) * 100") == 671)
        #expect(try rotation("~5 + (1 << 4) + (-16 >> 2) + (-1 >>> 28)") == -6 + 16 - 4 + 15)
        // ToInt32: truncation toward zero, modulo 2^32; strings that spell numbers.
        #expect(try rotation("(2.7 | 0) * 10 + (-2.7 | 0) + ('12' | 0) * 100 + (4294967297 | 0) * 1000") == 20 - 2 + 1200 + 1000)
        #expect(try rotation("var x = 6; x &= 3; x <<= 2; x |= 1; x ^= 3; x >>= 1; x") == 5)          // 2, 8, 9, 10, 5
        #expect(try rotation("var y = -1; y >>>= 30; y") == 3)
        #expect(try rotation("0x1F + 0Xa") == 41)
        #expect(try rotation(#"'\x41\u0042'.length * 10 + ('\x41\u0042' === 'AB') + (String.fromCharCode(72, 105) === 'Hi') * 100"#) == 121)
        // JavaScript's number text: plain from 1e-6 up to 1e21, exponent outside.
        #expect(try rotation("(1e21 + '') === '1e+21' && (0.000001 + '') === '0.000001' && (1e-7 + '') === '1e-7' && (1.5e-7 + '') === '1.5e-7' ? 1 : 0") == 1)
        #expect(try rotation("(123456789012345680000 + '') === '123456789012345680000' && (0.1 + 0.2 + '') === '0.30000000000000004' ? 1 : 0") == 1)
        #expect(try rotation("(-0.5 + '') === '-0.5' && (1e15 + '') === '1000000000000000' && (2.5e-6 + '') === '0.0000025' ? 1 : 0") == 1)
    }

    @Test func labelsThisNewInInstanceof() throws {
        let nested = "var n = 0; outer: for (var i = 0; i < 5; i++) { for (var j = 0; j < 5; j++) { if (j == 2) continue outer; if (i == 3) break outer; n++ } } n"
        #expect(try rotation(nested) == 6)
        #expect(try rotation("var r = 1; blk: { r = 2; break blk; r = 3 } r") == 2)
        #expect(try rotation("var s = 0; o: for (var k in { a: 1, b: 2, c: 3 }) { for (var m = 0; m < 10; m++) { if (k == 'b') break o; s += 1 } } s") == 10)
        #expect(try rotation("var i = 0, t = 0; w: while (i < 4) { i++; for (;;) { if (i % 2) continue w; t += i; break } } t") == 6)
        #expect(try rotation("var t = 0; a: b: for (var i = 0; i < 3; i++) { for (;;) { t += i; continue a } } t") == 3)
        // `in` and `instanceof`; `in` in a for statement's first clause only inside parentheses.
        #expect(try rotation("var o = { a: 1 }; ('a' in o) * 1 + ('b' in o) * 10 + (1 in [5, 6]) * 100 + (2 in [5, 6]) * 1000 + ('length' in [1]) * 10000") == 10101)
        #expect(try rotation("var o = { a: 1 }; var t = 0; for (var i = ('a' in o) ? 3 : 1; i > 0; i--) t += i; t") == 6)
        #expect(try rotation("([] instanceof Array) + ({} instanceof Array) * 10 + ({} instanceof Object) * 100 + ([1] instanceof Object) * 1000 + (function () {} instanceof Function) * 10000 + (5 instanceof Number) * 100000") == 11101)
        // `this`: the object a method is called on; `new` a user function; a returned object wins.
        #expect(try rotation("function P(x) { this.x = x; this.twice = function () { return this.x * 2 } } var p = new P(21); p.twice() + (p instanceof P) * 100 + ({} instanceof P) * 1000") == 142)
        #expect(try rotation("var o = { v: 4, f: function () { return this.v * 10 } }; o.f()") == 40)
        #expect(try rotation("function F() { this.a = 1; return { a: 2 } } new F().a") == 2)
        #expect(try rotation("this.q = 5; function g() { return this.q } g() * 2") == 10)         // the global object
        #expect(try rotation("new Array(3).length + Array(1, 2).length * 10 + new Array(4, 5)[1] * 100") == 523)
        #expect(try rotation("var o = { a: 1, b: 2 }; delete o.a; var n = 0; for (var k in o) n++; n * 10 + (o.a === undefined) + (void 0 === undefined) * 100") == 111)
        #expect(try rotation("(typeof Array === 'function') + (typeof JSON === 'object') * 10") == 11)
        #expect(try refusal("new Number(5)").contains("wrapper objects"))
    }

    @Test func objectJSONAndConversions() throws {
        #expect(try rotation("Object.keys({ x: 1, y: 2, z: 3 }).join('').length * 10 + Object.keys([7, 8]).length + Array.isArray([1]) * 100") == 132)
        #expect(try rotation(#"JSON.stringify({ a: [1, 'x', null, undefined], b: { c: true }, d: undefined, e: 'q"\n' }) === '{"a":[1,"x",null,null],"b":{"c":true},"e":"q\\"\\n"}' ? 1 : 0"#) == 1)
        #expect(try rotation(#"JSON.stringify([0.1, 1e21, 1e-7, -0, 255, NaN]) === '[0.1,1e+21,1e-7,0,255,null]' ? 1 : 0"#) == 1)
        #expect(try rotation(#"JSON.stringify({ a: [1] }, null, 2) === '{\n  "a": [\n    1\n  ]\n}' ? 1 : 0"#) == 1)
        #expect(try rotation(#"var o = JSON.parse('{"p": [10, 20], "s": "a\\u0041", "n": null, "t": true}'); o.p[1] + (o.s === 'aA') * 100 + (o.n === null) * 1000 + o.t * 10000"#) == 11120)
        #expect(try rotation("try { JSON.parse('{bad') } catch (e) { 7 }") == 7)                    // JavaScript's SyntaxError, caught
        #expect(try rotation("try { var o = {}; o.o = o; JSON.stringify(o) } catch (e) { 8 }") == 8)   // circular
        #expect(try rotation("Number('0x10') + Number(' 2.5 ') * 10 + Number('') * 1000 + isNaN(Number('abc')) * 100") == 141)
        #expect(try rotation("String(12.5).length + Boolean('') * 10 + Boolean('x') * 100") == 104)
    }

    @Test func gaussRandomNoiseAndPosterizeTime() throws {
        // gaussRandom: about 90 % of draws in [0, 1] (After Effects' reference), mean ½; the seed is
        // fixed (the property's place), so these figures are the same on every run.
        let inside = try rotation("var n = 0; for (var i = 0; i < 1000; i++) { var g = gaussRandom(); if (g >= 0 && g <= 1) n++ } n", limits: roomy)
        #expect((870...930).contains(inside), "\(inside) of 1000 in [0, 1]")
        let mean = try rotation("var s = 0; for (var i = 0; i < 1000; i++) s += gaussRandom(10, 20); s / 1000", limits: roomy)
        #expect(abs(mean - 15) < 0.2, "mean \(mean)")
        // noise: in [−1, 1], smooth, a pure function of its argument.
        #expect(try rotation("var ok = 1; for (var x = -5; x < 5; x += 0.37) { var v = noise([x, x * 2]); if (v < -1 || v > 1) ok = 0 } ok") == 1)
        #expect(try rotation("Math.abs(noise(2.5) - noise(2.5001)) < 0.01 && noise([1.2, 3.4]) === noise([1.2, 3.4]) && noise(1.5) !== noise(2.5) ? 1 : 0") == 1)
        // posterizeTime(4) at frame 37 of 30 fps: time 1.2333 s → 1 s; `value` is the value then.
        let a = try decode(file("posterizeTime(4); time * 100"))
        #expect(a.root.layers[0].transform.rotation.value(at: 37) == 100)
        #expect(a.root.layers[0].transform.rotation.value(at: 45) == 150)
    }

    @Test func linksInsideScripts() throws {
        // Layer "Source" rotates 0 → 90 over frames 0–10; the script doubles it once past 10°. Reader's
        // opacity script and Cycle's opacity link read each other: a cycle, reported, keyframes kept.
        let k = #"[{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [90]}]"#
        let script = "var r = thisComp.layer('Source').transform.rotation; function twice(x) { return x * 2 } if (r > 10) { twice(r) } else { 0 }"
        let cyc = escaped("if (time >= 0) { thisComp.layer('Cycle').transform.opacity } else { 1 }")
        let back = escaped("thisComp.layer('Reader').transform.opacity")
        let layers = #"[{"ty": 3, "ind": 1, "nm": "Source", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 1, "k": \#(k)}}},"#
            + #"{"ty": 3, "ind": 2, "nm": "Reader", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 0, "k": 0, "x": "\#(escaped(script))"}, "o": {"a": 0, "k": 100, "x": "\#(cyc)"}}},"#
            + #"{"ty": 3, "ind": 3, "nm": "Cycle", "ip": 0, "op": 60, "st": 0, "ks": {"o": {"a": 0, "k": 40, "x": "\#(back)"}}}]"#
        let a = try decode(lottieJSON(layers: layers))
        let r = a.root.layers[1].transform.rotation
        #expect(r.value(at: 1) == 0)                      // 9° ≤ 10
        #expect(abs(r.value(at: 5) - 90) < 1e-9)          // 45° · 2
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(places.count == 2 && places.allSatisfy { $0.contains("reference cycle") }, "\(places)")
        #expect(a.root.layers[1].transform.opacity.value(at: 0) == 1 && abs(a.root.layers[2].transform.opacity.value(at: 0) - 0.4) < 1e-12)
    }


    @Test func parentAndHasParent() throws {
        // "Child" (parent ind 1 = "Arm", rotating 0 → 90 over frames 0–10) reads its parent's rotation
        // with both spellings and a typed link; "Free" has no parent: hasParent false, and a
        // parent link is reported (lottie-web throws there too), its keyframes kept.
        let k = #"[{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [90]}]"#
        let script = escaped("hasParent ? parent.transform.rotation * 2 + (thisLayer.parent.transform.rotation > 40) : -1")
        let typed = escaped("parent.transform.rotation")
        let free = escaped("hasParent ? 5 : 7")
        let freeLink = escaped("parent.transform.rotation")
        let layers = #"[{"ty": 3, "ind": 1, "nm": "Arm", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 1, "k": \#(k)}}},"#
            + #"{"ty": 3, "ind": 2, "nm": "Child", "parent": 1, "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 0, "k": 0, "x": "\#(script)"}, "o": {"a": 0, "k": 100, "x": "\#(typed)"}}},"#
            + #"{"ty": 3, "ind": 3, "nm": "Free", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 0, "k": 0, "x": "\#(free)"}, "o": {"a": 0, "k": 30, "x": "\#(freeLink)"}}}]"#
        let a = try decode(lottieJSON(layers: layers))
        let child = a.root.layers[1].transform
        #expect(abs(child.rotation.value(at: 2) - 36) < 1e-9)         // 18° · 2, not past 40
        #expect(abs(child.rotation.value(at: 5) - 91) < 1e-9)         // 45° · 2 + 1
        #expect(abs(child.opacity.value(at: 5) - 0.45) < 1e-9)        // opacity 45 %: the parent's 45°
        #expect(a.root.layers[2].transform.rotation.value(at: 0) == 7)
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(places.count == 1 && places[0].contains("parent.transform.rotation: the layer has no parent"), "\(places)")
        #expect(abs(a.root.layers[2].transform.opacity.value(at: 0) - 0.3) < 1e-12)
    }

    @Test func toCompAndFromCompThroughParenting() throws {
        // "Arm" (ind 1): position (100, 100), scale 200 %, rotation 0 → 90° over frames 0–10.
        // "Hand" (ind 2, parent 1): anchor (5, 0), position (10, 0). Hand's point (5, 0) is its
        // anchor: (10, 0) in Arm's space, (20, 0) scaled, turned by r, + (100, 100) —
        // r = 90°: (100, 120); r = 45° (frame 5): (100 + 10√2, 100 + 10√2). Worked by hand.
        let k = #"[{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [90]}]"#
        let probe = escaped("thisComp.layer('Hand').toComp([5, 0])")
        let back = escaped("var c = thisComp.layer(2).toComp([5, 0, 7]); var b = thisComp.layer('Hand').fromComp(c); [b[0] * 10 + b[2], b[1]]")
        let own = escaped("fromWorld(toWorld(anchorPoint)) + [1000, 0]")
        let layers = #"[{"ty": 3, "ind": 1, "nm": "Arm", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [200, 200]}, "r": {"a": 1, "k": \#(k)}}},"#
            + #"{"ty": 3, "ind": 2, "nm": "Hand", "parent": 1, "ip": 0, "op": 60, "st": 0, "ks": {"a": {"a": 0, "k": [5, 0]}, "p": {"a": 0, "k": [10, 0]}}},"#
            + #"{"ty": 3, "ind": 3, "nm": "Probe", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "x": "\#(probe)"}, "a": {"a": 0, "k": [0, 0], "x": "\#(back)"}}},"#
            + #"{"ty": 3, "ind": 4, "nm": "Own", "parent": 2, "ip": 0, "op": 60, "st": 0, "ks": {"a": {"a": 0, "k": [3, 4]}, "p": {"a": 0, "k": [0, 0], "x": "\#(own)"}}}]"#
        let a = try decode(lottieJSON(layers: layers))
        #expect(!a.features.uses(.unrecognisedExpressions), "\(a.features.places(of: .unrecognisedExpressions))")
        let p = a.root.layers[2].transform.position
        let at10 = p.value(at: 10), at5 = p.value(at: 5)
        #expect(abs(at10.x - 100) < 1e-9 && abs(at10.y - 120) < 1e-9, "\(at10)")
        #expect(abs(at5.x - (100 + 10 * 2.0.squareRoot())) < 1e-9 && abs(at5.y - (100 + 10 * 2.0.squareRoot())) < 1e-9, "\(at5)")
        // fromComp undoes toComp (z passes through): 5 · 10 + 7 = 57, 0.
        let b = a.root.layers[2].transform.anchor.value(at: 5)
        #expect(abs(b.x - 57) < 1e-9 && abs(b.y) < 1e-9, "\(b)")
        // A bare toWorld/fromWorld is the expression's own layer, through two parents.
        let o = a.root.layers[3].transform.position.value(at: 7)
        #expect(abs(o.x - 1003) < 1e-9 && abs(o.y - 4) < 1e-9, "\(o)")
    }

    @Test func compositionMembers() throws {
        // 60 frames at 30 fps: 2 s; one layer; lottie-web's pixelAspect 1 and displayStartTime 0.
        #expect(try rotation("thisComp.duration * 100 + thisComp.numLayers * 10 + thisComp.pixelAspect + thisComp.displayStartTime") == 211)
    }

    @Test func objectsAndClosuresStayBounded() throws {
        var roomy = LottieLimits.standard
        roomy.maxExpressionSteps = 2_000_000
        // 5 000 members: over the cap of 4 096, refused (with steps enough to get there).
        let many = try refusal("var o = {}; for (var i = 0; i < 5000; i++) o['k' + i] = i; 1", limits: roomy)
        #expect(many.contains("an object with more than 4096 members"), "\(many)")
        // Cycles (an object holding itself, a closure stored in the scope it closes over) and a
        // chain of 200 000 nested objects are freed when the evaluation ends, without recursion.
        #expect(try rotation("var o = {}; o.self = o; function f() { var g = function () { return g }; return g } f(); 1") == 1)
        #expect(try rotation("var head = null; for (var i = 0; i < 50000; i++) head = { next: head }; 2", limits: roomy) == 2)
        // An endless loop making closures stops at the step budget.
        #expect(try refusal("while (true) { var f = function () { return f } } 1").contains("more than 20000 evaluation steps"))
        // Calls through closures nest at most 32 deep.
        #expect(try refusal("var f = function (n) { return f(n + 1) }; f(0)").contains("calls nested deeper than 32"))
    }

    @Test func hostileScriptsEndFastWithOneLineErrors() throws {
        // Each kind of issue 23's hostile script: refused when the file is decoded, well under a
        // second, with one line naming the layer and the property; the keyframed value (0) kept.
        let hostile: [(String, String)] = [
            ("while (true) {}", "evaluation steps"),
            ("function f(n) { return f(n + 1) + 1 } f(0)", "calls nested deeper than 32"),
            ("var s = 'ab'; while (true) s += s; 1", "a string longer than 16384 bytes"),
            ("var o = {}; while (true) o = { next: o, f: function () { return o } }; 1", "evaluation steps"),
            (String(repeating: "1+", count: 5_000_000) + "1", "characters, over the cap of 16384"),     // 10 MB
        ]
        for (x, reason) in hostile {
            let json = file(x)
            var start = Date()
            let a = try decode(json)
            let decoding = Date().timeIntervalSince(start)
            start = Date()
            let value = a.root.layers[0].transform.rotation.value(at: 12)
            let seconds = Date().timeIntervalSince(start)
            #expect(decoding < 10, "\(x.prefix(40)): decoding took \(decoding) s")     // a debug build on a loaded machine
            let places = a.features.places(of: .unrecognisedExpressions)
            #expect(places.count == 1 && places[0].contains("layers[0] \"N\" layers[0].ks.r") && places[0].contains(reason)
                    && !places[0].contains("\n"), "\(x.prefix(40)): \(places.map { $0.prefix(200) })")
            #expect(value == 0)
            #expect(seconds < 1, "\(x.prefix(40)): \(seconds) s")
        }
    }
}
