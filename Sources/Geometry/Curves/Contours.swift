// Contours.swift — a path split into contours (subpaths) of line and cubic segments.
//
// Measuring, dashing and stroking all work contour by contour on exact curves, so this is the
// one place that turns path elements into contours. The rules are those of `Path` (Path.swift)
// and `Path.flattened` (Flatten.swift), plus what a stroke needs to know:
//
// * `move(to:)` starts a contour. A contour that gets no drawing element and no `close()` is
//   dropped (a lone move draws nothing, as in CoreGraphics).
// * A drawing element with no current point starts a contour at its end point.
// * An element with a NaN or infinite point is skipped: the next element continues from the
//   current point. A non-finite `move` ends the contour and leaves no current point.
// * Quadratics are degree-elevated to cubics (exact): c1 = p0 + ⅔(q − p0), c2 = p2 + ⅔(q − p2).
// * `close()` appends the straight closing segment back to the start (only when the current
//   point differs from the start) and marks the contour closed; a following drawing element
//   starts a new contour at that start point.
// * A contour whose segments all have zero length, or a `move` + `close`, is kept: a stroke
//   draws it as a dot with round or square caps.
//
// Storage is reused: `rebuild` clears the arrays but keeps their capacity.

/// One segment of a contour: a straight line p0 → p3 (p1, p2 unused) or a cubic p0, p1, p2, p3.
struct ContourSegment {
    var p0: Point
    var p1: Point
    var p2: Point
    var p3: Point
    var isLine: Bool

    static func line(_ a: Point, _ b: Point) -> ContourSegment {
        ContourSegment(p0: a, p1: a, p2: b, p3: b, isLine: true)
    }

    /// The point at parameter t ∈ [0, 1].
    @inline(__always)
    func point(at t: Double) -> Point {
        if isLine { return p0.lerp(to: p3, t) }
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                     y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// dB/dt at parameter t (for a line, the constant p3 − p0).
    @inline(__always)
    func derivative(at t: Double) -> Point {
        if isLine { return p3 - p0 }
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        return Point(x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                     y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }

    /// A unit tangent at parameter t. Where dB/dt vanishes (a cubic whose control point
    /// coincides with an end point, or a cusp) the direction of the next non-zero derivative
    /// term is used, then the chord; (1, 0) for a segment of zero extent.
    func tangent(at t: Double) -> Point {
        @inline(__always) func unit(_ v: Point) -> Point? {
            let length = v.length
            return length > 0 && length.isFinite ? v / length : nil
        }
        if isLine { return unit(p3 - p0) ?? Point(1, 0) }
        if let d = unit(derivative(at: t)) { return d }
        // Near t = 1 the first non-zero higher term points backwards along the curve.
        let sign: Double = t > 0.5 ? -1 : 1
        let second = Point(x: (1 - t) * (p2.x - 2 * p1.x + p0.x) + t * (p3.x - 2 * p2.x + p1.x),
                           y: (1 - t) * (p2.y - 2 * p1.y + p0.y) + t * (p3.y - 2 * p2.y + p1.y))
        if let d = unit(second * sign) { return d }
        if let d = unit(p3 - 3 * p2 + 3 * p1 - p0) { return d }
        return unit(p3 - p0) ?? Point(1, 0)
    }

    /// The part of the segment between parameters t0 ≤ t1, as a segment of the same kind.
    /// For a cubic this is exact: the restriction of a cubic to [t0, t1] is the cubic with end
    /// points B(t0), B(t1) and controls B(t0) + h/3·B′(t0), B(t1) − h/3·B′(t1), h = t1 − t0.
    func piece(from t0: Double, to t1: Double) -> ContourSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        let a = t0 <= 0 ? p0 : point(at: t0)
        let b = t1 >= 1 ? p3 : point(at: t1)
        if isLine { return .line(a, b) }
        let h = (t1 - t0) / 3
        return ContourSegment(p0: a, p1: a + derivative(at: t0) * h, p2: b - derivative(at: t1) * h, p3: b,
                              isLine: false)
    }
}

/// One contour: `segmentCount` segments starting at `firstSegment` in `ContourList.segments`.
struct ContourRecord {
    var firstSegment: Int
    var segmentCount: Int
    var isClosed: Bool
    /// The contour's start point (also the end point when it is closed).
    var start: Point
}

/// A path decomposed into contours of line and cubic segments (rules in the file header).
struct ContourList {
    private(set) var segments: [ContourSegment] = []
    private(set) var contours: [ContourRecord] = []

    init() {}

    init(_ path: Path) {
        rebuild(from: path)
    }

    /// Replaces the contents with the contours of `path`, reusing the storage.
    mutating func rebuild(from path: Path) {
        segments.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
        var start: Point?      // start of the open contour, if any
        var current: Point?    // current point
        var first = 0          // index of the open contour's first segment

        func finish(closed: Bool) {
            guard let s = start else { return }
            let count = segments.count - first
            if count > 0 || closed {
                contours.append(ContourRecord(firstSegment: first, segmentCount: count, isClosed: closed, start: s))
            }
            start = nil
            first = segments.count
        }
        func begin(at p: Point) {
            finish(closed: false)
            start = p
            current = p
            first = segments.count
        }

        for element in path.elements {
            switch element {
            case .move(let p):
                if p.isFinite {
                    begin(at: p)
                } else {
                    finish(closed: false)
                    current = nil
                }
            case .line(let p):
                guard p.isFinite else { continue }
                guard let c = current else { begin(at: p); continue }
                if start == nil { begin(at: c) }
                segments.append(.line(c, p))
                current = p
            case .quad(let p, let q):
                guard p.isFinite, q.isFinite else { continue }
                guard let c = current else { begin(at: p); continue }
                if start == nil { begin(at: c) }
                segments.append(ContourSegment(p0: c, p1: c + (q - c) * (2.0 / 3.0), p2: p + (q - p) * (2.0 / 3.0),
                                               p3: p, isLine: false))
                current = p
            case .cubic(let p, let c1, let c2):
                guard p.isFinite, c1.isFinite, c2.isFinite else { continue }
                guard let c = current else { begin(at: p); continue }
                if start == nil { begin(at: c) }
                segments.append(ContourSegment(p0: c, p1: c1, p2: c2, p3: p, isLine: false))
                current = p
            case .close:
                guard let s = start, let c = current else { continue }
                if c != s { segments.append(.line(c, s)) }
                finish(closed: true)
                current = s
            }
        }
        finish(closed: false)
    }
}
