// Dash.swift — dash patterns: which arc-length intervals of each subpath are painted, and the
// pieces of path they cut out.
//
// Rule (CGContextSetLineDash / SwiftUI StrokeStyle; docs/ANIMATIONS.md §2.3). Lengths l₀, l₁, … are
// alternately painted ("on") and unpainted ("off"), in the path's own units (user space, before
// any transform). An odd-length array is used twice ([a, b, c] → [a, b, c, a, b, c]), as in CG
// and SVG. With period P = Σ lᵢ and phase φ, the point at arc length s ∈ [0, L] of a subpath,
// measured from its start point along the drawing direction, is painted iff
//
//     u = mod(s + φ, P)  lies in an on-interval [l₀+…+l₂ₖ₋₁, l₀+…+l₂ₖ)   (mod(a, m) = a − m·⌊a/m⌋)
//
// i.e. the phase is how far into the pattern the subpath starts; a negative phase moves the
// pattern forward along the path. Every subpath starts the pattern afresh (CG, SVG, Skia).
//
// Pieces. Each maximal painted interval becomes one open piece, stroked with caps at both ends:
//   * on-intervals separated by a zero-length off entry merge into one piece;
//   * a zero-length on entry is a zero-length piece — a dot with round or square caps, nothing
//     with butt caps — as in CG and SVG (the usual dotted line is [0, 2w] with round caps);
//   * a piece must start before the end of the subpath (s < L); pieces are clipped to [0, L];
//   * on a closed subpath the point s = 0 is also s = L: a piece that starts at s = 0 and a
//     piece that ends at s = L are joined across the start point into one piece (so the seam
//     gets a join, not two caps); a piece covering all of [0, L] makes the whole subpath one
//     closed piece (joins everywhere, no caps);
//   * a subpath of zero length gets a dot iff s = 0 is painted.
//
// Degenerate patterns (decision; SVG 1.1 §11.4 and Skia's SkDashPathEffect agree, CG does not
// document it):
//   * empty array, all lengths zero, or all off lengths zero → solid stroke (nothing to cut);
//   * a negative, NaN or infinite length, an infinite sum, or a non-finite phase →
//     `StrokeError.invalidDashPattern` (SVG renders such an array solid; we refuse so that a
//     bad preset is reported instead of silently drawn). The phase of a solid pattern is not
//     looked at;
//   * more than `maximumDashCount` = 1,000,000 dashes for one path (estimated before any work
//     as Σ over subpaths of (⌊L/P⌋ + 2) × number of on entries) → `StrokeError.tooManyDashes`.
//     Skia and tiny-skia refuse dashing beyond the same count; it bounds time and memory.
//
// Geometry. Pieces are cut from the exact segments (lines and cubics) at the parameters that
// PathMeasure finds for the interval ends (arc-length error ≲ 1e-11 of the curve size), so dash
// ends are exact and not subject to flattening error; a cubic's part is again a cubic.

/// One painted piece of a subpath, in arc length from the subpath's start.
public struct DashSpan: Equatable, Sendable {
    /// Where the piece starts, in [0, L).
    public var start: Double
    /// Its length (0 for a dot). On a closed subpath `start + length` may exceed L: the piece
    /// then runs across the start point and continues from s = 0.
    public var length: Double
    /// True when the piece is the whole closed subpath (stroked closed, without caps).
    public var isClosedLoop: Bool

    public init(start: Double, length: Double, isClosedLoop: Bool = false) {
        self.start = start
        self.length = length
        self.isClosedLoop = isClosedLoop
    }

    public var end: Double { start + length }
}

/// A validated dash pattern (rules in the file header).
public struct DashPattern: Sendable, Equatable {
    /// Most dashes one path may be cut into (Skia / tiny-skia refuse more than this).
    public static let maximumDashCount = FuzzBuild.scaled(1_000_000)

    /// The lengths as used: even count (odd arrays doubled); empty when the stroke is solid.
    public let lengths: [Double]
    /// The phase as given.
    public let phase: Double
    /// Σ lengths (0 when solid).
    public let period: Double

    /// Validates `lengths` and `phase`. Empty, all-zero and no-gap arrays give a solid pattern.
    public init(_ lengths: [Double], phase: Double = 0) throws(StrokeError) {
        guard !lengths.isEmpty else {
            self.lengths = []
            self.phase = phase
            period = 0
            return
        }
        for length in lengths where !(length >= 0 && length.isFinite) { throw .invalidDashPattern }
        let doubled = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let sum = doubled.reduce(0, +)
        guard sum.isFinite else { throw .invalidDashPattern }
        var hasGap = false
        for index in stride(from: 1, to: doubled.count, by: 2) where doubled[index] > 0 { hasGap = true }
        guard sum > 0, hasGap else {
            self.lengths = []
            self.phase = phase
            period = 0
            return
        }
        guard phase.isFinite else { throw .invalidDashPattern }
        self.lengths = doubled
        self.phase = phase
        period = sum
    }

