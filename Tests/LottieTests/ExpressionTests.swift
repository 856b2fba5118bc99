// Expressions: each recognised form evaluated against values worked out by hand, the
// unrecognised ones reported with their text, and the caps.
import Foundation
import Geometry
import Raster
import Testing
@testable import Lottie

/// A file whose one shape layer's opacity has keyframes `keys` (frame, value) and expression `x`.
private func opacityFile(_ keys: [(Double, Double)], _ x: String) -> String {
    let k: String
    if keys.count == 1 { k = "\(keys[0].1)" } else {
        k = "[" + keys.enumerated().map { i, kv in
            i < keys.count - 1 ? #"{"t": \#(kv.0), "s": [\#(kv.1)], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}"#
                : #"{"t": \#(kv.0), "s": [\#(kv.1)]}"#
        }.joined(separator: ", ") + "]"
    }
    let quoted = x.replacingOccurrences(of: "\"", with: "\\\"")
    return lottieJSON(layers: """
    [{"ty": 4, "ind": 1, "nm": "L", "ip": 0, "op": 60, "st": 0,
      "ks": {"o": {"a": 1, "k": \(k), "x": "\(quoted)"}}, "shapes": []}]
    """)
}

private func opacity(_ keys: [(Double, Double)], _ x: String, at frame: Double) throws -> Double {
    let a = try decode(opacityFile(keys, x))
    #expect(!a.features.uses(.unrecognisedExpressions), "\(x): \(a.features.places(of: .unrecognisedExpressions))")
    return a.root.layers[0].transform.opacity.value(at: frame) * 100
}

private let ramp: [(Double, Double)] = [(0, 0), (10, 100)]

@Suite("LottieExpressions") struct ExpressionTests {
    @Test func loopOutForms() throws {
        // Keyframes 0 → 100 over frames 0–10 (linear). Frame 15 is 5 frames into the second cycle.
        #expect(abs(try opacity(ramp, "var $bm_rt; $bm_rt = loopOut('cycle');", at: 15) - 50) < 1e-9)
        #expect(abs(try opacity(ramp, "loopOut()", at: 12) - 20) < 1e-9)                     // cycle by default
        #expect(abs(try opacity(ramp, "loopOut('Cycle')", at: 27) - 70) < 1e-9)              // case-insensitive
        #expect(abs(try opacity(ramp, "loopOut('pingpong')", at: 12) - 80) < 1e-9)           // backwards: v(8)
        #expect(abs(try opacity(ramp, "loopOut('pingpong')", at: 22) - 20) < 1e-9)           // forwards again
        #expect(abs(try opacity(ramp, "loopOut('offset')", at: 15) - 150) < 1e-9)            // v(5) + 100
        #expect(abs(try opacity(ramp, "loopOut('offset')", at: 25) - 250) < 1e-9)
        #expect(abs(try opacity(ramp, "loopOut('continue')", at: 15) - 150) < 1e-6)          // 100 + 5·10
        #expect(abs(try opacity(ramp, "loopOut('cycle')", at: 5) - 50) < 1e-9)               // before the end: untouched
    }

    @Test func loopArguments() throws {
        let three: [(Double, Double)] = [(0, 0), (10, 100), (20, 50)]
        // numKeyframes 1: the last segment [10, 20] repeats: frame 25 → v(15) = 75.
        #expect(abs(try opacity(three, "loopOut('cycle', 1)", at: 25) - 75) < 1e-9)
        // all keyframes: [0, 20]; frame 25 → v(5) = 50.
        #expect(abs(try opacity(three, "loopOut('cycle', 0)", at: 25) - 50) < 1e-9)
        // loopOutDuration(type, 1/3 s) = the last 10 frames at 30 fps, as numKeyframes 1.
        #expect(abs(try opacity(three, "loopOutDuration('cycle', 0.3333333333333333)", at: 25) - 75) < 1e-6)
    }

    @Test func loopInForms() throws {
        let late: [(Double, Double)] = [(10, 0), (20, 100)]
        #expect(abs(try opacity(late, "loopIn('cycle')", at: 7) - 70) < 1e-9)      // v(20 − 3)
        #expect(abs(try opacity(late, "loopIn('pingpong')", at: 7) - 30) < 1e-9)   // v(10 + 3)
        #expect(abs(try opacity(late, "loopIn('offset')", at: 7) - -30) < 1e-9)    // v(17) − 100
        #expect(abs(try opacity(late, "loopIn('continue')", at: 7) - -30) < 1e-6)  // 0 − 3·10
        #expect(abs(try opacity(late, "loopIn('cycle')", at: 15) - 50) < 1e-9)     // inside: untouched
    }

