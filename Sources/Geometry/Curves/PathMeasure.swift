// PathMeasure.swift — arc length of a path, and the point / tangent at a given arc length.
//
// Arc length of a segment B(t), t ∈ [0, 1], is s(t) = ∫₀ᵗ |B′(u)| du. A line has |B′| constant.
// For a cubic, B′(u) = 3[(1−u)²(P1−P0) + 2(1−u)u(P2−P1) + u²(P3−P2)] and |B′| is the square root
// of a quartic: smooth (analytic) except where B′ vanishes (a cusp), so Gauss–Legendre
// quadrature converges very fast on it.
//
// Quadrature. G(a, b) is the 5-point Gauss–Legendre rule on [a, b] (exact for polynomials of
// degree ≤ 9; error ∝ (b − a)¹¹·max|f⁽¹⁰⁾|). Each cubic starts as 4 equal parameter intervals;
// an interval is accepted when
//
//     |G(a, m) + G(m, b) − G(a, b)| ≤ ε·(b − a),   m = (a + b)/2,   ε = 1e-11 · (control polygon length)
//
// and split otherwise (at most 20 times below the quarters, i.e. down to 2⁻²² in t). The accepted
// value is the finer G(a, m) + G(m, b), whose error is about 2⁻¹⁰ of the tested difference for
// smooth integrands, so the error of a cubic's length is estimated at ≤ ε (≤ 1e-11 of its control
// polygon length, which bounds its arc length from above). This is an a-posteriori estimate, not
// a proof: a rigorous bound needs bounds on the 10th derivative of |B′|, which blow up near cusps,
// where the subdivision takes over (|B′| ~ |u − u0| has a kink; intervals around it shrink until
// the estimate holds or the depth limit is hit). For the heart of docs/ANIMATIONS.md §2.2 (26
// cubics, L = 167.72 pt) the estimate is ≲ 2e-9 pt in total, far inside the 1e-4 pt requirement;
// the tests compare against a Richardson-extrapolated dense polyline.
//
// Inversion. Every accepted interval end is kept as a node (t, s(t)). The parameter of arc
// length d is found by binary search for the node interval [t_k, t_k+1] holding d, then Newton's
// method on F(t) = s_k + G(t_k, t) − d with F′ = |B′(t)|, kept inside the bracket and replaced by
// bisection when it leaves it or |B′| = 0; it stops at |F| ≤ 1e-13·max(1, segment length).
//
// Distances are measured per contour (subpath; Contours.swift), from its start point along its
// drawing direction, in the path's own units; positions are clamped to [0, L] of the contour.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An arc-length node of a cubic: parameter t and the arc length from the segment start to t.
struct ArcLengthNode {
    var t: Double
    var s: Double
}

/// Arc lengths of every segment of a `ContourList`, with the nodes needed to invert them.
/// Reusable: `rebuild` keeps the storage.
struct ArcLengthTable {
    /// 5-point Gauss–Legendre nodes on [−1, 1] and their weights.
    static let gaussNodes: (Double, Double, Double) = (0, 0.5384693101056831, 0.9061798459386640)
    static let gaussWeights: (Double, Double, Double) = (0.5688888888888889, 0.4786286704993665, 0.2369268850561891)
    /// Relative acceptance threshold ε / (control polygon length), see the file header.
    static let relativeTolerance = 1e-11
    static let initialIntervals = 4
    static let maximumDepth = 20

    private(set) var contours = ContourList()
    /// Per segment: arc length of its contour before it, its own length, its first node index.
    private(set) var segmentStart: [Double] = []
    private(set) var segmentLength: [Double] = []
    private(set) var nodeStart: [Int] = []
    private(set) var nodes: [ArcLengthNode] = []
    /// Per contour: its total length.
    private(set) var contourLength: [Double] = []

    private struct Interval {
        var a: Double
        var b: Double
        var value: Double
        var depth: Int
    }
    private var stack: [Interval] = []

    init() {}

    init(_ path: Path) {
        rebuild(from: path)
    }