    /// True when the pattern paints everything (no dashing).
    public var isSolid: Bool { lengths.isEmpty }

    /// Upper bound on the number of pieces for a subpath of length `length`
    /// ((⌊L/P⌋ + 2) × on entries), as a Double so that absurd inputs cannot overflow.
    public func estimatedDashCount(length: Double) -> Double {
        guard !isSolid else { return 1 }
        return ((length / period).rounded(.down) + 2) * Double(lengths.count / 2)
    }

    /// The painted pieces of a subpath of length `length`.
    public func spans(length: Double, isClosed: Bool) -> [DashSpan] {
        var spans: [DashSpan] = []
        appendSpans(length: length, isClosed: isClosed, into: &spans)
        return spans
    }

    /// Appends the painted pieces of a subpath of length `length` to `spans`, in order of their
    /// start (a seam-joined piece comes last). Solid patterns give one piece (closed loop when
    /// `isClosed`). Stops after `maximumDashCount` pieces.
    func appendSpans(length: Double, isClosed: Bool, into spans: inout [DashSpan]) {
        let total = Swift.max(length, 0)
        if isSolid {
            spans.append(DashSpan(start: 0, length: total, isClosedLoop: isClosed && total > 0))
            return
        }
        // Entry holding pattern position u0 = mod(φ, P), and how far into it s = 0 lies.
        // fmod is exact, so even a huge phase lands on the right pattern position.
        var u0 = phase.truncatingRemainder(dividingBy: period)
        if u0 < 0 { u0 += period }
        if !(u0 >= 0 && u0 < period) { u0 = 0 }   // −tiny + period rounding up to period
        var index = 0
        var position = 0.0          // pattern position where entry `index` begins
        var found = false
        for (i, entry) in lengths.enumerated() {
            // A zero-length on entry exactly at u0 is a dot at s = 0.
            if entry > 0 ? u0 < position + entry : (u0 == position && i % 2 == 0) {
                index = i
                found = true
                break
            }
            position += entry
        }
        if !found { index = 0; position = u0 }  // u0 rounded up against P: start of the pattern
        var s = position - u0       // arc length where entry `index` begins (≤ 0)

        if total == 0 {
            if index % 2 == 0 { spans.append(DashSpan(start: 0, length: 0)) }
            return
        }

        var pieceStart: Double?
        var pieceEnd = 0.0
        var heldFirst: DashSpan?    // closed subpaths: a piece starting at s = 0, joined later
        var count = 0
        func emit(_ start: Double, _ end: Double) {
            let span = DashSpan(start: start, length: Swift.min(end, total) - start)
            count += 1
            if isClosed && count == 1 && start == 0 && span.length > 0 {
                heldFirst = span
            } else {
                spans.append(span)
            }
        }
        let firstSpanIndex = spans.count
        while s < total && count < Self.maximumDashCount {
            let entry = lengths[index]
            let end = s + entry
            if index % 2 == 0 {
                if pieceStart == nil { pieceStart = Swift.max(s, 0) }
                pieceEnd = end
            } else if entry > 0, let start = pieceStart {
                emit(start, pieceEnd)
                pieceStart = nil
            }
            s = end
            index = index + 1 == lengths.count ? 0 : index + 1
        }
        if let start = pieceStart { emit(start, pieceEnd) }

        guard let first = heldFirst else { return }
        if first.end >= total {
            spans.append(DashSpan(start: 0, length: total, isClosedLoop: true))  // painted all round
        } else if spans.count > firstSpanIndex, let last = spans.last, last.end >= total, last.length > 0 {
            spans[spans.count - 1].length += first.length                        // join across the seam
        } else {
            spans.append(first)
        }
    }
}

/// Receives the pieces cut out of a path by a dash pattern (or whole subpaths for solid strokes).
protocol DashPieceSink {
    /// A piece starts at `point`; `tangent` is the unit direction of travel there (used to orient
    /// square caps of zero-length pieces).
    mutating func beginPiece(at point: Point, tangent: Point)
    /// The next segment of the current piece (starts where the previous one ended).
    mutating func addSegment(_ segment: ContourSegment)
    /// The current piece ends; `closed` when it is a whole closed subpath.
    mutating func endPiece(closed: Bool)
}

