// Trim.swift — trim paths: the part of a path (or of several paths laid end to end) between two
// fractions of its arc length, with an offset that turns the window around the path.
//
// Window (Lottie's trim-path modifier `tm`: s, e in percent, o in degrees; normalisation as in
// lottie-web's TrimModifier.processShapes, docs/geometry.md §1 has the sources). With
//
//     s' = clamp(s/100, 0, 1),  e' = clamp(e/100, 0, 1),  ω = mod(o, 360)/360 ∈ [0, 1)
//     a = min(s', e') + ω,      b = max(s', e') + ω        (both rounded to 1e-4, as lottie-web)
//
// the painted part of a path of total length L is the arc-length window [a·L, b·L] taken modulo
// L, i.e. the ranges
//
//     b ≤ 1: [aL, bL]      a ≥ 1: [(a−1)L, (b−1)L]      otherwise: [aL, L] and [0, (b−1)L].
//
// So s > e is the same as e > s (lottie-web swaps them), a = b paints nothing, and a = 0, b = 1
// (no offset, full window) returns the path unchanged (closed subpaths stay closed).
//
// Several subpaths (contours) of one path are laid end to end in path order: the distance from
// the path's start runs through contour 0, then contour 1, … (lottie-web: a shape's sub-paths
// are measured as one total length). A range cuts each contour it overlaps into one open piece;
// a closed contour entirely inside a range stays closed (no caps). When the window wraps (the
// two-range case) and the path has exactly one contour of positive length and it is closed, the
// two ranges are one piece running across the contour's start point (a join, not two caps, as in
// lottie-web, which continues the last piece with the first). With several contours the seam
// pieces stay separate (lottie-web would join the end of the last contour to the start of the
// first with a straight line; we do not draw that line).
//
// Several paths (`TrimMode`, Lottie's `m`):
//   * simultaneously (m = 1): every path is trimmed by the window on its own total length;
//   * individually (m = 2): the paths are laid end to end in the order given and the window is
//     applied to the sum of their lengths; each path keeps the pieces that fall on it.
//     lottie-web lays the shapes of a group out from the last shape of its list to the first
//     (`for (i = len - 1; i >= 0; i -= 1)`), so an importer passes them in that order.
//
// Exactness. Pieces are cut from the exact segments at the parameters PathMeasure finds for
// the range ends (arc-length error ≲ 1e-11 of the curve size, PathMeasure.swift); a cubic's part
// is again a cubic (ContourSegment.piece). Zero-length contours carry no length and are dropped
// unless the window is full; zero-length pieces are never emitted (no dots).

/// How a trim window applies to several paths (Lottie's "trim multiple shapes", `m`).
public enum TrimMode: Sendable {
    /// Each path is trimmed by the same fractions of its own length (`m` = 1).
    case simultaneously
    /// The paths are laid end to end and the window applies to their total length (`m` = 2).
    case individually
}

/// A normalised trim window: the arc-length fractions [start, end] of a path, with
/// 0 ≤ start ≤ end ≤ 2 (end > 1 wraps past the end back to the start; rules in Trim.swift).
public struct TrimWindow: Equatable, Sendable {
    public let start: Double
    public let end: Double

    /// A window from fractions `start`, `end` (each clamped to [0, 1], swapped when start > end)
    /// turned by `offset` (a fraction of the length; any finite value, taken modulo 1).
    public init(start: Double, end: Double, offset: Double = 0) throws(GeometryError) {
        try self.init(normalizing: start, end, offset, rounding: false)
    }

    /// Lottie's trim-path values: start and end in percent, offset in degrees (lottie-web's
    /// normalisation, including its rounding to 1e-4 of the length).
    public init(lottieStart start: Double, end: Double, offsetDegrees offset: Double) throws(GeometryError) {
        guard start.isFinite else { throw .nonFiniteParameter(name: "trim start (s)") }
        guard end.isFinite else { throw .nonFiniteParameter(name: "trim end (e)") }
        guard offset.isFinite else { throw .nonFiniteParameter(name: "trim offset (o)") }
        try self.init(normalizing: start / 100, end / 100, offset.truncatingRemainder(dividingBy: 360) / 360,
                      rounding: true)
    }

