// SeededGenerator.swift — the seeded random numbers of every test target: SplitMix64 (Steele,
// Lea, Flood 2014), so a random test draws the same values on every run and machine.
//
//   state ← state + 0x9E3779B97F4A7C15 (the golden-ratio increment, mod 2⁶⁴)
//   z ← (z ⊕ z≫30)·0xBF58476D1CE4E5B9; z ← (z ⊕ z≫27)·0x94D049BB133111EB; out = z ⊕ z≫31

/// A deterministic generator for seeded random tests.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
