// ScanAudit.swift — audit checks of the scan-conversion and source-over kernels that predate the
// compositing work: coverage accumulation, coverage of random paths, whole fills, the span
// compositor and the colour filter (SIMD equal to scalar; the span compositor also within ±1 of
// exact source-over). See KernelAudit.swift.

@_spi(Internals) import Geometry

enum ScanAudit {
    static let names = ["scan.accumulation", "scan.coverage", "scan.fill"]

    static func run(_ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding? {
        switch name {
        case "scan.accumulation": return accumulation(&random, rounds)
        case "scan.coverage": return coverage(&random, rounds)
        case "scan.fill": return fill(&random, rounds)
        default: return nil
        }
    }

    static func accumulation(_ random: inout AuditRandom, _ rounds: Int) -> KernelFinding {
        var finding = KernelFinding(kernel: "scan.accumulation")
        for trial in 0..<(200 * rounds) {
            let groups = Int.random(in: 1...12, using: &random)
            let count = groups * CoverageAccumulation.groupWidth
            let cells = (0..<count).map { _ -> Float in
                switch Int.random(in: 0..<4, using: &random) {
                case 0: return 0
                case 1: return Float(Int.random(in: -3...3, using: &random))
                default: return Float.random(in: -2.5...2.5, using: &random)
                }
            }
            let carry = Float.random(in: -4...4, using: &random)
            for rule in [FillRule.nonZero, .evenOdd] {
                func run(_ kernels: RasterKernels) -> ([UInt8], Float) {
                    var c = cells
                    var out = [UInt8](repeating: 0, count: count)
                    var running = carry
                    c.withUnsafeMutableBufferPointer { cp in
                        out.withUnsafeMutableBufferPointer { op in
                            CoverageAccumulation.accumulate(cells: cp.baseAddress!, coverage: op.baseAddress!,
                                                            groupCount: groups, carry: &running, rule: rule, kernels: kernels)
                        }
                    }
                    return (out, running)
                }
                let (a, carryA) = run(.scalar), (b, carryB) = run(.simd)
                finding.cases += count
                if let i = firstDifferingIndex(a, b) { finding.fail("trial \(trial) \(rule), cell \(i): SIMD \(b[i]) ≠ scalar \(a[i])") }
                if carryA != carryB { finding.fail("trial \(trial) \(rule): carry \(carryB) ≠ \(carryA)") }
            }
        }
        return finding
    }

    static func coverage(_ random: inout AuditRandom, _ rounds: Int) -> KernelFinding {
        var finding = KernelFinding(kernel: "scan.coverage")
        let scalar = Rasterizer(), simd = Rasterizer()
        scalar.kernels = .scalar
        for trial in 0..<(40 * rounds) {
            let width = [67, 40, 129, 9][trial % 4], height = [53, 35, 20, 64][trial % 4]
            let path = randomPath(width: Double(width), height: Double(height), &random)
            for rule in [FillRule.nonZero, .evenOdd] {
                let a = scalar.coverageMask(path, rule: rule, width: width, height: height)
                let b = simd.coverageMask(path, rule: rule, width: width, height: height)
                finding.cases += a.count
                if let i = firstDifferingIndex(a, b) { finding.fail("path \(trial) \(rule), byte \(i): SIMD \(b[i]) ≠ scalar \(a[i])") }
            }
        }
        return finding
    }

    /// Whole fills (edges, coverage, shading, compositing, known-background shortcuts) with a
    /// solid and a gradient paint on random and on cleared canvases.
    static func fill(_ random: inout AuditRandom, _ rounds: Int) -> KernelFinding {
        var finding = KernelFinding(kernel: "scan.fill")
        let scalar = Rasterizer(), simd = Rasterizer()
        scalar.kernels = .scalar
        for trial in 0..<(30 * rounds) {
            let width = 45 + trial % 7, height = 30
            let background = random.pixels(width * height)
            let cleared = Bool.random(using: &random)
            func canvas() -> Canvas {
                let c = Canvas(width: width, height: height)
                if cleared {
                    c.clear(to: RGBA(r: 1, g: 1, b: 1))
                } else {
                    c.withUnsafeMutableBytes { bytes in
                        for (i, p) in background.enumerated() {
                            bytes[4 * i] = p.r; bytes[4 * i + 1] = p.g; bytes[4 * i + 2] = p.b; bytes[4 * i + 3] = p.a
                        }
                    }
                }
                return c
            }
            let a = canvas(), b = canvas()
            let path = randomPath(width: Double(width), height: Double(height), &random)
            let solid = SolidPaint(color: randomColor(&random), opacity: [1, 0.5, 0.9].randomElement(using: &random)!)
            let gradient = LinearGradientPaint(gradient: Gradient(colors: [randomColor(&random), randomColor(&random)]),
                                               start: Point(0, 0), end: Point(Double(width), Double(height)))
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            for (rasterizer, target) in [(scalar, a), (simd, b)] {
                rasterizer.fill(path, rule: rule, paint: solid, on: target)
                rasterizer.fill(.circle(center: Point(20, 15), radius: 12.3), paint: gradient, on: target)
            }
            let bytesA = a.withUnsafeBytes { Array($0) }, bytesB = b.withUnsafeBytes { Array($0) }
            finding.cases += width * height
            if let i = firstDifferingIndex(bytesA, bytesB) {
                finding.fail("fill \(trial): byte \(i) SIMD \(bytesB[i]) ≠ scalar \(bytesA[i])")
            }
        }
        return finding
    }

    /// A random path of lines, quadratics and cubics, partly outside the canvas.
    static func randomPath(width: Double, height: Double, _ random: inout AuditRandom) -> Path {
        func point() -> Point {
            Point(Double.random(in: -0.3 * width...1.3 * width, using: &random),
                  Double.random(in: -0.3 * height...1.3 * height, using: &random))
        }
        var path = Path()
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            path.move(to: point())
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: path.line(to: point())
                case 1: path.quad(to: point(), control: point())
                default: path.cubic(to: point(), control1: point(), control2: point())
                }
            }
            if Bool.random(using: &random) { path.close() }
        }
        return path
    }

    static func randomColor(_ random: inout AuditRandom, opaque: Bool = false) -> RGBA {
        RGBA(r: .random(in: 0...1, using: &random), g: .random(in: 0...1, using: &random),
             b: .random(in: 0...1, using: &random), a: opaque || Bool.random(using: &random) ? 1 : .random(in: 0...1, using: &random))
    }
}

