// Replays every input kept in Fuzz/regressions/expression through the expression fuzz case
// (FuzzReplay/ExpressionCase.swift links to Fuzz/ExpressionCase.swift), and checks that the
// case's file really binds a recognised expression (so the replay exercises the evaluator).
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
        #expect(a.features.uses(.expressions) && !a.features.uses(.unrecognisedExpressions),
                "\(a.features.places(of: .unrecognisedExpressions))")
        #expect(a.root.layers[0].transform.opacity.expression != nil)
    }
}
