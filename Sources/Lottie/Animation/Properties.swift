// Animatable properties of the Lottie model, evaluated at an exact frame
//
// Each property is either a constant, resolved once at decode time, or keyframes
// (KeyframeTrack: per-dimension eased interpolation, see that file). Values are in the model's
// units, not the file's: opacities and percentages are fractions (file 0…100 → 0…1), scales
// are factors (100 % → 1), angles stay in degrees, positions and sizes in the composition's
// points. Frames are the frames of the composition the property belongs to (fractional frames
// are exact; nothing rounds to the file's frame grid).
//
// Evaluation allocates nothing: scalars, points and colours are returned by value; shapes and
// gradients are written into caller-owned buffers whose storage is reused.

import Geometry
import Raster

/// A number (opacity, rotation, width, roundness …).
public struct ScalarProperty: Sendable {
    public enum Storage: Sendable {
        case constant(Double)
        case keyframes(KeyframeTrack)
    }

    public let storage: Storage
    /// A recognised expression (Expressions/): when set, it gives the value.
    public internal(set) var expression: ExpressionBinding?

    public init(_ value: Double) { storage = .constant(value) }
    init(track: KeyframeTrack) { storage = .keyframes(track) }

    public var isAnimated: Bool { if case .keyframes = storage { return true } else { return expression != nil } }
    /// The value when it does not change over time.
    public var constantValue: Double? { if case .constant(let v) = storage, expression == nil { return v } else { return nil } }

    public func value(at frame: Double) -> Double {
        if let expression { return expression.value(at: frame)[0] }
        switch storage {
        case .constant(let v): return v
        case .keyframes(let track): return track.value(at: frame, dimension: 0)
        }
    }

    var track: KeyframeTrack? { if case .keyframes(let t) = storage { return t } else { return nil } }

    /// Whether the value is 0 at all times (a constant 0).
    public var isConstantZero: Bool {
        switch storage {
        case .constant(let v): return v == 0 && expression == nil
        case .keyframes: return false
        }
    }
}

/// A 2-D vector (scale, size, anchor, gradient end points). A third (z) component in the file is ignored.
public struct VectorProperty: Sendable {
    public enum Storage: Sendable {
        case constant(Point)
        case keyframes(KeyframeTrack)
    }

    public let storage: Storage
    /// A recognised expression (Expressions/): when set, it gives the value.
    public internal(set) var expression: ExpressionBinding?

    public init(_ value: Point) { storage = .constant(value) }
    init(track: KeyframeTrack) { storage = .keyframes(track) }

    public var isAnimated: Bool { if case .keyframes = storage { return true } else { return expression != nil } }
    public var constantValue: Point? { if case .constant(let v) = storage, expression == nil { return v } else { return nil } }

    public func value(at frame: Double) -> Point {
        if let expression { let v = expression.value(at: frame); return Point(v[0], v[1]) }
        switch storage {
        case .constant(let v): return v
        case .keyframes(let track): return Point(track.value(at: frame, dimension: 0), track.value(at: frame, dimension: 1))
        }
    }

    var track: KeyframeTrack? { if case .keyframes(let t) = storage { return t } else { return nil } }

    /// Whether the value is (0, 0) at all times.
    public var isConstantZero: Bool {
        switch storage {
        case .constant(let v): return v == .zero && expression == nil
        case .keyframes: return false
        }
    }
}

/// An sRGB colour (alpha 1 when the file has three components). Components are clamped to
/// [0, 1] when a colour is made (Raster's RGBA), so an easing that overshoots stops at the
/// ends of the range.
public struct ColorProperty: Sendable {
    public enum Storage: Sendable {
        case constant(RGBA)
        case keyframes(KeyframeTrack)
    }

    public let storage: Storage
    /// The slot id (`sid`) the file gives the property, if any: what a colour override by slot
    /// matches (Model/ColorOverrides.swift).
    public internal(set) var slot: String?
    /// A recognised expression (Expressions/): when set, it gives the value.
    public internal(set) var expression: ExpressionBinding?

    public init(_ value: RGBA) { storage = .constant(value) }
    init(track: KeyframeTrack) { storage = .keyframes(track) }

    public var isAnimated: Bool { if case .keyframes = storage { return true } else { return expression != nil } }
    public var constantValue: RGBA? { if case .constant(let v) = storage, expression == nil { return v } else { return nil } }