    mutating func rebuild(from path: Path) {
        contours.rebuild(from: path)
        segmentStart.removeAll(keepingCapacity: true)
        segmentLength.removeAll(keepingCapacity: true)
        nodeStart.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
        contourLength.removeAll(keepingCapacity: true)
        for contour in contours.contours {
            var total = 0.0
            for index in contour.firstSegment..<(contour.firstSegment + contour.segmentCount) {
                let segment = contours.segments[index]
                nodeStart.append(nodes.count)
                let length = segment.isLine ? segment.p0.distance(to: segment.p3) : measureCubic(segment)
                segmentStart.append(total)
                segmentLength.append(length)
                total += length
            }
            contourLength.append(total)
        }
    }

    // MARK: Quadrature

    /// |B′(t)| of a cubic.
    @inline(__always)
    private static func speed(_ segment: ContourSegment, _ t: Double) -> Double {
        segment.derivative(at: t).length
    }

    /// 5-point Gauss–Legendre estimate of ∫ₐᵇ |B′|.
    @inline(__always)
    static func gauss(_ segment: ContourSegment, _ a: Double, _ b: Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        let (x0, x1, x2) = gaussNodes
        let (w0, w1, w2) = gaussWeights
        let sum = w0 * speed(segment, m + h * x0)
            + w1 * (speed(segment, m - h * x1) + speed(segment, m + h * x1))
            + w2 * (speed(segment, m - h * x2) + speed(segment, m + h * x2))
        return h * sum
    }

    /// Adaptive length of a cubic; appends its nodes (t, s), from (0, 0) to (1, length).
    private mutating func measureCubic(_ segment: ContourSegment) -> Double {
        let polygon = segment.p0.distance(to: segment.p1) + segment.p1.distance(to: segment.p2)
            + segment.p2.distance(to: segment.p3)
        nodes.append(ArcLengthNode(t: 0, s: 0))
        guard polygon > 0, polygon.isFinite else {
            nodes.append(ArcLengthNode(t: 1, s: 0))
            return 0
        }
        let epsilon = Self.relativeTolerance * polygon
        var total = 0.0
        let n = Self.initialIntervals
        for i in stride(from: n - 1, through: 0, by: -1) {
            let a = Double(i) / Double(n), b = Double(i + 1) / Double(n)
            stack.append(Interval(a: a, b: b, value: Self.gauss(segment, a, b), depth: 0))
        }
        while let interval = stack.popLast() {
            let m = (interval.a + interval.b) / 2
            let left = Self.gauss(segment, interval.a, m)
            let right = Self.gauss(segment, m, interval.b)
            if abs(left + right - interval.value) <= epsilon * (interval.b - interval.a)
                || interval.depth >= Self.maximumDepth {
                total += left
                nodes.append(ArcLengthNode(t: m, s: total))
                total += right
                nodes.append(ArcLengthNode(t: interval.b, s: total))
            } else {
                stack.append(Interval(a: m, b: interval.b, value: right, depth: interval.depth + 1))
                stack.append(Interval(a: interval.a, b: m, value: left, depth: interval.depth + 1))
            }
        }
        nodes[nodes.count - 1].t = 1
        return total
    }

    // MARK: Inversion

