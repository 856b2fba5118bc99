import Geometry
import Motion
import Testing
@testable import Scenes

/// |a − b| ≤ tol.
private func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool { abs(a - b) <= tol }

/// docs/ANIMATIONS.md §4.3–§4.5: the progress-dots wave with the §4.4 defaults.
@Suite struct DotsTableTests {
    static let wave = try! StaggeredGrowShrink()

    /// §4.5: t → [(S, α) for dots 0, 1, 2].
    static let table: [(t: Double, cells: [(Double, Double)])] = [
        (0.10, [(0.04090, 0.71227), (0, 0.70000), (0, 0.70000)]),
        (0.35, [(0.50000, 0.85000), (0.09411, 0.72823), (0, 0.70000)]),
        (0.40, [(0.62157, 0.88647), (0.16970, 0.75091), (0, 0.70000)]),
        (0.55, [(0.83946, 0.94619), (0.50000, 0.85000), (0.09411, 0.72823)]),
        (0.70, [(0.69726, 0.88647), (0.80452, 0.93890), (0.37843, 0.81353)]),
        (1.00, [(0.23272, 0.71227), (0.50274, 0.81353), (0.83028, 0.93890)]),
        (1.05, [(0.21584, 0.70594), (0.41275, 0.77978), (0.77995, 0.91803)]),
        (1.55, [(0.85651, 0.94619), (0.60000, 0.85000), (0.27529, 0.72823)]),
        (2.05, [(0.21584, 0.70594), (0.41275, 0.77978), (0.78141, 0.91803)]),
        (2.55, [(0.85651, 0.94619), (0.60000, 0.85000), (0.27529, 0.72823)]),
    ]

    @Test(arguments: table.indices)
    func checkpointRow(_ row: Int) {
        let (t, cells) = Self.table[row]
        for (i, (s, a)) in cells.enumerated() {
            let state = Self.wave.state(element: i, at: t)
            #expect(close(state.scale, s, 1e-5), "dot \(i) t=\(t): S = \(state.scale), table \(s)")
            #expect(close(state.opacity, a, 1e-5), "dot \(i) t=\(t): α = \(state.opacity), table \(a)")
            // The separate scalar timelines agree with the pair.
            #expect(close(Self.wave.scale(element: i).value(at: t), state.scale, 1e-15))
            #expect(close(Self.wave.opacity(element: i).value(at: t), state.opacity, 1e-15))
        }
    }

    @Test func defaultsAreTheSpecParameters() {
        let w = Self.wave
        #expect(w.stagger == 0.2 && w.hold == 0.4 && w.cycle == 1.0)
        #expect(w.bigScale == 1.0 && w.smallScale == 0.2 && w.threshold == 0.7 && w.dimOpacity == 0.7)
        #expect(w.animation.curve == .easeInOut && w.animation.duration == 0.35 && w.animation.speed == 0.5)
        #expect(w.initialScale == 0 && w.initialOpacity == 0.7)
        #expect(w.opacityTarget(forModelScale: 1.0) == 1 && w.opacityTarget(forModelScale: 0.2) == 0.7)
        #expect(w.opacityTarget(forModelScale: 0.7) == 1)      // ≥ threshold
    }

    @Test func additiveReadingForComparison() {
        let s = Self.wave.scale(element: 0)
        #expect(close(s.additiveValue(at: 0.55), 0.83060, 1e-5))
        #expect(close(s.additiveValue(at: 2.55), 0.84943, 1e-5))
        // …and it is not the default: the chained values differ.
        #expect(close(s.value(at: 0.55), 0.83946, 1e-5))
        #expect(abs(s.value(at: 2.55) - s.additiveValue(at: 2.55)) > 0.007)
    }

    @Test func steadyStateExtremes() {
        // Steady state of dot 0 over one cycle [2, 3) on a 0.5 ms grid.
        let s = Self.wave.scale(element: 0)
        var (minT, minV, maxT, maxV) = (0.0, Double.infinity, 0.0, -Double.infinity)
        for k in 0..<2000 {
            let t = 2.0 + Double(k) * 0.0005
            let v = s.value(at: t)
            if v < minV { (minT, minV) = (t, v) }
            if v > maxV { (maxT, maxV) = (t, v) }
        }
        #expect(close(minV, 0.21584, 1e-5) && close(minT, 2.05, 1e-9), "min \(minV) at \(minT)")
        #expect(close(maxV, 0.85651, 1e-5) && close(maxT, 2.55, 1e-9), "max \(maxV) at \(maxT)")
        // Never reaches 1 or exactly 0.2.
        #expect(maxV < 1 && minV > 0.2)
        // Opacity swings between 0.70594 and 0.94619.
        let a = Self.wave.opacity(element: 0)
        #expect(close(a.value(at: 2.05), 0.70594, 1e-5))
        #expect(close(a.value(at: 2.55), 0.94619, 1e-5))
    }

