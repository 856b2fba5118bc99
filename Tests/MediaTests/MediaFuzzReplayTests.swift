// Replays every input kept in Fuzz/regressions/media through the media fuzz case
// (FuzzReplay/MediaCase.swift links to Fuzz/MediaCase.swift), and seeded random mutations of
// the fixtures (bytes flipped, inserted, cut) through every reader: errors are fine, a crash
// fails the whole test run.
import TestSupport
import Foundation
import Testing

@Suite struct MediaFuzzReplay {
    @Test func regressionsReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fuzz/regressions/media").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            runMediaCase([UInt8](try #require(FileManager.default.contents(atPath: folder + "/" + file))))
        }
    }

    @Test func seededMutationsOfTheFixtures() throws {
        var rng = SeededGenerator(seed: 0x5EED_14)
        let inputs: [(UInt8, String)] = [(0, "rgba4x2.png"), (0, "quadrants16.jpg"), (0, "rgba4x2.webp"), (1, "normal.zip"), (1, "lying-size.zip")]
        for (selector, name) in inputs {
            let original = try Fixture.bytes(name)
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let at = Int(rng.next() % UInt64(bytes.count))
                    switch rng.next() % 3 {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
                    default: bytes.removeSubrange(at...)
                    }
                    if bytes.isEmpty { bytes = [0] }
                }
                runMediaCase([selector] + bytes)
            }
        }
    }
}

