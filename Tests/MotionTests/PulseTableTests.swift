import Testing
@testable import Motion

/// docs/ANIMATIONS.md §3.5, computed from the general API the way the pulse scene will:
/// group (D, N, t0, F_CA) → w = F(u); radius = r·w; α = K(w) with K = [0.4, 0.8, 0] at [0, 0.3, 1].
@Suite struct PulseTableTests {
    static let opacity = try! Keyframes(values: [0.4, 0.8, 0], keyTimes: [0, 0.3, 1])

    struct Layer {
        let group: AnimationGroup
        let radius: Double
        init(r: Double, d: Double, n: RepeatCount) {
            group = try! AnimationGroup(duration: d, repeatCount: n, beginTime: 0, timingFunction: .caDefault)
            radius = r
        }
        /// (u, w, radius, α), or nil when nothing is drawn.
        func sample(_ t: Double) -> (u: Double, w: Double, radius: Double, alpha: Double)? {
            guard let s = group.state(at: t) else { return nil }
            return (s.progress, s.warped, radius * s.warped, PulseTableTests.opacity.value(at: s.warped))
        }
    }

    static let red = Layer(r: 150, d: 1.0, n: .infinite)
    static let orange = Layer(r: 120, d: 1.2, n: .infinite)
    static let blueA = Layer(r: 100, d: 1.0, n: .infinite)
    static let blueB = Layer(r: 200, d: 1.4, n: .finite(15))

    /// (preset, t, u, w = s, radius, α) — every red / orange row of §3.5.
    static let singleLayerRows: [(String, Double, Double, Double, Double, Double)] = [
        ("red", 0.10, 0.1000, 0.09480, 14.219, 0.52640),
        ("red", 0.25, 0.2500, 0.40851, 61.277, 0.67599),
        ("red", 0.30, 0.3000, 0.51332, 76.997, 0.55621),
        ("red", 0.50, 0.5000, 0.80240, 120.361, 0.22582),
        ("red", 0.75, 0.7500, 0.96046, 144.069, 0.04519),
        ("red", 0.90, 0.9000, 0.99432, 149.147, 0.00650),
        ("red", 1.00, 0.0000, 0, 0, 0.4),
        ("red", 1.30, 0.3000, 0.51332, 76.997, 0.55621),
        ("orange", 0.12, 0.1000, 0.09480, 11.376, 0.52640),
        ("orange", 0.30, 0.2500, 0.40851, 49.021, 0.67599),
        ("orange", 0.36, 0.3000, 0.51332, 61.598, 0.55621),
        ("orange", 0.60, 0.5000, 0.80240, 96.288, 0.22582),
        ("orange", 0.90, 0.7500, 0.96046, 115.255, 0.04519),
    ]

    @Test(arguments: singleLayerRows.indices)
    func singleLayerRow(_ i: Int) throws {
        let (preset, t, u, w, radius, alpha) = Self.singleLayerRows[i]
        let layer = preset == "red" ? Self.red : Self.orange
        let s = try #require(layer.sample(t))
        #expect(close(s.u, u, 1e-5), "\(preset) t=\(t): u = \(s.u)")
        #expect(close(s.w, w, 1e-5), "\(preset) t=\(t): w = \(s.w)")
        #expect(close(s.radius, radius, 1e-3), "\(preset) t=\(t): radius = \(s.radius)")
        #expect(close(s.alpha, alpha, 1e-5), "\(preset) t=\(t): α = \(s.alpha)")
    }

    /// Blue preset: (t, A radius, A α, B radius, B α); B nil = gone.
    static let blueRows: [(Double, Double, Double, Double?, Double?)] = [
        (0.5, 80.240, 0.22582, 123.344, 0.43803),
        (0.7, 94.076, 0.06770, 160.481, 0.22582),
        (2.0, 0, 0.4, 144.256, 0.31854),
        (3.5, 80.240, 0.22582, 160.481, 0.22582),
        (20.9, 99.432, 0.00650, 199.431, 0.00325),
        (21.0, 0, 0.4, nil, nil),
        (21.5, 80.240, 0.22582, nil, nil),
    ]

    @Test(arguments: blueRows.indices)
    func bluePresetRow(_ i: Int) throws {
        let (t, aRadius, aAlpha, bRadius, bAlpha) = Self.blueRows[i]
        let a = try #require(Self.blueA.sample(t))
        #expect(close(a.radius, aRadius, 1e-3), "A t=\(t): radius = \(a.radius)")
        #expect(close(a.alpha, aAlpha, 1e-5), "A t=\(t): α = \(a.alpha)")
        if let bRadius, let bAlpha {
            let b = try #require(Self.blueB.sample(t))
            #expect(close(b.radius, bRadius, 1e-3), "B t=\(t): radius = \(b.radius)")
            #expect(close(b.alpha, bAlpha, 1e-5), "B t=\(t): α = \(b.alpha)")
        } else {
            #expect(Self.blueB.sample(t) == nil, "B must be gone at t=\(t)")
        }
    }

    @Test func groupWarpsChildrenTime() throws {
        let g = try AnimationGroup(duration: 2, repeatCount: .finite(3), beginTime: 0.5, timingFunction: .caDefault)
        // Local progress is F(u), not u: at τ = 0.5 s, u = 0.25 → w = F_CA(0.25) = 0.40851.
        #expect(close(try #require(g.localProgress(at: 1.0)), 0.40851, 1e-5))
        #expect(close(try #require(g.localTime(at: 1.0)), 2 * 0.40851, 2e-5))
        #expect(g.localProgress(at: 0.4) == nil)       // before t0
        #expect(g.localProgress(at: 6.5) == nil)       // τ = N·D
        #expect(g.localProgress(at: 6.49) != nil)
        let linear = try AnimationGroup(duration: 2)
        #expect(close(try #require(linear.localProgress(at: 0.5)), 0.25, 1e-12))
        #expect(linear.localProgress(at: 2) == nil)      // default count 1
        #expect(throws: MotionError.self) { try AnimationGroup(duration: 0) }
    }

    @Test func pulseLayerInvisibleAcrossIterationBoundary() throws {
        // At a boundary u jumps 1 → 0: radius r → 0 while α jumps 0 → 0.4 (§3.3).
        let before = try #require(Self.red.sample(0.99999))
        let at = try #require(Self.red.sample(1.0))
        #expect(before.radius > 149.99 && before.alpha < 1e-6)
        #expect(at.radius == 0 && at.alpha == 0.4)
    }
}
