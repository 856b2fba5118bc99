// The interpreted subset's ES5 additions (issue 23): object literals, function expressions,
// closures over the enclosing function's variables, `arguments` — values worked out by hand —
// and how objects and closures stay bounded (member cap, cycles and long chains freed).
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