    @Test func timeArithmetic() throws {
        let still: [(Double, Double)] = [(0, 40)]
        // 30 fps: frame 15 is 0.5 s.
        #expect(abs(try opacity(still, "var $bm_rt; $bm_rt = $bm_mul(time, 20);", at: 15) - 10) < 1e-12)
        #expect(abs(try opacity(still, "value + time * 10", at: 15) - 45) < 1e-12)
        #expect(abs(try opacity(still, "Math.sin(time * Math.PI) * 50", at: 15) - 50) < 1e-12)
        #expect(abs(try opacity(still, "$bm_sum(value, $bm_div(time, 2))", at: 15) - 40.25) < 1e-12)
        #expect(abs(try opacity(still, "var a = time * 4; a % 1.5 + Math.max(2, 3)", at: 15) - 3.5) < 1e-12)
        #expect(abs(try opacity(still, "clamp(value, 0, 30)", at: 0) - 30) < 1e-12)
        #expect(abs(try opacity(still, "-value / thisComp.frameDuration", at: 0) - -1200) < 1e-9)
        // linear: time 0.5 s is a quarter of the way from 0.25 s to 1.25 s.
        #expect(abs(try opacity(still, "linear(time, 0.25, 1.25, 20, 60)", at: 15) - 30) < 1e-12)
        #expect(abs(try opacity(still, "linear(time, 0.25, 1.25, 20, 60)", at: 60) - 60) < 1e-12)   // clamped
        #expect(abs(try opacity(still, "linear(0.75, 0, 100)", at: 0) - 75) < 1e-12)
        #expect(abs(try opacity(still, "timeToFrames(time) + framesToTime(15)", at: 15) - 15.5) < 1e-12)
        // valueAtTime reads the keyframes: 0 → 100 over frames 0–10, a third of a second in.
        #expect(abs(try opacity(ramp, "valueAtTime(time - 0.1)", at: 6) - 30) < 1e-9)
    }

    @Test func vectorArithmeticFollowsBodymovin() {
        let v = ExpressionValue(SIMD4(1, 2, 0, 0), count: 2), n = ExpressionValue(10)
        #expect(ExpressionCode.add(v, n, sign: 1) == ExpressionValue(SIMD4(11, 2, 0, 0), count: 2))
        #expect(ExpressionCode.add(n, v, sign: -1) == ExpressionValue(SIMD4(9, 2, 0, 0), count: 2))
        #expect(ExpressionCode.add(v, v, sign: 1) == ExpressionValue(SIMD4(2, 4, 0, 0), count: 2))
    }

    @Test func positionAndScaleUseFileUnits() throws {
        let json = lottieJSON(layers: """
        [{"ty": 4, "ind": 1, "nm": "L", "ip": 0, "op": 60, "st": 0,
          "ks": {"p": {"a": 0, "k": [10, 20, 0], "x": "var $bm_rt; $bm_rt = [value[0] + time * 30, value[1], 7];"},
                 "s": {"a": 0, "k": [100, 100], "x": "value * 0.5"}}, "shapes": []}]
        """)
        let t = try decode(json).root.layers[0].transform
        #expect(t.position.value(at: 15) == Point(25, 20))          // 10 + 0.5·30; the z kept out
        #expect(t.scale.value(at: 0) == Point(0.5, 0.5))            // 100 % · 0.5 = 50 %
        #expect(t.position.isAnimated && t.position.constantValue == nil)
    }

    @Test func wiggleIsDeterministicAndBounded() throws {
        let json = lottieJSON(layers: """
        [{"ty": 4, "ind": 1, "nm": "A", "ip": 0, "op": 60, "st": 0,
          "ks": {"p": {"a": 0, "k": [50, 50], "x": "var $bm_rt; $bm_rt = wiggle(4, 10);"},
                 "r": {"a": 0, "k": 0, "x": "wiggle(2, 30, 3, 0.5)"}}, "shapes": []}]
        """)
        let a = try decode(json), b = try decode(json)
        var distinct = Set<Double>(), largest = 0.0, largestRotation = 0.0
        for f in stride(from: 0.0, through: 60, by: 0.25) {
            let p = a.root.layers[0].transform.position.value(at: f)
            #expect(p == b.root.layers[0].transform.position.value(at: f))   // same file, same path: same noise
            largest = max(largest, abs(p.x - 50), abs(p.y - 50))
            largestRotation = max(largestRotation, abs(a.root.layers[0].transform.rotation.value(at: f)))
            distinct.insert(p.x)
        }
        #expect(largest <= 10 && largest > 5)                 // within ±amp, and it does move
        #expect(largestRotation <= 30 * 1.75)                 // 3 octaves: amp·(1 + ½ + ¼)
        #expect(distinct.count > 200)
        // The two components and two properties do not move together.
        let p = a.root.layers[0].transform.position.value(at: 7.3)
        #expect(p.x != p.y)
        // Knots: values in [−1, 1), the fade passes through them.
        for j in Int64(-50)...50 {
            let r = WiggleNoise.knot(j, 1, 0, 0)
            #expect(r >= -1 && r < 1)
            #expect(WiggleNoise.noise(Double(j), seed: 1, dimension: 0, octave: 0) == r)
        }
    }

