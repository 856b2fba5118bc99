// One timing-curve animation and the event that starts it  (docs/ANIMATIONS.md §4.2, [R9][R10])
//
// A SwiftUI timing-curve animation `.timingCurve(curve, duration: D).speed(σ)` runs
// for the effective duration d = D / σ (speed multiplies time). Started at event
// time e, its fraction at clock time t is
//
//   x = (t − e) / d,     progress c = curve(x) for 0 ≤ x < 1,   finished when x ≥ 1.
//
// d = 0 (D = 0) means "finished at once". Speeds compose multiplicatively:
// `.speed(a).speed(b)` is speed a·b.
//
// An event (e, v, animation) says: at time e the model value became v, and the change
// is animated with `animation`.

/// A timing-curve animation: curve, base duration and speed.
public struct CurveAnimation: Sendable, Hashable {
    public let curve: TimingCurve
    /// D, the base duration in seconds (≥ 0).
    public let duration: Double
    /// σ > 0, the speed multiplier.
    public let speed: Double

    /// SwiftUI's default duration for `easeInOut`, `easeIn`, `easeOut`, `linear`: 0.35 s.
    public static let defaultDuration = 0.35

    /// Throws unless D ≥ 0 and σ > 0 (both finite).
    public init(curve: TimingCurve, duration: Double = CurveAnimation.defaultDuration, speed: Double = 1) throws(MotionError) {
        try requireNonNegative(duration, "duration")
        try requirePositive(speed, "speed")
        self.curve = curve
        self.duration = duration
        self.speed = speed
    }

    /// SwiftUI `Animation.easeInOut(duration:)`: curve B(0.42, 0, 0.58, 1). Traps on a
    /// negative or non-finite duration.
    public static func easeInOut(duration: Double = CurveAnimation.defaultDuration) -> CurveAnimation {
        do { return try CurveAnimation(curve: .easeInOut, duration: duration) } catch { preconditionFailure(error.description) }
    }

    /// SwiftUI `Animation.speed(_:)`: the same animation running `factor` times as fast.
    public func speed(_ factor: Double) throws(MotionError) -> CurveAnimation {
        try requirePositive(factor, "speed")
        return try CurveAnimation(curve: curve, duration: duration, speed: speed * factor)
    }

    /// d = D / σ, the wall-clock length of the animation.
    public var effectiveDuration: Double { duration / speed }

    /// The blend weight curve(x) with x = elapsed/d, or nil once the animation has
    /// finished (x ≥ 1, or d = 0 and elapsed ≥ 0).
    @inline(__always)
    public func weight(elapsed: Double) -> Double? {
        let d = effectiveDuration
        if d <= 0 { return elapsed >= 0 ? nil : 0 }
        let x = elapsed / d
        if x >= 1 { return nil }
        return curve(x)
    }
}

/// At `time` the model value became `target`; the change animates with `animation`.
public struct AnimationEvent<Value: Interpolatable>: Sendable, Equatable {
    /// e, in seconds (or an offset within a cycle, inside a periodic pattern).
    public var time: Double
    /// v, the new model value.
    public var target: Value
    public var animation: CurveAnimation

    public init(time: Double, target: Value, animation: CurveAnimation) {
        self.time = time
        self.target = target
        self.animation = animation
    }

    /// The same event with its target mapped through `transform` (same time and animation).
    public func mapTarget<U: Interpolatable>(_ transform: (Value) throws -> U) rethrows -> AnimationEvent<U> {
        AnimationEvent<U>(time: time, target: try transform(target), animation: animation)
    }
}
