// Renderer+Shapes.swift — one fill or stroke: its paint resolved to Raster's, then drawn.
//
// Paint resolution with the entry's folded opacity o and filter F (Renderer+Groups.swift):
//
//     solid(c, p)      SolidPaint(F(c), opacity: p·o)
//     linear/radial/conic(stops, geometry, p)
//                      Raster's gradient paint over the merged stops (Gradient.mergeStops),
//                      opacity p·o, filter F folded into its colour table
//     image            Raster's bilinear ImagePaint under the pattern's transform, opacity p·o
//
// so a shape whose group folds nothing (o = 1, no F) gets exactly the Raster paint its node
// names. Reuse per shape index, frame to frame (no allocation in steady state): the merged stops
// are compared with the slot's and its `Gradient` kept while they are equal, and the paint takes
// the previous frame's colour table — as is when the colours, opacity and filter are the same
// (only the geometry moved), rebuilt in place when they changed.
import Geometry
import Raster

/// What the renderer keeps for one shape index between frames.
struct GradientSlot {
    var gradient: Gradient?
    /// The stops array of the gradient before `gradient`: its paint was replaced since, so this
    /// slot holds its only reference and the next change of stops is merged into it in place (two
    /// arrays take turns: an animated gradient costs no allocation per frame).
    var spareStops: [GradientStop] = []
    var conic: ConicGradientPaint?
    var linear: LinearGradientPaint?
    var radial: RadialGradientPaint?
}

extension Renderer {
    /// Draws shape `s` of `list` with the innermost entry's transform, target and folded paint.
    func drawShape(_ s: Int, of list: DisplayList) {
        let entry = stack[stack.count - 1]
        let shape = list.shapes[s]
        let opacity = entry.opacity
        // One call per concrete paint type, so each reaches the rasterizer's specialised loops.
        switch shape.paint {
        case .solid(let color, let paintOpacity):
            let alpha = paintOpacity * opacity
            let filtered = entry.filter.map { $0.apply(to: color) } ?? color
            guard alpha > 0, filtered.a > 0 else { return }
            draw(shape, index: s, of: list, paint: SolidPaint(color: filtered, opacity: alpha), entry: entry)
        case .conic(let conic):
            let alpha = conic.opacity * opacity
            guard alpha > 0 else { return }
            let gradient = resolvedGradient(conic.stops, shape: s, of: list)
            let paint = ConicGradientPaint(gradient: gradient, center: conic.center, startAngle: conic.startAngle,
                                           opacity: alpha, filter: entry.filter, recycling: &gradientSlots[s].conic)
            draw(shape, index: s, of: list, paint: paint, entry: entry)
            gradientSlots[s].conic = paint
        case .linear(let linear):
            let alpha = linear.opacity * opacity
            guard alpha > 0 else { return }
            let gradient = resolvedGradient(linear.stops, shape: s, of: list)
            let paint = LinearGradientPaint(gradient: gradient, start: linear.start, end: linear.end, extend: linear.extend,
                                            opacity: alpha, filter: entry.filter, recycling: &gradientSlots[s].linear)
            draw(shape, index: s, of: list, paint: paint, entry: entry)
            gradientSlots[s].linear = paint
        case .radial(let radial):
            let alpha = radial.opacity * opacity
            guard alpha > 0 else { return }
            // A focal point off the centre is Raster's two-point conical gradient (FocalRadialGradient.swift).
            let gradient = resolvedGradient(radial.stops, shape: s, of: list)
            let paint = RadialGradientPaint(gradient: gradient, center: radial.center, endRadius: radial.radius,
                                            focalPoint: radial.isFocal ? radial.focalPoint : nil,
                                            extend: radial.extend, opacity: alpha, filter: entry.filter,
                                            recycling: &gradientSlots[s].radial)
            draw(shape, index: s, of: list, paint: paint, entry: entry)
            gradientSlots[s].radial = paint
        case .image(let pattern):
            // Raster's bilinear image paint (ImagePaint.swift), transparent outside the bitmap.
            // Groups holding images are never folded, so no colour filter reaches here.
            let alpha = pattern.opacity * opacity
            guard alpha > 0 else { return }
            guard let image = list.image(pattern.image).image else {
                report.unsupported.insert(.imagePaints)
                return
            }
            if pattern.sampling == .nearest { report.unsupported.insert(.nearestSampling) }
            draw(shape, index: s, of: list,
                 paint: ImagePaint(image: image, transform: pattern.transform, opacity: alpha, edge: .transparent),
                 entry: entry)
        }
    }

