// ImagePaintTests.swift — image paints: premultiplication on input, exact texels at texel
// centres, bilinear values between them, both edge rules, errors. Random transforms against the
// exact formula: KernelAuditTests ("image.*").

import Testing
@testable import Raster

@Suite struct ImagePaintTests {
    /// A 3×2 straight-alpha image: red, green, blue / white, half-transparent white, transparent.
    static let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                                 255, 255, 255, 255, 255, 255, 255, 128, 90, 30, 200, 0]

    static func image() throws -> RGBAImage { try RGBAImage(width: 3, height: 2, straightRGBA: bytes) }

    static func draw(_ paint: ImagePaint, width: Int, height: Int, kernels: RasterKernels) -> Canvas {
        let canvas = Canvas(width: width, height: height)
        let rasterizer = Rasterizer()
        rasterizer.kernels = kernels
        rasterizer.fill(.rectangle(x: 0, y: 0, width: Double(width), height: Double(height)), paint: paint, on: canvas)
        return canvas
    }

    @Test func straightInputIsPremultipliedOnce() throws {
        let image = try Self.image()
        #expect(image[1, 1] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 128))  // div255(255·128) = 128
        #expect(image[2, 1] == .transparent)                                         // colour under alpha 0 dropped
        #expect(!image.isOpaque)
        let premultiplied = try RGBAImage(width: 1, height: 1, premultipliedRGBA: [200, 10, 10, 100])
        #expect(premultiplied[0, 0] == PremultipliedRGBA8(r: 100, g: 10, b: 10, a: 100))  // colour lowered to alpha
    }

    @Test(arguments: RasterKernels.allCases)
    func identityPlacementReproducesTheTexels(kernels: RasterKernels) throws {
        let image = try Self.image()
        let canvas = Self.draw(ImagePaint(image: image), width: 5, height: 4, kernels: kernels)
        for y in 0..<4 {
            for x in 0..<5 {
                let expected = x < 3 && y < 2 ? image[x, y] : PremultipliedRGBA8.transparent
                #expect(canvas[x, y] == expected, "(\(x), \(y))")
            }
        }
    }

    @Test(arguments: RasterKernels.allCases)
    func magnifiedImageInterpolatesBetweenTexelCentres(kernels: RasterKernels) throws {
        // Scale 4: device pixel centre (x + ½) maps to image x' = (x + ½)/4; texel centres at
        // device 2, 6, 10. Pixel 3 (x' = 0.875, fx = 0.375) mixes red and green 5:3.
        let image = try Self.image()
        let paint = ImagePaint(image: image, transform: .scale(4, 4), edge: .pad)
        let canvas = Self.draw(paint, width: 12, height: 8, kernels: kernels)
        #expect(canvas[3, 1] == PremultipliedRGBA8(r: 159, g: 96, b: 0, a: 255))  // 255·0.625, 255·0.375
        #expect(canvas[0, 0] == image[0, 0])                                       // pad: the corner texel
        let shader = paint.makeShader(transform: .identity)
        for y in 0..<8 { for x in 0..<12 { #expect(channelDistance(canvas[x, y], shader.exactColor(x: x, y: y)) <= 1) } }
    }

    @Test func transparentEdgeFadesOverHalfATexelEachSide() throws {
        // A 1×1 opaque white image scaled by 8 onto device [8, 16)²: bilinear with transparent
        // texels around it is a tent, full at the texel centre (device 12), half at the image
        // edge, nothing beyond half a texel (4 px) outside it.
        let image = try RGBAImage(width: 1, height: 1, straightRGBA: [255, 255, 255, 255])
        let paint = ImagePaint(image: image, transform: .scale(8, 8).concatenating(.translation(8, 8)))
        let canvas = Self.draw(paint, width: 24, height: 24, kernels: .simd)
        func grey(_ v: UInt8) -> PremultipliedRGBA8 { PremultipliedRGBA8(r: v, g: v, b: v, a: v) }
        // Pixel 11, row 12: centres 11.5, 12.5 → fx = −0.0625, 0.0625 → 0.9375² = 0.8789 → 224.
        #expect(canvas[11, 12] == grey(224))
        // Pixel 7 (centre 7.5, just outside the edge at 8): fx = −0.5625 → 0.4375·0.9375 → 104.6.
        #expect(canvas[7, 12] == grey(105))
        #expect(canvas[3, 12] == .transparent && canvas[20, 12] == .transparent && canvas[12, 2] == .transparent)
        #expect(canvas[4, 12] == grey(15))  // centre 4.5: 0.0625·0.9375 = 0.0586 → 14.9
        #expect(!paint.makeShader(transform: .identity).isOpaque)
        #expect(ImagePaint(image: image, edge: .pad).makeShader(transform: .identity).isOpaque)
        // Pad instead: the texel everywhere.
        let padded = Self.draw(ImagePaint(image: image, transform: paint.transform, edge: .pad), width: 24, height: 24,
                               kernels: .simd)
        #expect(pixels(padded).allSatisfy { $0 == grey(255) })
    }

    @Test func opacityScalesEveryChannel() throws {
        let image = try Self.image()
        let canvas = Self.draw(ImagePaint(image: image, opacity: 0.5), width: 3, height: 2, kernels: .scalar)
        #expect(canvas[0, 0] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128))
        #expect(canvas[1, 1] == PremultipliedRGBA8(r: 64, g: 64, b: 64, a: 64))
    }

    @Test func aSingularPlacementDrawsNothing() throws {
        let paint = ImagePaint(image: try Self.image(), transform: .scale(0, 3))
        let canvas = Self.draw(paint, width: 4, height: 4, kernels: .simd)
        #expect(pixels(canvas).allSatisfy { $0 == .transparent })
    }

    @Test func invalidImagesAreErrors() {
        #expect(throws: ImageError.invalidSize(width: 0, height: 3)) { try RGBAImage(width: 0, height: 3, straightRGBA: []) }
        #expect(throws: ImageError.wrongByteCount(expected: 8, got: 7)) {
            try RGBAImage(width: 2, height: 1, straightRGBA: [UInt8](repeating: 0, count: 7))
        }
        #expect(throws: ImageError.tooLarge(width: 20000, height: 1)) {
            try RGBAImage(width: 20000, height: 1, straightRGBA: [UInt8](repeating: 0, count: 80000))
        }
    }
}
