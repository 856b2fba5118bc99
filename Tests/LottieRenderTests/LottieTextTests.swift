// Text layers (Build/TextEmitter.swift): goldens of small files written for each part — glyph
// text from the file's chars with tracking, font text (Inter, installed by `make deps`) with a
// range selector, box text justified — with key pixels worked out by hand, and behaviour checked
// by rendering variants of the same file (a selector or tracking taken out) and comparing.
//
// Regenerate goldens: ANIMEXPORT_UPDATE_GOLDEN=1 swift test --filter LottieText — then look at them.
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Testing
import Video

let textFixtures: [GoldenFixture] = [
    // chars: A = 60 × 70 units (advance 80), B = 40 × 40 (advance 50); size 50 → × 0.5; tracking
    // 200 → τ = 200·50/1000 = 10; layer at (10, 60). A: [10, 40] × [25, 60]; B starts at
    // 10 + 40 + 10 = 60: [60, 80] × [40, 60].
    GoldenFixture(name: "text-glyphs", pixels: [(25, 40, .red), (39, 59, .red), (45, 50, .clear), (55, 50, .clear),
                                               (65, 50, .red), (79, 59, .red), (65, 38, .clear), (25, 23, .clear),
                                               (81, 50, .clear)]),
    // Box (20, 10), 60 wide; ascent 50 % of 20 → first baseline 20, line height 30. "a" = 8 × 8
    // (advance 10), space 10. "a a a" = 50 ≤ 60 (with the next word 70 > 60): justified, its 10
    // of slack over 2 spaces → a at x = 20, 45, 70; the last line "a" left at 20, baseline 50.
    GoldenFixture(name: "text-box-justified", pixels: [(24, 16, Pixel.green), (49, 16, .green), (74, 16, .green),
                                                      (36, 16, .clear), (62, 16, .clear), (24, 46, .green),
                                                      (49, 46, .clear), (24, 21, .clear), (44, 16, .clear)]),
    // Inter "HHHH" at 20 pt with an opacity-0 square selector over 0 … 50 %: the first two H
    // are not drawn; the last two are (their columns are checked against a render without the
    // selector in fontSelector below).
    GoldenFixture(name: "text-font-selector", pixels: [(12, 50, .clear), (11, 55, .clear)]),
]

/// Decodes and renders JSON text like renderFixture.
func renderJSON(_ json: String, name: String) throws -> Frame {
    let animation = try LottieDecoder.decode(Array(json.utf8), file: name)
    let builder = LottieBuilder(animation)
    var list = DisplayList()
    builder.build(atSeconds: 0, into: &list)
    let canvas = Canvas(width: Int(animation.width), height: Int(animation.height))
    let report = Renderer().render(list, background: .clear, transform: .identity, on: canvas)
    #expect(report.isFaithful, "\(name): the renderer reported \(report.messages)")
    return Frame(width: canvas.width, height: canvas.height, rgba: canvas.straightRGBA8())
}

func fixtureText(_ name: String) throws -> String {
    try String(contentsOfFile: "\(lottieFixtures)/\(name).json", encoding: .utf8)
}

extension Frame {
    /// The runs of columns holding any ink, as [first, last] pairs.
    var inkColumns: [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = [], start: Int?
        for x in 0...width {
            let ink = x < width && (0..<height).contains { pixel(x, $0).a > 0 }
            if ink, start == nil { start = x }
            if !ink, let s = start { runs.append(s...(x - 1)); start = nil }
        }
        return runs
    }

    func column(_ x: Int) -> [Pixel] { (0..<height).map { pixel(x, $0) } }
}

@Suite("LottieText") struct LottieTextTests {
    @Test(arguments: textFixtures) func golden(_ c: GoldenFixture) throws {
        try checkGolden(c)
    }

