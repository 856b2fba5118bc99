import Testing
@testable import Motion

/// The windowed evaluation (anchor + last dmax seconds) must equal the naive chain over
/// every event since t = 0, for lists and periodic patterns.
@Suite struct EventScheduleTests {
    static func anim(_ curve: TimingCurve, _ d: Double) -> CurveAnimation {
        try! CurveAnimation(curve: curve, duration: d)
    }

    /// A deliberately awkward pattern: mixed durations (dmax = 1.7 > cycle), offsets that
    /// exceed the cycle and interleave with the next cycles, a tie inside the pattern.
    static let awkward: [AnimationEvent<Double>] = [
        AnimationEvent(time: 0.0, target: 1.0, animation: anim(.easeInOut, 0.7)),
        AnimationEvent(time: 0.3, target: -2.0, animation: anim(.caDefault, 1.7)),
        AnimationEvent(time: 0.3, target: 4.0, animation: anim(.easeIn, 0.2)),
        AnimationEvent(time: 1.25, target: 0.5, animation: anim(.easeOut, 0.9)),
        AnimationEvent(time: 2.6, target: 3.0, animation: anim(.linear, 0.4)),
    ]

    static let probeTimes: [Double] = stride(from: -0.5, through: 12.0, by: 0.0137).map { $0 } + [0, 0.3, 1.0, 2.6, 3.6, 10.0]

    @Test func periodicWindowEqualsNaiveChain() throws {
        let schedule = try EventSchedule.periodic(cycle: 1.0, pattern: Self.awkward, start: 0.25)
        let v = AnimatedValue(initial: 7.0, schedule: schedule)
        for t in Self.probeTimes {
            let all = schedule.events(through: t)
            let naive = AnimationCombining.chained(initial: 7.0, events: all, at: t)
            let naiveAdd = AnimationCombining.additive(initial: 7.0, events: all, at: t)
            #expect(close(v.value(at: t), naive, 1e-12), "t = \(t)")
            #expect(close(v.additiveValue(at: t), naiveAdd, 1e-12), "t = \(t) additive")
            #expect(v.modelValue(at: t) == (all.last?.target ?? 7.0))
        }
    }

    @Test func boundedPeriodicWindowEqualsNaiveChain() throws {
        let schedule = try EventSchedule.periodic(cycle: 0.8, pattern: Self.awkward, start: 0, cycles: 4)
        let v = AnimatedValue(initial: -1.0, schedule: schedule)
        #expect(schedule.periodicFrom == nil)
        for t in Self.probeTimes {
            let naive = AnimationCombining.chained(initial: -1.0, events: schedule.events(through: t), at: t)
            #expect(close(v.value(at: t), naive, 1e-12), "t = \(t)")
        }
        // Long after the last cycle the last event (cycle 3, offset 2.6) holds.
        #expect(v.value(at: 1000) == 3.0)
        #expect(schedule.events(through: 1000).count == 4 * Self.awkward.count)
    }

    @Test func listWindowEqualsNaiveChain() throws {
        // 40 events at irregular times, given out of order.
        var events: [AnimationEvent<Double>] = []
        for j in 0..<40 {
            let time = Double((j * 7919) % 40) * 0.31
            let curve: TimingCurve = j % 3 == 0 ? .easeInOut : (j % 3 == 1 ? .caDefault : .linear)
            events.append(AnimationEvent(time: time, target: Double(j % 5) - 2, animation: Self.anim(curve, 0.2 + Double(j % 4) * 0.5)))
        }
        let schedule = try EventSchedule(events: events)
        let v = AnimatedValue(initial: 0.5, schedule: schedule)
        #expect(schedule.maxEffectiveDuration == 1.7)
        for t in Self.probeTimes {
            let naive = AnimationCombining.chained(initial: 0.5, events: schedule.events(through: t), at: t)
            #expect(close(v.value(at: t), naive, 1e-12), "t = \(t)")
        }
    }

    @Test func windowSizeIndependentOfTime() throws {
        let schedule = try EventSchedule.periodic(cycle: 1.0, pattern: Self.awkward)
        let early = schedule.relevantEvents(at: 5.5)
        let late = schedule.relevantEvents(at: 100_000.5)
        #expect(early.anchor != nil && late.anchor != nil)
        #expect(early.window.count == late.window.count)
        #expect(late.window.count <= 10)
        // Window = events with t − dmax < e ≤ t, sorted.
        for e in late.window { #expect(e.time > 100_000.5 - 1.7 && e.time <= 100_000.5) }
        #expect(zip(late.window, late.window.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(late.anchor!.time <= 100_000.5 - 1.7)
    }

    @Test func periodicFromIsAPeriod() throws {
        let schedule = try EventSchedule.periodic(cycle: 1.0, pattern: Self.awkward, start: 0.25)
        let from = try #require(schedule.periodicFrom)
        #expect(close(from, 0.25 + 2.6 + 1.7, 1e-12))
        let v = AnimatedValue(initial: 7.0, schedule: schedule)
        for t in stride(from: from, through: from + 3, by: 0.01) {
            #expect(close(v.value(at: t), v.value(at: t + 1), 1e-9), "t = \(t)")
        }
    }

    @Test func beforeTheFirstEvent() throws {
        let schedule = try EventSchedule.periodic(cycle: 1.0, pattern: Self.awkward, start: 3)
        let v = AnimatedValue(initial: 7.0, schedule: schedule)
        #expect(v.value(at: 2.99) == 7)
        #expect(schedule.relevantEvents(at: -100).window.isEmpty)
        #expect(schedule.relevantEvents(at: -100).anchor == nil)
        let empty = try EventSchedule<Double>(events: [])
        #expect(AnimatedValue(initial: 1.5, schedule: empty).value(at: 10) == 1.5)
    }

    @Test func validation() {
        #expect(throws: MotionError.notPositive(parameter: "cycle", value: 0)) {
            try EventSchedule.periodic(cycle: 0, pattern: Self.awkward)
        }
        #expect(throws: MotionError.self) { try EventSchedule.periodic(cycle: 1, pattern: Self.awkward, cycles: -1) }
        #expect(throws: MotionError.self) { try EventSchedule.periodic(cycle: 1, pattern: Self.awkward, start: .nan) }
    }
}
