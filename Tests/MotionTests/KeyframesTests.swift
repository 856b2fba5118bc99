import Testing
@testable import Motion

@Suite struct KeyframesTests {
    let pulse = try! Keyframes(values: [0.4, 0.8, 0], keyTimes: [0, 0.3, 1])

    @Test func pulseOpacityKeyframes() {
        #expect(pulse.value(at: 0) == 0.4)
        #expect(close(pulse.value(at: 0.3), 0.8, 1e-15))
        #expect(pulse.value(at: 1) == 0)
        #expect(close(pulse.value(at: 0.15), 0.6, 1e-12))
        #expect(close(pulse.value(at: 0.65), 0.4, 1e-12))   // halfway down the second segment
    }

    @Test func matchesClosedFormK() {
        // §3.3: K(w) = 0.4 + 0.4·(w/0.3) for w ≤ 0.3, 0.8·(1 − (w − 0.3)/0.7) for w > 0.3.
        for k in 0...1000 {
            let w = Double(k) / 1000
            let expected = w <= 0.3 ? 0.4 + 0.4 * (w / 0.3) : 0.8 * (1 - (w - 0.3) / 0.7)
            #expect(close(pulse.value(at: w), expected, 1e-12), "K(\(w))")
        }
    }

    @Test func clampsOutsideUnitInterval() {
        #expect(pulse.value(at: -0.5) == 0.4)
        #expect(pulse.value(at: 1.5) == 0)
    }

    @Test func evenlySpacedDefault() throws {
        let k = try Keyframes(values: [0, 10, 0, 5])
        #expect(k.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(close(k.value(at: 1.0 / 6), 5, 1e-12))
        #expect(close(k.value(at: 0.5), 5, 1e-12))
        #expect(close(k.value(at: 5.0 / 6), 2.5, 1e-12))
    }

    @Test func repeatedKeyTimeIsAStep() throws {
        let k = try Keyframes(values: [0, 1, 3, 4], keyTimes: [0, 0.5, 0.5, 1])
        #expect(close(k.value(at: 0.25), 0.5, 1e-12))
        #expect(k.value(at: 0.5) == 3)                 // right-continuous: the later value
        #expect(close(k.value(at: 0.75), 3.5, 1e-12))
    }

    @Test func badInputsThrow() {
        #expect(throws: MotionError.keyframeCountMismatch(values: 3, keyTimes: 2)) {
            try Keyframes(values: [0.4, 0.8, 0], keyTimes: [0, 1])
        }
        #expect(throws: MotionError.tooFewKeyframes(count: 1)) {
            try Keyframes(values: [1], keyTimes: [0])
        }
        #expect(throws: MotionError.tooFewKeyframes(count: 0)) { try Keyframes(values: []) }
        #expect(throws: MotionError.keyTimesNotMonotonic(index: 2)) {
            try Keyframes(values: [0, 1, 2, 3], keyTimes: [0, 0.6, 0.3, 1])
        }
        #expect(throws: MotionError.keyTimeOutOfRange(index: 1, value: 1.3)) {
            try Keyframes(values: [0, 1, 2], keyTimes: [0, 1.3, 1])
        }
        #expect(throws: MotionError.keyTimeOutOfRange(index: 0, value: -0.1)) {
            try Keyframes(values: [0, 1, 2], keyTimes: [-0.1, 0.5, 1])
        }
        #expect(throws: MotionError.keyTimesMustSpanUnitInterval(first: 0.1, last: 1)) {
            try Keyframes(values: [0, 1, 2], keyTimes: [0.1, 0.5, 1])
        }
        #expect(throws: MotionError.keyTimesMustSpanUnitInterval(first: 0, last: 0.9)) {
            try Keyframes(values: [0, 1, 2], keyTimes: [0, 0.5, 0.9])
        }
        #expect(throws: MotionError.self) { try Keyframes(values: [0, .nan], keyTimes: [0, 1]) }
        #expect(throws: MotionError.self) { try Keyframes(values: [0, 1], keyTimes: [0, .nan]) }
        let message = MotionError.keyframeCountMismatch(values: 3, keyTimes: 2).description
        #expect(message.contains("3 values") && message.contains("2 key times"))
    }
}
