// ImagePaint.swift — an RGBA bitmap as a paint: bilinear samples of premultiplied texels.
//
// The image: `RGBAImage`, W×H premultiplied pixels converted once from straight RGBA8
// (c′ = round(c·a/255) = div255(c·a), the canvas's premultiplication). Bilinear filtering of
// premultiplied texels is what keeps transparent texels from bleeding their (meaningless)
// colour into the edges (Skia, Blend2D, cairo and the browsers filter premultiplied data).
//
// Geometry: the paint's `transform` maps image pixels to user space (texel (i, j) covers
// [i, i+1) × [j, j+1)); the fill's transform maps user space to device pixels. A device pixel
// centre p is sampled at
//
//     u = M⁻¹(p + ½),   M = paint.transform then fill transform (image → device)
//     fx = u.x − ½,  fy = u.y − ½,  i = ⌊fx⌋,  j = ⌊fy⌋,  wx = fx − i,  wy = fy − j
//     S = (1 − wy)·((1 − wx)·T(i, j) + wx·T(i+1, j)) + wy·((1 − wx)·T(i, j+1) + wx·T(i+1, j+1))
//     colour = round(o·S)  per premultiplied channel, o the paint's opacity
//
// so a texel's own centre gives exactly that texel. Outside the image T is transparent
// (`ImageEdge.transparent`: the image ends with a half-texel anti-aliased edge and nothing
// beyond) or the nearest edge texel (`ImageEdge.pad`: clamp-to-edge).
//
// Kernel: per block of 8 pixels the sample position is split into an integer base (computed in
// Double) and Float offsets, lane k = offset + k·step (one Float add and multiply per lane), so
// the precision of the weights does not depend on the image size; the texel indices are
// integer base + ⌊offset⌋, clamped or range-checked per lane, the four texels gathered as 32-bit
// words, and the interpolation runs on Float lanes (`FloatLanes`: SIMD8<Float> for 8 pixels,
// one Float lane for the scalar reference — the same operations, so byte-identical results).
// Against the exact Double formula the result is within ±1 per channel (the weights and the
// interpolation carry a few Float ulps; tests measure it). Positions further than 2²⁰ texels
// outside the image are clamped there (they sample the edge or nothing either way).

import Geometry

/// Why pixels do not make an image.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case tooLarge(width: Int, height: Int)
    case wrongByteCount(expected: Int, got: Int)

    public var description: String {
        switch self {
        case .invalidSize(let w, let h): return "image size \(w)x\(h) must be at least 1x1"
        case .tooLarge(let w, let h):
            return "image \(w)x\(h) is too large (each side ≤ \(RGBAImage.maximumSide) px, ≤ \(RGBAImage.maximumPixels) pixels)"
        case .wrongByteCount(let e, let g): return "image needs \(e) bytes of RGBA, got \(g)"
        }
    }
}

/// An immutable bitmap of premultiplied RGBA8 pixels for image paints.
public final class RGBAImage: @unchecked Sendable {  // immutable after init
    /// Each side at most 16 384 pixels, at most 2²⁶ pixels (256 MB premultiplied).
    public static let maximumSide = 16_384
    public static let maximumPixels = 1 << 26

    public let width: Int
    public let height: Int
    let pixels: UnsafeMutablePointer<PremultipliedRGBA8>
    /// Every pixel has alpha 255.
    public let isOpaque: Bool

    /// An image from `width·height` straight-alpha RGBA8 pixels (R, G, B, A, rows top to bottom),
    /// premultiplied once: c′ = round(c·a/255).
    public convenience init(width: Int, height: Int, straightRGBA bytes: [UInt8]) throws(ImageError) {
        try self.init(width: width, height: height, bytes: bytes, premultiplied: false)
    }

    /// An image from `width·height` premultiplied RGBA8 pixels (colour bytes ≤ alpha; larger
    /// colour bytes are lowered to the alpha).
    public convenience init(width: Int, height: Int, premultipliedRGBA bytes: [UInt8]) throws(ImageError) {
        try self.init(width: width, height: height, bytes: bytes, premultiplied: true)
    }

    private init(width: Int, height: Int, bytes: [UInt8], premultiplied: Bool) throws(ImageError) {
        guard width >= 1, height >= 1 else { throw .invalidSize(width: width, height: height) }
        guard width <= RGBAImage.maximumSide, height <= RGBAImage.maximumSide,
              width * height <= RGBAImage.maximumPixels else { throw .tooLarge(width: width, height: height) }
        guard bytes.count == width * height * 4 else {
            throw .wrongByteCount(expected: width * height * 4, got: bytes.count)
        }
        self.width = width
        self.height = height
        let count = width * height
        pixels = .allocate(capacity: count)
        var opaque = true
        for i in 0..<count {
            let a = bytes[4 * i + 3]
            opaque = opaque && a == 255
            @inline(__always) func channel(_ c: UInt8) -> UInt8 {
                premultiplied ? Swift.min(c, a) : UInt8(truncatingIfNeeded: SpanCompositor.div255(UInt32(c) * UInt32(a)))
            }
            (pixels + i).initialize(to: PremultipliedRGBA8(r: channel(bytes[4 * i]), g: channel(bytes[4 * i + 1]),
                                                           b: channel(bytes[4 * i + 2]), a: a))
        }
        isOpaque = opaque
    }

    deinit { pixels.deallocate() }

    /// The premultiplied pixel at (x, y); traps when out of bounds.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "image pixel (\(x), \(y)) out of bounds")
        return pixels[y * width + x]
    }
}

/// What an image paint shows outside its image.
public enum ImageEdge: Sendable, CaseIterable {
    /// Nothing: the image ends with a half-texel anti-aliased edge.
    case transparent
    /// The nearest edge texel continues (clamp to edge).
    case pad
}

/// An image as a paint; `transform` maps image pixels to the fill's user space.
public struct ImagePaint: Paint, Sendable {
    public let image: RGBAImage
    public let transform: Transform
    public let opacity: Double
    public let edge: ImageEdge

    public init(image: RGBAImage, transform: Transform = .identity, opacity: Double = 1, edge: ImageEdge = .transparent) {
        self.image = image
        self.transform = transform
        self.opacity = opacity
        self.edge = edge
    }

    public func makeShader(transform userToDevice: Transform) -> ImageShader {
        let sampler = transform.concatenating(userToDevice).inverted().map {
            ImageSampler(image: image, deviceToImage: $0, opacity: opacity, edge: edge)
        }
        return ImageShader(image: image, sampler: sampler)
    }
}

/// The device-space shader of an `ImagePaint`: the image (kept alive here) and the reference-free
/// sampler the span loop copies.
public struct ImageShader: PaintShader, Sendable {
    let image: RGBAImage
    /// Nil when the transform is not invertible (nothing is drawn).
    let sampler: ImageSampler?

    public var uniformColor: PremultipliedRGBA8? { sampler == nil ? .transparent : nil }
    public var isOpaque: Bool { sampler?.isOpaque ?? false }

    public func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>) {
        shade(y: y, x: x, count: count, into: colors, kernels: .simd)
    }

    @inline(__always)
    public func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>,
                      kernels: RasterKernels) {
        guard let sampler else {
            colors.update(repeating: .transparent, count: count)
            return
        }
        sampler.shade(y: y, x: x, count: count, into: colors, kernels: kernels)
    }

    /// The exact colour of pixel (x, y) (Double weights): the test reference.
    public func exactColor(x: Int, y: Int) -> PremultipliedRGBA8 {
        sampler?.exactColor(x: x, y: y) ?? .transparent
    }
}
