// StrokeReferenceTests.swift — strokes of random polylines against a sampled reference built
// from first principles (StrokeTestSupport.swift), and SIMD/scalar kernel agreement on strokes.

import TestSupport
import Geometry
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

@Suite struct StrokeReferenceTests {
    /// A random polyline of 2–6 points, some segments very short and some turns very sharp.
    func randomPolyline(using rng: inout SeededGenerator, size: Double) -> [Point] {
        var points: [Point] = []
        for _ in 0..<Int.random(in: 2...6, using: &rng) {
            if let last = points.last, Int.random(in: 0..<4, using: &rng) == 0 {
                // A short hop: a tight corner or near-cusp relative to the width.
                points.append(last + Point(Double.random(in: -3...3, using: &rng), Double.random(in: -3...3, using: &rng)))
            } else {
                points.append(Point(Double.random(in: 0.15 * size...0.85 * size, using: &rng),
                                    Double.random(in: 0.15 * size...0.85 * size, using: &rng)))
            }
        }
        return points
    }

    @Test func randomPolylinesMatchTheSampledReference() throws {
        // Sharp turns, near-cusps, short hops and self-overlaps. Where overlapping parts of the
        // outline reach the stroke's edge inside one pixel, exact-area coverage counts the overlap
        // twice (min(|∫winding|, 1); see Stroke.swift), so edge pixels may be over-covered by up
        // to ½ (winding 2). What must hold: nothing is missing anywhere (no holes, no missing
        // joins or caps), and nothing is painted where the reference has no coverage at all.
        var rng = SeededGenerator(seed: 0x57_0CE)
        let size = 40
        let rasterizer = Rasterizer()
        var compared = 0
        for index in 0..<36 {
            let points = randomPolyline(using: &rng, size: Double(size))
            let closed = index % 3 == 0
            let style = StrokeStyle(lineWidth: Double.random(in: 1.5...12, using: &rng),
                                    cap: [LineCap.butt, .round, .square][index % 3],
                                    join: [LineJoin.miter, .round, .bevel][(index / 3) % 3],
                                    miterLimit: Double.random(in: 1...6, using: &rng))
            let mask = try rasterizer.strokeCoverageMask(polyline(points, closed: closed), style: style,
                                                         width: size, height: size)
            let reference = ReferenceStroke(points: points, closed: closed, style: style)
                .coverage(width: size, height: size, samples: 6)
            var missingArea = 0.0, referenceArea = 0.0
            for i in mask.indices {
                let difference = Double(mask[i]) / 255 - reference[i]
                let limit = reference[i] == 0 ? 0.3 : 0.6
                #expect(difference >= -0.3 && difference <= limit,
                        "case \(index) pixel (\(i % size), \(i / size)): \(mask[i]) vs \(reference[i])")
                missingArea += max(0, -difference)
                referenceArea += reference[i]
                compared += 1
            }
            #expect(missingArea <= max(0.01 * referenceArea, 1.5), "case \(index): \(missingArea) px² missing")
        }
        #expect(compared == 36 * size * size)
    }

    @Test func convexPolygonsMatchTheSampledReferenceExactly() throws {
        // Closed convex polygons with edges long against the width: the outline has no overlaps,
        // so coverage must match the reference within sampling and flattening error both ways.
        var rng = SeededGenerator(seed: 0xC0_4E)
        let size = 40
        let rasterizer = Rasterizer()
        for index in 0..<18 {
            var angles: [Double] = []
            while angles.count < 6 {
                let a = Double.random(in: 0..<(2 * .pi), using: &rng)
                if angles.allSatisfy({ abs($0 - a) > 0.6 && abs($0 - a) < 2 * .pi - 0.6 }) { angles.append(a) }
            }
            let centre = Point(20 + Double.random(in: -2...2, using: &rng), 20 + Double.random(in: -2...2, using: &rng))
            let points = angles.sorted().map { centre + Point(cos($0), sin($0)) * 13 }
            let style = StrokeStyle(lineWidth: Double.random(in: 1...4, using: &rng), cap: .butt,
                                    join: [LineJoin.miter, .round, .bevel][index % 3],
                                    miterLimit: Double.random(in: 1...4, using: &rng))
            let mask = try rasterizer.strokeCoverageMask(polyline(points, closed: true), style: style,
                                                         width: size, height: size)
            let reference = ReferenceStroke(points: points, closed: true, style: style)
                .coverage(width: size, height: size, samples: 6)
            var area = 0.0, referenceArea = 0.0
            for i in mask.indices {
                let difference = Double(mask[i]) / 255 - reference[i]
                #expect(abs(difference) <= 0.2, "case \(index) pixel (\(i % size), \(i / size)): \(mask[i]) vs \(reference[i])")
                area += Double(mask[i]) / 255
                referenceArea += reference[i]
            }
            #expect(abs(area - referenceArea) <= 0.01 * referenceArea, "case \(index): \(area) vs \(referenceArea)")
        }
    }

    @Test func wideStrokeOnATightZigzag() throws {
        // Width far larger than the segments: the inner joins must route through the vertices.
        let points = [Point(20, 20), Point(24, 22), Point(20, 24), Point(24, 26), Point(21, 30)]
        for join in [LineJoin.miter, .round, .bevel] {
            let style = StrokeStyle(lineWidth: 14, cap: .round, join: join, miterLimit: 3)
            let mask = try Rasterizer().strokeCoverageMask(polyline(points), style: style, width: 48, height: 48)
            let reference = ReferenceStroke(points: points, closed: false, style: style).coverage(width: 48, height: 48)
            for i in mask.indices {
                let difference = Double(mask[i]) / 255 - reference[i]
                #expect(difference >= -0.3 && difference <= (reference[i] == 0 ? 0.3 : 0.6),
                        "\(join) pixel (\(i % 48), \(i / 48))")
            }
        }
    }

    @Test func scalarAndSIMDKernelsAgreeOnStrokes() throws {
        var rng = SeededGenerator(seed: 0xDA5E)
        let scalar = Rasterizer()
        scalar.kernels = .scalar
        let simd = Rasterizer()
        simd.kernels = .simd
        var painted = 0
        for index in 0..<24 {
            let width = [67, 40, 129][index % 3], height = [53, 35, 20][index % 3]
            let path = randomPath(width: Double(width), height: Double(height), using: &rng)
            let dashed = index % 2 == 0
            let style = StrokeStyle(lineWidth: Double.random(in: 0.5...9, using: &rng),
                                    cap: [LineCap.butt, .round, .square][index % 3],
                                    join: [LineJoin.miter, .round, .bevel][(index / 3) % 3],
                                    dash: dashed ? [Double.random(in: 0...20, using: &rng), Double.random(in: 1...9, using: &rng)] : [],
                                    dashPhase: Double.random(in: -30...30, using: &rng))
            let a = try scalar.strokeCoverageMask(path, style: style, width: width, height: height)
            let b = try simd.strokeCoverageMask(path, style: style, width: width, height: height)
            #expect(firstDifference(a, b) == nil, "mask \(index)")
            var canvasRNG = SeededGenerator(seed: UInt64(index))
            let canvasA = randomCanvas(width: width, height: height, using: &canvasRNG)
            canvasRNG = SeededGenerator(seed: UInt64(index))
            let canvasB = randomCanvas(width: width, height: height, using: &canvasRNG)
            let paint = SolidPaint(color: RGBA(r: 0.2, g: 0.7, b: 0.4, a: 1), opacity: index % 2 == 0 ? 1 : 0.6)
            try scalar.stroke(path, style: style, paint: paint, on: canvasA)
            try simd.stroke(path, style: style, paint: paint, on: canvasB)
            #expect(firstDifference(canvasBytes(canvasA), canvasBytes(canvasB)) == nil, "canvas \(index)")
            if a.contains(where: { $0 != 0 }) { painted += 1 }
        }
        #expect(painted > 16)
    }
}
