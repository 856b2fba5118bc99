// GradientOpacityStopTests.swift — colour and opacity stops at their own locations, merged into
// one stop list that reproduces both interpolations exactly.

import Testing
@testable import Raster

@Suite struct GradientOpacityStopTests {
    static let red = RGBA(r: 1, g: 0, b: 0), blue = RGBA(r: 0, g: 0, b: 1), green = RGBA(r: 0, g: 0.8, b: 0.2)

    /// The colour stops' RGB with the opacity stops' interpolation, evaluated separately.
    static func separate(_ colors: [GradientStop], _ opacities: [GradientOpacityStop], at t: Double) -> RGBA {
        let c = try! Gradient(stops: colors).color(at: t)
        return RGBA(r: c.r, g: c.g, b: c.b, a: opacities.isEmpty ? 1 : Gradient.opacity(opacities, at: t))
    }

    static func expectSame(_ a: RGBA, _ b: RGBA, _ comment: Comment) {
        let d = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
        #expect(d < 1e-12, comment)
    }

    @Test func mergedStopsReproduceBothInterpolations() throws {
        let colors = [GradientStop(location: 0.1, color: Self.red), GradientStop(location: 0.6, color: Self.blue),
                      GradientStop(location: 0.9, color: Self.green)]
        let opacities = [GradientOpacityStop(location: 0, opacity: 1), GradientOpacityStop(location: 0.35, opacity: 0.2),
                         GradientOpacityStop(location: 0.6, opacity: 0.9), GradientOpacityStop(location: 1, opacity: 0)]
        let merged = try Gradient(colorStops: colors, opacityStops: opacities)
        // Locations: 0, 0.1, 0.35, 0.6 (shared), 0.9, 1.
        #expect(merged.stops.map(\.location) == [0, 0.1, 0.35, 0.6, 0.9, 1])
        for k in 0...1000 {
            let t = Double(k) / 1000
            Self.expectSame(merged.color(at: t), Self.separate(colors, opacities, at: t), "t = \(t)")
        }
    }

    @Test func hardEdgesInEitherList() throws {
        let colors = [GradientStop(location: 0, color: Self.red), GradientStop(location: 0.5, color: Self.red),
                      GradientStop(location: 0.5, color: Self.blue), GradientStop(location: 1, color: Self.blue)]
        let opacities = [GradientOpacityStop(location: 0.25, opacity: 1), GradientOpacityStop(location: 0.75, opacity: 1),
                         GradientOpacityStop(location: 0.75, opacity: 0.1), GradientOpacityStop(location: 1, opacity: 0.4)]
        let merged = try Gradient(colorStops: colors, opacityStops: opacities)
        for k in 0...400 {
            let t = Double(k) / 400
            Self.expectSame(merged.color(at: t), Self.separate(colors, opacities, at: t), "t = \(t)")
        }
        // At the hard edges the later stop wins, just before them the earlier one.
        Self.expectSame(merged.color(at: 0.5), RGBA(r: 0, g: 0, b: 1, a: 1), "colour edge")
        Self.expectSame(merged.color(at: 0.4999999), RGBA(r: 1, g: 0, b: 0, a: 1), "before the colour edge")
        #expect(abs(merged.color(at: 0.75).a - 0.1) < 1e-12)
        #expect(abs(merged.color(at: 0.7499999).a - 1) < 1e-6)
    }

    @Test func lottieGradientWithInterleavedOpacity() throws {
        // A Lottie "g" of p = 2 colour stops and 3 opacity stops:
        // [0, 1, 0, 0,  1, 0, 0, 1,  0, 1,  0.5, 0,  1, 1] → red→blue, opacity 1 → 0 → 1.
        let k: [Double] = [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0.5, 0, 1, 1]
        let colors = (0..<2).map { i in
            GradientStop(location: k[4 * i], color: RGBA(r: k[4 * i + 1], g: k[4 * i + 2], b: k[4 * i + 3]))
        }
        let opacities = stride(from: 8, to: k.count, by: 2).map { GradientOpacityStop(location: k[$0], opacity: k[$0 + 1]) }
        let merged = try Gradient(colorStops: colors, opacityStops: opacities)
        let middle = merged.color(at: 0.5)
        Self.expectSame(middle, RGBA(r: 0.5, g: 0, b: 0.5, a: 0), "middle: purple, transparent")
        Self.expectSame(merged.color(at: 0.25), RGBA(r: 0.75, g: 0, b: 0.25, a: 0.5), "quarter")
        // Through a paint: the table's colour at the quarter point, premultiplied.
        let table = GradientColorTable(gradient: merged, opacity: 1, filter: nil)
        let quarter = table.exactColor(at: 0.25)
        #expect(quarter == PremultipliedRGBA8(r: 96, g: 0, b: 32, a: 128))
    }

    @Test func withoutOpacityStopsTheColourStopsStand() throws {
        let colors = [GradientStop(location: 0, color: Self.red), GradientStop(location: 1, color: Self.green)]
        #expect(try Gradient(colorStops: colors, opacityStops: []) == Gradient(stops: colors))
    }

    @Test func translucentColourStopsGetSubdividedProducts() throws {
        // Colour alpha 1 → 0 and opacity 0 → 1 over the same interval: the alpha is s·(1 − s),
        // quadratic; the merged list keeps it within a quarter of an 8-bit level.
        let colors = [GradientStop(location: 0, color: Self.red), GradientStop(location: 1, color: RGBA(r: 0, g: 0, b: 1, a: 0))]
        let opacities = [GradientOpacityStop(location: 0, opacity: 0), GradientOpacityStop(location: 1, opacity: 1)]
        let merged = try Gradient(colorStops: colors, opacityStops: opacities)
        #expect(merged.stops.count == 17)  // n = ⌈√255⌉ = 16 intervals
        var worst = 0.0
        for k in 0...1000 {
            let t = Double(k) / 1000
            worst = max(worst, abs(merged.color(at: t).a - (1 - t) * t))
        }
        #expect(worst <= 1.0 / 1020)
        // Into a kept array: the same stops, and no new storage once it is large enough.
        var out: [GradientStop] = []
        out.reserveCapacity(64)
        try Gradient.mergeStops(colors: colors[...], opacities: opacities[...], into: &out)
        #expect(out == merged.stops)
        #expect(out.capacity >= 64)
    }

    @Test func invalidStopsAreErrorsNamingTheStop() {
        let red = GradientStop(location: 0, color: Self.red)
        #expect(throws: GradientError.noStops) { try Gradient(colorStops: [], opacityStops: []) }
        #expect(throws: GradientError.locationsDecrease(index: 1)) {
            try Gradient(colorStops: [GradientStop(location: 0.5, color: Self.red), red], opacityStops: [])
        }
        #expect(throws: GradientError.opacityOutOfRange(index: 0, opacity: 1.5)) {
            try Gradient(colorStops: [red], opacityStops: [GradientOpacityStop(location: 0, opacity: 1.5)])
        }
        #expect(throws: GradientError.opacityLocationsDecrease(index: 1)) {
            try Gradient(colorStops: [red], opacityStops: [GradientOpacityStop(location: 0.5, opacity: 1),
                                                           GradientOpacityStop(location: 0.2, opacity: 1)])
        }
        #expect(throws: GradientError.opacityLocationOutOfRange(index: 0, location: -0.1)) {
            try Gradient(colorStops: [red], opacityStops: [GradientOpacityStop(location: -0.1, opacity: 1)])
        }
        #expect(GradientError.opacityOutOfRange(index: 2, opacity: 3).description.contains("opacity stop 2"))
    }
}
