// Trim paths applied to the shapes the builder draws (Geometry's Trim.swift has the cutting)
//
// A shape (the Bezier form in `builder.bezier`, in its own list's coordinates) at index j of a
// list L is cut by
//
//     the trims in L after j, in list order, then the trims in `builder.trims` from the top
//     (those after the shape's group in the enclosing lists, innermost first)
//
// each at the frame: window = TrimWindow(lottieStart: 100·s, end: 100·e, offsetDegrees: o)
// (lottie-web's normalisation), every path trimmed on its own length ("simultaneously", m = 1).
// Sequential trims (m = 2, the paths of the scope laid end to end) are cut the same way and
// reported (LottieCoverage.swift). The cut happens in the shape's own coordinates, before its
// group transforms map it into the style's space. A shape no trim applies to is appended
// directly, without a copy (allocation-free); a trimmed one allocates its pieces.

import Geometry

extension ShapeEmitter {
    /// Pushes the trims after index `i` of `items` onto `builder.trims` (so that the first in list
    /// order is on top); returns how many.
    func pushTrims(after i: Int, in items: [ShapeItem]) -> Int {
        var pushed = 0
        var k = items.count - 1
        while k > i {
            if case .trim(let trim) = items[k] {
                builder.trims.append(trim)
                pushed += 1
            }
            k -= 1
        }
        return pushed
    }

    /// Appends `builder.bezier` (the shape at index `j` of `items`) to `path`, cut by the trims
    /// that apply to it and mapped by `transform`.
    func appendShape(after j: Int, in items: [ShapeItem], transform: Transform, into path: inout Path) {
        var hasTrim = !builder.trims.isEmpty
        if !hasTrim {
            for k in (j + 1)..<max(j + 1, items.count) {
                if case .trim = items[k] { hasTrim = true; break }
            }
        }
        guard hasTrim else {
            builder.bezier.append(to: &path, transform: transform)
            return
        }
        var shape = Path()
        builder.bezier.append(to: &shape)
        for k in (j + 1)..<max(j + 1, items.count) {
            guard case .trim(let trim) = items[k] else { continue }
            shape = cut(shape, by: trim)
            if shape.isEmpty { return }
        }
        var t = builder.trims.count - 1
        while t >= 0 {
            shape = cut(shape, by: builder.trims[t])
            if shape.isEmpty { return }
            t -= 1
        }
        for element in shape.elements { path.elements.append(element.transformed(by: transform)) }
    }

    /// `shape` inside the trim's window at the frame (empty for an empty window).
    func cut(_ shape: Path, by trim: TrimPath) -> Path {
        let window: TrimWindow
        do {
            window = try TrimWindow(lottieStart: trim.start.value(at: frame) * 100, end: trim.end.value(at: frame) * 100,
                                    offsetDegrees: trim.offset.value(at: frame))
        } catch {
            return Path()   // non-finite values (the decoder refuses them; an easing cannot make them)
        }
        if window.isEmpty { return Path() }
        if window.isFull { return shape }
        return shape.trimmed(window)
    }
}
