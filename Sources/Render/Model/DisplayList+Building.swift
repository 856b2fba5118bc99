// DisplayList+Building.swift — the builder API scenes, the Lottie importer and Swift users write with.
//
//     var list = DisplayList()                       // once; then per frame:
//     list.reset()
//     let disc = list.addPath { $0.addCircle(center: c, radius: r) }      // built in reused storage
//     list.fill(disc, paint: .solid(color, opacity: 0.8))
//     list.group(Group(transform: .translation(10, 0), opacity: 0.5)) { list in
//         list.fill(disc, paint: .solid(.white))
//         list.stroke(outline, style: StrokeStyle(lineWidth: 4, dash: [8, 4]), paint: .conic(…))
//     }
//
// Paths made with `addPath { … }` are written into slots that keep their storage from frame to
// frame; a path the caller keeps (`addPath(path)`, or passing a `Path` to fill/stroke) is
// retained, not copied. A `PathID` may be used by several nodes (fill and stroke of one shape,
// a clip, a mask). Gradient stops go into the list's arenas (`addGradient { $0.color(…) }`).
// Groups open with `beginGroup` and close with `endGroup` (or `group(_:_:)`); masks come right
// after `beginGroup`, then the matte source (`beginMatte` … `endMatte`) when the group has a
// matte, then the children.
import Geometry
import Raster

/// Appends the stops of one gradient (`DisplayList.addGradient`). Locations are clamped to
/// [0, 1] and raised to the previous stop's location where they decrease.
public struct GradientStops {
    var colors: [ColorStop]
    var opacities: [OpacityStop]
    let colorStart: Int
    let opacityStart: Int

    /// Appends a colour stop.
    public mutating func color(_ location: Double, _ color: RGBA) {
        colors.append(ColorStop(Self.location(location, after: colors.count > colorStart ? colors.last?.location : nil),
                                color))
    }

    /// Appends an opacity stop (opacity clamped to [0, 1]).
    public mutating func opacity(_ location: Double, _ opacity: Double) {
        let previous = opacities.count > opacityStart ? opacities.last?.location : nil
        opacities.append(OpacityStop(Self.location(location, after: previous), Self.clamp01(opacity)))
    }

    static func location(_ value: Double, after previous: Double?) -> Double {
        let clamped = clamp01(value)
        guard let previous else { return clamped }
        return Swift.max(clamped, previous)
    }

    static func clamp01(_ value: Double) -> Double {
        if !(value > 0) { return 0 }  // also NaN
        return value < 1 ? value : 1
    }
}

extension DisplayList {
    // MARK: - paths, gradients, images

    /// A path built by `build` into storage reused from the previous frame.
    public mutating func addPath(_ build: (inout Path) -> Void) -> PathID {
        if builtCount == builtPaths.count { builtPaths.append(Path()) }
        let slot = builtCount
        builtCount += 1
        builtPaths[slot].elements.removeAll(keepingCapacity: true)
        build(&builtPaths[slot])
        return PathID(index: Int32(slot))
    }

    /// A path the caller keeps (retained, not copied).
    public mutating func addPath(_ path: Path) -> PathID {
        keptPaths.append(path)
        return PathID(index: -Int32(keptPaths.count))
    }

    /// A gradient whose colour and opacity stops `build` appends.
    public mutating func addGradient(_ build: (inout GradientStops) -> Void) -> GradientID {
        var stops = GradientStops(colors: [], opacities: [], colorStart: colorStops.count,
                                  opacityStart: opacityStops.count)
        swap(&stops.colors, &colorStops)      // moves the arenas in and out: no copy
        swap(&stops.opacities, &opacityStops)
        build(&stops)
        swap(&stops.colors, &colorStops)
        swap(&stops.opacities, &opacityStops)
        gradients.append(GradientRecord(colors: Int32(stops.colorStart)..<Int32(colorStops.count),
                                        opacities: Int32(stops.opacityStart)..<Int32(opacityStops.count)))
        return GradientID(index: Int32(gradients.count - 1))
    }

    /// Raster's gradient (colour stops with their own alpha, no opacity stops).
    public mutating func addGradient(_ gradient: Gradient) -> GradientID {
        addGradient { stops in
            for stop in gradient.stops { stops.color(stop.location, stop.color) }
        }
    }

    /// An image for image paints (retained for this frame).
    public mutating func addImage(_ bitmap: Bitmap) -> ImageID {
        images.append(bitmap)
        return ImageID(index: Int32(images.count - 1))
    }

    // MARK: - shapes

    /// Fills `path` with `paint`.
    public mutating func fill(_ path: PathID, rule: FillRule = .nonZero, paint: NodePaint) {
        addShape(ShapeRecord(path: path, paint: paint, rule: rule, stroke: -1), command: .fill(Int32(shapes.count)))
    }

    /// Strokes `path` with `style` and `paint`.
    public mutating func stroke(_ path: PathID, style: StrokeStyle, paint: NodePaint) {
        let start = Int32(dashes.count)
        dashes.append(contentsOf: style.dash)
        strokes.append(StrokeRecord(lineWidth: style.lineWidth, cap: style.cap, join: style.join,
                                    miterLimit: style.miterLimit, dashes: start..<Int32(dashes.count),
                                    dashPhase: style.dashPhase))
        addShape(ShapeRecord(path: path, paint: paint, rule: .nonZero, stroke: Int32(strokes.count - 1)),
                 command: .stroke(Int32(shapes.count)))
    }

