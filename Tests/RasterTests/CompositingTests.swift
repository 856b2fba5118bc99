// CompositingTests.swift — source-over results in 8-bit premultiplied RGBA.

import Geometry
import Testing
@testable import Raster

@Suite struct CompositingTests {
    static let red = RGBA(hex: "#E52344")!

    func whiteCanvas(_ width: Int = 16, _ height: Int = 16) -> Canvas {
        let canvas = Canvas(width: width, height: height)
        canvas.clear(to: .white)
        return canvas
    }

    @Test(arguments: RasterKernels.allCases)
    func opaqueRedOverWhiteIsExact(kernels: RasterKernels) {
        let canvas = whiteCanvas()
        let rasterizer = Rasterizer()
        rasterizer.kernels = kernels
        rasterizer.fill(.rectangle(x: 2, y: 3, width: 9, height: 5), paint: SolidPaint(color: Self.red), on: canvas)
        #expect(canvas[2, 3] == PremultipliedRGBA8(r: 229, g: 35, b: 68, a: 255))
        #expect(canvas[10, 7] == PremultipliedRGBA8(r: 229, g: 35, b: 68, a: 255))
        #expect(canvas[11, 7] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(canvas[1, 3] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test(arguments: RasterKernels.allCases)
    func halfOpacityRedOverWhite(kernels: RasterKernels) {
        let canvas = whiteCanvas()
        let rasterizer = Rasterizer()
        rasterizer.kernels = kernels
        rasterizer.fill(.rectangle(x: 0, y: 0, width: 16, height: 16), paint: SolidPaint(color: Self.red, opacity: 0.5), on: canvas)
        // §1.2: out = a·src + (1 − a)·dst, then round(v·255) → (242, 145, 161.5), ±1.
        let expected = [0.5 * 229 + 0.5 * 255, 0.5 * 35 + 0.5 * 255, 0.5 * 68 + 0.5 * 255]
        for (x, y) in [(0, 0), (7, 9), (15, 15)] {
            let p = canvas[x, y]
            #expect(p.a == 255)
            for (value, reference) in zip([p.r, p.g, p.b], expected) {
                #expect(abs(Double(value) - reference) <= 1, "\(p)")
            }
        }
        // And exactly the documented integer formula.
        let s = SolidPaint(color: Self.red, opacity: 0.5).premultiplied
        let inverse = 255 - UInt32(s.a)
        let r = UInt32(s.r) + SpanCompositor.div255(255 * inverse)
        #expect(canvas[3, 3].r == UInt8(r))
    }

    @Test func partialCoverageIsCoverageTimesOpacity() {
        // Half-covered pixels of an opaque colour = the colour at alpha ½ (straight: round(127.5)).
        let canvas = Canvas(width: 8, height: 4)
        Rasterizer().fill(.rectangle(x: 2.5, y: 0, width: 3, height: 4), paint: SolidPaint(color: Self.red), on: canvas)
        let edge = canvas[2, 1]
        #expect(edge.a == 128)
        #expect(edge == SpanCompositor.scale(PremultipliedRGBA8(r: 229, g: 35, b: 68, a: 255), by: 128))
        #expect(canvas[3, 1] == PremultipliedRGBA8(r: 229, g: 35, b: 68, a: 255))
        #expect(canvas[1, 1] == .transparent)
    }

    @Test(arguments: RasterKernels.allCases)
    func circleCentreAndOutsidePixels(kernels: RasterKernels) {
        let canvas = whiteCanvas(64, 64)
        let rasterizer = Rasterizer()
        rasterizer.kernels = kernels
        let blue = RGBA(hex: "#1E88E5")!
        rasterizer.fill(.circle(center: Point(32.3, 31.7), radius: 20.2), paint: SolidPaint(color: blue), on: canvas)
        #expect(canvas[32, 31] == PremultipliedRGBA8(r: 0x1E, g: 0x88, b: 0xE5, a: 255))
        #expect(canvas[32, 14] == PremultipliedRGBA8(r: 0x1E, g: 0x88, b: 0xE5, a: 255))
        #expect(canvas[2, 2] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(canvas[60, 31] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        // An edge pixel is a mix, and the result stays opaque over an opaque background.
        let edge = canvas[12, 31]
        #expect(edge.a == 255 && edge.r > 0x1E && edge.r < 255)
        // A translucent fill over it blends with what is there.
        rasterizer.fill(.circle(center: Point(32.3, 31.7), radius: 5), paint: SolidPaint(color: .white, opacity: 0.5), on: canvas)
        let mixed = canvas[32, 31]
        #expect(mixed.r == 0x1E + UInt8((255 - 0x1E) / 2) || mixed.r == 0x1E + UInt8((255 - 0x1E) / 2) + 1)
    }

    @Test func translucentFillOnTransparentCanvasIsThePremultipliedColour() {
        let canvas = Canvas(width: 8, height: 8)
        let color = RGBA(r: 0.2, g: 0.9, b: 0.4, a: 0.7)
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 8, height: 8), paint: SolidPaint(color: color), on: canvas)
        #expect(canvas[5, 5] == PremultipliedRGBA8(color))
        let straight = canvas.straightRGBA8()
        #expect(abs(Int(straight[4 * 45]) - 51) <= 1 && straight[4 * 45 + 3] == 179)
    }

    @Test func fullyTransparentPaintChangesNothing() {
        let canvas = whiteCanvas()
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 16, height: 16), paint: SolidPaint(color: Self.red, opacity: 0), on: canvas)
        #expect(canvasBytes(canvas).allSatisfy { $0 == 255 })
    }

    @Test func nonUniformPaintMatchesPerPixelFormula() {
        let canvas = whiteCanvas(48, 8)
        let paint = TestGradientPaint(start: Self.red, end: RGBA(r: 0, g: 0, b: 1, a: 0.5))
        Rasterizer().fill(.rectangle(x: 0, y: 0, width: 48, height: 8), paint: paint, on: canvas)
        let shader = paint.makeShader(transform: .identity)
        var source = PremultipliedRGBA8.transparent
        for x in [0, 13, 40, 47] {
            shader.shade(y: 2, x: x, count: 1, into: &source)
            let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
            #expect(canvas[x, 2] == SpanCompositor.over(source, white), "x = \(x)")
        }
    }
}
