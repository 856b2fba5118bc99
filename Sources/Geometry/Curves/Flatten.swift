// Flatten.swift — quadratic and cubic Béziers → line segments within a device-pixel tolerance.
//
// Method: Wang's formula (uniform parameter steps, segment count in closed form).
//
// For a degree-n Bézier B with control points P0…Pn, the polyline L through B(i/N),
// i = 0…N, satisfies for every t (Wang 1984; also Skia WangsFormula.h, vello flatten.rs):
//
//     |B(t) − L(t)| ≤ n(n−1)/8 · M / N²,   M = max_i |P_i − 2·P_{i+1} + P_{i+2}|
//
// (L(t) is the chord point at the same parameter; the bound is the linear-interpolation error
// (Δt)²/8·max|B''| with max|B''| ≤ n(n−1)·M.) Choosing
//
//     quadratic: N = ⌈ √( M / (4·tol) ) ⌉          cubic: N = ⌈ √( 3·M / (4·tol) ) ⌉
//
// makes every point of the curve lie within `tol` of the polyline and every polyline point lie
// within `tol` of the curve (Hausdorff distance ≤ tol). Flattening happens in device space after
// the fill transform, so `tol` is in device pixels; the default is 0.2 px (Blend2D's default,
// docs/research/rasterizers.md §1). Wang's count is ~1.8× the segment count of Levien's
// parabola-integral method at equal tolerance; Levien's method is the planned upgrade
// (docs/research/rasterizers.md §7.1).
//
// Area correction: a polyline through points ON the curve lies on the concave side of every
// arc, so a filled shape loses area: each chord of a segment with sagitta h cuts off
// ≈ (2/3)·h·chord (a parabolic segment). For a 300 px circle at 0.2 px that is −0.05 % of
// the area, for a 50 px circle −0.38 %. We therefore move each interior vertex B(tᵢ) towards
// the convex side by the normal part of B''(tᵢ)·Δt²/12 = (2/3)·h (h = |B''ₙ|·Δt²/8 is the
// sagitta of the neighbouring segments), so each chord gains back h·(2/3)·chord. The curve's
// end points stay exact (they are shared with the neighbouring elements, which keeps contours
// closed), so the first and last segments of each curve are only half corrected: the area
// error drops by about a factor N (the segment count) instead of vanishing. The Hausdorff
// bound still holds: vertices move by (2/3)·h ≤ (2/3)·tol off the curve and chord mid-points
// end up h/3 inside it.
//
// Large curves: a curve whose count exceeds `maxSegmentsPerPiece` is split in halves (de
// Casteljau at t = ½; each half needs about half the segments, so splitting costs nothing in
// output size), and each half is checked against the cull region first (fills only):
//   * hull entirely above, below or right of the canvas → dropped (it covers no pixel);
//   * hull entirely left of the canvas → replaced by its chord P0→Pn, which has exactly the
//     same winding contribution for every pixel to its right;
//   * otherwise flattened or split again.
// Subdivision stops at depth `maxDepth` (2^24 pieces), where a piece is emitted with at most
// `maxSegmentsPerPiece` segments; the tolerance bound holds unless a visible piece needs more
// than that, i.e. only for absurd coordinates (> ~10^12 px). All work is allocation-free in steady
// state: the subdivision stack is a reused array.

// Sharing. The flattener is generic over its sink so that each sink gets its own specialised
// loop; the rasterizer's sink lives in Raster, so the flattener, its sink protocol and its cull
// region are inlinable SPI (`@_spi(Internals) import Geometry`; ScratchBuffer.swift says why).

/// Receives the line segments produced by flattening, in path order.
@_spi(Internals) public protocol LineSegmentSink {
    mutating func addLine(from p0: Point, to p1: Point)
}

/// The region used to cull curve pieces during fill flattening: [0, width] × [0, height].
@_spi(Internals) public struct CullRegion {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Public flattening constants.
public enum Flattening {
    /// Default flattening tolerance in device pixels (Blend2D's default;
    /// docs/research/rasterizers.md §1).
    public static let defaultTolerance: Double = 0.2
}

@_spi(Internals) public struct CurveFlattener {
    /// Default flattening tolerance in device pixels.
    static let defaultTolerance = Flattening.defaultTolerance
    /// Pieces needing more segments than this are subdivided (and culled) first.
    @inlinable static var maxSegmentsPerPiece: Int { 128 }
    /// Maximum subdivision depth for very large curves.
    @inlinable static var maxDepth: Int { 24 }
    /// Maximum subdivision depth without a cull region (polylines: `Path.flattened`): every
    /// piece is emitted there, so 2^24 pieces × 128 segments would be 2^31 points for one
    /// absurd curve (found by the geometry fuzzer: an 8 GB allocation). 2^6 × 128 = 8192
    /// segments per curve, the same cap as stroking (`StrokingSink.maximumSegmentsPerCurve`).
    @inlinable static var maxPolylineDepth: Int { 6 }

