// FontLoadingTests.swift — load errors, metrics against the font's own tables, resource release.

import Foundation
import Testing
@testable import Text

@Suite struct FontLoadingErrorTests {
    @Test func missingFileNamesThePath() {
        let path = "/nonexistent/dir/NoSuchFont-Bold.otf"
        do {
            _ = try Font(path: path, size: 17)
            Issue.record("loaded a missing file")
        } catch {
            #expect(error == .fileNotFound(path: path))
            #expect(error.description.contains(path))
        }
    }

    @Test func nonFontFileNamesThePath() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("animexport-not-a-font-\(getpid()).otf").path
        try Data("this is plain text, not an OpenType font\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Font(path: path, size: 17)
            Issue.record("loaded a text file as a font")
        } catch {
            guard case .notAFont(let reported, _) = error else {
                Issue.record("wrong error: \(error)")
                return
            }
            #expect(reported == path)
            #expect(error.description.contains(path))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func directoryIsNotARegularFile() {
        #expect(throws: FontError.notRegularFile(path: "/tmp", kind: "a directory")) {
            try Font(path: "/tmp", size: 17)
        }
    }

    @Test(.enabled(if: TestFonts.haveInter), arguments: [0, -1, .nan, .infinity])
    func invalidSizeIsRefused(size: Double) {
        #expect(throws: FontError.self) { try Font(path: TestFonts.interBold, size: size) }
    }

    @Test(.enabled(if: TestFonts.haveInter))
    func missingFaceIndexIsNotAFont() {
        #expect(throws: FontError.self) { try Font(path: TestFonts.interBold, size: 17, faceIndex: 7) }
    }

    @Test func freeTypeErrorTextIsAvailable() {
        // Debian's FreeType has no FT_Error_String texts; the shim's table must supply them.
        #expect(FontError.freeTypeMessage(2) == "unknown file format")
        #expect(FontError.freeType("FT_X", 0x40, path: "/f.otf").description
            == "FreeType FT_X failed for /f.otf: error 0x40 (out of memory)")
    }
}

@Suite(.enabled(if: TestFonts.haveInter, "needs fonts-inter"))
struct InterMetricsTests {
    @Test func designMetricsMatchTheFontTables() throws {
        let font = try Font(path: TestFonts.interBold, size: 17)
        let file = try SFNTFile(path: TestFonts.interBold)
        let head = try #require(file.table("head"))
        let os2 = try #require(file.table("OS/2"))
        #expect(font.unitsPerEm == head.u16(18))
        #expect(os2.u16(62) & 0x80 != 0, "Inter sets USE_TYPO_METRICS")
        let m = font.designMetrics
        #expect(m.verticalSource == .os2Typo)
        #expect(m.ascender == os2.i16(68))
        #expect(m.descender == os2.i16(70))
        #expect(m.lineGap == os2.i16(72))
        #expect(m.capHeightSource == .os2)
        #expect(m.capHeight == os2.i16(88))
        #expect(m.xHeight == os2.i16(86))
    }

    @Test func metricRatiosArePlausibleForInter() throws {
        let font = try Font(path: TestFonts.interBold, size: 17)
        let m = font.designMetrics
        let em = Double(m.unitsPerEm)
        #expect(abs(Double(m.capHeight) / em - 0.727) < 0.001)
        #expect(abs(Double(m.ascender) / em - 0.969) < 0.001)
        #expect(abs(Double(-m.descender) / em - 0.241) < 0.001)
        // In points at 17 pt: 16.469 / 4.105 / 12.364, line height 20.574 (SF Pro: 20.29).
        let p = font.metrics
        #expect(abs(p.ascender - 16.46875) < 1e-9)
        #expect(abs(p.descender - 4.105113636) < 1e-6)
        #expect(abs(p.capHeight - 12.363636363) < 1e-6)
        #expect(abs(p.lineHeight - 20.573863636) < 1e-6)
        #expect(p.lineGap == 0)
    }

    @Test func capHeightAgreesWithTheOutlineOfH() throws {
        let font = try Font(path: TestFonts.interBold, size: 17)
        let h = try font.glyph(#require(font.glyphIndex(for: "H")))
        let bounds = try #require(h.bounds)
        #expect(-bounds.minY == Double(font.designMetrics.capHeight))
        #expect(bounds.maxY == 0, "H sits on the baseline")
    }

    @Test func tableTagsAreTheFilesDirectory() throws {
        let font = try Font(path: TestFonts.interBold, size: 17)
        let file = try SFNTFile(path: TestFonts.interBold)
        #expect(Set(font.tableTags) == Set(file.tables.keys))
        #expect(font.tableTags.contains("GPOS") && !font.tableTags.contains("kern"))
        #expect(font.format == "CFF")
    }

    @Test func withSizeSharesTheFaceAndScales() throws {
        let font = try Font(path: TestFonts.interBold, size: 17)
        let big = try font.withSize(34)
        #expect(big.face === font.face)
        #expect(abs(big.metrics.ascender - 2 * font.metrics.ascender) < 1e-12)
        #expect(abs(big.layout("Heart").advanceWidth - 2 * font.layout("Heart").advanceWidth) < 1e-9)
    }

    @Test func droppingFontsReleasesTheirFaces() throws {
        // Nothing (no cache, no cycle) may keep a chosen font's face — FreeType face, HarfBuzz
        // face and the file's bytes — alive once the last Font using it is gone.
        var fonts: [Font] = []
        for _ in 0..<5 { fonts.append(try Font(path: TestFonts.interBold, size: 17)) }
        _ = try fonts[0].withSize(30).layout("Heart")
        weak var face = fonts[0].face
        weak var shaping = fonts[0].face.shaping
        #expect(face != nil && shaping != nil)
        fonts.removeAll()
        #expect(face == nil, "the FreeType face is still referenced")
        #expect(shaping == nil, "the HarfBuzz face is still referenced")
    }
}

@Suite(.enabled(if: TestFonts.haveDejaVu, "needs fonts-dejavu-core"))
struct TrueTypeMetricsTests {
    @Test func capHeightIsMeasuredWithoutOS2Version2() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 17)
        let os2 = try #require(SFNTFile(path: TestFonts.dejaVuSans).table("OS/2"))
        #expect(os2.u16(0) < 2, "DejaVu's OS/2 has no sCapHeight")
        let m = font.designMetrics
        #expect(m.capHeightSource == .measured)
        #expect(m.capHeight == 1493)  // DejaVu Sans: cap height 1493 / 2048 em
        #expect(m.verticalSource == .hhea)
        #expect(font.format == "TrueType")
    }
}
