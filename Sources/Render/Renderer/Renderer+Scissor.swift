// Renderer+Scissor.swift — a clip that is an axis-aligned device rectangle needs no layer.
//
// A clip path made of one closed rectangle (move + 3 or 4 lines, optionally closed) whose sides
// stay axis-aligned under the group's transform has, at device pixel (x, y), the coverage
// k(x, y) = wx(x)·wy(y) — the pixel's area inside it (Raster's Scissor.swift) — so clipping to
// it is multiplying each shape's coverage spans by k: 1 inside, 0 outside, the exact fraction on
// the edge columns and rows (a clip from x = 10.25 leaves column 10 at 75 %). That is what the
// layer composited through the rectangle's coverage gives wherever at most one shape of the
// group covers an edge pixel; where several overlap there, the per-draw product differs from
// the layer's by k(1 − k)·a·b (a, b the shapes' alphas there), ≤ 1/4 of the overlap — the way
// Skia and Core Graphics apply an anti-aliased clip. A rectangle whose corners land on whole
// pixels has k ∈ {0, 1}: the spans are only cut, and both ways give the same bytes.
//
// Nested rectangles intersect (the coverage of the intersection, exact). A group that takes a
// layer anyway (opacity over overlapping shapes, masks, a matte, a blend) draws its children
// into the layer cut to the pixel box only, and the layer is multiplied by k once when it ends
// (`Scissor.applyCoverage`): the layer's clip, exactly. Any other clip — a rotated rectangle, a
// curve — goes off-screen (Renderer+Groups.swift). Corners within `scissorTolerance` of whole
// pixels count as on them.
import Geometry
import Raster

extension Renderer {
    /// Corners within this distance (device pixels) of whole pixels count as on them.
    static let scissorTolerance = 1e-7

    /// The device rectangle of the clip when it is an axis-aligned rectangle under `transform`.
    func scissorBox(of clip: Clip, in list: DisplayList, transform: Transform) -> Scissor? {
        list.withPath(clip.path) { path -> Scissor? in
            let elements = path.elements
            guard (4...6).contains(elements.count), case .move(let start) = elements[0] else { return nil }
            // The corners, device-mapped, snapped to whole pixels when within the tolerance (no
            // array: no allocation).
            var corners = (Point.zero, Point.zero, Point.zero, Point.zero, Point.zero)
            var count = 0
            func add(_ q: Point) -> Bool {
                var p = transform.apply(q)
                let snapped = Point(p.x.rounded(), p.y.rounded())
                if abs(p.x - snapped.x) <= Renderer.scissorTolerance { p.x = snapped.x }
                if abs(p.y - snapped.y) <= Renderer.scissorTolerance { p.y = snapped.y }
                guard abs(p.x) < 1e9, abs(p.y) < 1e9, count < 5 else { return false }   // also NaN
                switch count {
                case 0: corners.0 = p
                case 1: corners.1 = p
                case 2: corners.2 = p
                case 3: corners.3 = p
                default: corners.4 = p
                }
                count += 1
                return true
            }
            guard add(start) else { return nil }
            for element in elements.dropFirst() {
                switch element {
                case .line(let p): guard add(p) else { return nil }
                case .close: break
                default: return nil
                }
            }
            if count == 5 {
                guard corners.4 == corners.0 else { return nil }
                count = 4
            }
            guard count == 4 else { return nil }
            let (a, b, c, d) = (corners.0, corners.1, corners.2, corners.3)
            // Consecutive corners differ in exactly one coordinate: an axis-aligned rectangle.
            func same(_ u: Double, _ v: Double) -> Bool { abs(u - v) <= Renderer.scissorTolerance }
            func isEdge(_ p: Point, _ q: Point) -> Bool { same(p.x, q.x) != same(p.y, q.y) }
            guard isEdge(a, b) && isEdge(b, c) && isEdge(c, d) && isEdge(d, a) else { return nil }
            return Scissor(left: Swift.min(a.x, c.x), top: Swift.min(a.y, c.y),
                           right: Swift.max(a.x, c.x), bottom: Swift.max(a.y, c.y))
        }
    }
}
