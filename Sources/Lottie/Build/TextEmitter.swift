// A text layer at a frame as display-list nodes
//
// The document at the frame (hold keyframes) is set once and cached (TextSetting.swift); a text a
// sourceText expression gives is set once per distinct text (a bounded cache). Then:
//
//   no animator: one fill node of the whole text's outlines and one stroke node (stroke over
//     fill when `of`, else under), in the layer group;
//   animators: per character with ink, a group with the character's matrix and opacity holding
//     its fill and stroke. For character g at pen origin O with advance w, anchor c = (w/2, 0)
//     (the bottom centre of its advance: anchor point grouping by character), and each
//     animator k's share m_k (TextAnimators.swift) and values:
//
//       opacity   o ← o + (o_k·m_k − o)·m_k, from 1, in animator order (fractions; lottie-web's rule)
//       anchor    A   = Σ_k a_k·m_k
//       scale     s   = Π_k (1 + (s_k − 1)·m_k)          (per axis)
//       rotation  θ   = Σ_k r_k·m_k                      (degrees, clockwise)
//       position  P   = Σ_k p_k·m_k
//       tracking  Δ_i = Σ_k t_k·m_k points before character i, except the first of its line
//                 (points, not 1/1000 em: lottie-web and ThorVG read the animator's value so),
//                 so character i moves right by Σ_{j≤i} Δ_j, and the line by −f·(its total Δ)
//                 (f its alignment factor: ½ centred, 1 right-aligned)
//       fill and stroke colour: c ← c + (c_k − c)·m_k in animator order (only where the
//                 document has that colour); stroke width: w ← w + w_k·m_k
//
//       M = T(−c − A) · S(s) · R(θ) · T(c) · T(P) · T(O + (Σ_{j<i} Δ_j − f·Δ_line, 0))
//
// On a mask path (`t.p`) the characters are placed along it instead: TextOnPath.swift, with
// its own rule for tracking.
//
// Steady state: the set text is cached per document and its outlines are retained by the
// list (DisplayList.addPath(Path)); the per-character scratch keeps its storage.

import Geometry
import Raster
import Render
import Text

final class TextEmitter {
    private struct Key: Hashable {
        let place: String
        let document: Int
        /// The text a sourceText expression gave (nil: the document's own).
        var text: String? = nil
    }

    private struct CharacterState {
        var opacity = 1.0, anchor = Point.zero, scale = Point(1, 1), rotation = 0.0, position = Point.zero
        var tracking = 0.0
        var fill: RGBA?, stroke: RGBA?, strokeWidth = 0.0
    }

    let faces: TextFaces
    private var cache: [Key: SetText] = [:]
    /// Texts set for sourceText expressions, emptied when it holds maxComputed (a counter's
    /// texts change every frame: the cache stays bounded over a long clip).
    private var computed: [Key: SetText] = [:]
    private static let maxComputed = 64
    private var states: [CharacterState] = []
    private var lineShift: [Double] = []
    /// Each character's own tracking Δ_i (before the sums), and its arc position on a path.
    private var ownTracking: [Double] = []
    private var arcs: [Double] = []
    private let onPath = TextOnPath()
    private var style = StrokeStyle()

    init(_ animation: LottieAnimation, builder: LottieBuilder) {
        faces = TextFaces(animation, builder: builder)
        style.join = .miter
    }

    /// The document of `layer` shown at `frame`, set (cached).
    func set(_ layer: LottieLayer, _ content: TextLayerContent, frame: Double) -> (TextDocument, SetText) {
        let (index, doc, isComputed) = content.documents.document(at: frame)
        let key = Key(place: layer.place, document: index, text: isComputed ? doc.text : nil)
        if let known = isComputed ? computed[key] : cache[key] { return (doc, known) }
        let (face, note) = faces.face(for: doc)   // TextFit.swift: replaced text's face, fitting
        let fitted = TextFitter.set(doc, face: face, font: faces.fonts[doc.fontName])
        var text = fitted.set
        (text.faceNote, text.overflows, text.fitScale) = (note, fitted.overflows, fitted.scale)
        if isComputed {
            if computed.count >= Self.maxComputed { computed.removeAll(keepingCapacity: true) }
            computed[key] = text
        } else {
            cache[key] = text
        }
        return (doc, text)
    }

    func emit(_ layer: LottieLayer, _ content: TextLayerContent, frame: Double, into list: inout DisplayList) {
        let (doc, text) = set(layer, content, frame: frame)
        guard !text.glyphs.isEmpty else { return }
        let path = content.path.flatMap { onPath.prepare($0, masks: layer.masks, frame: frame) }   // TextOnPath.swift
        if content.animators.isEmpty && path == nil {
            let path = list.addPath(text.path)
            draw(path, rule: text.rule, fill: doc.fillColor, stroke: doc.strokeColor, width: doc.strokeWidth,
                 strokeOverFill: doc.strokeOverFill, into: &list)
            return
        }
        evaluate(content.animators, doc: doc, text: text, frame: frame)
        if let path {
            onPath.arcPositions(text, justification: doc.justification, options: path, tracking: ownTracking, into: &arcs)
        } else {
            accumulateTracking(text)
        }
        for (i, g) in text.glyphs.enumerated() where !g.outline.isEmpty {
            let s = states[i]
            guard s.opacity > 0 else { continue }
            let m = path.map {
                onPath.matrix(advance: g.advance, anchor: s.anchor, scale: s.scale, rotation: s.rotation, position: s.position,
                              offset: g.origin.y - text.firstBaseline, at: arcs[i], options: $0)
            } ?? straightMatrix(g, s)
            list.beginGroup(Group(transform: m, opacity: min(1, s.opacity)))
            draw(list.addPath(g.outline), rule: g.rule, fill: s.fill, stroke: s.stroke, width: s.strokeWidth,
                 strokeOverFill: doc.strokeOverFill, into: &list)
            list.endGroup()
        }
    }