    @Test func effectControlsFeedExpressions() throws {
        let slider = #"{"ty": 5, "nm": "Speed", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "v": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100]}]}}]}"#
        let angle = #"{"ty": 5, "nm": "Turn", "mn": "ADBE Angle Control", "ef": [{"ty": 1, "nm": "Angle", "v": {"a": 0, "k": 45}}]}"#
        let json = lottieJSON(layers: """
        [{"ty": 4, "ind": 1, "nm": "User", "ip": 0, "op": 60, "st": 0,
          "ks": {"o": {"a": 0, "k": 100, "x": "thisComp.layer('Controls').effect('Speed')('Slider') / 2"},
                 "r": {"a": 0, "k": 0, "x": "effect(1)(1).value + 1"}}, "ef": [\(angle)], "shapes": []},
         {"ty": 3, "ind": 2, "nm": "Controls", "ip": 0, "op": 60, "st": 0, "ks": {}, "ef": [\(slider)]}]
        """)
        let a = try decode(json)
        #expect(!a.features.uses(.unrecognisedExpressions), "\(a.features.places(of: .unrecognisedExpressions))")
        #expect(a.features.uses(.expressionControls) && !a.features.uses(.unrenderedEffects))
        let t = a.root.layers[0].transform
        #expect(abs(t.opacity.value(at: 5) - 0.25) < 1e-12)       // slider 50 / 2 = 25 %
        #expect(t.rotation.value(at: 0) == 46)
        #expect(a.root.layers[1].effects.first?.kind == .expressionControl)
        #expect(LottieCoverage(a).unrendered.isEmpty)
    }

