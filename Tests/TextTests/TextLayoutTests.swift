// TextLayoutTests.swift — one line of text: widths (docs/ANIMATIONS.md §2.1 "Wt"), placement,
// .notdef handling, and the rendered label's ink against baseline, cap height and origin.

import Geometry
import Raster
import Testing
@testable import Text

@Suite(.enabled(if: TestFonts.haveInter, "needs fonts-inter"))
struct TextLayoutTests {
    let font: Font

    init() throws {
        font = try Font(path: TestFonts.interBold, size: 17)
    }

    @Test func labelWidthWithoutKerningIsTheReference() {
        let line = font.layout(TestFonts.label, kerning: false)
        // §2.1: Inter Bold 17, sum of advances = 180.5 pt. Exactly 29905 units / 2816 per em.
        #expect(abs(line.advanceWidth - 180.5) < 0.1)
        #expect(abs(line.advanceWidth - 29905 * 17 / 2816.0) < 1e-9)
        #expect(line.advanceWidthWithoutKerning == line.advanceWidth)
        #expect(!line.kerningApplied && line.glyphs.allSatisfy { $0.kerning == 0 })
        #expect(line.warnings.isEmpty)
    }

    @Test func glyphsFollowTheirAdvancesFromTheOrigin() {
        let origin = Point(12.5, 40.25)
        let line = font.layout(TestFonts.label, origin: origin)
        #expect(line.glyphs.count == TestFonts.label.unicodeScalars.count)
        #expect(line.glyphs[0].position == origin)
        for (a, b) in zip(line.glyphs, line.glyphs.dropFirst()) {
            #expect(abs(b.position.x - (a.position.x + a.advance)) < 1e-9)
            #expect(b.position.y == origin.y)
        }
        let last = line.glyphs[line.glyphs.count - 1]
        #expect(abs(origin.x + line.advanceWidth - (last.position.x + last.advance)) < 1e-9)
        #expect(line.fillRule == .nonZero)
        #expect(line.lineBox == Rect(minX: 12.5, minY: 40.25 - 16.46875, maxX: 12.5 + line.advanceWidth,
                                     maxY: 40.25 + font.metrics.descender))
    }

    @Test func pathIsTheGlyphOutlinesScaledAndPlaced() throws {
        let line = font.layout("He", origin: Point(3, 20))
        let h = try font.glyph(line.glyphs[0].glyphID)
        let e = try font.glyph(line.glyphs[1].glyphID)
        #expect(line.path.elements.count == h.path.elements.count + e.path.elements.count)
        let s = 17.0 / 2816
        let expected = h.path.transformed(by: Transform(a: s, b: 0, c: 0, d: s, tx: 3, ty: 20))
        #expect(Array(line.path.elements.prefix(h.path.elements.count)) == expected.elements)
        let ink = try #require(line.inkBounds)
        #expect(abs(ink.minY - (20 - 2048 * s)) < 1e-9, "top of H = baseline − cap height")
    }

    @Test func withoutFallbackMissingCharactersBecomeNotdefWithAWarning() throws {
        #expect(font.glyphIndex(for: "\u{4E2D}") == nil, "Inter has no CJK")
        let line = font.layout("A\u{4E2D}B", fallback: false)
        try #require(line.glyphs.count == 3 && line.warnings.count == 1)
        #expect(line.glyphs.map(\.glyphID)[1] == 0)
        #expect(line.warnings[0] == .missingGlyph(scalar: "\u{4E2D}", font: "Inter Bold", text: "A\u{4E2D}B"))
        #expect(line.warnings[0].isWarning)
        #expect(line.warnings[0].description.contains("U+4E2D"))
        #expect(line.glyphs[1].advance > 0, ".notdef still advances")
        #expect(line.glyphs[1].inkBounds != nil, "Inter's .notdef is a visible box")
    }

    @Test func emptyTextIsAnEmptyLine() {
        let line = font.layout("", origin: Point(5, 5))
        #expect(line.path.isEmpty && line.glyphs.isEmpty && line.inkBounds == nil)
        #expect(line.advanceWidth == 0)
        #expect(line.lineBox.minX == 5 && line.lineBox.width == 0)
    }

    @Test func concurrentLayoutIsConsistent() async throws {
        // A fresh face, so the tasks race to load (and cache) the same glyphs.
        let fresh = try Font(path: TestFonts.interBold, size: 17)
        let reference = font.layout(TestFonts.label).path.elements
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { fresh.layout(TestFonts.label).path.elements == reference }
            }
            for await same in group { #expect(same) }
        }
    }

    /// The label at 17 pt, drawn white on black at 2 px per point, baseline at (8, 24) pt.
    @Test func renderedLabelInkSitsOnTheBaseline() throws {
        let scale = 2.0
        let origin = Point(8, 24)
        let line = font.layout(TestFonts.label, origin: origin)
        let canvas = Canvas(width: 400, height: 64)
        canvas.clear(to: .black)
        line.draw(color: .white, transform: .scale(scale, scale), rasterizer: Rasterizer(), on: canvas)

        var rows: [Int] = []
        var columns: [Int] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y].r > 0 {
                rows.append(y)
                columns.append(x)
                #expect(canvas[x, y].r == canvas[x, y].g && canvas[x, y].a == 255)
            }
        }
        #expect(rows.count > 2000, "the label has ink")
        let ink = try #require(line.inkBounds)
        // Vertical: within ascender … descender, and exactly where the outlines say.
        #expect(Double(rows.min()!) >= ((origin.y - font.metrics.ascender) * scale).rounded(.down))
        #expect(Double(rows.max()!) < ((origin.y + font.metrics.descender) * scale).rounded(.up))
        #expect(rows.min()! == Int((ink.minY * scale).rounded(.down)))
        #expect(rows.max()! == Int((ink.maxY * scale).rounded(.down)))
        // Horizontal: ink starts after the pen origin, by the left side bearing of "M".
        let leftSideBearing = try #require(line.glyphs[0].inkBounds).minX - origin.x
        #expect(leftSideBearing > 0 && leftSideBearing < 2)
        #expect(Double(columns.min()!) > origin.x * scale)
        #expect(columns.min()! == Int(((origin.x + leftSideBearing) * scale).rounded(.down)))
        #expect(Double(columns.max()!) < (origin.x + line.advanceWidth) * scale)

        // The stem of "H" ends exactly on the baseline (y = 48 px) and reaches cap height
        // (24 − 12.364 = 11.636 pt → 23.27 px: row 23 partly, row 24 fully covered).
        let hGlyph = try #require(line.glyphs.first { $0.scalar == "H" })
        let stemX = Int((try #require(hGlyph.inkBounds).minX + 0.6) * scale)
        #expect(canvas[stemX, 47].r == 255 && canvas[stemX, 48].r == 0)
        #expect(canvas[stemX, 24].r == 255 && canvas[stemX, 22].r == 0)
        let partial = Double(canvas[stemX, 23].r) / 255
        #expect(abs(partial - (24 - (origin.y - font.metrics.capHeight) * scale)) < 0.02)
    }
}
