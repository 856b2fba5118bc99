// Rounded corners (Sources/Geometry/Curves/RoundCorners.swift) against values worked out by hand.
import Geometry
import Testing

@Suite struct RoundCornersTests {
    /// The square [0, 100]², clockwise on screen.
    private func square() -> Path {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(100, 0)); p.line(to: Point(100, 100)); p.line(to: Point(0, 100)); p.close()
        return p
    }

    private func cubics(_ path: Path) -> [(Point, Point, Point)] {
        path.elements.compactMap { if case let .cubic(to, c1, c2) = $0 { return (c1, c2, to) } else { return nil } }
    }

    /// Each corner of a square becomes a cubic from 20 before it to 20 after it, handles 0.5519·20
    /// from the ends toward the corner; its midpoint lies on the circle of radius 20 (to 0.03 %).
    @Test func squareCornersBecomeQuarterCircles() {
        let rounded = square().roundingCorners(radius: 20)
        let arcs = cubics(rounded)
        #expect(arcs.count == 4)
        #expect(rounded.elements.filter { if case .line = $0 { return true } else { return false } }.count == 4)
        // The top-right corner (100, 0): from (80, 0) to (100, 20).
        guard case .move(let start)? = rounded.elements.first else { Issue.record("no move"); return }
        #expect(start == Point(20, 0) || start == Point(0, 20))
        let k = 0.5519 * 20
        let topRight = arcs.first { $0.2 == Point(100, 20) }
        #expect(topRight != nil)
        if let (c1, c2, _) = topRight {
            #expect(abs(c1.x - (80 + k)) < 1e-12 && abs(c1.y) < 1e-12)
            #expect(abs(c2.x - 100) < 1e-12 && abs(c2.y - (20 - k)) < 1e-12)
            // Midpoint of the cubic (80, 0), c1, c2, (100, 20) against the circle about (80, 20).
            let mid = (Point(80, 0) + c1 * 3 + c2 * 3 + Point(100, 20)) * 0.125
            let r = (mid - Point(80, 20)).length
            #expect(abs(r - 20) / 20 < 3e-4, "radius at the middle \(r)")
        }
    }

    /// The cut stops at the middle of an edge: r = 80 on a 100 square gives circles of radius 50.
    @Test func radiusIsCappedAtHalfAnEdge() {
        let arcs = cubics(square().roundingCorners(radius: 80))
        #expect(arcs.count == 4)
        #expect(arcs.contains { $0.2 == Point(100, 50) })
    }

    /// Vertices with a tangent are kept, the ends of an open path are kept, r ≤ 0 changes nothing.
    @Test func smoothVerticesEndsAndZeroRadiusAreKept() {
        var circle = Path()
        circle.addCircle(center: Point(50, 50), radius: 30)
        #expect(circle.roundingCorners(radius: 10).elements == circle.elements)
        var open = Path()
        open.move(to: Point(0, 100)); open.line(to: Point(50, 0)); open.line(to: Point(100, 100))
        let rounded = open.roundingCorners(radius: 10)
        #expect(rounded.elements.first == .move(to: Point(0, 100)))
        #expect(rounded.elements.last == .line(to: Point(100, 100)))
        #expect(cubics(rounded).count == 1)
        #expect(square().roundingCorners(radius: 0).elements == square().elements)
        #expect(square().roundingCorners(radius: -.infinity).elements == square().elements)
    }

    /// A reused rounder and output path: the same result, and nothing allocated after the first.
    @Test func reuseGivesTheSameResult() {
        var rounder = CornerRounder()
        var out = Path()
        rounder.round(square(), radius: 20, into: &out)
        let first = out.elements
        out.elements.removeAll(keepingCapacity: true)
        rounder.round(square(), radius: 20, into: &out)
        #expect(out.elements == first)
    }
}
