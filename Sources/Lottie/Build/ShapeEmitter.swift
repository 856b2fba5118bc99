// A shape list as display-list nodes, by Lottie's stacking rules (Model/ShapeItems.swift)
//
// For a list L = (x_0 … x_{n−1}) drawn bottom to top:
//
//   draw(L, end):   r = the last repeater before `end` (if any)
//                   for i = end − 1 down to r + 1:
//                       group x_i  →  group (its transform, its opacity) { draw(x_i.items, all) }
//                       style x_i  →  one fill or stroke node of the path P(L, i)
//                   if r: the repeater's copies of draw(L, r) (see below)
//
//   P(L, end):      the compound path of every path before `end` in L, in L's coordinates:
//                   paths as they are, groups' paths through their transforms (at any depth),
//                   and before a repeater r its copies: P(L, r) mapped by each copy's matrix
//
// so a style applies to the paths before it, including inside earlier groups, as ONE compound
// path (an even-odd fill of two overlapping paths has a hole; a translucent fill does not darken
// where its paths overlap), earlier items end on top, and two styles after one path draw it twice
// (the earlier on top). A repeater copies everything before it, styles included: copy k is a
// group with transform M_k and opacity o_k (Model/RepeaterCopies.swift) holding draw(L, r);
// `below` (m = 1) emits the copies from the last to copy 0 (copy 0 on top), `above` from copy 0.
//
// Modifiers (trim paths, rounded corners: ShapeModifiers.swift) apply to every path before them
// in their list and inside earlier groups, wherever the styles sit: a path is changed by the
// modifiers after it in its own list (in list order), then by those after its group in each
// enclosing list (innermost first) — `builder.levels` holds the enclosing lists while a group
// is walked. Merge paths replace the paths before them by their boolean combination
// (MergePathsEmitter.swift), which the modifiers after the merge then change.
//
// Blend modes (`bm`): a group's is its node's Group(…, blendMode), so its contents, composited
// among themselves, blend as one onto what is under the group; a style's wraps its one node in
// Group(blendMode) — lottie-web's SVG renderer puts mix-blend-mode on the group's <g> and on the
// style's <path>. The backdrop is what the layer itself drew below the item: a layer whose
// shapes blend is drawn isolated (LottieLayer.contentBlends, Group.isolated), as After Effects
// renders each layer on its own and lottie-web and ThorVG show it (docs/lottie-render.md).

import Geometry
import Raster
import Render

struct ShapeEmitter {
    unowned let builder: LottieBuilder
    let frame: Double

    /// Emits items[0 ..< end] bottom to top.
    func emit(_ items: [ShapeItem], upTo end: Int, into list: inout DisplayList) {
        let repeater = lastRepeater(in: items, before: end)
        var i = end - 1
        let lower = (repeater ?? -1) + 1
        while i >= lower {
            switch items[i] {
            case .group(let group):
                let opacity = group.transform.opacity.value(at: frame)
                if opacity > 0 {
                    list.beginGroup(Group(transform: group.transform.matrix(at: frame), opacity: opacity,
                                          blendMode: group.blendMode))
                    builder.levels.append(ShapeLevel(items: items, index: i))
                    emit(group.items, upTo: group.items.count, into: &list)
                    builder.levels.removeLast()
                    list.endGroup()
                }
            case .fill(let fill):
                blending(fill.blendMode, into: &list) { emitFill(fill, items: items, index: i, into: &$0) }
            case .stroke(let stroke):
                blending(stroke.blendMode, into: &list) { emitStroke(stroke, items: items, index: i, into: &$0) }
            case .gradientFill(let fill):
                blending(fill.blendMode, into: &list) { emitGradientFill(fill, items: items, index: i, into: &$0) }
            case .gradientStroke(let stroke):
                blending(stroke.blendMode, into: &list) { emitGradientStroke(stroke, items: items, index: i, into: &$0) }
            case .path, .rectangle, .ellipse, .polystar, .trim, .roundedCorners, .repeater, .merge, .unsupported:
                break   // paths are drawn by the styles after them; modifiers: see the header
            }
            i -= 1
        }
        if let r = repeater, case .repeater(let rep) = items[r] {
            emitCopies(rep, items: items, upTo: r, into: &list)
        }
    }

