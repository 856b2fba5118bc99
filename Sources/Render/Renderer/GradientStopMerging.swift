// GradientStopMerging.swift — a display-list gradient (colour stops + opacity stops) as Raster's
// single stop list.
//
// The display list's gradient (Paints.swift) is C(t) = colour(t) with alpha colour(t).a·opacity(t),
// colour and opacity each piecewise linear through their stops, constant beyond the end stops,
// opacity ≡ 1 without opacity stops. Raster's `Gradient` interpolates one list of straight RGBA
// stops, where two stops at one location make a jump (the later one holds from there on).
//
// Merging: at every location L of either list, in increasing order, take both functions' left
// and right values (they differ only where a list has several stops at L: left = the first
// one's, right = the last one's; elsewhere both are the interpolated value) and emit
//
//     (L, rgb(colour⁻(L)), colour⁻(L).a · opacity⁻(L))
//     (L, rgb(colour⁺(L)), colour⁺(L).a · opacity⁺(L))     only if it differs from the first
//
// Between two consecutive emitted locations both functions are linear, so Raster's linear
// interpolation of the merged stops is C(t) exactly — except for the alpha where colour stops
// carry alpha < 1 *and* opacity stops vary over the same interval: the product of two linear
// functions is then interpolated linearly between the locations. No colour stops: black with the
// opacities; no stops at all: transparent.
import Raster

enum GradientStopMerging {
    /// Writes the merged stops of `colors` and `opacities` (each with non-decreasing locations)
    /// into `out` (emptied first, capacity kept).
    static func merge(colors: ArraySlice<ColorStop>, opacities: ArraySlice<OpacityStop>,
                      into out: inout [GradientStop]) {
        out.removeAll(keepingCapacity: true)
        if opacities.isEmpty {
            if colors.isEmpty {
                out.append(GradientStop(location: 0, color: .clear))
            } else {
                for stop in colors { out.append(GradientStop(location: stop.location, color: stop.color)) }
            }
            return
        }
        let colorList = colors.isEmpty ? ArraySlice([ColorStop(0, .black)]) : colors
        var ci = colorList.startIndex, oi = opacities.startIndex
        while ci < colorList.endIndex || oi < opacities.endIndex {
            let location = Swift.min(ci < colorList.endIndex ? colorList[ci].location : .infinity,
                                     oi < opacities.endIndex ? opacities[oi].location : .infinity)
            let c = limits(of: colorList, at: location, from: &ci, value: { $0.color }, lerp: lerp)
            let o = limits(of: opacities, at: location, from: &oi, value: { $0.opacity },
                           lerp: { $0 + ($1 - $0) * $2 })
            let left = GradientStop(location: location, color: c.left.withOpacity(o.left))
            out.append(left)
            let right = GradientStop(location: location, color: c.right.withOpacity(o.right))
            if right != left { out.append(right) }
        }
    }

    /// The left and right values at `location` of the function through `stops`, where `index` is
    /// the first stop at or after `location`; moves `index` past the stops at `location`.
    private static func limits<Stop, Value>(of stops: ArraySlice<Stop>, at location: Double, from index: inout Int,
                                            value: (Stop) -> Value, lerp: (Value, Value, Double) -> Value)
        -> (left: Value, right: Value) where Stop: LocatedStop {
        if index < stops.endIndex && stops[index].location == location {
            let left = value(stops[index])
            while index + 1 < stops.endIndex && stops[index + 1].location == location { index += 1 }
            let right = value(stops[index])
            index += 1
            return (left, right)
        }
        // Strictly between stops index − 1 and index, or beyond an end.
        if index == stops.startIndex { let v = value(stops[index]); return (v, v) }
        if index == stops.endIndex { let v = value(stops[index - 1]); return (v, v) }
        let a = stops[index - 1], b = stops[index]
        let w = (location - a.location) / (b.location - a.location)
        let v = lerp(value(a), value(b), w)
        return (v, v)
    }

    private static func lerp(_ a: RGBA, _ b: RGBA, _ w: Double) -> RGBA {
        RGBA(r: a.r + (b.r - a.r) * w, g: a.g + (b.g - a.g) * w, b: a.b + (b.b - a.b) * w, a: a.a + (b.a - a.a) * w)
    }
}

protocol LocatedStop { var location: Double { get } }
extension ColorStop: LocatedStop {}
extension OpacityStop: LocatedStop {}
