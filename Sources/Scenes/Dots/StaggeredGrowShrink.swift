// A staggered grow/shrink wave of event-driven animations   (docs/ANIMATIONS.md §4.2, §4.4, §4.3)
//
// Element i (0-based) of a row, in ideal time, for cycle k = 0, 1, 2, …:
//
//   grow   at g(k,i) = k·cycle + stagger·i         model scale := bigScale
//   shrink at g(k,i) + hold                         model scale := smallScale
//   before the first grow:                          scale = initialScale, α = initialOpacity
//
// Opacity rule: at every event the opacity target is chosen from the **model** scale,
//   α_target = fullOpacity if scale ≥ threshold else dimOpacity,
// and animates in the same transaction: same curve, same effective duration
// d = baseDuration / speed. Both properties combine by the chained blend.
//
// Periodicity: if 0 ≤ hold < cycle, element i is periodic with period `cycle` once its
// first grow has finished, t ≥ stagger·i + d: at t + cycle the extra cycle-0 events
// (grow, shrink) both precede the finished grow of cycle 1, which resets the chain.
// (Otherwise the general bound of `EventSchedule.periodicFrom` is used.)
//
// Defaults are the progress-dots values of §4.4: stagger 0.2, hold 0.4, cycle 1.0,
// bigScale 1.0, smallScale 0.2, threshold 0.7, dimOpacity 0.7, curve E = easeInOut,
// baseDuration 0.35, speed 0.5 (d = 0.7), initial scale 0, initial α 0.7.

import Motion

/// Parameters and timelines of a staggered grow/shrink wave (the progress dots).
/// Knows nothing of geometry or colour: it yields per-element (scale, opacity).
public struct StaggeredGrowShrink: Sendable, Equatable {
    public let stagger: Double
    public let hold: Double
    public let cycle: Double
    public let bigScale: Double
    public let smallScale: Double
    public let threshold: Double
    public let dimOpacity: Double
    public let fullOpacity: Double
    /// curve, baseDuration and speed of every event's animation.
    public let animation: CurveAnimation
    public let initialScale: Double
    public let initialOpacity: Double

    /// The §4.4 default animation: easeInOut, 0.35 s, speed 0.5 (d = 0.7 s).
    public static let defaultAnimation: CurveAnimation = {
        do { return try CurveAnimation(curve: .easeInOut, duration: 0.35, speed: 0.5) }
        catch { preconditionFailure("\(error)") }
    }()

    /// Throws unless cycle > 0, stagger ≥ 0, hold ≥ 0 and all numbers are finite.
    public init(stagger: Double = 0.2, hold: Double = 0.4, cycle: Double = 1.0,
                bigScale: Double = 1.0, smallScale: Double = 0.2,
                threshold: Double = 0.7, dimOpacity: Double = 0.7, fullOpacity: Double = 1.0,
                animation: CurveAnimation = StaggeredGrowShrink.defaultAnimation,
                initialScale: Double = 0, initialOpacity: Double = 0.7) throws(MotionError) {
        try requireNonNegative(stagger, "stagger")
        try requireNonNegative(hold, "hold")
        try requirePositive(cycle, "cycle")
        for (name, v) in [("bigScale", bigScale), ("smallScale", smallScale), ("threshold", threshold),
                          ("dimOpacity", dimOpacity), ("fullOpacity", fullOpacity),
                          ("initialScale", initialScale), ("initialOpacity", initialOpacity)] {
            try requireFinite(v, name)
        }
        self.stagger = stagger; self.hold = hold; self.cycle = cycle
        self.bigScale = bigScale; self.smallScale = smallScale
        self.threshold = threshold; self.dimOpacity = dimOpacity; self.fullOpacity = fullOpacity
        self.animation = animation
        self.initialScale = initialScale; self.initialOpacity = initialOpacity
    }

    /// The opacity target for a model scale: fullOpacity if scale ≥ threshold, else dimOpacity.
    public func opacityTarget(forModelScale scale: Double) -> Double {
        scale >= threshold ? fullOpacity : dimOpacity
    }

    /// Element i's scale events: grow at stagger·i, shrink at stagger·i + hold, every cycle, forever.
    public func scaleSchedule(element i: Int) -> EventSchedule<Double> {
        precondition(i >= 0, "element index must be ≥ 0")
        let g = stagger * Double(i)
        let pattern = [AnimationEvent(time: g, target: bigScale, animation: animation),
                       AnimationEvent(time: g + hold, target: smallScale, animation: animation)]
        do { return try EventSchedule.periodic(cycle: cycle, pattern: pattern) }
        catch { preconditionFailure(error.description) }   // parameters were validated in init
    }

    /// Element i's animated scale S(t).
    public func scale(element i: Int) -> AnimatedValue<Double> {
        AnimatedValue(initial: initialScale, schedule: scaleSchedule(element: i))
    }

    /// Element i's animated opacity α(t) (targets from the model-scale rule).
    public func opacity(element i: Int) -> AnimatedValue<Double> {
        scale(element: i).mapTargets(initial: initialOpacity) { opacityTarget(forModelScale: $0) }
    }

    /// Element i's (scale, opacity) as one animated pair.
    public func scaleAndOpacity(element i: Int) -> AnimatedValue<AnimatablePair<Double, Double>> {
        scale(element: i).mapTargets(initial: AnimatablePair(initialScale, initialOpacity)) {
            AnimatablePair($0, opacityTarget(forModelScale: $0))
        }
    }

    /// Element i's presentation (scale S, opacity α) at time t, chained model.
    public func state(element i: Int, at t: Double) -> (scale: Double, opacity: Double) {
        let v = scaleAndOpacity(element: i).value(at: t)
        return (v.first, v.second)
    }

    /// A time from which element i is periodic with period `cycle`:
    /// stagger·i + d when 0 ≤ hold < cycle, else the general schedule bound.
    public func periodicFrom(element i: Int) -> Double {
        if hold < cycle { return stagger * Double(i) + animation.effectiveDuration }
        return scaleSchedule(element: i).periodicFrom ?? .infinity
    }

    /// A time from which a row of `count` elements is periodic: the latest element's bound.
    public func periodicFrom(count: Int) -> Double {
        (0..<max(count, 1)).map { periodicFrom(element: $0) }.max() ?? 0
    }
}
