// Renderer+ClipContainment.swift — a fractional rectangle clip that holds all of its group
// clips nothing, so it needs no layer.
//
// Let the clip be an axis-aligned device rectangle R = [x0, x1] × [y0, y1] whose edges are not on
// whole pixels (a fitted Lottie composition: 375 × 667 pt scaled by 1.619 and centred on
// 1080 × 1080 starts at x = 236.4; Renderer+Scissor.swift takes only whole-pixel rectangles).
// Its coverage is 1 on every pixel of the inner box
//
//     I = [⌈x0⌉, ⌊x1⌋) × [⌈y0⌉, ⌊y1⌋)
//
// and below 1 only on the pixels R's edges cross. When the device bounds of every shape of the
// group (matte sources included; control-point bounds grown by the stroke's reach and one pixel
// of anti-aliasing, Renderer+Groups.swift) lie inside I, the group's layer is transparent
// outside I, and compositing it through the clip's coverage is compositing it whole: the clip
// changes no pixel, and the group is drawn as if it had none (the same picture up to 8-bit
// rounding, ±1, as for a folded group). A subtree with a colour filter keeps the layer (a
// filter may make transparent pixels visible; a blur or shadow reaches past its shapes). The walk reuses the renderer's transform stack
// (no allocation in steady state).
import Geometry
import Raster

extension Renderer {
    /// Whether `clip` is an axis-aligned device rectangle holding every shape of group `record`
    /// (commands index+1 ..< end) inside its whole pixels (file header).
    func clipHoldsGroup(_ clip: Clip, _ record: DisplayList.GroupRecord, index: Int, of list: DisplayList,
                        transform: Transform) -> Bool {
        guard record.descendantEffects.isDisjoint(with: [.filter, .filters]), record.group.filter == nil, record.filters.isEmpty,
              let r = deviceRectangle(of: clip, in: list, transform: transform) else { return false }
        let inner = Rect(minX: r.minX.rounded(.up), minY: r.minY.rounded(.up),
                         maxX: r.maxX.rounded(.down), maxY: r.maxY.rounded(.down))
        guard inner.maxX > inner.minX, inner.maxY > inner.minY else { return false }
        return everyShapeBox(list, from: index + 1, to: Int(record.end), transform: transform, mattes: true) { box in
            guard let box else { return false }
            return box.minX >= inner.minX && box.minY >= inner.minY && box.maxX <= inner.maxX && box.maxY <= inner.maxY
        }
    }

    /// The device rectangle of a clip made of one closed axis-aligned rectangle (move + 3 or 4
    /// lines, optionally closed) under `transform`; nil for any other clip.
    private func deviceRectangle(of clip: Clip, in list: DisplayList, transform: Transform) -> Rect? {
        list.withPath(clip.path) { path -> Rect? in
            let elements = path.elements
            guard (4...6).contains(elements.count), case .move(let start) = elements[0] else { return nil }
            var corners = (Point.zero, Point.zero, Point.zero, Point.zero)
            var count = 0
            var closedBack = false
            for element in elements {
                let q: Point
                switch element {
                case .move(let p) where count == 0: q = p
                case .line(let p): q = p
                case .close: continue
                default: return nil
                }
                let p = transform.apply(q)
                guard p.isFinite, abs(p.x) < 1e9, abs(p.y) < 1e9 else { return nil }
                switch count {
                case 0: corners.0 = p
                case 1: corners.1 = p
                case 2: corners.2 = p
                case 3: corners.3 = p
                default:
                    guard count == 4, q == start else { return nil }   // the last line back to the start
                    closedBack = true
                }
                count += 1
            }
            guard count == 4 || (count == 5 && closedBack) else { return nil }
            let (a, b, c, d) = corners
            // Consecutive corners differ in exactly one coordinate: an axis-aligned rectangle.
            func isEdge(_ p: Point, _ q: Point) -> Bool { (p.x == q.x) != (p.y == q.y) }
            guard isEdge(a, b) && isEdge(b, c) && isEdge(c, d) && isEdge(d, a) else { return nil }
            return Rect(minX: Swift.min(a.x, c.x), minY: Swift.min(a.y, c.y), maxX: Swift.max(a.x, c.x), maxY: Swift.max(a.y, c.y))
        }
    }
}