    /// The parameter t of segment `index` at arc length `distance` from the segment start.
    func parameter(segment index: Int, distance: Double) -> Double {
        let length = segmentLength[index]
        guard length > 0 else { return 0 }
        if distance <= 0 { return 0 }
        if distance >= length { return 1 }
        let segment = contours.segments[index]
        if segment.isLine { return distance / length }
        // Node interval holding the distance (the segment's nodes are sorted by t and s).
        let first = nodeStart[index]
        let end = index + 1 < nodeStart.count ? nodeStart[index + 1] : nodes.count
        var lo = first, hi = end - 1       // nodes[lo].s ≤ distance ≤ nodes[hi].s
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if nodes[mid].s <= distance { lo = mid } else { hi = mid }
        }
        let a = nodes[lo], b = nodes[hi]
        var bracketLow = a.t, bracketHigh = b.t
        let span = b.s - a.s
        var t = span > 0 ? a.t + (b.t - a.t) * (distance - a.s) / span : a.t
        let stop = 1e-13 * Swift.max(1, length)
        for _ in 0..<60 {
            let f = a.s + Self.gauss(segment, a.t, t) - distance
            if abs(f) <= stop { break }
            if f > 0 { bracketHigh = t } else { bracketLow = t }
            let slope = segment.derivative(at: t).length
            var next = slope > 0 ? t - f / slope : .nan
            if !(next > bracketLow && next < bracketHigh) { next = (bracketLow + bracketHigh) / 2 }
            if next == t { break }
            t = next
        }
        return t
    }

    /// The segment and parameter at arc length `distance` of contour `contour` (clamped to
    /// [0, L]). With `preferNext`, a distance on the boundary of two segments resolves to the
    /// start of the later one (for the start of a range), else to the end of the earlier one.
    /// Nil for a contour without segments.
    func locate(contour index: Int, distance: Double, preferNext: Bool = false) -> (segment: Int, t: Double)? {
        let contour = contours.contours[index]
        guard contour.segmentCount > 0 else { return nil }
        let first = contour.firstSegment, last = first + contour.segmentCount - 1
        let d = Swift.min(Swift.max(distance, 0), contourLength[index])
        // Smallest k whose end is ≥ d (or > d with preferNext).
        var lo = first, hi = last
        while lo < hi {
            let mid = (lo + hi) / 2
            let end = segmentStart[mid] + segmentLength[mid]
            if preferNext ? end > d : end >= d { hi = mid } else { lo = mid + 1 }
        }
        // Skip zero-length segments, which carry no distance.
        var k = lo
        while k < last && segmentLength[k] == 0 { k += 1 }
        if segmentLength[k] == 0 {
            k = lo
            while k > first && segmentLength[k] == 0 { k -= 1 }
        }
        return (k, parameter(segment: k, distance: d - segmentStart[k]))
    }
}

/// Arc length along a path's subpaths, and positions and tangents by arc length (see the file
/// header for the method and its error estimate). Distances are in the path's own units,
/// measured per subpath from its start point; a closed subpath includes its closing segment.
/// Subpaths follow the rules of Contours.swift: non-finite elements are skipped and a lone
/// `move` is not a subpath.
public struct PathMeasure: Sendable {
    var table: ArcLengthTable

    public init(_ path: Path) {
        table = ArcLengthTable(path)
    }

    /// A measure of the empty path, to `remeasure` later.
    public init() {
        table = ArcLengthTable()
    }

    /// Measures `path` instead, keeping the tables' storage (no allocation once they have grown
    /// to the path's segment and node counts).
    public mutating func remeasure(_ path: Path) {
        table.rebuild(from: path)
    }

    /// Total length of all subpaths.
    public var length: Double { table.contourLength.reduce(0, +) }

    /// Number of subpaths (contours).
    public var contourCount: Int { table.contourLength.count }

    /// Length of subpath `contour`.
    public func length(ofContour contour: Int) -> Double {
        table.contourLength[contour]
    }

    /// True when subpath `contour` was closed by `close()`.
    public func isClosed(contour: Int) -> Bool {
        table.contours.contours[contour].isClosed
    }

    /// The point at arc length `distance` (clamped to [0, L]) of subpath `contour`; nil when
    /// there is no such subpath.
    public func position(at distance: Double, contour: Int = 0) -> Point? {
        guard contour >= 0, contour < contourCount else { return nil }
        guard let (segment, t) = table.locate(contour: contour, distance: distance) else {
            return table.contours.contours[contour].start
        }
        return table.contours.segments[segment].point(at: t)
    }

    /// The unit tangent (direction of travel) at arc length `distance` of subpath `contour`;
    /// nil when there is no such subpath. At a corner, the tangent of the segment ending there.
    public func tangent(at distance: Double, contour: Int = 0) -> Point? {
        guard contour >= 0, contour < contourCount else { return nil }
        guard let (segment, t) = table.locate(contour: contour, distance: distance) else { return Point(1, 0) }
        return table.contours.segments[segment].tangent(at: t)
    }
}
