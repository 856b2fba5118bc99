// LayerTests.swift — groups drawn off-screen and composited with a colour filter and an opacity.

import TestSupport
import Geometry
import Testing
@testable import Raster

@Suite struct LayerTests {
    static let heartShape = Path.circle(center: Point(32, 32), radius: 22.3)

    /// The conic heart gradient with hue `degrees` filled on black, (folded) with the filter in
    /// the paint's table and (layer) drawn into a layer composited with the filter.
    func foldedAndLayered(degrees: Double, startAngle: Double, kernels: RasterKernels) -> (folded: Canvas, layered: Canvas) {
        let rasterizer = Rasterizer()
        rasterizer.kernels = kernels
        let folded = Canvas(width: 64, height: 64)
        folded.clear(to: .black)
        rasterizer.fill(Self.heartShape, paint: ConicGradientPaint(gradient: heartGradient, center: Point(32, 32), startAngle: startAngle,
                                                                   filter: .hueRotation(degrees: degrees)), on: folded)
        let layered = Canvas(width: 64, height: 64)
        layered.clear(to: .black)
        let layer = Layer()
        let group = rasterizer.beginLayer(layer, for: layered)
        rasterizer.fill(Self.heartShape, paint: ConicGradientPaint(gradient: heartGradient, center: Point(32, 32), startAngle: startAngle),
                        on: group)
        rasterizer.composite(layer, filter: .hueRotation(degrees: degrees), onto: layered)
        return (folded, layered)
    }

