// GradientOpacityStops.swift — a gradient from colour stops and opacity stops at their own
// locations, merged into one stop list exactly.
//
// Lottie stores a gradient as p colour stops (location, r, g, b) followed by opacity stops
// (location, opacity) that need not share the colour stops' locations (lottie-docs "Gradients";
// docs/compositing.md "Gradient opacity stops"). The colour at t is the colour stops'
// interpolation C(t) with its alpha multiplied by the opacity stops' interpolation O(t):
//
//     colour(t) = (C(t).r, C(t).g, C(t).b, C(t).a·O(t))        (Lottie's colour stops: C.a = 1)
//
// each interpolated linearly between its own neighbouring stops and held constant beyond its
// first and last stop (Gradient.swift's rules, straight components).
//
// Merging. Let l₁ < l₂ < … be the distinct locations of both lists. Between two consecutive
// locations neither list has a stop, so C and O are both linear there, and so is every straight
// component of colour(t) when C.a is constant there: a stop at each lᵢ holding colour(lᵢ) reproduces colour(t) exactly
// under Gradient's (straight, linear) interpolation. At a location where either list has a hard
// edge (several stops at one location), the merged list gets two stops: the value approaching
// from the left (the first stop there, or the interpolation) and from the right (the last
// stop there) — Gradient's rule that at t = l exactly the later stop wins keeps the right value.
//
// Colour stops may carry alpha of their own; the alpha at t is then their alpha times O(t). Over
// an interval where both vary, that product is quadratic, q(t) = (a₀ + Δa·s)(o₀ + Δo·s) for
// s ∈ [0, 1], and linear interpolation between n + 1 equally spaced stops is off by at most
// |Δa·Δo|/(4·n²) (q″ = 2·Δa·Δo). The merge inserts n − 1 interior stops with n the smallest count
// that keeps this below a quarter of an 8-bit level (1/1020), at most 16 for a full swing of both;
// with opaque colour stops (Lottie's) no stop is inserted and the merge is exact.
//
// `Gradient.mergeStops(colors:opacities:into:)` writes the merged list into an array the caller
// keeps (no allocation once its capacity suffices), for renderers that rebuild gradients every
// frame; `Gradient(colorStops:opacityStops:)` is the same as a value.
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

extension Gradient {
    /// The gradient whose colour comes from `colorStops` and whose alpha is their alpha times
    /// the interpolation of `opacityStops` (none: opacity 1), merged into one stop list (see the
    /// file header).
    public init(colorStops: [GradientStop], opacityStops: [GradientOpacityStop]) throws(GradientError) {
        var stops: [GradientStop] = []
        try Gradient.mergeStops(colors: colorStops, opacities: opacityStops, into: &stops)
        self = try! Gradient(stops: stops)  // locations validated, merged in order
    }

    /// Writes the merged stops of `colors` and `opacities` into `out` (emptied first, capacity
    /// kept): a valid stop list for `Gradient(stops:)`.
    public static func mergeStops(colors: [GradientStop], opacities: [GradientOpacityStop],
                                  into out: inout [GradientStop]) throws(GradientError) {
        try mergeStops(colors: colors[...], opacities: opacities[...], into: &out)
    }

    /// The same over slices of a caller's arenas (a display list's stop storage). Concrete types,
    /// not generic ones: a generic entry called from another module runs unspecialised, and its
    /// boxed generic values cost heap allocations on every call — per gradient shape per frame.
    public static func mergeStops(colors: ArraySlice<GradientStop>, opacities: ArraySlice<GradientOpacityStop>,
                                  into out: inout [GradientStop]) throws(GradientError) {
        try validate(colors, opacities)
        out.removeAll(keepingCapacity: true)
        if opacities.isEmpty {
            out.append(contentsOf: colors)
            return
        }
        var ci = colors.startIndex, oi = opacities.startIndex
        var previous: (location: Double, color: RGBA, opacity: Double)?
        while ci != colors.endIndex || oi != opacities.endIndex {
            let location = Swift.min(ci != colors.endIndex ? colors[ci].location : .infinity,
                                     oi != opacities.endIndex ? opacities[oi].location : .infinity)
            let c = limits(colors, at: location, from: &ci, value: { $0.color }, lerp: lerp)
            let o = limits(opacities, at: location, from: &oi, value: { $0.opacity }, lerp: { $0 + ($1 - $0) * $2 })
            if let p = previous {
                subdivide(from: p, to: (location, c.left, o.left), into: &out)
            }
            let left = GradientStop(location: location, color: c.left.times(o.left))
            out.append(left)
            let right = GradientStop(location: location, color: c.right.times(o.right))
            if right != left { out.append(right) }
            previous = (location, c.right, o.right)
        }
    }

