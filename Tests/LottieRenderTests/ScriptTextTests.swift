// Text in every script (issue 22 item 4, issue 25 item 4): a text layer in a font that lacks the
// script (Inter) draws Hindi, Japanese, Korean and Thai with the fallback fonts `make deps`
// installs (Noto Sans Devanagari and Thai, WenQuanYi Micro Hei), not .notdef boxes; a character missing from a file's
// `chars` is drawn with the font the file names and the warning says which font drew it; a
// character no font has is a warning naming it as U+XXXX and the character, with its layer.
//
// Glyphs, not tofu: each character is rendered alone, and so is an unassigned code point
// (U+0378, which no font maps: the font's .notdef box) at the same pen position. A real glyph
// has ink and is not the box: more than half of the pixels inked in either differ.
import Foundation
import Lottie
import Testing

/// One text layer at (10, 60) in `family`, size 40, black, on a 320 × 90 canvas; `chars` as given.
func scriptTextFile(_ text: String, family: String = "Inter", chars: String = "") -> String {
    let escaped = text.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\u%04x", $0.value) }.joined()
    return """
    {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":320,"h":90,"fonts":{"list":[{"fName":"F","fFamily":"\(family)","fStyle":"Regular","ascent":72}]},
     "layers":[{"ty":5,"nm":"Greeting","ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[10,60]}},
      "t":{"d":{"k":[{"s":{"s":40,"f":"F","t":"\(escaped)","j":0,"tr":0,"lh":48,"ls":0,"fc":[0,0,0]},"t":0}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}]
     \(chars.isEmpty ? "" : ",\"chars\":\(chars)")}
    """
}

extension Frame {
    var inked: [Bool] { stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] > 64 } }
}

@Suite("ScriptText") struct ScriptTextTests {
    @Test(arguments: [("नमस्ते दुनिया", "Noto Sans Devanagari"), ("こんにちは世界", "WenQuanYi Micro Hei"), ("안녕 세계", "WenQuanYi Micro Hei"), ("สวัสดีชาวโลก", "Noto Sans Thai")])
    func drawsGlyphsNotTofu(_ text: String, _ fallback: String) throws {
        let json = scriptTextFile(text)
        let coverage = LottieCoverage(try LottieDecoder.decode(Array(json.utf8), file: "t.json"))
        #expect(coverage.unrendered.isEmpty, "no character is missing: \(coverage.unrendered)")
        #expect(coverage.workarounds.contains { $0.contains("drawn with \(fallback)") }, "\(coverage.workarounds)")
        let drawn = try renderJSON(json, name: text)
        #expect(drawn.inked.filter { $0 }.count > 300, "ink in the glyph boxes")
        // Each character alone, at the same pen position as one .notdef box: ink, and not the box.
        let box = try renderJSON(scriptTextFile("\u{378}"), name: "tofu").inked
        #expect(box.filter { $0 }.count > 100, "the .notdef box has ink")
        for c in text where !c.isWhitespace {
            let ink = try renderJSON(scriptTextFile(String(c)), name: String(c)).inked
            let inked = ink.filter { $0 }.count
            let differing = zip(ink, box).filter { $0 != $1 }.count
            let union = zip(ink, box).filter { $0 || $1 }.count
            #expect(inked > 20 && Double(differing) > 0.5 * Double(union),
                    "\(c): \(inked) px of ink, \(differing) of \(union) inked pixels differ from the .notdef box")
        }
    }

    /// chars hold "A" only; "क" is drawn with the named font's fallback, and the warning says so.
    @Test func missingFromCharsFallsBackToTheNamedFont() throws {
        let chars = #"[{"ch":"A","size":100,"style":"Regular","w":80,"fFamily":"Inter","data":{"shapes":[{"ty":"rc","p":{"a":0,"k":[30,-35]},"s":{"a":0,"k":[60,70]},"r":{"a":0,"k":0}}]}}]"#
        let json = scriptTextFile("Aक", chars: chars)
        let entries = LottieCoverage(try LottieDecoder.decode(Array(json.utf8), file: "c.json")).unrendered
        #expect(entries.map(\.message) == [#"U+0915 "क" not in the file's glyphs (chars) for Inter Regular; drawn with Noto Sans Devanagari Regular"#],
                "\(entries)")
        #expect(entries.first?.place == #"layers[0] "Greeting""#)
        // "A" is the file's 24 × 28 px box at x 10 … 34; "क" starts at its advance, 10 + 32 = 42.
        let frame = try renderJSON(json, name: "chars")
        let runs = frame.inkColumns
        #expect(runs.first == 10...33, "\(runs)")
        #expect(runs.dropFirst().contains { $0.lowerBound >= 42 }, "the fallback glyph is drawn after A: \(runs)")
    }

    /// A character no installed font has is named as U+XXXX and the character, with its layer.
    @Test func characterNoFontHasIsNamed() throws {
        let entries = LottieCoverage(try LottieDecoder.decode(Array(scriptTextFile("Hi\u{378}").utf8), file: "m.json")).unrendered
        #expect(entries.map(\.message) == ["character U+0378 \"\u{378}\" has no glyph in the file's chars, the font it names or any installed font; not drawn"],
                "\(entries)")
        #expect(entries.first?.place == #"layers[0] "Greeting""#)
    }
}
