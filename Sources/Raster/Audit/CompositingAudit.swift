// CompositingAudit.swift — audit checks of the blend-mode, mask and matte kernels: SIMD equal to
// scalar byte for byte, both within ±1 per channel of the Double references (BlendReference,
// MaskReference, MatteReference). See KernelAudit.swift.

enum BlendAudit {
    /// "blend.<mode>": the kernel `Compositing.blend` dispatches to; "blend-float.<mode>": the
    /// Float kernel for the modes that also have an integer one.
    static let names = BlendMode.allCases.map { "blend.\($0.rawValue)" }
        + BlendMode.allCases.filter(\.hasIntegerKernel).map { "blend-float.\($0.rawValue)" }

    static func run(_ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == "blend" || parts[0] == "blend-float",
              let mode = BlendMode(rawValue: parts[1]) else { return nil }
        let float = parts[0] == "blend-float"
        var finding = KernelFinding(kernel: name, tolerance: 1)
        for trial in 0..<(150 * rounds) {
            let count = random.length()
            let source = random.pixels(count)
            let destination = random.pixels(count)
            let opacity = random.opacity()
            func composite(_ kernels: RasterKernels) -> [PremultipliedRGBA8] {
                var out = destination
                source.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { d in
                        guard let sp = s.baseAddress, let dp = d.baseAddress else { return }
                        if float {
                            BlendFloatKernel.composite(mode, sp, opacity: opacity, dp, count: count, kernels: kernels)
                        } else {
                            Compositing.blend(mode, source: sp, opacity: opacity, into: dp, count: count, kernels: kernels)
                        }
                    }
                }
                return out
            }
            let scalar = composite(.scalar)
            let simd = composite(.simd)
            if let i = firstDifferingIndex(scalar, simd) {
                finding.fail("trial \(trial), pixel \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i]) for S \(source[i]) o \(opacity) D \(destination[i])")
            }
            for i in 0..<count {
                let reference = BlendReference.composite(mode, source: source[i], opacity: opacity,
                                                         destination: destination[i])
                finding.compare(scalar[i], reference: reference, "S \(source[i]) o \(opacity) D \(destination[i])")
                if !isValidPremultiplied(scalar[i]) { finding.fail("invalid premultiplied result \(scalar[i])") }
            }
        }
        return finding
    }
}

enum MaskAudit {
    static let names = MaskMode.allCases.map { "mask.\($0.rawValue)" } + ["mask.apply"]
        + MatteMode.allCases.map { "matte.\($0.rawValue)" }

    static func run(_ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding? {
        if name == "mask.apply" { return applyMask(&random, rounds) }
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        if parts[0] == "mask", let mode = MaskMode(rawValue: parts[1]) { return combine(mode, name, &random, rounds) }
        if parts[0] == "matte", let mode = MatteMode(rawValue: parts[1]) { return matte(mode, name, &random, rounds) }
        return nil
    }

    static func combine(_ mode: MaskMode, _ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding {
        var finding = KernelFinding(kernel: name, tolerance: 1)
        for trial in 0..<(200 * rounds) {
            let count = Int.random(in: 0...100, using: &random)
            let coverage = random.coverage(count)
            let accumulated = random.coverage(count)
            let opacity = random.opacity()
            let inverted = Bool.random(using: &random)
            func run(_ kernels: RasterKernels) -> [UInt8] {
                var out = accumulated
                coverage.withUnsafeBufferPointer { c in
                    out.withUnsafeMutableBufferPointer { m in
                        guard let cp = c.baseAddress, let mp = m.baseAddress else { return }
                        Compositing.combineMask(mode, coverage: cp, opacity: opacity, inverted: inverted, into: mp,
                                                count: count, kernels: kernels)
                    }
                }
                return out
            }
            let scalar = run(.scalar), simd = run(.simd)
            if let i = firstDifferingIndex(scalar, simd) {
                finding.fail("trial \(trial), byte \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
            }
            for i in 0..<count {
                let exact = MaskReference.combine(mode, accumulated: Double(accumulated[i]) / 255,
                                                  path: Double(coverage[i]) / 255, opacity: Double(opacity) / 255,
                                                  inverted: inverted)
                finding.compare(scalar[i], reference: BlendReference.byte(exact),
                                "m \(accumulated[i]) p \(coverage[i]) o \(opacity) inverted \(inverted)")
            }
        }
        return finding
    }

    static func applyMask(_ random: inout AuditRandom, _ rounds: Int) -> KernelFinding {
        var finding = KernelFinding(kernel: "mask.apply", tolerance: 1)
        for trial in 0..<(200 * rounds) {
            let count = random.length()
            let layer = random.pixels(count)
            let mask = random.coverage(count)
            func run(_ kernels: RasterKernels) -> [PremultipliedRGBA8] {
                var out = layer
                mask.withUnsafeBufferPointer { m in
                    out.withUnsafeMutableBufferPointer { l in
                        guard let mp = m.baseAddress, let lp = l.baseAddress else { return }
                        Compositing.applyMask(mp, to: lp, count: count, kernels: kernels)
                    }
                }
                return out
            }
            let scalar = run(.scalar), simd = run(.simd)
            if let i = firstDifferingIndex(scalar, simd) {
                finding.fail("trial \(trial), pixel \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
            }
            for i in 0..<count {
                finding.compare(scalar[i], reference: MatteReference.scaled(layer[i], by: Double(mask[i]) / 255),
                                "L \(layer[i]) m \(mask[i])")
            }
        }
        return finding
    }

    static func matte(_ mode: MatteMode, _ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding {
        var finding = KernelFinding(kernel: name, tolerance: 1)
        for trial in 0..<(200 * rounds) {
            let count = random.length()
            let layer = random.pixels(count)
            let matte = random.pixels(count)
            func run(_ kernels: RasterKernels) -> [PremultipliedRGBA8] {
                var out = layer
                matte.withUnsafeBufferPointer { m in
                    out.withUnsafeMutableBufferPointer { l in
                        guard let mp = m.baseAddress, let lp = l.baseAddress else { return }
                        Compositing.applyMatte(mode, matte: mp, to: lp, count: count, kernels: kernels)
                    }
                }
                return out
            }
            let scalar = run(.scalar), simd = run(.simd)
            if let i = firstDifferingIndex(scalar, simd) {
                finding.fail("trial \(trial), pixel \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
            }
            for i in 0..<count {
                finding.compare(scalar[i], reference: MatteReference.scaled(layer[i], by: MatteReference.value(mode, matte[i])),
                                "L \(layer[i]) matte \(matte[i])")
            }
        }
        return finding
    }
}

/// The index of the first element where two arrays differ (or where one ends), nil if equal.
func firstDifferingIndex<T: Equatable>(_ a: [T], _ b: [T]) -> Int? {
    for i in 0..<Swift.min(a.count, b.count) where a[i] != b[i] { return i }
    return a.count == b.count ? nil : Swift.min(a.count, b.count)
}

/// Every colour byte ≤ alpha.
func isValidPremultiplied(_ p: PremultipliedRGBA8) -> Bool { p.r <= p.a && p.g <= p.a && p.b <= p.a }
