// Paint.swift — what colour a fill puts under its coverage.
//
// A `Paint` is a user-space description (a value: a solid colour, or a gradient with stops and
// geometry in the path's coordinates). For each fill it is resolved once into a `PaintShader`, a
// device-space object that produces premultiplied RGBA8 source pixels for runs of a row.
//
// Paints in this module: `SolidPaint` (here), `LinearGradientPaint`, `RadialGradientPaint`,
// `ConicGradientPaint` (one file each; their colour table is GradientLUT.swift). Every paint takes
// an `opacity` that multiplies alpha; gradients also take an optional `ColorFilter`, folded into
// their colour table. Filters over a group of drawings go through a `Layer` (Layer.swift).
//
// How the compositing loop gets specialised per paint (docs/research/rasterizers.md §7.3: fused
// fetch + composite, Blend2D's JIT idea done by the Swift optimiser):
//   * a shader with a `uniformColor` (solid paints, one-colour gradients) is composited by
//     `UniformColorSink` with the constant-source kernels, which are concrete code. When `fill`
//     runs unspecialised (a solid fill from another module, e.g. Render's Renderer), the coverage
//     sweep that feeds that sink is reached through the span source's witness table: one
//     indirect call per span, the per-pixel kernels stay concrete. A non-generic entry for the
//     uniform sink removed those calls (seen in perf) but left the heart's label at 0.110 ms, so
//     the simpler code stays;
//   * other shaders go through `ShadedSink<Shader>`, generic over the shader type: the shader
//     writes a run of source pixels into a scratch row and the colour kernels composite it (an
//     opaque shader under full coverage writes straight into the canvas). `Rasterizer.fill`
//     matches the gradient paints to their concrete types first, so each gradient gets its own
//     specialised loop even when the public generic `fill` runs unspecialised (called from
//     another module). Paints defined elsewhere still work, through witness-table calls per span.
//
// Contract for shaders:
//   * pixel (x, y) is sampled at its centre (x + 0.5, y + 0.5) in device pixels;
//   * colours are premultiplied, gamma-encoded sRGB bytes with every colour byte ≤ alpha;
//   * a shader whose colour is the same everywhere returns it from `uniformColor`; the
//     compositor then uses the constant-source kernels and never calls `shade`;
//   * `isOpaque` may be true only if every pixel `shade` writes has alpha 255;
//   * `shade(…, kernels:)` must give the same bytes for `.scalar` and `.simd` (the scalar kernel
//     is the reference the SIMD one is tested against).

import Geometry

/// A user-space paint description, resolved per fill into a device-space `PaintShader`.
public protocol Paint {
    associatedtype Shader: PaintShader
    /// Resolves the paint for one fill whose geometry is mapped to device pixels by `transform`.
    func makeShader(transform: Transform) -> Shader
}

/// Produces premultiplied source pixels in device space (see the contract above).
public protocol PaintShader {
    /// The premultiplied colour of every pixel if the paint is uniform, else nil.
    var uniformColor: PremultipliedRGBA8? { get }
    /// Writes the premultiplied colours of pixels x..<x+count of row y into `colors`.
    func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>)
    /// True only if every pixel `shade` produces is opaque (lets full coverage skip blending).
    var isOpaque: Bool { get }
    /// `shade` with an explicit kernel choice (`.scalar` is the reference implementation).
    func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>,
               kernels: RasterKernels)
}

extension PaintShader {
    /// Opaque when uniform and opaque; otherwise conservatively false.
    public var isOpaque: Bool { uniformColor?.a == 255 }

    /// Shaders with a single implementation ignore the kernel choice.
    public func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>,
                      kernels: RasterKernels) {
        shade(y: y, x: x, count: count, into: colors)
    }
}

/// A single colour, optionally made more transparent by `opacity`.
public struct SolidPaint: Paint, Sendable {
    public var color: RGBA
    public var opacity: Double

    public init(color: RGBA, opacity: Double = 1) {
        self.color = color
        self.opacity = opacity
    }

    /// The premultiplied source pixel: round(c·α·255) and round(α·255) with α = a·opacity.
    public var premultiplied: PremultipliedRGBA8 {
        PremultipliedRGBA8(color.withOpacity(opacity))
    }

    public func makeShader(transform: Transform) -> SolidShader {
        SolidShader(color: premultiplied)
    }
}

/// The shader of a `SolidPaint`: one premultiplied colour everywhere.
public struct SolidShader: PaintShader, Sendable {
    public let color: PremultipliedRGBA8

    public init(color: PremultipliedRGBA8) {
        self.color = color
    }

    @inlinable
    public var uniformColor: PremultipliedRGBA8? { color }

    @inlinable
    public func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>) {
        colors.update(repeating: color, count: count)
    }
}
