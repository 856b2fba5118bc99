// Renderer+Groups.swift — how each group is drawn: skipped, in place, or off-screen.
//
// A group's layer L (its children source-over onto transparent) is put onto the canvas below as
// out = F(L)·o over D (Nodes.swift). Folding o and F into the children's paints instead draws
// each child c as F(c)·o over D, which is the same picture when no pixel is drawn by two children
// of the group — then L is, pixel by pixel, one child or nothing — and when F commutes with the
// opacity (a colour matrix whose alpha row is the identity and whose colour rows ignore alpha,
// such as a hue rotation: F(c·o) = F(c)·o). Both differ by 8-bit rounding only (±1). So a group
// with opacity < 1 or a filter is drawn in place when
//
//     * its descendants are plain groups (transform, opacity), and
//     * at most one filter applies along the chain, and it commutes with the opacity, and
//     * it holds one shape, or up to 16 shapes whose device bounds (control-point bounds, grown by
//       the stroke's reach, through the groups' transforms, plus one pixel for anti-aliasing)
//       are pairwise disjoint;
//
// otherwise off-screen. A group with masks, filters (Renderer+Filters.swift), a matte or a blend mode other
// than normal always takes a layer (Renderer+Masks.swift, Renderer+Mattes.swift, Renderer+Blending.swift: a
// blend is never folded). A clip path takes a layer (composited through the clip's coverage) unless it is an
// axis-aligned device rectangle, which multiplies the shapes' spans by its area coverage instead
// (Renderer+Scissor.swift). A group whose opacity is 0, that holds no shape, or whose rectangle
// clip lies outside the canvas's visible part, is skipped.
import Geometry
import Raster

extension Renderer {
    /// Up to this many shapes are tested for overlap before a group is folded.
    static let maximumFoldedShapes = 16

    /// Opens group `g` (command `index`); returns the next command to run.
    func beginGroup(_ g: Int, of list: DisplayList, at index: Int) -> Int {
        let record = list.groups[g]
        let group = record.group
        let opacity = clamp01(group.opacity)
        guard opacity > 0, record.leaves > 0 else { return Int(record.end) + 1 }

        let parent = stack[stack.count - 1]
        let transform = group.transform.concatenating(parent.transform)
        var scissor = parent.scissor
        var clip = group.clip
        if let c = clip, let box = scissorBox(of: c, in: list, transform: transform) {
            let inside = parent.scissor.map { box.intersection($0) } ?? box
            guard !inside.isEmpty else { return Int(record.end) + 1 }   // nothing of it shows
            scissor = inside
            clip = nil
        }
        if let c = clip, clipHoldsGroup(c, record, index: index, of: list, transform: transform) {
            clip = nil   // a fractional rectangle around all of the group (Renderer+ClipContainment.swift)
        }
        var needsLayer = clip != nil || !record.masks.isEmpty || !record.filters.isEmpty || group.matte != nil
            || group.blendMode != .normal || group.isolated
        if !needsLayer && (opacity < 1 || group.filter != nil) {
            needsLayer = !canFold(record, index: index, of: list, parent: parent, transform: transform)
        }
        if needsLayer && layerDepth >= Renderer.maximumLayerDepth {
            report.unsupported.insert(.layerDepth)
            needsLayer = false
        }
        if needsLayer {
            // Layers only open where nothing is folded above them (folded groups hold plain
            // groups only), so the layer's composite needs no folded opacity or filter.
            // A fractional rectangle cuts the children to its pixel box and multiplies the layer
            // by its edge coverage once, at endGroup (Renderer+Scissor.swift).
            let layer = layers.acquire(matching: parent.target, clearsOnlyDamage: shortcuts.contains(.damage))
            layerDepth += 1
            let fractional = scissor.flatMap { $0.isPixelAligned ? nil : $0 }
            stack.append(Entry(transform: transform, opacity: 1, filter: nil, target: layer.canvas, layer: layer,
                               layerOpacity: opacity * parent.opacity, layerFilter: group.filter, clip: clip,
                               scissor: fractional?.pixelBox ?? scissor, edgeCoverage: fractional, group: g))
        } else {
            stack.append(Entry(transform: transform, opacity: parent.opacity * opacity,
                               filter: group.filter ?? parent.filter, target: parent.target, scissor: scissor))
        }
        return index + 1
    }

    /// Closes the innermost group: composites its layer, if it has one, onto the canvas below.
    func endGroup(_ list: DisplayList) {
        let entry = stack.removeLast()
        guard let layer = entry.layer else { return }
        let below = stack[stack.count - 1].target
        entry.edgeCoverage?.applyCoverage(to: layer.canvas, in: contentBox(of: layer.canvas))
        applyLayerStages(of: entry, in: list)
        let mode = entry.group >= 0 ? list.groups[entry.group].group.blendMode : .normal
        if mode != .normal {
            blendLayer(of: entry, mode: mode, onto: below, in: list)
        } else if let clip = entry.clip {
            // The layer as the paint of the clip path: inside it, anti-aliased at its edge.
            rasterizer.scissor = entry.scissor
            list.withPath(clip.path) { path in
                rasterizer.fill(path, transform: entry.transform, rule: clip.rule,
                                paint: CanvasPaint(layer.canvas, opacity: entry.layerOpacity, filter: entry.layerFilter),
                                on: below)
            }
        } else {
            rasterizer.composite(layer, filter: entry.layerFilter, opacity: entry.layerOpacity, onto: below)
        }
        layers.release(layer)
        layerDepth -= 1
    }

