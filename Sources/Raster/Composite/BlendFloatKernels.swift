// BlendFloatKernels.swift — every blend mode in Float: a row of source pixels at an opacity onto a
// row of destination pixels (BlendMode.swift's formulas).
//
// Per pixel, with 8-bit premultiplied inputs S, D and opacity o8 (all as Float):
//
//     αs = S.a·k,  cs = S.rgb·k               k = o8/255² (source scaled by the opacity)
//     αb = D.a/255, cb = D.rgb/255
//     Cs = S.rgb / max(S.a, 1),  Cb = D.rgb / max(D.a, 1)      (straight; 0 where α = 0)
//     co = cs·(1 − αb) + cb·(1 − αs) + (αs·αb)·B(Cb, Cs)
//     αo = αs + αb − αs·αb
//     out.a = round(255·αo),  out.c = round(clamp(255·co, 0, out.a))     (ties to even)
//
// The clamp keeps the pixel valid (colour ≤ alpha) against Float rounding; in exact arithmetic
// co ≤ αo already. Rounding is the magic-number one of LaneMath.swift. Error against the Double
// reference (BlendReference.swift): the result is rounded once from a value within a few Float
// ulps of the exact one, so each channel is within ±1 (tests measure it per mode).
//
// Implementations: `scalar` evaluates `pixel` on one Float lane (`ScalarLane`) per pixel;
// `simd` on SIMD8<Float> lanes (`VectorLanes`), 8 pixels per step (channels unpacked from the
// 32-bit words with shifts and masks, as ColorFilter.swift does), the tail with the scalar code. The two are byte-identical
// (FloatLanes.swift). Blocks of 8 fully transparent source pixels are skipped: there the formula
// gives D exactly (cs = αs = 0, so co = cb·1 and αo = αb, which round back to D's bytes).

/// Premultiplied RGBA in 8-bit units (0…255) on Float lanes.
struct PixelLanes<V: FloatLanes> {
    var r: V
    var g: V
    var b: V
    var a: V
}

enum BlendFloatKernel {
    /// Composites `source[0..<count]` at `opacity` onto `destination[0..<count]` with `mode`.
    static func composite(_ mode: BlendMode, _ source: UnsafePointer<PremultipliedRGBA8>, opacity: UInt8,
                          _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                          kernels: RasterKernels) {
        switch mode {
        case .normal: run(NormalBlend.self, source, opacity, destination, count, kernels)
        case .multiply: run(MultiplyBlend.self, source, opacity, destination, count, kernels)
        case .screen: run(ScreenBlend.self, source, opacity, destination, count, kernels)
        case .overlay: run(OverlayBlend.self, source, opacity, destination, count, kernels)
        case .darken: run(DarkenBlend.self, source, opacity, destination, count, kernels)
        case .lighten: run(LightenBlend.self, source, opacity, destination, count, kernels)
        case .colorDodge: run(ColorDodgeBlend.self, source, opacity, destination, count, kernels)
        case .colorBurn: run(ColorBurnBlend.self, source, opacity, destination, count, kernels)
        case .hardLight: run(HardLightBlend.self, source, opacity, destination, count, kernels)
        case .softLight: run(SoftLightBlend.self, source, opacity, destination, count, kernels)
        case .difference: run(DifferenceBlend.self, source, opacity, destination, count, kernels)
        case .exclusion: run(ExclusionBlend.self, source, opacity, destination, count, kernels)
        case .hue: run(HueBlend.self, source, opacity, destination, count, kernels)
        case .saturation: run(SaturationBlend.self, source, opacity, destination, count, kernels)
        case .color: run(ColorBlend.self, source, opacity, destination, count, kernels)
        case .luminosity: run(LuminosityBlend.self, source, opacity, destination, count, kernels)
        case .add: run(AddBlend.self, source, opacity, destination, count, kernels)
        }
    }

