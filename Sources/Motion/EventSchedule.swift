// Event schedules: finite lists and periodic patterns, evaluated by window
//                                                       (docs/ANIMATIONS.md §4.2, §4.3)
//
// A schedule is an ordered (possibly infinite) sequence of animation events
// (e_j, v_j, d_j). The chain order is time order; events with equal times keep their
// given order (for a periodic pattern: cycle k first, then pattern position m).
//
// * finite list:  the given events, stably sorted by time.
// * periodic:     pattern events (o_m, v_m, anim_m) repeated every `cycle` c from `start`:
//                 e_{k,m} = start + k·c + o_m   for k = 0, 1, 2, … (or k < cycles).
//
// Window rule (why evaluating at t = 10 000 s needs no loop over 10 000 cycles).
// Let dmax = max_j d_j. An event with e_j ≤ t − dmax has x_j = (t − e_j)/d_j ≥ 1, so
// it has finished. In the chained model a finished event sets R = v_j no matter
// what R was before, and in the additive model all events up to it in chain order
// are finished, so their terms telescope to v_j − v_init. Hence the value at t
// depends only on
//
//   anchor = the last event (chain order) with e_j ≤ t − dmax   (if any), and
//   window = the events with t − dmax < e_j ≤ t, in chain order.
//
// For a periodic schedule these come from cycles k ∈ [kLo, kHi] with
//   K   = ⌊(t − start − dmax − o_max)/c⌋   (the last cycle whose last event is ≤ t − dmax)
//   kHi = ⌊(t − start − o_min)/c⌋ + 1       (later cycles start after t), capped at cycles − 1
//   kLo = min(kHi, max(0, K − 1))
// i.e. about (dmax + o_max − o_min)/c + 3 cycles, independent of t. Every event of a
// cycle k < K is earlier than event (K, o_max), which is itself ≤ t − dmax: so it is
// neither the anchor nor in the window. (The extra −1/+1 absorb rounding in ⌊·⌋.)
//
// Periodicity. For an unbounded periodic schedule, value(t + c) = value(t) for every
// t ≥ start + o_max + dmax: then the whole of cycle 0 is at least dmax in the past at
// t, so the anchor exists at t, the anchor at t + c is its copy one cycle later, and
// the window at t + c is the window at t shifted by c. This is a sufficient bound;
// specific patterns can become periodic earlier (see the dots scene's `StaggeredGrowShrink`).

/// The events that determine an animated value at one time `t` (see the window rule).
public struct RelevantEvents<Value: Interpolatable>: Sendable, Equatable {
    /// The last event with e ≤ t − dmax (finished; it resets the chain), if any.
    public var anchor: AnimationEvent<Value>?
    /// Events with t − dmax < e ≤ t in chain order, with absolute times.
    public var window: [AnimationEvent<Value>]
}

/// A finite or periodic, time-ordered sequence of animation events.
public struct EventSchedule<Value: Interpolatable>: Sendable, Equatable {
    /// Events sorted by time (stable). For a periodic schedule their times are offsets
    /// o_m within a cycle; otherwise they are absolute times.
    public let pattern: [AnimationEvent<Value>]
    /// c, the period, or nil for a plain finite list.
    public let cycle: Double?
    /// Clock time of cycle 0 (0 for a plain list).
    public let start: Double
    /// Number of cycles, nil = forever (always 1 for a plain list).
    public let cycles: Int?
    /// dmax, the longest effective duration of any event (0 when empty).
    public let maxEffectiveDuration: Double

    private init(pattern: [AnimationEvent<Value>], cycle: Double?, start: Double, cycles: Int?) {
        // Stable sort by time.
        let sorted = pattern.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        self.pattern = sorted
        self.cycle = cycle
        self.start = start
        self.cycles = cycles
        self.maxEffectiveDuration = sorted.map(\.animation.effectiveDuration).max() ?? 0
    }

    /// A finite list of events at absolute times; equal times keep their given order.
    /// Throws if an event time is not finite.
    public init(events: [AnimationEvent<Value>]) throws(MotionError) {
        for (i, e) in events.enumerated() { try requireFinite(e.time, "event time #\(i)") }
        self.init(pattern: events, cycle: nil, start: 0, cycles: nil)
    }

    /// Pattern events at offsets o_m repeated every `cycle` seconds from `start`,
    /// forever (`cycles` nil) or `cycles` times. Offsets may be negative or exceed
    /// the cycle; events of different cycles are merged in time order.
    public static func periodic(cycle: Double, pattern: [AnimationEvent<Value>], start: Double = 0,
                                cycles: Int? = nil) throws(MotionError) -> EventSchedule {
        try requirePositive(cycle, "cycle")
        try requireFinite(start, "start")
        if let n = cycles, n < 0 { throw .negative(parameter: "cycles", value: Double(n)) }
        for (i, e) in pattern.enumerated() { try requireFinite(e.time, "pattern offset #\(i)") }
        return EventSchedule(pattern: pattern, cycle: cycle, start: start, cycles: cycles)
    }

    /// The same schedule with every target mapped through `transform`.
    public func mapTargets<U: Interpolatable>(_ transform: (Value) throws -> U) rethrows -> EventSchedule<U> {
        EventSchedule<U>(pattern: try pattern.map { try $0.mapTarget(transform) },
                         cycle: cycle, start: start, cycles: cycles)
    }

    /// For an unbounded periodic schedule, a time from which value(t + c) = value(t):
    /// start + o_max + dmax (sufficient, see the file header). nil otherwise.
    public var periodicFrom: Double? {
        guard cycle != nil, cycles == nil, let last = pattern.last else { return nil }
        return start + last.time + maxEffectiveDuration
    }

