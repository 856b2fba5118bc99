// GradientTableFill.swift — the entries of a gradient colour table, four channels at a time.
//
// Entry i of an N-entry table (GradientLUT.swift) is
//
//     entry_i = premultiply(opacity ⊙ filter(C(t_i))),   t_i = i/(N − 1)
//
// and the reference is `GradientColorTable.exactColor(at:)`, one channel at a time. Here the four
// channels (r, g, b, a) are lanes of a SIMD4<Double> and every lane goes through the reference's
// operations in the reference's order, so the bytes are the same: IEEE-754 addition, subtraction,
// multiplication and division are correctly rounded per lane, and nothing is fused (Swift does
// not contract a·b + c into an FMA). Step by step:
//
//     C(t)        t ≤ l₀: c₀;  t ≥ l_last: c_last;  else c_a + (c_b − c_a)·w,
//                 w = (t − l_a)/(l_b − l_a), a the last stop with l_a ≤ t      (Gradient.color(at:))
//                 — the stops are walked once as t_i increases instead of searched per entry
//     clamp       x ↦ 0 if !(x > 0) (NaN too), 1 if x ≥ 1, else x             (RGBA.init, clamp01)
//     filter      clamp(((((M₁·r + M₂·g) + M₃·b) + M₄·a) + M₅))                (ColorMatrix.apply;
//                 M_j the matrix's j-th column, so lane k is row k's sum in row order)
//     opacity     (r, g, b, α) ↦ clamp(r, g, b, α·o)                            (RGBA.withOpacity)
//     premultiply bytes round255(r·α), round255(g·α), round255(b·α), round255(α),
//                 round255(x) = round(clamp(x)·255), rounding half away from zero
//
// Rounding. For 0 ≤ y < 2⁵², round(y) = 0 if y < ½, else ⌊y + ½⌋ with y + ½ computed in Double:
// with y ∈ [2ᵉ, 2ᵉ⁺¹), e ≥ −1, ½ is a multiple of ulp(y) = 2ᵉ⁻⁵², so y + ½ is exact while it
// stays below 2ᵉ⁺¹; at or above it, y + ½ < 2ᵉ⁺¹ + ½ and rounding (monotonic, integers and
// 2ᵉ⁺¹ + ½ representable) keeps it in [2ᵉ⁺¹, 2ᵉ⁺¹ + ½], whose floor is 2ᵉ⁺¹ either way. (⌊y + ½⌋
// alone fails for y = ½ − 2⁻⁵⁴, where y + ½ rounds up to 1.) y + ½ > 0, so ⌊·⌋ is UInt8's truncation.
//
// The kernel audit's `gradient.table` check (GradientTableAudit.swift) compares every entry with
// `exactColor(at:)` byte for byte, in the debug build (KernelAuditTests) and in the shipped release
// build (kernel-audit, run by `make test`).

extension GradientColorTable {
    /// Writes entries 0..<count of `colors` (see the file header) and returns whether they are all
    /// opaque and all equal.
    static func fillEntries(_ colors: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int, gradient: Gradient,
                            opacity: Double, filter: ColorFilter?) -> (opaque: Bool, uniform: Bool) {
        // One loop per filter kind, so that the loop holds no optional to test and copy per entry.
        if let filter {
            return fillEntries(colors, count: count, gradient: gradient, opacity: opacity, FilterColumns(filter.matrix))
        }
        return fillEntries(colors, count: count, gradient: gradient, opacity: opacity, NoFilter())
    }

    private static func fillEntries<F: EntryFilter>(_ colors: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                                                    gradient: Gradient, opacity: Double,
                                                    _ filter: F) -> (opaque: Bool, uniform: Bool) {
        let opacityLanes = SIMD4<Double>(1, 1, 1, RGBA.clamp01(opacity))   // x·1 = x exactly
        var opaque = true
        var uniform = true
        gradient.stops.withUnsafeBufferPointer { stops in
            var segment = 0                     // last stop with location ≤ t (t only grows)
            let last = Double(count - 1)
            for i in 0..<count {
                let t = Double(i) / last
                let filtered = filter.apply(to: straightColor(stops, at: t, segment: &segment))
                let entry = premultiplied(clamp01(filtered * opacityLanes))   // RGBA.withOpacity clamps all four
                colors[i] = entry
                opaque = opaque && entry.a == 255
                uniform = uniform && entry == colors[0]
            }
        }
        return (opaque, uniform)
    }

