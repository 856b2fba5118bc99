// Shared helpers for MotionTests.

/// |a − b| ≤ tol.
func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool { abs(a - b) <= tol }

/// Slow, independent reference for a cubic-Bézier timing curve: bisection on X to
/// machine precision (no Newton, no early stop).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ u: Double) -> Double {
    if u <= 0 { return 0 }
    if u >= 1 { return 1 }
    func X(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s }
    func Y(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = 0.5 * (lo + hi)
        if X(mid) < u { lo = mid } else { hi = mid }
    }
    return Y(0.5 * (lo + hi))
}
