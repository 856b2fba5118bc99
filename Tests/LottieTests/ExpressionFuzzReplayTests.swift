// Replays every input kept in Fuzz/regressions/expression through the expression fuzz case
// (FuzzReplay/ExpressionCase.swift links to Fuzz/ExpressionCase.swift), and checks that the
// case's file really binds a recognised expression (so the replay exercises the evaluator).
import TestSupport
import Foundation
import Testing
@testable import Lottie

@Suite struct ExpressionFuzzReplay {
    @Test func regressionsReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fuzz/regressions/expression").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
        #expect(files.count >= 4)
        for file in files.sorted() {
            runExpressionCase([UInt8](try #require(FileManager.default.contents(atPath: folder + "/" + file))))
        }
    }

    @Test func theCaseFileBindsExpressions() throws {
        let json = expressionFuzzFile("var $bm_rt; $bm_rt = value + effect('Slider Control')('Slider') * 0 + wiggle(1, 0) - value;")
        let a = try LottieDecoder.decode(Array(json.utf8), file: "case.json")
        // Only the two paths refuse it (their `value` is a path: a path plus a number is not a number),
        // and the text layer's source text (its value is the text: "AB…" − "AB" is not a number).
        let refused = a.features.places(of: .unrecognisedExpressions)
        #expect(a.features.uses(.expressions) && refused.count == 3
                && refused.filter { $0.contains("object + number is not a number") }.count == 2
                && refused.contains { $0.contains("layers[2].t.d.x") && $0.contains("is not a number") }, "\(refused)")
        #expect(a.root.layers[2].transform.position.expression != nil)
        #expect(a.root.layers[0].transform.opacity.expression != nil)
    }
}

/// Seeded random token soups from the recogniser's vocabulary through the fuzz case: nothing may
/// crash or hang, and some of them must be recognised (so evaluation runs too).
@Suite struct ExpressionTokenSoup {

    @Test func randomSoupsNeverCrash() throws {
        let vocabulary = ["value", "time", "1", "0", "-", "+", "*", "/", "%", "(", ")", "[", "]", ",", ".", ";", "=",
                          "var", "$bm_rt", "a", "Math.sin", "Math.max", "Math.PI", "loopOut", "loopIn", "loopOutDuration",
                          "'cycle'", "'pingpong'", "'offset'", "'continue'", "wiggle", "clamp", "linear", "valueAtTime",
                          "$bm_mul", "$bm_sum", "effect", "('Slider Control')", "('Slider')", "('Point')", "thisComp",
                          "layer", "('Controls')", "1e308", "0.001", "[1, 2]", "value[0]", "value[1]"]
        var rng = SeededGenerator(seed: 20261201)
        var recognised = 0
        for _ in 0..<600 {
            let n = Int(rng.next() % 24) + 1
            var text = ""
            for _ in 0..<n { text += vocabulary[Int(rng.next() % UInt64(vocabulary.count))] + (rng.next() % 3 == 0 ? " " : "") }
            runExpressionCase(Array(text.utf8))
            let a = try LottieDecoder.decode(Array(expressionFuzzFile(text).utf8), file: "soup.json")
            if a.features.uses(.expressions) { recognised += 1 }
        }
        #expect(recognised >= 5, "only \(recognised) of 600 soups were recognised")   // 7 with this seed
    }
}
