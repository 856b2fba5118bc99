// CoverageAreaTests.swift — the coverage is the exact area of the (flattened) shape.

import TestSupport
import Geometry
import Testing
@testable import Raster

@Suite struct CoverageAreaTests {
    @Test(arguments: [(50.3, Point(63.37, 61.81)), (3.7, Point(10.42, 9.77))])
    func circleAreaMatchesPiRSquared(radius: Double, center: Point) {
        let rasterizer = Rasterizer()
        // A fine tolerance isolates the coverage exactness (the default-tolerance case is below).
        rasterizer.flatteningTolerance = 0.001
        let side = Int((center.x + radius).rounded(.up)) + 3
        let mask = rasterizer.coverageMask(.circle(center: center, radius: radius), width: side, height: side)
        let expected = Double.pi * radius * radius
        #expect(abs(coveredArea(mask) - expected) / expected < 0.001)
    }

    @Test func defaultToleranceCircleIsTheExactAreaOfItsFlattenedPolygon() {
        let rasterizer = Rasterizer()
        let circle = Path.circle(center: Point(63.37, 61.81), radius: 50.3)
        let mask = rasterizer.coverageMask(circle, width: 128, height: 128)
        let polygon = circle.flattened(tolerance: Flattening.defaultTolerance)
        #expect(polygon.count == 1)
        let polygonArea = shoelaceArea(polygon[0].points)
        #expect(abs(coveredArea(mask) - polygonArea) / polygonArea < 2e-5)
        // The polyline stays within `tolerance` of the arc, so the area error is below tol·perimeter.
        let error = abs(Double.pi * 50.3 * 50.3 - coveredArea(mask))
        #expect(error < Flattening.defaultTolerance * 2 * Double.pi * 50.3)
    }

    /// At the DEFAULT tolerance (what every frame uses), the area-corrected flattening keeps a
    /// circle's summed coverage within 0.1 % of πr² for the radii the scenes draw (the pulse's
    /// discs reach 300 px; the dots 50 px). Uncorrected chords lost 0.38 % at r = 50.3.
    @Test(arguments: [50.3, 100.0, 150.3, 300.0])
    func defaultToleranceCircleAreaMatchesPiRSquared(radius: Double) {
        let side = Int(2 * radius) + 8
        let center = Point(Double(side) / 2 + 0.37, Double(side) / 2 + 0.21)
        let mask = Rasterizer().coverageMask(.circle(center: center, radius: radius), width: side, height: side)
        let expected = Double.pi * radius * radius
        #expect(abs(coveredArea(mask) - expected) / expected < 0.001, "r = \(radius): \(coveredArea(mask)) vs \(expected)")
    }

