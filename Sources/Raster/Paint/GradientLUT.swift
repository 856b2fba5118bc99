// GradientLUT.swift — a gradient's colour lookup table and the span loop that indexes it.
//
// Table (built once per paint, docs/research/rasterizers.md §7.4, Blend2D `gradient.cpp`). N
// entries of premultiplied RGBA8, entry i holding the exact colour at parameter t_i = i/(N − 1):
//
//     entry_i = premultiply(opacity ⊙ filter(C(t_i)))       C: Gradient.color(at:), straight alpha
//
// where the filter (ColorFilter.swift) acts on the straight colour and clamps, opacity multiplies
// alpha, and premultiply is round(c·α·255), round(α·255). Folding the filter in here makes a
// hue rotation free per pixel (docs/research/rasterizers.md §7.5). A pixel whose parameter is t
// is painted
//
//     entry[round(p·(N − 1))],   p = extend(t) ∈ [0, 1]    (GradientExtend; Float, see below)
//
// Error bound and size. Quantising p moves it by at most 1/(2(N − 1)), so a channel moves by at
// most S/(2(N − 1)), where S is the steepest slope of any table channel in 8-bit units per unit
// t. If that is < 1, the table colour and the exact colour (Double, no table: `color(at:)`)
// round to bytes that differ by at most 1. S is bounded per segment [l_i, l_{i+1}] from the
// stops: with x = (r, g, b, a) straight, |x'| = |Δx|/Δl, the filter rows give |f_k'| ≤ Σ_j |M_kj|·|x_j'|,
// and premultiplying (f ≤ 1) gives |p_k'| ≤ opacity·(|f_k'| + |f_α'|); S = 255·max_k |p_k'|.
// N is the smallest of 256, 512, 1024 with S/(2(N − 1)) ≤ 0.9 (the margin absorbs the Float
// computation of t), else 1024. That reproduces Blend2D's tiers for the usual layouts — two end
// stops (S ≤ 255) → 256, three evenly spaced (S ≤ 510) → 512, more → 1024 — and makes the table
// exact to ±1 whenever S ≤ 1841, e.g. full-swing stops at least 0.139 apart. Steeper segments
// (hard stops) get 1024 entries and are off by up to S/2046 right at the steep part.
//
// Parameter → index in Float (identical operations in the SIMD8<Float> and the scalar kernel,
// LaneMath.swift, so the two are byte-identical):
//     pad:      p = t clamped to [0, 1] (NaN → 0)
//     repeat:   t clamped to ±2²¹ (NaN → 0), p = t − ⌊t⌋
//     reflect:  t clamped to ±2²¹ (NaN → 0), p = |t − 2·round(t/2)|
//     (conic: ConicGradient.swift wraps g ∈ (−1, 1] by adding 1 to negative values)
//     index = round(p·(N − 1)) by the magic-number trick; p ≤ 1 keeps it in range.
// The 8 table loads of a block are scalar loads (gathers are slow on AMD;
// docs/research/rasterizers.md §7.4).

/// The premultiplied colour table of one gradient with its opacity and filter folded in.
final class GradientColorTable: @unchecked Sendable {  // immutable while shared (see `rebuilt`)
    private(set) var gradient: Gradient
    private(set) var opacity: Double
    private(set) var filter: ColorFilter?
    /// Number of entries: 256, 512 or 1024.
    private(set) var count: Int
    /// Allocated entries (≥ count): a rebuilt table keeps its storage when it fits.
    private var capacity: Int
    private(set) var colors: UnsafeMutablePointer<PremultipliedRGBA8>
    /// Every entry has alpha 255.
    private(set) var isOpaque = true
    /// The colour of every entry, when they are all equal.
    private(set) var uniformColor: PremultipliedRGBA8?

    init(gradient: Gradient, opacity: Double, filter: ColorFilter?) {
        self.gradient = gradient
        self.opacity = RGBA.clamp01(opacity)
        self.filter = filter
        count = GradientColorTable.entryCount(gradient: gradient, opacity: self.opacity, filter: filter)
        capacity = count
        colors = .allocate(capacity: count)
        colors.initialize(repeating: .transparent, count: count)
        fill()
    }

