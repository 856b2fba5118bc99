// BlendFunctions.swift — the blend functions B(Cb, Cs) of BlendMode.swift's header on Float lanes.
//
// One type per mode, so the Float kernel (BlendFloatKernels.swift) gets a specialised loop per
// mode; each is generic over `FloatLanes`, so the scalar reference (Float) and the SIMD kernel
// (SIMD8<Float>) run the same operations (FloatLanes.swift). The formulas are the W3C ones
// written in BlendMode.swift; every division is guarded by a select so no lane produces a NaN
// that a later multiply by zero could not remove:
//
//     colorDodge   q = Cb/(1 − Cs) evaluated everywhere, then the cases Cb = 0 → 0, Cs = 1 → 1
//     colorBurn    q = (1 − Cb)/Cs, cases Cb = 1 → 1, Cs = 0 → 0
//     ClipColor    L/(L − n) and (1 − L)/(x − L) computed once per pixel (one division each,
//                  not one per channel), only used where n < 0 (so L > n) and x > 1 (so x > L);
//                  the other lanes keep their colour
//     SetSat       (C − Cmin)·s/(Cmax − Cmin) where Cmax > Cmin, else 0

/// Three colour channels on Float lanes (straight colour, components in [0, 1]).
struct ColorLanes<V: FloatLanes> {
    var r: V
    var g: V
    var b: V

    @inline(__always)
    init(_ r: V, _ g: V, _ b: V) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// A blend function B(Cb, Cs) on straight colours.
protocol BlendFunction {
    static func blend<V: FloatLanes>(_ cb: ColorLanes<V>, _ cs: ColorLanes<V>) -> ColorLanes<V>
}

/// A blend function that works on each channel alone.
protocol SeparableBlendFunction: BlendFunction {
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V
}

extension SeparableBlendFunction {
    @inline(__always)
    static func blend<V: FloatLanes>(_ cb: ColorLanes<V>, _ cs: ColorLanes<V>) -> ColorLanes<V> {
        ColorLanes(channel(cb.r, cs.r), channel(cb.g, cs.g), channel(cb.b, cs.b))
    }
}

enum NormalBlend: SeparableBlendFunction {
    @inline(__always) static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V { cs }
}

enum MultiplyBlend: SeparableBlendFunction {
    @inline(__always) static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V { cb * cs }
}

enum ScreenBlend: SeparableBlendFunction {
    @inline(__always) static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V { cb + cs - cb * cs }
}

enum HardLightBlend: SeparableBlendFunction {
    @inline(__always)
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V {
        let twice = cs + cs
        let s = twice - .splat(1)
        return V.select(V.lessOrEqual(cs, .splat(0.5)), cb * twice, cb + s - cb * s)
    }
}

enum OverlayBlend: SeparableBlendFunction {
    @inline(__always)
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V { HardLightBlend.channel(cs, cb) }
}

enum DarkenBlend: SeparableBlendFunction {
    @inline(__always) static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V { V.minimum(cb, cs) }
}

enum LightenBlend: SeparableBlendFunction {
    @inline(__always) static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V { V.maximum(cb, cs) }
}

enum ColorDodgeBlend: SeparableBlendFunction {
    @inline(__always)
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V {
        let one = V.splat(1)
        let q = V.minimum(one, cb / (one - cs))
        let general = V.select(V.equal(cs, one), one, q)
        return V.select(V.equal(cb, .splat(0)), .splat(0), general)
    }
}

enum ColorBurnBlend: SeparableBlendFunction {
    @inline(__always)
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V {
        let one = V.splat(1)
        let q = one - V.minimum(one, (one - cb) / cs)
        let general = V.select(V.equal(cs, .splat(0)), .splat(0), q)
        return V.select(V.equal(cb, one), one, general)
    }
}

enum SoftLightBlend: SeparableBlendFunction {
    @inline(__always)
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V {
        let one = V.splat(1)
        let twice = cs + cs
        let low = cb - (one - twice) * cb * (one - cb)
        let polynomial = ((V.splat(16) * cb - .splat(12)) * cb + .splat(4)) * cb
        let d = V.select(V.lessOrEqual(cb, .splat(0.25)), polynomial, V.squareRoot(cb))
        let high = cb + (twice - one) * (d - cb)
        return V.select(V.lessOrEqual(cs, .splat(0.5)), low, high)
    }
}

enum DifferenceBlend: SeparableBlendFunction {
    @inline(__always)
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V {
        let d = cb - cs
        return V.select(V.less(d, .splat(0)), cs - cb, d)
    }
}

enum ExclusionBlend: SeparableBlendFunction {
    @inline(__always)
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V {
        let p = cb * cs
        return cb + cs - (p + p)
    }
}

enum AddBlend: SeparableBlendFunction {
    @inline(__always)
    static func channel<V: FloatLanes>(_ cb: V, _ cs: V) -> V { V.minimum(.splat(1), cb + cs) }
}

// MARK: - Non-separable (§5.4)

enum NonSeparable {
    @inline(__always)
    static func lum<V: FloatLanes>(_ c: ColorLanes<V>) -> V {
        V.splat(0.3) * c.r + V.splat(0.59) * c.g + V.splat(0.11) * c.b
    }

