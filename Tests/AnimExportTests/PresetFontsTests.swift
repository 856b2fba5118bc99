// A Lottie preset's "fonts" and "fit" keys (Sources/AnimExport/Lottie/PresetFonts.swift), run as
// `animexport batch`:
//   • a text layer naming a family no machine has ("Zq Missing Serif"): without "fonts" it is
//     drawn with fontconfig's closest and warned; with "fonts" naming a copy of DejaVu Serif in the
//     preset's folder its PNG equals the same file naming the installed "DejaVu Serif" "Book", and
//     no warning is printed;
//   • a font file outside the folder (absolute, "..", a symlink out), a key no font of the file
//     has, a file that is not a font, a "fit" that is not keep/shrink: refused, naming the preset
//     and the field.
import Foundation
import Testing
import Video
import Lottie
import Scenes
@testable import AnimExport

/// One text layer "Hag" at (4, 30), size 24, black, on a 90 × 40 canvas, in `family` / `style`.
private func textFile(family: String, style: String) -> String {
    """
    {"v":"5.7.0","fr":10,"ip":0,"op":10,"w":90,"h":40,"fonts":{"list":[{"fName":"Body","fFamily":"\(family)","fStyle":"\(style)","ascent":72}]},
     "layers":[{"ty":5,"nm":"Title","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[4,30]}},
      "t":{"d":{"k":[{"s":{"s":24,"f":"Body","t":"Hag","j":0,"tr":0,"lh":28,"ls":0,"fc":[0,0,0]},"t":0}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}]}
    """
}

private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

private let dejaVuSerif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

