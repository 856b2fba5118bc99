// The stroke effect (ty 22, After Effects' "Stroke"): strokes of the layer's mask paths, drawn as
// lottie-web's SVG renderer draws them (player/js/elements/svgElements/effects/SVGStrokeEffect.js)
//
// Values: 0 path (a mask, 1-based), 1 all masks (1: every mask of the layer, "n" masks too),
// 2 stroke sequentially, 3 colour, 4 brush size b, 5 brush hardness, 6 opacity o ∈ [0, 1],
// 7 start, 8 end (percent), 9 spacing sp (percent of the brush's diameter), 10 paint style
// (1 on original, 2 on transparent, 3 reveal original). Each chosen mask's path, in the layer's
// coordinates, is stroked
//
//   width 2b, round caps, miter joins (limit 4), colour ⌊255·c⌋/255 (3 reveal: white), all of
//   one effect's strokes in one group of opacity o;
//   the path as lottie-web writes the mask (a closed mask ends with the segment back to its
//   first vertex, without a close: its first vertex gets two round caps, not a join);
//   dashes, g = 2b·sp/100:   start 0 and end 100: [1, g]
//                            else, s = min/100, e = max/100, L the path's length,
//                            n = ⌊L(e − s)/(1 + g)⌋: [0, 0, 0, L·s, (1, g) × n, 0, 10L, 0, 0]
//                            (n capped at maxDashes), and phase 1 (SVG stroke-dashoffset 1).
//
// Paint style 1 draws the strokes over the layer's content, 2 instead of it, 3 shows the content
// only under the strokes (their coverage times o: an alpha matte). A second effect works on the
// result of the ones before it: 2 drops whatever came before, 3 reveals it. With paint style 1 or
// 2, lottie-web removes the layer's SVG `mask` attribute — its masks stop applying — unless the
// masks are drawn as a `clip-path` (every mask "a" or "n", none inverted, every opacity a
// constant 100 %), which stays (keepsMasks). What lottie-web ignores is ignored here too: brush
// hardness (AE softens the brush's edge), stroke sequentially (AE runs start–end across all
// masks one after another; lottie-web and we apply them to each mask). On a precomposition
// layer its layers are the content (paint style 2 hides them in a group of opacity 0: the walker
// visits them anyway). Decisions: docs/lottie-render.md "Effects".
//
// Allocation: the paths go to the list's reused slots, the dash array to the builder's stroke
// style (kept capacity) and the list's dash arena.

import Geometry
import Raster
import Render

enum StrokeEffect {
    /// Dashes (1, g) per mask at most (a path of about maxDashes × (1 + g) units gets no more).
    static let maxDashes = 10_000

    /// The paint style of `e` at `frame` (1, 2, 3; another value draws nothing, as in lottie-web).
    static func paintStyle(_ e: LayerEffect, _ frame: Double) -> Int {
        let v = EffectFilters.scalar(e, 10, frame, default: 1)
        return v.isFinite && abs(v) < 1000 ? Int(v.rounded()) : 0
    }

    static func isStroke(_ e: LayerEffect) -> Bool { e.enabled && e.kind == .stroke }

    /// Whether the layer's masks apply (the header: lottie-web's `mask` attribute removed under
    /// paint style 1 or 2, a `clip-path` kept).
    static func keepsMasks(_ layer: LottieLayer, _ frame: Double) -> Bool {
        guard layer.effects.contains(where: { isStroke($0) && (1...2).contains(paintStyle($0, frame)) }) else { return true }
        return layer.masks.allSatisfy { m in
            (m.mode == nil || m.mode == .add) && !m.inverted && m.opacity.constantValue == 1
        }
    }

    /// Index of the last stroke effect in paint style 2 (what comes before it is not drawn).
    static func lastOnTransparent(_ layer: LottieLayer, _ frame: Double) -> Int? {
        layer.effects.lastIndex { isStroke($0) && paintStyle($0, frame) == 2 }
    }

    /// Whether the layer's own content is drawn.
    static func drawsContent(_ layer: LottieLayer, _ frame: Double) -> Bool {
        lastOnTransparent(layer, frame) == nil
    }

    /// The stroke effects that count (after the last paint style 2 one, which counts itself).
    static func activeRange(_ layer: LottieLayer, _ frame: Double) -> Range<Int> {
        (lastOnTransparent(layer, frame) ?? 0)..<layer.effects.count
    }
}

extension LottieBuilder.LayerEmitter {
    /// Opens the reveal wrappers of the layer's stroke effects (paint style 3), the last one
    /// outermost: each shows what is drawn before it through its strokes. Call right after the
    /// layer group is opened, before its content.
    mutating func beginStrokeEffects(_ layer: LottieLayer, frame: Double) {
        guard layer.effects.contains(where: StrokeEffect.isStroke) else { return }
        let range = StrokeEffect.activeRange(layer, frame)
        for i in range.reversed() {
            let e = layer.effects[i]
            guard StrokeEffect.isStroke(e), StrokeEffect.paintStyle(e, frame) == 3 else { continue }
            list.beginGroup(Group(matte: .alpha))
            list.beginMatte()
            emitMaskStrokes(e, of: layer, frame: frame, color: RGBA(r: 1, g: 1, b: 1, a: 1))
            list.endMatte()
        }
    }

