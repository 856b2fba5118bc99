// Replays every input kept in Fuzz/regressions/lottie through the Lottie fuzz case
// (FuzzReplay/LottieCase.swift links to Fuzz/LottieCase.swift, FuzzReplay/PropertyEvaluator.swift
// to the bench's evaluator the case runs), plus the fixtures.
import Foundation
import Testing

@Suite struct LottieFuzzReplay {
    @Test func regressionsAndFixturesReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [String] = []
        for sub in ["Fuzz/regressions/lottie", "Tests/LottieTests/Fixtures"] {
            let folder = root.appendingPathComponent(sub).path
            files += try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
                .sorted().map { folder + "/" + $0 }
        }
        #expect(files.count >= 3)
        for file in files {
            runLottieCase([UInt8](try #require(FileManager.default.contents(atPath: file))))
        }
    }
}
