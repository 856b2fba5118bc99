import Testing
@testable import Motion

@Suite struct TimingCurveTests {
    /// docs/ANIMATIONS.md §1.4 checkpoint table: (u, F_CA(u), E(u)).
    static let table: [(u: Double, f: Double, e: Double)] = [
        (0.1, 0.09480, 0.01972), (0.25, 0.40851, 0.12916), (0.3, 0.51332, 0.18740),
        (0.5, 0.80240, 0.50000), (0.7, 0.94076, 0.81260), (0.75, 0.96046, 0.87084),
        (0.9, 0.99432, 0.98028),
    ]

    @Test(arguments: table.indices)
    func checkpointTable(_ i: Int) {
        let row = Self.table[i]
        #expect(close(TimingCurve.caDefault(row.u), row.f, 1e-5), "F_CA(\(row.u)) = \(TimingCurve.caDefault(row.u))")
        #expect(close(TimingCurve.easeInOut(row.u), row.e, 1e-5), "E(\(row.u)) = \(TimingCurve.easeInOut(row.u))")
    }

    @Test func namedControlPoints() {
        #expect(TimingCurve.caDefault == TimingCurve(0.25, 0.1, 0.25, 1.0))
        #expect(TimingCurve.easeInOut == TimingCurve(0.42, 0, 0.58, 1))
        #expect(TimingCurve.easeIn == TimingCurve(0.42, 0, 1, 1))
        #expect(TimingCurve.easeOut == TimingCurve(0, 0, 0.58, 1))
        #expect(TimingCurve.linear == TimingCurve(0, 0, 1, 1))
        #expect(TimingCurve.caDefault != TimingCurve.easeInOut)
    }

    @Test func endpointsAndClamping() {
        for c in [TimingCurve.linear, .caDefault, .easeInOut, .easeIn, .easeOut, TimingCurve(0, 1.5, 1, -0.5)] {
            #expect(c(0) == 0)
            #expect(c(1) == 1)
            #expect(c(-0.5) == 0)
            #expect(c(-.infinity) == 0)
            #expect(c(1.0000001) == 1)
            #expect(c(7) == 1)
            #expect(c(Double.nan).isNaN)
        }
    }

    @Test func linearIsIdentity() {
        for k in 0...1000 {
            let u = Double(k) / 1000
            #expect(close(TimingCurve.linear(u), u, 1e-9))
        }
    }

    @Test func easeInOutSymmetry() {
        // E(1 − u) = 1 − E(u) because (0.42, 0) and (0.58, 1) are point-symmetric about (0.5, 0.5).
        for k in 1..<100 {
            let u = Double(k) / 100
            #expect(close(TimingCurve.easeInOut(1 - u), 1 - TimingCurve.easeInOut(u), 1e-9))
        }
    }

    @Test func monotonicOnFineGrid() {
        for c in [TimingCurve.linear, .caDefault, .easeInOut, .easeIn, .easeOut, TimingCurve(0, 0, 0, 1), TimingCurve(1, 0, 1, 1)] {
            var previous = c(0)
            for k in 1...20_000 {
                let v = c(Double(k) / 20_000)
                #expect(v >= previous - 1e-12, "\(c) decreases at u = \(Double(k) / 20_000)")
                previous = v
            }
        }
    }

    @Test func agreesWithIndependentReference() {
        let curves = [(0.25, 0.1, 0.25, 1.0), (0.42, 0.0, 0.58, 1.0), (0.42, 0.0, 1.0, 1.0),
                      (0.0, 0.0, 0.58, 1.0), (0.1, -0.6, 0.7, 1.8)]
        for (x1, y1, x2, y2) in curves {
            let c = TimingCurve(x1, y1, x2, y2)
            for k in 0...500 {
                let u = Double(k) / 500
                #expect(close(c(u), referenceBezier(x1, y1, x2, y2, u), 1e-7), "\(c) at \(u)")
            }
        }
    }

    @Test func solverResidualBelowTolerance() {
        for c in [TimingCurve.caDefault, .easeInOut, TimingCurve(0, 0, 0, 1), TimingCurve(1, 0, 1, 1)] {
            for k in 1..<1000 {
                let u = Double(k) / 1000
                let s = c.solve(u).s
                #expect((0...1).contains(s))
                #expect(abs(c.x(s) - u) < TimingCurve.tolerance, "\(c) u=\(u) residual \(c.x(s) - u)")
            }
        }
    }

    /// x1 = x2 = 0 gives X(s) = s³ (X′(0) = 0) and x1 = x2 = 1 gives X(s) = 1 − (1 − s)³
    /// (X′(1) = 0). Newton from s = u overshoots out of [0, 1] near the flat end, so the
    /// bisection fallback must take over, and the result must still be right.
    @Test func degenerateCurvesUseBisectionAndConverge() {
        let flatStart = TimingCurve(0, 0, 0, 1)
        let flatEnd = TimingCurve(1, 0, 1, 1)
        var bisections = 0
        for (c, (x1, y1, x2, y2)) in [(flatStart, (0.0, 0.0, 0.0, 1.0)), (flatEnd, (1.0, 0.0, 1.0, 1.0))] {
            for u in [1e-6, 0.001, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999, 1 - 1e-6] {
                let (s, method) = c.solve(u)
                if method == .bisection { bisections += 1 }
                #expect(abs(c.x(s) - u) < TimingCurve.tolerance)
                #expect(close(c(u), referenceBezier(x1, y1, x2, y2, u), 1e-5), "\(c) at \(u)")
            }
        }
        #expect(flatStart.solve(0.001).method == .bisection)   // Newton step lands at s ≈ 333
        #expect(flatEnd.solve(0.999).method == .bisection)
        #expect(bisections >= 2)
        // The ordinary curves converge by Newton.
        #expect(TimingCurve.easeInOut.solve(0.3).method == .newton)
        #expect(TimingCurve.caDefault.solve(0.7).method == .newton)
    }

    @Test func validation() throws {
        #expect(throws: MotionError.controlPointOutOfRange(parameter: "x1", value: -0.1)) {
            try TimingCurve(validating: -0.1, 0, 0.5, 1)
        }
        #expect(throws: MotionError.controlPointOutOfRange(parameter: "x2", value: 1.2)) {
            try TimingCurve(validating: 0.2, 0, 1.2, 1)
        }
        #expect(throws: MotionError.self) { try TimingCurve(validating: .nan, 0, 0.5, 1) }
        #expect(throws: MotionError.self) { try TimingCurve(validating: 0.2, .infinity, 0.5, 1) }
        // y outside [0, 1] is allowed (overshoot); x at the ends of [0, 1] too.
        let overshoot = try TimingCurve(validating: 0, -0.5, 1, 1.5)
        #expect(overshoot == TimingCurve(0, -0.5, 1, 1.5))
        #expect(MotionError.controlPointOutOfRange(parameter: "x1", value: 2).description.contains("[0, 1]"))
    }
}

@Test func diagonalControlPointsAreExactIdentity() {
    for u in [0.1, 0.3, 0.75, 0.123456789] {
        #expect(TimingCurve.linear(u) == u)
        #expect(TimingCurve(0.3, 0.3, 0.8, 0.8)(u) == u)
    }
}