    /// Whether the group's opacity and filter can be folded into its shapes' paints (file header).
    private func canFold(_ record: DisplayList.GroupRecord, index: Int, of list: DisplayList, parent: Entry,
                         transform: Transform) -> Bool {
        guard record.descendantEffects.isSubset(of: .opacity) else { return false }
        if let filter = record.group.filter {
            guard parent.filter == nil, filter.commutesWithOpacity else { return false }
        }
        if record.leaves == 1 { return true }
        guard record.leaves <= Renderer.maximumFoldedShapes else { return false }
        return shapesAreDisjoint(list, from: index + 1, to: Int(record.end), transform: transform)
    }

    /// Whether the device bounds of the shapes in commands first..<end are pairwise disjoint.
    private func shapesAreDisjoint(_ list: DisplayList, from first: Int, to end: Int, transform: Transform) -> Bool {
        shapeBounds.empty()
        return everyShapeBox(list, from: first, to: end, transform: transform, mattes: false) { box in
            guard let box else { return false }
            for other in shapeBounds where box.overlaps(other) { return false }
            shapeBounds.append(box)
            return true
        }
    }

    /// Whether `accept` holds for the device bounds (`deviceBounds`, nil when unknown) of every
    /// shape in commands first..<end, drawn under `transform` and their groups' transforms; a
    /// matte in the range is passed over with `mattes`, else the answer is false. Stops at the
    /// first false. Reuses the renderer's transform stack (no allocation in steady state).
    func everyShapeBox(_ list: DisplayList, from first: Int, to end: Int, transform: Transform, mattes: Bool,
                       _ accept: (Rect?) -> Bool) -> Bool {
        boundsTransforms.empty()
        boundsTransforms.append(transform)
        for i in first..<end {
            switch list.commands[i] {
            case .beginGroup(let g):
                let top = boundsTransforms[boundsTransforms.count - 1]
                boundsTransforms.append(list.groups[Int(g)].group.transform.concatenating(top))
            case .endGroup:
                boundsTransforms.removeLast()
            case .fill(let s), .stroke(let s):
                guard accept(deviceBounds(of: list.shapes[Int(s)], in: list, transform: boundsTransforms[boundsTransforms.count - 1])) else {
                    return false
                }
            case .beginMatte, .endMatte:
                guard mattes else { return false }
            }
        }
        return true
    }

    /// A box holding every pixel the shape can touch (nil when unknown: non-finite geometry).
    func deviceBounds(of shape: DisplayList.ShapeRecord, in list: DisplayList, transform: Transform) -> Rect? {
        guard var box = list.withPath(shape.path, { $0.controlPointBounds }) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        if shape.stroke >= 0 {
            let stroke = list.strokes[Int(shape.stroke)]
            // Farthest a stroke reaches from its path: w/2, a square cap's corner √2·w/2, a miter
            // up to miterLimit·w/2.
            let reach = stroke.lineWidth / 2 * Swift.max(stroke.join == .miter ? Swift.max(stroke.miterLimit, 1) : 1,
                                                       stroke.cap == .square ? 2.0.squareRoot() : 1)
            guard reach.isFinite else { return nil }
            box = Rect(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
        }
        let p0 = transform.apply(Point(box.minX, box.minY)), p1 = transform.apply(Point(box.maxX, box.minY))
        let p2 = transform.apply(Point(box.minX, box.maxY)), p3 = transform.apply(Point(box.maxX, box.maxY))
        guard p0.isFinite && p1.isFinite && p2.isFinite && p3.isFinite else { return nil }
        return Rect(minX: Swift.min(p0.x, p1.x, p2.x, p3.x) - 1, minY: Swift.min(p0.y, p1.y, p2.y, p3.y) - 1,
                    maxX: Swift.max(p0.x, p1.x, p2.x, p3.x) + 1, maxY: Swift.max(p0.y, p1.y, p2.y, p3.y) + 1)
    }
}

extension Rect {
    func overlaps(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

extension ColorFilter {
    /// F(c·o) = F(c)·o for every opacity o: the matrix acts on straight colours, so it commutes
    /// with scaling alpha when its alpha row is the identity and no colour row reads alpha.
    var commutesWithOpacity: Bool {
        let m = matrix
        return m.a1 == 0 && m.a2 == 0 && m.a3 == 0 && m.a4 == 1 && m.a5 == 0 && m.r4 == 0 && m.g4 == 0 && m.b4 == 0
    }
}

@inline(__always)
func clamp01(_ value: Double) -> Double {
    if !(value > 0) { return 0 }
    return value < 1 ? value : 1
}