    /// `previous` itself when it already holds these colours (a gradient whose geometry moves:
    /// nothing to recompute), else `previous` rebuilt for the new colours if nothing else holds
    /// it (no allocation when its storage is large enough), else a new table. A table is never
    /// changed while shared: a paint, its shaders and the span loop only see tables nobody rebuilds.
    static func rebuilt(_ previous: inout GradientColorTable?, gradient: Gradient, opacity: Double,
                        filter: ColorFilter?) -> GradientColorTable {
        guard var table = previous else { return GradientColorTable(gradient: gradient, opacity: opacity, filter: filter) }
        previous = nil
        if table.gradient == gradient && table.opacity == RGBA.clamp01(opacity) && table.filter == filter { return table }
        guard isKnownUniquelyReferenced(&table) else {
            return GradientColorTable(gradient: gradient, opacity: opacity, filter: filter)
        }
        table.gradient = gradient
        table.opacity = RGBA.clamp01(opacity)
        table.filter = filter
        table.count = GradientColorTable.entryCount(gradient: gradient, opacity: table.opacity, filter: filter)
        if table.count > table.capacity {
            table.colors.deallocate()
            table.capacity = table.count
            table.colors = .allocate(capacity: table.count)
            table.colors.initialize(repeating: .transparent, count: table.count)
        }
        table.fill()
        return table
    }

    /// Computes the entries, opacity and uniformity from the stops.
    /// (GradientTableFill.swift: the same bytes as `exactColor(at:)` per entry, four channels at a time.)
    private func fill() {
        let (opaque, uniform) = GradientColorTable.fillEntries(colors, count: count, gradient: gradient,
                                                               opacity: opacity, filter: filter)
        isOpaque = opaque
        uniformColor = uniform ? colors[0] : nil
    }

    deinit {
        colors.deallocate()
    }

    /// Float(N − 1): parameter → fractional index.
    var scale: Float { Float(count - 1) }

    /// The exact colour at parameter `t` ∈ [0, 1] (no table): the reference for the table.
    func exactColor(at t: Double) -> PremultipliedRGBA8 {
        GradientColorTable.exactColor(gradient, opacity, filter, at: t)
    }

    /// The mean of the entries (what repeat/reflect gradients average to when degenerate).
    var meanColor: PremultipliedRGBA8 {
        var sums = (0, 0, 0, 0)
        for i in 0..<count {
            let c = colors[i]
            sums = (sums.0 + Int(c.r), sums.1 + Int(c.g), sums.2 + Int(c.b), sums.3 + Int(c.a))
        }
        func mean(_ s: Int) -> UInt8 { UInt8((s + count / 2) / count) }
        // The mean of valid premultiplied colours is valid (each colour sum ≤ the alpha sum).
        return PremultipliedRGBA8(r: mean(sums.0), g: mean(sums.1), b: mean(sums.2), a: mean(sums.3))
    }

    private static func exactColor(_ gradient: Gradient, _ opacity: Double, _ filter: ColorFilter?,
                                   at t: Double) -> PremultipliedRGBA8 {
        var color = gradient.color(at: t)
        if let filter { color = filter.apply(to: color) }
        return PremultipliedRGBA8(color.withOpacity(opacity))
    }

    /// 256, 512 or 1024 entries by the steepest table slope (see the header).
    static func entryCount(gradient: Gradient, opacity: Double, filter: ColorFilter?) -> Int {
        let slope = steepestSlope(gradient: gradient, opacity: opacity, filter: filter)
        if slope / Double(2 * (256 - 1)) <= 0.9 { return 256 }
        if slope / Double(2 * (512 - 1)) <= 0.9 { return 512 }
        return 1024
    }

    /// Upper bound of |d entry/dt| over all channels, in 8-bit units per unit t.
    static func steepestSlope(gradient: Gradient, opacity: Double, filter: ColorFilter?) -> Double {
        let m = filter?.matrix ?? .identity
        var steepest = 0.0
        let stops = gradient.stops
        // No temporary arrays: this runs once per frame when the filter is animated.
        for i in 0..<(stops.count - 1) {
            let a = stops[i], b = stops[i + 1]
            let span = b.location - a.location
            let deltas = SIMD4<Double>(b.color.r - a.color.r, b.color.g - a.color.g, b.color.b - a.color.b,
                                       b.color.a - a.color.a)
            if deltas == .zero { continue }
            if span <= 0 { return .infinity }
            var rates = SIMD4<Double>.zero
            for k in 0..<4 {
                var sum = 0.0
                for j in 0..<4 { sum += abs(m.coefficient(row: k, column: j) * deltas[j]) }
                rates[k] = sum / span
            }
            let alphaRate = rates[3]
            for k in 0..<3 { steepest = Swift.max(steepest, (rates[k] + alphaRate) * opacity * 255) }
            steepest = Swift.max(steepest, alphaRate * opacity * 255)
        }
        return steepest
    }
}

// MARK: - Extend rules in Float

