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
//   • trim, m = 2 (sequential): the shapes in the trim's scope (every shape before it in its list,
//     inside earlier groups too) laid end to end in render order — bottom to top, i.e. from the
//     last item of a list to the first, at every depth (spec: "as following each other in render
//     order") — each with the modifiers before the trim already applied. With lengths ℓ_i and
//     offsets O_i = Σ_{k<i} ℓ_k of a total T, the window's arc-length ranges of T
//     (TrimWindow.ranges) intersected with [O_i, O_i + ℓ_i] are the shape's pieces, cut as a
//     window of its own length (a range crossing the end of T and the start wraps, so a shape
//     holding both ends gets one wrapped window). A merge path in the scope is one shape, its
//     merged path (MergePathsEmitter.swift), and the items before it are not laid out (they are
//     its operands). A repeater inside the scope is laid out once
//     (its copies share their original's cut). The layout is computed once per trim and frame
//     (`builder.sequentialLayouts`, cleared for each picture);
//   • rounded corners: every sharp vertex rounded with the radius r at the frame
//     (CornerRounder; a vertex with a tangent is kept).
//
// The modifiers work in the shape's own coordinates, before its group transforms map it into
// the style's space. A shape no modifier applies to is appended directly, without a copy; a
// modified one is built in the builder's two scratch paths (`shapeScratch`, `modifierScratch`:
// each modifier writes its result into the spare one, then they swap) and cut by its reusable
// `trimmer`, so parallel trims and rounded corners allocate nothing in steady state either
// (the bench's "lottie trim allocs/frame" row). Sequential layouts still allocate per frame.

import Geometry

/// One list on the way down to a shape, and the index of the group (or shape) taken in it.
struct ShapeLevel {
    let items: [ShapeItem]
    let index: Int
}

/// A sequential trim's layout at a frame: each scope shape's index path and length.
struct SequentialLayout {
    var shapes: [(path: [Int], length: Double)] = []
    var total = 0.0
}

struct SequentialKey: Hashable {
    let list: UInt
    let index: Int
    let frame: Double
}

extension ShapeEmitter {
    /// Appends `builder.bezier` (the shape at index `j` of `items`) to `path`, changed by the
    /// modifiers that apply to it and mapped by `transform`.
    func appendShape(after j: Int, in items: [ShapeItem], transform: Transform, into path: inout Path) {
        builder.levels.append(ShapeLevel(items: items, index: j))
        defer { builder.levels.removeLast() }
        guard hasModifier(builder.levels[...]) else {
            builder.bezier.append(to: &path, transform: transform)
            return
        }
        var shape = builder.takeScratch(.shape)
        builder.bezier.append(to: &shape)
        modify(&shape, levels: builder.levels[...], stopIndex: nil)
        for element in shape.elements { path.elements.append(element.transformed(by: transform)) }
        builder.shapeScratch = shape
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
                        shape = cutSequential(shape, by: trim, at: k, scope: levels[li...])
                    } else {
                        cut(&shape, by: trim)
                    }
                    if shape.isEmpty { return }
                case .roundedCorners(let corners):
                    var out = builder.takeScratch(.modifier)
                    builder.rounder.round(shape, radius: corners.radius.value(at: frame), into: &out)
                    swap(&shape, &out)
                    builder.modifierScratch = out
                default:
                    break
                }
                k += 1
            }
        }
    }

    /// The trim's window at the frame; nil for non-finite values (the decoder refuses them; an
    /// easing cannot make them).
    private func window(_ trim: TrimPath) -> TrimWindow? {
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
        var out = builder.takeScratch(.modifier)
        builder.trimmer.trim(shape, window: window, into: &out)
        swap(&shape, &out)
        builder.modifierScratch = out
    }

    /// `shape` (the scope shape at the index path of `scope`, whose first level is the trim's
    /// list) cut by the sequential trim at index `t` of that list (see the header).
    private func cutSequential(_ shape: Path, by trim: TrimPath, at t: Int, scope: ArraySlice<ShapeLevel>) -> Path {
        guard let window = window(trim), !window.isEmpty else { return Path() }
        if window.isFull { return shape }
        let layout = sequentialLayout(scope[scope.startIndex].items, trim: t)
        let me = scope.map(\.index)
        var offset = 0.0, length = -1.0
        for entry in layout.shapes {
            if entry.path == me { length = entry.length; break }
            offset += entry.length
        }
        guard length > 0, layout.total > 0, layout.total.isFinite else { return Path() }
        var pieces: [(Double, Double)] = []
        for (a, b) in window.ranges(length: layout.total) {
            let x = max(a, offset) - offset, y = min(b, offset + length) - offset
            if y > x { pieces.append((x, y)) }
        }
        guard let first = pieces.first else { return Path() }
        let own: TrimWindow?
        if pieces.count == 2 {
            // The window's end (piece 0: x … ℓ) and its start (piece 1: 0 … y) on one shape.
            let span = (length - first.0 + pieces[1].1) / length
            if span >= 1 { return shape }
            own = try? TrimWindow(start: 0, end: span, offset: first.0 / length)
        } else {
            if first.0 <= 0 && first.1 >= length { return shape }
            own = try? TrimWindow(start: first.0 / length, end: first.1 / length)
        }
        guard let own, !own.isEmpty else { return Path() }
        return shape.trimmed(own)
    }

    /// The scope of the sequential trim at index `t` of `items` laid end to end at the frame.
    private func sequentialLayout(_ items: [ShapeItem], trim t: Int) -> SequentialLayout {
        let address = items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let key = SequentialKey(list: address, index: t, frame: frame)
        if let cached = builder.sequentialLayouts[key] { return cached }
        var layout = SequentialLayout()
        var levels: [ShapeLevel] = []
        layOut(items, upTo: t, trim: t, levels: &levels, into: &layout)
        builder.sequentialLayouts[key] = layout
        return layout
    }

    /// Appends the shapes of items[0 ..< end] in render order (last item first, at every depth).
    private func layOut(_ items: [ShapeItem], upTo end: Int, trim t: Int, levels: inout [ShapeLevel],
                        into layout: inout SequentialLayout) {
        var i = end - 1
        while i >= 0 {
            levels.append(ShapeLevel(items: items, index: i))
            var shape: Path?
            switch items[i] {
            case .group(let group):
                layOut(group.items, upTo: group.items.count, trim: t, levels: &levels, into: &layout)
            case .merge(let merging):
                // One shape in place of its operands and everything before it.
                shape = mergedPath(items, at: i, merging.mode)
            default:
                if evaluateShape(items[i], into: &builder.bezier) {
                    var own = Path()
                    builder.bezier.append(to: &own)
                    shape = own
                }
            }
            if let shape {
                let length = PathMeasure(modified(shape, levels: levels[...], stopIndex: t)).length
                layout.shapes.append((levels.map(\.index), length.isFinite ? length : 0))
                layout.total += length.isFinite ? length : 0
            }
            levels.removeLast()
            if case .merge = items[i] { break }
            i -= 1
        }
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
    /// Takes a scratch path (emptied, storage kept), leaving an empty path in its place; the
    /// caller puts a path back when done, so nested users never share one buffer.
    func takeScratch(_ which: ScratchPath) -> Path {
        var path = Path()
        switch which {
        case .shape: swap(&path, &shapeScratch)
        case .modifier: swap(&path, &modifierScratch)
        }
        path.elements.removeAll(keepingCapacity: true)
        return path
    }

    enum ScratchPath { case shape, modifier }
}
