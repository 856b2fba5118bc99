// GradientKernelTests.swift — lookup table vs exact colours; SIMD vs scalar gradient kernels.

import TestSupport
import Geometry
import Testing
@testable import Raster

@Suite struct GradientKernelTests {
    enum Kind: CaseIterable, Sendable { case linear, radial, conic }

    struct Case: Sendable, CustomStringConvertible {
        let kind: Kind
        let stops: Int
        var description: String { "\(kind) \(stops) stops" }
    }

    static let tableCases: [Case] = Kind.allCases.flatMap { kind in [2, 3, 7].map { Case(kind: kind, stops: $0) } }

    /// A paint of `kind` over a canvas of about 160 × 120 with the given gradient.
    static func paint(_ kind: Kind, _ gradient: Gradient, extend: GradientExtend = .pad, opacity: Double = 1,
                      filter: ColorFilter? = nil, using rng: inout SeededGenerator) -> any Paint {
        switch kind {
        case .linear:
            return LinearGradientPaint(gradient: gradient, start: Point(.random(in: 0...60, using: &rng), .random(in: 0...60, using: &rng)),
                                       end: Point(.random(in: 80...160, using: &rng), .random(in: 40...120, using: &rng)),
                                       extend: extend, opacity: opacity, filter: filter)
        case .radial:
            return RadialGradientPaint(gradient: gradient, center: Point(.random(in: 20...140, using: &rng), .random(in: 20...100, using: &rng)),
                                       startRadius: .random(in: 0...10, using: &rng), endRadius: .random(in: 40...90, using: &rng),
                                       extend: extend, opacity: opacity, filter: filter)
        case .conic:
            return ConicGradientPaint(gradient: gradient, center: Point(.random(in: 20...140, using: &rng), .random(in: 20...100, using: &rng)),
                                      startAngle: .random(in: -400...400, using: &rng), opacity: opacity, filter: filter)
        }
    }

    /// The exact (no table, Double) colour of pixel (x, y) for a shader of any of the gradient kinds.
    static func exactColor(_ shader: any PaintShader, x: Int, y: Int) -> PremultipliedRGBA8 {
        switch shader {
        case let s as LinearGradientShader: return s.exactColor(x: x, y: y)
        case let s as RadialGradientShader: return s.exactColor(x: x, y: y)
        case let s as ConicGradientShader: return s.exactColor(x: x, y: y)
        default: fatalError("not a gradient shader")
        }
    }

