// Gradient.swift — colour stops, the colour at a gradient parameter, and extend modes.
//
// A gradient is a list of stops (location ∈ [0, 1], colour), locations non-decreasing. Its colour
// at a parameter t ∈ [0, 1] (docs/ANIMATIONS.md §1.2: interpolation on gamma-encoded components):
//
//     t ≤ l_first:  C = c_first            t ≥ l_last:  C = c_last
//     otherwise, with i the last stop such that l_i ≤ t (so l_i ≤ t < l_{i+1}):
//         C(t) = lerp(c_i, c_{i+1}, (t − l_i)/(l_{i+1} − l_i))    per channel r, g, b, a
//
// Two stops at the same location make a hard edge: at t = l exactly the later stop wins.
//
// Interpolation is on **straight (un-premultiplied)** components, alpha included, and the result
// is premultiplied afterwards. That is what Core Graphics / Core Animation do (and SwiftUI draws
// through them): a gradient from opaque white to `UIColor.clear` (transparent *black*) passes
// through translucent grey — its midpoint is (0.5, 0.5, 0.5, α 0.5) — which shows as a grey band
// over white (stackoverflow.com/questions/96331 "Draw transparent-to-white gradient over white in
// iOS"; the usual fix is white at alpha 0 instead of .clear). Premultiplied interpolation (CSS)
// would give pure white there. Fading one colour to the same colour at alpha 0 looks the same
// either way.
//
// Extend modes map any real t into [0, 1] before the lookup (Blend2D / Skia / SVG spreadMethod):
//
//     pad:      clamp(t, 0, 1)
//     repeat:   t − ⌊t⌋                       (sawtooth; t = 1 shows the first stop)
//     reflect:  |t − 2·round(t/2)|            (triangle wave: 0 → 1 → 0 every 2 units)
//
// A NaN parameter is treated as 0, and so is an infinite one under repeat/reflect (the Float
// kernels also clamp |t| to 2²¹ first, where a period is below Float resolution anyway).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One colour of a gradient at a location in [0, 1].
public struct GradientStop: Equatable, Sendable {
    public var location: Double
    public var color: RGBA

    public init(location: Double, color: RGBA) {
        self.location = location
        self.color = color
    }
}

/// Why stops do not make a gradient: a colour stop list (`Gradient(stops:)`) or colour plus
/// opacity stops (`Gradient(colorStops:opacityStops:)`); indices are within their own list.
public enum GradientError: Error, Equatable, CustomStringConvertible {
    case noStops
    case locationOutOfRange(index: Int, location: Double)
    case locationsDecrease(index: Int)
    case opacityLocationOutOfRange(index: Int, location: Double)
    case opacityLocationsDecrease(index: Int)
    case opacityOutOfRange(index: Int, opacity: Double)

    public var description: String {
        switch self {
        case .noStops: return "a gradient needs at least one colour stop"
        case .locationOutOfRange(let i, let l): return "gradient stop \(i): location \(l) is not in [0, 1]"
        case .locationsDecrease(let i): return "gradient stop \(i): locations must not decrease"
        case .opacityLocationOutOfRange(let i, let l): return "opacity stop \(i): location \(l) is not in [0, 1]"
        case .opacityLocationsDecrease(let i): return "opacity stop \(i): locations must not decrease"
        case .opacityOutOfRange(let i, let o): return "opacity stop \(i): opacity \(o) is not in [0, 1]"
        }
    }
}

/// A validated list of colour stops (at least one; locations in [0, 1], non-decreasing).
public struct Gradient: Equatable, Sendable {
    public let stops: [GradientStop]

    /// Validates `stops`: at least one, every location finite and in [0, 1], non-decreasing.
    public init(stops: [GradientStop]) throws(GradientError) {
        guard !stops.isEmpty else { throw .noStops }
        try Gradient.validateLocations(of: stops, outOfRange: GradientError.locationOutOfRange,
                                       decrease: GradientError.locationsDecrease)
        self.stops = stops
    }

    /// The one check of stop locations (colour and opacity stops alike): each in [0, 1] (NaN is
    /// not), none below the one before it; the first offending index is reported.
    static func validateLocations<Stops: Collection>(
        of stops: Stops, outOfRange: (Int, Double) -> GradientError, decrease: (Int) -> GradientError
    ) throws(GradientError) where Stops.Element: LocatedGradientStop {
        var last = -Double.infinity
        for (index, stop) in stops.enumerated() {
            guard stop.location >= 0 && stop.location <= 1 else { throw outOfRange(index, stop.location) }
            if stop.location < last { throw decrease(index) }
            last = stop.location
        }
    }

    /// Evenly spaced colours like SwiftUI's `Gradient(colors:)`: stop k of n at k/(n − 1)
    /// (a single colour sits at 0). `colors` must not be empty.
    public init(colors: [RGBA]) {
        precondition(!colors.isEmpty, "a gradient needs at least one colour")
        let last = Double(Swift.max(colors.count - 1, 1))
        stops = colors.enumerated().map { GradientStop(location: Double($0.offset) / last, color: $0.element) }
    }

    /// The straight-alpha colour at parameter `t` (clamped to the first/last stop outside them).
    public func color(at t: Double) -> RGBA {
        let first = stops[0]
        guard t > first.location else { return first.color }  // also catches NaN
        let last = stops[stops.count - 1]
        guard t < last.location else { return last.color }
        // Last stop with location ≤ t; it exists (t > first) and is not the last one (t < last).
        var i = 0
        while i + 1 < stops.count && stops[i + 1].location <= t { i += 1 }
        let a = stops[i], b = stops[i + 1]
        let w = (t - a.location) / (b.location - a.location)
        return RGBA(r: a.color.r + (b.color.r - a.color.r) * w,
                    g: a.color.g + (b.color.g - a.color.g) * w,
                    b: a.color.b + (b.color.b - a.color.b) * w,
                    a: a.color.a + (b.color.a - a.color.a) * w)
    }

    /// True when every stop has the same colour (the gradient is a solid colour).
    var isUniform: Bool {
        stops.allSatisfy { $0.color == stops[0].color }
    }
}

/// How a gradient continues outside the parameter range [0, 1].
public enum GradientExtend: Sendable, CaseIterable {
    /// The end colours continue (SwiftUI's only mode; CG with both "draws before/after" options).
    case pad
    /// The gradient starts over every unit of t.
    case `repeat`
    /// The gradient runs back and forth.
    case reflect

    /// Maps `t` into [0, 1] (exact, Double; the reference for the Float kernels in GradientLUT.swift).
    public func position(_ t: Double) -> Double {
        guard !t.isNaN else { return 0 }
        if !t.isFinite && self != .pad { return 0 }
        switch self {
        case .pad:
            return Swift.min(Swift.max(t, 0), 1)
        case .repeat:
            return t - t.rounded(.down)
        case .reflect:
            return Swift.abs(t - 2 * (t / 2).rounded(.toNearestOrEven))
        }
    }
}
