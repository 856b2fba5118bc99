// CoverageAccumulation.swift — cells (signed area deltas) → 8-bit coverage, scalar and SIMD.
//
// A row of cells holds the first difference of the signed, winding-weighted pixel coverage
// (CoverageRasterizer.swift). Coverage is the running (prefix) sum along the row,
//
//     acc(x) = carry + Σ_{j ≤ x} cell[j]
//
// mapped by the fill rule to [0, 1] and rounded to a byte:
//
//     non-zero:  c = min(|acc|, 1)
//     even-odd:  c = min(2·|h − round(h)|, 1)  with h = |acc|/2     (triangle wave: 0 at even
//                windings, 1 at odd ones; e.g. acc = 1.3 → 0.7)
//     byte = round(c·255)
//
// Exact evaluation order (both kernels, so SIMD and scalar agree byte for byte): cells are
// taken in groups of 8; within a group the inclusive prefix sum is the Hillis–Steele scan
//
//     s1[i] = v[i]  + v[i−1]    (i ≥ 1)        s2[i] = s1[i] + s1[i−2]   (i ≥ 2)
//     s3[i] = s2[i] + s2[i−4]   (i ≥ 4)        acc[i] = s3[i] + carry,   carry' = acc[7]
//
// in Float32. round(·) is done with the magic-number trick: for 0 ≤ y < 2²², the low mantissa
// bits of Float(y + 1.5·2²³) hold y rounded to nearest (ties to even); §6 of
// docs/research/rasterizers.md explains why not `SIMD8<Int32>(SIMD8<Float>)` or `pointwiseMin`.
// Min/abs use `replacing(with:where:)`.
// Both kernels zero the cells they consume, so the cell buffer is clean for the next band.

import Geometry

/// Which implementation the rasterizer's per-span kernels use. `.simd` is the fast default;
/// `.scalar` is the plain reference the SIMD kernels are tested against (byte-exact).
public enum RasterKernels: Sendable, CaseIterable {
    case scalar
    case simd
}

/// The fill rule applied to the accumulated winding, as a type so each rule gets its own
/// specialised kernel loop.
protocol CoverageRule {
    static func coverage(_ acc: Float) -> Float
    static func coverage(_ acc: SIMD8<Float>) -> SIMD8<Float>
}

/// 1.5·2²³: adding it rounds a Float in [0, 2²²) to an integer held in the low mantissa bits.
@usableFromInline
let roundingMagic: Float = 12_582_912

enum NonZeroCoverage: CoverageRule {
    @inline(__always)
    static func coverage(_ acc: Float) -> Float {
        let magnitude = acc < 0 ? -acc : acc
        return magnitude > 1 ? 1 : magnitude
    }

    @inline(__always)
    static func coverage(_ acc: SIMD8<Float>) -> SIMD8<Float> {
        let magnitude = acc.replacing(with: -acc, where: acc .< 0)
        return magnitude.replacing(with: 1, where: magnitude .> 1)
    }
}

enum EvenOddCoverage: CoverageRule {
    @inline(__always)
    static func coverage(_ acc: Float) -> Float {
        let half = (acc < 0 ? -acc : acc) * 0.5
        let nearest = (half + roundingMagic) - roundingMagic
        let distance = half - nearest
        let magnitude = distance < 0 ? -distance : distance
        let c = magnitude * 2
        return c > 1 ? 1 : c
    }

    @inline(__always)
    static func coverage(_ acc: SIMD8<Float>) -> SIMD8<Float> {
        let absolute = acc.replacing(with: -acc, where: acc .< 0)
        let half = absolute * 0.5
        let nearest = (half + roundingMagic) - roundingMagic
        let distance = half - nearest
        let magnitude = distance.replacing(with: -distance, where: distance .< 0)
        let c = magnitude * 2
        return c.replacing(with: 1, where: c .> 1)
    }
}

enum CoverageAccumulation {
    /// Cells per group: the SIMD width of the accumulation and the granularity of dirty bits.
    static let groupWidth = 8

