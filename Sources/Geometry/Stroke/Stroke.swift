// Stroke.swift — the outline of a stroked polyline: offset edges, joins and caps, as closed
// contours to be filled with the non-zero rule.
//
// Offset geometry. For a segment from P to Q with unit direction d and half width r, let
// n = (−d.y, d.x) (d turned by +90°). Its stroke is the rectangle with corners P ± r·n, Q ± r·n.
// Call P + r·n the "A side". Walking a polyline forward and emitting the A-side offset of each
// segment, then walking it backward (directions negated, so the A side of the reversed walk is
// the B side of the original), traces a contour around the stroke:
//
//     A side →→→→→→→→→→→→→→→→→→→→ end cap
//     start cap ←←←←←←←← A side of the reversed walk (= B side)
//
// Why it fills correctly (Skia, tiny-skia and AGG emit the same kind of outline). At each vertex
// P the contour goes from the incoming edge's end a_in = P + r·n_in to the outgoing edge's start
// a_out = P + r·n_out by some route. Adding and subtracting the detour a_in → P → a_out, the
// contour's winding number equals the sum of the windings of all segment rectangles, plus, per
// vertex and side, the loop "route, then a_out → P → a_in". All rectangles have the same
// orientation (it does not depend on d), so with non-zero filling their union is painted as long
// as every vertex loop either has that same orientation or only covers points that at least two
// rectangles cover. The routes used:
//
//   * Outer side (the walk turns away from A: d_in × d_out < 0, or a 180° cusp): the join —
//       bevel: a_in → a_out (loop: the triangle P, a_in, a_out);
//       miter: the tip M = P + r·(n_in + n_out)/(1 + d_in·d_out), the intersection of the two
//         offset lines (|M − P| = r / cos(θ/2) for a turn θ; the miter ratio |M − P|/r ≤ limit,
//         i.e. d_in·d_out ≥ 2/limit² − 1, else bevel, as CG and SVG);
//       round: an arc of radius r about P from n_in to n_out, rotating by the signed turn angle
//         θ = atan2(d_in × d_out, d_in·d_out) (−π at a cusp, so the arc passes through P + r·d_in).
//     Each loop is a wedge on the far side of P with the rectangles' orientation.
//   * Inner side (turning towards A): if the turn is below 90° and r·sin θ ≤ both segment lengths,
//     the inner offset lines meet at X = P + r·(n_in + n_out)/(1 + d_in·d_out) inside both
//     segments; the loop P, a_in, X, a_out then lies in both rectangles (each of its corners does:
//     a_in is r·sin θ into the outgoing rectangle and r·cos θ ≤ r off its axis, and conversely),
//     so the contour may cut the corner at X. Otherwise the route goes through the pivot,
//     a_in → P → a_out, whose loop has no area (Skia's inner join). This keeps wide strokes on
//     short segments and cusps correct.
//   * Caps close the contour: butt a → b straight, square a + r·d → b + r·d, round a half-circle
//     rotating by −π from n through P + r·d to −n; each adds a region with the same orientation.
//   * A closed polyline gives two contours, the forward A side and the backward A side, each with
//     a join at every vertex including the start point; no caps.
//   * A polyline that has collapsed to one point is a dot: round caps give a disc of radius r,
//     square caps a square of side 2r turned along the given tangent, butt caps nothing.
//
// Arcs. A round join or cap sweeping θ is drawn as n = max(2, ⌈|θ|/δmax⌉) chords of angle
// δ = θ/n. The end points lie on the circle (they are the offset points) and the n − 1 interior
// vertices at the radius R that gives the polygon exactly the sector's area,
//
//     ½·sin δ·(2·r·R + (n − 2)·R²) = ½·|θ|·r²,   i.e. R ≈ r·(1 + δ²/12) for many chords,
//
// so caps, joins and dots keep their weight even when drawn with few chords (an inscribed
// polygon loses 10 % of a 5 px dot at 0.2 px). The radial error is then about r·δ²/12 outwards
// and r·δ²/24 inwards; δmax = min(√(10·tol/r), π/4) keeps it within the flattening tolerance tol
// (at least 4 chords per half circle, at most `maximumArcSteps` = 2048, which holds the tolerance
// up to r ≈ 2·10⁵·tol; with 4 chords R = 1.072·r, within tol while the π/4 bound is the binding
// one). Joins whose turn is so small that the miter tip is within tol of the arc
// (r·(1/cos(θ/2) − 1) ≤ tol) use the tip as a single vertex instead: on flattened curves that is
// almost every vertex, so a smooth stroke costs one outline vertex per side, and with the inner
// corner cut at X the outline of a smooth stroke does not overlap itself at all.
//
// Known limit of overlapping contours with exact-area coverage. The coverage rasterizer computes
// min(|∫ winding over the pixel|, 1) (Raster's CoverageRasterizer.swift). A pixel that holds both
// stroke exterior and a region of winding 2 (where two parts of the outline overlap and that
// overlap reaches the stroke's edge inside the pixel) is therefore over-covered, by at most ½ for
// winding 2. Smooth strokes and separate dashes have no such overlap; it shows at pivot-routed inner
// joins (a pixel or two at the inner corner), where dashes or subpaths cross (a pixel at each
// corner of the crossing), and along the whole edge of a path that retraces itself (A → B → A,
// whose edges coincide): such edges look bolder. Supersampled rasterizers (Skia, tiny-skia)
// decide the winding per sample and do not show it. At exact 180° cusps only the forward walk
// draws the join, so a cusp's cap-like join is not traced twice.
//
// Degenerate input: non-finite points are dropped; points closer than 1e-3·tol to the previous
// kept point are dropped (zero-length segments; their direction is noise); a closed polyline's
// trailing points equal to its first are dropped.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Strokes polylines into outline contours (see the file header). Reusable: the point, segment
/// and outline buffers keep their storage.
package struct PolylineStroker {
    /// Polyline under construction; `stroke` consumes it.
    let points = ScratchArray<Point>(capacity: 256)
    /// Outline contours built so far (move / line / close).
    var outline: [PathElement] = []

    /// Most chords per arc (a half circle then keeps the tolerance up to r ≈ 2·10⁵·tol).
    static let maximumArcSteps = 2048
    /// Most outline elements per stroke (≈ 56 bytes each: 224 MB), checked per polyline and point;
    /// beyond it `overflowed` is set and the stroke is refused (`StrokeError.tooManySegments`).
    /// Without it a million round-capped dashes (allowed by `DashPattern.maximumDashCount`) of
    /// a wide line could ask for billions of points. The heaviest preset the heart allows (10 000
    /// round-capped 500 pt dashes in the largest frame) is ~3 million.
    package static let maximumOutlineElements = FuzzBuild.scaled(4_000_000)
    /// Set when a polyline was skipped because the outline reached `maximumOutlineElements`.
    var overflowed = false

    private(set) var halfWidth = 0.5
    private(set) var cap: LineCap = .butt
    private(set) var join: LineJoin = .miter
    private var maximumArcStep = Double.pi / 4
    /// d_in·d_out at or above which a miter join is drawn (else bevel).
    private var miterMinimumDot = 2.0 / 100 - 1
    /// d_in·d_out at or above which a round join is drawn as its miter tip.
    private var roundJoinTipDot = 1.0
    private var duplicateDistance = 0.0

    private let directions = ScratchArray<Point>(capacity: 256)
    private let lengths = ScratchArray<Double>(capacity: 256)

    /// Sets the style and the flattening tolerance (in the polyline's units) for later strokes.
    mutating func configure(halfWidth r: Double, cap: LineCap, join: LineJoin, miterLimit: Double,
                            tolerance: Double) {
        halfWidth = r
        self.cap = cap
        self.join = join
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : Flattening.defaultTolerance
        maximumArcStep = Swift.min((10 * tol / r).squareRoot(), Double.pi / 4)
        if !(maximumArcStep > 0) { maximumArcStep = Double.pi / 4 }
        miterMinimumDot = 2 / (miterLimit * miterLimit) - 1   // NaN limit → comparisons fail → bevel
        let c = 1 / (1 + tol / r)
        roundJoinTipDot = 2 * c * c - 1
        duplicateDistance = 1e-3 * tol
    }

    /// Strokes the polyline in `points` (then empties it) and appends its contours to `outline`.
    /// `tangent` orients a square dot when the polyline collapses to one point.
    mutating func strokePolyline(closed: Bool, tangent: Point) {
        defer { points.removeAll() }
        if overflowed || outline.count > Self.maximumOutlineElements { overflowed = true; return }
        let count = removeDuplicatePoints(closed: closed)
        guard count > 0, halfWidth > 0 else { return }
        if count == 1 {
            addDot(at: points[0], tangent: tangent)
            return
        }
        let segmentCount = closed ? count : count - 1
        directions.resize(to: segmentCount)
        lengths.resize(to: segmentCount)
        for j in 0..<segmentCount {
            let v = points[j + 1 == count ? 0 : j + 1] - points[j]
            let length = hypot(v.x, v.y)   // no overflow for huge coordinates
            lengths[j] = length
            directions[j] = v / length
        }
        if closed {
            addSide(segmentCount: segmentCount, pointCount: count, reversed: false, closed: true)
            outline.append(.close)
            addSide(segmentCount: segmentCount, pointCount: count, reversed: true, closed: true)
            outline.append(.close)
        } else {
            addSide(segmentCount: segmentCount, pointCount: count, reversed: false, closed: false)
            addSide(segmentCount: segmentCount, pointCount: count, reversed: true, closed: false)
            outline.append(.close)
        }
    }

    /// Compacts `points`: drops non-finite points and points within `duplicateDistance` of the
    /// previous kept one (and, when closed, of the first). Returns the new count.
    private func removeDuplicatePoints(closed: Bool) -> Int {
        var kept = 0
        let limit = duplicateDistance * duplicateDistance
        for i in 0..<points.count {
            let p = points[i]
            guard p.isFinite else { continue }
            if kept > 0 {
                let v = p - points[kept - 1]
                if v.dot(v) <= limit { continue }
            }
            points[kept] = p
            kept += 1
        }
        if closed {
            while kept > 1 {
                let v = points[kept - 1] - points[0]
                if v.dot(v) > limit { break }
                kept -= 1
            }
        }
        points.resize(to: kept)
        return kept
    }

    // MARK: Walking one side

    /// Emits the A side of the walk over the segments, forward or reversed. Open: from the first
    /// segment's start offset to the last segment's end offset, then the end cap; the forward
    /// walk starts the contour with a move. Closed: a join at every vertex, starting with a move.
    private mutating func addSide(segmentCount m: Int, pointCount: Int, reversed: Bool, closed: Bool) {
        let r = halfWidth
        @inline(__always) func direction(_ k: Int) -> Point {
            reversed ? -directions[m - 1 - k] : directions[k]
        }
        @inline(__always) func length(_ k: Int) -> Double {
            reversed ? lengths[m - 1 - k] : lengths[k]
        }
        /// Start point of walk segment k.
        @inline(__always) func start(_ k: Int) -> Point {
            if !reversed { return points[k] }
            let j = m - 1 - k
            return points[j + 1 == pointCount ? 0 : j + 1]
        }
        let contourStart = outline.count
        if closed {
            for k in 0..<m {
                let previous = k == 0 ? m - 1 : k - 1
                addJoin(at: start(k), incoming: direction(previous), outgoing: direction(k),
                        incomingLength: length(previous), outgoingLength: length(k), reversed: reversed)
            }
        } else {
            let d0 = direction(0)
            addPoint(start(0) + Point(-d0.y, d0.x) * r)
            for k in 1..<m {
                addJoin(at: start(k), incoming: direction(k - 1), outgoing: direction(k),
                        incomingLength: length(k - 1), outgoingLength: length(k), reversed: reversed)
            }
            let d = direction(m - 1)
            let end = reversed ? points[0] : points[pointCount - 1]
            addPoint(end + Point(-d.y, d.x) * r)
            addCap(at: end, direction: d)
        }
        // The first point of each contour is a move.
        if (closed || !reversed), contourStart < outline.count, case .line(let p) = outline[contourStart] {
            outline[contourStart] = .move(to: p)
        }
    }

    @inline(__always)
    private mutating func addPoint(_ p: Point) {
        // Also checked per point: one polyline alone can ask for hundreds of millions (8192
        // segments of a jagged curve, each vertex a round join of up to 2048 chords; found by
        // the geometry fuzzer). The outline is discarded when `overflowed` is set.
        guard outline.count <= Self.maximumOutlineElements else { overflowed = true; return }
        outline.append(.line(to: p))
    }

    /// The A-side route at vertex P from the incoming edge's offset end to the outgoing edge's
    /// offset start (see the file header). At an exact 180° cusp both sides are "outer"; only the
    /// forward walk draws the join there, the reversed walk routes through the pivot, so the join
    /// outline is not traced twice (coincident edges would double their anti-aliasing).
    private mutating func addJoin(at p: Point, incoming dIn: Point, outgoing dOut: Point,
                                  incomingLength: Double, outgoingLength: Double, reversed: Bool) {
        let r = halfWidth
        let nIn = Point(-dIn.y, dIn.x), nOut = Point(-dOut.y, dOut.x)
        let cross = dIn.cross(dOut)
        let dot = dIn.dot(dOut)
        if cross > 0 || (cross == 0 && dot < 0 && reversed) {
            // A is the inner side.
            if dot > 0 && r * cross <= Swift.min(incomingLength, outgoingLength) {
                addPoint(p + (nIn + nOut) * (r / (1 + dot)))
            } else {
                addPoint(p + nIn * r)
                addPoint(p)
                addPoint(p + nOut * r)
            }
            return
        }
        if cross == 0 && dot > 0 {
            addPoint(p + nOut * r)   // straight on
            return
        }
        // A is the outer side (or a 180° cusp).
        switch join {
        case .bevel:
            addPoint(p + nIn * r)
            addPoint(p + nOut * r)
        case .miter:
            if dot >= miterMinimumDot && 1 + dot > 1e-12 {
                addPoint(p + (nIn + nOut) * (r / (1 + dot)))
            } else {
                addPoint(p + nIn * r)
                addPoint(p + nOut * r)
            }
        case .round:
            if dot >= roundJoinTipDot && 1 + dot > 1e-12 {
                addPoint(p + (nIn + nOut) * (r / (1 + dot)))
            } else {
                let angle = cross == 0 ? -Double.pi : atan2(cross, dot)
                addPoint(p + nIn * r)
                addArcInterior(center: p, from: nIn, angle: angle)
                addPoint(p + nOut * r)
            }
        }
    }

    /// The cap at the end point `p` of a walk with direction `d`, after the A-side end point and
    /// before the B-side one (neither is emitted here).
    private mutating func addCap(at p: Point, direction d: Point) {
        let r = halfWidth
        let n = Point(-d.y, d.x)
        switch cap {
        case .butt:
            break
        case .square:
            addPoint(p + (n + d) * r)
            addPoint(p + (d - n) * r)
        case .round:
            addArcInterior(center: p, from: n, angle: -Double.pi)
        }
    }

    /// Interior vertices of the arc of radius r about `center` starting at direction `from`
    /// (a unit vector) and rotating by `angle` (end points excluded), at the radius that gives
    /// the polygon the sector's area (file header).
    private mutating func addArcInterior(center: Point, from: Point, angle: Double) {
        if overflowed { return }    // the outline is discarded anyway; skip up to 2048 chords
        // At least two chords: a join whose miter tip is too far out for the tolerance is also
        // too far from a single chord (the bevel).
        let steps = Int(Swift.min(Swift.max((abs(angle) / maximumArcStep).rounded(.up), 2),
                                  Double(Self.maximumArcSteps)))
        let delta = angle / Double(steps)
        let c = cos(delta), s = sin(delta)
        // ½·sin δ·(2·r·R + (n − 2)·R²) = ½·|θ|·r²
        //   ⇒  R = r·(√(1 + (n − 2)·|θ|/sin|δ|) − 1)/(n − 2)   (n = 2: R = r·|θ|/(2·sin|δ|)).
        let ratio = abs(angle) / abs(s)
        let radius = steps == 2 ? halfWidth * ratio / 2
            : halfWidth * ((1 + Double(steps - 2) * ratio).squareRoot() - 1) / Double(steps - 2)
        var v = from
        for _ in 1..<steps {
            v = Point(v.x * c - v.y * s, v.x * s + v.y * c)
            addPoint(center + v * radius)
        }
    }

    /// A zero-length polyline: the two caps of a zero-length segment along `tangent`.
    private mutating func addDot(at p: Point, tangent: Point) {
        guard cap != .butt else { return }
        let length = tangent.length
        let d = length > 0 && length.isFinite ? tangent / length : Point(1, 0)
        let n = Point(-d.y, d.x)
        outline.append(.move(to: p + n * halfWidth))
        addCap(at: p, direction: d)
        addPoint(p - n * halfWidth)
        addCap(at: p, direction: -d)
        outline.append(.close)
    }
}
