// Paints: each display-list paint draws what Raster's paint of the same parameters draws, and
// gradients with separate opacity stops follow C(t) = colour(t), alpha colour(t).a·opacity(t).
import TestSupport
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct PaintTests {
    let disc = Path.circle(center: Point(32, 32), radius: 27)

    @Test func gradientPaintsMatchRasters() throws {
        var list = DisplayList()
        let stops = list.addGradient(threeColours)
        list.fill(disc, paint: .linear(LinearGradient(stops, start: Point(8, 8), end: Point(50, 40), extend: .reflect, opacity: 0.8)))
        list.group(Group(transform: .translation(3, 0))) { list in
            list.fill(disc, rule: .evenOdd, paint: .radial(RadialGradient(stops, center: Point(30, 30), radius: 20, extend: .repeat)))
        }
        list.stroke(disc, style: StrokeStyle(lineWidth: 4, cap: .round, dash: [9, 5], dashPhase: 2),
                    paint: .conic(ConicGradient(stops, center: Point(32, 32), startAngle: 70, opacity: 0.9)))
        let (canvas, report) = rendered(list, background: .black)
        #expect(report.isFaithful)
        let want = try direct(background: .black) { r, c in
            r.fill(disc, paint: LinearGradientPaint(gradient: threeColours, start: Point(8, 8), end: Point(50, 40),
                                                   extend: .reflect, opacity: 0.8), on: c)
            r.fill(disc, transform: .translation(3, 0), rule: .evenOdd,
                   paint: RadialGradientPaint(gradient: threeColours, center: Point(30, 30), radius: 20, extend: .repeat), on: c)
            try r.stroke(disc, style: StrokeStyle(lineWidth: 4, cap: .round, dash: [9, 5], dashPhase: 2),
                         paint: ConicGradientPaint(gradient: threeColours, center: Point(32, 32), startAngle: 70, opacity: 0.9), on: c)
        }
        #expect(bytes(canvas) == bytes(want))
    }

    /// colour(t) and opacity(t) straight from the stops (the model's definition, Paints.swift).
    func expected(_ colors: [ColorStop], _ opacities: [OpacityStop], at t: Double) -> RGBA {
        func piecewise<V>(_ stops: [(Double, V)], _ lerp: (V, V, Double) -> V) -> V {
            if t <= stops[0].0 { return stops[0].1 }
            if t >= stops[stops.count - 1].0 { return stops[stops.count - 1].1 }
            var i = 0
            while stops[i + 1].0 <= t { i += 1 }
            return lerp(stops[i].1, stops[i + 1].1, (t - stops[i].0) / (stops[i + 1].0 - stops[i].0))
        }
        let c = piecewise(colors.map { ($0.location, $0.color) }) { a, b, w in
            RGBA(r: a.r + (b.r - a.r) * w, g: a.g + (b.g - a.g) * w, b: a.b + (b.b - a.b) * w, a: a.a + (b.a - a.a) * w)
        }
        let o = opacities.isEmpty ? 1 : piecewise(opacities.map { ($0.location, $0.opacity) }) { a, b, w in a + (b - a) * w }
        return c.withOpacity(o)
    }

    @Test func opacityStopsMergeExactly() throws {
        // Interleaved, with a hard colour stop at 0.6 and a hard opacity stop at 0.3, and
        // opacity stops beyond the colour stops' ends.
        let colors = [ColorStop(0.1, RGBA(hex: "#FF0000")!), ColorStop(0.6, RGBA(hex: "#00FF00")!),
                      ColorStop(0.6, RGBA(hex: "#0000FF")!), ColorStop(0.9, RGBA(hex: "#FFFFFF")!)]
        let opacities = [OpacityStop(0, 1), OpacityStop(0.3, 0.2), OpacityStop(0.3, 0.9), OpacityStop(0.75, 0.4),
                         OpacityStop(1, 0)]
        var merged: [GradientStop] = []
        try Gradient.mergeStops(colors: colors, opacities: opacities, into: &merged)
        let gradient = try Gradient(stops: merged)
        for i in 0...1000 {
            let t = Double(i) / 1000
            let got = gradient.color(at: t), want = expected(colors, opacities, at: t)
            #expect(abs(got.r - want.r) < 1e-12 && abs(got.g - want.g) < 1e-12 && abs(got.b - want.b) < 1e-12
                    && abs(got.a - want.a) < 1e-12, "t = \(t): \(got) vs \(want)")
        }
    }

    @Test func seededRandomStopListsMergeExactly() throws {
        // Colour stops opaque (as Lottie writes them), opacity stops anywhere: exact everywhere.
        var rng = SeededGenerator(seed: 0x5EED_0011)
        for _ in 0..<200 {
            func locations(_ n: Int) -> [Double] {
                (0..<n).map { _ in Double(Int.random(in: 0...20, using: &rng)) / 20 }.sorted()
            }
            let colors = locations(Int.random(in: 1...5, using: &rng)).map {
                ColorStop($0, RGBA(r: .random(in: 0...1, using: &rng), g: .random(in: 0...1, using: &rng), b: .random(in: 0...1, using: &rng)))
            }
            let opacities = locations(Int.random(in: 0...5, using: &rng)).map { OpacityStop($0, .random(in: 0...1, using: &rng)) }
            var merged: [GradientStop] = []
            try Gradient.mergeStops(colors: colors, opacities: opacities, into: &merged)
            let gradient = try Gradient(stops: merged)
            for i in 0..<200 {
                // Between stop locations (on the 1/20 grid): where a list jumps, the value exactly
                // at the jump is Raster's convention (the later stop, but the first one at the
                // gradient's first location), a single point that does not show.
                let t = (Double(i) + 0.5) / 200
                let got = gradient.color(at: t), want = expected(colors, opacities, at: t)
                #expect(abs(got.r - want.r) < 1e-9 && abs(got.g - want.g) < 1e-9 && abs(got.b - want.b) < 1e-9
                        && abs(got.a - want.a) < 1e-9, "t = \(t): \(colors) \(opacities)")
            }
        }
    }

    @Test func gradientsWithoutColourStopsAreBlackAtTheirOpacitiesOrTransparent() {
        // Over white, a linear gradient across 0…10 px: with only opacity stops (0 → 1) it is
        // black at the opacity, so pixel x (centre x + 0.5) is 255·(1 − (x + 0.5)/10); with no
        // stops at all it draws nothing.
        func row(_ build: (inout GradientStops) -> Void) -> [UInt8] {
            var list = DisplayList()
            let id = list.addGradient(build)
            list.fill(Path.rectangle(x: 0, y: 0, width: 10, height: 1),
                      paint: .linear(LinearGradient(id, start: Point(0, 0), end: Point(10, 0))))
            let canvas = Canvas(width: 10, height: 1)
            Renderer().render(list, background: .white, transform: .identity, on: canvas)
            return (0..<10).map { canvas[$0, 0].r }
        }
        let fading = row { $0.opacity(0, 0); $0.opacity(1, 1) }
        for x in 0..<10 {
            let want = 255 * (1 - (Double(x) + 0.5) / 10)
            #expect(abs(Double(fading[x]) - want) <= 1.5, "x = \(x): \(fading[x]) vs \(want)")
        }
        #expect(row { _ in } == [UInt8](repeating: 255, count: 10))
    }

    @Test func gradientLocationsAreSanitisedWhereStored() {
        var list = DisplayList()
        let id = list.addGradient { g in
            g.color(-0.5, .white)
            g.color(0.7, .black)
            g.color(0.4, .white)      // decreasing: raised to 0.7
            g.color(.nan, .black)     // NaN: 0, then raised to 0.7
            g.opacity(2, 3)           // clamped to (1, 1)
        }
        let (colors, opacities) = list.stops(id)
        #expect(colors.map(\.location) == [0, 0.7, 0.7, 0.7])
        #expect(opacities == [OpacityStop(1, 1)])
    }

    @Test func aStaticGradientIsResolvedOncePerShape() {
        // Frame after frame the same stops: the slot keeps its Gradient (no new stop array).
        let renderer = Renderer()
        let canvas = Canvas(width: 32, height: 32)
        var list = DisplayList()
        var first: [GradientStop]?
        for frame in 0..<4 {
            list.reset()
            let stops = list.addGradient(threeColours)
            list.fill(disc, paint: .linear(LinearGradient(stops, start: .zero, end: Point(Double(20 + frame), 30))))
            renderer.render(list, background: .black, transform: .identity, on: canvas)
            let kept = renderer.gradientSlots[0].gradient!.stops
            if let first { #expect(kept.withUnsafeBufferPointer { $0.baseAddress } == first.withUnsafeBufferPointer { $0.baseAddress }) }
            first = first ?? kept
        }
    }
}
