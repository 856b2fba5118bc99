// StrokeOutline.swift — a stroke's outline: contours → dash → flatten → offset, in user space.
//
//   path (user space) ──Contours──▶ line/cubic contours
//        ──Dash.swift (if dashed): measure arc length, cut the dash pieces out of the curves──▶
//        ──flatten each piece (Wang's formula, user-space tolerance)──▶ polylines
//        ──Stroke.swift: offset edges, joins, caps──▶ closed outline contours (user space)
//
// The outline is filled with the non-zero rule to draw the stroke (Raster's
// Rasterizer+Stroke.swift). Everything happens in the path's own coordinates, as in CoreGraphics:
// the line width and dash lengths are user units, and a non-uniform transform turns the round pen
// into an ellipse. Only the tolerance depends on the transform. A user-space distance e maps to at
// most σmax·e device pixels, where σmax is the transform's larger singular value,
//
//     σmax = √((a + d)²/4 + (b − c)²/4) + √((a − d)²/4 + (b + c)²/4)
//
// so flattening and arcs use tol_user = tol_device / σmax, which keeps the device error within
// the rasterizer's `flatteningTolerance` in every direction. (√|det|, the geometric mean of the
// two singular values, would under-flatten along the stretched axis of an anisotropic transform,
// e.g. by √10 for scale(10, 1).)
//
// Invalid dash patterns throw `StrokeError` before anything is built (Dash.swift); a line width
// that is not finite and > 0 gives an empty outline. `StrokeScratch` keeps every buffer and is
// reused, so steady-state stroking allocates nothing (measured with valgrind: 1000 extra frames
// of the dashed heart cost 3 heap allocations, all growth of the reused buffers).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transform {
    /// The larger singular value: the most the transform stretches any vector.
    package var maximumScale: Double {
        let q = hypot((a + d) / 2, (b - c) / 2)
        let r = hypot((a - d) / 2, (b + c) / 2)
        return q + r
    }
}

/// Feeds pieces (dashes or whole subpaths) to the polyline stroker: lines are appended as is,
/// cubics flattened with Wang's formula (Flatten.swift) at the user-space tolerance:
/// N = ⌈√(3·M / (4·tol))⌉ uniform parameter steps, M = max |P_i − 2P_{i+1} + P_{i+2}|, capped at
/// `maximumSegmentsPerCurve` (the cap only binds for curves ~10⁸·tol across, where the tolerance
/// is then exceeded; fills cull such curves, strokes keep their shape coarsely instead of
/// hanging on them).
struct StrokingSink: DashPieceSink {
    static let maximumSegmentsPerCurve = 8192

    var stroker = PolylineStroker()
    private var tangent = Point(1, 0)
    /// √(3 / (4·tol)).
    private var wangScale = (0.75 / Flattening.defaultTolerance).squareRoot()

    mutating func configure(tolerance: Double) {
        wangScale = (0.75 / tolerance).squareRoot()
    }

    mutating func beginPiece(at point: Point, tangent: Point) {
        stroker.points.removeAll()
        stroker.points.append(point)
        self.tangent = tangent
    }

    mutating func addSegment(_ segment: ContourSegment) {
        if stroker.overflowed { return }    // over the outline cap: the stroke is refused anyway
        let points = stroker.points
        if segment.isLine {
            points.append(segment.p3)
            return
        }
        let p0 = segment.p0, p1 = segment.p1, p2 = segment.p2, p3 = segment.p3
        let dd1 = p0 - 2 * p1 + p2, dd2 = p1 - 2 * p2 + p3
        let count = wangScale * Swift.max(dd1.dot(dd1), dd2.dot(dd2)).squareRoot().squareRoot()
        // NaN or ≤ 1 → one segment.
        let n = count > 1 ? Int(Swift.min(count.rounded(.up), Double(Self.maximumSegmentsPerCurve))) : 1
        // B(t) = p0 + t·c1 + t²·c2 + t³·c3 by Horner's rule; the end point exactly.
        let c1 = 3 * (p1 - p0), c2 = 3 * dd1, c3 = p3 - p0 + 3 * (p1 - p2)
        let step = 1.0 / Double(n)
        for i in 1..<n {
            let t = Double(i) * step
            points.append(Point(x: ((c3.x * t + c2.x) * t + c1.x) * t + p0.x,
                                y: ((c3.y * t + c2.y) * t + c1.y) * t + p0.y))
        }
        points.append(p3)
    }

    mutating func endPiece(closed: Bool) {
        stroker.strokePolyline(closed: closed, tangent: tangent)
    }
}

/// Reused state of `Rasterizer.stroke` (one per rasterizer).
package final class StrokeScratch {
    private var contours = ContourList()
    private var dasher = Dasher()
    private var sink = StrokingSink()

    /// The outline of `path` stroked with `style`, flattened within `tolerance` (user units),
    /// as move / line / close elements in user space; empty for an invalid width.
    package init() {}

    package func buildOutline(_ path: Path, style: StrokeStyle, tolerance: Double) throws(StrokeError) -> Path {
        let pattern = try DashPattern(style.dash, phase: style.dashPhase)
        sink.stroker.outline.removeAll(keepingCapacity: true)
        sink.stroker.overflowed = false
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite, tolerance > 0, tolerance.isFinite else { return Path() }
        sink.stroker.configure(halfWidth: halfWidth, cap: style.cap, join: style.join,
                               miterLimit: style.miterLimit, tolerance: tolerance)
        sink.configure(tolerance: tolerance)
        if pattern.isSolid {
            contours.rebuild(from: path)
            for contour in contours.contours {
                let first = contour.firstSegment
                let tangent = contour.segmentCount > 0 ? contours.segments[first].tangent(at: 0) : Point(1, 0)
                sink.beginPiece(at: contour.start, tangent: tangent)
                for index in first..<(first + contour.segmentCount) { sink.addSegment(contours.segments[index]) }
                sink.endPiece(closed: contour.isClosed)
            }
        } else {
            try dasher.dash(path, pattern: pattern, into: &sink)
        }
        if sink.stroker.overflowed || sink.stroker.outline.count > PolylineStroker.maximumOutlineElements {
            sink.stroker.outline.removeAll()
            throw .tooManySegments(limit: PolylineStroker.maximumOutlineElements)
        }
        return Path(elements: sink.stroker.outline)
    }
}

extension Path {
    /// The outline of this path stroked with `style`: closed contours of straight lines, in the
    /// path's coordinates, that filled with the non-zero rule cover exactly the stroke. Curves,
    /// round joins and round caps are flattened within `tolerance` (path units). Contours may
    /// overlap (fill them non-zero, not even-odd). Throws for an invalid or excessive dash pattern.
    public func strokeOutline(_ style: StrokeStyle,
                              tolerance: Double = Flattening.defaultTolerance) throws(StrokeError) -> Path {
        try StrokeScratch().buildOutline(self, style: style, tolerance: tolerance)
    }
}
