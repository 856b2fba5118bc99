// ShapingTests.swift — HarfBuzz shaping of real fonts: the heart's label glyph by glyph (the
// figures the hand-written GPOS reader gave before it was replaced), pair kerning against
// FreeType's independent reading of DejaVu's legacy 'kern' table, GSUB, features, tracking.

import Geometry
import CFreeType
import Testing
@testable import Text

/// FreeType's own cmap lookup (FT_Get_Char_Index), independent of HarfBuzz's.
private func freeTypeGlyphs(_ path: String, _ text: String) -> [UInt32] {
    var library: FT_Library?
    var face: FT_Face?
    guard FT_Init_FreeType(&library) == 0 else { return [] }
    defer { FT_Done_FreeType(library) }
    guard FT_New_Face(library, path, 0, &face) == 0 else { return [] }
    defer { FT_Done_Face(face) }
    return text.unicodeScalars.map { UInt32(FT_Get_Char_Index(face, FT_ULong($0.value))) }
}

@Suite(.enabled(if: TestFonts.haveInter, "needs fonts-inter"))
struct InterShapingTests {
    let font: Font

    init() throws {
        font = try Font(path: TestFonts.interBold, size: 17)
    }

    @Test func labelGlyphByGlyph() {
        // The figures the GPOS pair-kerning reader produced (KerningTests before HarfBuzz):
        // cmap glyphs, no substitution, and only "rt" (+77) and "te" (−16 units) kerned:
        // (29905 + 61) · 17 / 2816 = 180.903 pt.
        let shaped = font.shape(TestFonts.label)
        #expect(shaped.map(\.glyphID) == freeTypeGlyphs(TestFonts.interBold, TestFonts.label))
        #expect(shaped.map(\.cluster) == Array(0..<20))
        #expect(shaped.allSatisfy { $0.xOffset == 0 && $0.yOffset == 0 && $0.yAdvance == 0 })
        let adjustments = shaped.map { $0.xAdvance - font.nominalAdvance($0.glyphID) }
        let scalars = Array(TestFonts.label.unicodeScalars)
        let kerned = adjustments.indices.filter { adjustments[$0] != 0 }
        #expect(kerned.map { "\(scalars[$0])\(scalars[$0 + 1])" } == ["rt", "te"])
        #expect(kerned.map { adjustments[$0] } == [77, -16])
        #expect(shaped.map(\.xAdvance).reduce(0, +) == 29966)

        let line = font.layout(TestFonts.label)
        #expect(abs(line.advanceWidth - 29966 * 17 / 2816.0) < 1e-9)
        #expect(abs(line.advanceWidth - 180.903) < 0.001)
        #expect(abs(line.advanceWidthWithoutKerning - 29905 * 17 / 2816.0) < 1e-9)
        #expect(line.glyphs.filter { $0.kerning != 0 }.map { String($0.scalar) } == ["r", "t"])
        #expect(line.warnings.isEmpty && line.direction == .leftToRight)
    }

    @Test func classicPairsMoveCloser() {
        // Design units of Inter Bold's GPOS pair adjustments (lookup 1, PairPos format 2).
        for (pair, units) in [("AV", -254), ("Te", -224), ("To", -224), ("VA", -272), ("LT", -255)] {
            let shaped = font.shape(pair)
            #expect(shaped[0].xAdvance - font.nominalAdvance(shaped[0].glyphID) == units, "\(pair)")
            #expect(shaped[1].xAdvance == font.nominalAdvance(shaped[1].glyphID), "\(pair)")
        }
        let hh = font.shape("HH")
        #expect(hh[0].xAdvance == font.nominalAdvance(hh[0].glyphID))
    }

    @Test func kerningOffIsTheSumOfNominalAdvances() {
        let kerned = font.layout("AV")
        let plain = font.layout("AV", kerning: false)
        #expect(abs(plain.advanceWidth - kerned.advanceWidth - 254 * 17 / 2816.0) < 1e-9)
        #expect(plain.advanceWidth == plain.advanceWidthWithoutKerning)
        #expect(kerned.advanceWidthWithoutKerning == plain.advanceWidth)
        #expect(kerned.glyphs[1].position.x < plain.glyphs[1].position.x)
        #expect(kerned.glyphs[0].position == plain.glyphs[0].position)
        #expect(!plain.kerningApplied && plain.glyphs.allSatisfy { $0.kerning == 0 })
    }

