// Text on a path (`t.p`): each character placed by the arc length of its advance's centre along
// a mask path of its layer
//
// The rule is lottie-web's (player/js/utils/text/TextAnimatorProperty.js, getMeasures with
// `_hasMaskedPath`; the letters' advances and line widths from TextProperty.js completeTextData;
// the reversal from utils/shapes/ShapePath.js reverse), After Effects' where lottie-web gives
// nothing sensible (noted below). ThorVG (tvgLottieModel.cpp LottieTextFollowPath) agrees.
//
// The path: mask `m` of the layer — its `pt` at the frame, in layer space, whatever its mode —
// reversed when `r` ≠ 0 (open: v_{n−1} … v_0; closed: v_0, v_{n−1} … v_1; in and out tangents
// swapped), of arc length T (Geometry's PathMeasure; lottie-web sums 150 chords per cubic,
// within 10⁻⁴ of it). A mask index the layer does not have draws the text straight
// (TextCoverage.swift warns, naming the layer).
//
// Arc position of character i on line k — a_i its advance, d_i its pen's distance from the line's
// start as set straight (TextSetting.swift), w_k the line's width, F the first margin `f` at the frame:
//
//   s_i = F + J_k + d_i + a_i/2 + Σ_{j<i on line k} Δ_j
//   J_k = T − w_k (j 1, right), (T − w_k)/2 (j 2, centre), 0 otherwise (left; lottie-web handles
//         no other justification on a path, so justified text starts at F)
//   Δ_j = the tracking animators' amount on character j (TextEmitter), counted only when the
//         justification is not left: lottie-web adds tracking when xPos ≠ 0 or j ≠ 0, and on a
//         path its xPos stays 0
//
// With force alignment (`a` ≠ 0) the characters are spread evenly by index instead:
//
//   s_i = F + a_first/2 + (T − F − a_first/2 − a_last/2)·u_i/(N − 1)
//
// u_i the character's index counting each line break as one (lottie-web's letters hold the
// breaks), N the number of those units; so the first character starts at F and the last ends at
// the path's end. A single unit (N = 1, where lottie-web divides by zero and draws nothing) sits
// at F + a/2, After Effects' place for it. The last margin `l` is read but not applied: neither
// lottie-web nor ThorVG uses it (After Effects uses it for right-aligned and force-aligned text).
//
// The point at s: closed path — s wraps modulo T, a negative F first moved into [0, T) (the start
// lottie-web walks back to); beyond the ends (open path, or s < 0) it is extrapolated along the
// end's tangent t: q(0) + s·t(0), q(T) + (s − T)·t(T), as lottie-web extends the end chord (a
// path of one vertex, where lottie-web fails, holds the text at it along x: T = 0, t = (1, 0)). An
// animator's position x and anchor x move a character along the path: it sits at
// q(s_i + P_x + A_x).
//
// Matrix of character i, with c = (a_i/2, 0) and A, s, θ, P the animators' anchor, scale,
// rotation and position (TextEmitter.swift), v the line's baseline offset from the first line's
// (k·L − b; the box's top-left and ascent are not applied on a path, as lottie-web), R_φ the turn
// of the x axis onto the tangent at the character's point when perpendicular (`p` ≠ 0), else 1:
//
//   M = T(−c − A) · S(s) · R(θ) · T(0, P_y + v) · R_φ · T(q)
//
// so the line offset, the baseline shift and P_y act along the path's normal when the characters
// turn with it. Every line is laid along the path from its own start (lottie-web resets the arc
// position at each line break), one line height further along the normal.

import Geometry

/// Places the set characters of a layer along a mask path (see the header). Holds its scratch
/// storage between frames.
final class TextOnPath {
    /// The options read at a frame.
    struct Frame {
        var firstMargin: Double
        var forced: Bool
        var perpendicular: Bool
    }

    private var bezier = BezierPath()
    private var measure = PathMeasure()
    private var closed = false
    /// The first vertex: where a path of one point (no contour to measure) holds the text.
    private var firstVertex = Point.zero
    /// T, the path's arc length.
    private(set) var length = 0.0

