// KernelEquivalenceTests.swift — every SIMD kernel is byte-identical to its scalar reference.

import TestSupport
import Geometry
import Testing
@testable import Raster

@Suite struct KernelEquivalenceTests {
    @Test func coverageMasksOfRandomPathsAreIdentical() {
        var rng = SeededGenerator(seed: 0xC0FFEE)
        let scalar = Rasterizer()
        scalar.kernels = .scalar
        let simd = Rasterizer()
        simd.kernels = .simd
        var nonEmpty = 0
        for index in 0..<60 {
            // Widths that are not multiples of the 8-pixel group exercise the row tails.
            let width = [67, 40, 129, 9][index % 4]
            let height = [53, 35, 20, 64][index % 4]
            let path = randomPath(width: Double(width), height: Double(height), using: &rng)
            for rule in [FillRule.nonZero, .evenOdd] {
                let a = scalar.coverageMask(path, rule: rule, width: width, height: height)
                let b = simd.coverageMask(path, rule: rule, width: width, height: height)
                #expect(firstDifference(a, b) == nil, "path \(index) \(rule)")
                if a.contains(where: { $0 != 0 }) { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > 100)  // the random paths really cover something
    }

    @Test func accumulationKernelOnRandomCells() {
        var rng = SeededGenerator(seed: 42)
        for trial in 0..<200 {
            let groups = Int.random(in: 1...12, using: &rng)
            let count = groups * CoverageAccumulation.groupWidth
            // Mix of large windings (even-odd wraps), fractions and exact zeros.
            let cells = (0..<count).map { _ -> Float in
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: return 0
                case 1: return Float(Int.random(in: -3...3, using: &rng))
                default: return Float.random(in: -2.5...2.5, using: &rng)
                }
            }
            let carry = Float.random(in: -4...4, using: &rng)
            for evenOdd in [false, true] {
                var cellsA = cells, cellsB = cells
                var coverageA = [UInt8](repeating: 0, count: count), coverageB = coverageA
                var carryA = carry, carryB = carry
                cellsA.withUnsafeMutableBufferPointer { c in
                    coverageA.withUnsafeMutableBufferPointer { o in
                        if evenOdd {
                            CoverageAccumulation.scalar(cells: c.baseAddress!, coverage: o.baseAddress!, groupCount: groups,
                                                        carry: &carryA, rule: EvenOddCoverage.self)
                        } else {
                            CoverageAccumulation.scalar(cells: c.baseAddress!, coverage: o.baseAddress!, groupCount: groups,
                                                        carry: &carryA, rule: NonZeroCoverage.self)
                        }
                    }
                }
                cellsB.withUnsafeMutableBufferPointer { c in
                    coverageB.withUnsafeMutableBufferPointer { o in
                        if evenOdd {
                            CoverageAccumulation.simd(cells: c.baseAddress!, coverage: o.baseAddress!, groupCount: groups,
                                                      carry: &carryB, rule: EvenOddCoverage.self)
                        } else {
                            CoverageAccumulation.simd(cells: c.baseAddress!, coverage: o.baseAddress!, groupCount: groups,
                                                      carry: &carryB, rule: NonZeroCoverage.self)
                        }
                    }
                }
                #expect(coverageA == coverageB, "trial \(trial) evenOdd \(evenOdd)")
                #expect(carryA == carryB)
                #expect(cellsA.allSatisfy { $0 == 0 } && cellsB.allSatisfy { $0 == 0 })
            }
        }
    }

    @Test func accumulationMatchesASequentialPrefixSum() {
        // The kernels' evaluation order differs from a plain running sum only by float rounding.
        var rng = SeededGenerator(seed: 3)
        var cells = (0..<64).map { _ in Float.random(in: -0.6...0.6, using: &rng) }
        let reference = cells.reduce(into: [Float]()) { $0.append(($0.last ?? 0) + $1) }
        var coverage = [UInt8](repeating: 0, count: 64)
        var carry: Float = 0
        cells.withUnsafeMutableBufferPointer { c in
            coverage.withUnsafeMutableBufferPointer { o in
                CoverageAccumulation.simd(cells: c.baseAddress!, coverage: o.baseAddress!, groupCount: 8,
                                          carry: &carry, rule: NonZeroCoverage.self)
            }
        }
        for i in 0..<64 {
            #expect(abs(Double(coverage[i]) - Double(min(abs(reference[i]), 1)) * 255) <= 0.5001)
        }
    }

    enum Kind: CaseIterable { case uniformConstant, uniformMask, uniformMaskOverBackground, colorsMask }

    @Test(arguments: Kind.allCases)
    func spanCompositingOnRandomInputs(kind: Kind) {
        var rng = SeededGenerator(seed: 99)
        for trial in 0..<300 {
            let count = Int.random(in: 0...37, using: &rng)
            // Over a known background every destination pixel holds it (opaque white in the pulse).
            let background = trial % 3 == 0 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) : randomPremultiplied(using: &rng)
            let destination = kind == .uniformMaskOverBackground
                ? [PremultipliedRGBA8](repeating: background, count: count)
                : (0..<count).map { _ in randomPremultiplied(using: &rng) }
            let colors = (0..<count).map { _ in randomPremultiplied(using: &rng) }
            let color = trial % 5 == 0 ? PremultipliedRGBA8(r: 229, g: 35, b: 68, a: 255) : randomPremultiplied(using: &rng)
            // Runs of 0, runs of 255 and random values, so the SIMD block shortcuts are hit.
            var mask: [UInt8] = []
            while mask.count < count {
                let run = Int.random(in: 1...9, using: &rng)
                let value: UInt8? = [0, 255, nil].randomElement(using: &rng)!
                for _ in 0..<run { mask.append(value ?? UInt8.random(in: 0...255, using: &rng)) }
            }
            mask = Array(mask.prefix(count))
            // Whole 8-pixel blocks at full coverage (a translucent colour skips the multiply there).
            if trial % 7 == 3 { mask = [UInt8](repeating: 255, count: count) }
            let coverage = [0, 255, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng)!

            func run(_ kernels: RasterKernels) -> [PremultipliedRGBA8] {
                var out = destination
                out.withUnsafeMutableBufferPointer { d in
                    guard let base = d.baseAddress else { return }
                    switch kind {
                    case .uniformConstant:
                        SpanCompositor.sourceOver(uniform: color, coverage: coverage, into: base, count: count, kernels: kernels)
                    case .uniformMask:
                        SpanCompositor.sourceOver(uniform: color, mask: mask, into: base, count: count, kernels: kernels)
                    case .uniformMaskOverBackground:
                        SpanCompositor.sourceOver(uniform: color, mask: mask, overBackground: background, into: base,
                                                  count: count, kernels: kernels)
                    case .colorsMask:
                        SpanCompositor.sourceOver(colors: colors, mask: mask, into: base, count: count, kernels: kernels)
                    }
                }
                return out
            }
            let scalar = run(.scalar)
            #expect(scalar == run(.simd), "trial \(trial)")
            if kind == .uniformMaskOverBackground {
                // Not reading the destination gives what compositing over it gives.
                var composited = destination
                composited.withUnsafeMutableBufferPointer { d in
                    guard let base = d.baseAddress else { return }
                    SpanCompositor.Scalar.uniformMask(color, mask, base, count)
                }
                #expect(scalar == composited, "trial \(trial)")
            }
            // Results stay valid premultiplied pixels.
            #expect(scalar.allSatisfy { $0.r <= $0.a && $0.g <= $0.a && $0.b <= $0.a })
        }
    }

