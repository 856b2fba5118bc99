// StrokeGeometryTests.swift — stroke areas against closed-form geometry: caps, dashes, joins.

import Geometry
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

@Suite struct StrokeGeometryTests {
    // A 100-long horizontal segment at fractional coordinates, 5 wide. The long edges sit at
    // y = 38.2 and 43.2, where coverage·255 is a whole number: coverage bytes are rounded, and
    // a long edge at a ".5" fraction would bias the area by up to 0.5/255 per pixel.
    let segment = polyline([Point(30.2, 40.7), Point(130.2, 40.7)])

    @Test func buttRoundAndSquareCapsOnASegment() throws {
        let butt = try strokeArea(segment, StrokeStyle(lineWidth: 5, cap: .butt))
        let round = try strokeArea(segment, StrokeStyle(lineWidth: 5, cap: .round))
        let square = try strokeArea(segment, StrokeStyle(lineWidth: 5, cap: .square))
        #expect(abs(butt - 500) <= 0.005 * 500, "butt \(butt)")
        #expect(abs(round - (500 + .pi * 2.5 * 2.5)) <= 0.005 * 520, "round \(round)")
        #expect(abs(square - 525) <= 0.005 * 525, "square \(square)")
        // Caps alone, more tightly: the two round caps make one disc of radius 2.5.
        #expect(abs((round - butt) - .pi * 6.25) <= 0.02 * .pi * 6.25, "round caps \(round - butt)")
        #expect(abs((square - butt) - 25) <= 0.2, "square caps \(square - butt)")
    }

    @Test func dashedLineAreaIsTheSumOfItsDashes() throws {
        // [10, 8] on a 100-long line: dashes at 0, 18, 36, 54, 72, 90 → 6 dashes of 10.
        for (cap, capArea) in [(LineCap.butt, 0.0), (.round, Double.pi * 6.25), (.square, 25)] {
            let style = StrokeStyle(lineWidth: 5, cap: cap, dash: [10, 8])
            let area = try strokeArea(segment, style)
            let expected = 6 * (10 * 5 + capArea)
            #expect(abs(area - expected) <= 0.005 * expected, "\(cap): \(area) vs \(expected)")
        }
        // A phase of 4 shifts the pattern back: dashes [0,6), [14,24), …, [86,96) → 6 dashes, 56 long.
        let shifted = try strokeArea(segment, StrokeStyle(lineWidth: 5, dash: [10, 8], dashPhase: 4))
        #expect(abs(shifted - 6 * 10 * 5 + 4 * 5) <= 0.005 * 280, "\(shifted)")
    }

    @Test func closedSquareWithMiterRoundAndBevelJoins() throws {
        let square = Path.rectangle(x: 40.5, y: 30.25, width: 40, height: 40)
        let r = 3.0
        let miter = try strokeArea(square, StrokeStyle(lineWidth: 2 * r, join: .miter))
        let round = try strokeArea(square, StrokeStyle(lineWidth: 2 * r, join: .round))
        let bevel = try strokeArea(square, StrokeStyle(lineWidth: 2 * r, join: .bevel))
        #expect(abs(miter - (46 * 46 - 34 * 34)) <= 0.005 * 960, "miter \(miter)")
        // Each outer corner loses r² − πr²/4 (round) or r²/2 (bevel).
        #expect(abs(round - (960 - 4 * (r * r - .pi * r * r / 4))) <= 0.005 * 960, "round \(round)")
        #expect(abs(bevel - (960 - 4 * r * r / 2)) <= 0.005 * 960, "bevel \(bevel)")
        // Caps do not apply to closed subpaths.
        #expect(try strokeArea(square, StrokeStyle(lineWidth: 2 * r, cap: .round, join: .miter)) == miter)
    }

    @Test func rightAngleJoins() throws {
        // (10,50) → (50,50) → (50,10), width 10: two 40 × 10 rectangles overlapping in 5 × 5 = 775,
        // plus the outer corner piece: quarter disc (round), 5 × 5 (miter) or half of it (bevel).
        let corner = polyline([Point(10.5, 50.5), Point(50.5, 50.5), Point(50.5, 10.5)])
        let cases: [(LineJoin, Double)] = [(.round, 775 + .pi * 25 / 4), (.miter, 800), (.bevel, 787.5)]
        for (join, expected) in cases {
            let area = try strokeArea(corner, StrokeStyle(lineWidth: 10, join: join))
            #expect(abs(area - expected) <= 0.005 * expected, "\(join): \(area) vs \(expected)")
        }
    }