    /// round(c·255) for c in [0, 1] (ties to even), as the kernels compute it.
    @inline(__always)
    static func coverageByte(_ c: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (c * 255 + roundingMagic).bitPattern)
    }

    /// The byte a constant run with accumulated winding `acc` gets (used for gaps between
    /// touched groups); identical to what the kernels produce for the same `acc`.
    @inline(__always)
    static func coverageByte(accumulated acc: Float, rule: FillRule) -> UInt8 {
        switch rule {
        case .nonZero: return coverageByte(NonZeroCoverage.coverage(acc))
        case .evenOdd: return coverageByte(EvenOddCoverage.coverage(acc))
        }
    }

    /// Accumulates `groupCount` groups of 8 cells: writes 8·groupCount coverage bytes, zeroes the
    /// cells and updates `carry` (the running sum). Runs the selected implementation.
    ///
    /// Deliberately not generic: callers that are themselves unspecialised generics (a fill
    /// with a paint type from another module) still reach fully specialised kernels.
    static func accumulate(cells: UnsafeMutablePointer<Float>, coverage: UnsafeMutablePointer<UInt8>,
                           groupCount: Int, carry: inout Float, rule: FillRule, kernels: RasterKernels) {
        switch (kernels, rule) {
        case (.scalar, .nonZero):
            scalar(cells: cells, coverage: coverage, groupCount: groupCount, carry: &carry, rule: NonZeroCoverage.self)
        case (.scalar, .evenOdd):
            scalar(cells: cells, coverage: coverage, groupCount: groupCount, carry: &carry, rule: EvenOddCoverage.self)
        case (.simd, .nonZero):
            simd(cells: cells, coverage: coverage, groupCount: groupCount, carry: &carry, rule: NonZeroCoverage.self)
        case (.simd, .evenOdd):
            simd(cells: cells, coverage: coverage, groupCount: groupCount, carry: &carry, rule: EvenOddCoverage.self)
        }
    }

    /// Plain reference implementation (one cell at a time, same float operations as `simd`).
    @inline(__always)
    static func scalar<Rule: CoverageRule>(cells: UnsafeMutablePointer<Float>, coverage: UnsafeMutablePointer<UInt8>,
                                           groupCount: Int, carry: inout Float, rule: Rule.Type) {
        var running = carry
        for group in 0..<groupCount {
            let v = cells + group * groupWidth
            // In place, from the top lane down so every read sees the previous step's value.
            var i = 7
            while i >= 1 { v[i] = v[i] + v[i - 1]; i -= 1 }
            i = 7
            while i >= 2 { v[i] = v[i] + v[i - 2]; i -= 1 }
            i = 7
            while i >= 4 { v[i] = v[i] + v[i - 4]; i -= 1 }
            let out = coverage + group * groupWidth
            for lane in 0..<groupWidth {
                let acc = v[lane] + running
                out[lane] = coverageByte(Rule.coverage(acc))
                v[lane] = 0
                if lane == groupWidth - 1 { running = acc }
            }
        }
        carry = running
    }

    /// SIMD8<Float> implementation: one group per iteration, in-register prefix scan.
    @inline(__always)
    static func simd<Rule: CoverageRule>(cells: UnsafeMutablePointer<Float>, coverage: UnsafeMutablePointer<UInt8>,
                                         groupCount: Int, carry: inout Float, rule: Rule.Type) {
        let source = UnsafeMutableRawPointer(cells)
        let destination = UnsafeMutableRawPointer(coverage)
        var running = SIMD8<Float>(repeating: carry)
        let zero = SIMD8<Float>(repeating: 0)
        for group in 0..<groupCount {
            let offset = group &* 32
            var v = source.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            v += SIMD8(0, v[0], v[1], v[2], v[3], v[4], v[5], v[6])
            v += SIMD8(0, 0, v[0], v[1], v[2], v[3], v[4], v[5])
            v += SIMD8(0, 0, 0, 0, v[0], v[1], v[2], v[3])
            let acc = v + running
            running = SIMD8(repeating: acc[7])
            let c = Rule.coverage(acc)
            let bits = unsafeBitCast(c * 255 + roundingMagic, to: SIMD8<UInt32>.self)
            destination.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: bits), toByteOffset: group &* 8,
                                   as: SIMD8<UInt8>.self)
            source.storeBytes(of: zero, toByteOffset: offset, as: SIMD8<Float>.self)
        }
        carry = running[0]
    }
}
