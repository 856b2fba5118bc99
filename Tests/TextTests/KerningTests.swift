// KerningTests.swift — kerning read from real fonts: Inter (GPOS only) and DejaVu Sans (GPOS
// and a legacy 'kern' table, which FreeType reads independently of our GPOS code).

import CFreeType
import Testing
@testable import Text

@Suite(.enabled(if: TestFonts.haveInter, "needs fonts-inter"))
struct InterKerningTests {
    let font: Font

    init() throws {
        font = try Font(path: TestFonts.interBold, size: 17)
    }

    @Test func interKernsOnlyThroughGPOS() throws {
        let file = try SFNTFile(path: TestFonts.interBold)
        #expect(file.tables["kern"] == nil, "Debian's Inter 4.0 has no legacy 'kern' table")
        #expect(file.tables["GPOS"] != nil)
        #expect(font.kerningSource == .gpos(script: "latn", lookups: [1]))
        #expect(font.face.info.kerning.hasKernTable == false, "FreeType sees no kerning of its own")
    }

    @Test func classicPairsMoveCloser() {
        // Values in design units from Inter Bold's GPOS (lookup 1, PairPos format 2).
        for (pair, units) in [("AV", -254), ("Te", -224), ("To", -224), ("VA", -272), ("LT", -255)] {
            let s = Array(pair.unicodeScalars)
            let k = font.kerning(s[0], s[1])
            #expect(k < 0, "\(pair)")
            #expect(abs(k - Double(units) * 17 / 2816) < 1e-12, "\(pair): \(k)")
        }
        #expect(font.kerning("H", "H") == 0)
    }

    @Test func kerningChangesTheLineWidthByThePairValue() {
        let kerned = font.layout("AV")
        let plain = font.layout("AV", kerning: false)
        #expect(kerned.advanceWidth < plain.advanceWidth)
        #expect(abs(plain.advanceWidth - kerned.advanceWidth - 254 * 17 / 2816.0) < 1e-9)
        #expect(kerned.advanceWidthWithoutKerning == plain.advanceWidth)
        #expect(kerned.glyphs[1].position.x < plain.glyphs[1].position.x)
        #expect(kerned.glyphs[0].position == plain.glyphs[0].position)
    }

    @Test func labelKerning() {
        // "Measuring Heart Rate": GPOS adjusts "rt" by +77 and "te" by −16 units (every other
        // pair is 0), so the kerned width is (29905 + 61) · 17 / 2816 = 180.903 pt.
        let line = font.layout(TestFonts.label)
        let kerned = line.glyphs.filter { $0.kerning != 0 }.map { (String($0.scalar), $0.kerning * 2816 / 17) }
        #expect(kerned.map(\.0) == ["r", "t"])
        #expect(kerned.map { Int($0.1.rounded()) } == [77, -16])
        #expect(abs(line.advanceWidth - 29966 * 17 / 2816.0) < 1e-9)
        #expect(abs(line.advanceWidth - 180.903) < 0.001)
    }
}

@Suite(.enabled(if: TestFonts.haveDejaVu, "needs fonts-dejavu-core"))
struct DejaVuKerningTests {
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

    @Test func gposAgreesWithTheLegacyKernTable() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 17)
        #expect(font.kerningSource == .gpos(script: "latn", lookups: [14, 15]))
        #expect(font.face.info.kerning.hasKernTable)
        let text = Array("AVATAR To Ty Yo LT P. F, WAVE rv ff".unicodeScalars)
        var pairs: [(UInt32, UInt32)] = []
        for i in 0..<(text.count - 1) {
            pairs.append((try #require(font.glyphIndex(for: text[i])), try #require(font.glyphIndex(for: text[i + 1]))))
        }
        let legacy = legacyKerning(pairs)
        let gpos = pairs.map { font.kerningAdjustments(for: [$0.0, $0.1])[0].xAdvance }
        #expect(legacy.filter { $0 != 0 }.count >= 10, "the sample has many kerned pairs")
        #expect(gpos == legacy)
    }

    @Test func legacyKernTablePathMatchesGPOS() throws {
        let gposFont = try Font(path: TestFonts.dejaVuSans, size: 17)
        let legacyFont = Font(face: try FreeTypeFace(path: TestFonts.dejaVuSans, faceIndex: 0, readGPOS: false), size: 17)
        #expect(legacyFont.kerningSource == .kernTable)
        let text = "AVATAR To WAVE"
        let viaGPOS = gposFont.layout(text)
        let viaKern = legacyFont.layout(text)
        #expect(viaKern.advanceWidth < viaKern.advanceWidthWithoutKerning)
        #expect(viaKern.advanceWidth == viaGPOS.advanceWidth)
        #expect(viaKern.glyphs.map(\.position) == viaGPOS.glyphs.map(\.position))
    }
}
