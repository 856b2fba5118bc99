// Range selectors: how much of an animator each character receives (lottie-web's
// TextSelectorProperty, which defines the format)
//
// Units: characters, non-space characters, words or lines (`b`); N = their number. At a frame,
// with start s, end e and offset o (percent of N when `r` = 1, unit indices when `r` = 2):
//
//   percent:  S = (s + o)·N/100,  E = (e + o)·N/100;   index:  S = s + o,  E = e + o;
//   S > E → swapped.
//
// For the unit of index i, the raw share m(i) ∈ [0, 1] by shape (`sh`), with
// r = clamp(0.5/(E − S) + (i − S)/(E − S), 0, 1) (the unit's centre, relative to the range):
//
//   square     the part of [i, i + 1] inside [S, E]: clamp(min(E, i + 1) − max(S, i), 0, 1)
//   ramp up    r                ramp down   1 − r                    (E = S: a step at E)
//   triangle   2r for r < ½, else 2(1 − r)                          (E = S: 0)
//   round      √(1 − x²/a²),  a = (E − S)/2,  x = clamp(i + ½ − S, 0, E − S) − a
//   smooth     (1 + cos(π + 2π·clamp(i + ½ − S, 0, E − S)/(E − S)))/2
//
// then eased: m ← B(m) with the cubic Bézier B = (x₁, y₁, x₂, y₂) from ease low ℓ and high h
// (percent): x₁ = ℓ/100 if ℓ > 0 else 0, y₁ = −ℓ/100 if ℓ < 0 else 0, x₂ = 1 − h/100 if h > 0
// else 1, y₂ = 1 + h/100 if h < 0 else 1; then, for a smoothness σ = sm/100 < 1 (σ = 0 read as
// 10⁻⁸), narrowed to [½ − σ/2, ½ + σ/2]: m ← 0 below θ = ½ − σ/2, else min(1, (m − θ)/σ) (a
// smoothness of 0 makes a square's partial edge a step at ½); and scaled by the amount `a` (a
// fraction, may be negative). With several animators each applies its own share in file order.

#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Motion

struct SelectorAtFrame {
    let start: Double, end: Double
    let shape: TextRangeSelector.Shape
    let easing: TimingCurve?
    let amount: Double
    let smoothness: Double
    let basedOn: TextRangeSelector.BasedOn

    init(_ s: TextRangeSelector, frame: Double, counts: (characters: Int, nonSpace: Int, words: Int, lines: Int)) {
        basedOn = s.basedOn
        let n: Int
        switch s.basedOn {
        case .characters: n = counts.characters
        case .charactersExcludingSpaces: n = counts.nonSpace
        case .words: n = counts.words
        case .lines: n = counts.lines
        }
        let scale = s.units == .percentage ? Double(n) / 100 : 1
        let o = s.offset.value(at: frame)
        var a = (s.start.value(at: frame) + o) * scale, b = (s.end.value(at: frame) + o) * scale
        if a > b { swap(&a, &b) }
        start = a.isFinite ? a : 0
        end = b.isFinite ? b : 0
        shape = s.shape
        amount = s.amount.value(at: frame).isFinite ? s.amount.value(at: frame) : 0
        let sm = s.smoothness.value(at: frame)
        smoothness = sm.isFinite ? min(1, max(1e-8, sm / 100)) : 1
        let low = min(100, max(-100, s.easeLow.value(at: frame).isFinite ? s.easeLow.value(at: frame) : 0))
        let high = min(100, max(-100, s.easeHigh.value(at: frame).isFinite ? s.easeHigh.value(at: frame) : 0))
        if low == 0 && high == 0 {
            easing = nil
        } else {
            easing = try? TimingCurve(validating: low > 0 ? low / 100 : 0, low < 0 ? -low / 100 : 0,
                                      high > 0 ? 1 - high / 100 : 1, high < 0 ? 1 + high / 100 : 1)
        }
    }

    /// The share of the unit `i` (see the header); 0 for units the basis skips (spaces).
    func share(_ g: SetGlyph) -> Double {
        let index: Int
        switch basedOn {
        case .characters: index = g.character
        case .charactersExcludingSpaces: index = g.nonSpace
        case .words: index = g.word
        case .lines: index = g.line
        }
        guard index >= 0 else { return 0 }
        var m = raw(Double(index))
        if let easing { m = easing(min(1, max(0, m))) }
        if smoothness < 1 {
            let threshold = 0.5 - smoothness / 2
            m = m < threshold ? 0 : min(1, (m - threshold) / smoothness)
        }
        return m * amount
    }

    private func raw(_ i: Double) -> Double {
        let s = start, e = end, span = e - s
        func r() -> Double { min(1, max(0, 0.5 / span + (i - s) / span)) }
        switch shape {
        case .square: return min(1, max(0, min(e, i + 1) - max(s, i)))
        case .rampUp: return span == 0 ? (i >= e ? 1 : 0) : r()
        case .rampDown: return span == 0 ? (i >= e ? 0 : 1) : 1 - r()
        case .triangle:
            guard span != 0 else { return 0 }
            let v = r()
            return v < 0.5 ? 2 * v : 2 * (1 - v)
        case .round:
            guard span != 0 else { return 0 }
            let a = span / 2, x = min(max(0, i + 0.5 - s), span) - a
            return (max(0, 1 - x * x / (a * a))).squareRoot()
        case .smooth:
            guard span != 0 else { return 0 }
            let x = min(max(0, i + 0.5 - s), span)
            return (1 + cos(.pi + 2 * .pi * x / span)) / 2
        }
    }
}
