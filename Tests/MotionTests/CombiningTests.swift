import Testing
@testable import Motion

/// The chained blend of §4.3 (and the additive reading) against hand-computed values.
/// Linear curves make the arithmetic checkable by hand; the expected numbers are
/// worked out in the comments.
@Suite struct CombiningTests {
    static func linear(_ duration: Double, speed: Double = 1) -> CurveAnimation {
        try! CurveAnimation(curve: .linear, duration: duration, speed: speed)
    }
    static func ev(_ time: Double, _ target: Double, _ animation: CurveAnimation) -> AnimationEvent<Double> {
        AnimationEvent(time: time, target: target, animation: animation)
    }

    @Test func singleAnimation() throws {
        let v = try AnimatedValue(initial: 2.0, events: [Self.ev(1, 6, Self.linear(2))])
        #expect(v.value(at: 0.5) == 2)          // before the event: initial
        #expect(v.value(at: 1) == 2)            // x = 0
        #expect(v.value(at: 2) == 4)            // x = 0.5: 2 + 0.5·(6 − 2)
        #expect(v.value(at: 3) == 6)            // finished
        #expect(v.value(at: 99) == 6)
        #expect(v.modelValue(at: 0.5) == 2)
        #expect(v.modelValue(at: 1) == 6)
    }

    @Test func twoOverlapping() throws {
        // 0 → 10 at t = 0 (d = 1), → 20 at t = 0.5 (d = 1).
        let events = [Self.ev(0, 10, Self.linear(1)), Self.ev(0.5, 20, Self.linear(1))]
        let v = try AnimatedValue(initial: 0.0, events: events)
        // t = 0.75: R = 0 + 0.75·10 = 7.5;  R = 7.5 + 0.25·(20 − 7.5) = 10.625.
        #expect(close(v.value(at: 0.75), 10.625, 1e-12))
        // Additive: 0 + 0.75·(10 − 0) + 0.25·(20 − 10) = 10.
        #expect(close(v.additiveValue(at: 0.75), 10, 1e-12))
        // t = 1.2: first finished → R = 10; then 10 + 0.7·10 = 17 (both rules agree).
        #expect(close(v.value(at: 1.2), 17, 1e-12))
        #expect(close(v.additiveValue(at: 1.2), 17, 1e-12))
        #expect(v.value(at: 1.5) == 20)
    }

    @Test func threeOverlapping() throws {
        // As above plus → 0 at t = 0.6 with d = 0.5.
        let events = [Self.ev(0, 10, Self.linear(1)), Self.ev(0.5, 20, Self.linear(1)), Self.ev(0.6, 0, Self.linear(0.5))]
        let v = try AnimatedValue(initial: 0.0, events: events)
        // t = 0.75: 10.625 after two; third x = 0.3: 10.625 + 0.3·(0 − 10.625) = 7.4375.
        #expect(close(v.value(at: 0.75), 7.4375, 1e-12))
        // Additive: 7.5 + 2.5 + 0.3·(0 − 20) = 4.
        #expect(close(v.additiveValue(at: 0.75), 4, 1e-12))
        // t = 1.05: R = 10 (first done); 10 + 0.55·10 = 15.5; 15.5 + 0.9·(0 − 15.5) = 1.55.
        #expect(close(v.value(at: 1.05), 1.55, 1e-12))
        // Additive: 10 + 5.5 + 0.9·(−20) = −2.5.
        #expect(close(v.additiveValue(at: 1.05), -2.5, 1e-12))
    }

    @Test func finishedAnimationResetsTheChain() throws {
        // A long animation to 100 is still running when a short one to 50, started later,
        // finishes: the finished one sets R = 50 regardless of the running older one.
        let events = [Self.ev(0, 100, Self.linear(10)), Self.ev(1, 50, Self.linear(0.5)), Self.ev(2.5, 0, Self.linear(1))]
        let v = try AnimatedValue(initial: 0.0, events: events)
        // t = 2: A x = 0.2 → 20; B finished → 50.
        #expect(v.value(at: 2) == 50)
        // Additive: 0.2·100 + (50 − 100) = −30.
        #expect(close(v.additiveValue(at: 2), -30, 1e-12))
        // t = 3: A → 30, B → 50 (reset), C x = 0.5 → 50 + 0.5·(0 − 50) = 25.
        #expect(close(v.value(at: 3), 25, 1e-12))
        // Before B finishes (t = 1.25): A 12.5, B x = 0.5 → 12.5 + 0.5·37.5 = 31.25.
        #expect(close(v.value(at: 1.25), 31.25, 1e-12))
    }

    @Test func speedScalesDuration() throws {
        // d = D / speed. e0: D = 1, speed 2 → d = 0.5. e1 at 0.25: D = 1, speed 0.5 → d = 2.
        let fast = Self.linear(1, speed: 2), slow = Self.linear(1, speed: 0.5)
        #expect(fast.effectiveDuration == 0.5)
        #expect(slow.effectiveDuration == 2)
        let v = try AnimatedValue(initial: 0.0, events: [Self.ev(0, 10, fast), Self.ev(0.25, 30, slow)])
        // t = 0.45: e0 x = 0.9 → 9; e1 x = 0.1 → 9 + 0.1·21 = 11.1.
        #expect(close(v.value(at: 0.45), 11.1, 1e-12))
        // t = 0.75: e0 finished → 10; e1 x = 0.25 → 15.
        #expect(close(v.value(at: 0.75), 15, 1e-12))
        #expect(v.value(at: 2.25) == 30)
        // SwiftUI `.easeInOut.speed(0.5)`: d = 0.7, and E(0.5) = 0.5 exactly.
        let dots = try CurveAnimation.easeInOut().speed(0.5)
        #expect(close(dots.effectiveDuration, 0.7, 1e-15))
        let w = try AnimatedValue(initial: 0.0, events: [AnimationEvent(time: 0, target: 1, animation: dots)])
        #expect(close(w.value(at: 0.35), 0.5, 1e-12))
        // Speeds compose multiplicatively.
        #expect(try Self.linear(1).speed(2).speed(0.25).effectiveDuration == 2)
    }

