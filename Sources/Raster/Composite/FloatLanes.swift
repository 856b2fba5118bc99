// FloatLanes.swift — one Float formula, two instantiations: a scalar reference and an 8-lane kernel.
//
// The Float kernels of the compositing code (blend modes, image sampling) are written once,
// generic over `FloatLanes`, and instantiated with `ScalarLane` (one Float: the scalar reference, one pixel per call)
// and `VectorLanes` (a SIMD8<Float>: eight pixels per call, one per lane). Both conformances perform the
// *same IEEE operations in the same order* — + − × ÷ and the correctly rounded square root are
// lane-wise identical to their scalar forms, selects pick one of two already computed values, and
// Swift does not contract a·b + c into a fused multiply-add — so lane k of a vector result is
// bit-identical to the scalar result for the same inputs (the same argument as LaneMath.swift).
// That is what lets the SIMD kernels be tested byte-for-byte against their scalar references,
// while both are tested within ±1 of the Double references written from the specifications.
//
// min/max are spelled as selects (`a < b ? a : b`), never as the stdlib's `min`/`pointwiseMin`,
// whose NaN rules differ between the scalar and vector forms.

/// Float lanes: `ScalarLane` (one) or `VectorLanes` (eight), with the same operations.
protocol FloatLanes {
    associatedtype Condition
    static func splat(_ value: Float) -> Self
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    static func / (lhs: Self, rhs: Self) -> Self
    static func less(_ a: Self, _ b: Self) -> Condition
    static func lessOrEqual(_ a: Self, _ b: Self) -> Condition
    static func equal(_ a: Self, _ b: Self) -> Condition
    static func and(_ a: Condition, _ b: Condition) -> Condition
    static func or(_ a: Condition, _ b: Condition) -> Condition
    /// `condition ? a : b` per lane.
    static func select(_ condition: Condition, _ a: Self, _ b: Self) -> Self
    /// The correctly rounded square root.
    static func squareRoot(_ a: Self) -> Self
}

extension FloatLanes {
    @inline(__always)
    static func minimum(_ a: Self, _ b: Self) -> Self { select(less(a, b), a, b) }

    @inline(__always)
    static func maximum(_ a: Self, _ b: Self) -> Self { select(less(b, a), a, b) }

    /// a clamped to [lo, hi]; NaN becomes lo.
    @inline(__always)
    static func clamp(_ a: Self, _ lo: Self, _ hi: Self) -> Self {
        let low = select(less(lo, a), a, lo)  // NaN compares false: lo
        return select(less(hi, low), hi, low)
    }
}

/// One Float lane: the scalar reference. (A wrapper, not a conformance of `Float` itself, so the
/// operators below never join the overload sets of ordinary Float or SIMD arithmetic.)
struct ScalarLane: FloatLanes {
    typealias Condition = Bool
    var value: Float

    @inline(__always) init(_ value: Float) { self.value = value }

    @inline(__always) static func splat(_ value: Float) -> ScalarLane { ScalarLane(value) }
    @inline(__always) static func + (a: ScalarLane, b: ScalarLane) -> ScalarLane { ScalarLane(a.value + b.value) }
    @inline(__always) static func - (a: ScalarLane, b: ScalarLane) -> ScalarLane { ScalarLane(a.value - b.value) }
    @inline(__always) static func * (a: ScalarLane, b: ScalarLane) -> ScalarLane { ScalarLane(a.value * b.value) }
    @inline(__always) static func / (a: ScalarLane, b: ScalarLane) -> ScalarLane { ScalarLane(a.value / b.value) }
    @inline(__always) static func less(_ a: ScalarLane, _ b: ScalarLane) -> Bool { a.value < b.value }
    @inline(__always) static func lessOrEqual(_ a: ScalarLane, _ b: ScalarLane) -> Bool { a.value <= b.value }
    @inline(__always) static func equal(_ a: ScalarLane, _ b: ScalarLane) -> Bool { a.value == b.value }
    @inline(__always) static func and(_ a: Bool, _ b: Bool) -> Bool { a && b }
    @inline(__always) static func or(_ a: Bool, _ b: Bool) -> Bool { a || b }
    @inline(__always) static func select(_ condition: Bool, _ a: ScalarLane, _ b: ScalarLane) -> ScalarLane {
        condition ? a : b
    }
    @inline(__always) static func squareRoot(_ a: ScalarLane) -> ScalarLane { ScalarLane(LaneMath.squareRoot(a.value)) }
}

/// Eight Float lanes: the SIMD kernels.
struct VectorLanes: FloatLanes {
    typealias Condition = SIMDMask<SIMD8<Int32>>
    var value: SIMD8<Float>

    @inline(__always) init(_ value: SIMD8<Float>) { self.value = value }

    @inline(__always) static func splat(_ value: Float) -> VectorLanes { VectorLanes(SIMD8(repeating: value)) }
    @inline(__always) static func + (a: VectorLanes, b: VectorLanes) -> VectorLanes { VectorLanes(a.value + b.value) }
    @inline(__always) static func - (a: VectorLanes, b: VectorLanes) -> VectorLanes { VectorLanes(a.value - b.value) }
    @inline(__always) static func * (a: VectorLanes, b: VectorLanes) -> VectorLanes { VectorLanes(a.value * b.value) }
    @inline(__always) static func / (a: VectorLanes, b: VectorLanes) -> VectorLanes { VectorLanes(a.value / b.value) }
    @inline(__always) static func less(_ a: VectorLanes, _ b: VectorLanes) -> Condition { a.value .< b.value }
    @inline(__always) static func lessOrEqual(_ a: VectorLanes, _ b: VectorLanes) -> Condition { a.value .<= b.value }
    @inline(__always) static func equal(_ a: VectorLanes, _ b: VectorLanes) -> Condition { a.value .== b.value }
    @inline(__always) static func and(_ a: Condition, _ b: Condition) -> Condition { a .& b }
    @inline(__always) static func or(_ a: Condition, _ b: Condition) -> Condition { a .| b }
    @inline(__always) static func select(_ condition: Condition, _ a: VectorLanes, _ b: VectorLanes) -> VectorLanes {
        VectorLanes(b.value.replacing(with: a.value, where: condition))
    }
    @inline(__always) static func squareRoot(_ a: VectorLanes) -> VectorLanes { VectorLanes(LaneMath.squareRoot(a.value)) }
}
