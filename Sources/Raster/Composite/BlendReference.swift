// BlendReference.swift — the blend modes evaluated in Double, straight from the formulas of
// W3C Compositing and Blending Level 1 (BlendMode.swift's header): the ground truth the integer
// and Float kernels are tested against (±1 per channel), in the tests and in the release-build
// kernel audit.
//
// For one premultiplied source pixel S (8-bit), an opacity o8 ∈ 0…255 and a premultiplied
// destination pixel D (8-bit), with every value divided by 255:
//
//     αs = o·S.a,  Cs = S.rgb/S.a (0 when S.a = 0)      αb = D.a,  Cb = D.rgb/D.a (0 when D.a = 0)
//     co = αs·(1 − αb)·Cs + αb·(1 − αs)·Cb + αs·αb·B(Cb, Cs)
//     αo = αs + αb − αs·αb
//     result = round(255·co), round(255·αo)             (ties away from zero)
//
// The straight colours are computed without rounding, so the reference sees exactly the colour
// the 8-bit pixels stand for.

enum BlendReference {
    typealias RGB = (r: Double, g: Double, b: Double)

    /// The exact result of compositing `source` (at `opacity`/255) onto `destination` with `mode`.
    static func composite(_ mode: BlendMode, source: PremultipliedRGBA8, opacity: UInt8,
                          destination: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        let o = Double(opacity) / 255
        let sa = Double(source.a) / 255 * o
        let ba = Double(destination.a) / 255
        let cs = straight(source)
        let cb = straight(destination)
        let blended = blend(mode, cb, cs)
        @inline(__always) func channel(_ s: Double, _ b: Double, _ f: Double) -> Double {
            sa * (1 - ba) * s + ba * (1 - sa) * b + sa * ba * f
        }
        let alpha = sa + ba - sa * ba
        return PremultipliedRGBA8(r: byte(channel(cs.r, cb.r, blended.r)), g: byte(channel(cs.g, cb.g, blended.g)),
                                  b: byte(channel(cs.b, cb.b, blended.b)), a: byte(alpha))
    }

    /// B(Cb, Cs) for straight colours.
    static func blend(_ mode: BlendMode, _ cb: RGB, _ cs: RGB) -> RGB {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default:
            return (separable(mode, cb.r, cs.r), separable(mode, cb.g, cs.g), separable(mode, cb.b, cs.b))
        }
    }

    /// The separable blend functions of §5.3 (and `add`).
    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case .normal: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cs: cb, cb: cs)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs == 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb == 1 { return 1 }
            if cs == 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cs: cs, cb: cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .add: return min(1, cb + cs)
        case .hue, .saturation, .color, .luminosity:
            preconditionFailure("\(mode) is not separable")
        }
    }

    static func hardLight(cs: Double, cb: Double) -> Double {
        if cs <= 0.5 { return cb * (2 * cs) }
        let s = 2 * cs - 1
        return cb + s - cb * s
    }

    static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c)
        let n = min(c.r, c.g, c.b)
        let x = max(c.r, c.g, c.b)
        var out = c
        if n < 0 {
            out = (l + (out.r - l) * l / (l - n), l + (out.g - l) * l / (l - n), l + (out.b - l) * l / (l - n))
        }
        if x > 1 {
            out = (l + (out.r - l) * (1 - l) / (x - l), l + (out.g - l) * (1 - l) / (x - l),
                   l + (out.b - l) * (1 - l) / (x - l))
        }
        return out
    }

    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.r + d, c.g + d, c.b + d))
    }

    static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }

    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        let lo = min(c.r, c.g, c.b), hi = max(c.r, c.g, c.b)
        guard hi > lo else { return (0, 0, 0) }
        return ((c.r - lo) * s / (hi - lo), (c.g - lo) * s / (hi - lo), (c.b - lo) * s / (hi - lo))
    }

    static func straight(_ p: PremultipliedRGBA8) -> RGB {
        guard p.a > 0 else { return (0, 0, 0) }
        let a = Double(p.a)
        return (Double(p.r) / a, Double(p.g) / a, Double(p.b) / a)
    }

    /// round(255·v) with v clamped to [0, 1], ties away from zero.
    static func byte(_ v: Double) -> UInt8 {
        UInt8((min(max(v, 0), 1) * 255).rounded())
    }
}
