// Shape modifiers applied to the shapes the builder draws: trim paths (Geometry's Trim.swift
// does the cutting) and rounded corners (Geometry's RoundCorners.swift)
//
// A shape (the Bezier form in `builder.bezier`, in its own list's coordinates) at index j of a
// list L is changed by (spec shapes.md "Shape Rendering Model": each modifier after the shape
// in its scope, in increasing index order, innermost list first)
//
//     the modifiers in L after j, in list order, then those after the shape's group in each
//     enclosing list (innermost first)
//
// `builder.levels` is that chain of lists: (list, index of the group or shape in it), outermost
// first, kept while the emitter walks groups. At the frame:
//
//   • trim, m = 1 (parallel): window = TrimWindow(lottieStart: 100·s, end: 100·e, offsetDegrees:
//     o) (lottie-web's normalisation), cut on the shape's own length;
//   • trim, m = 2 (sequential): the shapes in the trim's scope laid end to end and cut as one
//     (Build/SequentialTrim.swift has the layout and its storage);
//   • rounded corners: every sharp vertex rounded with the radius r at the frame
//     (CornerRounder; a vertex with a tangent is kept).
//
// The modifiers work in the shape's own coordinates, before its group transforms map it into
// the style's space. A shape no modifier applies to is appended directly, without a copy; a
// modified one is built in scratch paths from the builder's pool (`takePath`/`recycle`: each
// modifier writes its result into a spare one, then they swap) and cut by its reusable
// `trimmer`, so trims (parallel and sequential) and rounded corners allocate nothing in steady
// state (the bench's `--check-lottie-allocs`).

import Geometry

/// One list on the way down to a shape, and the index of the group (or shape) taken in it.
struct ShapeLevel {
    let items: [ShapeItem]
    let index: Int
}

extension ShapeEmitter {
    /// Appends `builder.bezier` (the shape at index `j` of `items`) to `path`, changed by the
    /// modifiers that apply to it and mapped by `transform`.
    func appendShape(after j: Int, in items: [ShapeItem], transform: Transform, into path: inout Path) {
        builder.levels.append(ShapeLevel(items: items, index: j))
        defer { builder.levels.removeLast() }
        builder.markOperand(at: path.elements.count)   // each path is a merge operand (MergePathsEmitter.swift)
        guard hasModifier(builder.levels[...]) else {
            builder.bezier.append(to: &path, transform: transform)
            return
        }
        var shape = builder.takePath()
        builder.bezier.append(to: &shape)
        modify(&shape, levels: builder.levels[...], stopIndex: nil)
        for element in shape.elements { path.elements.append(element.transformed(by: transform)) }
        builder.recycle(shape)
    }

    private func hasModifier(_ levels: ArraySlice<ShapeLevel>) -> Bool {
        for level in levels {
            var k = level.index + 1
            while k < level.items.count {
                switch level.items[k] {
                case .trim, .roundedCorners: return true
                default: k += 1
                }
            }
        }
        return false
    }

    /// `shape` through the modifiers after it on `levels` (innermost last); on the outermost
    /// level only those before `stopIndex` when given.
    func modified(_ shape: Path, levels: ArraySlice<ShapeLevel>, stopIndex: Int?) -> Path {
        var shape = shape
        modify(&shape, levels: levels, stopIndex: stopIndex)
        return shape
    }

    /// `shape` changed in place by the modifiers after it on `levels` (see `modified`).
    func modify(_ shape: inout Path, levels: ArraySlice<ShapeLevel>, stopIndex: Int?) {
        for li in levels.indices.reversed() {
            let level = levels[li]
            let end = li == levels.startIndex ? (stopIndex ?? level.items.count) : level.items.count
            var k = level.index + 1
            while k < end {
                switch level.items[k] {
                case .trim(let trim):
                    if trim.mode == .sequential {
                        cutSequential(&shape, by: trim, at: k, scope: levels[li...])   // SequentialTrim.swift
                    } else {
                        cut(&shape, by: trim)
                    }
                    if shape.isEmpty { return }
                case .roundedCorners(let corners):
                    var out = builder.takePath()
                    builder.rounder.round(shape, radius: corners.radius.value(at: frame), into: &out)
                    swap(&shape, &out)
                    builder.recycle(out)
                default:
                    break
                }
                k += 1
            }
        }
    }

    /// The trim's window at the frame; nil for non-finite values (the decoder refuses them; an
    /// easing cannot make them).
    func window(_ trim: TrimPath) -> TrimWindow? {
        try? TrimWindow(lottieStart: trim.start.value(at: frame) * 100, end: trim.end.value(at: frame) * 100,
                        offsetDegrees: trim.offset.value(at: frame))
    }

    /// `shape` cut to the trim's window at the frame (emptied for an empty window).
    private func cut(_ shape: inout Path, by trim: TrimPath) {
        guard let window = window(trim), !window.isEmpty else {
            shape.elements.removeAll(keepingCapacity: true)
            return
        }
        if window.isFull { return }
        var out = builder.takePath()
        builder.trimmer.trim(shape, window: window, into: &out)
        swap(&shape, &out)
        builder.recycle(out)
    }

    /// Evaluates a path-like item (path, rectangle, ellipse, star) at the frame; false for others.
    func evaluateShape(_ item: ShapeItem, into bezier: inout BezierPath) -> Bool {
        switch item {
        case .path(let shape): shape.shape.evaluate(at: frame, into: &bezier)
        case .rectangle(let rect): rect.evaluate(at: frame, into: &bezier)
        case .ellipse(let ellipse): ellipse.evaluate(at: frame, into: &bezier)
        case .polystar(let star): star.evaluate(at: frame, into: &bezier)
        default: return false
        }
        return true
    }
}

extension LottieBuilder {
    /// An empty scratch path from the builder's pool (its storage kept from earlier use); the
    /// caller gives it back with `recycle` when done, so nested users never share one buffer and
    /// the pool holds as many paths as the deepest nesting needed.
    func takePath() -> Path {
        guard var path = pathPool.popLast() else { return Path() }
        path.elements.removeAll(keepingCapacity: true)
        return path
    }

    func recycle(_ path: Path) { pathPool.append(path) }
}
