// Paint.swift — what colour a fill puts under its coverage.
//
// A `Paint` is a user-space description (a value, e.g. a solid colour or later a gradient with
// stops and geometry). For each fill it is resolved once into a `PaintShader`, a device-space
// object that produces premultiplied RGBA8 source pixels for runs of a row.
//
// How the compositing loop gets specialised per paint (research note §7.3: fused fetch +
// composite, Blend2D's JIT idea done by the Swift optimiser):
//   * a shader with a `uniformColor` (solid paints) is composited by `UniformColorSink` with the
//     constant-source kernels, which are concrete code, so that path is fully specialised no
//     matter where `fill` is called from;
//   * other shaders go through `ShadedSink<Shader>`, generic over the shader type: the shader
//     writes a run of source pixels into a scratch row and the colour-mask kernel composites
//     it. Inside this module each concrete shader type gets its own specialised loop. A public
//     generic called from another module runs unspecialised, so gradients added here should
//     be dispatched to their concrete type at the top of `Rasterizer.fill` (the per-pixel
//     kernels themselves are concrete and stay fast either way; only span-level calls would
//     go through witness tables).
//
// Contract for shaders:
//   * pixel (x, y) is sampled at its centre (x + 0.5, y + 0.5) in device pixels;
//   * colours are premultiplied, gamma-encoded sRGB bytes with every colour byte ≤ alpha;
//   * a shader whose colour is the same everywhere returns it from `uniformColor`; the
//     compositor then uses the constant-source kernels and never calls `shade`.
//
// Adding a paint (linear / radial / conic gradient): a struct conforming to `Paint` whose
// `makeShader(transform:)` inverts the transform and builds its colour lookup table, and a
// shader whose `shade` fills a run (ideally with SIMD8<Float> t values, research note §7.4).

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
