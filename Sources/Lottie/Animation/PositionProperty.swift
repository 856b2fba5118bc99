// Positions: spatial bezier keyframes (ti/to) and split position (px/py)
//
// A position keyframe k_i may carry an out tangent to_i and the next keyframe's in tangent
// ti_i (both relative). Segment i then moves along the cubic Bézier
//
//   P0 = S_i,  P1 = S_i + to_i,  P2 = E_i + ti_i,  P3 = E_i
//
// at constant speed (Motion's MotionPath: arc-length parametrisation): the point at frame f is
// the point at fraction p = B_i(u) of the curve's length, with B_i the keyframe's easing of
// dimension 0 (lottie-web passes the whole easing of a spatial keyframe, which reads as its
// first component). p is clamped to [0, 1]: After Effects cannot overshoot a spatial path, and
// lottie-web stops at the end points too.
//
// As in lottie-web, a segment whose tangents both lie on the line through S_i and E_i (zero
// tangents included) is not spatial: it interpolates linearly with per-dimension easing, like
// any vector — except, as lottie-web's check needs the next keyframe's own "s", the last segment
// of an old-format track (its end from "e", the last keyframe a bare time), which stays a curve
// and may overshoot its end points as After Effects moves it (Decoding/PropertyDecoding.swift).
//
// Split position (`p.s` = true): x and y (and z, ignored) are separate scalar properties with
// their own keyframes.
//
// Direction of travel (for auto-orient), as lottie-web's TransformProperty computes it and After
// Effects shows it (a layer keeps the orientation it arrived with):
//   before (and at) the first keyframe t_0:  v(t_0 + 0.01) − v(t_0)     (the way it sets off)
//   after (and at) the last keyframe t_n:    v(t_n) − v(t_n − 0.05)     (the way it arrived)
//   between:  on a spatial segment the curve's tangent at the current point, elsewhere
//             v(f) − v(f − 0.01)  (zero inside a hold: no extra rotation)
// Split position uses x's keyframe times for the ends (as lottie-web does). A position with
// an expression takes v(f) − v(f − 0.01), or v(f + 0.01) − v(f) where that is zero.

import Motion
import Geometry

/// A keyframed position whose segments may follow spatial bezier curves.
public struct SpatialTrack: Sendable {
    let track: KeyframeTrack
    /// The curve of each segment, or nil for a linear segment.
    let paths: [MotionPath?]

    init(track: KeyframeTrack, paths: [MotionPath?]) {
        precondition(track.dimensions == 2 && paths.count == track.keyframeCount - 1)
        self.track = track
        self.paths = paths
    }

    public var keyframeCount: Int { track.keyframeCount }
    public var spatialSegmentCount: Int { paths.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    func value(at frame: Double) -> Point {
        if case let .inside(i, u) = track.times.locate(frame), !track.holds[i], let path = paths[i] {
            let p = track.easedProgress(segment: i, u)
            let q = path.point(atFraction: p)
            return Point(q.x, q.y)
        }
        return Point(track.value(at: frame, dimension: 0), track.value(at: frame, dimension: 1))
    }

    func direction(at frame: Double) -> Point {
        let times = track.times.times
        switch track.times.locate(frame) {
        case .before: return value(at: times[0] + 0.01) - value(at: times[0])
        case .after: return value(at: times[times.count - 1]) - value(at: times[times.count - 1] - 0.05)
        case let .inside(i, u):
            if !track.holds[i], let path = paths[i] {
                let d = path.direction(atFraction: track.easedProgress(segment: i, u))
                return Point(d.x, d.y)
            }
            return value(at: frame) - value(at: frame - 0.01)
        }
    }
}

/// A position: constant, keyframed (possibly spatial) or split into separate x and y.
public struct PositionProperty: Sendable {
    public enum Storage: Sendable {
        case constant(Point)
        case keyframes(SpatialTrack)
        case split(x: ScalarProperty, y: ScalarProperty)
    }

    public let storage: Storage
    /// A recognised expression (Expressions/): when set, it gives the value.
    public internal(set) var expression: ExpressionBinding?

    public init(_ value: Point) { storage = .constant(value) }
    init(track: SpatialTrack) { storage = .keyframes(track) }
    init(x: ScalarProperty, y: ScalarProperty) { storage = .split(x: x, y: y) }

    public var isAnimated: Bool {
        if expression != nil { return true }
        switch storage {
        case .constant: return false
        case .keyframes: return true
        case let .split(x, y): return x.isAnimated || y.isAnimated
        }
    }

    public var constantValue: Point? {
        if expression != nil { return nil }
        switch storage {
        case .constant(let p): return p
        case .keyframes: return nil
        case let .split(x, y):
            guard let cx = x.constantValue, let cy = y.constantValue else { return nil }
            return Point(cx, cy)
        }
    }

    public func value(at frame: Double) -> Point {
        if let expression { let v = expression.value(at: frame); return Point(v[0], v[1]) }
        switch storage {
        case .constant(let p): return p
        case .keyframes(let t): return t.value(at: frame)
        case let .split(x, y): return Point(x.value(at: frame), y.value(at: frame))
        }
    }

    /// The direction the position is moving in at `frame` (zero when it is not moving); see the
    /// file header.
    public func direction(at frame: Double) -> Point {
        if expression != nil { return finiteDifference(frame, value(at:)) }
        switch storage {
        case .constant: return .zero
        case .keyframes(let t): return t.direction(at: frame)
        case let .split(x, _):
            guard let times = x.track?.times.times else { return finiteDifference(frame, value(at:)) }
            if frame <= times[0] { return value(at: times[0] + 0.01) - value(at: times[0]) }
            if frame >= times[times.count - 1] { return value(at: times[times.count - 1]) - value(at: times[times.count - 1] - 0.01) }
            return value(at: frame) - value(at: frame - 0.01)
        }
    }
}

/// v(f) − v(f − 0.01), or v(f + 0.01) − v(f) where that is zero.
func finiteDifference(_ frame: Double, _ value: (Double) -> Point) -> Point {
    let here = value(frame)
    let back = here - value(frame - 0.01)
    if back != .zero { return back }
    return value(frame + 0.01) - here
}
