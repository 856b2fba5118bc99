// `info` of a dotLottie (Lottie/LottieArchiveInfo.swift): its animations and its themes — the ids
// `--theme` and a preset's "theme" take — in the text and the --json object.
import Foundation
@testable import Lottie
import Testing
@testable import AnimExport

/// An archive held in memory: entry name → text.
private struct MemoryArchive: LottieArchive {
    var entries: [String: String]
    var entryNames: [String] { entries.keys.sorted() }
    func read(_ name: String) throws -> [UInt8] { Array((entries[name] ?? "").utf8) }
}

@Suite struct ArchiveInfoTests {
    let dot: DotLottie
    let plain: DotLottie

    init() throws {
        let manifest = #"{"version": "2", "animations": [{"id": "intro"}, {"id": "outro"}]}"#
        dot = try DotLottie(MemoryArchive(entries: ["manifest.json": manifest, "a/intro.json": "{}", "a/outro.json": "{}",
                                                    "t/light.json": "{}", "t/dark.json": "{}", "t/x/nested.json": "{}"]), file: "x.lottie")
        plain = try DotLottie(MemoryArchive(entries: ["manifest.json": manifest, "a/intro.json": "{}", "a/outro.json": "{}"]), file: "y.lottie")
    }

    @Test func theTextListsAnimationsAndThemes() {
        let text = archiveInfoText(dot, selected: "outro", animationInfo: "x.lottie: Lottie …")
        #expect(text.split(separator: "\n").map(String.init) == [
            "x.lottie: dotLottie 2, 2 animations",
            #"  animations  "intro" (a/intro.json), "outro" (a/outro.json) [shown below]"#,
            #"  themes      "dark", "light""#,
            "x.lottie: Lottie …",
        ])
        #expect(!archiveInfoText(plain, selected: nil, animationInfo: "").contains("themes"))   // none: no line
    }

    @Test func theJSONObjectHasTheThemeIDs() throws {
        let object = archiveInfoObject(dot, selected: nil, animation: ["file": "x.lottie"])
        let archive = try #require(object["archive"] as? [String: Any])
        #expect(archive["themes"] as? [String] == ["dark", "light"])
        #expect(archive["selected"] as? String == "intro")
        #expect((archiveInfoObject(plain, selected: nil, animation: [:])["archive"] as? [String: Any])?["themes"] as? [String] == [])
    }
}