    @Test func miterLimitFallsBackToBevel() throws {
        // A V with a 30° interior angle: miter ratio 1/sin(15°) ≈ 3.864.
        let half = 15.0 * .pi / 180
        let apex = Point(100, 40)
        let arm = 80.0
        let v = polyline([apex + Point(-sin(half), cos(half)) * arm, apex, apex + Point(sin(half), cos(half)) * arm])
        let r = 4.0
        func mask(_ join: LineJoin, limit: Double) throws -> [UInt8] {
            try Rasterizer().strokeCoverageMask(v, style: StrokeStyle(lineWidth: 2 * r, join: join, miterLimit: limit),
                                               width: 200, height: 200)
        }
        let bevel = try mask(.bevel, limit: 10)
        let miterBelowLimit = try mask(.miter, limit: 3.8)
        let miterWithinLimit = try mask(.miter, limit: 3.9)
        #expect(miterBelowLimit == bevel)
        // The miter adds r²·(tan(θ/2) − sin(θ)/2) to the bevel, θ = 150° the turn angle.
        let theta = Double.pi - 2 * half
        let extra = r * r * (tan(theta / 2) - sin(theta) / 2)
        let measured = coveredArea(miterWithinLimit) - coveredArea(bevel)
        #expect(abs(measured - extra) <= 0.02 * extra, "miter extra \(measured) vs \(extra)")
        // The round join adds the sector r²·θ/2 minus the bevel triangle r²·sin(θ)/2.
        let round = try mask(.round, limit: 10)
        let roundExtra = r * r * (theta - sin(theta)) / 2
        #expect(abs(coveredArea(round) - coveredArea(bevel) - roundExtra) <= 0.03 * roundExtra)
    }

    @Test func outlineMatchesTheRasterizerStroke() throws {
        // Path.strokeOutline at the rasterizer's tolerance, filled non-zero, is the same coverage.
        let style = StrokeStyle(lineWidth: 7, cap: .round, join: .round, dash: [30, 12], dashPhase: 5)
        let path = Heart.path(size: 150)
        let rasterizer = Rasterizer()
        let outline = try path.strokeOutline(style, tolerance: rasterizer.flatteningTolerance)
        #expect(outline.elements.allSatisfy { if case .cubic = $0 { false } else if case .quad = $0 { false } else { true } })
        let filled = rasterizer.coverageMask(outline, rule: .nonZero, width: 170, height: 170)
        let stroked = try rasterizer.strokeCoverageMask(path, style: style, width: 170, height: 170)
        #expect(filled == stroked)
        #expect(coveredArea(filled) > 100)
    }

    @Test func strokePaintsTheCanvas() throws {
        let canvas = Canvas(width: 60, height: 40)
        canvas.clear(to: RGBA(r: 1, g: 1, b: 1, a: 1))
        let rasterizer = Rasterizer()
        try rasterizer.stroke(polyline([Point(10, 20), Point(50, 20)]), style: StrokeStyle(lineWidth: 6),
                              paint: SolidPaint(color: RGBA(r: 1, g: 0, b: 0, a: 1)), on: canvas)
        #expect(canvas[30, 19] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(canvas[30, 22] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(canvas[30, 24] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(canvas[5, 20] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func heartVisibleGapIsTheDashGapShortenedByTheCaps() throws {
        // §2.8 at t = 1.875 (φ = −41.5): dash gap [26.5, 41.5); with round caps of radius 2.5 the
        // visible gap is [29, 39), so probe B (s = 40) is painted. Rendered at ×6 (1 pt = 6 px).
        let style = StrokeStyle(lineWidth: 5, cap: .round, join: .round, dash: [150, 15], dashPhase: -41.5)
        let mask = try Rasterizer().strokeCoverageMask(Heart.path(), style: style, transform: .scale(6, 6),
                                                       width: 384, height: 384)
        let measure = PathMeasure(Heart.path())
        func coverage(at s: Double) -> UInt8 {
            let p = measure.position(at: s)! * 6
            return mask[Int(p.y) * 384 + Int(p.x)]
        }
        for s in [26.0, 28.5, 39.5, 40, 100] { #expect(coverage(at: s) == 255, "s = \(s)") }
        for s in [29.5, 34, 38.5] { #expect(coverage(at: s) == 0, "s = \(s)") }
    }
}
