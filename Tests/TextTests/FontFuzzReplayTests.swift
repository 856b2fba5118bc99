// Replays every input kept in Fuzz/regressions/font through the font fuzz case
// (FuzzReplay/FontCase.swift links to Fuzz/FontCase.swift), plus the installed test fonts with
// every text and size selector, whole and cut short at several lengths.
import Foundation
import Testing

@Suite struct FontFuzzReplay {
    @Test func regressionsReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fuzz/regressions/font").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            runFontCase([UInt8](try #require(FileManager.default.contents(atPath: folder + "/" + file))))
        }
    }

    @Test(.enabled(if: TestFonts.haveInter && TestFonts.haveDejaVu))
    func realFontsWithEverySelectorAndCut() throws {
        for path in [TestFonts.interBold, TestFonts.dejaVuSans] {
            let font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            for selector: UInt8 in [0x00, 0x11, 0x22, 0x03, 0x14] { runFontCase([selector] + font) }
            for cut in [4, 12, 300, 5000, font.count / 2, font.count - 1] { runFontCase([0x11] + font.prefix(cut)) }
        }
    }
}
