// Keyframes with linear calculation mode               (docs/ANIMATIONS.md §3.3, [R4][R4b])
//
// Values v_0 … v_{n−1} at key times τ_0 = 0 ≤ τ_1 ≤ … ≤ τ_{n−1} = 1 (fractions of the
// animation's duration). For progress p ∈ [0, 1]:
//
//   i    = the largest index with τ_i ≤ p, capped at n − 2
//   K(p) = v_i + (v_{i+1} − v_i) · (p − τ_i) / (τ_{i+1} − τ_i)
//
// p < 0 is treated as 0 and p > 1 as 1. A repeated key time (τ_i = τ_{i+1}) makes K
// jump; at that time the later value applies (K is right-continuous), and K(1) is the
// last value. This matches `CAAnimationCalculationMode.linear`, which requires the
// first key time to be 0 and the last to be 1 and never-decreasing key times.
//
// Example (the pulse opacity): values [0.4, 0.8, 0] at [0, 0.3, 1]:
//   K(w) = 0.4 + 0.4·(w/0.3)          for w ≤ 0.3
//          0.8·(1 − (w − 0.3)/0.7)    for w > 0.3

/// Scalar keyframes interpolated linearly between key times.
public struct Keyframes: Sendable, Equatable {
    public let values: [Double]
    public let keyTimes: [Double]

    /// Validates and stores the keyframes. Throws if the counts differ, there are
    /// fewer than 2 values, a value or key time is not finite, a key time lies outside
    /// [0, 1], key times decrease, or they do not start at 0 and end at 1.
    public init(values: [Double], keyTimes: [Double]) throws(MotionError) {
        guard values.count == keyTimes.count else {
            throw .keyframeCountMismatch(values: values.count, keyTimes: keyTimes.count)
        }
        guard values.count >= 2 else { throw .tooFewKeyframes(count: values.count) }
        for (i, v) in values.enumerated() { try requireFinite(v, "keyframe value #\(i)") }
        for (i, k) in keyTimes.enumerated() {
            try requireFinite(k, "key time #\(i)")
            guard (0...1).contains(k) else { throw .keyTimeOutOfRange(index: i, value: k) }
            if i > 0, k < keyTimes[i - 1] { throw .keyTimesNotMonotonic(index: i) }
        }
        guard keyTimes.first == 0, keyTimes.last == 1 else {
            throw .keyTimesMustSpanUnitInterval(first: keyTimes[0], last: keyTimes[keyTimes.count - 1])
        }
        self.values = values
        self.keyTimes = keyTimes
    }

    /// Keyframes with evenly spaced key times τ_i = i/(n−1) (Core Animation's default
    /// when `keyTimes` is nil).
    public init(values: [Double]) throws(MotionError) {
        let n = values.count
        guard n >= 2 else { throw .tooFewKeyframes(count: n) }
        var times = (0..<n).map { Double($0) / Double(n - 1) }
        times[n - 1] = 1
        try self.init(values: values, keyTimes: times)
    }

    /// K(progress): linear interpolation between the keyframes around `progress`
    /// (clamped to [0, 1]).
    public func value(at progress: Double) -> Double {
        let n = values.count
        if !(progress > 0) { return progress.isNaN ? progress : valueAtZero }
        if progress >= 1 { return values[n - 1] }
        // Largest i with keyTimes[i] ≤ progress (binary search; keyTimes[0] = 0 < progress).
        var lo = 0, hi = n - 1          // invariant: keyTimes[lo] ≤ p < keyTimes[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= progress { lo = mid } else { hi = mid }
        }
        let t0 = keyTimes[lo], t1 = keyTimes[lo + 1]
        let f = (progress - t0) / (t1 - t0)       // t1 > p ≥ t0, so t1 > t0
        return values[lo] + (values[lo + 1] - values[lo]) * f
    }

    /// K(0): the value of the last keyframe at time 0 (right-continuity for repeated 0s).
    private var valueAtZero: Double {
        var i = 0
        while i + 1 < keyTimes.count, keyTimes[i + 1] <= 0 { i += 1 }
        return values[i]
    }
}
