// FallbackTests.swift — characters the chosen font lacks are drawn with the font fontconfig
// picks for them (checked against the fc-list command), per character and in runs; characters
// no installed font has are .notdef with a warning naming the character and the text.

import Foundation
import Geometry
import Raster
import Testing
@testable import Text

@Suite(.enabled(if: TestFonts.haveInter, "needs fonts-inter"))
struct FallbackTests {
    let font: Font

    init() throws {
        font = try Font(path: TestFonts.interBold, size: 17)
    }

    /// "☺" (U+263A): not in Inter; in DejaVu Sans and Liberation on Debian.
    static let smiley: Unicode.Scalar = "\u{263A}"
    static var smileyInstalled: Bool { !filesCovering(smiley).isEmpty }

    @Test(.enabled(if: smileyInstalled, "no installed font has U+263A"))
    func missingCharacterIsDrawnWithAFontThatHasIt() throws {
        #expect(!font.covers(Self.smiley))
        let text = "Rate \u{263A} ok"
        let line = font.layout(text)
        let smiley = try #require(line.glyphs.first { $0.scalar == Self.smiley })
        #expect(smiley.font !== font && smiley.glyphID != 0)
        #expect(filesCovering(Self.smiley).contains(smiley.font.path), "fc-list agrees the file has it")
        #expect(smiley.font.size == 17)
        #expect(smiley.inkBounds != nil)
        // Inter Bold asks for a bold fallback: fontconfig's choice must be bold too.
        #expect(smiley.font.face.info.appearance.weight >= 600, "\(smiley.font.familyName) \(smiley.font.styleName)")
        // Everything else, spaces included, stays in Inter.
        #expect(line.glyphs.filter { $0.font !== font }.count == 1)
        #expect(line.warnings == [.fallback(scalars: [Self.smiley], font: "Inter Bold",
                                            fallback: "\(smiley.font.familyName) \(smiley.font.styleName)",
                                            path: smiley.font.path, text: text)])
        #expect(!line.warnings[0].isWarning)
        // Positions follow the fallback glyph's own advance, in its own units.
        let i = try #require(line.glyphs.firstIndex { $0.scalar == Self.smiley })
        let next = line.glyphs[i + 1]
        let advance = Double(smiley.font.shape(String(Self.smiley))[0].xAdvance) * smiley.font.scale
        #expect(abs(next.position.x - smiley.position.x - advance) < 1e-9)
    }

    @Test(.enabled(if: !filesCovering("\u{05D0}").isEmpty, "no installed font has Hebrew"))
    func aRightToLeftRunInALeftToRightLineIsReportedAsMixed() throws {
        let text = "Hi \u{05E9}\u{05DC}\u{05D5}\u{05DD}"
        let line = font.layout(text)
        #expect(line.direction == .leftToRight)
        #expect(line.warnings.contains(.mixedDirections(text: text)))
        let hebrew = line.glyphs.filter { $0.font !== font }
        #expect(hebrew.count == 4)
        // HarfBuzz returns the right-to-left run in visual order: the last letter comes first.
        #expect(hebrew.map(\.scalarIndex) == [6, 5, 4, 3])
    }

    @Test func characterNoFontHasIsAWarningNamingItAndTheText() throws {
        // U+0378 is unassigned: no font maps it, on any machine.
        #expect(filesCovering("\u{0378}").isEmpty)
        let text = "Heart \u{0378}"
        let line = font.layout(text)
        #expect(line.warnings == [.missingGlyph(scalar: "\u{0378}", font: "Inter Bold", text: text)])
        #expect(line.warnings[0].description
            == "text \"Heart \\u{378}\": U+0378 \"\\u{378}\" is in no installed font (not in Inter Bold nor any fallback fontconfig knows); drawn as .notdef")
        #expect(line.glyphs.last?.glyphID == 0 && line.glyphs.last?.font === font)
    }

    @Test func defaultIgnorablesNeedNoFont() {
        // ZWJ, a variation selector and a soft hyphen: HarfBuzz hides them; no fallback, no warning.
        let line = font.layout("A\u{200D}B\u{FE0F}C\u{00AD}D")
        #expect(line.warnings.isEmpty)
        #expect(line.glyphs.allSatisfy { $0.font === font })
    }

    @Test func combiningMarksStayWithTheirBase() throws {
        // "e" + U+0301 (combining acute): Inter has both; HarfBuzz composes or positions the mark.
        let line = font.layout("Cafe\u{0301}")
        #expect(line.warnings.isEmpty)
        #expect(Set(line.glyphs.map(\.characterIndex)) == [0, 1, 2, 3])
    }

    @Test(.enabled(if: smileyInstalled, "no installed font has U+263A"))
    func fallbackIsCachedAndTheSameEveryTime() throws {
        let a = font.layout("\u{263A}\u{263A}")
        let b = try Font(path: TestFonts.interBold, size: 34).layout("\u{263A}")
        #expect(a.glyphs[0].font.face === a.glyphs[1].font.face)
        #expect(a.glyphs[0].font.face === b.glyphs[0].font.face, "one fallback face per process")
        #expect(b.glyphs[0].font.size == 34)
    }

    @Test(.enabled(if: smileyInstalled, "no installed font has U+263A"))
    func fallbackDisabledDrawsNotdef() {
        let line = font.layout("\u{263A}", fallback: false)
        #expect(line.glyphs.map(\.glyphID) == [0])
        #expect(line.warnings.count == 1 && line.warnings[0].isWarning)
    }
}

@Suite struct TextIssueWordingTests {
    @Test func quotingKeepsMessagesOnOneLine() {
        #expect(quoted("a\nb\u{1B}[31m\"") == "\"a\\u{A}b\\u{1B}[31m\\\"\"")
        #expect(quoted("\u{202E}evil") == "\"\\u{202E}evil\"", "bidi overrides are escaped")
        #expect(code("\u{1F600}") == "U+1F600" && code("A") == "U+0041")
    }
}