    @Test func pixelAlignedRectangleIsExactlyZeroOr255() {
        let mask = Rasterizer().coverageMask(.rectangle(x: 5, y: 7, width: 20, height: 11), width: 40, height: 30)
        #expect(mask.allSatisfy { $0 == 0 || $0 == 255 })
        #expect(mask.filter { $0 == 255 }.count == 20 * 11)
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = (5..<25).contains(x) && (7..<18).contains(y)
                #expect(mask[y * 40 + x] == (inside ? 255 : 0))
            }
        }
    }

    @Test func halfPixelRectangleHasHalfCoveredEdges() {
        let mask = Rasterizer().coverageMask(.rectangle(x: 4.5, y: 6.5, width: 10, height: 8), width: 24, height: 20)
        // Exact area 80; each of the 36 edge pixels may be off by half a byte step after rounding.
        #expect(abs(coveredArea(mask) - 80) <= 36 * 0.5 / 255)
        #expect(mask[10 * 24 + 4] == 128)   // left edge: half covered (127.5 rounds to even)
        #expect(mask[10 * 24 + 14] == 128)  // right edge
        #expect(mask[6 * 24 + 8] == 128)    // top edge
        #expect(mask[6 * 24 + 4] == 64)     // corner: a quarter (63.75)
        #expect(mask[10 * 24 + 8] == 255)
        #expect(mask[10 * 24 + 3] == 0 && mask[10 * 24 + 15] == 0)
    }

    @Test func trianglesAndPolygonsMatchShoelaceArea() {
        let shapes: [[Point]] = [
            [Point(3.2, 4.7), Point(51.9, 12.3), Point(20.1, 44.4)],
            [Point(10, 10), Point(50.5, 10.25), Point(10.75, 49)],
            [Point(30, 2.2), Point(37.1, 22), Point(58, 24.5), Point(41, 36), Point(47, 57),
             Point(30, 44), Point(12.6, 57), Point(19, 36), Point(2, 24.5), Point(23, 22)],  // concave star-ish
            [Point(5.5, 5.5), Point(55.25, 8), Point(57, 57.7), Point(31, 30), Point(6, 54)],
        ]
        let rasterizer = Rasterizer()
        for shape in shapes {
            let expected = abs(shoelaceArea(shape))
            for rule in [FillRule.nonZero, .evenOdd] {
                let mask = rasterizer.coverageMask(.polygon(shape), rule: rule, width: 64, height: 64)
                #expect(abs(coveredArea(mask) - expected) / expected < 0.001, "\(shape) \(rule)")
            }
        }
    }

    @Test func everyPixelOfRandomTrianglesHasItsExactArea() {
        var rng = SeededGenerator(seed: 7)
        let rasterizer = Rasterizer()
        for _ in 0..<40 {
            let triangle = (0..<3).map { _ in
                Point(Double.random(in: -6...30, using: &rng), Double.random(in: -6...30, using: &rng))
            }
            let mask = rasterizer.coverageMask(.polygon(triangle), width: 24, height: 24)
            var worst = 0.0
            for y in 0..<24 {
                for x in 0..<24 {
                    let piece = clip(triangle, minX: Double(x), minY: Double(y), maxX: Double(x + 1), maxY: Double(y + 1))
                    let area = abs(shoelaceArea(piece))
                    worst = max(worst, abs(Double(mask[y * 24 + x]) - area * 255))
                }
            }
            #expect(worst <= 0.501, "\(triangle)")
        }
    }

    @Test func cubicBoundedShapeMatchesItsExactArea() {
        var path = Path()
        path.move(to: Point(8.3, 60.1))
        path.cubic(to: Point(110.7, 58.4), control1: Point(30.2, -20.5), control2: Point(95.5, 130.8))
        path.quad(to: Point(60.2, 112.9), control: Point(120.4, 118.1))
        path.cubic(to: Point(8.3, 60.1), control1: Point(30.9, 105.2), control2: Point(-20.4, 90.3))
        path.close()
        let expected = abs(exactArea(path))
        let rasterizer = Rasterizer()
        rasterizer.flatteningTolerance = 0.01
        let fine = coveredArea(rasterizer.coverageMask(path, width: 128, height: 128))
        #expect(abs(fine - expected) / expected < 0.001)
        rasterizer.flatteningTolerance = Flattening.defaultTolerance
        let coarse = coveredArea(rasterizer.coverageMask(path, width: 128, height: 128))
        #expect(abs(coarse - expected) / expected < 0.005)
    }

    @Test func transformIsAppliedBeforeRasterizing() {
        // A 10×5 rectangle scaled by 2 and moved by (3, 4) covers exactly 20×10 pixels at (3, 4).
        let transform = Transform.scale(2, 2).concatenating(.translation(3, 4))
        let mask = Rasterizer().coverageMask(.rectangle(x: 0, y: 0, width: 10, height: 5), transform: transform,
                                             width: 32, height: 32)
        #expect(mask.filter { $0 == 255 }.count == 200)
        #expect(mask[4 * 32 + 3] == 255 && mask[13 * 32 + 22] == 255)
        #expect(mask[3 * 32 + 3] == 0 && mask[4 * 32 + 23] == 0)
    }
}

@Suite struct FillRuleTests {
    static func twoOverlappingSquares(secondReversed: Bool) -> Path {
        var path = Path.rectangle(x: 10, y: 10, width: 30, height: 30)
        if secondReversed {
            path.append(.polygon([Point(25, 25), Point(25, 55), Point(55, 55), Point(55, 25)]))
        } else {
            path.append(.rectangle(x: 25, y: 25, width: 30, height: 30))
        }
        return path
    }

    @Test func sameDirectionOverlap() {
        let rasterizer = Rasterizer()
        let path = Self.twoOverlappingSquares(secondReversed: false)
        let nonZero = rasterizer.coverageMask(path, rule: .nonZero, width: 64, height: 64)
        let evenOdd = rasterizer.coverageMask(path, rule: .evenOdd, width: 64, height: 64)
        #expect(nonZero[30 * 64 + 30] == 255)
        #expect(evenOdd[30 * 64 + 30] == 0)
        #expect(abs(coveredArea(nonZero) - 1575) < 0.01)
        #expect(abs(coveredArea(evenOdd) - 1350) < 0.01)
        #expect(nonZero[15 * 64 + 15] == 255 && evenOdd[15 * 64 + 15] == 255)
        #expect(nonZero[50 * 64 + 50] == 255 && evenOdd[50 * 64 + 50] == 255)
    }