    private init(normalizing s: Double, _ e: Double, _ o: Double, rounding: Bool) throws(GeometryError) {
        guard s.isFinite else { throw .nonFiniteParameter(name: "trim start") }
        guard e.isFinite else { throw .nonFiniteParameter(name: "trim end") }
        guard o.isFinite else { throw .nonFiniteParameter(name: "trim offset") }
        var turn = o - o.rounded(.down)             // [0, 1]; 1 only when o is −tiny
        if !(turn < 1) { turn = 0 }
        var a = Swift.min(Swift.max(s, 0), 1) + turn
        var b = Swift.min(Swift.max(e, 0), 1) + turn
        if a > b { swap(&a, &b) }
        if rounding {
            a = (a * 10_000).rounded() / 10_000
            b = (b * 10_000).rounded() / 10_000
        }
        start = a
        end = b
    }

    /// Nothing is painted.
    public var isEmpty: Bool { start == end }
    /// The whole path, unchanged.
    public var isFull: Bool { start == 0 && end == 1 }
    /// The window crosses the end of the path (two ranges).
    var wraps: Bool { start < 1 && end > 1 }

    /// The painted arc-length ranges of a total length `length`, in order (file header).
    public func ranges(length: Double) -> [(Double, Double)] {
        let r = rangePair(length: length)
        return r.count == 1 ? [r.first] : [r.first, r.second]
    }

    /// The same ranges without an array: `count` (1 or 2) of `first`, `second`.
    public func rangePair(length: Double) -> (count: Int, first: (Double, Double), second: (Double, Double)) {
        if end <= 1 { return (1, (start * length, end * length), (0, 0)) }
        if start >= 1 { return (1, ((start - 1) * length, (end - 1) * length), (0, 0)) }
        return (2, (start * length, length), (0, (end - 1) * length))
    }
}

extension Path {
    /// The part of this path inside `window`, its subpaths laid end to end (rules in Trim.swift).
    /// Curves stay curves; a full window returns the path unchanged.
    public func trimmed(_ window: TrimWindow) -> Path {
        Trimming.trim([self], window: window, mode: .individually)[0]
    }
}

/// Trim paths (rules in Trim.swift).
public enum Trimming {
    /// Trims `paths` by `window`; one result per input path, in the same order.
    public static func trim(_ paths: [Path], window: TrimWindow, mode: TrimMode) -> [Path] {
        if window.isFull { return paths }
        if window.isEmpty { return paths.map { _ in Path() } }
        var trimmer = Trimmer()
        switch mode {
        case .simultaneously:
            return paths.map { path in
                var out = Path()
                trimmer.trim(path, window: window, into: &out)
                return out
            }
        case .individually:
            return trimmer.cut(paths, window: window)
        }
    }
}

/// Trims paths with reusable storage (rules in Trim.swift): after the first calls have grown
/// its tables, trimming a path of no more segments allocates nothing but what `out` needs to
/// grow (the Lottie builder's steady state is allocation-free).
public struct Trimmer {
    /// One contour of the concatenation: which table, which contour, where it starts.
    private struct Placed {
        var table: Int
        var contour: Int
        var offset: Double
        var length: Double
        var isClosed: Bool
    }

    private var tables: [ArcLengthTable] = []
    private var sinks: [PathBuildingSink] = []
    private var placed: [Placed] = []

    public init() {}

    /// Appends the part of `path` inside `window` to `out` (a full window appends the path as is).
    public mutating func trim(_ path: Path, window: TrimWindow, into out: inout Path) {
        if window.isFull { out.append(path); return }
        if window.isEmpty { return }
        if tables.isEmpty { tables.append(ArcLengthTable()); sinks.append(PathBuildingSink()) }
        tables[0].rebuild(from: path)
        swap(&sinks[0].path, &out)      // the pieces go straight onto `out`'s storage
        cut(count: 1, window: window)
        swap(&sinks[0].path, &out)
    }