    /// A precomposition layer's stroke effects: opened on entering (its layers are the content,
    /// hidden under paint style 2), closed by `endPrecompStrokeEffects` on leaving.
    mutating func beginPrecompStrokeEffects(_ layer: LottieLayer, frame: Double) {
        guard layer.effects.contains(where: StrokeEffect.isStroke) else {
            builder.strokeEffectLayers.append(nil)
            return
        }
        builder.strokeEffectLayers.append((layer, frame))
        beginStrokeEffects(layer, frame: frame)
        if !StrokeEffect.drawsContent(layer, frame) { list.beginGroup(Group(opacity: 0)) }
    }

    mutating func endPrecompStrokeEffects() {
        guard let entry = builder.strokeEffectLayers.popLast(), let open = entry else { return }
        if !StrokeEffect.drawsContent(open.0, open.1) { list.endGroup() }
        endStrokeEffects(open.0, frame: open.1)
    }

    /// Draws the strokes of paint styles 1 and 2 and closes the reveal wrappers, in effect order.
    /// Call after the layer's content, before its group is closed.
    mutating func endStrokeEffects(_ layer: LottieLayer, frame: Double) {
        guard layer.effects.contains(where: StrokeEffect.isStroke) else { return }
        for i in StrokeEffect.activeRange(layer, frame) {
            let e = layer.effects[i]
            guard StrokeEffect.isStroke(e) else { continue }
            switch StrokeEffect.paintStyle(e, frame) {
            case 1, 2:
                let c = EffectFilters.color(e, 3, frame, default: RGBA(r: 1, g: 1, b: 1, a: 1))
                func byte(_ v: Double) -> Double { v.isFinite ? (min(max(v, 0), 1) * 255).rounded(.down) / 255 : 0 }
                emitMaskStrokes(e, of: layer, frame: frame, color: RGBA(r: byte(c.r), g: byte(c.g), b: byte(c.b), a: 1))
            case 3: list.endGroup()
            default: continue
            }
        }
    }

    /// One group of opacity o holding the strokes of the effect's masks (the file header).
    private mutating func emitMaskStrokes(_ e: LayerEffect, of layer: LottieLayer, frame: Double, color: RGBA) {
        let opacity = EffectFilters.scalar(e, 6, frame, default: 1)
        list.beginGroup(Group(opacity: opacity.isFinite ? min(max(opacity, 0), 1) : 0))
        let masks: Range<Int>
        if EffectFilters.scalar(e, 1, frame, default: 0) == 1 {
            masks = layer.masks.indices
        } else {
            let chosen = EffectFilters.scalar(e, 0, frame, default: 1)
            let k = chosen.isFinite && abs(chosen) < 1e6 ? Int(chosen.rounded()) - 1 : -1
            masks = layer.masks.indices.contains(k) ? k..<k + 1 : 0..<0
        }
        let brush = EffectFilters.scalar(e, 4, frame, default: 2)
        if brush.isFinite, brush > 0 {
            for k in masks { strokeMask(layer.masks[k], of: e, brush: brush, frame: frame, color: color) }
        }
        list.endGroup()
    }

    private mutating func strokeMask(_ mask: LayerMask, of e: LayerEffect, brush: Double, frame: Double, color: RGBA) {
        let b = builder
        mask.path.evaluate(at: frame, into: &b.bezier)
        if b.bezier.closed, b.bezier.vertices.count > 1 {
            b.bezier.vertices.append(b.bezier.vertices[0])   // lottie-web's path: no close
            b.bezier.closed = false
        }
        let path = list.addPath { p in
            b.bezier.append(to: &p)
            b.measure.remeasure(p)
        }
        setDashes(of: e, brush: brush, length: b.measure.length, frame: frame)
        list.stroke(path, style: b.strokeStyle, paint: .solid(color))
    }

    /// The builder's stroke style for the effect: width, caps, joins and lottie-web's dash array.
    private func setDashes(of e: LayerEffect, brush: Double, length l: Double, frame: Double) {
        let style = builder
        style.strokeStyle.lineWidth = 2 * brush
        style.strokeStyle.cap = .round
        style.strokeStyle.join = .miter
        style.strokeStyle.miterLimit = 4
        style.strokeStyle.dash.removeAll(keepingCapacity: true)
        style.strokeStyle.dashPhase = 1
        let spacing = EffectFilters.scalar(e, 9, frame, default: 15)
        let gap = spacing.isFinite ? max(0, brush * 2 * spacing * 0.01) : 0
        let start = EffectFilters.scalar(e, 7, frame, default: 0), end = EffectFilters.scalar(e, 8, frame, default: 100)
        guard start.isFinite, end.isFinite, l.isFinite, start != 0 || end != 100 else {
            style.strokeStyle.dash.append(1)
            style.strokeStyle.dash.append(gap)
            return
        }
        let s = min(start, end) * 0.01, t = max(start, end) * 0.01
        let line = l * (t - s)
        let units = line > 0 ? min(Int((line / (1 + gap)).rounded(.down)), StrokeEffect.maxDashes) : 0
        func add(_ on: Double, _ off: Double) {
            style.strokeStyle.dash.append(on)
            style.strokeStyle.dash.append(off)
        }
        add(0, 0)
        add(0, max(0, l * s))
        for _ in 0..<units { add(1, gap) }
        add(0, 10 * l)
        add(0, 0)
    }
}
