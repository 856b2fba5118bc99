// PaintAudit.swift — audit checks of the paint shaders: linear, radial, focal and conic gradients
// (SIMD equal to scalar) and image paints (SIMD equal to scalar, within ±1 of the Double
// bilinear formula). See KernelAudit.swift.

import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum PaintAudit {
    static let names = ["gradient.linear", "gradient.radial", "gradient.focal", "gradient.conic",
                        "image.transparent", "image.pad"]

    static func run(_ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding? {
        guard names.contains(name) else { return nil }
        if name == "image.transparent" { return image(.transparent, name, &random, rounds) }
        if name == "image.pad" { return image(.pad, name, &random, rounds) }
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
            case "gradient.focal":
                let center = randomPoint(&random), radius = Double.random(in: 20...90, using: &random)
                // Inside, on and outside the circle (outside is moved onto it).
                let distance = radius * [0, 0.3, 0.95, 1, 1.4, Double.random(in: 0...1, using: &random)].randomElement(using: &random)!
                let angle = Double.random(in: -3.2...3.2, using: &random)
                let focus = center + Point(cos(angle), sin(angle)) * distance
                shader = RadialGradientPaint(gradient: gradient, center: center, radius: radius, focalPoint: focus,
                                             extend: extend, opacity: opacity, filter: filter).makeShader(transform: transform)
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

    static func image(_ edge: ImageEdge, _ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding {
        var finding = KernelFinding(kernel: name, tolerance: 1)
        for trial in 0..<(60 * rounds) {
            let width = Int.random(in: 1...23, using: &random), height = Int.random(in: 1...17, using: &random)
            let pixels = random.pixels(width * height)
            let bytes = pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] }
            guard let image = try? RGBAImage(width: width, height: height, premultipliedRGBA: bytes) else {
                finding.fail("trial \(trial): image \(width)x\(height) refused")
                continue
            }
            // Rotation and anisotropic scale from 1/4 (minified) to 6 (magnified), plus the fill's transform.
            let placement = Transform.scale(.random(in: 0.25...6, using: &random), .random(in: 0.25...6, using: &random))
                .concatenating(.rotation(radians: .random(in: -3.2...3.2, using: &random)))
                .concatenating(.translation(.random(in: -10...60, using: &random), .random(in: -10...60, using: &random)))
            let opacity = [1, 1, 0.5, Double.random(in: 0...1, using: &random)].randomElement(using: &random)!
            let paint = ImagePaint(image: image, transform: placement, opacity: opacity, edge: edge)
            let shader = paint.makeShader(transform: trial % 3 == 0 ? .identity : randomTransform(&random))
            let y = Int.random(in: -10...90, using: &random), x = Int.random(in: -10...90, using: &random)
            let count = Int.random(in: 1...75, using: &random)
            var scalar = [PremultipliedRGBA8](repeating: .transparent, count: count), simd = scalar
            scalar.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: count, into: $0.baseAddress!, kernels: .scalar) }
            simd.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: count, into: $0.baseAddress!, kernels: .simd) }
            if let i = firstDifferingIndex(scalar, simd) {
                finding.fail("trial \(trial), pixel \(i): SIMD \(simd[i]) ≠ scalar \(scalar[i])")
            }
            for i in 0..<count {
                finding.compare(scalar[i], reference: shader.exactColor(x: x + i, y: y), "trial \(trial) pixel (\(x + i), \(y))")
                if !isValidPremultiplied(scalar[i]) { finding.fail("invalid premultiplied result \(scalar[i])") }
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
