// RobustnessTests.swift — hostile input must not crash, hang or leak coverage.

import TestSupport
import Geometry
import Testing
@testable import Raster

@Suite struct RobustnessTests {
    @Test func nonFinitePointsAreDropped() {
        let rasterizer = Rasterizer()
        // A rectangle with NaN / infinite points spliced in: the rest still fills exactly, and the
        // implicit close keeps the winding balanced (nothing leaks to the right).
        var path = Path()
        path.move(to: Point(2, 2))
        path.line(to: Point(12, 2))
        path.line(to: Point(.nan, 5))
        path.cubic(to: Point(12, 12), control1: Point(.infinity, 3), control2: Point(12, 8))
        path.line(to: Point(12, 12))
        path.quad(to: Point(3, 3), control: Point(-.infinity, .nan))
        path.line(to: Point(2, 12))
        path.close()
        let mask = rasterizer.coverageMask(path, width: 20, height: 16)
        #expect(mask.filter { $0 == 255 }.count == 100)
        #expect(coveredArea(mask) == 100)

        var bad = Path()
        bad.move(to: Point(.nan, .nan))
        bad.line(to: Point(.infinity, 1))
        bad.cubic(to: Point(1, .nan), control1: Point(0, 0), control2: Point(1, 1))
        bad.close()
        #expect(rasterizer.coverageMask(bad, width: 8, height: 8).allSatisfy { $0 == 0 })

        // A transform that produces NaN everywhere.
        let nanTransform = Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(rasterizer.coverageMask(.circle(center: Point(4, 4), radius: 3), transform: nanTransform,
                                        width: 8, height: 8).allSatisfy { $0 == 0 })
    }

