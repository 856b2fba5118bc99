// Replays every input kept in Fuzz/regressions/preset through the preset fuzz case
// (FuzzReplay/PresetCase.swift links to Fuzz/PresetCase.swift), plus the shipped presets.
import Foundation
import Testing

@Suite struct PresetFuzzReplay {
    @Test func regressionsAndShippedPresetsReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [String] = []
        for sub in ["Fuzz/regressions/preset", "presets"] {
            let folder = root.appendingPathComponent(sub).path
            files += try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
        }
        for file in files {
            runPresetCase(try #require(FileManager.default.contents(atPath: file)))
        }
    }
}