    /// Measures the path of mask `options.mask` at `frame`; nil when the layer has no such mask or
    /// its path is empty (the text is then drawn straight).
    func prepare(_ options: TextPathOptions, masks: [LayerMask], frame: Double) -> Frame? {
        guard options.mask >= 0, options.mask < masks.count else { return nil }
        masks[options.mask].path.evaluate(at: frame, into: &bezier)
        guard !bezier.vertices.isEmpty else { return nil }
        if options.reversed.value(at: frame) != 0 { Self.reverse(&bezier) }
        var path = Path()
        bezier.append(to: &path)
        measure.remeasure(path)
        closed = bezier.closed
        firstVertex = bezier.vertices[0].point
        length = measure.contourCount > 0 ? measure.length(ofContour: 0) : 0
        guard length.isFinite else { return nil }
        let margin = options.firstMargin.value(at: frame)
        return Frame(firstMargin: margin.isFinite ? margin : 0, forced: options.forceAlignment.value(at: frame) != 0,
                     perpendicular: options.perpendicular.value(at: frame) != 0)
    }

    /// The path run backwards (lottie-web's ShapePath.reverse: a closed path keeps its first vertex).
    static func reverse(_ path: inout BezierPath) {
        guard path.vertices.count > 1 else { return }
        let first = path.closed ? 1 : 0
        path.vertices[first...].reverse()
        for k in path.vertices.indices { path.vertices[k].swapTangents() }
    }

    /// s_i for each glyph of `text` (see the header); `tracking[i]` is Δ_i.
    func arcPositions(_ text: SetText, justification: TextJustification, options: Frame, tracking: [Double],
                      into out: inout [Double]) {
        out.removeAll(keepingCapacity: true)
        if options.forced {
            forcedPositions(text, margin: options.firstMargin, into: &out)
            return
        }
        var line = -1, shift = 0.0, start = 0.0
        for (i, g) in text.glyphs.enumerated() {
            if g.line != line {
                line = g.line
                shift = 0
                let w = g.line < text.lineWidths.count ? text.lineWidths[g.line] : 0
                let j: Double = justification == .right ? length - w : justification == .center ? (length - w) / 2 : 0
                start = options.firstMargin + j - (g.line < text.lineStarts.count ? text.lineStarts[g.line] : 0)
            } else if justification != .left, i > 0 {
                shift += tracking[i - 1]
            }
            out.append(start + g.origin.x + g.advance / 2 + shift)
        }
    }

    /// Force alignment: even spacing by index between F and the path's end (see the header).
    private func forcedPositions(_ text: SetText, margin: Double, into out: inout [Double]) {
        guard let firstGlyph = text.glyphs.first, let lastGlyph = text.glyphs.last else { return }
        let lines = max(1, text.counts.lines)
        let units = text.glyphs.count + lines - 1
        let first = firstGlyph.line == 0 ? firstGlyph.advance : 0
        let last = lastGlyph.line == lines - 1 ? lastGlyph.advance : 0
        let span = length - margin - first / 2 - last / 2
        for (i, g) in text.glyphs.enumerated() {
            let u = Double(i + g.line)
            out.append(margin + first / 2 + (units > 1 ? span * u / Double(units - 1) : 0))
        }
    }

    /// The point at arc length `s` and the unit tangent there (see the header).
    func locate(_ s: Double, margin: Double) -> (point: Point, tangent: Point) {
        let total = length
        var s = s
        if closed && total > 0 {
            if margin < 0 { s += total * (-margin / total).rounded(.up) }
            if s >= 0 { s = s.truncatingRemainder(dividingBy: total) }
        }
        let end = s > total ? total : s < 0 ? 0 : s
        let point = measure.position(at: end) ?? firstVertex
        let tangent = measure.tangent(at: end) ?? Point(1, 0)
        return (point + tangent * (s - end), tangent)
    }

    /// M of the header for a glyph of advance `advance` whose animators give `anchor`, `scale`,
    /// `rotation` (degrees) and `position`, on a line `offset` below the first, at arc length `s`.
    func matrix(advance: Double, anchor: Point, scale: Point, rotation: Double, position: Point, offset: Double,
                at s: Double, options: Frame) -> Transform {
        let (q, t) = locate(s + position.x + anchor.x, margin: options.firstMargin)
        let turn = options.perpendicular ? Transform(a: t.x, b: t.y, c: -t.y, d: t.x, tx: 0, ty: 0) : .identity
        return Transform.translation(-advance / 2 - anchor.x, -anchor.y)
            .concatenating(.scale(scale.x, scale.y))
            .concatenating(.rotation(radians: rotation * .pi / 180))
            .concatenating(.translation(0, position.y + offset))
            .concatenating(turn)
            .concatenating(.translation(q.x, q.y))
    }
}

private extension BezierVertex {
    mutating func swapTangents() { swap(&inTangent, &outTangent) }
}