    // MARK: Enumeration

    /// Absolute time of pattern event m in cycle k.
    @inline(__always)
    private func time(cycle k: Int, _ m: Int) -> Double {
        guard let c = cycle else { return pattern[m].time }
        return start + Double(k) * c + pattern[m].time
    }

    /// Range of cycles that can hold the anchor or window events for `t`.
    private func cycleRange(at t: Double) -> ClosedRange<Int>? {
        guard let first = pattern.first, let last = pattern.last else { return nil }
        guard let c = cycle else { return 0...0 }
        let base = t - start
        let hiD = ((base - first.time) / c).rounded(.down) + 1
        var kHi = hiD < 0 ? -1 : Int(min(hiD, 9.0e15))
        if let n = cycles { kHi = min(kHi, n - 1) }
        guard kHi >= 0 else { return nil }
        let loD = ((base - maxEffectiveDuration - last.time) / c).rounded(.down) - 1
        let kLo = min(kHi, loD <= 0 ? 0 : Int(min(loD, 9.0e15)))
        return kLo...kHi
    }

    /// The anchor and window for time `t` (see the window rule). O(window) for periodic
    /// schedules, O(log n + window) for lists.
    public func relevantEvents(at t: Double) -> RelevantEvents<Value> {
        withRelevantEvents(at: t) { anchor, window in RelevantEvents(anchor: anchor, window: Array(window)) }
    }

    /// Calls `body` with the anchor and the window for time `t` (the same events as
    /// `relevantEvents(at:)`), without heap allocation: the window lives in temporary (stack)
    /// storage that is valid only during `body`. This is what a frame evaluates.
    public func withRelevantEvents<R>(at t: Double,
                                      _ body: (AnimationEvent<Value>?, UnsafeBufferPointer<AnimationEvent<Value>>) -> R) -> R {
        let empty = UnsafeBufferPointer<AnimationEvent<Value>>(start: nil, count: 0)
        guard t.isFinite, let ks = cycleRange(at: t) else { return body(nil, empty) }
        let finishedBefore = t - maxEffectiveDuration

        if cycle == nil {
            // Plain list: binary search for the first event after `finishedBefore` and after t.
            let i0 = firstIndex(after: finishedBefore)
            let i1 = firstIndex(after: t)
            let anchor = i0 > 0 ? pattern[i0 - 1] : nil
            return pattern.withUnsafeBufferPointer { all in
                body(anchor, i0 < i1 ? UnsafeBufferPointer(rebasing: all[i0..<i1]) : empty)
            }
        }

        // Periodic: scan the few candidate cycles in chain order (k, then m). Times are
        // non-decreasing within a cycle, but cycles may interleave, so sort the window
        // (insertion sort: it holds a handful of events).
        let mCount = pattern.count
        let capacity = ks.count * mCount
        return withUnsafeTemporaryAllocation(of: (time: Double, seq: Int, m: Int).self, capacity: capacity) { keys in
            var anchorKey: (time: Double, seq: Int)? = nil
            var anchorM = 0
            var n = 0
            for k in ks {
                for m in 0..<mCount {
                    let e = time(cycle: k, m)
                    if e > t { break }                     // later pattern events of cycle k are later still
                    let seq = (k - ks.lowerBound) * mCount + m
                    if e <= finishedBefore {
                        if anchorKey == nil || (e, seq) > (anchorKey!.time, anchorKey!.seq) {
                            anchorKey = (e, seq)
                            anchorM = m
                        }
                    } else {
                        var j = n
                        while j > 0 && (keys[j - 1].time, keys[j - 1].seq) > (e, seq) {
                            keys[j] = keys[j - 1]
                            j -= 1
                        }
                        keys[j] = (e, seq, m)
                        n += 1
                    }
                }
            }
            var anchor: AnimationEvent<Value>? = nil
            if let key = anchorKey {
                var a = pattern[anchorM]
                a.time = key.time
                anchor = a
            }
            return withUnsafeTemporaryAllocation(of: AnimationEvent<Value>.self, capacity: max(n, 1)) { events in
                for i in 0..<n {
                    var ev = pattern[keys[i].m]
                    ev.time = keys[i].time
                    (events.baseAddress! + i).initialize(to: ev)
                }
                defer { (events.baseAddress!).deinitialize(count: n) }
                return body(anchor, UnsafeBufferPointer(start: events.baseAddress, count: n))
            }
        }
    }

    /// All events with e ≤ t in chain order, with absolute times. O(number of events):
    /// the reference path against which `relevantEvents(at:)` is tested.
    public func events(through t: Double) -> [AnimationEvent<Value>] {
        guard !pattern.isEmpty, t.isFinite else { return [] }
        guard let c = cycle else { return Array(pattern[0..<firstIndex(after: t)]) }
        let hiD = ((t - start - pattern[0].time) / c).rounded(.down) + 1
        var kHi = hiD < 0 ? -1 : Int(min(hiD, 9.0e15))
        if let n = cycles { kHi = min(kHi, n - 1) }
        guard kHi >= 0 else { return [] }
        var all: [(time: Double, seq: Int, m: Int)] = []
        for k in 0...kHi {
            for m in pattern.indices {
                let e = time(cycle: k, m)
                if e <= t { all.append((e, k * pattern.count + m, m)) }
            }
        }
        all.sort { ($0.time, $0.seq) < ($1.time, $1.seq) }
        return all.map { item in
            var ev = pattern[item.m]
            ev.time = item.time
            return ev
        }
    }

    /// The first index of `pattern` whose time is > `x` (plain lists).
    private func firstIndex(after x: Double) -> Int {
        var lo = 0, hi = pattern.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if pattern[mid].time <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
