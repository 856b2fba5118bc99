// wiggle(freq, amp, octaves = 1, amp_mult = 0.5): deterministic smooth noise added to `value`
//
// After Effects does not publish its noise, so renders cannot match it sample for sample; ours
// is fixed and documented (docs/lottie-expressions.md), the same on every run and machine:
//
//   wiggle(t) = value + amp · Σ_{o=0}^{octaves−1} amp_mult^o · N_{d,o}(t · freq · 2^o)   per component d
//
// N is 1-D value noise: at each whole number j a value r_j ∈ [−1, 1] from a 64-bit hash
// (SplitMix64's finaliser) of (seed, d, o, j); between knots the quintic fade
// s(u) = 6u⁵ − 15u⁴ + 10u³ (zero slope and curvature at the knots):
//
//   N(x) = r_j + (r_{j+1} − r_j) · s(x − j),   j = ⌊x⌋
//
// so |N| ≤ 1 and, for one octave, the value stays within ±amp of `value` — as AE's does — and
// passes through a new random target about `freq` times per second. The seed is a hash of the
// property's place in the file (layer and JSON path), so two wiggling properties move
// independently, and the same file renders the same way every time. Octaves are capped at 10.

struct WiggleNoise {
    static func wiggle(_ value: ExpressionValue, seed: UInt64, time: Double, frequency: Double, amplitude: Double,
                       octaves: Int, multiplier: Double) -> ExpressionValue {
        var out = value.v
        for d in 0..<value.count {
            var sum = 0.0, weight = 1.0, scale = 1.0
            for o in 0..<octaves {
                sum += weight * noise(time * frequency * scale, seed: seed, dimension: d, octave: o)
                weight *= multiplier
                scale *= 2
            }
            out[d] += amplitude * sum
        }
        return ExpressionValue(out, count: value.count)
    }

    /// N_{d,o}(x) of the header; 0 for x that is not finite or beyond ±2⁵² (no knots there).
    static func noise(_ x: Double, seed: UInt64, dimension: Int, octave: Int) -> Double {
        guard x.isFinite, abs(x) < 4.5e15 else { return 0 }
        let j = x.rounded(.down), u = x - j
        let k = Int64(j)
        let a = knot(k, seed, dimension, octave), b = knot(k &+ 1, seed, dimension, octave)
        let s = u * u * u * (u * (u * 6 - 15) + 10)
        return a + (b - a) * s
    }

    /// noise(p) of expressions (ScriptGlobals.swift): n-D value noise, n = 1…3 — knot values r at
    /// the integer lattice (the hash of the lattice point, seed 0), blended per axis by the quintic
    /// fade s, so |noise| ≤ 1 and the same point gives the same value everywhere.
    static func noise(_ p: [Double]) -> Double {
        guard p.allSatisfy({ $0.isFinite && abs($0) < 4.5e15 }) else { return 0 }
        let base = p.map { $0.rounded(.down) }
        let fade = zip(p, base).map { (x, j) in let u = x - j; return u * u * u * (u * (u * 6 - 15) + 10) }
        var sum = 0.0
        for corner in 0..<(1 << p.count) {
            var weight = 1.0, hash: UInt64 = 0
            for d in 0..<p.count {
                let up = corner >> d & 1 == 1
                weight *= up ? fade[d] : 1 - fade[d]
                hash = hash &* 0x100_0000_01B3 ^ UInt64(bitPattern: Int64(base[d]) &+ (up ? 1 : 0))
            }
            sum += weight * knot(Int64(bitPattern: hash), 0, p.count, 0)
        }
        return sum
    }

    /// r_j ∈ [−1, 1].
    static func knot(_ j: Int64, _ seed: UInt64, _ d: Int, _ o: Int) -> Double {
        var z = seed &+ UInt64(bitPattern: j) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(d) &* 0xD1B5_4A32_D192_ED03
            &+ UInt64(o) &* 0x8CB9_2BA7_2F3D_8DD7
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 52) - 1     // [0, 2) − 1
    }

    /// FNV-1a of a string: the seed of a property from its place.
    static func seed(_ place: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in place.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}
