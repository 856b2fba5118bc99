import Testing
@testable import Motion

@Suite struct RepetitionTests {
    @Test func basicIterations() throws {
        let r = try Repetition(duration: 1.0, repeatCount: .infinite)
        #expect(r.iteration(at: 0)! == (0, 0))
        #expect(r.iteration(at: 0.25)! == (0, 0.25))
        #expect(r.iteration(at: 1.0)! == (1, 0))        // exact boundary: next iteration, u = 0
        let at13 = r.iteration(at: 1.3)!
        #expect(at13.index == 1 && close(at13.progress, 0.3, 1e-12))
        #expect(r.iteration(at: 1000.5)! == (1000, 0.5))
    }

    @Test func negativeTauIsInactive() throws {
        let r = try Repetition(duration: 1.0, repeatCount: .infinite, beginTime: 2.0)
        #expect(r.iteration(at: 1.999) == nil)
        #expect(r.iteration(at: -5) == nil)
        #expect(r.iteration(at: 2.0)! == (0, 0))
        #expect(!r.isActive(at: 0))
        #expect(r.isActive(at: 2.5))
    }

    @Test func finiteCountEndsExactly() throws {
        let b = try Repetition(duration: 1.4, repeatCount: .finite(15))
        #expect(b.activeDuration == 15 * 1.4)
        let last = b.iteration(at: 20.9)!
        #expect(last.index == 14 && close(last.progress, 0.9285714285714, 1e-9))
        #expect(b.iteration(at: 21.0) == nil)             // τ = N·D: gone
        #expect(b.iteration(at: 21.5) == nil)
        #expect(b.iteration(at: 20.999999)!.index == 14)
    }

    @Test func boundariesSnapDespiteRounding() throws {
        let r = try Repetition(duration: 1.4, repeatCount: .infinite)
        // 4.2 / 1.4 is not exactly 3 in binary; it must still be the start of iteration 3.
        #expect(r.iteration(at: 4.2)! == (3, 0))
        #expect(r.iteration(at: 2.8)! == (2, 0))
        // t computed as a sum lands a hair below 0.3 s; D = 0.1 → iteration 3, u = 0.
        let d = try Repetition(duration: 0.1, repeatCount: .infinite)
        #expect(d.iteration(at: 0.1 + 0.2)! == (3, 0))
        #expect(d.iteration(at: 0.7 - 0.4)! == (3, 0))   // 0.29999999999999993
        // A begin time that rounds above t by one ulp still counts as the start.
        let late = try Repetition(duration: 1, repeatCount: .finite(1), beginTime: 0.1 + 0.2)
        #expect(late.iteration(at: 0.3)! == (0, 0))
    }

    @Test func fractionalCount() throws {
        let r = try Repetition(duration: 2.0, repeatCount: .finite(2.5), beginTime: 1)
        #expect(r.activeDuration == 5)
        #expect(r.endTime == 6)
        #expect(r.iteration(at: 5.9)!.index == 2)
        #expect(close(r.iteration(at: 5.9)!.progress, 0.45, 1e-12))
        #expect(r.iteration(at: 6.0) == nil)
        #expect(r.iteration(at: 6.1) == nil)
        let half = try Repetition(duration: 1, repeatCount: .finite(0.5))
        #expect(half.iteration(at: 0.49)! == (0, 0.49))
        #expect(half.iteration(at: 0.5) == nil)
    }

    @Test func infiniteNeverEnds() throws {
        let r = try Repetition(duration: 1.2, repeatCount: .infinite)
        #expect(r.activeDuration == .infinity)
        #expect(r.iteration(at: 1e6) != nil)
        #expect(r.iteration(at: .infinity) == nil)
        #expect(r.iteration(at: .nan) == nil)
        #expect(try Repetition(duration: 1, repeatCount: .finite(.infinity)).repeatCount == .infinite)
    }

    @Test func coreAnimationRepeatCountReading() {
        #expect(RepeatCount.coreAnimation(0) == .finite(1))
        #expect(RepeatCount.coreAnimation(15) == .finite(15))
        #expect(RepeatCount.coreAnimation(2.5) == .finite(2.5))
        #expect(RepeatCount.coreAnimation(.infinity) == .infinite)
        #expect(RepeatCount.coreAnimation(Double(Float.greatestFiniteMagnitude)) == .infinite)
    }

    @Test func validation() {
        #expect(throws: MotionError.notPositive(parameter: "duration", value: 0)) {
            try Repetition(duration: 0)
        }
        #expect(throws: MotionError.self) { try Repetition(duration: -1) }
        #expect(throws: MotionError.self) { try Repetition(duration: .nan) }
        #expect(throws: MotionError.invalidRepeatCount(0)) { try Repetition(duration: 1, repeatCount: .finite(0)) }
        #expect(throws: MotionError.invalidRepeatCount(-2)) { try Repetition(duration: 1, repeatCount: .finite(-2)) }
        #expect(throws: MotionError.self) { try Repetition(duration: 1, beginTime: .infinity) }
    }
}