    /// Largest channel difference of two canvases over fully covered (interior) and partially
    /// covered (edge) pixels of the heart shape.
    func distances(_ a: Canvas, _ b: Canvas) -> (interior: Int, edge: Int) {
        let mask = Rasterizer().coverageMask(Self.heartShape, width: 64, height: 64)
        var interior = 0, edge = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let d = channelDistance(a[x, y], b[x, y])
                if mask[y * 64 + x] == 255 { interior = max(interior, d) } else { edge = max(edge, d) }
            }
        }
        return (interior, edge)
    }

    @Test(arguments: [0.0, 360])
    func foldingTheFilterMatchesTheLayerPath(degrees: Double) {
        // At h = 0 (≡ 360, the §2.8 t = 0 checkpoint) the two paths agree within ±1 everywhere,
        // anti-aliased edge included.
        for kernels in RasterKernels.allCases {
            let (folded, layered) = foldedAndLayered(degrees: degrees, startAngle: 0, kernels: kernels)
            let d = distances(folded, layered)
            #expect(d.interior <= 1 && d.edge <= 1, "h \(degrees) \(kernels): \(d)")
            #expect(folded[32, 32] != PremultipliedRGBA8(.black))  // something was drawn
        }
    }

    @Test(arguments: [90.0, 180, 270])
    func foldingVersusLayerAtTheCheckpointHues(degrees: Double) {
        // Where the hue matrix amplifies (Σ|m| up to 2.7 per row, Layer.swift header), the layer
        // path, which filters 8-bit pixels, is within 2 of the folded path inside the shape and
        // within 3 at its anti-aliased edge; the folded path is the accurate one (±1 of the exact
        // colour), the layer path within 2 of it.
        let (folded, layered) = foldedAndLayered(degrees: degrees, startAngle: 360 - degrees, kernels: .simd)
        let d = distances(folded, layered)
        #expect(d.interior <= 2 && d.edge <= 3, "h \(degrees): \(d)")
        let exact = ConicGradientPaint(gradient: heartGradient, center: Point(32, 32), startAngle: 360 - degrees,
                                       filter: .hueRotation(degrees: degrees)).makeShader(transform: .identity)
        let mask = Rasterizer().coverageMask(Self.heartShape, width: 64, height: 64)
        var foldedError = 0, layeredError = 0
        for y in 0..<64 {
            for x in 0..<64 where mask[y * 64 + x] == 255 {
                foldedError = max(foldedError, channelDistance(folded[x, y], exact.exactColor(x: x, y: y)))
                layeredError = max(layeredError, channelDistance(layered[x, y], exact.exactColor(x: x, y: y)))
            }
        }
        #expect(foldedError <= 1 && layeredError <= 2, "h \(degrees): folded \(foldedError) layered \(layeredError)")
    }

    @Test func layerPathIsWithinBoundsOfFoldingForAnyHue() {
        var worst = (interior: 0, edge: 0)
        for degrees in stride(from: 3.0, to: 360, by: 9) {
            let (folded, layered) = foldedAndLayered(degrees: degrees, startAngle: 7 * degrees, kernels: .simd)
            let d = distances(folded, layered)
            worst = (max(worst.interior, d.interior), max(worst.edge, d.edge))
        }
        #expect(worst.interior <= 2 && worst.edge <= 3, "\(worst)")
    }

    @Test(arguments: RasterKernels.allCases)
    func layerOpacityHalf(kernels: RasterKernels) {
        let target = Canvas(width: 16, height: 16)
        target.clear(to: .white)
        let rasterizer = Rasterizer()
        rasterizer.kernels = kernels
        let layer = Layer()
        rasterizer.fill(.rectangle(x: 2, y: 2, width: 10, height: 10), paint: SolidPaint(color: RGBA(hex: "#FF0000")!),
                        on: rasterizer.beginLayer(layer, for: target))
        rasterizer.composite(layer, opacity: 0.5, onto: target)
        // 0.5·red + 0.5·white.
        #expect(channelDistance(target[5, 5], rgb: (255, 127.5, 127.5)) <= 1, "\(target[5, 5])")
        #expect(target[5, 5].a == 255)
        #expect(target[13, 13] == PremultipliedRGBA8(.white))
    }

    @Test func groupOpacityDoesNotBlendOverlapsTwice() {
        // Red and blue squares overlapping in a group at 50 %: the overlap shows blue over white
        // only; giving each square 50 % instead would let the red show through.
        let target = Canvas(width: 30, height: 20)
        target.clear(to: .white)
        let rasterizer = Rasterizer()
        let layer = Layer()
        let group = rasterizer.beginLayer(layer, for: target)
        rasterizer.fill(.rectangle(x: 0, y: 0, width: 20, height: 20), paint: SolidPaint(color: RGBA(hex: "#FF0000")!), on: group)
        rasterizer.fill(.rectangle(x: 10, y: 0, width: 20, height: 20), paint: SolidPaint(color: RGBA(hex: "#0000FF")!), on: group)
        rasterizer.composite(layer, opacity: 0.5, onto: target)
        #expect(channelDistance(target[15, 10], rgb: (127.5, 127.5, 255)) <= 1, "overlap \(target[15, 10])")
        #expect(channelDistance(target[5, 10], rgb: (255, 127.5, 127.5)) <= 1)

        let separately = Canvas(width: 30, height: 20)
        separately.clear(to: .white)
        rasterizer.fill(.rectangle(x: 0, y: 0, width: 20, height: 20), paint: SolidPaint(color: RGBA(hex: "#FF0000")!, opacity: 0.5), on: separately)
        rasterizer.fill(.rectangle(x: 10, y: 0, width: 20, height: 20), paint: SolidPaint(color: RGBA(hex: "#0000FF")!, opacity: 0.5), on: separately)
        #expect(channelDistance(separately[15, 10], target[15, 10]) > 20)
    }

    @Test func layerIsReusedAndOnlyTheDrawnRegionIsCleared() {
        let target = Canvas(width: 40, height: 30)
        let rasterizer = Rasterizer()
        let layer = Layer()
        let first = rasterizer.beginLayer(layer, for: target)
        rasterizer.fill(.rectangle(x: 3, y: 4, width: 10, height: 5), paint: SolidPaint(color: .white), on: first)
        rasterizer.composite(layer, onto: target)
        #expect(target[5, 5] == PremultipliedRGBA8(.white))

        // Next frame: the same canvas comes back, transparent again, and only the new drawing shows.
        let second = rasterizer.beginLayer(layer, for: target)
        #expect(second === first)
        #expect(second.touched.isEmpty && pixels(second).allSatisfy { $0 == .transparent })
        rasterizer.fill(.rectangle(x: 20, y: 10, width: 8, height: 8), paint: SolidPaint(color: .black), on: second)
        let next = Canvas(width: 40, height: 30)
        rasterizer.composite(layer, onto: next)
        #expect(next[5, 5] == .transparent && next[22, 12] == PremultipliedRGBA8(.black))
        #expect(!next.touched.isEmpty)

        // Pixels outside the touched region are not processed (even if changed behind the
        // layer's back without going through a fill — here via the internal pointer).
        second.pixels[0] = PremultipliedRGBA8(.white)
        let untouched = Canvas(width: 40, height: 30)
        layer.composite(onto: untouched)
        #expect(untouched[0, 0] == .transparent)

        // A different target size gets a new canvas.
        #expect(rasterizer.beginLayer(layer, for: Canvas(width: 10, height: 10)).width == 10)
    }

    @Test func compositeKernelsAreIdentical() {
        var rng = SeededGenerator(seed: 0x1A7E)
        for trial in 0..<40 {
            let width = 37 + trial % 9, height = 11
            var content = SeededGenerator(seed: UInt64(trial) &* 31)
            let source = randomCanvas(width: width, height: height, using: &content)
            let filter: ColorFilter? = [nil, .hueRotation(degrees: .random(in: 0...360, using: &rng)),
                                        .colorMatrix(ColorMatrix(rows: [[0.5, 0.5, 0, 0, 0.1], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0.8, 0]]))][trial % 3]
            let opacity = [1, 0.5, Double.random(in: 0...1, using: &rng)][trial % 3]
            var results: [[UInt8]] = []
            for kernels in RasterKernels.allCases {
                let layer = Layer()
                let group = layer.begin(matching: source)
                source.withUnsafeBytes { bytes in group.withUnsafeMutableBytes { $0.copyMemory(from: bytes) } }
                var targetContent = SeededGenerator(seed: UInt64(trial) &+ 1000)
                let target = randomCanvas(width: width, height: height, using: &targetContent)
                layer.composite(filter: filter, opacity: opacity, onto: target, kernels: kernels)
                results.append(canvasBytes(target))
            }
            #expect(firstDifference(results[0], results[1]) == nil, "trial \(trial)")
        }
    }
}