    /// C(t) as in `Gradient.color(at:)`, with `segment` advanced from its previous value.
    @inline(__always)
    private static func straightColor(_ stops: UnsafeBufferPointer<GradientStop>, at t: Double,
                                      segment: inout Int) -> SIMD4<Double> {
        let first = stops[0]
        guard t > first.location else { return lanes(first.color) }
        let end = stops[stops.count - 1]
        guard t < end.location else { return lanes(end.color) }
        while segment + 1 < stops.count && stops[segment + 1].location <= t { segment += 1 }
        let a = stops[segment], b = stops[segment + 1]
        let w = (t - a.location) / (b.location - a.location)
        let ca = lanes(a.color), cb = lanes(b.color)
        return clamp01(ca + (cb - ca) * w)
    }

    @inline(__always)
    private static func lanes(_ c: RGBA) -> SIMD4<Double> { SIMD4(c.r, c.g, c.b, c.a) }

    /// RGBA.clamp01 per lane: !(x > 0) → 0 (NaN too), x ≥ 1 → 1.
    @inline(__always)
    static func clamp01(_ x: SIMD4<Double>) -> SIMD4<Double> {
        var c = x.replacing(with: 0, where: .!(x .> 0))
        c.replace(with: 1, where: c .>= 1)
        return c
    }

    /// PremultipliedRGBA8(RGBA): round255 of (r·α, g·α, b·α, α).
    @inline(__always)
    private static func premultiplied(_ c: SIMD4<Double>) -> PremultipliedRGBA8 {
        var products = c * c[3]
        products[3] = c[3]
        let b = bytesRoundedHalfAway(clamp01(products) * 255)
        return PremultipliedRGBA8(r: b[0], g: b[1], b: b[2], a: b[3])
    }

    /// UInt8(y.rounded()) (half away from zero) for 0 ≤ y ≤ 255 (file header): ⌊y + ½⌋, taken by
    /// UInt8's truncation (y + ½ > 0), and 0 where y < ½.
    @inline(__always)
    static func bytesRoundedHalfAway(_ y: SIMD4<Double>) -> SIMD4<UInt8> {
        let v = (y + 0.5).replacing(with: 0, where: y .< 0.5)
        return SIMD4(UInt8(v[0]), UInt8(v[1]), UInt8(v[2]), UInt8(v[3]))
    }

    /// What `fillEntries` applies to each straight colour.
    private protocol EntryFilter {
        func apply(to c: SIMD4<Double>) -> SIMD4<Double>
    }

    private struct NoFilter: EntryFilter {
        @inline(__always)
        func apply(to c: SIMD4<Double>) -> SIMD4<Double> { c }
    }

    /// A colour matrix by columns, for `apply` on SIMD lanes.
    private struct FilterColumns: EntryFilter {
        let r, g, b, a, offset: SIMD4<Double>

        init(_ m: ColorMatrix) {
            r = SIMD4(m.r1, m.g1, m.b1, m.a1)
            g = SIMD4(m.r2, m.g2, m.b2, m.a2)
            b = SIMD4(m.r3, m.g3, m.b3, m.a3)
            a = SIMD4(m.r4, m.g4, m.b4, m.a4)
            offset = SIMD4(m.r5, m.g5, m.b5, m.a5)
        }

        /// ColorMatrix.apply(to:): lane k = (((M_k1·r + M_k2·g) + M_k3·b) + M_k4·a) + M_k5, clamped.
        @inline(__always)
        func apply(to c: SIMD4<Double>) -> SIMD4<Double> {
            var sum: SIMD4<Double> = r * c[0]
            sum += g * c[1]
            sum += b * c[2]
            sum += a * c[3]
            sum += offset
            return GradientColorTable.clamp01(sum)
        }
    }
}
