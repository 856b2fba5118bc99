// PaintAudit.swift — audit checks of the paint shaders: linear, radial, conic gradients (SIMD
// equal to scalar). See KernelAudit.swift.

enum PaintAudit {
    static let names = ["gradient.linear", "gradient.radial", "gradient.conic"]

    static func run(_ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding? {
        guard names.contains(name) else { return nil }
        var finding = KernelFinding(kernel: name)
        for trial in 0..<(200 * rounds) {
            let gradient = randomGradient(&random)
            let extend = GradientExtend.allCases.randomElement(using: &random)!
            let filter: ColorFilter? = Bool.random(using: &random)
                ? .hueRotation(degrees: .random(in: 0...360, using: &random)) : nil
            let opacity = Double.random(in: 0.2...1, using: &random)
            let transform = randomTransform(&random)
            let count = Int.random(in: 1...75, using: &random)
            let x = Int.random(in: -20...200, using: &random), y = Int.random(in: -20...200, using: &random)
            let shader: any PaintShader
            switch name {
            case "gradient.linear":
                shader = LinearGradientPaint(gradient: gradient, start: randomPoint(&random), end: randomPoint(&random),
                                             extend: extend, opacity: opacity, filter: filter).makeShader(transform: transform)
            case "gradient.radial":
                shader = RadialGradientPaint(gradient: gradient, center: randomPoint(&random),
                                             startRadius: .random(in: 0...10, using: &random),
                                             endRadius: .random(in: 40...90, using: &random), extend: extend,
                                             opacity: opacity, filter: filter).makeShader(transform: transform)
            default:
                shader = ConicGradientPaint(gradient: gradient, center: randomPoint(&random),
                                            startAngle: .random(in: -400...400, using: &random), opacity: opacity,
                                            filter: filter).makeShader(transform: transform)
            }
            var scalar = [PremultipliedRGBA8](repeating: .transparent, count: count), simd = scalar
            scalar.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: count, into: $0.baseAddress!, kernels: .scalar) }
            simd.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: count, into: $0.baseAddress!, kernels: .simd) }
            finding.cases += count
            if let i = firstDifferingIndex(scalar, simd) {
                finding.fail("trial \(trial) (\(extend)), pixel \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
            }
        }
        return finding
    }

    static func randomGradient(_ random: inout AuditRandom) -> Gradient {
        Gradient(colors: (0..<Int.random(in: 1...9, using: &random)).map { _ in ScanAudit.randomColor(&random) })
    }

    static func randomPoint(_ random: inout AuditRandom) -> Point {
        Point(.random(in: -20...180, using: &random), .random(in: -20...140, using: &random))
    }

    /// A random invertible transform: anisotropic scale, rotation, translation.
    static func randomTransform(_ random: inout AuditRandom) -> Transform {
        Transform.scale(.random(in: 0.5...2, using: &random), .random(in: 0.5...2, using: &random))
            .concatenating(.rotation(radians: .random(in: -3...3, using: &random)))
            .concatenating(.translation(.random(in: -20...60, using: &random), .random(in: -20...60, using: &random)))
    }
}
