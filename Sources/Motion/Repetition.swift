// Repeating timing model                                 (docs/ANIMATIONS.md §3.3, [R4d][R5b])
//
// An animation of duration D that begins at t0 and repeats N times back to back
// (N may be fractional, e.g. 2.5, or infinite). At clock time t:
//
//   τ = t − t0
//   if τ < 0 or τ ≥ N·D:  inactive (nothing is presented; the model value shows)
//   k = floor(τ / D)      iteration index
//   u = τ/D − k           local progress in [0, 1)
//
// Floating-point boundaries. q = τ/D is computed once; if q lies within
// 1e−12·max(1, |q|) of an integer it is snapped to that integer, so a sample that is
// meant to sit on an iteration boundary gets u = 0 of the next iteration rather than
// u ≈ 1 of the previous one (e.g. t = 4.2, D = 1.4 → k = 3, u = 0). The end test
// q ≥ N uses the same tolerance, so t = 21.0 with D = 1.4, N = 15 is inactive.
// Beyond q ≥ 2^53 the iteration index is no longer representable exactly and the
// timing is reported inactive.

/// How often an animation repeats.
public enum RepeatCount: Sendable, Hashable {
    /// N > 0 repetitions; fractional counts end part-way through an iteration.
    case finite(Double)
    /// Repeats forever.
    case infinite

    /// N as a number (`.infinity` for `.infinite`).
    public var count: Double {
        switch self {
        case .finite(let n): return n
        case .infinite: return .infinity
        }
    }

    /// Core Animation's reading of a `repeatCount` property: 0 (the default) plays once,
    /// `.infinity` and `Float.greatestFiniteMagnitude` repeat forever.
    public static func coreAnimation(_ repeatCount: Double) -> RepeatCount {
        if repeatCount == 0 { return .finite(1) }
        if repeatCount >= Double(Float.greatestFiniteMagnitude) { return .infinite }
        return .finite(repeatCount)
    }
}

/// The time model of a repeating animation: duration D, repeat count N, begin time t0.
public struct Repetition: Sendable, Equatable {
    /// D, the length of one iteration in seconds (> 0).
    public let duration: Double
    /// N.
    public let repeatCount: RepeatCount
    /// t0, the clock time at which iteration 0 starts.
    public let beginTime: Double

    /// Relative tolerance used to snap τ/D onto integers and onto N.
    public static let boundaryTolerance = 1e-12

    /// Throws unless D > 0, t0 is finite and a finite N is > 0. `.finite(.infinity)` is
    /// stored as `.infinite`.
    public init(duration: Double, repeatCount: RepeatCount = .finite(1), beginTime: Double = 0) throws(MotionError) {
        try requirePositive(duration, "duration")
        try requireFinite(beginTime, "beginTime")
        var count = repeatCount
        if case .finite(let n) = repeatCount {
            if n == .infinity {
                count = .infinite
            } else if !(n > 0) || n.isNaN {
                throw .invalidRepeatCount(n)
            }
        }
        self.duration = duration
        self.repeatCount = count
        self.beginTime = beginTime
    }

    /// N·D in seconds (`.infinity` when repeating forever).
    public var activeDuration: Double { repeatCount.count * duration }

    /// t0 + N·D: the first clock time at which the animation is gone.
    public var endTime: Double { beginTime + activeDuration }

    /// (k, u) at clock time `t`, or nil when τ = t − t0 < 0 or τ ≥ N·D (see the file header
    /// for the boundary rules).
    public func iteration(at t: Double) -> (index: Int, progress: Double)? {
        guard t.isFinite else { return nil }
        var q = (t - beginTime) / duration
        let nearest = q.rounded()
        if abs(q - nearest) <= Self.boundaryTolerance * max(1, abs(nearest)) { q = nearest }
        if q < 0 { return nil }
        if case .finite(let n) = repeatCount {
            if q >= n || abs(q - n) <= Self.boundaryTolerance * max(1, n) { return nil }
        }
        guard q < 9_007_199_254_740_992 else { return nil }   // 2^53
        let k = q.rounded(.down)
        return (Int(k), q - k)
    }

    /// True when `iteration(at:)` is non-nil.
    public func isActive(at t: Double) -> Bool { iteration(at: t) != nil }
}
