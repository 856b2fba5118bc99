// random() of the interpreted subset: a seeded, reproducible sequence
//
// Each evaluation starts the sequence from s = H(property seed, frame), the property seed being
// the FNV-1a hash of the property's layer place and JSON path (WiggleNoise.seed), so a file renders
// the same on every run and machine, and each property and frame draws its own numbers (After
// Effects' default: random changes every frame). seedRandom(n) restarts the sequence from
// H(property seed ⊕ n, frame); seedRandom(n, true) ("timeless") from H(property seed ⊕ n, 0),
// the same on every frame. H and the draws are SplitMix64: x ← x + 0x9E3779B97F4A7C15, z = mix(x),
// and a draw is the top 53 bits of z divided by 2⁵³, in [0, 1).

struct ScriptRandom {
    private var state: UInt64

    init(seed: UInt64, frame: Double) {
        state = Self.start(seed, frame)
    }

    private static func start(_ seed: UInt64, _ frame: Double) -> UInt64 {
        var x = seed ^ (frame.bitPattern &* 0xBF58_476D_1CE4_E5B9)
        _ = Self.mix(&x)
        return x
    }

    mutating func reseed(_ n: Double, timeless: Bool, frame: Double, property: UInt64) {
        state = Self.start(property ^ n.bitPattern, timeless ? 0 : frame)
    }

    mutating func next() -> Double {
        Double(Self.mix(&state) >> 11) / Double(1 << 53)
    }

    private static func mix(_ x: inout UInt64) -> UInt64 {
        x &+= 0x9E37_79B9_7F4A_7C15
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