    @inline(__always)
    static func minimum<V: FloatLanes>(_ c: ColorLanes<V>) -> V { V.minimum(V.minimum(c.r, c.g), c.b) }

    @inline(__always)
    static func maximum<V: FloatLanes>(_ c: ColorLanes<V>) -> V { V.maximum(V.maximum(c.r, c.g), c.b) }

    @inline(__always)
    static func clipColor<V: FloatLanes>(_ c: ColorLanes<V>) -> ColorLanes<V> {
        let l = lum(c)
        let n = minimum(c)
        let x = maximum(c)
        let zero = V.splat(0), one = V.splat(1)
        // n < 0: C = L + (C − L)·L/(L − n), only where L − n > 0.
        let lowDenominator = l - n
        let low = V.and(V.less(n, zero), V.less(zero, lowDenominator))
        var out = c
        let lowScale = l / V.select(low, lowDenominator, one)  // one division for the three channels
        out.r = V.select(low, l + (c.r - l) * lowScale, c.r)
        out.g = V.select(low, l + (c.g - l) * lowScale, c.g)
        out.b = V.select(low, l + (c.b - l) * lowScale, c.b)
        // x > 1: C = L + (C − L)·(1 − L)/(x − L), x the maximum of the colour given (as in the
        // spec's pseudo-code, both tests use the original n and x), only where x − L > 0.
        let highDenominator = x - l
        let high = V.and(V.less(one, x), V.less(zero, highDenominator))
        let highScale = (one - l) / V.select(high, highDenominator, one)
        out.r = V.select(high, l + (out.r - l) * highScale, out.r)
        out.g = V.select(high, l + (out.g - l) * highScale, out.g)
        out.b = V.select(high, l + (out.b - l) * highScale, out.b)
        return out
    }

    @inline(__always)
    static func setLum<V: FloatLanes>(_ c: ColorLanes<V>, _ l: V) -> ColorLanes<V> {
        let d = l - lum(c)
        return clipColor(ColorLanes(c.r + d, c.g + d, c.b + d))
    }

    @inline(__always)
    static func sat<V: FloatLanes>(_ c: ColorLanes<V>) -> V { maximum(c) - minimum(c) }

    @inline(__always)
    static func setSat<V: FloatLanes>(_ c: ColorLanes<V>, _ s: V) -> ColorLanes<V> {
        let lo = minimum(c)
        let span = maximum(c) - lo
        let zero = V.splat(0)
        let valid = V.less(zero, span)
        let k = s / V.select(valid, span, .splat(1))
        return ColorLanes(V.select(valid, (c.r - lo) * k, zero), V.select(valid, (c.g - lo) * k, zero),
                          V.select(valid, (c.b - lo) * k, zero))
    }
}

enum HueBlend: BlendFunction {
    @inline(__always)
    static func blend<V: FloatLanes>(_ cb: ColorLanes<V>, _ cs: ColorLanes<V>) -> ColorLanes<V> {
        NonSeparable.setLum(NonSeparable.setSat(cs, NonSeparable.sat(cb)), NonSeparable.lum(cb))
    }
}

enum SaturationBlend: BlendFunction {
    @inline(__always)
    static func blend<V: FloatLanes>(_ cb: ColorLanes<V>, _ cs: ColorLanes<V>) -> ColorLanes<V> {
        NonSeparable.setLum(NonSeparable.setSat(cb, NonSeparable.sat(cs)), NonSeparable.lum(cb))
    }
}

enum ColorBlend: BlendFunction {
    @inline(__always)
    static func blend<V: FloatLanes>(_ cb: ColorLanes<V>, _ cs: ColorLanes<V>) -> ColorLanes<V> {
        NonSeparable.setLum(cs, NonSeparable.lum(cb))
    }
}

enum LuminosityBlend: BlendFunction {
    @inline(__always)
    static func blend<V: FloatLanes>(_ cb: ColorLanes<V>, _ cs: ColorLanes<V>) -> ColorLanes<V> {
        NonSeparable.setLum(cb, NonSeparable.lum(cs))
    }
}