    @Test func contextualAlternatesJoinClusters() {
        // Inter's 'calt' turns "->" into one arrow glyph and the colon between digits into a
        // raised one: substitutions the hand-written reader never applied.
        let arrow = font.shape("a->b")
        #expect(arrow.count == 3)
        #expect(arrow.map(\.cluster) == [0, 1, 3])
        #expect(arrow[1].glyphID != freeTypeGlyphs(TestFonts.interBold, "-")[0])
        let line = font.layout("a->b")
        #expect(line.glyphs.map(\.characterIndex) == [0, 1, 3])
        #expect(font.shape("12:30")[2].glyphID != freeTypeGlyphs(TestFonts.interBold, ":")[0])
        let noCalt = try! #require(FontFeature("calt=0"))
        #expect(font.shape("a->b", features: [noCalt]).count == 4)
    }

    @Test func featureSettingsParse() {
        #expect(FontFeature("kern=0") == .noKerning)
        #expect(FontFeature("tnum")?.description == "tnum")
        #expect(FontFeature("") == nil)
        #expect(FontFeature("not a feature at all") == nil)
        // Tabular figures: every digit is substituted by a tabular one, all (nearly) one width —
        // Debian's Inter 4.0 beta draws its tabular 4 at 1915 units, the others at 1920.
        let tnum = try! #require(FontFeature("tnum"))
        let tabular = font.shape("0123456789", features: [tnum])
        let proportional = font.shape("0123456789")
        #expect(zip(tabular, proportional).allSatisfy { $0.glyphID != $1.glyphID })
        let widths = tabular.map { font.nominalAdvance($0.glyphID) }
        #expect(widths.max()! - widths.min()! <= 5)
        let spread = proportional.map { font.nominalAdvance($0.glyphID) }
        #expect(spread.max()! - spread.min()! > 100)
    }

    @Test func trackingAddsBetweenCharactersOnly() {
        let plain = font.layout("Heart")
        let tracked = font.layout("Heart", tracking: 100)   // 0.1 em = 1.7 pt per gap
        #expect(abs(tracked.advanceWidth - plain.advanceWidth - 4 * 1.7) < 1e-9)
        for (i, (a, b)) in zip(plain.glyphs, tracked.glyphs).enumerated() {
            #expect(abs(b.position.x - a.position.x - Double(i) * 1.7) < 1e-9)
        }
        let arrow = font.layout("a->b", tracking: 100)
        #expect(abs(arrow.advanceWidth - font.layout("a->b").advanceWidth - 2 * 1.7) < 1e-9,
                "the arrow ligature is one character gap, not two")
    }

    @Test func glyphOutlinesArePlacedCopiesOfTheirOutlines() throws {
        let line = font.layout("He", origin: Point(3, 20))
        for glyph in line.glyphs {
            let raw = try font.glyph(glyph.glyphID)
            #expect(glyph.outline.elements == raw.path.transformed(by: .scale(17.0 / 2816, 17.0 / 2816)).elements)
            #expect(glyph.font === font)
        }
    }
}

@Suite(.enabled(if: TestFonts.haveDejaVu, "needs fonts-dejavu-core"))
struct DejaVuShapingTests {
    /// FreeType's reading of the legacy 'kern' table (FT_Get_Kerning, unscaled).
    func legacyKerning(_ pairs: [(UInt32, UInt32)]) -> [Int] {
        var library: FT_Library?
        var face: FT_Face?
        guard FT_Init_FreeType(&library) == 0 else { return [] }
        defer { FT_Done_FreeType(library) }
        guard FT_New_Face(library, TestFonts.dejaVuSans, 0, &face) == 0 else { return [] }
        defer { FT_Done_Face(face) }
        return pairs.map { pair in
            var v = FT_Vector()
            _ = FT_Get_Kerning(face, pair.0, pair.1, FT_UInt(FT_KERNING_UNSCALED.rawValue), &v)
            return Int(v.x)
        }
    }

    @Test func harfBuzzKerningAgreesWithTheLegacyKernTable() throws {
        // DejaVu Sans carries the same pairs in GPOS and in a 'kern' table; HarfBuzz applies
        // GPOS, FreeType reads 'kern': two independent readings of the font's kerning.
        let font = try Font(path: TestFonts.dejaVuSans, size: 17)
        let text = Array("AVATAR To Ty Yo LT P. F, WAVE rv ff".unicodeScalars)
        var pairs: [(UInt32, UInt32)] = []
        var shaped: [Int] = []
        for i in 0..<(text.count - 1) {
            let glyphs = font.shape(String(text[i]) + String(text[i + 1]), features: [FontFeature("liga=0")!])
            try #require(glyphs.count == 2)
            pairs.append((glyphs[0].glyphID, glyphs[1].glyphID))
            shaped.append(glyphs[0].xAdvance - font.nominalAdvance(glyphs[0].glyphID))
        }
        let legacy = legacyKerning(pairs)
        #expect(legacy.filter { $0 != 0 }.count >= 10, "the sample has many kerned pairs")
        #expect(shaped == legacy)
    }
}
