// Paints.swift — what a fill or stroke puts under its coverage, as the display list stores it.
//
// Geometry (gradient points, radii, image placement) is in the coordinates of the shape's path,
// so it moves with the shape's group transform. Colours are straight-alpha, gamma-encoded sRGB
// (docs/ANIMATIONS.md §1.2). Every paint has an `opacity` multiplying its alpha.
//
// Gradient colours live in the list's stop storage (`DisplayList.addGradient`), as two lists:
// colour stops (location, RGBA) and opacity stops (location, α) — Lottie interleaves them this
// way. The colour at parameter t is
//
//     C(t) = colour(t) with alpha colour(t).a · opacity(t)
//
// where colour(t) interpolates the colour stops and opacity(t) the opacity stops (1 when there
// are none), each piecewise linear and clamped to its end stops. The renderer hands Raster one
// stop list at the union of both lists' locations (GradientStops.swift): exact, since between
// two consecutive locations both functions are linear, except where colour stops with alpha
// < 1 and opacity stops vary over the same interval (the product of two linear functions is
// then drawn as linear between the locations).
import Geometry
import Raster

/// A handle to a gradient's stops in a display list.
public struct GradientID: Hashable, Sendable {
    let index: Int32
}

/// A handle to an image registered in a display list.
public struct ImageID: Hashable, Sendable {
    let index: Int32
}

/// One colour stop of a gradient: Raster's stop (location in [0, 1], straight colour).
public typealias ColorStop = GradientStop
/// One opacity stop of a gradient: Raster's (location and opacity in [0, 1]).
public typealias OpacityStop = GradientOpacityStop

extension GradientStop {
    public init(_ location: Double, _ color: RGBA) { self.init(location: location, color: color) }
}

extension GradientOpacityStop {
    public init(_ location: Double, _ opacity: Double) { self.init(location: location, opacity: opacity) }
}

/// A linear gradient from `start` (t = 0) to `end` (t = 1).
public struct LinearGradient: Sendable, Equatable {
    public var stops: GradientID
    public var start: Point
    public var end: Point
    public var extend: GradientExtend
    public var opacity: Double

    public init(_ stops: GradientID, start: Point, end: Point, extend: GradientExtend = .pad, opacity: Double = 1) {
        self.stops = stops
        self.start = start
        self.end = end
        self.extend = extend
        self.opacity = opacity
    }
}

/// A radial gradient: t = 0 at the focal point, t = 1 on the circle of `radius` around `center`
/// (two-point conical with a zero focal radius, as SVG's fx/fy and Lottie's highlight). A focal
/// point equal to the centre is the concentric gradient t = |p − center| / radius.
public struct RadialGradient: Sendable, Equatable {
    public var stops: GradientID
    public var center: Point
    public var radius: Double
    /// Nil: the centre.
    public var focalPoint: Point?
    public var extend: GradientExtend
    public var opacity: Double

    public init(_ stops: GradientID, center: Point, radius: Double, focalPoint: Point? = nil,
                extend: GradientExtend = .pad, opacity: Double = 1) {
        self.stops = stops
        self.center = center
        self.radius = radius
        self.focalPoint = focalPoint
        self.extend = extend
        self.opacity = opacity
    }

    /// Whether the focal point differs from the centre (a two-point conical gradient).
    public var isFocal: Bool {
        guard let focalPoint else { return false }
        return focalPoint != center
    }
}

/// A conic (angular) gradient over one full turn from `startAngle` (degrees, 0 at 3 o'clock,
/// clockwise on screen), as Raster's `ConicGradientPaint`.
public struct ConicGradient: Sendable, Equatable {
    public var stops: GradientID
    public var center: Point
    public var startAngle: Double
    public var opacity: Double

    public init(_ stops: GradientID, center: Point, startAngle: Double = 0, opacity: Double = 1) {
        self.stops = stops
        self.center = center
        self.startAngle = startAngle
        self.opacity = opacity
    }
}

/// How an image is sampled between its pixels.
public enum ImageSampling: Sendable {
    case bilinear
    case nearest
}

/// A bitmap placed by `transform` (image pixels → the shape's coordinates; pixel (i, j) covers
/// [i, i+1] × [j, j+1] before the transform), sampled with `sampling`; outside it transparent.
public struct ImagePattern: Sendable, Equatable {
    public var image: ImageID
    public var transform: Transform
    public var sampling: ImageSampling
    public var opacity: Double

    public init(_ image: ImageID, transform: Transform = .identity, sampling: ImageSampling = .bilinear,
                opacity: Double = 1) {
        self.image = image
        self.transform = transform
        self.sampling = sampling
        self.opacity = opacity
    }
}

/// The paint of a fill or stroke node.
public enum NodePaint: Sendable, Equatable {
    case solid(RGBA, opacity: Double)
    case linear(LinearGradient)
    case radial(RadialGradient)
    case conic(ConicGradient)
    case image(ImagePattern)

    /// An opaque-or-translucent solid colour at full opacity.
    public static func solid(_ color: RGBA) -> NodePaint { .solid(color, opacity: 1) }

    /// The paint's own opacity.
    public var opacity: Double {
        switch self {
        case .solid(_, let o): return o
        case .linear(let g): return g.opacity
        case .radial(let g): return g.opacity
        case .conic(let g): return g.opacity
        case .image(let i): return i.opacity
        }
    }
}
