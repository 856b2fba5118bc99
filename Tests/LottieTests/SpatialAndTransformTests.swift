// Spatial position keyframes (arc length), split position, transforms, parenting, auto-orient.
import Testing
@testable import Lottie
import Motion
import Geometry

@Suite struct SpatialAndTransformTests {
    func layers(_ json: String) throws -> [LottieLayer] { try decode(lottieJSON(layers: json, op: 100)).root.layers }

    /// A null layer whose position is `p`.
    func position(_ p: String, extra: String = "") throws -> LottieLayer {
        try layers(#"[{"ty": 3, "ind": 1, "ip": 0, "op": 100\#(extra), "ks": {"p": \#(p)}}]"#)[0]
    }

    /// Arc length along B by brute force (a 200 000-segment polyline): the independent reference.
    func polylineFraction(_ c: MotionPath, _ u: Double) -> Double {
        let n = 200_000
        var total = 0.0, upto = 0.0
        var previous = c.point(at: 0)
        for k in 1...n {
            let q = c.point(at: Double(k) / Double(n))
            let d = ((q - previous) * (q - previous)).sum().squareRoot()
            total += d
            if Double(k) / Double(n) <= u { upto += d }
            previous = q
        }
        return upto / total
    }

    @Test func spatialTangentsMoveAtConstantSpeed() throws {
        // P0 (0,0), P1 (0,100), P2 (100,100), P3 (100,0): symmetric, so half the length is at
        // B(0.5) = (50, 75). Linear easing: half the time is half the length.
        let layer = try position(#"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [0, 100], "ti": [0, 100], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100, 0]}]}"#)
        let p = layer.transform.position
        let mid = p.value(at: 5)
        #expect(close(mid.x, 50, 1e-9) && close(mid.y, 75, 1e-9), "\(mid)")
        // Elsewhere: the fraction of the length travelled equals the fraction of time.
        let curve = MotionPath(SIMD2(0, 0), SIMD2(0, 100), SIMD2(100, 100), SIMD2(100, 0))
        for f in [1.0, 2.5, 7.0, 9.0] {
            let q = p.value(at: f)
            // Find u with B(u) = q (B is monotone in x here), then its arc-length fraction.
            var lo = 0.0, hi = 1.0
            for _ in 0..<100 { let m = (lo + hi) / 2; if curve.point(at: m).x < q.x { lo = m } else { hi = m } }
            #expect(close(polylineFraction(curve, (lo + hi) / 2), f / 10, 1e-5), "frame \(f)")
            #expect(close(curve.point(at: (lo + hi) / 2).y, q.y, 1e-6))
        }
        #expect(p.value(at: -5) == Point(0, 0))
        #expect(p.value(at: 50) == Point(100, 0))
    }

    @Test func collinearTangentsInterpolateLinearly() throws {
        // Tangents on the line between the keyframes: a plain (per-dimension) interpolation.
        let layer = try position(#"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [30, 0], "ti": [-60, 0], "o": {"x": [0, 0], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 1]}}, {"t": 10, "s": [100, 0]}]}"#)
        #expect(layer.transform.position.value(at: 2.5) == Point(25, 0))
    }

    @Test func oldFormatLastSegmentKeepsItsCollinearCurve() throws {
        // TypeFace/L.json's shape: tangents on the line, but past the end points (202 → 294 → −103
        // → 22 in x), so the path overshoots both ways. Old format: the keyframe carries "e" and
        // the last keyframe only a time — lottie-web keeps the curve (its straight-segment check
        // needs the next keyframe's "s"), as After Effects moves the layer: early on x passes 202.
        let old = try position(#"{"a": 1, "k": [{"t": 0, "s": [202, -4], "e": [22, -4], "to": [92, 0], "ti": [-125.6, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10}]}"#)
        let early = old.transform.position.value(at: 0.5)
        #expect(early.x > 202 && early.y == -4, "\(early)")
        #expect(old.transform.position.value(at: 10) == Point(22, -4))
        // The same segment in the new format (the next keyframe has "s"): lottie-web straightens
        // it, x goes from 202 down to 22 linearly.
        let new = try position(#"{"a": 1, "k": [{"t": 0, "s": [202, -4], "to": [92, 0], "ti": [-125.6, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [22, -4]}]}"#)
        #expect(new.transform.position.value(at: 0.5) == Point(193, -4))
    }

    @Test func splitPosition() throws {
        let layer = try position(#"{"s": true, "x": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [10]}]}, "y": {"a": 0, "k": 7}}"#)
        #expect(layer.transform.position.value(at: 5) == Point(5, 7))
    }

    @Test func transformOrder() throws {
        // Anchor (10, 0), scale 200 %, rotation 90° (clockwise on screen), position (50, 50):
        // (20, 0) − a = (10, 0) → ×2 = (20, 0) → rotate 90° = (0, 20) → + p = (50, 70).
        let l = try layers(#"[{"ty": 3, "ind": 1, "ip": 0, "op": 100, "ks": {"a": {"a": 0, "k": [10, 0]}, "s": {"a": 0, "k": [200, 200]}, "r": {"a": 0, "k": 90}, "p": {"a": 0, "k": [50, 50, 0]}}}]"#)[0]
        let m = l.transform.matrix(at: 0)
        let q = m.apply(Point(20, 0))
        #expect(close(q.x, 50, 1e-12) && close(q.y, 70, 1e-12), "\(q)")
    }

    @Test func skewFollowsLottieWeb() throws {
        // sk = 45°, sa = 0: x' = x − y·tan 45° (lottie-web's skewFromAxis(−sk, sa)).
        let l = try layers(#"[{"ty": 3, "ind": 1, "ip": 0, "op": 100, "ks": {"sk": {"a": 0, "k": 45}, "sa": {"a": 0, "k": 0}}}]"#)[0]
        let q = l.transform.matrix(at: 0).apply(Point(0, 10))
        #expect(close(q.x, -10, 1e-12) && close(q.y, 10, 1e-12), "\(q)")
        // Axis 90°: (10, 0) → rotate 90° (0, 10) → shear x −= y (−10, 10) → rotate −90° (10, 10).
        let l2 = try layers(#"[{"ty": 3, "ind": 1, "ip": 0, "op": 100, "ks": {"sk": {"a": 0, "k": 45}, "sa": {"a": 0, "k": 90}}}]"#)[0]
        let q2 = l2.transform.matrix(at: 0).apply(Point(10, 0))
        #expect(close(q2.x, 10, 1e-12) && close(q2.y, 10, 1e-12), "\(q2)")
    }

    @Test func parentingComposesChildThenParent() throws {
        let json = """
        [{"ty": 3, "ind": 2, "parent": 1, "ip": 0, "op": 100, "ks": {"p": {"a": 0, "k": [10, 0]}}},
         {"ty": 3, "ind": 1, "ip": 0, "op": 100, "ks": {"p": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 90}}}]
        """
        let animation = try decode(lottieJSON(layers: json, op: 100))
        #expect(animation.root.layers[0].parent == 1)
        var m = LayerMatrices()
        m.update(animation.root, frame: 0)
        // Child maps (0,0) to (10,0); the parent rotates that to (0,10) and moves it to (100,110).
        let q = m.world[0].apply(.zero)
        #expect(close(q.x, 100, 1e-12) && close(q.y, 110, 1e-12), "\(q)")
    }

    @Test func autoOrientFollowsThePath() throws {
        let layer = try position(#"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [0, 100], "ti": [0, 100], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100, 0]}]}"#,
                                 extra: #", "ao": 1"#)
        #expect(layer.autoOrient)
        // At the start the path heads straight down (+y): rotation 90°, so +x maps to +y.
        let start = layer.transform.matrix(at: 0, autoOrient: true).applyToVector(Point(1, 0))
        #expect(close(start.x, 0, 1e-9) && close(start.y, 1, 1e-9), "\(start)")
        // Half-way it heads right (+x): no rotation.
        let mid = layer.transform.matrix(at: 5, autoOrient: true).applyToVector(Point(1, 0))
        #expect(close(mid.x, 1, 1e-9) && close(mid.y, 0, 1e-9), "\(mid)")
        // After the last keyframe the layer keeps the way it arrived — heading up (−y), so +x maps
        // to −y (lottie-web: v(t_n) − v(t_n − 0.05); After Effects the same) — and before the
        // first it keeps the way it sets off (+y). Not unrotated (ThorVG example set: ghost2).
        let end = layer.transform.matrix(at: 20, autoOrient: true).applyToVector(Point(1, 0))
        // The chord over the last 0.05 frame, not the tangent: off the vertical by 0.2°.
        #expect(close(end.x, 0, 0.005) && close(end.y, -1, 1e-4), "\(end)")
        let before = layer.transform.matrix(at: -5, autoOrient: true).applyToVector(Point(1, 0))
        #expect(close(before.x, 0, 1e-3) && close(before.y, 1, 1e-3), "\(before)")
    }

    @Test func autoOrientOfALinearPathAndAHold() throws {
        // (0,0) → (0,50) linearly over frames 0–10, then held at (0,50) → (80,50) from 10 to 20.
        let layer = try position(#"{"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [0, 50], "h": 1}, {"t": 20, "s": [80, 50]}]}"#,
                                 extra: #", "ao": 1"#)
        let moving = layer.transform.matrix(at: 5, autoOrient: true).applyToVector(Point(1, 0))
        #expect(close(moving.x, 0, 1e-9) && close(moving.y, 1, 1e-9), "\(moving)")
        // Inside the hold nothing moves over the last 0.01 frame: no extra rotation (lottie-web).
        let held = layer.transform.matrix(at: 15, autoOrient: true).applyToVector(Point(1, 0))
        #expect(close(held.x, 1, 1e-9) && close(held.y, 0, 1e-9), "\(held)")
        // After the last keyframe: the jump of the hold's end, +x (no rotation either).
        let after = layer.transform.matrix(at: 30, autoOrient: true).applyToVector(Point(1, 0))
        #expect(close(after.x, 1, 1e-9) && close(after.y, 0, 1e-9), "\(after)")
    }
}