    private static func validate(_ colors: ArraySlice<GradientStop>, _ opacities: ArraySlice<GradientOpacityStop>)
        throws(GradientError) {
        guard !colors.isEmpty else { throw .noStops }
        try validateLocations(of: colors, outOfRange: GradientError.locationOutOfRange,
                              decrease: GradientError.locationsDecrease)
        try validateLocations(of: opacities, outOfRange: GradientError.opacityLocationOutOfRange,
                              decrease: GradientError.opacityLocationsDecrease)
        for (i, stop) in opacities.enumerated() where !(stop.opacity >= 0 && stop.opacity <= 1) {
            throw .opacityOutOfRange(index: i, opacity: stop.opacity)
        }
    }

    /// The left and right values at `location` of the function through `stops`, where `index` is
    /// the first stop at or after `location`; moves `index` past the stops at `location`.
    private static func limits<Stops: BidirectionalCollection, Value>(
        _ stops: Stops, at location: Double, from index: inout Stops.Index, value: (Stops.Element) -> Value,
        lerp: (Value, Value, Double) -> Value
    ) -> (left: Value, right: Value) where Stops.Element: LocatedGradientStop {
        if index != stops.endIndex && stops[index].location == location {
            let left = value(stops[index])
            var last = index
            stops.formIndex(after: &index)
            while index != stops.endIndex && stops[index].location == location {
                last = index
                stops.formIndex(after: &index)
            }
            return (left, value(stops[last]))
        }
        if index == stops.startIndex { let v = value(stops[index]); return (v, v) }
        // Strictly after stop `before` (and before stop `index`, or beyond the last stop).
        let before = stops.index(before: index)
        if index == stops.endIndex { let v = value(stops[before]); return (v, v) }
        let a = stops[before], b = stops[index]
        let v = lerp(value(a), value(b), (location - a.location) / (b.location - a.location))
        return (v, v)
    }

    /// Interior stops between two merged locations where both the colour's alpha and the opacity
    /// change (their product is quadratic there; see the header).
    private static func subdivide(from p: (location: Double, color: RGBA, opacity: Double),
                                  to q: (location: Double, color: RGBA, opacity: Double),
                                  into out: inout [GradientStop]) {
        let swing = abs((q.color.a - p.color.a) * (q.opacity - p.opacity))
        guard swing > 0, q.location > p.location else { return }
        // |Δa·Δo|/(4n²) ≤ 1/1020  ⇔  n ≥ √(255·|Δa·Δo|).
        let n = Int((255 * swing).squareRoot().rounded(.up))
        guard n > 1 else { return }
        for k in 1..<n {
            let s = Double(k) / Double(n)
            let color = lerp(p.color, q.color, s)
            out.append(GradientStop(location: p.location + (q.location - p.location) * s,
                                    color: color.times(p.opacity + (q.opacity - p.opacity) * s)))
        }
    }

    private static func lerp(_ a: RGBA, _ b: RGBA, _ w: Double) -> RGBA {
        RGBA(r: a.r + (b.r - a.r) * w, g: a.g + (b.g - a.g) * w, b: a.b + (b.b - a.b) * w, a: a.a + (b.a - a.a) * w)
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

/// A stop with a location (colour and opacity stops), for the merge.
protocol LocatedGradientStop { var location: Double { get } }
extension GradientStop: LocatedGradientStop {}
extension GradientOpacityStop: LocatedGradientStop {}

private extension RGBA {
    /// The colour with its alpha multiplied by `opacity`.
    func times(_ opacity: Double) -> RGBA { RGBA(r: r, g: g, b: b, a: a * opacity) }
}