    /// The selector hides exactly the first half of the characters: without it there are four
    /// H (four runs of inked columns); with it, the columns of the last two are the same pixels
    /// and the first two's are empty.
    @Test func fontSelector() throws {
        let json = try fixtureText("text-font-selector")
        let selected = try renderFixture("text-font-selector", atSeconds: 0)
        let plain = try renderJSON(json.replacingOccurrences(of: #""a":[{"nm":"Animator 1""#, with: #""a":[],"unused":[{"nm":"Animator 1""#),
                                   name: "no selector")
        let all = plain.inkColumns
        #expect(all.count == 4, "four H: \(all)")
        guard all.count == 4 else { return }
        #expect(selected.inkColumns.count == 2)
        for x in all[0].lowerBound...all[1].upperBound { #expect(selected.column(x).allSatisfy { $0.a == 0 }, "column \(x)") }
        for x in all[2].lowerBound...all[3].upperBound { #expect(selected.column(x) == plain.column(x), "column \(x)") }
    }

    /// Tracking 250/1000 em at 20 pt adds 5 points after each character: the fourth H moves
    /// 15 points right of where it is without tracking, the first not at all.
    @Test func fontTracking() throws {
        let json = try fixtureText("text-font-selector").replacingOccurrences(of: #""a":[{"nm":"Animator 1""#, with: #""a":[],"unused":[{"nm":"Animator 1""#)
        let tracked = try renderJSON(json, name: "tracked").inkColumns
        let untracked = try renderJSON(json.replacingOccurrences(of: #""tr":250"#, with: #""tr":0"#), name: "untracked").inkColumns
        #expect(tracked.count == 4 && untracked.count == 4, "\(tracked) \(untracked)")
        guard tracked.count == 4, untracked.count == 4 else { return }
        #expect(tracked[0] == untracked[0])
        #expect(tracked[3].lowerBound - untracked[3].lowerBound == 15)
    }

    /// Caps: "ab" in all caps draws A and B exactly as "AB"; in small caps both are set at
    /// 0.7 × 50: A = 21 wide, advance 28, then τ = 10 → B from 10 + 28 + 10 = 48, 14 wide.
    @Test func caps() throws {
        let json = try fixtureText("text-glyphs")
        let upper = try renderFixture("text-glyphs", atSeconds: 0)
        let allCaps = try renderJSON(json.replacingOccurrences(of: #""t":"AB","j":0"#, with: #""t":"ab","ca":1,"j":0"#), name: "all caps")
        #expect(allCaps.rgba == upper.rgba)
        let small = try renderJSON(json.replacingOccurrences(of: #""t":"AB","j":0"#, with: #""t":"ab","ca":2,"j":0"#), name: "small caps")
        #expect(small.inkColumns == [10...30, 48...61], "\(small.inkColumns)")
    }

    /// Point text: the line (40 + 10 + 25 = 75 wide) ends at the layer's x when right-justified
    /// (j 1, x = 90: A from 15, B from 65) and is centred on it (j 2, x = 50: from 12.5).
    @Test func pointJustification() throws {
        let json = try fixtureText("text-glyphs")
        let right = try renderJSON(json.replacingOccurrences(of: #""j":0"#, with: #""j":1"#)
            .replacingOccurrences(of: #""p":{"a":0,"k":[10,60]}"#, with: #""p":{"a":0,"k":[90,60]}"#), name: "right")
        #expect(right.inkColumns == [15...44, 65...84], "\(right.inkColumns)")
        let centre = try renderJSON(json.replacingOccurrences(of: #""j":0"#, with: #""j":2"#)
            .replacingOccurrences(of: #""p":{"a":0,"k":[10,60]}"#, with: #""p":{"a":0,"k":[50,60]}"#), name: "centre")
        #expect(centre.inkColumns == [12...42, 62...82], "\(centre.inkColumns)")
        #expect(centre.pixel(12, 50).a == 128 || centre.pixel(12, 50).a == 127, "half of column 12 is covered")
    }

    /// Drawn text layers are no longer reported; a font that is not installed is, naming the
    /// substitute; a character without a glyph in chars is drawn with the font the file names (here
    /// not installed: fontconfig's closest) and named with the font that drew it.
    @Test func coverage() throws {
        for name in ["text-glyphs", "text-box-justified", "text-font-selector"] {
            #expect(LottieCoverage(try loadFixture(name)).unrendered.isEmpty, "\(name)")
        }
        let missingFont = try fixtureText("text-font-selector").replacingOccurrences(of: #""fFamily":"Inter","fStyle":"Regular""#,
                                                                               with: #""fFamily":"No Such Family","fStyle":"Bold""#)
        let entries = LottieCoverage(try LottieDecoder.decode(Array(missingFont.utf8), file: "f.json")).unrendered
        #expect(entries.count == 1)
        #expect(entries.first?.message.hasPrefix("font 'No Such Family Bold' not found, using '") == true, "\(entries)")
        #expect(entries.first?.place == #"layers[0] "Text""#)
        let missingGlyph = try fixtureText("text-glyphs").replacingOccurrences(of: #""t":"AB""#, with: #""t":"ABC""#)
        let glyphEntries = LottieCoverage(try LottieDecoder.decode(Array(missingGlyph.utf8), file: "g.json")).unrendered
        #expect(glyphEntries.count == 1 && glyphEntries[0].message.hasPrefix(#"U+0043 "C" not in the file's glyphs (chars) for Test Regular; drawn with "#),
                "\(glyphEntries)")
        // A character Inter lacks (U+265E, a chess knight) is drawn with a fallback font: a note, not a warning.
        let fallback = try fixtureText("text-font-selector").replacingOccurrences(of: #""t":"HHHH""#, with: #""t":"HH\u265e""#)
        let fallbackCoverage = LottieCoverage(try LottieDecoder.decode(Array(fallback.utf8), file: "k.json"))
        #expect(fallbackCoverage.unrendered.isEmpty, "\(fallbackCoverage.unrendered)")
        #expect(fallbackCoverage.workarounds.contains { $0.hasPrefix(#"layers[0] "Text": "#) && $0.contains("U+265E") }, "\(fallbackCoverage.workarounds)")
    }

    /// Text documents with values out of range are read as players read them — a size clamped
    /// to 0, a justification outside 0…6 left-aligned — each a repair naming the member
    /// (a warning, an error under --strict).
    @Test func badDocuments() throws {
        let json = try fixtureText("text-glyphs")
        for (from, to, path, message) in [(#""s":50"#, #""s":-5"#, "layers[0].t.d.k[0].s.s", "font size must be in 0…10000000, got -5; used 0"),
                                           (#""j":0"#, #""j":9"#, "layers[0].t.d.k[0].s.j", "expected a whole number in 0…6, got 9; used 0")] {
            let animation = try LottieDecoder.decode(Array(json.replacingOccurrences(of: from, with: to).utf8), file: "bad.json")
            #expect(animation.repairs == [ValueRepair(path: path, message: message)], "\(animation.repairs)")
            #expect(LottieCoverage(animation).unrendered.contains { $0.place == path && $0.message == message })
        }
    }
}
