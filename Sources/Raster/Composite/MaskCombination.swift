// MaskCombination.swift — several masks of a layer combined in order into one coverage, as After
// Effects combines masks (docs/compositing.md "Masks" has the sources and the players compared).
//
// Each mask k has a coverage P_k ∈ [0, 1] (its path filled with `Rasterizer.fill(_:into:)`, after
// expansion and before feather, both later steps), an opacity o_k and an inverted flag:
//
//     C_k = (inverted ? 1 − P_k : P_k)·o_k                  (Lottie spec, helpers.md "Mask")
//
// and the layer's accumulated mask M starts at
//
//     M_0 = 1 (the whole layer) when the first mask is subtract, intersect or darken, else 0
//
// (AE: "the first mask interacts with the layer's alpha channel" — a first Subtract cuts a hole
// in the whole layer, a first Add/Intersect/Lighten/Darken/Difference shows the mask; lottie-web
// starts from a full rectangle for a first `s` or `i`, rlottie from the clip rectangle for them,
// ThorVG masks with the first mask's own coverage, inverted for subtract). Then in order:
//
//     add         M = M + C − M·C          (source-over of the coverage; the spec's "Normal blending")
//     subtract    M = M·(1 − C)            (destination-out)
//     intersect   M = M·C                  (source-in)
//     lighten     M = max(M, C)
//     darken      M = min(M, C)
//     difference  M = M + C − 2·M·C        (= M·(1 − C) + C·(1 − M), exclusive-or)
//
// and the layer is multiplied by M (destination-in, Compositing.swift). Masks of mode None are
// left out by the caller (they draw nothing; the first mask is the first one that is not None).
//
// 8-bit kernels (m, c, p bytes; div255 = round(x/255), Compositor.swift):
//
//     c = o8 = 255 and not inverted ? p : div255((inverted ? 255 − p : p)·o8)
//     add         m + c − div255(m·c)
//     subtract    div255(m·(255 − c))
//     intersect   div255(m·c)
//     lighten     max(m, c)
//     darken      min(m, c)
//     difference  div255(m·(255 − c) + c·(255 − m))         (the sum is ≤ 255²)
//
// Each is one rounding of the exact value for the rounded c, so one combination step is within
// 1.5 of the exact result (within ±1 of the rounded reference; the tests measure it).
//
// Where the pixels can change (what the caller's box must cover): with a non-inverted mask,
// add, subtract, lighten and difference leave M unchanged where P = 0, so the box of the mask's
// coverage suffices; intersect and darken set M to 0 there, and an inverted mask has C = o
// outside its path, so those need the whole layer box (`MaskMode.needsWholeLayer`).
//
// SIMD: 32 coverage bytes per step in SIMD16<UInt16> lanes (even bytes `w & 0xFF`, odd bytes
// `w >> 8`, the channel-pair trick of Compositor.swift), tails with the scalar code.

/// How a mask combines with the masks before it (After Effects' mask modes).
public enum MaskMode: String, CaseIterable, Sendable {
    case add, subtract, intersect, lighten, darken, difference

    /// The accumulated coverage before the first mask when this is the first mask's mode: 255
    /// (the whole layer) for subtract, intersect and darken, else 0 (see the file header).
    public var initialCoverage: UInt8 {
        switch self {
        case .subtract, .intersect, .darken: return 255
        case .add, .lighten, .difference: return 0
        }
    }

    /// True when combining can change pixels where the mask's path has no coverage, so the whole
    /// layer box must be processed (intersect, darken, and any inverted mask).
    public func needsWholeLayer(inverted: Bool) -> Bool {
        inverted || self == .intersect || self == .darken
    }
}

/// One combination step on 8-bit coverage, on a byte and on 16-bit lanes.
protocol MaskCombineRule {
    static func combine(_ m: UInt32, _ c: UInt32) -> UInt32
    static func combine(_ m: SIMD16<UInt16>, _ c: SIMD16<UInt16>) -> SIMD16<UInt16>
}

@inline(__always) private func div255(_ x: SIMD16<UInt16>) -> SIMD16<UInt16> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

enum MaskAdd: MaskCombineRule {
    @inline(__always) static func combine(_ m: UInt32, _ c: UInt32) -> UInt32 { m &+ c &- SpanCompositor.div255(m &* c) }
    @inline(__always) static func combine(_ m: SIMD16<UInt16>, _ c: SIMD16<UInt16>) -> SIMD16<UInt16> {
        m &+ c &- div255(m &* c)
    }
}

enum MaskSubtract: MaskCombineRule {
    @inline(__always) static func combine(_ m: UInt32, _ c: UInt32) -> UInt32 { SpanCompositor.div255(m &* (255 &- c)) }
    @inline(__always) static func combine(_ m: SIMD16<UInt16>, _ c: SIMD16<UInt16>) -> SIMD16<UInt16> {
        div255(m &* (255 &- c))
    }
}