    public func value(at frame: Double) -> RGBA {
        if let expression { let v = expression.value(at: frame); return RGBA(r: v[0], g: v[1], b: v[2], a: v[3]) }
        switch storage {
        case .constant(let v): return v
        case .keyframes(let t):
            return RGBA(r: t.value(at: frame, dimension: 0), g: t.value(at: frame, dimension: 1),
                        b: t.value(at: frame, dimension: 2), a: t.value(at: frame, dimension: 3))
        }
    }
}

/// A bezier shape (path `ks`, mask paths).
public struct ShapeProperty: Sendable {
    public enum Storage: Sendable {
        case constant(BezierPath)
        case keyframes(ShapeTrack)
    }

    public let storage: Storage
    /// An interpreted path expression (Expressions/ScriptPaths.swift): when set and it runs, it gives the path.
    public internal(set) var expression: ExpressionBinding?

    public init(_ value: BezierPath) { storage = .constant(value) }
    init(track: ShapeTrack) { storage = .keyframes(track) }

    public var isAnimated: Bool { if case .keyframes = storage { return true } else { return expression != nil } }
    public var constantValue: BezierPath? { if case .constant(let v) = storage, expression == nil { return v } else { return nil } }
    /// The keyframes' frames (nil: a constant path).
    var keyframeTimes: [Double]? { if case .keyframes(let t) = storage { return t.track.times.times } else { return nil } }

    /// The number of vertices (the same in every keyframe).
    public var vertexCount: Int {
        switch storage {
        case .constant(let p): return p.vertices.count
        case .keyframes(let t): return t.vertexCount
        }
    }

    /// Writes the shape at `frame` into `path`, reusing its storage (an expression's when it runs;
    /// else the keyframed shape).
    public func evaluate(at frame: Double, into path: inout BezierPath) {
        if let expression, expression.evaluatePath(at: frame, into: &path) { return }
        switch storage {
        case .constant(let p):
            path.removeAll()
            path.vertices.append(contentsOf: p.vertices)
            path.closed = p.closed
        case .keyframes(let t):
            t.evaluate(at: frame, into: &path)
        }
    }

    /// The shape at `frame` (allocates; for tests and one-off use).
    public func value(at frame: Double) -> BezierPath {
        var path = BezierPath()
        evaluate(at: frame, into: &path)
        return path
    }
}

/// Keyframed bezier shapes: every keyframe has the same vertex count; vertices interpolate one
/// by one (point and both tangents) with the keyframe's first easing curve, as lottie-web does.
/// Stored as a KeyframeTrack of 6 numbers per vertex (x, y, in x, in y, out x, out y).
public struct ShapeTrack: Sendable {
    let track: KeyframeTrack
    public let vertexCount: Int
    /// The closed flag of each keyframe's shape.
    let closedFlags: [Bool]

    init(track: KeyframeTrack, vertexCount: Int, closedFlags: [Bool]) {
        precondition(closedFlags.count == track.keyframeCount && track.dimensions == 6 * vertexCount)
        self.track = track
        self.vertexCount = vertexCount
        self.closedFlags = closedFlags
    }

    public var keyframeCount: Int { track.keyframeCount }

    func evaluate(at frame: Double, into path: inout BezierPath) {
        path.vertices.removeAll(keepingCapacity: true)
        let values = track.starts, dims = track.dimensions
        let base: Int, eased: Double?
        switch track.times.locate(frame) {
        case .before:
            base = 0; eased = nil
            path.closed = closedFlags[0]
        case .after:
            base = (track.keyframeCount - 1) * dims; eased = nil
            path.closed = closedFlags[track.keyframeCount - 1]
        case let .inside(i, u):
            base = i * dims
            path.closed = closedFlags[i]
            eased = track.holds[i] ? nil : track.easedProgress(segment: i, u)
        }
        for v in 0..<vertexCount {
            let k = base + 6 * v
            if let eased {
                func mix(_ o: Int) -> Double { values[k + o] + (values[k + dims + o] - values[k + o]) * eased }
                path.vertices.append(BezierVertex(point: Point(mix(0), mix(1)), inTangent: Point(mix(2), mix(3)),
                                                  outTangent: Point(mix(4), mix(5))))
            } else {
                path.vertices.append(BezierVertex(point: Point(values[k], values[k + 1]),
                                                  inTangent: Point(values[k + 2], values[k + 3]),
                                                  outTangent: Point(values[k + 4], values[k + 5])))
            }
        }
    }
}
