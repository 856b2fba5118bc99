// StrokeDegenerateTests.swift — degenerate input never crashes and behaves as documented.

import Geometry
import Testing
@testable import Raster

@Suite struct StrokeDegenerateTests {
    func mask(_ path: Path, _ style: StrokeStyle, transform: Transform = .identity) throws -> [UInt8] {
        try Rasterizer().strokeCoverageMask(path, style: style, transform: transform, width: 120, height: 120)
    }

    @Test func zeroLengthSegmentsAndCoincidentPointsAreIgnored() throws {
        let clean = polyline([Point(10, 10), Point(60, 20), Point(90, 80), Point(20, 100)])
        var noisy = Path()
        noisy.move(to: Point(10, 10))
        noisy.line(to: Point(10, 10))
        noisy.line(to: Point(60, 20))
        noisy.cubic(to: Point(60, 20), control1: Point(60, 20), control2: Point(60, 20))
        noisy.line(to: Point(60, 20))
        noisy.line(to: Point(90, 80))
        noisy.line(to: Point(90, 80))
        noisy.line(to: Point(20, 100))
        noisy.line(to: Point(20, 100))
        for join in [LineJoin.miter, .round, .bevel] {
            for cap in [LineCap.butt, .round, .square] {
                let style = StrokeStyle(lineWidth: 9, cap: cap, join: join)
                #expect(try mask(noisy, style) == mask(clean, style), "\(join) \(cap)")
            }
        }
        // A closed polygon with repeated vertices, including its start repeated at the end.
        let polygon = polyline([Point(20, 20), Point(100, 30), Point(60, 90)], closed: true)
        let repeated = polyline([Point(20, 20), Point(100, 30), Point(100, 30), Point(60, 90), Point(20, 20)],
                                closed: true)
        let style = StrokeStyle(lineWidth: 6, join: .miter)
        #expect(try mask(repeated, style) == mask(polygon, style))
    }

    @Test func cuspTurnsBack() throws {
        // (20,50) → (80,50) → (50,50), width 10.
        let cusp = polyline([Point(20, 50), Point(80, 50), Point(50, 50)])
        let capsule = 600 + Double.pi * 25
        let roundArea = coveredArea(try mask(cusp, StrokeStyle(lineWidth: 10, cap: .round, join: .round)))
        #expect(abs(roundArea - capsule) <= 0.005 * capsule, "\(roundArea)")
        // Butt caps: the rectangle [20, 80] × [45, 55]; a miter at 180° is a bevel, i.e. flat.
        for join in [LineJoin.miter, .bevel] {
            let area = coveredArea(try mask(cusp, StrokeStyle(lineWidth: 10, cap: .butt, join: join, miterLimit: 1e9)))
            #expect(abs(area - 600) <= 0.005 * 600, "\(join) \(area)")
        }
        // Round join, butt caps: the rectangle plus a half disc beyond x = 80.
        let halfDisc = coveredArea(try mask(cusp, StrokeStyle(lineWidth: 10, cap: .butt, join: .round)))
        #expect(abs(halfDisc - (600 + .pi * 12.5)) <= 0.005 * 640, "\(halfDisc)")
        // A closed back-and-forth subpath has cusp joins at both ends and no caps.
        let closed = polyline([Point(20, 50), Point(80, 50)], closed: true)
        let closedArea = coveredArea(try mask(closed, StrokeStyle(lineWidth: 10, cap: .square, join: .round)))
        #expect(abs(closedArea - capsule) <= 0.005 * capsule, "\(closedArea)")
    }

    @Test func singlePointSubpathsAreDots() throws {
        var dot = Path()
        dot.move(to: Point(40.5, 50.25))
        dot.line(to: Point(40.5, 50.25))
        let w = 10.0
        let round = coveredArea(try mask(dot, StrokeStyle(lineWidth: w, cap: .round)))
        #expect(abs(round - .pi * 25) <= 0.01 * .pi * 25, "round dot \(round)")
        let square = coveredArea(try mask(dot, StrokeStyle(lineWidth: w, cap: .square)))
        #expect(abs(square - 100) <= 0.005 * 100, "square dot \(square)")
        #expect(try mask(dot, StrokeStyle(lineWidth: w, cap: .butt)).allSatisfy { $0 == 0 })
        // move + close is a dot too; a lone move is nothing.
        var closedDot = Path()
        closedDot.move(to: Point(40.5, 50.25))
        closedDot.close()
        #expect(try mask(closedDot, StrokeStyle(lineWidth: w, cap: .round)) == mask(dot, StrokeStyle(lineWidth: w, cap: .round)))
        var lone = Path()
        lone.move(to: Point(40, 50))
        #expect(try mask(lone, StrokeStyle(lineWidth: w, cap: .round)).allSatisfy { $0 == 0 })
        // A small dot keeps its weight (area-preserving arc vertices): w = 3 → π·2.25.
        let small = coveredArea(try mask(dot, StrokeStyle(lineWidth: 3, cap: .round)))
        #expect(abs(small - .pi * 2.25) <= 0.02 * .pi * 2.25, "small dot \(small)")
    }