    /// The Raster gradient of `id` (its colour and opacity stops merged by Raster's
    /// `Gradient.mergeStops`, GradientOpacityStops.swift), reusing the slot's while its stops are
    /// unchanged. No colour stops: black at the opacities; no stops at all: transparent.
    private func resolvedGradient(_ id: GradientID, shape s: Int, of list: DisplayList) -> Gradient {
        let record = list.gradients[Int(id.index)]
        let opacities = list.opacityStops[Int(record.opacities.lowerBound)..<Int(record.opacities.upperBound)]
        var colors = list.colorStops[Int(record.colors.lowerBound)..<Int(record.colors.upperBound)]
        if colors.isEmpty { colors = opacities.isEmpty ? Renderer.transparentStop[...] : Renderer.blackStop[...] }
        // Stored stops are valid by construction (locations clamped and non-decreasing, opacities
        // clamped); a refusal would still draw nothing rather than trap.
        var stops = gradientSlots[s].spareStops
        gradientSlots[s].spareStops = []
        do { try Gradient.mergeStops(colors: colors, opacities: opacities, into: &stops) } catch {
            stops.removeAll(keepingCapacity: true)
            stops.append(Renderer.transparentStop[0])
        }
        if let kept = gradientSlots[s].gradient, kept.stops == stops {
            gradientSlots[s].spareStops = stops
            return kept
        }
        let gradient = (try? Gradient(stops: stops)) ?? Gradient(colors: [.clear])
        // The replaced gradient's array is still held by this frame's old paint until the shape's
        // new paint replaces it; by the next change of stops it is this slot's alone.
        if let replaced = gradientSlots[s].gradient { gradientSlots[s].spareStops = replaced.stops }
        gradientSlots[s].gradient = gradient
        return gradient
    }

    private static let blackStop = [GradientStop(location: 0, color: .black)]
    private static let transparentStop = [GradientStop(location: 0, color: .clear)]

    /// Fills or strokes the shape with `paint` on the entry's target.
    private func draw<P: Paint>(_ shape: DisplayList.ShapeRecord, index s: Int, of list: DisplayList, paint: P,
                                entry: Entry) {
        rasterizer.scissor = entry.scissor
        if shape.stroke < 0 {
            let recording = shortcuts.contains(.recordedCoverage) ? recordings[s] : nil
            list.withPath(shape.path) { path in
                rasterizer.fill(path, transform: entry.transform, rule: shape.rule, paint: paint, on: entry.target,
                                recording: recording)
            }
            return
        }
        let record = list.strokes[Int(shape.stroke)]
        strokeStyle.lineWidth = record.lineWidth
        strokeStyle.cap = record.cap
        strokeStyle.join = record.join
        strokeStyle.miterLimit = record.miterLimit
        strokeStyle.dashPhase = record.dashPhase
        strokeStyle.dash.empty()
        let dashes = list.dashes[Int(record.dashes.lowerBound)..<Int(record.dashes.upperBound)]
        strokeStyle.dash.append(contentsOf: dashes)
        // An odd dash array is used twice over (DashPattern); doubled here into the reused array,
        // so that DashPattern need not build a new one for every stroke of every frame.
        if dashes.count % 2 == 1 { strokeStyle.dash.append(contentsOf: dashes) }
        do {
            try list.withPath(shape.path) { path throws(StrokeError) in
                try rasterizer.stroke(path, style: strokeStyle, transform: entry.transform, paint: paint, on: entry.target)
            }
        } catch {
            report.refusedStrokes += 1
            if report.firstStrokeError == nil { report.firstStrokeError = "\(error)" }
        }
    }
}
