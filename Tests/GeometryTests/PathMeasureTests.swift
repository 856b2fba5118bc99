// PathMeasureTests.swift — arc length, positions and tangents (docs/ANIMATIONS.md §2.2 facts).

import Testing
@testable import Geometry

@Suite struct PathMeasureTests {
    @Test func heartArcLengthMatchesTheSpec() {
        let measure = PathMeasure(Heart.path())
        #expect(measure.contourCount == 1)
        #expect(measure.isClosed(contour: 0))
        #expect(abs(measure.length - 167.72) <= 0.05, "L = \(measure.length)")
        // L scales with the frame: L = 2.62067 × size.
        for size in [1.0, 200, 384] {
            let length = PathMeasure(Heart.path(size: size)).length
            #expect(abs(length / size - 2.62067) <= 1e-5, "size \(size): L/size = \(length / size)")
        }
    }

    @Test func heartLengthAgreesWithADensePolylineToTheMicroPoint() {
        // Independent reference: chord sums with n and 2n uniform steps per cubic, Richardson
        // extrapolated (the chord-sum error is c/n² + O(1/n⁴)).
        let path = Heart.path()
        func chordLength(_ n: Int) -> Double {
            var total = 0.0
            var p0 = Heart.start * 64
            for (c1, c2, end) in Heart.cubics {
                var previous = p0
                for i in 1...n {
                    let p = cubicPoint(p0, c1 * 64, c2 * 64, end * 64, Double(i) / Double(n))
                    total += previous.distance(to: p)
                    previous = p
                }
                p0 = end * 64
            }
            return total
        }
        let reference = (4 * chordLength(4000) - chordLength(2000)) / 3
        let measured = PathMeasure(path).length
        #expect(abs(measured - reference) <= 1e-6, "measured \(measured), reference \(reference)")
    }

