// EdgeBuilder.swift — path + transform → clipped, downward-oriented device-space line segments.
//
// Pipeline per fill: transform each point (user → device pixels), flatten curves (Geometry's
// Flatten.swift, culling pieces outside the canvas), close every subpath implicitly, and clip each
// line segment to the canvas so that the cell rasterizer only ever sees 0 ≤ y ≤ height and
// 0 ≤ x ≤ width.
//
// Clipping rules, chosen so that the winding number of every canvas pixel is unchanged:
//   * y: the parts above y = 0 and below y = height are cut off (they touch no canvas row);
//     horizontal segments are dropped (a segment contributes only through its signed height).
//   * x ≥ width: cut off. Coverage is accumulated left to right, so a segment contributes
//     only to pixels at or right of it; nothing right of the canvas is visible.
//   * x ≤ 0: projected onto x = 0. For every canvas pixel, a segment entirely to its left adds
//     its full signed height to the winding, wherever it lies to the left; a vertical segment at
//     x = 0 with the same y range adds exactly the same.
//
// Robustness: points with a NaN or infinite coordinate (after the transform) are dropped — the
// element that has one is skipped, and the implicit closing keeps every contour balanced, so no
// coverage leaks. Finite coordinates are clamped to ±1e15 px, which keeps all clipping arithmetic
// finite (products stay below ~1e31); geometry that far out is not representable anyway.
// Segments shorter than 1e-9 px in y are dropped (their coverage is < 1e-9).

@_spi(Internals) import Geometry

/// A clipped device-space line segment, oriented downwards: y0 < y1, 0 ≤ y ≤ height,
/// 0 ≤ x ≤ width. `winding` is +1 when the original segment ran downwards (y increasing), −1
/// when it ran upwards.
struct LineSegment {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    /// dx/dy of the segment.
    var slope: Double
    var winding: Double
}

/// Clips line segments to [0, width] × [0, height] and appends them to a segment list.
struct SegmentClipper: LineSegmentSink {
    static let minimumHeight = 1e-9

    let width: Double
    let height: Double
    let segments: ScratchArray<LineSegment>

    @inline(__always)
    mutating func addLine(from p0: Point, to p1: Point) {
        var x0 = p0.x, y0 = p0.y, x1 = p1.x, y1 = p1.y
        guard y0 != y1 else { return }
        var winding = 1.0
        if y0 > y1 {
            swap(&x0, &x1)
            swap(&y0, &y1)
            winding = -1
        }
        guard y1 - y0 >= SegmentClipper.minimumHeight, y1 > 0, y0 < height, Swift.min(x0, x1) < width else {
            return
        }

        // Clip to 0 ≤ y ≤ height, interpolating from the original end points.
        let dxdy = (x1 - x0) / (y1 - y0)
        var top = Point(x0, y0)
        var bottom = Point(x1, y1)
        if y0 < 0 { top = Point(x0 + (0 - y0) * dxdy, 0) }
        if y1 > height { bottom = Point(x0 + (height - y0) * dxdy, height) }

        let minX = Swift.min(top.x, bottom.x)
        let maxX = Swift.max(top.x, bottom.x)
        if maxX <= 0 {
            // Entirely left of the canvas: project onto x = 0.
            append(0, top.y, 0, bottom.y, winding)
            return
        }
        if minX >= width { return }
        if minX >= 0 && maxX <= width {
            append(top.x, top.y, bottom.x, bottom.y, winding)
            return
        }

        // Crosses x = 0 and/or x = width: split at the crossings (sorted by y), then clamp each
        // piece's x into [0, width]; pieces right of the canvas are dropped.
        let dydx = (bottom.y - top.y) / (bottom.x - top.x)
        var splitA = Point(.nan, .nan)
        var splitB = Point(.nan, .nan)
        if minX < 0 && maxX > 0 {
            splitA = Point(0, clampY(top.y + (0 - top.x) * dydx, top.y, bottom.y))
        }
        if minX < width && maxX > width {
            splitB = Point(width, clampY(top.y + (width - top.x) * dydx, top.y, bottom.y))
        }
        if !splitA.y.isNaN && !splitB.y.isNaN && splitB.y < splitA.y { swap(&splitA, &splitB) }
        var previous = top
        if !splitA.y.isNaN {
            appendClamped(previous, splitA, winding)
            previous = splitA
        }
        if !splitB.y.isNaN {
            appendClamped(previous, splitB, winding)
            previous = splitB
        }
        appendClamped(previous, bottom, winding)
    }