    /// Emits a style's node, inside a group of blend mode `mode` unless it is normal.
    private func blending(_ mode: BlendMode, into list: inout DisplayList, _ emitStyle: (inout DisplayList) -> Void) {
        guard mode != .normal else { return emitStyle(&list) }
        list.beginGroup(Group(blendMode: mode))
        emitStyle(&list)
        list.endGroup()
    }

    /// The copies of items[0 ..< end] a repeater makes, bottom to top.
    private func emitCopies(_ repeater: Repeater, items: [ShapeItem], upTo end: Int, into list: inout DisplayList) {
        let n = repeater.copyCount(at: frame)
        guard n > 0 else { return }
        for k in 0..<n {
            let copy = repeater.composite == .below ? n - 1 - k : k
            let opacity = repeater.opacity(copy: copy, of: n, at: frame)
            guard opacity > 0 else { continue }
            list.beginGroup(Group(transform: repeater.matrix(copy: copy, at: frame), opacity: opacity))
            emit(items, upTo: end, into: &list)
            list.endGroup()
        }
    }

    /// The index of the last repeater in items[0 ..< end].
    func lastRepeater(in items: [ShapeItem], before end: Int) -> Int? {
        var i = end - 1
        while i >= 0 {
            if case .repeater = items[i] { return i }
            i -= 1
        }
        return nil
    }

    // MARK: - paths

    /// Appends P(items, end) mapped by `transform` to `path` (see the header).
    func gather(_ items: [ShapeItem], upTo end: Int, transform: Transform, into path: inout Path) {
        let repeater = lastRepeater(in: items, before: end)
        let merge = lastMerge(in: items, before: end)
        var j: Int
        if let m = merge, m > (repeater ?? -1), case .merge(let merging) = items[m] {
            appendMerged(items, at: m, merging.mode, transform: transform, into: &path)   // MergePathsEmitter.swift
            j = m + 1
        } else {
            if let r = repeater, case .repeater(let rep) = items[r] {
                let n = rep.copyCount(at: frame)
                for k in 0..<n {
                    gather(items, upTo: r, transform: rep.matrix(copy: k, at: frame).concatenating(transform), into: &path)
                }
            }
            j = (repeater ?? -1) + 1
        }
        while j < end {
            gatherItem(items, at: j, transform: transform, into: &path)
            j += 1
        }
    }

    /// Appends the path of items[j] (a shape, or a group's compound path) mapped by `transform`.
    func gatherItem(_ items: [ShapeItem], at j: Int, transform: Transform, into path: inout Path) {
        switch items[j] {
        case .group(let group):
            let inner = group.transform.matrix(at: frame).concatenating(transform)
            builder.levels.append(ShapeLevel(items: items, index: j))
            gather(group.items, upTo: group.items.count, transform: inner, into: &path)
            builder.levels.removeLast()
        case .path, .rectangle, .ellipse, .polystar:
            _ = evaluateShape(items[j], into: &builder.bezier)
            appendShape(after: j, in: items, transform: transform, into: &path)
        case .fill, .stroke, .gradientFill, .gradientStroke, .trim, .repeater, .roundedCorners, .merge, .unsupported:
            break
        }
    }

    /// The compound path of the paths before `index`, in reused storage.
    private func pathBefore(_ index: Int, in items: [ShapeItem], into list: inout DisplayList) -> PathID {
        list.addPath { path in gather(items, upTo: index, transform: .identity, into: &path) }
    }

    /// The path a stroke with the builder's stroke style outlines; its dashes are charged to the
    /// frame's budget first, and a stroke over it is drawn undashed (DashBudget.swift).
    private func strokedPath(_ index: Int, in items: [ShapeItem], into list: inout DisplayList) -> PathID {
        guard !builder.strokeStyle.dash.isEmpty else { return pathBefore(index, in: items, into: &list) }
        var dashes = 0.0
        let id = list.addPath { path in
            gather(items, upTo: index, transform: .identity, into: &path)
            dashes = builder.estimatedDashes(path)
        }
        builder.chargeDashes(dashes)
        return id
    }

    // MARK: - styles