enum MaskIntersect: MaskCombineRule {
    @inline(__always) static func combine(_ m: UInt32, _ c: UInt32) -> UInt32 { SpanCompositor.div255(m &* c) }
    @inline(__always) static func combine(_ m: SIMD16<UInt16>, _ c: SIMD16<UInt16>) -> SIMD16<UInt16> {
        div255(m &* c)
    }
}

enum MaskLighten: MaskCombineRule {
    @inline(__always) static func combine(_ m: UInt32, _ c: UInt32) -> UInt32 { m < c ? c : m }
    @inline(__always) static func combine(_ m: SIMD16<UInt16>, _ c: SIMD16<UInt16>) -> SIMD16<UInt16> {
        m.replacing(with: c, where: m .< c)
    }
}

enum MaskDarken: MaskCombineRule {
    @inline(__always) static func combine(_ m: UInt32, _ c: UInt32) -> UInt32 { c < m ? c : m }
    @inline(__always) static func combine(_ m: SIMD16<UInt16>, _ c: SIMD16<UInt16>) -> SIMD16<UInt16> {
        m.replacing(with: c, where: c .< m)
    }
}

enum MaskDifference: MaskCombineRule {
    @inline(__always) static func combine(_ m: UInt32, _ c: UInt32) -> UInt32 {
        SpanCompositor.div255(m &* (255 &- c) &+ c &* (255 &- m))
    }
    @inline(__always) static func combine(_ m: SIMD16<UInt16>, _ c: SIMD16<UInt16>) -> SIMD16<UInt16> {
        div255(m &* (255 &- c) &+ c &* (255 &- m))
    }
}

enum MaskCombination {
    /// Combines mask coverage `coverage[0..<count]` (opacity `opacity`, inverted or not) into the
    /// accumulated coverage `accumulated[0..<count]` with `mode`.
    static func combine(_ mode: MaskMode, coverage: UnsafePointer<UInt8>, opacity: UInt8, inverted: Bool,
                        into accumulated: UnsafeMutablePointer<UInt8>, count: Int, kernels: RasterKernels) {
        switch mode {
        case .add: run(MaskAdd.self, coverage, opacity, inverted, accumulated, count, kernels)
        case .subtract: run(MaskSubtract.self, coverage, opacity, inverted, accumulated, count, kernels)
        case .intersect: run(MaskIntersect.self, coverage, opacity, inverted, accumulated, count, kernels)
        case .lighten: run(MaskLighten.self, coverage, opacity, inverted, accumulated, count, kernels)
        case .darken: run(MaskDarken.self, coverage, opacity, inverted, accumulated, count, kernels)
        case .difference: run(MaskDifference.self, coverage, opacity, inverted, accumulated, count, kernels)
        }
    }

    /// c from the path coverage p (the header's first line).
    @inline(__always)
    static func maskCoverage(_ p: UInt32, _ opacity: UInt32, _ inverted: Bool) -> UInt32 {
        let q = inverted ? 255 &- p : p
        return opacity == 255 ? q : SpanCompositor.div255(q &* opacity)
    }

    @inline(__always)
    static func run<R: MaskCombineRule>(_ rule: R.Type, _ coverage: UnsafePointer<UInt8>, _ opacity: UInt8,
                                        _ inverted: Bool, _ accumulated: UnsafeMutablePointer<UInt8>, _ count: Int,
                                        _ kernels: RasterKernels) {
        let o = UInt32(opacity)
        var i = 0
        if kernels == .simd {
            let o16 = SIMD16<UInt16>(repeating: UInt16(opacity))
            let scaled = opacity != 255
            while i &+ 32 <= count {
                let p = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD16<UInt16>.self)
                let m = UnsafeRawPointer(accumulated + i).loadUnaligned(as: SIMD16<UInt16>.self)
                @inline(__always) func half(_ p: SIMD16<UInt16>, _ m: SIMD16<UInt16>) -> SIMD16<UInt16> {
                    var c = inverted ? 255 &- p : p
                    if scaled { c = div255(c &* o16) }
                    return R.combine(m, c)
                }
                let even = half(p & 0x00FF, m & 0x00FF)
                let odd = half(p &>> 8, m &>> 8)
                UnsafeMutableRawPointer(accumulated + i).storeBytes(of: even | (odd &<< 8), as: SIMD16<UInt16>.self)
                i &+= 32
            }
        }
        while i < count {
            let c = maskCoverage(UInt32(coverage[i]), o, inverted)
            accumulated[i] = UInt8(truncatingIfNeeded: R.combine(UInt32(accumulated[i]), c))
            i &+= 1
        }
    }
}

/// The mask combination in Double, straight from the header's formulas (the tests' reference).
enum MaskReference {
    static func combine(_ mode: MaskMode, accumulated m: Double, path p: Double, opacity: Double,
                        inverted: Bool) -> Double {
        let c = (inverted ? 1 - p : p) * opacity
        switch mode {
        case .add: return m + c - m * c
        case .subtract: return m * (1 - c)
        case .intersect: return m * c
        case .lighten: return max(m, c)
        case .darken: return min(m, c)
        case .difference: return m + c - 2 * m * c
        }
    }
}
