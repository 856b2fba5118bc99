// StrokeStyle.swift — how a path is stroked: line width, caps, joins, miter limit, dash pattern.
//
// The model is CoreGraphics' (and SwiftUI's `StrokeStyle`, which passes straight through to it):
//
// * `lineWidth` is in the path's own (user) units, before the transform; the stroke straddles
//   the path, w/2 on each side. A width that is not finite and > 0 draws nothing (there is no
//   hairline mode).
// * Caps end every open subpath and every dash: `butt` ends flush at the end point, `square`
//   extends the stroke by w/2 past it, `round` adds a half disc of radius w/2.
// * Joins connect consecutive segments of a subpath and close the seam of a closed subpath:
//   `miter` extends the two outer edges until they meet, unless the miter length over the line
//   width, 1/sin(φ/2) for an interior angle φ, exceeds `miterLimit`; then it falls back to
//   `bevel`, which connects the two outer corners by a straight line. `round` adds a disc
//   sector of radius w/2.
// * `dash` / `dashPhase` follow CGContextSetLineDash (Dash.swift): lengths in user units,
//   alternately painted and unpainted, odd-length arrays used twice, the phase is how far into
//   the pattern the subpath starts. Empty or all-zero arrays stroke solid.
//
// Defaults are CoreGraphics' defaults: width 1, butt caps, miter joins, miter limit 10, solid.

/// How open subpaths and dashes end.
public enum LineCap: Sendable {
    /// Flush with the end point.
    case butt
    /// A half disc of radius lineWidth/2 centred on the end point.
    case round
    /// A half square: the stroke continues lineWidth/2 past the end point.
    case square
}

/// How consecutive segments are connected.
public enum LineJoin: Sendable {
    /// Outer edges extended until they meet; bevel when the miter limit is exceeded.
    case miter
    /// A disc sector of radius lineWidth/2 centred on the vertex.
    case round
    /// The two outer corners connected by a straight line.
    case bevel
}

/// Everything that shapes a stroke besides the path and its transform.
public struct StrokeStyle: Sendable, Equatable {
    /// Full width of the stroke in user units (half on each side of the path).
    public var lineWidth: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Largest allowed ratio of miter length to line width before a miter becomes a bevel.
    public var miterLimit: Double = 10
    /// Alternating painted / unpainted lengths in user units; empty means solid.
    public var dash: [Double] = []
    /// How far into the dash pattern each subpath starts, in user units (may be negative).
    public var dashPhase: Double = 0

    public init(lineWidth: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// Why a stroke or dash request was refused. Nothing is drawn when one is thrown.
public enum StrokeError: Error, Equatable, Sendable {
    /// A dash length is negative, NaN or infinite, or the dash phase is not finite.
    case invalidDashPattern
    /// The dash pattern would cut the path into more than `DashPattern.maximumDashCount` dashes
    /// (the estimate is reported).
    case tooManyDashes(estimated: Int)
    /// The stroke outline would have more than `PolylineStroker.maximumOutlineElements`
    /// elements (e.g. a million round-capped dashes, each capped with hundreds of chords).
    case tooManySegments(limit: Int)
}

extension StrokeError: CustomStringConvertible {
    /// In words, for warnings ("the dash pattern would cut the path into 157 085 619 dashes …").
    public var description: String {
        switch self {
        case .invalidDashPattern:
            return "a dash length is negative or not finite, or the dash offset is not finite"
        case .tooManyDashes(let estimated):
            return "the dash pattern would cut the path into about \(groupedDigits(estimated)) dashes, over the cap of \(groupedDigits(DashPattern.maximumDashCount))"
        case .tooManySegments(let limit):
            return "the stroke's outline would have more than \(groupedDigits(limit)) segments"
        }
    }
}

/// 157085619 → "157 085 619" (thin groups of three, as the README writes figures).
func groupedDigits(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(" ") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}
