// ColorFilterTests.swift — the §2.5 hue-rotation matrix and the colour-filter pixel kernels.

import TestSupport
import Geometry
import Foundation
import Testing
@testable import Raster

@Suite struct ColorFilterTests {
    @Test func quarterTurnFirstRow() {
        let m = ColorMatrix.hueRotation(degrees: 90)
        #expect(abs(m.r1) < 1e-4 && abs(m.r2) < 1e-4 && abs(m.r3 - 1) < 1e-4)
        #expect(m.r4 == 0 && m.r5 == 0 && m.a4 == 1 && m.isPremultipliedLinear)
    }

    @Test func matrixCoefficientsAsPrinted() {
        // §2.5 at h = 30°, every coefficient from the printed formulas.
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let m = ColorMatrix.hueRotation(degrees: 30)
        let expected: [Double] = [
            0.2126 + 0.7873 * c - 0.2126 * s, 0.7152 - 0.7152 * c - 0.7152 * s, 0.0722 - 0.0722 * c + 0.9278 * s,
            0.2126 - 0.2126 * c + 0.1430 * s, 0.7152 + 0.2848 * c + 0.1400 * s, 0.0722 - 0.0722 * c - 0.2830 * s,
            0.2126 - 0.2126 * c - 0.7873 * s, 0.7152 - 0.7152 * c + 0.7152 * s, 0.0722 + 0.9278 * c + 0.0722 * s,
        ]
        let actual = [m.r1, m.r2, m.r3, m.g1, m.g2, m.g3, m.b1, m.b2, m.b3]
        #expect(zip(actual, expected).allSatisfy { abs($0 - $1) < 1e-12 })
        // Greys stay grey (rows sum to 1 up to the printed 0.7873).
        let grey = m.apply(to: RGBA(r: 0.4, g: 0.4, b: 0.4))
        #expect(abs(grey.r - 0.4) < 1e-4 && abs(grey.g - 0.4) < 1e-4 && abs(grey.b - 0.4) < 1e-4)
    }

    @Test func checkValues() {
        #expect(ColorFilter.hueRotation(degrees: 270).apply(to: RGBA(hex: "#FF0000")!).hexString == "#6C12FF")
        #expect(ColorFilter.hueRotation(degrees: 180).apply(to: RGBA(hex: "#005FFF")!).hexString == "#AD4E00")
        // Alpha is unchanged, results are clamped to [0, 1].
        let translucent = ColorFilter.hueRotation(degrees: 180).apply(to: RGBA(r: 0, g: 0.372549, b: 1, a: 0.3))
        #expect(translucent.a == 0.3 && translucent.b == 0)
    }

    @Test(arguments: RasterKernels.allCases)
    func checkValuesThroughTheRasterizer(kernels: RasterKernels) {
        // Folded into a one-colour gradient (uniform colour path) and through a layer.
        for (hex, hue, expected) in [("#FF0000", 270.0, "#6C12FF"), ("#005FFF", 180.0, "#AD4E00")] {
            let rasterizer = Rasterizer()
            rasterizer.kernels = kernels
            let folded = Canvas(width: 4, height: 4)
            let paint = LinearGradientPaint(gradient: Gradient(colors: [RGBA(hex: hex)!]), start: .zero, end: Point(4, 0),
                                            filter: .hueRotation(degrees: hue))
            rasterizer.fill(.rectangle(x: 0, y: 0, width: 4, height: 4), paint: paint, on: folded)
            #expect(channelDistance(folded[1, 1], pixel(hex: expected)) <= 1, "\(folded[1, 1])")

            let target = Canvas(width: 4, height: 4)
            let layer = Layer()
            let group = rasterizer.beginLayer(layer, for: target)
            rasterizer.fill(.rectangle(x: 0, y: 0, width: 4, height: 4), paint: SolidPaint(color: RGBA(hex: hex)!), on: group)
            rasterizer.composite(layer, filter: .hueRotation(degrees: hue), onto: target)
            #expect(channelDistance(target[2, 3], pixel(hex: expected)) <= 1, "\(target[2, 3])")
        }
    }