    @Test func zeroLengthDashesAreOrientedAlongThePath() throws {
        // Square dots on a 45° line: turned squares, so the offset (5.4, −5.4) across the line
        // from a dot centre is outside (7.6 > 5) although an axis-aligned square would contain
        // (4.5, −4.5); the along-line offset (2.5, 2.5) is inside.
        let line = polyline([Point(20, 20), Point(100, 100)])
        let style = StrokeStyle(lineWidth: 10, cap: .square, dash: [0, 40])
        let m = try mask(line, style)
        // Dots at s = 0 and 40 → (20,20), (48.28, 48.28); s = 80 → (76.57, 76.57); s = 113 > L.
        let centre = Point(20, 20) + Point(1, 1) * (40 / 2.0.squareRoot())
        func at(_ p: Point) -> UInt8 { m[Int(p.y) * 120 + Int(p.x)] }
        #expect(at(centre) == 255)
        #expect(at(centre + Point(2.5, 2.5)) == 255)
        #expect(at(centre + Point(5.4, -5.4)) == 0)
        #expect(at(centre + Point(4.5, -4.5)) == 0 || at(centre + Point(-4.5, 4.5)) == 0)
        #expect(abs(coveredArea(m) - 300) <= 3, "\(coveredArea(m))")   // 3 squares of 100
    }

    @Test func nonFiniteInputIsDropped() throws {
        var withNaN = Path()
        withNaN.move(to: Point(10, 10))
        withNaN.line(to: Point(.nan, 40))
        withNaN.line(to: Point(80, 20))
        withNaN.cubic(to: Point(90, 90), control1: Point(.infinity, 0), control2: Point(0, 0))
        withNaN.line(to: Point(60, 100))
        let clean = polyline([Point(10, 10), Point(80, 20), Point(60, 100)])
        let style = StrokeStyle(lineWidth: 6, cap: .round, join: .round)
        #expect(try mask(withNaN, style) == mask(clean, style))
        // Non-finite transforms and widths draw nothing.
        let nanTransform = Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(try mask(clean, style, transform: nanTransform).allSatisfy { $0 == 0 })
        #expect(try mask(clean, style, transform: .scale(0, 0)).allSatisfy { $0 == 0 })
        for width in [0, -3, Double.nan, .infinity] {
            #expect(try mask(clean, StrokeStyle(lineWidth: width)).allSatisfy { $0 == 0 }, "width \(width)")
        }
        // NaN miter limit: bevel.
        #expect(try mask(clean, StrokeStyle(lineWidth: 6, miterLimit: .nan))
                == mask(clean, StrokeStyle(lineWidth: 6, join: .bevel)))
        // Huge coordinates and huge widths do not crash.
        let huge = polyline([Point(-1e200, 5), Point(1e200, 60), Point(3, 1e300)])
        _ = try mask(huge, StrokeStyle(lineWidth: 1e150, cap: .round, join: .round))
        _ = try mask(clean, StrokeStyle(lineWidth: 1e12, cap: .square, join: .miter))
        _ = try mask(clean, StrokeStyle(lineWidth: 1e-12, cap: .round, join: .round))
    }

    @Test func emptyAndAllZeroDashArraysStrokeSolid() throws {
        let path = Heart.path(size: 110)
        let solid = try mask(path, StrokeStyle(lineWidth: 4, cap: .round, join: .round))
        #expect(coveredArea(solid) > 500)
        for dash in [[], [0.0], [0, 0, 0, 0], [12, 0]] {
            #expect(try mask(path, StrokeStyle(lineWidth: 4, cap: .round, join: .round, dash: dash)) == solid,
                    "\(dash)")
        }
    }

    @Test func refusedDashPatternsThrowAndDrawNothing() throws {
        let canvas = Canvas(width: 40, height: 40)
        let line = polyline([Point(0, 20), Point(2_000_000, 20)])
        let paint = SolidPaint(color: RGBA(r: 1, g: 0, b: 0, a: 1))
        let rasterizer = Rasterizer()
        #expect(throws: StrokeError.self) {
            try rasterizer.stroke(line, style: StrokeStyle(lineWidth: 3, dash: [0.5, 0.5]), paint: paint, on: canvas)
        }
        #expect(throws: StrokeError.invalidDashPattern) {
            try rasterizer.stroke(line, style: StrokeStyle(lineWidth: 3, dash: [1, -1]), paint: paint, on: canvas)
        }
        #expect(throws: StrokeError.invalidDashPattern) {
            try rasterizer.stroke(line, style: StrokeStyle(lineWidth: 3, dash: [1, 1], dashPhase: .nan),
                                  paint: paint, on: canvas)
        }
        #expect(canvasBytes(canvas).allSatisfy { $0 == 0 })
        // The rasterizer is still usable afterwards.
        try rasterizer.stroke(polyline([Point(0, 20), Point(40, 20)]), style: StrokeStyle(lineWidth: 3),
                              paint: paint, on: canvas)
        #expect(canvas[20, 20].a == 255)
    }
}
