// Matte.swift — a layer multiplied by a coverage: a mask (A8) or another layer's matte value.
//
// Destination-in by coverage (Porter–Duff, W3C Compositing §9.1.4 with the coverage as the
// source alpha): every premultiplied channel of the layer pixel L is scaled by m ∈ [0, 1],
//
//     L′ = L·m                   8-bit: L′_c = div255(L_c·m8)  (one rounding; m8 = 255 keeps L)
//
// For a mask, m is the accumulated mask coverage (MaskCombination.swift). For a track matte, m is
// computed from the matte layer's pixel M (premultiplied, as drawn) by the matte mode (Lottie
// `tt`; docs/compositing.md "Mattes"):
//
//     alpha           m = αM
//     invertedAlpha   m = 1 − αM
//     luma            m = Y(M) = 0.2126·r + 0.7152·g + 0.0722·b    (premultiplied r, g, b)
//     invertedLuma    m = 1 − Y(M)
//
// Y on premultiplied channels is the luminance of the straight colour times its alpha, what an
// SVG/CSS luminance mask uses (lottie-web draws luma mattes as SVG `mask-type: luminance`;
// ThorVG computes the same weights on premultiplied bytes), so transparent parts of a luma
// matte hide the layer and show it under an inverted luma matte. The weights are Rec.709's, as
// the Lottie spec states for the matte luma (not the W3C blend modes' 0.3/0.59/0.11).
// 8-bit: Y8 = (13933·r + 46871·g + 4732·b + 2¹⁵) >> 16 — the weights times 2¹⁶, rounded, summing
// to 2¹⁶ so white stays 255; |Y8 − 255·Y| ≤ 0.5 + 0.002.
//
// SIMD: 8 layer pixels per step in Compositor.swift's channel-pair lanes, the matte value
// broadcast to both lanes of its pixel; mask bytes of 8 pixels at 255 leave the block, at 0 zero
// it. Tails and `.scalar` use the per-pixel code; the two are byte-identical (same integers).

/// How a track matte's pixels turn into the coverage of the layer it mattes.
public enum MatteMode: String, CaseIterable, Sendable {
    case alpha, invertedAlpha, luma, invertedLuma
}

enum MatteKernel {
    // MARK: The matte value of a pixel

    /// Y8 of a premultiplied pixel (see the header).
    @inline(__always)
    static func luma(_ p: PremultipliedRGBA8) -> UInt32 {
        (13933 &* UInt32(p.r) &+ 46871 &* UInt32(p.g) &+ 4732 &* UInt32(p.b) &+ 32768) &>> 16
    }

    @inline(__always)
    static func value(_ mode: MatteMode, _ p: PremultipliedRGBA8) -> UInt32 {
        switch mode {
        case .alpha: return UInt32(p.a)
        case .invertedAlpha: return 255 &- UInt32(p.a)
        case .luma: return luma(p)
        case .invertedLuma: return 255 &- luma(p)
        }
    }

    /// The matte values of 8 pixels (one per 32-bit lane).
    @inline(__always)
    static func values(_ mode: MatteMode, _ words: SIMD8<UInt32>) -> SIMD8<UInt32> {
        switch mode {
        case .alpha: return words &>> 24
        case .invertedAlpha: return 255 &- (words &>> 24)
        case .luma, .invertedLuma:
            let r: SIMD8<UInt32> = words & 0xFF
            let g: SIMD8<UInt32> = (words &>> 8) & 0xFF
            let b: SIMD8<UInt32> = (words &>> 16) & 0xFF
            let weighted: SIMD8<UInt32> = r &* 13933 &+ g &* 46871
            let y: SIMD8<UInt32> = (weighted &+ b &* 4732 &+ 32768) &>> 16
            return mode == .luma ? y : 255 &- y
        }
    }

    // MARK: Layer × coverage

    /// layer[i] ← layer[i]·m(matte[i]) for i in 0..<count.
    static func apply(_ mode: MatteMode, matte: UnsafePointer<PremultipliedRGBA8>,
                      to layer: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int, kernels: RasterKernels) {
        switch mode {
        case .alpha: applyMatte(.alpha, matte, layer, count, kernels)
        case .invertedAlpha: applyMatte(.invertedAlpha, matte, layer, count, kernels)
        case .luma: applyMatte(.luma, matte, layer, count, kernels)
        case .invertedLuma: applyMatte(.invertedLuma, matte, layer, count, kernels)
        }
    }

    @inline(__always)
    private static func applyMatte(_ mode: MatteMode, _ matte: UnsafePointer<PremultipliedRGBA8>,
                                   _ layer: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int,
                                   _ kernels: RasterKernels) {
        typealias V = SpanCompositor.Vector
        var i = 0
        if kernels == .simd {
            while i &+ V.pixelsPerStep <= count {
                let words = UnsafeRawPointer(matte + i).loadUnaligned(as: SIMD8<UInt32>.self)
                let m = values(mode, words)
                // Each pixel's value in both of its 16-bit lanes.
                let lanes = unsafeBitCast(m | (m &<< 16), to: V.Lanes.self)
                let l = V.load(layer + i)
                let rb = V.div255((l & 0x00FF) &* lanes)
                let ga = V.div255((l &>> 8) &* lanes)
                V.store(rb | (ga &<< 8), layer + i)
                i &+= V.pixelsPerStep
            }
        }
        while i < count {
            layer[i] = SpanCompositor.scale(layer[i], by: value(mode, matte[i]))
            i &+= 1
        }
    }

    /// layer[i] ← layer[i]·mask[i]/255 for i in 0..<count (destination-in by a coverage row).
    static func apply(mask: UnsafePointer<UInt8>, to layer: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                      kernels: RasterKernels) {
        typealias V = SpanCompositor.Vector
        var i = 0
        if kernels == .simd {
            let zero = V.Lanes(repeating: 0)
            while i &+ V.pixelsPerStep <= count {
                let word = V.maskWord(mask + i)
                if word == 0 {
                    V.store(zero, layer + i)
                } else if word != UInt64.max {
                    let m = V.coverageLanes(mask + i)
                    let l = V.load(layer + i)
                    let rb = V.div255((l & 0x00FF) &* m)
                    let ga = V.div255((l &>> 8) &* m)
                    V.store(rb | (ga &<< 8), layer + i)
                }
                i &+= V.pixelsPerStep
            }
        }
        while i < count {
            layer[i] = SpanCompositor.scale(layer[i], by: UInt32(mask[i]))
            i &+= 1
        }
    }
}

/// Mattes in Double, straight from the header (the tests' reference).
enum MatteReference {
    /// m ∈ [0, 1] of a matte pixel.
    static func value(_ mode: MatteMode, _ p: PremultipliedRGBA8) -> Double {
        let y = (0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)) / 255
        switch mode {
        case .alpha: return Double(p.a) / 255
        case .invertedAlpha: return 1 - Double(p.a) / 255
        case .luma: return y
        case .invertedLuma: return 1 - y
        }
    }

    /// L·m rounded (ties away from zero).
    static func scaled(_ l: PremultipliedRGBA8, by m: Double) -> PremultipliedRGBA8 {
        @inline(__always) func c(_ v: UInt8) -> UInt8 { UInt8((Double(v) * m).rounded()) }
        return PremultipliedRGBA8(r: c(l.r), g: c(l.g), b: c(l.b), a: c(l.a))
    }
}
