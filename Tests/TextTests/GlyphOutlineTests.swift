// GlyphOutlineTests.swift — FreeType outlines → Path: orientation, areas, holes, exact bounds.

import Geometry
import Raster
import Testing
@testable import Text

/// Renders `glyph` with the em at `emPixels` pixels into a tight mask; returns the mask, its
/// size, the transform used, and the shoelace area of the flattened, transformed outline.
private func render(_ glyph: Glyph, unitsPerEm: Int, emPixels: Double = 1000)
    throws -> (mask: [UInt8], width: Int, height: Int, transform: Transform, shoelace: Double) {
    let bounds = try #require(glyph.bounds)
    let k = emPixels / Double(unitsPerEm)
    let margin = 8.0
    let transform = Transform(a: k, b: 0, c: 0, d: k, tx: margin - bounds.minX * k, ty: margin - bounds.minY * k)
    let width = Int((bounds.width * k + 2 * margin).rounded(.up))
    let height = Int((bounds.height * k + 2 * margin).rounded(.up))
    let mask = Rasterizer().coverageMask(glyph.path, transform: transform, rule: glyph.fillRule,
                                         width: width, height: height)
    let shoelace = polygons(of: glyph.path.transformed(by: transform), steps: 256).map(signedArea).reduce(0, +)
    return (mask, width, height, transform, abs(shoelace))
}

@Suite(.enabled(if: TestFonts.haveInter, "needs fonts-inter"))
struct InterGlyphOutlineTests {
    let font: Font

    init() throws {
        font = try Font(path: TestFonts.interBold, size: 17)
    }

    func glyph(_ scalar: Unicode.Scalar) throws -> Glyph {
        try font.glyph(#require(font.glyphIndex(for: scalar)))
    }

    @Test func outlinesAreYDownOnTheBaseline() throws {
        let h = try glyph("H")
        let bounds = try #require(h.bounds)
        // Ink above the baseline has negative y; 'H' spans cap height … baseline.
        #expect(bounds.minY == -2048 && bounds.maxY == 0)
        #expect(bounds.minX > 0 && bounds.maxX < Double(h.advance), "side bearings inside the advance")
        let g = try #require(try glyph("g").bounds)
        #expect(g.maxY > 0, "the descender of g goes below the baseline (positive y)")
    }

    @Test func cffOutlinesAreCubicsForTheNonZeroRule() throws {
        let o = try glyph("O")
        #expect(font.format == "CFF")
        #expect(o.fillRule == .nonZero)
        #expect(o.outlineFlags & 0x2 == 0, "no FT_OUTLINE_EVEN_ODD_FILL")
        #expect(o.outlineFlags & 0x4 != 0, "CFF contours run in reverse: FT_OUTLINE_REVERSE_FILL")
        #expect(o.contourCount == 2)
        #expect(o.path.elements.contains { if case .cubic = $0 { true } else { false } })
        #expect(!o.path.elements.contains { if case .quad = $0 { true } else { false } })
        #expect(o.path.elements.filter { $0 == .close }.count == 2)
    }

    @Test func coverageAreaOfHMatchesTheShoelaceArea() throws {
        let (mask, _, _, _, shoelace) = try render(glyph("H"), unitsPerEm: font.unitsPerEm)
        let area = coveredArea(mask)
        #expect(shoelace > 100_000, "H at a 1000 px em covers a large area")
        #expect(abs(area - shoelace) / shoelace < 0.005, "coverage \(area) vs shoelace \(shoelace)")
    }

    @Test func oHasAHoleWithOppositeWinding() throws {
        let o = try glyph("O")
        let contours = polygons(of: o.path).map(signedArea)
        #expect(contours.count == 2)
        #expect(contours[0] * contours[1] < 0, "outer contour and counter wind in opposite directions")

        let (mask, width, height, transform, shoelace) = try render(o, unitsPerEm: font.unitsPerEm)
        let area = coveredArea(mask)
        #expect(abs(area - shoelace) / shoelace < 0.005, "coverage \(area) vs shoelace \(shoelace)")
        let bounds = try #require(o.bounds)
        let centre = transform.apply(Point((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2))
        #expect(mask[Int(centre.y) * width + Int(centre.x)] == 0, "the counter of O is empty")
        // The left stroke, at mid height, is solid.
        let stroke = transform.apply(Point(bounds.minX + 60, (bounds.minY + bounds.maxY) / 2))
        #expect(mask[Int(stroke.y) * width + Int(stroke.x)] == 255)
        #expect(mask.count == width * height)
    }

    @Test(arguments: ["O", "S", "g", "@", "e", "&"] as [Unicode.Scalar])
    func exactBoundsEncloseTheCurvesTightly(scalar: Unicode.Scalar) throws {
        let glyph = try glyph(scalar)
        let exact = try #require(glyph.bounds)
        let points = polygons(of: glyph.path, steps: 4000).flatMap { $0 }
        let sampled = Rect(minX: points.map(\.x).min()!, minY: points.map(\.y).min()!,
                           maxX: points.map(\.x).max()!, maxY: points.map(\.y).max()!)
        for (e, s) in [(exact.minX, sampled.minX), (exact.minY, sampled.minY)] {
            #expect(e <= s + 1e-9 && s - e < 0.01, "\(scalar): min \(e) vs sampled \(s)")
        }
        for (e, s) in [(exact.maxX, sampled.maxX), (exact.maxY, sampled.maxY)] {
            #expect(e >= s - 1e-9 && e - s < 0.01, "\(scalar): max \(e) vs sampled \(s)")
        }
        // Control points of Inter's round glyphs overshoot the curves; exact bounds must not.
        let control = try #require(glyph.path.controlPointBounds)
        #expect(control.minX <= exact.minX && control.maxX >= exact.maxX)
    }

    @Test func spaceHasAnAdvanceButNoInk() throws {
        let space = try glyph(" ")
        #expect(space.path.isEmpty && space.bounds == nil && space.contourCount == 0)
        #expect(space.advance > 0)
    }

    @Test func glyphsAreCachedPerFace() throws {
        let id = try #require(font.glyphIndex(for: "R"))
        let first = try font.glyph(id)
        let again = try font.withSize(99).glyph(id)
        #expect(first.path.elements == again.path.elements && first.advance == again.advance)
        #expect(font.face.state.withLock { $0.glyphs[id] != nil })
    }

    @Test func invalidGlyphIndexThrows() {
        #expect(throws: FontError.self) { try font.glyph(UInt32(font.glyphCount + 10)) }
    }
}

@Suite(.enabled(if: TestFonts.haveDejaVu, "needs fonts-dejavu-core"))
struct TrueTypeGlyphOutlineTests {
    @Test func trueTypeOutlinesAreQuadraticAndFillCorrectly() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 17)
        let o = try font.glyph(#require(font.glyphIndex(for: "O")))
        #expect(o.fillRule == .nonZero && o.outlineFlags & 0x4 == 0)
        #expect(o.path.elements.contains { if case .quad = $0 { true } else { false } })
        #expect(!o.path.elements.contains { if case .cubic = $0 { true } else { false } })
        let contours = polygons(of: o.path).map(signedArea)
        #expect(contours.count == 2 && contours[0] * contours[1] < 0)
        let (mask, _, _, _, shoelace) = try render(o, unitsPerEm: font.unitsPerEm)
        let area = coveredArea(mask)
        #expect(abs(area - shoelace) / shoelace < 0.005, "coverage \(area) vs shoelace \(shoelace)")
    }
}