    @Test func heartBoundingBoxMatchesTheSpec() {
        let measure = PathMeasure(Heart.path())
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        let steps = 20_000
        for i in 0...steps {
            let p = measure.position(at: measure.length * Double(i) / Double(steps))!
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        #expect(abs(minX - 5.889) <= 0.01 && abs(maxX - 57.622) <= 0.01, "x ∈ [\(minX), \(maxX)]")
        #expect(abs(minY - 7.174) <= 0.01 && abs(maxY - 57.307) <= 0.01, "y ∈ [\(minY), \(maxY)]")
    }

    @Test func heartReferencePoints() {
        let measure = PathMeasure(Heart.path())
        let expected: [(Double, Point)] = [
            (0, Point(31.754, 57.307)), (40, Point(6.576, 27.190)), (67, Point(18.404, 7.174)),
            (82, Point(30.174, 15.213)), (100, Point(44.398, 7.191)), (140, Point(51.615, 38.189)),
        ]
        for (distance, point) in expected {
            let p = measure.position(at: distance)!
            #expect(p.distance(to: point) <= 0.01, "s = \(distance): \(p)")
        }
    }

    @Test func positionsAreConsistentWithArcLength() {
        // Walking the heart in 0.5 pt steps, consecutive points are 0.5 pt apart up to the
        // (tiny) chord-vs-arc difference, and the tangent points along the chord.
        let measure = PathMeasure(Heart.path())
        var previous = measure.position(at: 0)!
        var s = 0.5
        while s <= measure.length {
            let p = measure.position(at: s)!
            let chord = p.distance(to: previous)
            #expect(chord <= 0.5 + 1e-9 && chord >= 0.49, "s = \(s): chord \(chord)")
            let t = measure.tangent(at: s - 0.25)!
            #expect(abs(t.length - 1) < 1e-12)
            #expect(t.dot((p - previous) / chord) > 0.99, "s = \(s)")
            previous = p
            s += 0.5
        }
        // Clamping outside [0, L].
        #expect(measure.position(at: -5) == measure.position(at: 0))
        #expect(measure.position(at: 1e9)!.distance(to: Heart.start * 64) < 1e-9)
    }

    @Test func linesQuadsAndSeveralSubpaths() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(30, 40))          // 50
        path.line(to: Point(30, 40))          // zero length
        path.quad(to: Point(100, 40), control: Point(65, 40))  // straight quad: 70
        path.move(to: Point(10, 10))
        path.line(to: Point(20, 10))
        path.close()                          // 10 + 10
        path.move(to: Point(5, 5))            // lone move: not a subpath
        let measure = PathMeasure(path)
        #expect(measure.contourCount == 2)
        #expect(abs(measure.length(ofContour: 0) - 120) < 1e-9)
        #expect(abs(measure.length(ofContour: 1) - 20) < 1e-12)
        #expect(measure.isClosed(contour: 1) && !measure.isClosed(contour: 0))
        #expect(measure.position(at: 25)!.distance(to: Point(15, 20)) < 1e-12)
        #expect(measure.position(at: 85)!.distance(to: Point(65, 40)) < 1e-9)
        #expect(measure.tangent(at: 85)!.distance(to: Point(1, 0)) < 1e-9)
        #expect(measure.position(at: 15, contour: 1)!.distance(to: Point(15, 10)) < 1e-12)
        #expect(measure.tangent(at: 15, contour: 1)!.distance(to: Point(-1, 0)) < 1e-12)
        #expect(measure.position(at: 0, contour: 2) == nil)
    }

    @Test func circleCircumference() {
        // Four-cubic circle: the curve's own arc length, 2π·r·(1 + ~1e-4) (the cubic bulges
        // out by ≤ 2.7e-4·r); checked against the dense-polyline reference.
        let r = 10.0
        let length = PathMeasure(Path.circle(center: Point(0, 0), radius: r)).length
        #expect(abs(length - 2 * .pi * r) < 2e-3 * r)
        #expect(length > 2 * .pi * r)
    }

    @Test func cuspAndDegenerateCubics() {
        // A cubic with a cusp: (0,0) → (10,10) with controls crossed; its length by a dense
        // polyline. Plus a cubic whose points coincide (length 0) and non-finite elements.
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(10, 0), control1: Point(10, 10), control2: Point(0, 10))
        path.cubic(to: Point(10, 0), control1: Point(10, 0), control2: Point(10, 0))
        path.line(to: Point(.nan, 3))
        path.line(to: Point(.infinity, 3))
        let measure = PathMeasure(path)
        var dense = 0.0
        var previous = Point(0, 0)
        let n = 200_000
        for i in 1...n {
            let p = cubicPoint(Point(0, 0), Point(10, 10), Point(0, 10), Point(10, 0), Double(i) / Double(n))
            dense += previous.distance(to: p)
            previous = p
        }
        #expect(abs(measure.length - dense) < 1e-6, "\(measure.length) vs \(dense)")
        #expect(measure.position(at: measure.length)!.distance(to: Point(10, 0)) < 1e-9)
    }

    /// A reused measure (the Lottie builder's sequential trims) gives each path's own lengths:
    /// a 10 × 10 square (40), then the line (0, 0)–(3, 4) (5), then the square again.
    @Test func aRemeasuredPathHasItsOwnLength() {
        var measure = PathMeasure()
        #expect(measure.length == 0 && measure.contourCount == 0)
        let square = Path.rectangle(x: 0, y: 0, width: 10, height: 10)
        var line = Path()
        line.move(to: Point(0, 0))
        line.line(to: Point(3, 4))
        measure.remeasure(square)
        #expect(abs(measure.length - 40) < 1e-12 && measure.isClosed(contour: 0))
        measure.remeasure(line)
        #expect(abs(measure.length - 5) < 1e-12 && measure.contourCount == 1 && !measure.isClosed(contour: 0))
        #expect(measure.position(at: 2.5)!.distance(to: Point(1.5, 2)) < 1e-12)
        measure.remeasure(square)
        #expect(abs(measure.length - 40) < 1e-12)
    }
}