    /// M of the header for a character set straight.
    private func straightMatrix(_ g: SetGlyph, _ s: CharacterState) -> Transform {
        let c = Point(g.advance / 2, 0)
        let origin = Point(g.origin.x + s.tracking + lineShift[g.line], g.origin.y)
        return Transform.translation(-c.x - s.anchor.x, -c.y - s.anchor.y)
            .concatenating(.scale(s.scale.x, s.scale.y))
            .concatenating(.rotation(radians: s.rotation * .pi / 180))
            .concatenating(.translation(c.x + s.position.x + origin.x, c.y + s.position.y + origin.y))
    }

    private func draw(_ path: PathID, rule: FillRule, fill: RGBA?, stroke: RGBA?, width: Double, strokeOverFill: Bool,
                      into list: inout DisplayList) {
        let drawsStroke = stroke.map { $0.a > 0 } == true && width > 0 && width.isFinite
        if drawsStroke && !strokeOverFill { strokePath(path, stroke!, width, into: &list) }
        if let fill, fill.a > 0 { list.fill(path, rule: rule, paint: .solid(fill)) }
        if drawsStroke && strokeOverFill { strokePath(path, stroke!, width, into: &list) }
    }

    private func strokePath(_ path: PathID, _ color: RGBA, _ width: Double, into list: inout DisplayList) {
        style.lineWidth = width
        list.stroke(path, style: style, paint: .solid(color))
    }

    /// Fills `states` (one per glyph, with each character's own tracking Δ_i, also kept in
    /// `ownTracking`) for the frame (see the header).
    private func evaluate(_ animators: [TextAnimator], doc: TextDocument, text: SetText, frame: Double) {
        states.removeAll(keepingCapacity: true)
        let base = CharacterState(fill: doc.fillColor, stroke: doc.strokeColor, strokeWidth: doc.strokeWidth)
        for _ in text.glyphs { states.append(base) }
        for animator in animators {
            let selector = SelectorAtFrame(animator.selector, frame: frame, counts: text.counts)
            let p = animator.properties
            let opacity = p.opacity?.value(at: frame), anchor = p.anchor?.value(at: frame)
            let scale = p.scale?.value(at: frame), rotation = p.rotation?.value(at: frame)
            let position = p.position?.value(at: frame), fill = p.fillColor?.value(at: frame)
            let stroke = p.strokeColor?.value(at: frame), width = p.strokeWidth?.value(at: frame)
            let tracking = p.tracking?.value(at: frame)
            for (i, g) in text.glyphs.enumerated() {
                let m = selector.share(g)
                guard m != 0 else { continue }
                if let opacity { states[i].opacity += (opacity * m - states[i].opacity) * m }
                if let anchor { states[i].anchor = states[i].anchor + anchor * m }
                if let scale { states[i].scale = Point(states[i].scale.x * (1 + (scale.x - 1) * m), states[i].scale.y * (1 + (scale.y - 1) * m)) }
                if let rotation { states[i].rotation += rotation * m }
                if let position { states[i].position = states[i].position + position * m }
                if let fill, let c = states[i].fill { states[i].fill = mix(c, fill, m) }
                if let stroke, let c = states[i].stroke { states[i].stroke = mix(c, stroke, m) }
                if let width { states[i].strokeWidth = max(0, states[i].strokeWidth + width * m) }
                if let tracking { states[i].tracking += tracking * m }   // this character's own Δ
            }
        }
        ownTracking.removeAll(keepingCapacity: true)
        for s in states { ownTracking.append(s.tracking) }
    }

    /// Straight text: each character's tracking becomes the sum of the Δ up to it on its line (the
    /// first's not counted), and `lineShift` each line's move for its alignment (see the header).
    private func accumulateTracking(_ text: SetText) {
        lineShift.removeAll(keepingCapacity: true)
        for _ in 0..<text.counts.lines { lineShift.append(0) }
        // Tracking: each character moves by the Δ of every character up to it on its line but the first.
        var line = -1, sum = 0.0
        for i in text.glyphs.indices {
            let first = text.glyphs[i].line != line
            if first {
                if line >= 0 { lineShift[line] = sum }
                line = text.glyphs[i].line
                sum = 0
            } else {
                sum += states[i].tracking
            }
            states[i].tracking = sum
        }
        if line >= 0 { lineShift[line] = sum }
        for k in lineShift.indices { lineShift[k] *= -(k < text.lineFactors.count ? text.lineFactors[k] : 0) }
    }

    private func mix(_ a: RGBA, _ b: RGBA, _ m: Double) -> RGBA {
        RGBA(r: a.r + (b.r - a.r) * m, g: a.g + (b.g - a.g) * m, b: a.b + (b.b - a.b) * m, a: a.a + (b.a - a.a) * m)
    }
}