    /// Fills a path the caller keeps.
    public mutating func fill(_ path: Path, rule: FillRule = .nonZero, paint: NodePaint) {
        fill(addPath(path), rule: rule, paint: paint)
    }

    /// Strokes a path the caller keeps.
    public mutating func stroke(_ path: Path, style: StrokeStyle, paint: NodePaint) {
        stroke(addPath(path), style: style, paint: paint)
    }

    /// Fills the path `build` makes (in reused storage).
    public mutating func fill(rule: FillRule = .nonZero, paint: NodePaint, path build: (inout Path) -> Void) {
        fill(addPath(build), rule: rule, paint: paint)
    }

    private mutating func addShape(_ shape: ShapeRecord, command: Command) {
        if prepareChild() {
            let top = openNodes.count - 1
            openNodes[top].leaves += 1
            if case .image = shape.paint { openNodes[top].effects.insert(.image) }
        }
        shapes.append(shape)
        commands.append(command)
    }

    /// Before a child (shape or group) is added to the innermost open node: checks the order
    /// (a matte group's source comes first) and closes its masks. False at the top level.
    private mutating func prepareChild() -> Bool {
        guard let top = openNodes.last else { return false }
        precondition(top.isMatte || groups[Int(top.group)].group.matte == nil || top.matteDone,
                     "a group with a matte needs its matte source (beginMatte … endMatte) before its children")
        openNodes[openNodes.count - 1].acceptsMasks = false
        return true
    }

    // MARK: - groups

    /// Opens a group; its children follow until `endGroup`.
    public mutating func beginGroup(_ group: Group) {
        _ = prepareChild()
        var effects: Effects = []
        if group.clip != nil { effects.insert(.clip) }
        if group.matte != nil { effects.insert(.matte) }
        if group.blendMode != .normal { effects.insert(.blend) }
        if group.filter != nil { effects.insert(.filter) }
        if !(group.opacity >= 1) { effects.insert(.opacity) }
        groups.append(GroupRecord(group: group, masks: Int32(masks.count)..<Int32(masks.count),
                                  filters: Int32(filters.count)..<Int32(filters.count), effects: effects))
        openNodes.append(OpenNode(group: Int32(groups.count - 1), isMatte: false, start: Int32(commands.count)))
        commands.append(.beginGroup(Int32(groups.count - 1)))
    }

    /// Adds a mask to the group just opened (masks come before its matte source and children).
    public mutating func addMask(_ mask: Mask) {
        guard let top = openNodes.last, !top.isMatte, top.acceptsMasks else {
            preconditionFailure("addMask: masks belong right after beginGroup, before any child")
        }
        let g = Int(top.group)
        precondition(groups[g].masks.upperBound == Int32(masks.count), "addMask: masks of a group must be contiguous")
        masks.append(mask)
        groups[g].masks = groups[g].masks.lowerBound..<Int32(masks.count)
        groups[g].effects.insert(.masks)
    }

    /// Starts the matte source of the group just opened (which must have `matte` set).
    public mutating func beginMatte() {
        guard let top = openNodes.last, !top.isMatte, groups[Int(top.group)].group.matte != nil, !top.matteDone,
              top.acceptsMasks else {
            preconditionFailure("beginMatte: only right after beginGroup (and its masks) of a group with a matte")
        }
        openNodes[openNodes.count - 1].acceptsMasks = false
        openNodes.append(OpenNode(group: top.group, isMatte: true, start: Int32(commands.count)))
        commands.append(.beginMatte(end: -1))
    }

    /// Ends the matte source.
    public mutating func endMatte() {
        guard let node = openNodes.popLast(), node.isMatte else {
            preconditionFailure("endMatte without beginMatte")
        }
        // The matte source's shapes are not the group's children; its effects still matter.
        openNodes[openNodes.count - 1].effects.formUnion(node.effects)
        openNodes[openNodes.count - 1].matteDone = true
        commands[Int(node.start)] = .beginMatte(end: Int32(commands.count))
        commands.append(.endMatte)
    }

    /// Closes the innermost open group.
    public mutating func endGroup() {
        guard let node = openNodes.popLast(), !node.isMatte else {
            preconditionFailure("endGroup without an open group (or inside a matte source)")
        }
        let g = Int(node.group)
        precondition(groups[g].group.matte == nil || node.matteDone,
                     "a group with a matte needs its matte source (beginMatte … endMatte)")
        groups[g].end = Int32(commands.count)
        groups[g].leaves = node.leaves
        groups[g].descendantEffects = node.effects
        commands.append(.endGroup)
        if !openNodes.isEmpty {
            let top = openNodes.count - 1
            openNodes[top].leaves += node.leaves
            openNodes[top].effects.formUnion(node.effects.union(groups[g].effects))
            openNodes[top].acceptsMasks = false
        }
    }

    /// `beginGroup(group)`, `body`, `endGroup()`.
    public mutating func group(_ group: Group, _ body: (inout DisplayList) -> Void) {
        beginGroup(group)
        body(&self)
        endGroup()
    }
}
