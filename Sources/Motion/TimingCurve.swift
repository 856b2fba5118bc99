// Cubic-Bézier timing curve B(x1, y1, x2, y2)                 (docs/ANIMATIONS.md §1.4)
//
// End points (0,0) and (1,1), control points (x1,y1), (x2,y2):
//
//   X(s)  = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³
//   Y(s)  = 3(1−s)²s·y1 + 3(1−s)s²·y2 + s³
//   X′(s) = 3(1−s)²·x1 + 6(1−s)s·(x2 − x1) + 3s²·(1 − x2)
//   B(u)  = Y(s*)  where s* ∈ [0,1] solves X(s*) = u;   u ≤ 0 → 0,  u ≥ 1 → 1
//
// X is non-decreasing on [0,1] whenever x1, x2 ∈ [0,1] (X′ ≥ 0 there), so s* exists
// and is unique up to flat stretches. y1, y2 may be any finite value (overshoot).
//
// Solver: Newton iterations from s = u; a step that leaves [0,1], a vanishing
// derivative, or no convergence after 8 steps falls back to bisection on [0,1].
// Both stop as soon as |X(s) − u| < 1e−9.
//
// Control points on the diagonal (x1 = y1 and x2 = y2, e.g. `linear`) give Y ≡ X, so
// B(u) = u; that case is returned exactly instead of through the solver.
//
// In power form (for evaluation by Horner's rule):
//   X(s) = ((ax·s + bx)·s + cx)·s,  cx = 3x1, bx = 3(x2 − x1) − cx, ax = 1 − cx − bx
// and likewise for Y.

/// A cubic-Bézier timing curve with end points (0,0) and (1,1), as used by
/// `CAMediaTimingFunction(controlPoints:)` and SwiftUI's `UnitCurve.bezier`.
///
/// `curve(u)` maps input progress u to output progress; it is exactly 0 for u ≤ 0 and
/// exactly 1 for u ≥ 1.
public struct TimingCurve: Sendable, Hashable, CustomStringConvertible {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// Stop criterion of the solver: |X(s) − u| < `tolerance`.
    public static let tolerance = 1e-9
    static let maxNewtonSteps = 8
    static let maxBisectionSteps = 200

    /// Creates B(x1, y1, x2, y2). Traps unless x1, x2 ∈ [0, 1] and all four are finite;
    /// use `init(validating:_:_:_:)` for untrusted input.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        if let error = Self.validationError(x1, y1, x2, y2) {
            preconditionFailure(error.description)
        }
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// Creates B(x1, y1, x2, y2), throwing unless x1, x2 ∈ [0, 1] and all four are finite.
    public init(validating x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(MotionError) {
        if let error = Self.validationError(x1, y1, x2, y2) { throw error }
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    static func validationError(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> MotionError? {
        for (name, v) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !v.isFinite {
            return .notFinite(parameter: name, value: v)
        }
        if !(0...1).contains(x1) { return .controlPointOutOfRange(parameter: "x1", value: x1) }
        if !(0...1).contains(x2) { return .controlPointOutOfRange(parameter: "x2", value: x2) }
        return nil
    }

    // MARK: Named curves

    /// B(0, 0, 1, 1): the identity, B(u) = u on [0, 1].
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// Core Animation `default`, B(0.25, 0.1, 0.25, 1.0) — the CSS `ease` curve; **not** ease-in-out.
    public static let caDefault = TimingCurve(0.25, 0.1, 0.25, 1.0)
    /// SwiftUI / Core Animation ease-in-ease-out, B(0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)
    /// Ease-in, B(0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// Ease-out, B(0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)

    public var description: String { "TimingCurve(\(x1), \(y1), \(x2), \(y2))" }

    // MARK: Evaluation

    /// B(u): output progress for input progress `u`. 0 for u ≤ 0, 1 for u ≥ 1, NaN for NaN.
    public func callAsFunction(_ u: Double) -> Double {
        if u.isNaN { return u }
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return u }   // control points on the diagonal: Y ≡ X, B(u) = u exactly
        return y(solve(u).s)
    }

    /// X(s), the input-progress coordinate of the curve at parameter s.
    @inline(__always) func x(_ s: Double) -> Double {
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        return ((ax * s + bx) * s + cx) * s
    }

    /// Y(s), the output-progress coordinate of the curve at parameter s.
    @inline(__always) func y(_ s: Double) -> Double {
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        return ((ay * s + by) * s + cy) * s
    }

    /// X′(s) = 3(1−s)²·x1 + 6(1−s)s·(x2 − x1) + 3s²·(1 − x2).
    @inline(__always) func dx(_ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * x1 + 6 * r * s * (x2 - x1) + 3 * s * s * (1 - x2)
    }

    /// How `solve` found s*.
    enum SolveMethod: Equatable { case newton, bisection }

    /// Solves X(s) = u for s ∈ [0, 1] (u ∈ (0, 1)); reports which method converged.
    func solve(_ u: Double) -> (s: Double, method: SolveMethod) {
        // Newton from s = u.
        var s = u
        for step in 0...Self.maxNewtonSteps {
            let err = x(s) - u
            if abs(err) < Self.tolerance { return (s, .newton) }
            if step == Self.maxNewtonSteps { break }
            let slope = dx(s)
            if abs(slope) < 1e-12 { break }
            let next = s - err / slope
            if !(next >= 0 && next <= 1) { break }   // also catches NaN
            s = next
        }
        // Bisection on [0, 1]; X is non-decreasing, X(0) = 0 < u < 1 = X(1).
        var lo = 0.0, hi = 1.0
        s = 0.5
        for _ in 0..<Self.maxBisectionSteps {
            s = 0.5 * (lo + hi)
            let err = x(s) - u
            if abs(err) < Self.tolerance { break }
            if err < 0 { lo = s } else { hi = s }
            if hi - lo <= 0 { break }
        }
        return (s, .bisection)
    }
}
