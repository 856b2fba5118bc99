// Keyframe interpolation against hand-computed values (spec properties.md).
import Testing
@testable import Lottie
import Geometry
import Raster

/// Slow reference for the cubic easing B(x1, y1, x2, y2)(u): bisection on X to machine precision.
func referenceEasing(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ u: Double) -> Double {
    func X(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s }
    func Y(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 { let mid = (lo + hi) / 2; if X(mid) < u { lo = mid } else { hi = mid } }
    return Y((lo + hi) / 2)
}

@Suite struct KeyframeTests {
    /// The rotation of a one-layer file whose `r` is `property`.
    func rotation(_ property: String) throws -> ScalarProperty {
        let layer = """
        {"ty": 3, "ind": 1, "ip": 0, "op": 100, "ks": {"r": \(property)}}
        """
        return try decode(lottieJSON(layers: "[\(layer)]", op: 100)).root.layers[0].transform.rotation
    }

    @Test func linearBetweenKeyframesHeldOutside() throws {
        let r = try rotation(#"{"a": 1, "k": [{"t": 10, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20, "s": [100]}]}"#)
        #expect(r.value(at: 0) == 0)          // before the first keyframe: its value
        #expect(r.value(at: 10) == 0)
        #expect(r.value(at: 12.5) == 25)      // (12.5 − 10)/10 of the way
        #expect(r.value(at: 19.99) == 99.9 || close(r.value(at: 19.99), 99.9, 1e-9))
        #expect(r.value(at: 20) == 100)
        #expect(r.value(at: 1000) == 100)     // after the last: held
    }

    @Test func bezierEasing() throws {
        let r = try rotation(#"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.333], "y": [0]}, "i": {"x": [0.667], "y": [1]}}, {"t": 30, "s": [360]}]}"#)
        // The curve is symmetric about (0.5, 0.5): half-way in time is half-way in value.
        #expect(close(r.value(at: 15), 180, 1e-6))
        for f in stride(from: 0.0, through: 30, by: 1.5) {
            let expected = 360 * referenceEasing(0.333, 0, 0.667, 1, f / 30)
            #expect(close(r.value(at: f), expected, 1e-6), "frame \(f)")
        }
        // Slow start: at 10 % of the time much less than 10 % of the way.
        #expect(r.value(at: 3) < 36 * 0.5)
    }

    @Test func overshootingYIsKept() throws {
        // y handles beyond [0, 1] overshoot (spec: y is not clamped); x beyond [0, 1] is clamped.
        let r = try rotation(#"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.5], "y": [2]}, "i": {"x": [1.5], "y": [1]}}, {"t": 10, "s": [10]}]}"#)
        let expected = 10 * referenceEasing(0.5, 2, 1, 1, 0.5)
        #expect(expected > 10)
        #expect(close(r.value(at: 5), expected, 1e-6))
    }

    @Test func holdKeyframes() throws {
        let r = try rotation(#"{"a": 1, "k": [{"t": 0, "s": [5], "h": 1}, {"t": 10, "s": [50], "h": 1}, {"t": 20, "s": [90]}]}"#)
        #expect(r.value(at: 0) == 5)
        #expect(r.value(at: 9.999) == 5)
        #expect(r.value(at: 10) == 50)
        #expect(r.value(at: 19.5) == 50)
        #expect(r.value(at: 20) == 90)
    }

    @Test func oldFormatWithEndValues() throws {
        // Bodymovin < 5.5: each keyframe has s and e; the last has only t.
        let r = try rotation(#"{"a": 1, "k": [{"t": 0, "s": [0], "e": [40], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [40], "e": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20}]}"#)
        #expect(r.value(at: 5) == 20)
        #expect(r.value(at: 15) == 25)
        #expect(r.value(at: 20) == 10)
        #expect(r.value(at: 99) == 10)
    }

    @Test func scalarsAsNumbersOrArrays() throws {
        let r = try rotation(#"{"a": 1, "k": [{"t": 0, "s": 10, "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": 20}]}"#)
        #expect(r.value(at: 5) == 15)
        #expect(try rotation(#"{"a": 0, "k": [45]}"#).value(at: 3) == 45)
        #expect(try rotation("30").value(at: 3) == 30)      // a bare value for a property
    }

    @Test func perDimensionEasing() throws {
        // x eases linearly, y with an ease-in (o.y = 0, i.x = 1): at half time y lags.
        let layer = """
        {"ty": 3, "ind": 1, "ip": 0, "op": 100, "ks": {"s": {"a": 1, "k": [
          {"t": 0, "s": [0, 0], "o": {"x": [0, 0.5], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 1]}},
          {"t": 10, "s": [100, 100]}]}}}
        """
        let scale = try decode(lottieJSON(layers: "[\(layer)]", op: 100)).root.layers[0].transform.scale
        let v = scale.value(at: 5)
        #expect(close(v.x, 0.5, 1e-12))                                     // 100 % · 0.5 → factor 0.5
        #expect(close(v.y, referenceEasing(0.5, 0, 1, 1, 0.5), 1e-6))
        #expect(v.y < v.x)
    }

    @Test func keyframesAtTheSameTimeJump() throws {
        let r = try rotation(#"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20, "s": [60]}]}"#)
        #expect(close(r.value(at: 9.5), 9.5, 1e-12))
        #expect(r.value(at: 10) == 50)      // the second of the two keyframes at 10 applies from 10
        #expect(r.value(at: 15) == 55)
    }

    @Test func colorsAndOpacityUnits() throws {
        let shapes = #"[{"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [0, 0, 1, 0.5]}]}, "o": {"a": 0, "k": 50}}]"#
        guard case .fill(let fill) = shapeItems(try decode(lottieJSON(layers: "[\(shapeLayer(shapes))]"))).first else {
            Issue.record("no fill"); return
        }
        // A fill colour's fourth number is not its alpha (lottie-web, ThorVG and rlottie ignore
        // it; Decoding/PropertyDecoding.swift): [1, 0, 0] → [0, 0, 1, 0.5] is opaque throughout.
        let c = fill.color.value(at: 5)
        #expect(c == RGBA(r: 0.5, g: 0, b: 0.5, a: 1))
        #expect(fill.opacity.value(at: 0) == 0.5)
    }

    @Test func shapeKeyframesInterpolateVertexByVertex() throws {
        let shapes = """
        [{"ty": "sh", "ks": {"a": 1, "k": [
          {"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0]], "i": [[0, 0], [0, 0]], "o": [[2, 0], [0, 0]]}],
           "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
          {"t": 10, "s": [{"c": true, "v": [[0, 10], [20, 0]], "i": [[0, 4], [0, 0]], "o": [[4, 0], [0, 0]]}]}]}}]
        """
        guard case .path(let path) = shapeItems(try decode(lottieJSON(layers: "[\(shapeLayer(shapes))]"))).first else {
            Issue.record("no path"); return
        }
        var buffer = BezierPath()
        path.shape.evaluate(at: 5, into: &buffer)
        #expect(buffer.closed)
        #expect(buffer.vertices.count == 2)
        #expect(buffer.vertices[0] == BezierVertex(point: Point(0, 5), inTangent: Point(0, 2), outTangent: Point(3, 0)))
        #expect(buffer.vertices[1].point == Point(15, 0))
        path.shape.evaluate(at: 50, into: &buffer)
        #expect(buffer.vertices[1].point == Point(20, 0))
    }
}
