// KnownBackgroundTests.swift — solid fills write constant spans over not-yet-drawn pixels
// without reading them (the destination is the clear colour, Rasterizer.swift
// `UniformColorSink`): byte-identical to compositing every pixel, which a canvas whose clear
// state is forgotten does. Both kernel sets, translucent and opaque colours, fractional
// constant coverage (rectangles with edges inside a row), overlapping shapes, layers.

import Testing
@testable import Raster

@Suite struct KnownBackgroundTests {
    private func pixels(_ c: Canvas) -> [UInt8] { c.withUnsafeBytes { Array($0) } }

    @Test(arguments: RasterKernels.allCases)
    func constantSpansOverTheClearColourEqualCompositing(_ kernels: RasterKernels) {
        var rng = SeededGenerator(seed: 0xB0B)
        let known = Canvas(width: 101, height: 67), unknown = Canvas(width: 101, height: 67)
        let r = Rasterizer()
        r.kernels = kernels
        let backgrounds = [RGBA(r: 1, g: 1, b: 1), RGBA(r: 0, g: 0, b: 0, a: 0), RGBA(r: 0.2, g: 0.5, b: 0.7, a: 0.6)]
        for frame in 0..<60 {
            let bg = backgrounds[frame / 20]
            unknown.invalidateClearState()  // nothing known: every span is composited
            known.clear(to: bg)
            unknown.clear(to: bg)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let path: Path
                if Bool.random(using: &rng) {
                    path = .circle(center: Point(Double.random(in: -20...121, using: &rng), Double.random(in: -20...87, using: &rng)),
                                   radius: Double.random(in: 0.5...45, using: &rng))
                } else {
                    path = .rectangle(x: Double.random(in: -10...90, using: &rng), y: Double.random(in: -10...60, using: &rng),
                                      width: Double.random(in: 0.2...60, using: &rng), height: Double.random(in: 0.2...40, using: &rng))
                }
                let alpha = [1, 0.8, 0.4, Double.random(in: 0.01...1, using: &rng)][Int.random(in: 0..<4, using: &rng)]
                let paint = SolidPaint(color: RGBA(r: Double.random(in: 0...1, using: &rng), g: Double.random(in: 0...1, using: &rng),
                                                   b: Double.random(in: 0...1, using: &rng), a: alpha))
                r.fill(path, paint: paint, on: known)
                r.fill(path, paint: paint, on: unknown)
            }
            #expect(pixels(known) == pixels(unknown), "frame \(frame)")
        }
    }

    /// A layer canvas once cleared to white is all transparent after `begin`: fills into it must
    /// not assume white.
    @Test func layerCanvasIsTransparentAfterBegin() {
        let target = Canvas(width: 40, height: 30)
        let layer = Layer()
        let canvas = layer.begin(matching: target)
        canvas.clear(to: RGBA(r: 1, g: 1, b: 1))
        let again = layer.begin(matching: target)
        let r = Rasterizer()
        r.fill(.rectangle(x: 5, y: 5, width: 20, height: 10), paint: SolidPaint(color: RGBA(r: 1, g: 0, b: 0, a: 0.5)), on: again)
        #expect(again[10, 10] == PremultipliedRGBA8(RGBA(r: 1, g: 0, b: 0, a: 0.5)))
        #expect(again[30, 20] == .transparent)
    }
}
