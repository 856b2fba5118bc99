// LaneMath.swift — float helpers for 8-lane (SIMD8<Float>) kernels and their scalar twins.
//
// Every helper comes in two versions, a SIMD8<Float> one for the vector kernels and a Float one
// for the scalar reference kernels, that perform the *same IEEE operations in the same order*
// (no fused multiply-add: Swift does not contract `a * b + c`). Lane k of a vector result is
// therefore bit-identical to the scalar result for the same input, which is what lets the
// gradient kernels be tested byte-for-byte against their scalar references.
//
// Why these and not the stdlib (docs/research/rasterizers.md §6; the package builds for baseline
// x86-64, SSE2):
//   * `rounded(.down)` on SIMD8<Float> calls `floorf` per lane (SSE2 has no `roundps`), and
//     `SIMD8<Int32>(SIMD8<Float>)` goes through a slow generic helper. Instead, rounding uses the
//     magic number M = 1.5·2²³: for |x| < 2²², (x + M) − M is x rounded to nearest (ties to
//     even), and for 0 ≤ x < 2²² the bit pattern of x + M is M's bits + round(x), so an integer
//     index is one add and one integer subtract.
//       floor(x) = r − (r > x ? 1 : 0) with r = round(x)                  (|x| < 2²²)
//   * `squareRoot()` on SIMD8<Float> is 8 scalar `sqrtss` with an errno branch to `sqrtf`; the
//     SSE `sqrtps` instruction (baseline on x86-64) is used instead when the intrinsics module is
//     available. Both are the correctly rounded IEEE square root, so they agree with
//     `Float.squareRoot()` bit for bit.
//
// atan2 as a fraction of a turn (for conic gradients). With a = min(|x|,|y|)/max(|x|,|y|) ∈ [0, 1],
//
//     atan(a) ≈ a·(c1 + c3·a² + c5·a⁴ + c7·a⁶ + c9·a⁸)       (minimax, odd, degree 9)
//
// with the coefficients below (fitted by a Remez exchange on [0, 1]); its maximum error is
// 1.14·10⁻⁵ rad = 0.00066° (plus Float32 rounding, ≈ 10⁻⁷ turn), well inside the 0.01° budget
// (ConicGradientTests measures it over 200 000 angles). The octant is then restored:
//
//     r = atan(a)/2π                       (turns)
//     |y| > |x|:  r = 1/4 − r
//     x < 0:      r = 1/2 − r
//     y < 0:      r = 1 − r                → r ∈ [0, 1]: 0 along +x, 1/4 along +y (below the
//                                             centre on a y-down screen), i.e. clockwise on screen
//
// atan2(0, 0) is taken as 0.

#if arch(x86_64) && canImport(_Builtin_intrinsics)
import _Builtin_intrinsics.intel
#endif

enum LaneMath {
    typealias Lanes = SIMD8<Float>

    /// Bit pattern of the rounding magic number 1.5·2²³.
    static let magicBits: UInt32 = roundingMagic.bitPattern

    /// Lane indices 0, 1, …, 7 (pixel offsets within an 8-pixel block).
    static let ramp = Lanes(0, 1, 2, 3, 4, 5, 6, 7)

    // MARK: Rounding

    /// x rounded to the nearest integer (ties to even), for |x| < 2²².
    @inline(__always)
    static func rounded(_ x: Lanes) -> Lanes {
        (x + roundingMagic) - roundingMagic
    }

    @inline(__always)
    static func rounded(_ x: Float) -> Float {
        (x + roundingMagic) - roundingMagic
    }

    /// ⌊x⌋ for |x| < 2²².
    @inline(__always)
    static func floor(_ x: Lanes) -> Lanes {
        let r = rounded(x)
        return r.replacing(with: r - 1, where: r .> x)
    }

    @inline(__always)
    static func floor(_ x: Float) -> Float {
        let r = rounded(x)
        return r > x ? r - 1 : r
    }

    /// round(x) as an integer, for 0 ≤ x < 2²² (ties to even).
    @inline(__always)
    static func roundedIndex(_ x: Lanes) -> SIMD8<UInt32> {
        unsafeBitCast(x + roundingMagic, to: SIMD8<UInt32>.self) &- magicBits
    }

    @inline(__always)
    static func roundedIndex(_ x: Float) -> UInt32 {
        (x + roundingMagic).bitPattern &- magicBits
    }

    // MARK: Square root

    @inline(__always)
    static func squareRoot(_ x: Lanes) -> Lanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        return Lanes(lowHalf: _mm_sqrt_ps(x.lowHalf), highHalf: _mm_sqrt_ps(x.highHalf))
        #else
        return x.squareRoot()
        #endif
    }

    @inline(__always)
    static func squareRoot(_ x: Float) -> Float {
        x.squareRoot()
    }

    /// |x| by clearing the sign bit (one `andps`; a select would take four).
    @inline(__always)
    static func magnitude(_ x: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(x, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: Lanes.self)
    }

    @inline(__always)
    static func magnitude(_ x: Float) -> Float {
        Float(bitPattern: x.bitPattern & 0x7FFF_FFFF)
    }

    // MARK: atan2 in turns

    /// Degree-9 minimax coefficients of atan(a) on [0, 1], divided by 2π (so the result is in turns).
    static let atanC1: Float = Float(0.9998663294659742 / (2 * Double.pi))
    static let atanC3: Float = Float(-0.33030478550583553 / (2 * Double.pi))
    static let atanC5: Float = Float(0.18015929464078298 / (2 * Double.pi))
    static let atanC7: Float = Float(-0.08515635084019314 / (2 * Double.pi))
    static let atanC9: Float = Float(0.02084511417857806 / (2 * Double.pi))

    /// atan2(y, x) / 2π mapped to [0, 1] (see the header; error ≤ 0.00066° + Float rounding).
    @inline(__always)
    static func atan2Turns(_ y: Lanes, _ x: Lanes) -> Lanes {
        let ax = magnitude(x), ay = magnitude(y)
        let steep = ay .> ax
        let numerator = ay.replacing(with: ax, where: steep)
        let denominator = ax.replacing(with: ay, where: steep)
        var a = numerator / denominator
        a = a.replacing(with: 0, where: denominator .== 0)
        let s = a * a
        var r = ((((atanC9 * s + atanC7) * s + atanC5) * s + atanC3) * s + atanC1) * a
        r = r.replacing(with: 0.25 - r, where: steep)
        r = r.replacing(with: 0.5 - r, where: x .< 0)
        r = r.replacing(with: 1 - r, where: y .< 0)
        return r
    }

    @inline(__always)
    static func atan2Turns(_ y: Float, _ x: Float) -> Float {
        let ax = magnitude(x), ay = magnitude(y)
        let steep = ay > ax
        let numerator = steep ? ax : ay
        let denominator = steep ? ay : ax
        var a = numerator / denominator
        if denominator == 0 { a = 0 }
        let s = a * a
        var r = ((((atanC9 * s + atanC7) * s + atanC5) * s + atanC3) * s + atanC1) * a
        if steep { r = 0.25 - r }
        if x < 0 { r = 0.5 - r }
        if y < 0 { r = 1 - r }
        return r
    }
}
