// SwiftUI's combining of overlapping timing-curve animations   (docs/ANIMATIONS.md §4.3, Q8;
//                                                               [R11b][R24b])
//
// One animatable property, initial value v_init, events (e_j, v_j, d_j, curve_j) in
// chain order (time order). Each event starts an animation towards its new model
// value v_j. Timing-curve animations do not merge; SwiftUI runs them together and
// combines them with a **chained blend** — each newer animation interpolates from the
// running result of all older ones to its own target:
//
//   R = v_init
//   for each event j with e_j ≤ t, in order:
//       x = (t − e_j) / d_j
//       if x ≥ 1:  R = v_j                         (finished: resets the chain)
//       else:      R = R + curve_j(x)·(v_j − R)
//   presentation value = R
//
// (OpenSwiftUI `DefaultCombiningAnimation.swift`.) This is the default, used by
// `AnimatedValue.value(at:)`.
//
// The purely additive reading, **not** the default, kept for comparison (§5 Q8):
//
//   R = v_init + Σ_{j: e_j ≤ t} c_j·(v_j − v_{j−1}),   v_{−1} = v_init,
//   c_j = curve_j(x_j) for x_j < 1, else 1.
//
// It differs from the chain only while animations overlap (for the dots by ≤ 0.007).
//
// Efficiency: both depend only on the "anchor" (last event with e_j ≤ t − dmax,
// necessarily finished) and the events of the last dmax seconds — see
// EventSchedule.swift. In the chain the anchor sets R = v_anchor and older events
// are irrelevant; in the sum every event up to the anchor has c = 1, so their terms
// telescope to v_anchor − v_init. `AnimatedValue` evaluates only those events.
//
// Derived values (§4.2). A value animated in the same transaction whose target is a
// function f of the model value (e.g. opacity = 1 if scale ≥ 0.7 else 0.7) is the
// same chain run on the targets f(v_j), from its own initial value:
// `AnimatedValue.mapTargets(initial:_:)`. Each chain step is an affine combination
// R ← (1 − c)·R + c·v, so if f agrees with an affine map g on the targets that occur,
// then once the initial value has been forgotten (after the first finished event)
// the derived presentation value is exactly g(presentation value). For the dots,
// g(S) = 0.625 + 0.375·S.

/// The two combining rules as pure functions over an explicit event sequence.
public enum AnimationCombining {
    /// The chained blend (SwiftUI's rule, the default). `events` must be in chain
    /// order; events with time > t are ignored.
    public static func chained<Value: Interpolatable, Events: Sequence>(
        initial: Value, events: Events, at t: Double
    ) -> Value where Events.Element == AnimationEvent<Value> {
        var r = initial
        for event in events where event.time <= t {
            if let c = event.animation.weight(elapsed: t - event.time) {
                r = r.interpolated(towards: event.target, amount: c)
            } else {
                r = event.target
            }
        }
        return r
    }

    /// The purely additive reading — **not** SwiftUI's rule; for comparison only.
    /// `events` must be in chain order; events with time > t are ignored.
    public static func additive<Value: Interpolatable, Events: Sequence>(
        initial: Value, events: Events, at t: Double
    ) -> Value where Events.Element == AnimationEvent<Value> {
        var r = initial
        var previous = initial
        for event in events where event.time <= t {
            let delta = event.target - previous
            if let c = event.animation.weight(elapsed: t - event.time) {
                r = r + delta.scaled(by: c)
            } else {
                r = r + delta
            }
            previous = event.target
        }
        return r
    }
}

/// An event-driven animated property: an initial value plus a (possibly infinite)
/// schedule of events, each setting a new model value animated by a timing curve.
public struct AnimatedValue<Value: Interpolatable>: Sendable, Equatable {
    /// The model and presentation value before the first event.
    public let initial: Value
    public let schedule: EventSchedule<Value>

    public init(initial: Value, schedule: EventSchedule<Value>) {
        self.initial = initial
        self.schedule = schedule
    }

    /// A finite event list (stably sorted by time). Throws if an event time is not finite.
    public init(initial: Value, events: [AnimationEvent<Value>]) throws(MotionError) {
        self.init(initial: initial, schedule: try EventSchedule(events: events))
    }

    /// The presentation value at `t` by the chained blend (SwiftUI's rule). Cost is
    /// independent of t: only the anchor and the last dmax seconds are evaluated.
    public func value(at t: Double) -> Value {
        schedule.withRelevantEvents(at: t) { anchor, window in
            AnimationCombining.chained(initial: anchor?.target ?? initial, events: window, at: t)
        }
    }

    /// The presentation value at `t` by the additive reading (**not** the default;
    /// for comparison). Same cost as `value(at:)`.
    public func additiveValue(at t: Double) -> Value {
        let relevant = schedule.relevantEvents(at: t)
        return AnimationCombining.additive(initial: relevant.anchor?.target ?? initial,
                                           events: relevant.window, at: t)
    }

    /// The model value at `t`: the target of the last event with e ≤ t, else `initial`.
    public func modelValue(at t: Double) -> Value {
        let relevant = schedule.relevantEvents(at: t)
        return relevant.window.last?.target ?? relevant.anchor?.target ?? initial
    }

    /// A value animated in the same transactions whose targets are `transform` of this
    /// value's targets (same times, curves, durations), starting from `initial`.
    public func mapTargets<U: Interpolatable>(initial: U, _ transform: (Value) throws -> U) rethrows -> AnimatedValue<U> {
        AnimatedValue<U>(initial: initial, schedule: try schedule.mapTargets(transform))
    }
}
