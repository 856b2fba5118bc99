// KnownBackgroundTests.swift — solid fills write constant spans over not-yet-drawn pixels
// without reading them (the destination is the clear colour, Rasterizer.swift
// `UniformColorSink`), and clears to the same colour are deferred to the moment a row is next
// written or read (Canvas.swift): byte-identical to clearing every pixel and compositing every
// pixel, which a canvas whose clear state is forgotten does. Both kernel sets, translucent and
// opaque colours, fractional constant coverage (rectangles with edges inside a row),
// overlapping shapes, gradient fills, layers, reads between draws.

import TestSupport
import Geometry
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
            known.clearDamage(to: bg, deferred: frame % 2 == 0)
            unknown.clear(to: bg)
            unknown.forgetDamage()  // nothing known: every span is composited
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

    /// Deferred clears under every kind of writer and reader, in random order, frame after frame.
    @Test(arguments: RasterKernels.allCases)
    func deferredClearsEqualFullClears(_ kernels: RasterKernels) {
        var rng = SeededGenerator(seed: 0xD1FF)
        let w = 93, h = 71
        let deferred = Canvas(width: w, height: h), full = Canvas(width: w, height: h)
        let r = Rasterizer()
        r.kernels = kernels
        let layerA = Layer(), layerB = Layer()
        let gradients = [Gradient(colors: [RGBA(r: 1, g: 0, b: 0, a: 0.9), RGBA(r: 0, g: 0, b: 1, a: 0.4)]),
                         Gradient(colors: [RGBA(r: 1, g: 0.5, b: 0), RGBA(r: 0, g: 0.3, b: 1)])]  // opaque
        for frame in 0..<80 {
            let bg = frame % 17 == 16 ? RGBA(r: 0.3, g: 0.3, b: 0.3) : RGBA(r: 1, g: 1, b: 1)
            deferred.clearDamage(to: bg, deferred: true)
            full.clear(to: bg)
            full.forgetDamage()
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let path = Path.circle(center: Point(Double.random(in: -20...113, using: &rng), Double.random(in: -20...91, using: &rng)),
                                       radius: Double.random(in: 0.5...40, using: &rng))
                let solid = SolidPaint(color: RGBA(r: 0.9, g: 0.2, b: 0.3, a: [1, 0.6, 0.3][Int.random(in: 0..<3, using: &rng)]))
                switch Int.random(in: 0..<6, using: &rng) {
                case 0:
                    let linear = LinearGradientPaint(gradient: gradients[frame % 2], start: Point(0, 0), end: Point(Double(w), Double(h)))
                    r.fill(path, paint: linear, on: deferred)
                    r.fill(path, paint: linear, on: full)
                case 1:
                    for (layer, target) in [(layerA, deferred), (layerB, full)] {
                        r.fill(path, paint: solid, on: layer.begin(matching: target))
                        layer.composite(opacity: 0.7, onto: target)
                    }
                case 2:
                    #expect(deferred[Int.random(in: 0..<w, using: &rng), Int.random(in: 0..<h, using: &rng)] != PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 0))
                default:
                    r.fill(path, paint: solid, on: deferred)
                    r.fill(path, paint: solid, on: full)
                }
            }
            // Some frames are not read, so two clears' deferred ranges pile up.
            if frame % 3 != 1 { #expect(pixels(deferred) == pixels(full), "frame \(frame)") }
        }
        #expect(pixels(deferred) == pixels(full))
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
