// Sequential trim paths (`tm` with m = 2): the shapes of the trim's scope laid end to end and
// cut as one path
//
// Scope: every shape before the trim in its list, inside earlier groups too, laid out in render
// order — bottom to top, i.e. from the last item of a list to the first, at every depth (spec
// shapes.md: "as following each other in render order"; lottie-web's TrimModifier walks
// `for (i = len - 1; i >= 0; i -= 1)`) — each with the modifiers before the trim already applied
// (ShapeModifiers.swift). With the shapes' lengths ℓ_i, their offsets O_i = Σ_{k<i} ℓ_k and the
// total T = Σ ℓ_i, the window's arc-length ranges of T (TrimWindow.rangePair: one range, or two
// when the window wraps past the end of T)
//
//     R ∩ [O_i, O_i + ℓ_i]  −  O_i          for each range R
//
// are shape i's pieces on its own length: none → nothing drawn; one piece [x, y] → the window
// (x/ℓ_i, y/ℓ_i); two pieces (the wrapped window's end [x, ℓ_i] and its start [0, y] on one
// shape) → one wrapped window of span (ℓ_i − x + y)/ℓ_i turned by x/ℓ_i. A merge path in the
// scope is one shape, its merged path (MergePathsEmitter.swift), and the items before it are not
// laid out (they are its operands). A repeater inside the scope is laid out once (its copies
// share their original's cut).
//
// Storage. A layout is computed once per trim (list, index) and frame, on the trim's first shape
// of the picture, and kept in `SequentialLayouts` — flat arrays the builder clears, keeping their
// capacity, for each picture: the layouts, their shapes (each with its index path, a range of a
// shared index array) and the index paths. A trim inside the scope of another is laid out while
// the outer one is (its shapes' lengths need it), so shapes of several layouts interleave; each
// shape names its layout. Lengths are measured by the builder's reusable PathMeasure, the shapes
// built in pooled scratch paths and cut by its reusable Trimmer: steady state allocates nothing.

import Geometry

/// The sequential trims' layouts of the picture being built (see the header).
struct SequentialLayouts {
    struct Layout {
        let list: UInt
        let trim: Int
        let frame: Double
        var total = 0.0
    }

    struct Shape {
        let layout: Int
        /// The shape's index path from the trim's list down: a range of `indices`.
        let path: Range<Int>
        let length: Double
    }

    private(set) var layouts: [Layout] = []
    private(set) var shapes: [Shape] = []
    private(set) var indices: [Int] = []

    mutating func removeAll() {
        layouts.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// The layout of the trim at index `trim` of the list at `list` at `frame`, if laid out.
    func find(list: UInt, trim: Int, frame: Double) -> Int? {
        layouts.firstIndex { $0.list == list && $0.trim == trim && $0.frame == frame }
    }

    /// Starts an empty layout; returns its number.
    mutating func begin(list: UInt, trim: Int, frame: Double) -> Int {
        layouts.append(Layout(list: list, trim: trim, frame: frame))
        return layouts.count - 1
    }

    /// Appends a shape of `layout`: its index path (the levels' indices) and its length.
    mutating func add(to layout: Int, path levels: [ShapeLevel], length: Double) {
        let start = indices.count
        for level in levels { indices.append(level.index) }
        let counted = length.isFinite ? length : 0
        shapes.append(Shape(layout: layout, path: start..<indices.count, length: counted))
        layouts[layout].total += counted
    }

    /// The offset O_i and length ℓ_i of the shape of `layout` whose index path is that of
    /// `scope`; nil when the shape is not in the layout.
    func place(in layout: Int, of scope: ArraySlice<ShapeLevel>) -> (offset: Double, length: Double)? {
        var offset = 0.0
        for shape in shapes where shape.layout == layout {
            if matches(shape.path, scope) { return (offset, shape.length) }
            offset += shape.length
        }
        return nil
    }

    private func matches(_ path: Range<Int>, _ scope: ArraySlice<ShapeLevel>) -> Bool {
        guard path.count == scope.count else { return false }
        var k = path.lowerBound
        for level in scope {
            if indices[k] != level.index { return false }
            k += 1
        }
        return true
    }
}

extension ShapeEmitter {
    /// `shape` (the scope shape at the index path of `scope`, whose first level is the trim's
    /// list) cut in place by the sequential trim at index `t` of that list (see the header).
    func cutSequential(_ shape: inout Path, by trim: TrimPath, at t: Int, scope: ArraySlice<ShapeLevel>) {
        guard let window = window(trim), !window.isEmpty else { return shape.elements.removeAll(keepingCapacity: true) }
        if window.isFull { return }
        let layout = sequentialLayout(scope[scope.startIndex].items, trim: t)
        let total = builder.sequential.layouts[layout].total
        guard let (offset, length) = builder.sequential.place(in: layout, of: scope),
              length > 0, total > 0, total.isFinite,
              let own = ownWindow(window.rangePair(length: total), offset: offset, length: length) else {
            return shape.elements.removeAll(keepingCapacity: true)
        }
        if own.isFull { return }
        var out = builder.takePath()
        builder.trimmer.trim(shape, window: own, into: &out)
        swap(&shape, &out)
        builder.recycle(out)
    }

