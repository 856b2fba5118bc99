// KernelAudit.swift — every SIMD kernel checked against its scalar reference (byte for byte) and,
// where one exists, against its Double reference (within a tolerance), on seeded random inputs.
//
// Why it lives in the module: `swift test` builds debug, whose kernels are the portable ones. The
// shipped build is release with `-target-cpu haswell` (AVX2, Package.swift), where the optimiser
// may schedule, vectorise and select instructions differently. The audit is compiled into
// Raster with the module's own flags, so a release-built executable (Sources/kernel-audit,
// run by `make test`) exercises exactly the code that ships; the unit tests run the same audit
// in the debug build (KernelAuditTests). It is `@_spi(KernelAudit)`: not part of the API.
//
// Each check draws inputs from a SplitMix64 stream seeded by (seed, check name), so a failure is
// reproducible from the name and seed it prints. Inputs include the edge cases on purpose:
// alpha 0, alpha 255, colour = alpha, coverage 0 and 255, runs that fill whole SIMD blocks and
// lengths that leave tails.

/// What one audit check found.
@_spi(KernelAudit) public struct KernelFinding: Sendable, CustomStringConvertible {
    /// The kernel checked (e.g. "blend.colorDodge").
    public let kernel: String
    /// Values compared (pixels, coverage bytes, …).
    public internal(set) var cases = 0
    /// Largest |kernel − Double reference| over all channels, when the check has a reference.
    public internal(set) var maxReferenceError: Int?
    /// The allowed reference error.
    public let tolerance: Int?
    /// The first problem: a SIMD result that differs from the scalar one, or a result outside
    /// the tolerance. Nil when the check passed.
    public internal(set) var mismatch: String?

    public init(kernel: String, tolerance: Int? = nil) {
        self.kernel = kernel
        self.tolerance = tolerance
        maxReferenceError = tolerance == nil ? nil : 0
    }

    /// Counts `values` compared values (for checks outside this module).
    public mutating func record(values: Int) { cases += values }

    /// Records a failure (the first one is kept).
    public mutating func record(failure: String) { fail(failure) }

    public var passed: Bool { mismatch == nil }

    public var description: String {
        var text = "\(kernel): \(cases) values"
        if let maxReferenceError, let tolerance { text += ", max error vs reference \(maxReferenceError) (≤ \(tolerance))" }
        if let mismatch { text += " — FAILED: \(mismatch)" }
        return text
    }

    /// Records the first mismatch only.
    mutating func fail(_ message: @autoclosure () -> String) {
        if mismatch == nil { mismatch = message() }
    }

    /// Compares a kernel's bytes with the reference's, channel by channel.
    mutating func compare(_ got: PremultipliedRGBA8, reference: PremultipliedRGBA8, _ context: @autoclosure () -> String) {
        let error = Swift.max(Swift.max(distance(got.r, reference.r), distance(got.g, reference.g)),
                              Swift.max(distance(got.b, reference.b), distance(got.a, reference.a)))
        note(error, got: "\(got)", reference: "\(reference)", context())
    }

    mutating func compare(_ got: UInt8, reference: UInt8, _ context: @autoclosure () -> String) {
        note(distance(got, reference), got: "\(got)", reference: "\(reference)", context())
    }

    private mutating func note(_ error: Int, got: String, reference: String, _ context: @autoclosure () -> String) {
        cases += 1
        maxReferenceError = Swift.max(maxReferenceError ?? 0, error)
        if let tolerance, error > tolerance {
            fail("\(context()): got \(got), reference \(reference) (error \(error) > \(tolerance))")
        }
    }

    private func distance(_ a: UInt8, _ b: UInt8) -> Int { abs(Int(a) - Int(b)) }
}

/// The kernel audit (see the file header).
@_spi(KernelAudit) public enum KernelAudit {
    /// Every check, in a fixed order. `rounds` scales the number of random inputs (1 ≈ a second
    /// in a debug build).
    public static func run(seed: UInt64 = 0x5EED, rounds: Int = 1) -> [KernelFinding] {
        checkNames.map { run($0, seed: seed, rounds: rounds) }
    }

    /// The names of the checks `run` performs.
    public static var checkNames: [String] {
        ScanAudit.names + CompositorAudit.names + PaintAudit.names + GradientTableAudit.names + BlendAudit.names + MaskAudit.names
            + BlurAudit.names
    }

    /// One check by name (a name from `checkNames`).
    public static func run(_ name: String, seed: UInt64 = 0x5EED, rounds: Int = 1) -> KernelFinding {
        var random = AuditRandom(seed: seed, name: name)
        if let finding = ScanAudit.run(name, &random, rounds) { return finding }
        if let finding = CompositorAudit.run(name, &random, rounds) { return finding }
        if let finding = PaintAudit.run(name, &random, rounds) { return finding }
        if let finding = GradientTableAudit.run(name, &random, rounds) { return finding }
        if let finding = BlendAudit.run(name, &random, rounds) { return finding }
        if let finding = MaskAudit.run(name, &random, rounds) { return finding }
        if let finding = BlurAudit.run(name, &random, rounds) { return finding }
        var unknown = KernelFinding(kernel: name)
        unknown.fail("no such check")
        return unknown
    }
}

/// SplitMix64, seeded from the audit seed and the check's name.
struct AuditRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64, name: String) {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a of the name, mixed with the seed
        for byte in name.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        state = seed ^ h
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A premultiplied pixel with the edge cases weighted in: alpha 0 / 255 / random, each
    /// channel 0, equal to alpha, or random below it.
    mutating func pixel() -> PremultipliedRGBA8 {
        let alpha: UInt8
        switch Int.random(in: 0..<8, using: &self) {
        case 0, 1: alpha = 0
        case 2, 3: alpha = 255
        default: alpha = UInt8.random(in: 0...255, using: &self)
        }
        func channel() -> UInt8 {
            switch Int.random(in: 0..<6, using: &self) {
            case 0: return 0
            case 1: return alpha
            default: return UInt8.random(in: 0...alpha, using: &self)
            }
        }
        return PremultipliedRGBA8(r: channel(), g: channel(), b: channel(), a: alpha)
    }

    /// `count` pixels, sometimes in runs of one value (whole SIMD blocks of transparent or opaque
    /// pixels hit the kernels' block shortcuts).
    mutating func pixels(_ count: Int) -> [PremultipliedRGBA8] {
        var out: [PremultipliedRGBA8] = []
        out.reserveCapacity(count)
        while out.count < count {
            let run = Int.random(in: 1...12, using: &self)
            if Bool.random(using: &self) {
                let p = Bool.random(using: &self) ? PremultipliedRGBA8.transparent : pixel()
                for _ in 0..<run { out.append(p) }
            } else {
                for _ in 0..<run { out.append(pixel()) }
            }
        }
        return Array(out.prefix(count))
    }

    /// `count` coverage bytes in runs of 0, 255 or random values.
    mutating func coverage(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            let run = Int.random(in: 1...40, using: &self)
            let value: UInt8? = [0, 255, nil].randomElement(using: &self)!
            for _ in 0..<run { out.append(value ?? UInt8.random(in: 0...255, using: &self)) }
        }
        return Array(out.prefix(count))
    }

    /// An opacity byte: 255, 0, 1, 128 or random.
    mutating func opacity() -> UInt8 {
        [255, 255, 0, 1, 128, UInt8.random(in: 0...255, using: &self), UInt8.random(in: 0...255, using: &self)]
            .randomElement(using: &self)!
    }

    /// A span length: 0…70 (whole SIMD blocks and tails).
    mutating func length() -> Int { Int.random(in: 0...70, using: &self) }
}