/// Maps a Float parameter into [0, 1], as a type so each mode gets its own specialised loop.
protocol GradientExtendRule {
    static func position(_ t: SIMD8<Float>) -> SIMD8<Float>
    static func position(_ t: Float) -> Float
}

/// |t| beyond this is clamped before repeat/reflect (a period is below Float resolution there).
let gradientParameterLimit: Float = 2_097_152  // 2²¹

enum PadExtendRule: GradientExtendRule {
    @inline(__always)
    static func position(_ t: SIMD8<Float>) -> SIMD8<Float> {
        let p = t.replacing(with: 0, where: .!(t .> 0))
        return p.replacing(with: 1, where: p .> 1)
    }

    @inline(__always)
    static func position(_ t: Float) -> Float {
        let p = t > 0 ? t : 0
        return p > 1 ? 1 : p
    }
}

enum RepeatExtendRule: GradientExtendRule {
    @inline(__always)
    static func position(_ t: SIMD8<Float>) -> SIMD8<Float> {
        let u = limited(t)
        return u - LaneMath.floor(u)
    }

    @inline(__always)
    static func position(_ t: Float) -> Float {
        let u = limited(t)
        return u - LaneMath.floor(u)
    }
}

enum ReflectExtendRule: GradientExtendRule {
    @inline(__always)
    static func position(_ t: SIMD8<Float>) -> SIMD8<Float> {
        let u = limited(t)
        let r = LaneMath.rounded(u * 0.5)
        let d = u - (r + r)
        return d.replacing(with: -d, where: d .< 0)
    }

    @inline(__always)
    static func position(_ t: Float) -> Float {
        let u = limited(t)
        let r = LaneMath.rounded(u * 0.5)
        let d = u - (r + r)
        return d < 0 ? -d : d
    }
}

/// t clamped to ±2²¹, NaN → 0.
@inline(__always)
private func limited(_ t: SIMD8<Float>) -> SIMD8<Float> {
    var u = t.replacing(with: -gradientParameterLimit, where: t .< -gradientParameterLimit)
    u = u.replacing(with: gradientParameterLimit, where: u .> gradientParameterLimit)
    return u.replacing(with: 0, where: u .!= u)
}

@inline(__always)
private func limited(_ t: Float) -> Float {
    if t != t { return 0 }
    return t < -gradientParameterLimit ? -gradientParameterLimit : (t > gradientParameterLimit ? gradientParameterLimit : t)
}

// MARK: - Span loop

/// How a gradient paint turns device pixels into parameters t. Implemented by the linear, radial
/// and conic gradients; the span loop below is generic over it, so each gets its own loop.
protocol GradientParameterization {
    /// Per-span values computed once in Double for pixels x..<x+count of row y.
    associatedtype SpanStart
    func spanStart(y: Int, x: Int) -> SpanStart
    /// t of span pixels i..<i+8 (i a multiple of 8), Float.
    func parameters(_ start: SpanStart, block i: Int) -> SIMD8<Float>
    /// t of span pixel i+lane with the same Float operations as lane `lane` of `parameters`.
    func parameter(_ start: SpanStart, block i: Int, lane: Int) -> Float
    /// The exact parameter (Double, libm) at the centre of pixel (x, y): the reference.
    func exactParameter(x: Int, y: Int) -> Double
}

extension GradientColorTable {
    /// The table as a plain pointer + scale for the per-span loops (no reference counting).
    var lookup: GradientLookup { GradientLookup(colors: colors, scale: scale) }

    /// The exact colour of pixel (x, y) (Double parameter, exact extend, no table).
    func exactColor<G: GradientParameterization>(_ parameterization: G, extend: GradientExtend, x: Int, y: Int)
        -> PremultipliedRGBA8 {
        exactColor(at: extend.position(parameterization.exactParameter(x: x, y: y)))
    }
}

/// A gradient colour table seen by the span loop. Valid while its `GradientColorTable` lives
/// (shaders keep a reference to the table next to this).
struct GradientLookup: @unchecked Sendable {  // points into an immutable table
    let colors: UnsafePointer<PremultipliedRGBA8>
    /// Float(N − 1).
    let scale: Float

    /// Writes the colours of pixels x..<x+count of row y into `colors`.
    @inline(__always)
    func shade<G: GradientParameterization>(_ parameterization: G, extend: GradientExtend, y: Int, x: Int, count: Int,
                                            into colors: UnsafeMutablePointer<PremultipliedRGBA8>,
                                            kernels: RasterKernels) {
        switch extend {
        case .pad: shade(parameterization, PadExtendRule.self, y: y, x: x, count: count, into: colors, kernels: kernels)
        case .repeat: shade(parameterization, RepeatExtendRule.self, y: y, x: x, count: count, into: colors, kernels: kernels)
        case .reflect: shade(parameterization, ReflectExtendRule.self, y: y, x: x, count: count, into: colors, kernels: kernels)
        }
    }