    /// docs/ANIMATIONS.md §2.5 literally: un-premultiply (exact), matrix, clamp to [0, 1],
    /// premultiply.
    func literalHueRotation(_ p: PremultipliedRGBA8, degrees: Double) -> PremultipliedRGBA8 {
        guard p.a > 0 else { return .transparent }
        let a = Double(p.a) / 255
        let straight = RGBA(r: Double(p.r) / 255 / a, g: Double(p.g) / 255 / a, b: Double(p.b) / 255 / a, a: a)
        return PremultipliedRGBA8(ColorFilter.hueRotation(degrees: degrees).apply(to: straight))
    }

    @Test func premultipliedKernelsMatchTheLiteralFilter() {
        // On premultiplied pixels with channels clamped to [0, α] = the un-premultiplied form;
        // SIMD and scalar are byte-identical, and within ±1 of the Double reference.
        var rng = SeededGenerator(seed: 0x4E3)
        for trial in 0..<200 {
            let degrees = Double.random(in: -720...720, using: &rng)
            let filter = PixelColorFilter(.hueRotation(degrees: degrees))
            let count = Int.random(in: 0...43, using: &rng)
            let source = (0..<count).map { _ in randomPremultiplied(using: &rng) }
            var scalar = [PremultipliedRGBA8](repeating: .transparent, count: count), simd = scalar
            source.withUnsafeBufferPointer { s in
                scalar.withUnsafeMutableBufferPointer { d in
                    if count > 0 { filter.apply(s.baseAddress!, into: d.baseAddress!, count: count, kernels: .scalar) }
                }
                simd.withUnsafeMutableBufferPointer { d in
                    if count > 0 { filter.apply(s.baseAddress!, into: d.baseAddress!, count: count, kernels: .simd) }
                }
            }
            #expect(scalar == simd, "trial \(trial)")
            for (input, output) in zip(source, simd) {
                #expect(channelDistance(output, literalHueRotation(input, degrees: degrees)) <= 1, "\(input) h \(degrees)")
                #expect(output.a == input.a && output.r <= output.a && output.g <= output.a && output.b <= output.a)
            }
        }
    }

    @Test func generalMatrixTakesTheUnpremultipliedPath() {
        // Halve alpha and invert red: not premultiplication-linear, so pixels are un-premultiplied first.
        let matrix = ColorMatrix(rows: [[-1, 0, 0, 0, 1], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0.5, 0]])
        #expect(!matrix.isPremultipliedLinear)
        let filter = PixelColorFilter(.colorMatrix(matrix))
        // Straight (0.2, 0.6, 1.0) at α = 0.8 → (0.8, 0.6, 1.0) at α = 0.4.
        let input = PremultipliedRGBA8(RGBA(r: 0.2, g: 0.6, b: 1, a: 0.8))
        var output = PremultipliedRGBA8.transparent
        withUnsafePointer(to: input) { s in filter.apply(s, into: &output, count: 1, kernels: .simd) }
        #expect(channelDistance(output, PremultipliedRGBA8(RGBA(r: 0.8, g: 0.6, b: 1, a: 0.4))) <= 1, "\(output)")
    }

    @Test func filterFoldedIntoGradientTable() {
        // Each table entry is the exact colour at its parameter, filtered (straight colour,
        // clamped), then made more transparent by the opacity, then premultiplied.
        let gradient = Gradient(colors: [RGBA(hex: "#005FFF")!, RGBA(hex: "#FF0000")!])
        let filter = ColorFilter.hueRotation(degrees: 123)
        let table = GradientColorTable(gradient: gradient, opacity: 0.7, filter: filter)
        for i in stride(from: 0, to: table.count, by: 17) {
            let t = Double(i) / Double(table.count - 1)
            let expected = PremultipliedRGBA8(filter.apply(to: gradient.color(at: t)).withOpacity(0.7))
            #expect(table.colors[i] == expected)
        }
    }
}