    @usableFromInline
    struct CubicPiece {
        @usableFromInline var p0, p1, p2, p3: Point
        @usableFromInline var depth: Int

        @inlinable
        init(p0: Point, p1: Point, p2: Point, p3: Point, depth: Int) {
            self.p0 = p0
            self.p1 = p1
            self.p2 = p2
            self.p3 = p3
            self.depth = depth
        }
    }

    /// Maximum distance in pixels between the curve and its polyline.
    public var tolerance: Double {
        didSet { updateScale() }
    }
    /// Region outside which curve pieces are culled (fills); nil keeps everything (polylines).
    public var cull: CullRegion?

    @usableFromInline var stack: [CubicPiece] = []
    /// √(3/(4·tol)) for cubics and √(1/(4·tol)) for quadratics, cached.
    @usableFromInline var cubicScale = 0.0
    @usableFromInline var quadScale = 0.0

    public init(tolerance: Double = Flattening.defaultTolerance, cull: CullRegion? = nil) {
        self.tolerance = tolerance
        self.cull = cull
        stack.reserveCapacity(2 * CurveFlattener.maxDepth + 2)
        updateScale()
    }

    private mutating func updateScale() {
        let tol = tolerance.isFinite ? Swift.min(Swift.max(tolerance, 1e-4), 1e4) : Self.defaultTolerance
        cubicScale = (0.75 / tol).squareRoot()
        quadScale = (0.25 / tol).squareRoot()
    }

    // MARK: Segment counts (Wang's formula)

    /// Number of segments Wang's formula needs for a quadratic at this tolerance (≥ 1).
    @inlinable
    func segmentCount(_ p0: Point, _ p1: Point, _ p2: Point) -> Int {
        let dd = p0 - 2 * p1 + p2
        return Self.count(quadScale * dd.length.squareRoot())
    }

