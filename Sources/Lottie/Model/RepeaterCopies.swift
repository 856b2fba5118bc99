// A repeater's copies at a frame: how many, each one's matrix and opacity (lottie-docs shapes.md
// "Repeater", checked against lottie-web's RepeaterModifier)
//
// n = ⌈c⌉ copies (c the `c` property; none when c ≤ 0). Copy i (0 ≤ i < n) has the repeater
// transform applied K = offset + i times. Its parts accumulate separately, as After Effects
// does, each about the anchor a:
//
//   translation   p·K
//   rotation      r·K degrees about a (clockwise on screen, like a layer's rotation)
//   scale         σ about a, σ = s^⌊K⌋-like product: every whole application multiplies by s,
//                 a fractional application f by s + (1 − s)(1 − f); a negative offset divides
//
//   M_i = T(−a)·Rot(r·K)·T(a)  then  T(−a)·Scale(σ)·T(a)  then  T(p·K)     (applied in this order)
//
// Opacity goes from `so` on copy 0 to `eo` on copy n − 1 linearly (a single copy has `so`).
// lottie-web indexes the opacity by stacking position instead, which swaps so and eo when
// copies are composited above; the docs' "the first copy uses so" is followed here.
//
// Stacking: `.below` (m = 1) draws copy 0 on top and each later copy under the previous one;
// `.above` (m = 2) draws each later copy on top.

#if canImport(Glibc)
import Glibc
#endif
import Geometry

extension Repeater {
    /// ⌈copies⌉ at `frame`, at least 0 and at most `mostCopies` (the bound checked at decode
    /// time, easing overshoot included: rounding cannot make more).
    public func copyCount(at frame: Double) -> Int {
        let c = copies.value(at: frame).rounded(.up)
        guard c > 0 else { return 0 }
        return Int(min(c, Double(min(mostCopies, maxGeneratedCopies))))
    }

    /// The matrix of copy `index` at `frame` (see the file header).
    public func matrix(copy index: Int, at frame: Double) -> Transform {
        let t = transform.transform
        let a = t.anchor.value(at: frame), p = t.position.value(at: frame), s = t.scale.value(at: frame)
        let k = offset.value(at: frame) + Double(index)
        let sigma = Point(accumulatedScale(s.x, offset: offset.value(at: frame), copies: index),
                          accumulatedScale(s.y, offset: offset.value(at: frame), copies: index))
        let angle = t.rotation.value(at: frame) * k * .pi / 180
        var m = Transform.translation(-a.x, -a.y)
        if angle != 0 { m = m.concatenating(.rotation(radians: angle)) }
        m = m.concatenating(.scale(sigma.x, sigma.y)).concatenating(.translation(a.x + p.x * k, a.y + p.y * k))
        return m
    }

    /// The opacity (0 … 1) of copy `index` of `count` at `frame`.
    public func opacity(copy index: Int, of count: Int, at frame: Double) -> Double {
        let start = transform.startOpacity.value(at: frame)
        guard count > 1 else { return start }
        return start + (transform.endOpacity.value(at: frame) - start) * Double(index) / Double(count - 1)
    }

    /// The scale factor after the offset's applications and `copies` more whole ones.
    func accumulatedScale(_ s: Double, offset: Double, copies: Int) -> Double {
        let whole = offset.rounded(.towardZero), fraction = abs(offset - whole)
        let partial = s + (1 - s) * (1 - fraction)
        var factor = pow(s, whole + Double(copies))
        if fraction > 0 { factor = offset > 0 ? factor * partial : factor / partial }
        return factor
    }
}

/// Copies one repeater may make at any frame.
let maxGeneratedCopies = 100_000