    @Test func filledCanvasesAreIdentical() {
        var rng = SeededGenerator(seed: 2024)
        let scalar = Rasterizer()
        scalar.kernels = .scalar
        let simd = Rasterizer()
        for index in 0..<50 {
            let width = 45 + index % 7, height = 30
            let seed = UInt64(index) &* 7919
            var contentA = SeededGenerator(seed: seed), contentB = SeededGenerator(seed: seed)
            let a = randomCanvas(width: width, height: height, using: &contentA)
            let b = randomCanvas(width: width, height: height, using: &contentB)
            let path = randomPath(width: Double(width), height: Double(height), using: &rng)
            let paint = SolidPaint(color: RGBA(r: .random(in: 0...1, using: &rng), g: .random(in: 0...1, using: &rng),
                                               b: .random(in: 0...1, using: &rng), a: [1, 0.6].randomElement(using: &rng)!),
                                   opacity: [1, 0.5, 0.9].randomElement(using: &rng)!)
            let rule: FillRule = index % 2 == 0 ? .nonZero : .evenOdd
            scalar.fill(path, rule: rule, paint: paint, on: a)
            simd.fill(path, rule: rule, paint: paint, on: b)
            let gradient = TestGradientPaint(start: RGBA(hex: "#E52344")!, end: RGBA(r: 0, g: 0.3, b: 1, a: 0.5))
            scalar.fill(.circle(center: Point(20, 15), radius: 12.3), paint: gradient, on: a)
            simd.fill(.circle(center: Point(20, 15), radius: 12.3), paint: gradient, on: b)
            #expect(firstDifference(canvasBytes(a), canvasBytes(b)) == nil, "path \(index)")
        }
    }
}

/// A per-pixel paint for tests: a horizontal ramp in device space (exercises the non-uniform
/// compositing path the real gradients will use).
struct TestGradientPaint: Paint {
    var start: RGBA
    var end: RGBA

    struct Shader: PaintShader {
        var start: RGBA
        var end: RGBA
        var uniformColor: PremultipliedRGBA8? { nil }
        func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>) {
            for i in 0..<count {
                let t = min(1, Double(x + i) / 40)
                colors[i] = PremultipliedRGBA8(RGBA(r: start.r + (end.r - start.r) * t, g: start.g + (end.g - start.g) * t,
                                                    b: start.b + (end.b - start.b) * t, a: start.a + (end.a - start.a) * t))
            }
        }
    }

    func makeShader(transform: Transform) -> Shader { Shader(start: start, end: end) }
}