    @Test func easeInOutCurveInTheChain() throws {
        // 0 → 1 at t = 0 and → 0 at t = 0.5, both E with d = 1.
        let e = try CurveAnimation(curve: .easeInOut, duration: 1)
        let v = try AnimatedValue(initial: 0.0, events: [AnimationEvent(time: 0, target: 1, animation: e),
                                                          AnimationEvent(time: 0.5, target: 0, animation: e)])
        // t = 0.75: R = E(0.75) = 0.87084; R = 0.87084·(1 − E(0.25)) = 0.87084·0.87084 = 0.758362.
        #expect(close(v.value(at: 0.75), 0.758362, 2e-5))
        // Additive: E(0.75) − E(0.25) = 0.87084 − 0.12916 = 0.74168.
        #expect(close(v.additiveValue(at: 0.75), 0.74168, 2e-5))
    }

    @Test func zeroDurationJumps() throws {
        let instant = try CurveAnimation(curve: .easeInOut, duration: 0)
        let v = try AnimatedValue(initial: 0.0, events: [Self.ev(0, 10, Self.linear(1)), AnimationEvent(time: 0.5, target: 3, animation: instant)])
        #expect(close(v.value(at: 0.4), 4, 1e-12))
        #expect(v.value(at: 0.5) == 3)
        #expect(v.value(at: 0.9) == 3)
    }

    @Test func equalTimesKeepGivenOrder() throws {
        // Unsorted input; the two events at t = 1 must stay in the given order (A then B).
        let a = Self.ev(1, 10, Self.linear(1)), b = Self.ev(1, 20, Self.linear(1)), early = Self.ev(0, 0, Self.linear(0.5))
        let v = try AnimatedValue(initial: 0.0, events: [a, early, b])
        #expect(v.schedule.pattern.map(\.target) == [0, 10, 20])
        // t = 1.5: R = 0; A: 0.5·10 = 5; B: 5 + 0.5·(20 − 5) = 12.5.
        #expect(close(v.value(at: 1.5), 12.5, 1e-12))
        let swapped = try AnimatedValue(initial: 0.0, events: [b, a])
        // B first: 10; then A: 10 + 0.5·(10 − 10) = 10.
        #expect(close(swapped.value(at: 1.5), 10, 1e-12))
    }

    @Test func freeFunctionsMatchHandValues() {
        let events = [Self.ev(0, 10, Self.linear(1)), Self.ev(0.5, 20, Self.linear(1)), Self.ev(5, -7, Self.linear(1))]
        #expect(close(AnimationCombining.chained(initial: 0.0, events: events, at: 0.75), 10.625, 1e-12))
        #expect(close(AnimationCombining.additive(initial: 0.0, events: events, at: 0.75), 10, 1e-12))
        #expect(AnimationCombining.chained(initial: 3.0, events: [AnimationEvent<Double>](), at: 1) == 3)
    }

    @Test func derivedTargetsAnimateInTheSameTransaction() throws {
        // Opacity target = 1 if model scale ≥ 0.7 else 0.7, same timing as the scale.
        let events = [Self.ev(0, 1.0, Self.linear(1)), Self.ev(0.5, 0.2, Self.linear(1))]
        let scale = try AnimatedValue(initial: 0.0, events: events)
        let opacity = scale.mapTargets(initial: 0.7) { $0 >= 0.7 ? 1.0 : 0.7 }
        #expect(opacity.schedule.pattern.map(\.target) == [1.0, 0.7])
        // t = 0.75: α = 0.7 + 0.75·0.3 = 0.925; then 0.925 + 0.25·(0.7 − 0.925) = 0.86875.
        #expect(close(opacity.value(at: 0.75), 0.86875, 1e-12))
        // The same through a pair: components equal the separate chains.
        let pair = scale.mapTargets(initial: AnimatablePair(0.0, 0.7)) { AnimatablePair($0, $0 >= 0.7 ? 1.0 : 0.7) }
        for t in stride(from: 0.0, through: 2.0, by: 0.05) {
            let p = pair.value(at: t)
            #expect(close(p.first, scale.value(at: t), 1e-15))
            #expect(close(p.second, opacity.value(at: t), 1e-15))
        }
    }

    @Test func curveAnimationValidation() {
        #expect(throws: MotionError.negative(parameter: "duration", value: -1)) {
            try CurveAnimation(curve: .linear, duration: -1)
        }
        #expect(throws: MotionError.notPositive(parameter: "speed", value: 0)) {
            try CurveAnimation(curve: .linear, duration: 1, speed: 0)
        }
        #expect(throws: MotionError.self) { try CurveAnimation(curve: .linear, duration: 1).speed(-2) }
        #expect(throws: MotionError.self) { try AnimatedValue(initial: 0.0, events: [Self.ev(.nan, 1, Self.linear(1))]) }
    }
}
