// A motion path: one cubic Bézier segment travelled at constant speed (arc-length parametrisation)
//
//   B(u)  = (1−u)³·P0 + 3(1−u)²u·P1 + 3(1−u)u²·P2 + u³·P3,             u ∈ [0, 1]
//   B′(u) = 3(1−u)²·(P1 − P0) + 6(1−u)u·(P2 − P1) + 3u²·(P3 − P2)
//   s(u)  = ∫₀ᵘ |B′(v)| dv                  arc length from P0;  L = s(1)
//
// A point at a fraction p ∈ [0, 1] of the length is B(u*) with s(u*) = p·L: an eased progress
// p then moves the point along the curve at the eased speed, which is how After Effects and the
// Lottie players animate spatial positions (lottie-web walks a 150-point polyline of the curve;
// this is the exact curve).
//
// Table: s(u_k) at u_k = k/N (N = 32), each interval integrated with 5-point Gauss–Legendre
// quadrature (exact for polynomials of degree ≤ 9; |B′| is smooth wherever B′ ≠ 0). To invert,
// the interval with s(u_k) ≤ d < s(u_{k+1}) gives a linear first guess for u*, refined by
// Newton steps u ← u − (s(u) − d)/|B′(u)| kept inside that interval. Positions outside
// [0, 1] of the length are clamped to the end points. Evaluation allocates nothing.

/// One cubic Bézier segment with an arc-length table.
public struct MotionPath: Sendable, Equatable {
    public let p0: SIMD2<Double>
    public let p1: SIMD2<Double>
    public let p2: SIMD2<Double>
    public let p3: SIMD2<Double>
    /// s(u_k), k = 0 … intervals.
    let lengths: [Double]

    static let intervals = 32
    static let newtonSteps = 3

    /// The curve from `p0` to `p3` with control points `p1`, `p2`. Non-finite input gives a
    /// path whose length is NaN; callers validate their coordinates.
    public init(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
        var table = [Double](repeating: 0, count: Self.intervals + 1)
        let h = 1.0 / Double(Self.intervals)
        for k in 0..<Self.intervals {
            table[k + 1] = table[k] + Self.gaussLength(p0, p1, p2, p3, from: Double(k) * h, to: Double(k + 1) * h)
        }
        lengths = table
    }

    /// L, the length of the curve.
    public var length: Double { lengths[Self.intervals] }

    /// B(u).
    @inlinable
    public func point(at u: Double) -> SIMD2<Double> {
        let r = 1 - u
        let a = r * r * r, b = 3 * r * r * u, c = 3 * r * u * u, d = u * u * u
        return a * p0 + b * p1 + c * p2 + d * p3
    }

    /// B′(u).
    @inlinable
    public func derivative(at u: Double) -> SIMD2<Double> {
        let r = 1 - u
        return 3 * r * r * (p1 - p0) + 6 * r * u * (p2 - p1) + 3 * u * u * (p3 - p2)
    }

    /// The parameter u* at which the arc length from P0 is `fraction`·L (fraction clamped to [0, 1]).
    public func parameter(atFraction fraction: Double) -> Double {
        let total = length
        if !(fraction > 0) || !(total > 0) { return 0 }
        if fraction >= 1 { return 1 }
        let d = fraction * total
        // Largest k with lengths[k] ≤ d.
        var lo = 0, hi = Self.intervals
        while hi - lo > 1 {
            let mid = (lo + hi) >> 1
            if lengths[mid] <= d { lo = mid } else { hi = mid }
        }
        let h = 1.0 / Double(Self.intervals)
        let uLo = Double(lo) * h, uHi = uLo + h
        let span = lengths[lo + 1] - lengths[lo]
        var u = span > 0 ? uLo + (d - lengths[lo]) / span * h : uLo
        for _ in 0..<Self.newtonSteps {
            let s = lengths[lo] + Self.gaussLength(p0, p1, p2, p3, from: uLo, to: u)
            let speed = Self.norm(derivative(at: u))
            guard speed > 0 else { break }
            u = min(max(u - (s - d) / speed, uLo), uHi)
        }
        return u
    }

    /// The point at `fraction` of the length (clamped to [0, 1]).
    public func point(atFraction fraction: Double) -> SIMD2<Double> {
        point(at: parameter(atFraction: fraction))
    }

    /// The direction of travel at `fraction` of the length: B′(u*), or, where B′ vanishes (a
    /// handle of length zero at an end point), the direction towards the nearest distinct
    /// control point; zero for a curve that does not move.
    public func direction(atFraction fraction: Double) -> SIMD2<Double> {
        let u = parameter(atFraction: fraction)
        let d = derivative(at: u)
        if d.x != 0 || d.y != 0 { return d }
        // B′(0) = 3(P1 − P0) = 0 ⇒ the curve leaves towards P2 (then P3); symmetric at u = 1.
        let nearer = u < 0.5 ? p2 - p0 : p3 - p1
        if nearer.x != 0 || nearer.y != 0 { return nearer }
        return p3 - p0
    }

    @inline(__always) static func norm(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

    /// ∫_a^b |B′(u)| du by 5-point Gauss–Legendre quadrature.
    static func gaussLength(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
                            from a: Double, to b: Double) -> Double {
        if b <= a { return 0 }
        let half = 0.5 * (b - a), mid = 0.5 * (a + b)
        var sum = 0.0
        for i in 0..<5 {
            let u = mid + half * gaussNodes[i]
            let r = 1 - u
            let d = 3 * r * r * (p1 - p0) + 6 * r * u * (p2 - p1) + 3 * u * u * (p3 - p2)
            sum += gaussWeights[i] * norm(d)
        }
        return half * sum
    }

    static let gaussNodes: [Double] = [0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640]
    static let gaussWeights: [Double] = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665,
                                         0.2369268850561891, 0.2369268850561891]
}