    /// The pieces of `paths` laid end to end that fall inside `window`, one path per input.
    mutating func cut(_ paths: [Path], window: TrimWindow) -> [Path] {
        while tables.count < paths.count { tables.append(ArcLengthTable()); sinks.append(PathBuildingSink()) }
        for (i, path) in paths.enumerated() {
            tables[i].rebuild(from: path)
            sinks[i].path = Path()
        }
        cut(count: paths.count, window: window)
        return sinks[0..<paths.count].map(\.path)
    }

    /// Cuts tables[0 ..< count] laid end to end by `window` onto sinks[0 ..< count].
    private mutating func cut(count: Int, window: TrimWindow) {
        placed.removeAll(keepingCapacity: true)
        var total = 0.0
        for t in 0..<count {
            let table = tables[t]
            for c in table.contourLength.indices where table.contourLength[c] > 0 {
                let length = table.contourLength[c]
                placed.append(Placed(table: t, contour: c, offset: total, length: length,
                                     isClosed: table.contours.contours[c].isClosed))
                total += length
            }
        }
        guard total > 0, total.isFinite else { return }
        let ranges = window.rangePair(length: total)
        if window.wraps, placed.count == 1, placed[0].isClosed {
            // One closed contour: the two ranges are one piece across its start point.
            let p = placed[0]
            tables[p.table].beginPiece(contour: p.contour, at: ranges.first.0, into: &sinks[p.table])
            tables[p.table].appendRange(ranges.first.0, p.length, contour: p.contour, into: &sinks[p.table])
            tables[p.table].appendRange(0, ranges.second.1, contour: p.contour, into: &sinks[p.table])
            sinks[p.table].endPiece(closed: false)
            return
        }
        for r in 0..<ranges.count {
            let (a, b) = r == 0 ? ranges.first : ranges.second
            for p in placed {
                let x = Swift.max(a, p.offset) - p.offset
                let y = Swift.min(b, p.offset + p.length) - p.offset
                guard y > x else { continue }
                if p.isClosed && x <= 0 && y >= p.length {
                    tables[p.table].appendClosedContour(p.contour, into: &sinks[p.table])
                    continue
                }
                tables[p.table].beginPiece(contour: p.contour, at: x, into: &sinks[p.table])
                tables[p.table].appendRange(x, Swift.min(y, p.length), contour: p.contour, into: &sinks[p.table])
                sinks[p.table].endPiece(closed: false)
            }
        }
    }
}

extension ArcLengthTable {
    /// Starts a piece at arc length `distance` of `contour`.
    func beginPiece<Sink: DashPieceSink>(contour index: Int, at distance: Double, into sink: inout Sink) {
        guard let (k, t) = locate(contour: index, distance: distance, preferNext: true) else {
            sink.beginPiece(at: contours.contours[index].start, tangent: Point(1, 0))
            return
        }
        sink.beginPiece(at: contours.segments[k].point(at: t), tangent: contours.segments[k].tangent(at: t))
    }

    /// The whole closed contour as one closed piece.
    func appendClosedContour<Sink: DashPieceSink>(_ index: Int, into sink: inout Sink) {
        let contour = contours.contours[index]
        sink.beginPiece(at: contour.start, tangent: Point(1, 0))
        for segment in contours.segments[contour.firstSegment..<(contour.firstSegment + contour.segmentCount)] {
            sink.addSegment(segment)
        }
        sink.endPiece(closed: true)
    }

    /// Appends the segments between arc lengths a ≤ b of `contour` (nothing when a = b), each
    /// cut exactly at the parameters of a and b.
    func appendRange<Sink: DashPieceSink>(_ a: Double, _ b: Double, contour index: Int, into sink: inout Sink) {
        guard b > a,
              let (ka, ta) = locate(contour: index, distance: a, preferNext: true),
              let (kb, tb) = locate(contour: index, distance: b) else { return }
        let segments = contours.segments
        if ka == kb {
            sink.addSegment(segments[ka].piece(from: ta, to: tb))
            return
        }
        guard ka < kb else { return }
        sink.addSegment(segments[ka].piece(from: ta, to: 1))
        for k in (ka + 1)..<kb where segmentLength[k] > 0 { sink.addSegment(segments[k]) }
        sink.addSegment(segments[kb].piece(from: 0, to: tb))
    }
}