    private func emitFill(_ fill: Fill, items: [ShapeItem], index: Int, into list: inout DisplayList) {
        let opacity = fill.opacity.value(at: frame)
        let color = fill.color.value(at: frame)
        guard opacity > 0, color.a > 0 else { return }
        list.fill(pathBefore(index, in: items, into: &list), rule: fill.rule, paint: .solid(color, opacity: opacity))
    }

    private func emitStroke(_ stroke: Stroke, items: [ShapeItem], index: Int, into list: inout DisplayList) {
        let opacity = stroke.opacity.value(at: frame)
        let color = stroke.color.value(at: frame)
        guard opacity > 0, color.a > 0, prepareStrokeStyle(stroke.style) else { return }
        list.stroke(strokedPath(index, in: items, into: &list), style: builder.strokeStyle,
                    paint: .solid(color, opacity: opacity))
    }

    private func emitGradientFill(_ fill: GradientFill, items: [ShapeItem], index: Int, into list: inout DisplayList) {
        let opacity = fill.opacity.value(at: frame)
        guard opacity > 0 else { return }
        let path = pathBefore(index, in: items, into: &list)
        list.fill(path, rule: fill.rule, paint: gradientPaint(fill.paint, opacity: opacity, into: &list))
    }

    private func emitGradientStroke(_ stroke: GradientStroke, items: [ShapeItem], index: Int, into list: inout DisplayList) {
        let opacity = stroke.opacity.value(at: frame)
        guard opacity > 0, prepareStrokeStyle(stroke.style) else { return }
        let path = strokedPath(index, in: items, into: &list)
        list.stroke(path, style: builder.strokeStyle, paint: gradientPaint(stroke.paint, opacity: opacity, into: &list))
    }

    /// Sets the builder's reused stroke style from `style` at the frame; false when nothing
    /// would be drawn (width ≤ 0).
    ///
    /// Dashes: the `d` entries in order, dash and gap lengths alternating, the offset entry the
    /// phase; a pattern whose lengths sum to 0 (or has a negative or non-finite length) is
    /// drawn solid, as lottie-web does.
    private func prepareStrokeStyle(_ style: BaseStroke) -> Bool {
        let width = style.width.value(at: frame)
        guard width > 0, width.isFinite else { return false }
        builder.strokeStyle.lineWidth = width
        builder.strokeStyle.cap = style.cap
        builder.strokeStyle.join = style.join
        builder.strokeStyle.miterLimit = max(1, style.miterLimit.value(at: frame))
        builder.strokeStyle.dash.removeAll(keepingCapacity: true)
        builder.strokeStyle.dashPhase = 0
        var sum = 0.0, valid = true
        for entry in style.dashes {
            let length = entry.length.value(at: frame)
            switch entry.kind {
            case .dash, .gap:
                if !(length >= 0 && length.isFinite) { valid = false }
                builder.strokeStyle.dash.append(length)
                sum += length
            case .offset:
                builder.strokeStyle.dashPhase = length.isFinite ? length : 0
            }
        }
        if !(valid && sum > 0) {
            builder.strokeStyle.dash.removeAll(keepingCapacity: true)
            builder.strokeStyle.dashPhase = 0
        }
        return true
    }

    /// The gradient paint of `paint` at the frame, its stops stored in the list.
    private func gradientPaint(_ paint: GradientPaint, opacity: Double, into list: inout DisplayList) -> NodePaint {
        paint.stops.evaluate(at: frame, into: &builder.stops)
        let builder = self.builder
        let stops = list.addGradient { out in
            for c in builder.stops.colors { out.color(c.offset, RGBA(r: c.red, g: c.green, b: c.blue)) }
            for o in builder.stops.opacities { out.opacity(o.offset, o.opacity) }
        }
        switch paint.kind {
        case .linear:
            return .linear(LinearGradient(stops, start: paint.start.value(at: frame), end: paint.end.value(at: frame),
                                          opacity: opacity))
        case .radial:
            let g = paint.radialGeometry(at: frame)
            return .radial(RadialGradient(stops, center: g.center, radius: g.radius,
                                          focalPoint: g.focal == g.center ? nil : g.focal, opacity: opacity))
        }
    }
}