enum CompositorAudit {
    static let names = ["compositor.uniformConstant", "compositor.uniformMask", "compositor.uniformMaskOverBackground",
                        "compositor.colorsMask", "compositor.colorsConstant", "colorFilter.hue"]

    static func run(_ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding? {
        guard names.contains(name) else { return nil }
        if name == "colorFilter.hue" { return colorFilter(&random, rounds) }
        var finding = KernelFinding(kernel: name, tolerance: 1)
        for trial in 0..<(300 * rounds) {
            let count = random.length()
            let background = random.pixel()
            let destination = name == "compositor.uniformMaskOverBackground"
                ? [PremultipliedRGBA8](repeating: background, count: count) : random.pixels(count)
            let colors = random.pixels(count)
            let color = random.pixel()
            let mask = random.coverage(count)
            let coverage = random.opacity()
            func run(_ kernels: RasterKernels) -> [PremultipliedRGBA8] {
                var out = destination
                colors.withUnsafeBufferPointer { c in
                    mask.withUnsafeBufferPointer { m in
                        out.withUnsafeMutableBufferPointer { d in
                            guard let cp = c.baseAddress, let mp = m.baseAddress, let dp = d.baseAddress else { return }
                            switch name {
                            case "compositor.uniformConstant":
                                SpanCompositor.sourceOver(uniform: color, coverage: coverage, into: dp, count: count, kernels: kernels)
                            case "compositor.uniformMask":
                                SpanCompositor.sourceOver(uniform: color, mask: mp, into: dp, count: count, kernels: kernels)
                            case "compositor.uniformMaskOverBackground":
                                SpanCompositor.sourceOver(uniform: color, mask: mp, overBackground: background, into: dp,
                                                          count: count, kernels: kernels)
                            case "compositor.colorsMask":
                                SpanCompositor.sourceOver(colors: cp, mask: mp, into: dp, count: count, kernels: kernels)
                            default:
                                SpanCompositor.sourceOver(colors: cp, coverage: coverage, into: dp, count: count, kernels: kernels)
                            }
                        }
                    }
                }
                return out
            }
            let scalar = run(.scalar), simd = run(.simd)
            if let i = firstDifferingIndex(scalar, simd) {
                finding.fail("trial \(trial), pixel \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
            }
            for i in 0..<count {
                let uniform = name.hasPrefix("compositor.uniform")
                let source = uniform ? color : colors[i]
                let m = name.hasSuffix("Constant") ? coverage : mask[i]
                let reference = BlendReference.composite(.normal, source: source, opacity: m, destination: destination[i])
                finding.compare(scalar[i], reference: reference, "S \(source) m \(m) D \(destination[i])")
            }
        }
        return finding
    }

    static func colorFilter(_ random: inout AuditRandom, _ rounds: Int) -> KernelFinding {
        var finding = KernelFinding(kernel: "colorFilter.hue")
        for trial in 0..<(200 * rounds) {
            let filter = PixelColorFilter(.hueRotation(degrees: .random(in: -400...400, using: &random)))
            let count = random.length()
            let source = random.pixels(count)
            func run(_ kernels: RasterKernels) -> [PremultipliedRGBA8] {
                var out = [PremultipliedRGBA8](repeating: .transparent, count: count)
                source.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { d in
                        guard let sp = s.baseAddress, let dp = d.baseAddress else { return }
                        filter.apply(sp, into: dp, count: count, kernels: kernels)
                    }
                }
                return out
            }
            let scalar = run(.scalar), simd = run(.simd)
            finding.cases += count
            if let i = firstDifferingIndex(scalar, simd) {
                finding.fail("trial \(trial), pixel \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
            }
        }
        return finding
    }
}
