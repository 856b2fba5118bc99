// Renderer+Scissor.swift — a clip that is a pixel-aligned device rectangle needs no layer.
//
// A clip path made of one closed axis-aligned rectangle (move + 3 or 4 lines, optionally closed)
// whose corners land on whole device pixels after the group's transform covers every pixel
// inside it fully and every pixel outside not at all, so clipping to it is cutting each shape's
// coverage spans to the box (Raster's Scissor.swift): the same bytes as the layer composited
// through the rectangle's coverage, without the layer. Nested scissors intersect. Any other
// clip — a rotated or fractional rectangle, a curve — goes off-screen (Renderer+Groups.swift).
import Geometry
import Raster

extension Renderer {
    /// Corners within this distance (device pixels) of whole pixels count as on them.
    static let scissorTolerance = 1e-7

    /// The device box of the clip when it is a pixel-aligned rectangle under `transform`.
    func scissorBox(of clip: Clip, in list: DisplayList, transform: Transform) -> Scissor? {
        list.withPath(clip.path) { path -> Scissor? in
            let elements = path.elements
            guard (4...6).contains(elements.count), case .move(let start) = elements[0] else { return nil }
            // The corners, device-mapped and snapped to whole pixels (no array: no allocation).
            var corners = (Point.zero, Point.zero, Point.zero, Point.zero, Point.zero)
            var count = 0
            func add(_ q: Point) -> Bool {
                let p = transform.apply(q)
                let snapped = Point(p.x.rounded(), p.y.rounded())
                guard abs(p.x - snapped.x) <= Renderer.scissorTolerance, abs(p.y - snapped.y) <= Renderer.scissorTolerance,
                      abs(snapped.x) < 1e9, abs(snapped.y) < 1e9, count < 5 else { return false }
                switch count {
                case 0: corners.0 = snapped
                case 1: corners.1 = snapped
                case 2: corners.2 = snapped
                case 3: corners.3 = snapped
                default: corners.4 = snapped
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
            func isEdge(_ p: Point, _ q: Point) -> Bool { (p.x == q.x) != (p.y == q.y) }
            guard isEdge(a, b) && isEdge(b, c) && isEdge(c, d) && isEdge(d, a) else { return nil }
            return Scissor(minX: Int(Swift.min(a.x, c.x)), minY: Int(Swift.min(a.y, c.y)),
                           maxX: Int(Swift.max(a.x, c.x)), maxY: Int(Swift.max(a.y, c.y)))
        }
    }
}