/// Cuts measured contours into the pieces of a dash pattern. Owns reusable storage.
struct Dasher {
    private(set) var table = ArcLengthTable()
    private var spans: [DashSpan] = []

    /// Measures `path` and hands every dash piece to `sink`, subpath by subpath.
    mutating func dash<Sink: DashPieceSink>(_ path: Path, pattern: DashPattern,
                                            into sink: inout Sink) throws(StrokeError) {
        table.rebuild(from: path)
        var estimate = 0.0
        for length in table.contourLength { estimate += pattern.estimatedDashCount(length: length) }
        guard estimate <= Double(DashPattern.maximumDashCount) else {
            throw .tooManyDashes(estimated: estimate < 1e18 ? Int(estimate) : Int.max)
        }
        for contour in table.contours.contours.indices {
            spans.removeAll(keepingCapacity: true)
            let length = table.contourLength[contour]
            pattern.appendSpans(length: length, isClosed: table.contours.contours[contour].isClosed, into: &spans)
            for span in spans { emit(span, contour: contour, length: length, into: &sink) }
        }
    }

    private func emit<Sink: DashPieceSink>(_ span: DashSpan, contour index: Int, length: Double,
                                           into sink: inout Sink) {
        let contour = table.contours.contours[index]
        let segments = table.contours.segments
        guard let (k, t) = table.locate(contour: index, distance: span.start, preferNext: true) else {
            sink.beginPiece(at: contour.start, tangent: Point(1, 0))   // move + close: a dot
            sink.endPiece(closed: false)
            return
        }
        sink.beginPiece(at: segments[k].point(at: t), tangent: segments[k].tangent(at: t))
        if span.isClosedLoop {
            for segment in segments[contour.firstSegment..<(contour.firstSegment + contour.segmentCount)] {
                sink.addSegment(segment)
            }
            sink.endPiece(closed: true)
            return
        }
        emitRange(from: span.start, to: Swift.min(span.end, length), contour: index, into: &sink)
        if span.end > length { emitRange(from: 0, to: span.end - length, contour: index, into: &sink) }
        sink.endPiece(closed: false)
    }

    /// Emits the segments between arc lengths a ≤ b of a contour (nothing when a = b).
    private func emitRange<Sink: DashPieceSink>(from a: Double, to b: Double, contour index: Int,
                                                into sink: inout Sink) {
        guard b > a,
              let (ka, ta) = table.locate(contour: index, distance: a, preferNext: true),
              let (kb, tb) = table.locate(contour: index, distance: b) else { return }
        let segments = table.contours.segments
        if ka == kb {
            sink.addSegment(segments[ka].piece(from: ta, to: tb))
            return
        }
        guard ka < kb else { return }
        sink.addSegment(segments[ka].piece(from: ta, to: 1))
        for k in (ka + 1)..<kb where table.segmentLength[k] > 0 { sink.addSegment(segments[k]) }
        sink.addSegment(segments[kb].piece(from: 0, to: tb))
    }
}

/// Builds a `Path` from dash pieces: a move, then lines and cubics; closed pieces get `close()`;
/// a dot is a move and a zero-length line (its tangent is not representable in a `Path`).
struct PathBuildingSink: DashPieceSink {
    var path = Path()
    private var hasSegment = false
    private var start = Point.zero

    mutating func beginPiece(at point: Point, tangent: Point) {
        path.move(to: point)
        start = point
        hasSegment = false
    }

    mutating func addSegment(_ segment: ContourSegment) {
        hasSegment = true
        if segment.isLine {
            path.line(to: segment.p3)
        } else {
            path.cubic(to: segment.p3, control1: segment.p1, control2: segment.p2)
        }
    }

    mutating func endPiece(closed: Bool) {
        if closed {
            path.close()
        } else if !hasSegment {
            path.line(to: start)
        }
    }
}

extension Path {
    /// The painted pieces of this path under a dash pattern (rules in Dash.swift), as a path of
    /// open subpaths (closed for a subpath painted all round). Curves stay curves. A solid
    /// pattern (empty, all zero, or without gaps) returns the path's subpaths unchanged apart
    /// from the rules of Contours.swift (non-finite elements dropped, quadratics as cubics).
    public func dashed(_ pattern: [Double], phase: Double = 0) throws(StrokeError) -> Path {
        let dashPattern = try DashPattern(pattern, phase: phase)
        var dasher = Dasher()
        var sink = PathBuildingSink()
        try dasher.dash(self, pattern: dashPattern, into: &sink)
        return sink.path
    }
}