@Suite("PresetFonts") struct PresetFontsTests {
    @Test func presetFontFileDrawsAFamilyNotInstalled() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try FileManager.default.createDirectory(atPath: root + "/p/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dejaVuSerif, toPath: root + "/p/fonts/Serif.ttf")
        try write(textFile(family: "Zq Missing Serif", style: "Regular"), to: root + "/p/anims/missing.json")
        try write(textFile(family: "DejaVu Serif", style: "Book"), to: root + "/p/anims/installed.json")
        try write(#"{"lottie": "anims/missing.json", "fonts": {"Body": "fonts/Serif.ttf"}, "outputs": [{"name": "file.png"}]}"#, to: root + "/p/file.json")
        try write(#"{"lottie": "anims/installed.json", "outputs": [{"name": "installed.png"}]}"#, to: root + "/p/installed.json")
        try write(#"{"lottie": "anims/missing.json", "outputs": [{"name": "closest.png"}]}"#, to: root + "/p/closest.json")
        let r = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(r.status == 0, "\(r.stderr)")
        let file = try PNGReader.read(path: root + "/dist/file.png").rgba
        let installed = try PNGReader.read(path: root + "/dist/installed.png").rgba
        let closest = try PNGReader.read(path: root + "/dist/closest.png").rgba
        #expect(file == installed, "the preset's DejaVu Serif draws as the installed one")
        #expect(file != closest, "fontconfig's closest to the missing family is another font")
        #expect(file.enumerated().filter { $0.offset % 4 == 0 && $0.element < 128 }.count > 50, "ink")
        let warned = (r.stdout + r.stderr).split(separator: "\n").filter { $0.contains("Zq Missing Serif") }
        #expect(warned.count == 1 && warned[0].contains("anims/missing.json"),
                "only the preset without \"fonts\" warns: \(warned)")
    }

    @Test func badFontsAndFitAreRefusedNamingPresetAndField() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(textFile(family: "Zq Missing Serif", style: "Regular"), to: root + "/p/a.json")
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dejaVuSerif, toPath: root + "/outside/S.ttf")
        try FileManager.default.createDirectory(atPath: root + "/p/fonts", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/p/fonts/evil.ttf", withDestinationPath: root + "/outside/S.ttf")
        try write("not a font", to: root + "/p/fonts/text.ttf")
        try FileManager.default.copyItem(atPath: dejaVuSerif, toPath: root + "/p/fonts/ok.ttf")
        let cases: [(preset: String, field: String, says: String)] = [
            (#"{"lottie": "a.json", "fonts": {"Body": "\#(root)/outside/S.ttf"}}"#, #"fonts."Body""#, "absolute"),
            (#"{"lottie": "a.json", "fonts": {"Body": "../outside/S.ttf"}}"#, #"fonts."Body""#, ".."),
            (#"{"lottie": "a.json", "fonts": {"Body": "fonts/evil.ttf"}}"#, #"fonts."Body""#, "leads out"),
            (#"{"lottie": "a.json", "fonts": {"Body": "fonts/text.ttf"}}"#, #"fonts."Body""#, "not a font"),
            (#"{"lottie": "a.json", "fonts": {"Nope": "fonts/ok.ttf"}}"#, #"fonts."Nope""#, "matches no font of the file's fonts list (Body (Zq Missing Serif))"),
            (#"{"lottie": "a.json", "fit": "squeeze"}"#, "fit", #"'squeeze' is not a fit; use "keep" or "shrink""#),
            (#"{"animation": "pulse", "fit": "shrink"}"#, "fit", "names a Lottie file"),
        ]
        for (i, c) in cases.enumerated() {
            try write(c.preset, to: root + "/p/case.json")
            let r = try run(["batch", "p/case.json", "--out", "dist\(i)"], cwd: root)
            let all = r.stdout + r.stderr
            #expect(r.status == 1, "\(c.preset): \(all)")
            #expect(all.contains("p/case.json: \(c.field): ") && all.contains(c.says), "\(c.preset): \(all)")
        }
        // Accepted: a family key and "fit".
        try write(#"{"lottie": "a.json", "fonts": {"Zq Missing Serif": "fonts/ok.ttf"}, "fit": "shrink", "outputs": [{"name": "ok.png"}]}"#, to: root + "/p/case.json")
        let ok = try run(["batch", "p/case.json", "--out", "distok"], cwd: root)
        #expect(ok.status == 0, "\(ok.stderr)")
    }
}

/// The app's review of a Lottie source with a replaced text (LottieSource.review): a character no
/// font covers is an error even without --strict, naming the layer and the character; a box
/// overflow is a warning, and an error under --strict.
@Suite("ReplacedTextReview") struct ReplacedTextReviewTests {
    static func source(_ text: String, box: Bool) throws -> LottieSource {
        let json = """
        {"v":"5.7.0","fr":10,"ip":0,"op":10,"w":90,"h":40,"fonts":{"list":[{"fName":"F","fFamily":"Inter","fStyle":"Regular","ascent":72}]},
         "layers":[{"ty":5,"nm":"Title","ip":0,"op":10,"st":0,"ks":{},
          "t":{"d":{"k":[{"s":{"s":20,"f":"F","t":"Hi","j":0,"tr":0,"lh":24,"ls":0,"fc":[0,0,0]\(box ? #","sz":[60,30],"ps":[0,0]"# : "")},"t":0}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}]}
        """
        var animation = try LottieDecoder.decode(Array(json.utf8), file: "r.json")
        guard case .text(var content) = animation.compositions[0].layers[0].content else { throw ExportError.invalid(file: nil, field: "", message: "no text") }
        content.documents.documents[0].text = text
        content.documents.documents[0].isReplaced = true
        animation.compositions[0].layers[0].content = .text(content)
        return LottieSource(animation, canvas: Size(width: 90, height: 40), file: "r.json")
    }

    @Test func uncoveredCharacterIsAnError() throws {
        #expect(throws: ExportError.invalid(file: "preset.json", field: #"layers[0] "Title""#,
                                            message: "replaced text: character U+E8FF \"\u{E8FF}\" has no glyph in the file's chars, the font it names or any installed font")) {
            _ = try Self.source("Hi\u{E8FF}", box: false).review(strict: false, file: "preset.json")
        }
    }

    @Test func overflowIsAWarningAndAStrictError() throws {
        let long = "A much longer title than the box holds"
        let review = try Self.source(long, box: true).review(strict: false, file: "preset.json")
        #expect(review.warnings == [#"r.json: layers[0] "Title": replaced text overflows its 60 × 30 pt box ("fit": "shrink" scales it down to fit)"#])
        #expect(throws: ExportError.self) { _ = try Self.source(long, box: true).review(strict: true, file: "preset.json") }
        #expect(try Self.source("Hi", box: true).review(strict: true, file: "preset.json").warnings.isEmpty)
    }
}