    @Test func oppositeWoundInnerSquareIsAHoleUnderBothRules() {
        var path = Path.rectangle(x: 10, y: 10, width: 40, height: 40)
        path.append(.polygon([Point(20, 20), Point(20, 40), Point(40, 40), Point(40, 20)]))  // counter-clockwise
        let rasterizer = Rasterizer()
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = rasterizer.coverageMask(path, rule: rule, width: 64, height: 64)
            #expect(mask[30 * 64 + 30] == 0, "\(rule)")
            #expect(mask[15 * 64 + 15] == 255, "\(rule)")
            #expect(abs(coveredArea(mask) - 1200) < 0.01, "\(rule)")
        }
    }

    @Test func sameWoundInnerSquareFillsOnlyUnderNonZero() {
        var path = Path.rectangle(x: 10, y: 10, width: 40, height: 40)
        path.append(.rectangle(x: 20, y: 20, width: 20, height: 20))
        let rasterizer = Rasterizer()
        #expect(abs(coveredArea(rasterizer.coverageMask(path, rule: .nonZero, width: 64, height: 64)) - 1600) < 0.01)
        #expect(abs(coveredArea(rasterizer.coverageMask(path, rule: .evenOdd, width: 64, height: 64)) - 1200) < 0.01)
    }

    @Test func evenOddTriangleWaveOnFractionalCoverage() {
        // Three stacked copies of a half-pixel-offset rectangle: winding 3 inside, 1.5 at the
        // half-covered edge column → even-odd coverage 1 inside and 0.5 at the edge.
        var path = Path()
        for _ in 0..<3 { path.append(.rectangle(x: 4.5, y: 2, width: 6, height: 4)) }
        let mask = Rasterizer().coverageMask(path, rule: .evenOdd, width: 16, height: 8)
        #expect(mask[3 * 16 + 7] == 255)
        #expect(mask[3 * 16 + 4] == 128)
        #expect(mask[3 * 16 + 10] == 128)
    }
}

@Suite struct ClippingTests {
    @Test func shapeOffEverySideGivesTheClippedArea() {
        let width = 48, height = 40
        let shapes: [[Point]] = [
            [Point(24, -13.3), Point(61.7, 20.2), Point(23.6, 55.1), Point(-17.9, 19.4)],      // diamond past all edges
            [Point(-30, -25), Point(80, -5.5), Point(20, 12), Point(70, 70), Point(-12, 52.2)],  // concave
        ]
        let rasterizer = Rasterizer()
        for shape in shapes {
            let expected = abs(shoelaceArea(clip(shape, minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))))
            let mask = rasterizer.coverageMask(.polygon(shape), width: width, height: height)
            #expect(abs(coveredArea(mask) - expected) / expected < 0.001, "\(shape)")
        }
        // A circle much larger than the canvas covers all of it.
        let big = rasterizer.coverageMask(.circle(center: Point(24, 20), radius: 500), width: width, height: height)
        #expect(big.allSatisfy { $0 == 255 })
    }

    @Test func geometryLeftOfTheCanvasStillCountsForWinding() {
        // From x = −1e6 to 10.5: columns 0…9 full, column 10 half.
        let mask = Rasterizer().coverageMask(.rectangle(x: -1e6, y: 2, width: 1e6 + 10.5, height: 5), width: 16, height: 10)
        for y in 2..<7 {
            #expect(Array(mask[(y * 16)..<(y * 16 + 10)]).allSatisfy { $0 == 255 })
            #expect(mask[y * 16 + 10] == 128)
            #expect(mask[y * 16 + 11] == 0)
        }
        #expect(abs(coveredArea(mask) - 52.5) < 0.01)
    }

    @Test func shapeEntirelyOutsideDoesNotLeak() {
        let rasterizer = Rasterizer()
        let outside: [Path] = [
            .rectangle(x: -1000, y: -50, width: 990, height: 200),  // left, wider than the canvas, full height
            .circle(center: Point(-40, 20), radius: 30),
            .rectangle(x: 40, y: 5, width: 100, height: 10),          // right
            .rectangle(x: -50, y: -100, width: 200, height: 90),      // above
            .rectangle(x: -50, y: 31, width: 200, height: 90),        // below (touching the bottom edge)
        ]
        for path in outside {
            for rule in [FillRule.nonZero, .evenOdd] {
                let mask = rasterizer.coverageMask(path, rule: rule, width: 40, height: 31)
                #expect(mask.allSatisfy { $0 == 0 })
            }
        }
    }

    @Test func curvesCrossingTheLeftEdgeKeepTheirWinding() {
        // A circle centred on the left edge: the visible right half has area πr²/2.
        let rasterizer = Rasterizer()
        rasterizer.flatteningTolerance = 0.001
        let mask = rasterizer.coverageMask(.circle(center: Point(0, 30), radius: 20.5), width: 32, height: 60)
        let expected = Double.pi * 20.5 * 20.5 / 2
        #expect(abs(coveredArea(mask) - expected) / expected < 0.001)
    }
}
