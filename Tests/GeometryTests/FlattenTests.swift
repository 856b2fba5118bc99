// FlattenTests.swift — flattened polylines stay within the stated tolerance of the curve.

import Testing
@_spi(Internals) @testable import Geometry

@Suite struct FlattenTests {
    /// Hausdorff-style check: dense curve samples are within `tolerance` of the polyline, and
    /// every polyline segment's midpoint is within `tolerance` of the curve.
    func maxDeviation(curve: (Double) -> Point, polyline: [Point]) -> Double {
        var worst = 0.0
        let samples = (0...4000).map { curve(Double($0) / 4000) }
        for p in samples {
            var best = Double.infinity
            for i in 1..<polyline.count { best = min(best, distance(p, toSegment: polyline[i - 1], polyline[i])) }
            worst = max(worst, best)
        }
        for i in 1..<polyline.count {
            let mid = (polyline[i - 1] + polyline[i]) / 2
            var best = Double.infinity
            for j in 1..<samples.count { best = min(best, distance(mid, toSegment: samples[j - 1], samples[j])) }
            worst = max(worst, best)
        }
        return worst
    }

    static let cubics: [[Point]] = [
        [Point(0, 0), Point(30, 80), Point(70, -40), Point(100, 40)],        // S-curve
        [Point(10, 10), Point(200, 10), Point(-100, 10.5), Point(90, 10)],   // nearly flat, loops back
        [Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)],        // self-intersecting loop
        [Point(5, 5), Point(5, 5), Point(60, 90), Point(60, 90)],            // coincident controls
        [Point(0, 0), Point(40, 60), Point(-20, 60), Point(30, 0)],          // cusp-like
    ]

    @Test(arguments: [0.2, 0.05, 1.0])
    func cubicsStayWithinTolerance(tolerance: Double) throws {
        for c in Self.cubics {
            var path = Path()
            path.move(to: c[0])
            path.cubic(to: c[3], control1: c[1], control2: c[2])
            let polyline = try #require(path.flattened(tolerance: tolerance).first).points
            #expect(polyline.first == c[0] && polyline.last == c[3])
            let deviation = maxDeviation(curve: { cubicPoint(c[0], c[1], c[2], c[3], $0) }, polyline: polyline)
            #expect(deviation <= tolerance, "\(c): \(deviation)")
            // Not wastefully fine: Wang's count never exceeds the bound it is derived from.
            let m = max((c[0] - 2 * c[1] + c[2]).length, (c[1] - 2 * c[2] + c[3]).length)
            #expect(polyline.count - 1 <= max(1, Int((0.75 * m / tolerance).squareRoot().rounded(.up))))
        }
    }

    @Test func quadraticsStayWithinTolerance() throws {
        let quads: [[Point]] = [[Point(0, 0), Point(50, 120), Point(100, 0)], [Point(3, 4), Point(3.5, 4.2), Point(9, 1)]]
        for q in quads {
            var path = Path()
            path.move(to: q[0])
            path.quad(to: q[2], control: q[1])
            let polyline = try #require(path.flattened(tolerance: 0.2).first).points
            let deviation = maxDeviation(curve: { quadPoint(q[0], q[1], q[2], $0) }, polyline: polyline)
            #expect(deviation <= 0.2, "\(q): \(deviation)")
        }
    }

    @Test func hugeCurvesAreSubdividedNotTruncated() throws {
        // Needs ~4000 segments at 0.2 px: more than one piece's budget, so it is split in halves.
        let c = [Point(0, 0), Point(3000, 6000), Point(6000, -3000), Point(9000, 3000)]
        var path = Path()
        path.move(to: c[0])
        path.cubic(to: c[3], control1: c[1], control2: c[2])
        let polyline = try #require(path.flattened().first).points
        #expect(polyline.count > CurveFlattener.maxSegmentsPerPiece)
        var worst = 0.0
        // Sampled check on a subset (the full check is quadratic in the segment count).
        for i in stride(from: 1, to: polyline.count, by: 37) {
            let mid = (polyline[i - 1] + polyline[i]) / 2
            // Nearest curve point by a fine local search.
            var best = Double.infinity
            for k in 0...200_000 { best = min(best, mid.distance(to: cubicPoint(c[0], c[1], c[2], c[3], Double(k) / 200_000))) }
            worst = max(worst, best)
        }
        #expect(worst <= 0.2 + 0.05)  // + sampling resolution of the reference
    }

    @Test func subpathsAndClosing() {
        var path = Path.rectangle(x: 0, y: 0, width: 1, height: 1)
        path.move(to: Point(5, 5))
        path.line(to: Point(6, 5))
        let subpaths = path.flattened()
        #expect(subpaths.count == 2)
        #expect(subpaths[0].isClosed && !subpaths[1].isClosed)
        #expect(subpaths[0].points == [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)])
        #expect(subpaths[1].points == [Point(5, 5), Point(6, 5)])
    }
}