    @Test func steadyStateOpacityIsAffineInScale() {
        for i in 0..<3 {
            let from = Self.wave.periodicFrom(element: i)
            for t in stride(from: from, through: from + 2, by: 0.01) {
                let st = Self.wave.state(element: i, at: t)
                #expect(close(st.opacity, 0.625 + 0.375 * st.scale, 1e-12), "dot \(i) t=\(t)")
            }
        }
        // Not in cycle 0 (scale starts at 0, α at 0.7): t = 0.55, dot 0.
        let early = Self.wave.state(element: 0, at: 0.55)
        #expect(abs(early.opacity - (0.625 + 0.375 * early.scale)) > 1e-3)
    }

    @Test func periodicFromBounds() {
        #expect(close(Self.wave.periodicFrom(element: 0), 0.7, 1e-12))
        #expect(close(Self.wave.periodicFrom(element: 2), 1.1, 1e-12))
        #expect(close(Self.wave.periodicFrom(count: 3), 1.1, 1e-12))
    }

    @Test func periodicAfterOnePointOne() {
        for k in 0...400 {
            let t = 1.1 + Double(k) * 0.005
            for i in 0..<3 {
                let a = Self.wave.state(element: i, at: t), b = Self.wave.state(element: i, at: t + 1)
                #expect(close(a.scale, b.scale, 1e-12), "dot \(i) S at t=\(t)")
                #expect(close(a.opacity, b.opacity, 1e-12), "dot \(i) α at t=\(t)")
            }
        }
        // Dot 2 is not yet periodic at 1.05 (its first grow, at 0.4, finishes at 1.1).
        #expect(abs(Self.wave.state(element: 2, at: 1.05).scale - Self.wave.state(element: 2, at: 2.05).scale) > 1e-3)
    }

    @Test func invisibleUntilFirstGrow() {
        for i in 1..<3 {
            for t in stride(from: 0.0, through: 0.2 * Double(i), by: 0.01) {
                #expect(Self.wave.state(element: i, at: t).scale == 0)
            }
        }
    }

    @Test func farFutureIsFastAndPeriodic() {
        // Phase of t = 10 000 is 0 (= t = 2.0); t = 10 000.05 has the phase of 2.05.
        for i in 0..<3 {
            let far = Self.wave.state(element: i, at: 10_000.05), ref = Self.wave.state(element: i, at: 2.05)
            #expect(close(far.scale, ref.scale, 1e-9) && close(far.opacity, ref.opacity, 1e-9), "dot \(i)")
            let far0 = Self.wave.state(element: i, at: 10_000), ref0 = Self.wave.state(element: i, at: 2.0)
            #expect(close(far0.scale, ref0.scale, 1e-9) && close(far0.opacity, ref0.opacity, 1e-9), "dot \(i)")
        }
        #expect(close(Self.wave.state(element: 0, at: 10_000.05).scale, 0.21584, 1e-5))
        // Only a handful of events are looked at, whatever t is: the cost of an evaluation does
        // not grow with t (speed itself is the bench's business, not a test's).
        for t in [10.05, 10_000.05, 1_000_000.05, 1e9 + 0.05] {
            let relevant = Self.wave.scaleSchedule(element: 2).relevantEvents(at: t)
            #expect(relevant.anchor != nil && relevant.window.count <= 3, "t = \(t)")
        }
        // Hang guard, not a speed test: 9 000 far-future evaluations take ~10 ms in a debug
        // build; 60 s (6000×) only catches an evaluation that walks every event since t = 0.
        let clock = ContinuousClock()
        var sink = 0.0
        let elapsed = clock.measure {
            for k in 0..<3_000 {
                for i in 0..<3 { sink += Self.wave.state(element: i, at: 10_000 + Double(k) / 60).scale }
            }
        }
        #expect(sink > 0)
        #expect(elapsed < .seconds(60), "hang guard: 9 000 far-future evaluations took \(elapsed)")
    }

    @Test func validation() {
        #expect(throws: MotionError.self) { try StaggeredGrowShrink(cycle: 0) }
        #expect(throws: MotionError.self) { try StaggeredGrowShrink(stagger: -0.1) }
        #expect(throws: MotionError.self) { try StaggeredGrowShrink(hold: .nan) }
    }
}