    @inline(__always)
    private func clampY(_ y: Double, _ lo: Double, _ hi: Double) -> Double {
        y > lo ? (y < hi ? y : hi) : lo
    }

    @inline(__always)
    private func appendClamped(_ a: Point, _ b: Point, _ winding: Double) {
        let xa = a.x > 0 ? (a.x < width ? a.x : width) : 0
        let xb = b.x > 0 ? (b.x < width ? b.x : width) : 0
        if xa >= width && xb >= width { return }
        append(xa, a.y, xb, b.y, winding)
    }

    @inline(__always)
    private func append(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ winding: Double) {
        let dy = y1 - y0
        guard dy >= SegmentClipper.minimumHeight else { return }
        segments.append(LineSegment(x0: x0, y0: y0, x1: x1, y1: y1, slope: (x1 - x0) / dy, winding: winding))
    }
}

/// Turns a path into clipped device-space segments; owns the reused segment list and flattener.
final class EdgeBuilder {
    static let coordinateLimit = 1e15
    /// Most clipped line segments one fill may produce (48 bytes each: 192 MB). A path over it
    /// draws nothing: a partial segment list would leave unbalanced windings (streaks). The
    /// heaviest shipped drawing (the dashed heart at scale 16) stays far below it.
    static let maximumSegmentsPerFill = FuzzBuild.scaled(4_000_000)

    let segments = ScratchArray<LineSegment>(capacity: 1024)
    private var flattener = CurveFlattener()

    /// Replaces `segments` with the clipped segments of `path` mapped by `transform`, flattened
    /// with `tolerance` device pixels, for a canvas of `width` × `height` pixels.
    func build(_ path: Path, transform: Transform, width: Int, height: Int, tolerance: Double) {
        segments.removeAll()
        guard width > 0, height > 0 else { return }
        let w = Double(width), h = Double(height)
        flattener.tolerance = tolerance
        flattener.cull = CullRegion(width: w, height: h)
        var clipper = SegmentClipper(width: w, height: h, segments: segments)

        var start: Point?
        var current: Point?
        @inline(__always) func device(_ p: Point) -> Point? {
            let q = transform.apply(p)
            guard q.isFinite else { return nil }
            let limit = EdgeBuilder.coordinateLimit
            return Point(Swift.min(Swift.max(q.x, -limit), limit), Swift.min(Swift.max(q.y, -limit), limit))
        }
        func closeSubpath() {
            if let s = start, let c = current, c != s { clipper.addLine(from: c, to: s) }
        }

        for element in path.elements {
            // Checked per element, outside the per-segment hot path: one element adds a bounded
            // number of segments (a culled curve at most a few hundred pieces of ≤ 128).
            if segments.count > Self.maximumSegmentsPerFill { segments.removeAll(); return }
            switch element {
            case .move(let p):
                closeSubpath()
                start = device(p)
                current = start
            case .line(let p):
                guard let q = device(p) else { continue }
                if let c = current { clipper.addLine(from: c, to: q) } else { start = q }
                current = q
            case .quad(let p, let control):
                guard let q = device(p), let c1 = device(control) else { continue }
                if let c = current { flattener.flattenQuad(c, c1, q, into: &clipper) } else { start = q }
                current = q
            case .cubic(let p, let control1, let control2):
                guard let q = device(p), let c1 = device(control1), let c2 = device(control2) else { continue }
                if let c = current { flattener.flattenCubic(c, c1, c2, q, into: &clipper) } else { start = q }
                current = q
            case .close:
                closeSubpath()
                current = start
            }
        }
        closeSubpath()
        if segments.count > Self.maximumSegmentsPerFill { segments.removeAll() }
    }
}