    @Test func unrecognisedExpressionsAreQuotedAndKeepTheirValue() throws {
        let x = "var $bm_rt; $bm_rt = thisComp.layer('dotted_lines').content('Ellipse 1').content('Ellipse Path 1').size;"
        let a = try decode(opacityFile(ramp, x))
        #expect(abs(a.root.layers[0].transform.opacity.value(at: 5) - 0.5) < 1e-12)   // the keyframes
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(places.count == 1)
        // The first 60 characters, then "…", and the reason (the file has no layer "dotted_lines").
        #expect(places.first == #"layers[0] "L" layers[0].ks.o "var $bm_rt; $bm_rt = thisComp.layer('dotted_lines').content(…" (thisComp.layer("dotted_lines").content("Ellipse 1").content("Ellipse Path 1").size: the layer is not in the composition)"#,
                "\(places)")
        let coverage = LottieCoverage(a)
        #expect(coverage.unrendered.count == 1)
        #expect(coverage.unrendered.first?.message.hasPrefix("expressions are not recognised (the keyframed values are used)") == true)
        for other in ["if (time > 1) { 1 } else { time > 2 }", "value == 1", "wiggle(1, 2, 3, 4, 5)", "loopOut('bounce')",
                      "[1, 2] * [3, 4]", "value[3]", "effect('Missing')('Slider')", "Math.cbrt(8)", "'text'",
                      "1 +", "((1)", "time = [1, 2]; time", "colorDepth"] {
            let b = try decode(opacityFile(ramp, other))
            #expect(b.features.uses(.unrecognisedExpressions), "\(other) was recognised")
        }
        // A name no one defines is a variable the player assigns (ExpressionVariables.swift): reported
        // as that, by name, and the keyframes kept.
        for (other, name) in [("foo", "foo"), ("loopOut('cycle', n)", "n")] {
            let b = try decode(opacityFile(ramp, other))
            #expect(abs(b.root.layers[0].transform.opacity.value(at: 5) - 0.5) < 1e-12)
            #expect(b.features.places(of: .expressionVariables) == [#"layers[0] "L" layers[0].ks.o reads "# + name], "\(other)")
        }
    }

    @Test func capsStopHostileExpressions() throws {
        let caps = ExpressionCaps(maxLength: 16_384, maxDepth: 256, maxNodes: 4_096)
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(throws: ExpressionFailure.self) { try ExpressionParser.parse(deep, caps: caps) }
        let long = String(repeating: "1+", count: 10_000) + "1"
        #expect(throws: ExpressionFailure("20001 characters, over the cap of 16384")) { try ExpressionParser.parse(long, caps: caps) }
        // A left-leaning chain is as deep as it is long: 300 additions are over the depth cap.
        let chain = String(repeating: "1+", count: 300) + "1"
        #expect(throws: ExpressionFailure("nested deeper than 256 levels")) { try ExpressionParser.parse(chain, caps: caps) }
        // Wide but shallow: 5001 arguments are over the term cap.
        let wide = "Math.max(" + String(repeating: "1,", count: 5_000) + "1)"
        #expect(throws: ExpressionFailure("more than 4096 terms")) { try ExpressionParser.parse(wide, caps: caps) }
        let neg = String(repeating: "-", count: 1_000) + "1"
        #expect(throws: ExpressionFailure.self) { try ExpressionParser.parse(neg, caps: caps) }
        // Within the caps a long sum parses and evaluates exactly.
        let sum = String(repeating: "1+", count: 200) + "1"
        #expect(abs(try opacity(ramp, sum, at: 0) - 201) < 1e-9)
    }

    @Test func parserReadsBodymovinWrapper() throws {
        let caps = ExpressionCaps(maxLength: 1000, maxDepth: 64, maxNodes: 1000)
        let s = try ExpressionParser.parse("var $bm_rt;\n$bm_rt = loopOut('cycle', 2);", caps: caps)
        #expect(s == [.declare("$bm_rt", nil),
                      .assign("$bm_rt", .call(.name("loopOut"), [.string("cycle"), .number(2)]))])
        #expect(try ExpressionParser.parse("a.b(1)[0] - -2 * 3", caps: caps)
                == [.evaluate(.binary("-", .index(.call(.member(.name("a"), "b"), [.number(1)]), .number(0)),
                                      .binary("*", .negate(.number(2)), .number(3))))])
    }

    @Test func flatThreeDLayersAreNotWarnedAbout() throws {
        func file(_ rx: Double) -> String {
            lottieJSON(layers: """
            [{"ty": 4, "ddd": 1, "ind": 1, "nm": "L", "ip": 0, "op": 60, "st": 0,
              "ks": {"rx": {"a": 0, "k": \(rx)}, "ry": {"a": 0, "k": 0}, "or": {"a": 0, "k": [0, 0, 0]}, "rz": {"a": 0, "k": 30}}, "shapes": []}]
            """, extra: #", "ddd": 1"#)
        }
        let flat = try decode(file(0))
        #expect(flat.features.uses(.flatThreeD) && !flat.features.uses(.threeD))
        #expect(flat.root.layers[0].transform.rotation.value(at: 0) == 30)
        let turned = try decode(file(20))   // drawn (Model/DepthTransform.swift), not reported
        #expect(turned.features.uses(.depthLayers) && !turned.features.uses(.threeD) && turned.features.unsupported.isEmpty)
    }
}

@Suite struct ExpressionCapTests {
    @Test func countsKeepTheirKeyframesUnderAnExpression() throws {
        // Nested repeaters driven by `1000` each would ask for 10⁹ copies past the decode-time
        // check; the expression on a count is reported and the keyframed count used.
        let shapes = #"[{"ty": "rp", "c": {"a": 0, "k": 3, "x": "1000"}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}, {"ty": "sr", "sy": 1, "pt": {"a": 0, "k": 5, "x": "value * 1e9"}, "p": {"a": 0, "k": [0, 0]}, "or": {"a": 0, "k": 10}, "ir": {"a": 0, "k": 5}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}, "r": {"a": 0, "k": 0}}]"#
        let a = try decode(lottieJSON(layers: "[\(shapeLayer(shapes))]"))
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(places.count == 2 && places.allSatisfy { $0.contains("counts are capped on their keyframes") }, "\(places)")
        guard case .repeater(let r) = shapeItems(a).first else { Issue.record("no repeater"); return }
        #expect(r.copyCount(at: 0) == 3 && r.copies.expression == nil)
    }
}
