import Testing
@testable import Motion

@Suite struct MotionPathTests {
    @Test func straightCubicIsUniform() {
        // Control points at thirds: B(u) = (3u, 0), already uniform.
        let c = MotionPath(SIMD2(0, 0), SIMD2(1, 0), SIMD2(2, 0), SIMD2(3, 0))
        #expect(abs(c.length - 3) < 1e-12)
        for f in stride(from: 0.0, through: 1, by: 0.125) {
            #expect(abs(c.point(atFraction: f).x - 3 * f) < 1e-12)
        }
    }

    @Test func unevenControlPointsAreReparametrised() {
        // Control points bunched at the start: B(u) moves slowly at first, but the point at
        // fraction f of the length is still at x = 3f.
        let c = MotionPath(SIMD2(0, 0), SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(3, 0))
        #expect(abs(c.length - 3) < 1e-9)
        for f in [0.1, 0.25, 0.5, 0.9] { #expect(abs(c.point(atFraction: f).x - 3 * f) < 1e-9, "\(f)") }
        #expect(c.point(atFraction: -1) == SIMD2(0, 0))
        #expect(c.point(atFraction: 2) == SIMD2(3, 0))
    }

    @Test func quarterCircleLength() {
        // The standard cubic quarter circle of radius 1 is 0.02 % longer than π/2.
        let k = 0.5519150244935105
        let c = MotionPath(SIMD2(1, 0), SIMD2(1, k), SIMD2(k, 1), SIMD2(0, 1))
        #expect(abs(c.length - Double.pi / 2) < 1e-3)
        let mid = c.point(atFraction: 0.5)
        #expect(abs(mid.x - mid.y) < 1e-12)               // symmetric about the diagonal
    }

    @Test func directionWhereTheHandleIsZero() {
        let c = MotionPath(SIMD2(0, 0), SIMD2(0, 0), SIMD2(0, 5), SIMD2(10, 5))
        let d = c.direction(atFraction: 0)
        #expect(d.x == 0 && d.y > 0)
    }

    @Test func keyframeTimesLocate() throws {
        let t = try KeyframeTimes([0, 10, 10, 20])
        #expect(t.locate(-1) == .before)
        #expect(t.locate(.nan) == .before)
        #expect(t.locate(5) == .inside(segment: 0, progress: 0.5))
        #expect(t.locate(10) == .inside(segment: 2, progress: 0))
        #expect(t.locate(20) == .after)
        #expect(throws: MotionError.self) { try KeyframeTimes([1, 0]) }
    }
}