    @Test(arguments: tableCases)
    func tableMatchesExactColoursOverAFullCanvas(testCase: Case) {
        // Evenly spaced stops (the layout the table size is chosen for). Two and three stops are
        // translucent, seven opaque (translucent full-swing stops 1/6 apart would exceed the
        // documented ±1 slope bound); conic gradients are closed (first = last colour), as the
        // atan2 seam would otherwise make the colour at exactly θs a matter of rounding.
        var rng = SeededGenerator(seed: UInt64(testCase.stops * 31 + Kind.allCases.firstIndex(of: testCase.kind)!))
        let width = 160, height = 120
        var worst = 0
        for trial in 0..<4 {
            let gradient = randomGradient(stops: testCase.stops, opaque: testCase.stops == 7,
                                          closed: testCase.kind == .conic, using: &rng)
            let transform = trial == 0 ? .identity : randomTransform(using: &rng)
            let paint = Self.paint(testCase.kind, gradient, opacity: trial == 3 ? 0.6 : 1, using: &rng)
            for kernels in RasterKernels.allCases {
                let canvas = Canvas(width: width, height: height)
                let rasterizer = Rasterizer()
                rasterizer.kernels = kernels
                // Fill the whole canvas (the inverse transform maps it back to user space).
                let everything = Path.rectangle(x: 0, y: 0, width: Double(width), height: Double(height))
                    .transformed(by: transform.inverted()!)
                rasterizer.fill(everything, transform: transform, paint: paint, on: canvas)
                let shader = paint.makeShader(transform: transform) as any PaintShader
                for y in 0..<height {
                    for x in 0..<width {
                        let d = channelDistance(canvas[x, y], Self.exactColor(shader, x: x, y: y))
                        worst = max(worst, d)
                        if d > 1 {
                            Issue.record("\(testCase) trial \(trial) \(kernels) (\(x), \(y)): \(canvas[x, y]) vs exact \(Self.exactColor(shader, x: x, y: y))")
                            return
                        }
                    }
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test(arguments: [GradientExtend.repeat, .reflect])
    func tableMatchesExactColoursWhenRepeating(extend: GradientExtend) {
        var rng = SeededGenerator(seed: extend == .repeat ? 11 : 12)
        for kind in [Kind.linear, .radial] {
            let gradient = randomGradient(stops: 3, opaque: false, closed: extend == .repeat, using: &rng)
            let paint = Self.paint(kind, gradient, extend: extend, using: &rng)
            let canvas = Canvas(width: 160, height: 120)
            Rasterizer().fill(.rectangle(x: 0, y: 0, width: 160, height: 120), paint: paint, on: canvas)
            let shader = paint.makeShader(transform: .identity) as any PaintShader
            var worst = 0
            for y in 0..<120 {
                for x in 0..<160 { worst = max(worst, channelDistance(canvas[x, y], Self.exactColor(shader, x: x, y: y))) }
            }
            #expect(worst <= 1, "\(kind) \(extend)")
        }
    }

    @Test func simdAndScalarShadingAreIdentical() {
        // Random gradients, transforms, extend modes and spans (lengths not multiples of 8):
        // the Float kernels use the same operations in both forms, so the bytes are equal.
        var rng = SeededGenerator(seed: 0x5EED)
        for trial in 0..<300 {
            let kind = Kind.allCases[trial % 3]
            let gradient = randomGradient(stops: Int.random(in: 1...9, using: &rng), opaque: Bool.random(using: &rng), using: &rng)
            let extend = GradientExtend.allCases.randomElement(using: &rng)!
            let filter: ColorFilter? = Bool.random(using: &rng) ? .hueRotation(degrees: .random(in: 0...360, using: &rng)) : nil
            let paint = Self.paint(kind, gradient, extend: extend, opacity: .random(in: 0.2...1, using: &rng), filter: filter, using: &rng)
            let transform = randomTransform(using: &rng)
            let shader = paint.makeShader(transform: transform) as any PaintShader
            let count = Int.random(in: 1...75, using: &rng)
            let x = Int.random(in: -20...200, using: &rng), y = Int.random(in: -20...200, using: &rng)
            var scalar = [PremultipliedRGBA8](repeating: .transparent, count: count), simd = scalar
            scalar.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: count, into: $0.baseAddress!, kernels: .scalar) }
            simd.withUnsafeMutableBufferPointer { shader.shade(y: y, x: x, count: count, into: $0.baseAddress!, kernels: .simd) }
            #expect(scalar == simd, "trial \(trial) \(kind) \(extend)")
            #expect(simd.allSatisfy { $0.r <= $0.a && $0.g <= $0.a && $0.b <= $0.a })
        }
    }

    @Test func filledCanvasesAreIdenticalAcrossKernels() {
        // The whole fill path (coverage, shading, compositing) on random paths over random pixels.
        var rng = SeededGenerator(seed: 77)
        let scalar = Rasterizer()
        scalar.kernels = .scalar
        let simd = Rasterizer()
        for index in 0..<36 {
            let width = 61 + index % 5, height = 47
            let seed = UInt64(index) &* 104_729
            var contentA = SeededGenerator(seed: seed), contentB = SeededGenerator(seed: seed)
            let a = randomCanvas(width: width, height: height, using: &contentA)
            let b = randomCanvas(width: width, height: height, using: &contentB)
            let path = randomPath(width: Double(width), height: Double(height), using: &rng)
            let kind = Kind.allCases[index % 3]
            let gradient = randomGradient(stops: Int.random(in: 2...5, using: &rng), opaque: index % 2 == 0, using: &rng)
            let paint = Self.paint(kind, gradient, extend: GradientExtend.allCases[index % 3], using: &rng)
            let transform = index % 4 == 0 ? Transform.identity : randomTransform(using: &rng)
            let userPath = path.transformed(by: transform.inverted()!)
            func fill(_ rasterizer: Rasterizer, _ canvas: Canvas) {
                switch paint {
                case let p as LinearGradientPaint: rasterizer.fill(userPath, transform: transform, paint: p, on: canvas)
                case let p as RadialGradientPaint: rasterizer.fill(userPath, transform: transform, paint: p, on: canvas)
                case let p as ConicGradientPaint: rasterizer.fill(userPath, transform: transform, paint: p, on: canvas)
                default: Issue.record("unexpected paint")
                }
            }
            fill(scalar, a)
            fill(simd, b)
            #expect(firstDifference(canvasBytes(a), canvasBytes(b)) == nil, "path \(index) \(kind)")
        }
    }

    @Test func constantCoverageCompositingKernel() {
        // Per-pixel colours under one coverage value: SIMD (with its transparent-block skip and
        // the m = 255 shortcut) equals the scalar reference byte for byte.
        var rng = SeededGenerator(seed: 404)
        for trial in 0..<400 {
            let count = Int.random(in: 0...41, using: &rng)
            let destination = (0..<count).map { _ in randomPremultiplied(using: &rng) }
            var colors = (0..<count).map { _ in randomPremultiplied(using: &rng) }
            if trial % 3 == 0 { for i in 0..<min(count, 16) { colors[i] = .transparent } }
            let coverage = [0, 255, UInt8.random(in: 1...254, using: &rng)].randomElement(using: &rng)!
            func run(_ kernels: RasterKernels) -> [PremultipliedRGBA8] {
                var out = destination
                out.withUnsafeMutableBufferPointer { d in
                    guard let base = d.baseAddress else { return }
                    SpanCompositor.sourceOver(colors: colors, coverage: coverage, into: base, count: count, kernels: kernels)
                }
                return out
            }
            #expect(run(.scalar) == run(.simd), "trial \(trial)")
        }
    }

    @Test func fillRecordsTheTouchedRegion() {
        // The box of the spans handed to the compositor: it holds every covered pixel, and is at
        // most one 8-pixel coverage group wider (the sweep reports whole dirty groups).
        func expectBox(_ b: PixelBounds, holds minX: Int, _ minY: Int, _ maxX: Int, _ maxY: Int) {
            #expect(b.minX <= minX && b.minX > minX - 8 && b.maxX >= maxX && b.maxX < maxX + 8, "\(b)")
            #expect(b.minY <= minY && b.minY >= minY - 1 && b.maxY >= maxY && b.maxY <= maxY + 1, "\(b)")
        }
        let canvas = Canvas(width: 50, height: 40)
        #expect(canvas.touched.isEmpty)
        let paint = LinearGradientPaint(gradient: heartGradient, start: .zero, end: Point(50, 0))
        Rasterizer().fill(.rectangle(x: 10.5, y: 5, width: 20, height: 10), paint: paint, on: canvas)
        expectBox(canvas.touched, holds: 10, 5, 31, 15)
        Rasterizer().fill(.circle(center: Point(40, 30), radius: 3), paint: SolidPaint(color: .white), on: canvas)
        expectBox(canvas.touched, holds: 10, 5, 43, 33)
        canvas.clear(to: .clear)
        #expect(canvas.touched.isEmpty)
        canvas.clear(to: .black)
        #expect(canvas.touched == canvas.bounds)
    }
}