    /// The window on one shape's own length ℓ of the layout's ranges (nil: nothing of it drawn).
    private func ownWindow(_ ranges: (count: Int, first: (Double, Double), second: (Double, Double)),
                           offset: Double, length: Double) -> TrimWindow? {
        func piece(_ r: (Double, Double)) -> (Double, Double)? {
            let x = max(r.0, offset) - offset, y = min(r.1, offset + length) - offset
            return y > x ? (x, y) : nil
        }
        let a = piece(ranges.first), b = ranges.count == 2 ? piece(ranges.second) : nil
        let window: TrimWindow?
        if let a, let b {
            // The window's end (a: x … ℓ) and its start (b: 0 … y) on one shape.
            let span = (length - a.0 + b.1) / length
            window = span >= 1 ? try? TrimWindow(start: 0, end: 1) : try? TrimWindow(start: 0, end: span, offset: a.0 / length)
        } else if let only = a ?? b {
            window = only.0 <= 0 && only.1 >= length ? try? TrimWindow(start: 0, end: 1)
                : try? TrimWindow(start: only.0 / length, end: only.1 / length)
        } else {
            return nil
        }
        guard let window, !window.isEmpty else { return nil }
        return window
    }

    /// The layout of the sequential trim at index `t` of `items` at the frame (laid out on first use).
    private func sequentialLayout(_ items: [ShapeItem], trim t: Int) -> Int {
        let address = items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        if let found = builder.sequential.find(list: address, trim: t, frame: frame) { return found }
        let layout = builder.sequential.begin(list: address, trim: t, frame: frame)
        var levels = builder.takeLevels()
        layOut(items, upTo: t, trim: t, layout: layout, levels: &levels)
        builder.recycle(levels)
        return layout
    }

    /// Appends the shapes of items[0 ..< end] in render order (last item first, at every depth).
    private func layOut(_ items: [ShapeItem], upTo end: Int, trim t: Int, layout: Int, levels: inout [ShapeLevel]) {
        var i = end - 1
        while i >= 0 {
            levels.append(ShapeLevel(items: items, index: i))
            var shape = builder.takePath(), isShape = false
            switch items[i] {
            case .group(let group):
                layOut(group.items, upTo: group.items.count, trim: t, layout: layout, levels: &levels)
            case .merge(let merging):
                // One shape in place of its operands and everything before it.
                shape = mergedPath(items, at: i, merging.mode)
                isShape = true
            default:
                isShape = evaluateShape(items[i], into: &builder.bezier)
                if isShape { builder.bezier.append(to: &shape) }
            }
            if isShape {
                modify(&shape, levels: levels[...], stopIndex: t)
                builder.measure.remeasure(shape)
                builder.sequential.add(to: layout, path: levels, length: builder.measure.length)
            }
            builder.recycle(shape)
            levels.removeLast()
            if case .merge = items[i] { break }
            i -= 1
        }
    }
}

extension LottieBuilder {
    /// An empty level chain from the builder's pool (see `takePath`).
    func takeLevels() -> [ShapeLevel] {
        guard var levels = levelPool.popLast() else { return [] }
        levels.removeAll(keepingCapacity: true)
        return levels
    }

    func recycle(_ levels: [ShapeLevel]) { levelPool.append(levels) }
}