    @inline(__always)
    static func run<F: BlendFunction>(_ f: F.Type, _ source: UnsafePointer<PremultipliedRGBA8>, _ opacity: UInt8,
                                      _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int,
                                      _ kernels: RasterKernels) {
        let k = Float(opacity) / 65025
        switch kernels {
        case .scalar:
            for i in 0..<count { destination[i] = scalarPixel(f, source[i], destination[i], k) }
        case .simd:
            var i = 0
            while i &+ 8 <= count {
                let s = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD8<UInt32>.self)
                if s != .zero {
                    let d = UnsafeRawPointer(destination + i).loadUnaligned(as: SIMD8<UInt32>.self)
                    let out = pixel(f, unpack(s), unpack(d), VectorLanes.splat(k))
                    UnsafeMutableRawPointer(destination + i).storeBytes(of: pack(out), as: SIMD8<UInt32>.self)
                }
                i &+= 8
            }
            while i < count {
                destination[i] = scalarPixel(f, source[i], destination[i], k)
                i &+= 1
            }
        }
    }

    /// The composite of one pixel (the scalar reference of the 8-lane kernel).
    @inline(__always)
    static func scalarPixel<F: BlendFunction>(_ f: F.Type, _ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8,
                                              _ k: Float) -> PremultipliedRGBA8 {
        @inline(__always) func lanes(_ p: PremultipliedRGBA8) -> PixelLanes<ScalarLane> {
            PixelLanes(r: ScalarLane(Float(p.r)), g: ScalarLane(Float(p.g)), b: ScalarLane(Float(p.b)),
                       a: ScalarLane(Float(p.a)))
        }
        let out = pixel(f, lanes(s), lanes(d), ScalarLane(k))
        @inline(__always) func byte(_ v: ScalarLane) -> UInt8 {
            UInt8(truncatingIfNeeded: LaneMath.roundedIndex(v.value))
        }
        return PremultipliedRGBA8(r: byte(out.r), g: byte(out.g), b: byte(out.b), a: byte(out.a))
    }

    /// The formula of the header on lanes: 8-bit-unit results, already clamped, before rounding
    /// of the colour channels (alpha is rounded here, to clamp the colours under it).
    @inline(__always)
    static func pixel<F: BlendFunction, V: FloatLanes>(_ f: F.Type, _ s: PixelLanes<V>, _ d: PixelLanes<V>,
                                                       _ k: V) -> PixelLanes<V> {
        let one = V.splat(1), zero = V.splat(0), toUnit = V.splat(1 / 255), to255 = V.splat(255)
        let sa = s.a * k
        let ba = d.a * toUnit
        let sourceAlpha = V.maximum(s.a, one), backdropAlpha = V.maximum(d.a, one)
        // Divisions, not reciprocals: c/a is exactly 1 when c = a, which colorDodge and colorBurn
        // test for (c·(1/a) can miss it by an ulp and land on the other side of a discontinuity).
        let cs = ColorLanes(s.r / sourceAlpha, s.g / sourceAlpha, s.b / sourceAlpha)
        let cb = ColorLanes(d.r / backdropAlpha, d.g / backdropAlpha, d.b / backdropAlpha)
        let blended = F.blend(cb, cs)
        let both = sa * ba
        let keepSource = one - ba, keepBackdrop = one - sa
        let alpha = LaneMath.rounded(lanes: (sa + ba - both) * to255)
        @inline(__always) func channel(_ sc: V, _ bc: V, _ bl: V) -> V {
            let co = (sc * k) * keepSource + (bc * toUnit) * keepBackdrop + both * bl
            return V.clamp(co * to255, zero, alpha)
        }
        return PixelLanes(r: channel(s.r, d.r, blended.r), g: channel(s.g, d.g, blended.g),
                          b: channel(s.b, d.b, blended.b), a: alpha)
    }

    // MARK: Packing (SIMD8: one pixel per lane, bytes R, G, B, A little-endian)

    @inline(__always)
    static func unpack(_ words: SIMD8<UInt32>) -> PixelLanes<VectorLanes> {
        @inline(__always) func float(_ v: SIMD8<UInt32>) -> VectorLanes {
            VectorLanes(SIMD8<Float>(unsafeBitCast(v, to: SIMD8<Int32>.self)))
        }
        return PixelLanes(r: float(words & 0xFF), g: float((words &>> 8) & 0xFF),
                          b: float((words &>> 16) & 0xFF), a: float(words &>> 24))
    }

    @inline(__always)
    static func pack(_ p: PixelLanes<VectorLanes>) -> SIMD8<UInt32> {
        let r = LaneMath.roundedIndex(p.r.value), g = LaneMath.roundedIndex(p.g.value)
        let b = LaneMath.roundedIndex(p.b.value), a = LaneMath.roundedIndex(p.a.value)
        return r | (g &<< 8) | (b &<< 16) | (a &<< 24)
    }
}

extension LaneMath {
    /// x rounded to the nearest integer (ties to even) on either kind of lanes, |x| < 2²².
    @inline(__always)
    static func rounded<V: FloatLanes>(lanes x: V) -> V {
        let magic = V.splat(roundingMagic)
        return (x + magic) - magic
    }
}
