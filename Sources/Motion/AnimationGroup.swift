// Animation group: a repeating time space warped by a group timing function
//                                                     (docs/ANIMATIONS.md §3.3, Q2; [R4c][R5][R5a])
//
// A CAAnimationGroup with duration D, repeat count N, begin time t0 and timing
// function F runs its children "in the time space specified by the group": the
// group's timing function is applied first and the children see the warped progress.
// For children that last the whole group duration:
//
//   (k, u) = Repetition(D, N, t0).iteration(at: t)      nil → nothing presented
//   w      = F(u)                                        warped local progress
//   child value = child(w)     e.g. scale s = w,  opacity α = K(w) for keyframes K
//
// The child's local time in seconds is w·D.

/// Group timing: a `Repetition` plus a group timing function F that warps the
/// progress every child sees.
public struct AnimationGroup: Sendable, Equatable {
    public let repetition: Repetition
    /// F, applied to the group's local progress before the children see it.
    public let timingFunction: TimingCurve

    public init(repetition: Repetition, timingFunction: TimingCurve = .linear) {
        self.repetition = repetition
        self.timingFunction = timingFunction
    }

    /// Throws for the same inputs as `Repetition.init`.
    public init(duration: Double, repeatCount: RepeatCount = .finite(1), beginTime: Double = 0,
                timingFunction: TimingCurve = .linear) throws(MotionError) {
        self.init(repetition: try Repetition(duration: duration, repeatCount: repeatCount, beginTime: beginTime),
                  timingFunction: timingFunction)
    }

    /// D.
    public var duration: Double { repetition.duration }

    /// The group state at `t`: iteration index k, raw local progress u and warped
    /// progress w = F(u); nil when the group is inactive.
    public func state(at t: Double) -> (index: Int, progress: Double, warped: Double)? {
        guard let (k, u) = repetition.iteration(at: t) else { return nil }
        return (k, u, timingFunction(u))
    }

    /// w = F(u), the progress the children see; nil when the group is inactive
    /// (τ < 0 or τ ≥ N·D).
    public func localProgress(at t: Double) -> Double? {
        state(at: t)?.warped
    }

    /// w·D, the children's local time in seconds; nil when inactive.
    public func localTime(at t: Double) -> Double? {
        localProgress(at: t).map { $0 * duration }
    }
}