    /// Number of segments Wang's formula needs for a cubic at this tolerance (≥ 1).
    @inlinable @inline(__always)
    func segmentCount(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Int {
        let dd1 = p0 - 2 * p1 + p2
        let dd2 = p1 - 2 * p2 + p3
        let m2 = Swift.max(dd1.dot(dd1), dd2.dot(dd2))
        return Self.count(cubicScale * m2.squareRoot().squareRoot())
    }

    @inlinable @inline(__always)
    static func count(_ n: Double) -> Int {
        // NaN fails the comparison and becomes 1; huge values saturate well inside Int.
        guard n > 1 else { return 1 }
        return n < 1e9 ? Int(n.rounded(.up)) : 1_000_000_000
    }

    // MARK: Flattening

    /// Flattens the quadratic p0 → p2 with control p1. Inlinable (as `flattenCubic`): the
    /// rasterizer's sink is in another module and must get its own specialisation.
    @inlinable
    public mutating func flattenQuad<Sink: LineSegmentSink>(_ p0: Point, _ p1: Point, _ p2: Point, into sink: inout Sink) {
        if let cull {
            switch Self.classify(minX: Swift.min(Swift.min(p0.x, p1.x), p2.x), minY: Swift.min(Swift.min(p0.y, p1.y), p2.y),
                                 maxX: Swift.max(Swift.max(p0.x, p1.x), p2.x), maxY: Swift.max(Swift.max(p0.y, p1.y), p2.y),
                                 cull) {
            case .invisible: return
            case .leftOfRegion: sink.addLine(from: p0, to: p2); return
            case .visible: break
            }
        }
        let n = segmentCount(p0, p1, p2)
        if n > Self.maxSegmentsPerPiece {
            // Rare: hand the degree-elevated curve to the subdividing cubic path.
            let c1 = p0 + (p1 - p0) * (2.0 / 3.0)
            let c2 = p2 + (p1 - p2) * (2.0 / 3.0)
            flattenCubic(p0, c1, c2, p2, into: &sink)
            return
        }
        // B(t) = p0 + t·(2(p1 − p0)) + t²·(p0 − 2p1 + p2)
        let b1 = 2 * (p1 - p0)
        let b2 = p0 - 2 * p1 + p2
        let step = 1.0 / Double(n)
        let correction = step * step / 12           // area correction: B'' = 2·b2, shift by −B''ₙ·Δt²/12
        var previous = p0
        for i in 1..<n {
            let t = Double(i) * step
            let p = Point(x: (b2.x * t + b1.x) * t + p0.x, y: (b2.y * t + b1.y) * t + p0.y)
            let tangent = Point(x: 2 * b2.x * t + b1.x, y: 2 * b2.y * t + b1.y)
            let v = p - Self.normalPart(of: 2 * b2, tangent: tangent) * correction
            sink.addLine(from: previous, to: v)
            previous = v
        }
        sink.addLine(from: previous, to: p2)
    }

    /// Flattens the cubic p0 → p3 with controls p1, p2. Nearly every curve is culled or emitted
    /// whole; only one that must be split touches the subdivision stack.
    @inlinable
    public mutating func flattenCubic<Sink: LineSegmentSink>(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                                      into sink: inout Sink) {
        let whole = CubicPiece(p0: p0, p1: p1, p2: p2, p3: p3, depth: 0)
        guard let halves = flattenPiece(whole, into: &sink) else { return }
        stack.removeAll(keepingCapacity: true)
        // The second half below the first, so that the first is drawn first.
        stack.append(halves.second)
        stack.append(halves.first)
        while let piece = stack.popLast() {
            if let halves = flattenPiece(piece, into: &sink) {
                stack.append(halves.second)
                stack.append(halves.first)
            }
        }
    }

    /// Culls `piece`, replaces it by its chord, or emits its segments; returns its two halves
    /// instead when it needs more than `maxSegmentsPerPiece` segments and may still be split.
    @inlinable @inline(__always)
    func flattenPiece<Sink: LineSegmentSink>(_ piece: CubicPiece,
                                             into sink: inout Sink) -> (first: CubicPiece, second: CubicPiece)? {
        if let cull {
            // Pairwise: the variadic min/max build an array each call where they are not inlined.
            let minX = Swift.min(Swift.min(piece.p0.x, piece.p1.x), Swift.min(piece.p2.x, piece.p3.x))
            let maxX = Swift.max(Swift.max(piece.p0.x, piece.p1.x), Swift.max(piece.p2.x, piece.p3.x))
            let minY = Swift.min(Swift.min(piece.p0.y, piece.p1.y), Swift.min(piece.p2.y, piece.p3.y))
            let maxY = Swift.max(Swift.max(piece.p0.y, piece.p1.y), Swift.max(piece.p2.y, piece.p3.y))
            switch Self.classify(minX: minX, minY: minY, maxX: maxX, maxY: maxY, cull) {
            case .invisible: return nil
            case .leftOfRegion: sink.addLine(from: piece.p0, to: piece.p3); return nil
            case .visible: break
            }
        }
        let n = segmentCount(piece.p0, piece.p1, piece.p2, piece.p3)
        if n > Self.maxSegmentsPerPiece && piece.depth < (cull == nil ? Self.maxPolylineDepth : Self.maxDepth) {
            // de Casteljau split at t = ½.
            let p01 = piece.p0.lerp(to: piece.p1, 0.5)
            let p12 = piece.p1.lerp(to: piece.p2, 0.5)
            let p23 = piece.p2.lerp(to: piece.p3, 0.5)
            let p012 = p01.lerp(to: p12, 0.5)
            let p123 = p12.lerp(to: p23, 0.5)
            let mid = p012.lerp(to: p123, 0.5)
            return (CubicPiece(p0: piece.p0, p1: p01, p2: p012, p3: mid, depth: piece.depth + 1),
                    CubicPiece(p0: mid, p1: p123, p2: p23, p3: piece.p3, depth: piece.depth + 1))
        }
        emitCubic(piece.p0, piece.p1, piece.p2, piece.p3, segments: Swift.min(n, Self.maxSegmentsPerPiece), into: &sink)
        return nil
    }

    @inlinable @inline(__always)
    func emitCubic<Sink: LineSegmentSink>(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                                  segments n: Int, into sink: inout Sink) {
        // B(t) = p0 + t·c1 + t²·c2 + t³·c3 with c1 = 3(p1 − p0), c2 = 3(p0 − 2p1 + p2),
        // c3 = p3 − p0 + 3(p1 − p2); evaluated by Horner's rule. The end point is emitted exactly.
        let c1 = 3 * (p1 - p0)
        let c2 = 3 * (p0 - 2 * p1 + p2)
        let c3 = p3 - p0 + 3 * (p1 - p2)
        let step = 1.0 / Double(n)
        let correction = step * step / 12           // area correction (file header)
        var previous = p0
        var i = 1
        while i < n {
            let t = Double(i) * step
            let p = Point(x: ((c3.x * t + c2.x) * t + c1.x) * t + p0.x,
                          y: ((c3.y * t + c2.y) * t + c1.y) * t + p0.y)
            // B'(t) = c1 + 2c2·t + 3c3·t², B''(t) = 2c2 + 6c3·t
            let tangent = Point(x: (3 * c3.x * t + 2 * c2.x) * t + c1.x, y: (3 * c3.y * t + 2 * c2.y) * t + c1.y)
            let second = Point(x: 6 * c3.x * t + 2 * c2.x, y: 6 * c3.y * t + 2 * c2.y)
            let v = p - Self.normalPart(of: second, tangent: tangent) * correction
            sink.addLine(from: previous, to: v)
            previous = v
            i += 1
        }
        sink.addLine(from: previous, to: p3)
    }

    /// The component of `v` perpendicular to `tangent` (all of `v` if the tangent vanishes).
    @inlinable @inline(__always)
    static func normalPart(of v: Point, tangent: Point) -> Point {
        let tt = tangent.dot(tangent)
        guard tt > 1e-300 else { return v }
        return v - tangent * (v.dot(tangent) / tt)
    }

    @usableFromInline
    enum Visibility { case invisible, leftOfRegion, visible }

    @inlinable @inline(__always)
    static func classify(minX: Double, minY: Double, maxX: Double, maxY: Double,
                                 _ region: CullRegion) -> Visibility {
        if maxY <= 0 || minY >= region.height || minX >= region.width { return .invisible }
        if maxX <= 0 { return .leftOfRegion }
        return .visible
    }
}

// MARK: - Public polyline flattening (for tests, dashing and stroking)

/// One flattened subpath: its points in order; `isClosed` when it ended with `close()`.
public struct FlattenedSubpath: Equatable, Sendable {
    public var points: [Point]
    public var isClosed: Bool
}

extension Path {
    /// The path flattened to polylines with every curve within `tolerance` (same units as the
    /// path's coordinates) of its polyline, using the same flattener as fills. Non-finite points
    /// are dropped. Allocates; meant for tests, dashing and stroking, not the fill hot path.
    public func flattened(tolerance: Double = Flattening.defaultTolerance) -> [FlattenedSubpath] {
        struct Collector: LineSegmentSink {
            var points: [Point] = []
            mutating func addLine(from p0: Point, to p1: Point) { points.append(p1) }
        }
        var flattener = CurveFlattener(tolerance: tolerance)
        var result: [FlattenedSubpath] = []
        var collector = Collector()
        var current: Point?
        var isClosed = false

        func finishSubpath() {
            if collector.points.count > 1 || (isClosed && !collector.points.isEmpty) {
                result.append(FlattenedSubpath(points: collector.points, isClosed: isClosed))
            }
            collector.points.removeAll()
            isClosed = false
        }
        func start(at p: Point) {
            finishSubpath()
            collector.points.append(p)
            current = p
        }

        for element in elements {
            switch element {
            case .move(let p):
                if p.isFinite { start(at: p) } else { finishSubpath(); current = nil }
            case .line(let p):
                guard p.isFinite else { continue }
                if current == nil { start(at: p); continue }
                collector.points.append(p)
                current = p
            case .quad(let p, let c):
                guard p.isFinite, c.isFinite else { continue }
                guard let from = current else { start(at: p); continue }
                flattener.flattenQuad(from, c, p, into: &collector)
                current = p
            case .cubic(let p, let c1, let c2):
                guard p.isFinite, c1.isFinite, c2.isFinite else { continue }
                guard let from = current else { start(at: p); continue }
                flattener.flattenCubic(from, c1, c2, p, into: &collector)
                current = p
            case .close:
                guard let first = collector.points.first else { continue }
                isClosed = true
                finishSubpath()
                // The current point returns to the subpath start; a following drawing element
                // begins a new subpath there.
                collector.points.append(first)
                current = first
            }
        }
        finishSubpath()
        return result
    }
}