    @Test func hugeCoordinatesAreClipped() {
        let rasterizer = Rasterizer()
        let huge: [Path] = [
            .rectangle(x: -1e300, y: -1e300, width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
            .circle(center: Point(8, 8), radius: 1e200),
            .polygon([Point(-1e308, 4), Point(1e308, 4.5), Point(1e308, 12), Point(-1e308, 11.5)]),
            .circle(center: Point(1e12, 5), radius: 1e12 + 3),  // huge curve grazing the canvas
        ]
        for path in huge {
            let mask = rasterizer.coverageMask(path, width: 16, height: 16)
            #expect(mask.count == 256)
            #expect(mask.allSatisfy { $0 <= 255 })
        }
        // A huge circle whose edge is 3 px inside the left of the canvas covers columns 0–2 mostly.
        let grazing = rasterizer.coverageMask(.circle(center: Point(-1e6 + 3, 8), radius: 1e6), width: 16, height: 16)
        #expect(grazing[8 * 16 + 1] == 255 && grazing[8 * 16 + 3] == 0)
        // The full-canvas rectangle covers everything.
        let full = rasterizer.coverageMask(.rectangle(x: -1e30, y: -1e30, width: 2e30, height: 2e30), width: 16, height: 16)
        #expect(full.allSatisfy { $0 == 255 })
    }

    @Test func emptyAndDegeneratePaths() {
        let rasterizer = Rasterizer()
        var lineOnly = Path()
        lineOnly.move(to: Point(1, 1))
        lineOnly.line(to: Point(7, 7))
        lineOnly.line(to: Point(1, 1))
        var moveOnly = Path()
        moveOnly.move(to: Point(3, 3))
        var degenerateCubic = Path()
        degenerateCubic.move(to: Point(4, 4))
        degenerateCubic.cubic(to: Point(4, 4), control1: Point(4, 4), control2: Point(4, 4))
        degenerateCubic.close()
        var collinear = Path()
        collinear.move(to: Point(0, 0))
        collinear.cubic(to: Point(8, 8), control1: Point(10, 10), control2: Point(-2, -2))
        collinear.close()
        var noMove = Path()
        noMove.line(to: Point(1, 1))
        noMove.line(to: Point(6, 1))
        noMove.line(to: Point(6, 6))
        for path in [Path(), lineOnly, moveOnly, degenerateCubic, collinear, .rectangle(x: 2, y: 2, width: 0, height: 5),
                     .circle(center: Point(4, 4), radius: 0)] {
            for rule in [FillRule.nonZero, .evenOdd] {
                let mask = rasterizer.coverageMask(path, rule: rule, width: 8, height: 8)
                #expect(coveredArea(mask) < 1e-3)
            }
        }
        // A path that starts without a move begins its subpath at the first point.
        #expect(abs(coveredArea(rasterizer.coverageMask(noMove, width: 8, height: 8)) - 12.5) < 0.01)
    }

    @Test func tinyAndEmptyCanvases() {
        let rasterizer = Rasterizer()
        let one = Canvas(width: 1, height: 1)
        // At 0.2 px a circle of radius ½ flattens to its inscribed square (area ½, deviation 0.15 px)…
        rasterizer.fill(.circle(center: Point(0.5, 0.5), radius: 0.5), paint: SolidPaint(color: .white), on: one)
        #expect(one[0, 0].a == 128)
        // …and at a fine tolerance its coverage approaches π/4.
        one.clear(to: .clear)
        rasterizer.flatteningTolerance = 0.001
        rasterizer.fill(.circle(center: Point(0.5, 0.5), radius: 0.5), paint: SolidPaint(color: .white), on: one)
        #expect(abs(Int(one[0, 0].a) - Int((Double.pi / 4 * 255).rounded())) <= 1)
        rasterizer.flatteningTolerance = Flattening.defaultTolerance
        rasterizer.fill(.circle(center: Point(0.5, 0.5), radius: 100), paint: SolidPaint(color: .black), on: one)
        #expect(one[0, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        let empty = Canvas(width: 0, height: 0)
        rasterizer.fill(.circle(center: Point(0, 0), radius: 4), paint: SolidPaint(color: .white), on: empty)
        let wide = Canvas(width: 300, height: 1)
        rasterizer.fill(.rectangle(x: -5, y: -5, width: 400, height: 10), paint: SolidPaint(color: .white), on: wide)
        #expect(wide[299, 0] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(rasterizer.coverageMask(.circle(center: .zero, radius: 3), width: 0, height: 5).isEmpty)
    }

    @Test func reuseAcrossCanvasSizesLeavesNoResidue() {
        // Scratch buffers are reused; a fill must not see cells or dirty bits of the previous one.
        let rasterizer = Rasterizer()
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<20 {
            let width = Int.random(in: 1...90, using: &rng), height = Int.random(in: 1...70, using: &rng)
            _ = rasterizer.coverageMask(randomPath(width: Double(width), height: Double(height), using: &rng),
                                        width: width, height: height)
            let fresh = Rasterizer().coverageMask(.rectangle(x: 1, y: 1, width: 5, height: 5), width: 8, height: 8)
            #expect(rasterizer.coverageMask(.rectangle(x: 1, y: 1, width: 5, height: 5), width: 8, height: 8) == fresh)
        }
    }

    @Test func manyOverlappingContoursAndTallShapes() {
        // Large winding numbers and shapes spanning many bands.
        var path = Path()
        for _ in 0..<300 { path.append(.rectangle(x: 1.25, y: 1, width: 6, height: 198)) }
        let rasterizer = Rasterizer()
        // Winding 300 inside; the edge columns 1 and 7 get 300·¾ = 225 and 300·¼ = 75.
        let nonZero = rasterizer.coverageMask(path, width: 10, height: 200)
        #expect(abs(coveredArea(nonZero) - 7 * 198) < 0.01)
        // Even-odd: 300 is even (empty), 225 and 75 are odd (full).
        let evenOdd = rasterizer.coverageMask(path, rule: .evenOdd, width: 10, height: 200)
        #expect(abs(coveredArea(evenOdd) - 2 * 198) < 0.01)
        #expect(evenOdd[100 * 10 + 1] == 255 && evenOdd[100 * 10 + 4] == 0 && evenOdd[100 * 10 + 7] == 255)
    }
}
