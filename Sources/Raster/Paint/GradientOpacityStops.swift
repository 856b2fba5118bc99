// GradientOpacityStops.swift — a gradient from colour stops and opacity stops at their own
// locations, merged into one stop list exactly.
//
// Lottie stores a gradient as p colour stops (location, r, g, b) followed by opacity stops
// (location, opacity) that need not share the colour stops' locations (lottie-docs "Gradients";
// docs/compositing.md "Gradient opacity stops"). The colour at t is the colour stops'
// interpolation C(t) with the opacity stops' interpolation O(t) as its alpha:
//
//     colour(t) = (C(t).r, C(t).g, C(t).b, O(t))
//
// each interpolated linearly between its own neighbouring stops and held constant beyond its
// first and last stop (Gradient.swift's rules, straight components).
//
// Merging. Let l₁ < l₂ < … be the distinct locations of both lists. Between two consecutive
// locations neither list has a stop, so C and O are both linear there, and so is every straight
// component of colour(t): a stop at each lᵢ holding colour(lᵢ) reproduces colour(t) exactly
// under Gradient's (straight, linear) interpolation. At a location where either list has a hard
// edge (several stops at one location), the merged list gets two stops: the value approaching
// from the left (the first stop there, or the interpolation) and from the right (the last
// stop there) — Gradient's rule that at t = l exactly the later stop wins keeps the right value.
//
// Exactness needs the colour stops to carry no alpha of their own (C's alpha is 1): a product of
// two linear alphas would be quadratic between stops. Lottie colour stops have none; a
// translucent colour stop is an error (`GradientStopsError.colorStopNotOpaque`), not an
// approximation. With no opacity stops the opacity is 1 everywhere.
//
// ThorVG merges the same lists approximately (each synthesised value is interpolated from the
// previous *merged* stop, tvgLottieModel.cpp `populate`); lottie-web's SVG renderer draws the
// opacity as a separate gradient mask, which is exact like this.

/// An opacity at a location of a gradient (Lottie's opacity stops).
public struct GradientOpacityStop: Equatable, Sendable {
    public var location: Double
    public var opacity: Double

    public init(location: Double, opacity: Double) {
        self.location = location
        self.opacity = opacity
    }
}

/// Why colour and opacity stops do not make a gradient; indices are within their own list.
public enum GradientStopsError: Error, Equatable, CustomStringConvertible {
    case noColorStops
    case colorLocationOutOfRange(index: Int, location: Double)
    case colorLocationsDecrease(index: Int)
    case colorStopNotOpaque(index: Int, alpha: Double)
    case opacityLocationOutOfRange(index: Int, location: Double)
    case opacityLocationsDecrease(index: Int)
    case opacityOutOfRange(index: Int, opacity: Double)

    public var description: String {
        switch self {
        case .noColorStops: return "a gradient needs at least one colour stop"
        case .colorLocationOutOfRange(let i, let l): return "colour stop \(i): location \(l) is not in [0, 1]"
        case .colorLocationsDecrease(let i): return "colour stop \(i): locations must not decrease"
        case .colorStopNotOpaque(let i, let a):
            return "colour stop \(i): alpha \(a) must be 1 (opacity comes from the opacity stops)"
        case .opacityLocationOutOfRange(let i, let l): return "opacity stop \(i): location \(l) is not in [0, 1]"
        case .opacityLocationsDecrease(let i): return "opacity stop \(i): locations must not decrease"
        case .opacityOutOfRange(let i, let o): return "opacity stop \(i): opacity \(o) is not in [0, 1]"
        }
    }
}

extension Gradient {
    /// The gradient whose colour comes from `colorStops` (opaque) and whose alpha comes from
    /// `opacityStops` (none: opacity 1), merged exactly into one stop list (see the file header).
    public init(colorStops: [GradientStop], opacityStops: [GradientOpacityStop]) throws(GradientStopsError) {
        try Gradient.validate(colorStops: colorStops, opacityStops: opacityStops)
        let colors = try! Gradient(stops: colorStops)  // validated above
        guard !opacityStops.isEmpty else {
            self = colors
            return
        }
        var locations = colorStops.map(\.location) + opacityStops.map(\.location)
        locations.sort()
        var merged: [GradientStop] = []
        merged.reserveCapacity(2 * locations.count)
        var previous = -Double.infinity
        for l in locations where l != previous {
            previous = l
            let left = RGBA(color: Gradient.leftLimit(colorStops, at: l, colors.color(at:)),
                            opacity: Gradient.leftLimit(opacityStops, at: l))
            let right = RGBA(color: colors.color(at: l), opacity: Gradient.rightLimit(opacityStops, at: l))
            merged.append(GradientStop(location: l, color: left))
            if right != left { merged.append(GradientStop(location: l, color: right)) }
        }
        self = try! Gradient(stops: merged)  // locations sorted, in [0, 1]
    }

    private static func validate(colorStops: [GradientStop], opacityStops: [GradientOpacityStop]) throws(GradientStopsError) {
        guard !colorStops.isEmpty else { throw .noColorStops }
        for (i, stop) in colorStops.enumerated() {
            guard stop.location >= 0 && stop.location <= 1 else {
                throw .colorLocationOutOfRange(index: i, location: stop.location)
            }
            if i > 0 && stop.location < colorStops[i - 1].location { throw .colorLocationsDecrease(index: i) }
            if stop.color.a != 1 { throw .colorStopNotOpaque(index: i, alpha: stop.color.a) }
        }
        for (i, stop) in opacityStops.enumerated() {
            guard stop.location >= 0 && stop.location <= 1 else {
                throw .opacityLocationOutOfRange(index: i, location: stop.location)
            }
            if i > 0 && stop.location < opacityStops[i - 1].location { throw .opacityLocationsDecrease(index: i) }
            guard stop.opacity >= 0 && stop.opacity <= 1 else { throw .opacityOutOfRange(index: i, opacity: stop.opacity) }
        }
    }

    /// The colour approaching location `l` from the left: the first stop at `l` if there is one,
    /// else the interpolated colour.
    private static func leftLimit(_ stops: [GradientStop], at l: Double, _ interpolated: (Double) -> RGBA) -> RGBA {
        stops.first(where: { $0.location == l })?.color ?? interpolated(l)
    }

    /// O approaching `l` from the left.
    private static func leftLimit(_ stops: [GradientOpacityStop], at l: Double) -> Double {
        stops.first(where: { $0.location == l })?.opacity ?? opacity(stops, at: l)
    }

    /// O at `l` itself (approaching from the right: the last stop at `l` wins).
    private static func rightLimit(_ stops: [GradientOpacityStop], at l: Double) -> Double {
        stops.last(where: { $0.location == l })?.opacity ?? opacity(stops, at: l)
    }

    /// O(t): linear between neighbouring opacity stops, constant beyond the ends.
    static func opacity(_ stops: [GradientOpacityStop], at t: Double) -> Double {
        let first = stops[0], last = stops[stops.count - 1]
        guard t > first.location else { return first.opacity }
        guard t < last.location else { return last.opacity }
        var i = 0
        while i + 1 < stops.count && stops[i + 1].location <= t { i += 1 }
        let a = stops[i], b = stops[i + 1]
        return a.opacity + (b.opacity - a.opacity) * (t - a.location) / (b.location - a.location)
    }
}

private extension RGBA {
    /// The colour's r, g, b with alpha `opacity`.
    init(color: RGBA, opacity: Double) {
        self.init(r: color.r, g: color.g, b: color.b, a: opacity)
    }
}