    @inline(__always)
    func shade<G: GradientParameterization, Rule: GradientExtendRule>(
        _ parameterization: G, _ rule: Rule.Type, y: Int, x: Int, count: Int,
        into out: UnsafeMutablePointer<PremultipliedRGBA8>, kernels: RasterKernels
    ) {
        let start = parameterization.spanStart(y: y, x: x)
        let table = colors
        switch kernels {
        case .simd:
            let scales = SIMD8<Float>(repeating: scale)
            var i = 0
            while i &+ 8 <= count {
                let t = parameterization.parameters(start, block: i)
                let index = LaneMath.roundedIndex(Rule.position(t) * scales)
                let o = out + i
                o[0] = table[Int(index[0])]
                o[1] = table[Int(index[1])]
                o[2] = table[Int(index[2])]
                o[3] = table[Int(index[3])]
                o[4] = table[Int(index[4])]
                o[5] = table[Int(index[5])]
                o[6] = table[Int(index[6])]
                o[7] = table[Int(index[7])]
                i &+= 8
            }
            if i < count {
                let t = parameterization.parameters(start, block: i)
                let index = LaneMath.roundedIndex(Rule.position(t) * scales)
                for lane in 0..<(count &- i) {
                    out[i &+ lane] = table[Int(index[lane])]
                }
            }
        case .scalar:
            for j in 0..<count {
                let t = parameterization.parameter(start, block: j & ~7, lane: j & 7)
                out[j] = table[Int(LaneMath.roundedIndex(Rule.position(t) * scale))]
            }
        }
    }

}

/// How a shader brings its parameter into [0, 1] before the table lookup: the paint's extend
/// mode (linear, radial), or the conic gradient's turn wrap (`ConicWrapRule`).
enum GradientWrap: Sendable, Equatable {
    case extend(GradientExtend)
    case conicTurn
}

/// A gradient shader minus its colour-table reference, for the span loop: the loop copies the
/// shader around every span call (the callee writes through a pointer that could alias it), and
/// copying a value holding a class reference meant a retain and a release per span. This one is
/// trivially copyable, and valid while the `GradientColorTable` it was made from lives (the
/// public shaders keep that reference next to it). Linear, radial and conic share it.
struct UnretainedGradientShader<Parameterization: GradientParameterization>: PaintShader {
    let uniformColor: PremultipliedRGBA8?
    let isOpaque: Bool
    let lookup: GradientLookup
    let wrap: GradientWrap
    let parameterization: Parameterization?

    /// `degenerateColor`: the colour everywhere when there is no parameterization (degenerate
    /// geometry or transform).
    init(table: GradientColorTable, wrap: GradientWrap, parameterization: Parameterization?,
         degenerateColor: PremultipliedRGBA8?) {
        let uniform = degenerateColor ?? table.uniformColor
        uniformColor = uniform
        isOpaque = uniform.map { $0.a == 255 } ?? table.isOpaque
        lookup = table.lookup
        self.wrap = wrap
        self.parameterization = parameterization
    }

    func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>) {
        shade(y: y, x: x, count: count, into: colors, kernels: .simd)
    }

    @inline(__always)
    func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>,
               kernels: RasterKernels) {
        guard let parameterization else {
            colors.update(repeating: uniformColor ?? .transparent, count: count)
            return
        }
        switch wrap {
        case .extend(let extend):
            lookup.shade(parameterization, extend: extend, y: y, x: x, count: count, into: colors, kernels: kernels)
        case .conicTurn:
            lookup.shade(parameterization, ConicWrapRule.self, y: y, x: x, count: count, into: colors, kernels: kernels)
        }
    }

    /// The exact colour of pixel (x, y) from `table`'s stops (Double parameter, no lookup): the
    /// test reference. A conic parameter is wrapped like `.repeat`.
    func exactColor(_ table: GradientColorTable, x: Int, y: Int) -> PremultipliedRGBA8 {
        guard let parameterization else { return uniformColor ?? .transparent }
        switch wrap {
        case .extend(let extend): return table.exactColor(parameterization, extend: extend, x: x, y: y)
        case .conicTurn: return table.exactColor(parameterization, extend: .repeat, x: x, y: y)
        }
    }
}

extension UnretainedGradientShader: Sendable where Parameterization: Sendable {}
