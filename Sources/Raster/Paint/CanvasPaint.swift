// CanvasPaint.swift — paint a fill with the pixels of another canvas of the same size.
//
// The source pixel under device pixel (x, y) is the source canvas's pixel (x, y): no transform,
// no sampling. With L that pixel, F an optional colour filter (ColorFilter.swift, applied as a
// layer's) and o the opacity (o8 = round(o·255)):
//
//     S = div255(F(L)·o8)        per channel (the compositor's coverage scaling)
//
// and the fill composites S under its coverage as any paint: out = S·m + D·(1 − S_α·m). Filling
// a clip path with a group's off-screen layer as the paint is how a group is clipped by a path
// (the renderer's clip): the layer shows inside the path, anti-aliased at its edge. Without a
// clip the same composite is `Layer.composite`, which is this with m = 1 over the layer's
// drawn region.
import Geometry

/// The pixels of `source` (same size as the canvas filled), filtered and at an opacity.
public struct CanvasPaint: Paint {
    public let source: Canvas
    public let opacity: Double
    public let filter: ColorFilter?

    public init(_ source: Canvas, opacity: Double = 1, filter: ColorFilter? = nil) {
        self.source = source
        self.opacity = opacity
        self.filter = filter
    }

    public func makeShader(transform: Transform) -> CanvasShader {
        source.resolvePendingClear()
        return CanvasShader(source: source, coverage: PremultipliedRGBA8.round255(opacity),
                            filter: filter.map(PixelColorFilter.init))
    }
}

/// The shader of a `CanvasPaint`; valid while the source canvas is not written.
public struct CanvasShader: PaintShader {
    let source: Canvas
    let coverage: UInt8
    let filter: PixelColorFilter?

    public var uniformColor: PremultipliedRGBA8? { coverage == 0 ? .transparent : nil }
    public var isOpaque: Bool { false }

    public func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>) {
        shade(y: y, x: x, count: count, into: colors, kernels: .simd)
    }

    public func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>,
                      kernels: RasterKernels) {
        precondition(y >= 0 && y < source.height && x >= 0 && x + count <= source.width,
                     "a canvas paint fills a canvas of its source's size")
        let row = UnsafePointer(source.pixels + y * source.width + x)
        if let filter {
            filter.apply(row, into: colors, count: count, kernels: kernels)
        } else {
            colors.update(from: row, count: count)
        }
        guard coverage != 255 else { return }
        let m = UInt32(coverage)
        for i in 0..<count { colors[i] = SpanCompositor.scale(colors[i], by: m) }
    }
}
