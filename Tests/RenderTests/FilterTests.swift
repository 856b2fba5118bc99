// The filter stage of groups (Model/Filters.swift, Renderer+Filters.swift): drop shadow offset,
// colour and sub-pixel shift, blur falloff and conservation, tritone mapping, damage.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct FilterTests {
    /// A red 10×10 square at (10, 10) in a group with `filters`, over white.
    func square(_ filters: [Filter], transform: Transform = .identity) -> DisplayList {
        var list = DisplayList()
        list.beginGroup(Group(transform: transform))
        for f in filters { list.addFilter(f) }
        list.fill(.rectangle(x: 10, y: 10, width: 10, height: 10), paint: .solid(red))
        list.endGroup()
        return list
    }

    @Test func dropShadowLiesAtItsOffsetInItsColourUnderTheLayer() {
        let shadow = DropShadow(color: blue, opacity: 0.5, offset: Point(6, 4), sigma: 0)
        for shortcuts in [Renderer.Shortcuts.all, []] {
            let (canvas, report) = rendered(square([.dropShadow(shadow)]), shortcuts: shortcuts)
            #expect(report.isFaithful)
            // Shadow alone at (22, 20): blue at ½ (α 128) over white, channel ≈ 255·(½ + ½·c)
            // (±1: the premultiplied 8-bit shadow colour).
            let p = canvas[22, 20]
            #expect(abs(Int(p.r) - Int((255 * (0.5 + 0.5 * blue.r)).rounded())) <= 1)
            #expect(abs(Int(p.g) - Int((255 * (0.5 + 0.5 * blue.g)).rounded())) <= 1)
            #expect(abs(Int(p.b) - Int((255 * (0.5 + 0.5 * blue.b)).rounded())) <= 1)
            // The opaque layer hides its shadow; outside both, white.
            #expect(canvas[15, 15] == PremultipliedRGBA8(red) && canvas[18, 18] == PremultipliedRGBA8(red))
            #expect(canvas[12, 22] == PremultipliedRGBA8(.white) && canvas[25, 12] == PremultipliedRGBA8(.white))
            // Its edges: columns 16..<26, rows 14..<24.
            #expect(canvas[25, 23] == p && canvas[26, 23] == PremultipliedRGBA8(.white) && canvas[25, 24] == PremultipliedRGBA8(.white))
        }
    }

    @Test func shadowOffsetTurnsAndScalesWithTheGroup() {
        // Offset (3, 0) in a group rotated 90° and scaled 2: (0, 6) on the device.
        let t = Transform.scale(2, 2).concatenating(.rotation(radians: .pi / 2)).concatenating(.translation(60, 0))
        let shadow = DropShadow(color: .black, opacity: 1, offset: Point(3, 0), sigma: 0)
        let (canvas, _) = rendered(square([.dropShadow(shadow)], transform: t))
        // The square lands on x 20..<40 mirrored: device x = 60 − 2y, y = 2x → x 20..<40, y 20..<40.
        #expect(canvas[30, 30] == PremultipliedRGBA8(red))
        #expect(canvas[30, 44] == PremultipliedRGBA8(.black) && canvas[30, 46] == PremultipliedRGBA8(.white))
        #expect(canvas[42, 30] == PremultipliedRGBA8(.white) && canvas[30, 18] == PremultipliedRGBA8(.white))
    }

    @Test func halfPixelShadowOffsetGivesHalfCoverageAtTheEdge() {
        let shadow = DropShadow(color: .black, opacity: 1, offset: Point(0.5, 0), sigma: 0, shadowOnly: true)
        let (canvas, _) = rendered(square([.dropShadow(shadow)]))
        // Shadow only: columns 10 and 20 half covered (½ of black over white: 127 or 128), 11..<20 full.
        #expect(abs(Int(canvas[10, 15].r) - 128) <= 1 && abs(Int(canvas[20, 15].r) - 128) <= 1)
        #expect(canvas[15, 15] == PremultipliedRGBA8(.black) && canvas[21, 15] == PremultipliedRGBA8(.white))
    }

    @Test func softShadowOutsideTheShapeIsDrawnAndClearedWithDamage() {
        // Frame 1 a soft shadow far from the shape, frame 2 none: with the damage shortcut the
        // second frame must equal a plain render (the shadow's pixels were noted and cleared).
        let shadow = DropShadow(color: .black, opacity: 1, offset: Point(30, 30), sigma: 3)
        let canvas = Canvas(width: 64, height: 64), plain = Canvas(width: 64, height: 64)
        let renderer = Renderer(), reference = Renderer()
        reference.shortcuts = []
        for filters in [[Filter.dropShadow(shadow)], []] {
            renderer.render(square(filters), background: .white, transform: .identity, on: canvas)
            reference.render(square(filters), background: .white, transform: .identity, on: plain)
            #expect(maximumDifference(canvas, plain) == 0)
            if !filters.isEmpty {
                // The blurred 10 × 10 shadow at (40–50)²: its centre covered erf(5/(3√2))² ≈ 0.82,
                // its edge about half that.
                #expect(canvas[45, 45].r < 70, "the shadow's centre is drawn, \(canvas[45, 45])")
                #expect(canvas[40, 45].r > 100 && canvas[40, 45].r < 180, "its soft edge, \(canvas[40, 45])")
            }
        }
        #expect(canvas[45, 45] == PremultipliedRGBA8(.white))
    }

    @Test func blurFallsOffSymmetricallyAndConservesCoverage() {
        // A white 12×12 square centred at (32, 32) on transparent, σ = 3: the alpha is symmetric
        // about x = 31.5 and its sum equals the square's 144·255 (three box passes keep sums up to rounding).
        var list = DisplayList()
        list.beginGroup(Group())
        list.addFilter(.blur(sigma: 3))
        list.fill(.rectangle(x: 26, y: 26, width: 12, height: 12), paint: .solid(.white))
        list.endGroup()
        for shortcuts in [Renderer.Shortcuts.all, []] {
            let (canvas, _) = rendered(list, background: RGBA(r: 0, g: 0, b: 0, a: 0), shortcuts: shortcuts)
            var total = 0
            for y in 0..<64 { for x in 0..<64 { total += Int(canvas[x, y].a) } }
            #expect(abs(total - 144 * 255) <= 144 * 255 / 100, "sum \(total) vs \(144 * 255)")
            for k in 0..<20 {
                #expect(abs(Int(canvas[31 - k, 32].a) - Int(canvas[32 + k, 32].a)) <= 1, "column \(k)")
            }
            #expect(canvas[32, 32].a > 200 && canvas[26, 32].a < 160 && canvas[26, 32].a > 100 && canvas[16, 32].a == 0)
        }
    }

    @Test func blurInAScaledGroupEqualsTheScaledSigma() {
        func list(_ sigma: Double, _ t: Transform) -> DisplayList {
            var l = DisplayList()
            l.beginGroup(Group(transform: t))
            l.addFilter(.blur(sigma: sigma))
            l.fill(.rectangle(x: 20 / t.a, y: 20 / t.a, width: 24 / t.a, height: 24 / t.a), paint: .solid(red))
            l.endGroup()
            return l
        }
        let (a, _) = rendered(list(2, .scale(2, 2)))
        let (b, _) = rendered(list(4, .identity))
        #expect(maximumDifference(a, b) == 0)
    }

    @Test func horizontalBlurLeavesColumnsSharp() {
        var list = DisplayList()
        list.beginGroup(Group())
        list.addFilter(.blur(sigma: 3, axes: .horizontal))
        list.fill(.rectangle(x: 20, y: 20, width: 24, height: 24), paint: .solid(.black))
        list.endGroup()
        let (canvas, _) = rendered(list)
        #expect(canvas[32, 19] == PremultipliedRGBA8(.white) && canvas[32, 20] == PremultipliedRGBA8(.black))
        #expect(canvas[20, 32].r > 60 && canvas[19, 32].r < 200)
    }

    @Test func tritoneMapsBlackGreyAndWhiteToShadowsMidtonesAndHighlights() {
        let colors = TritoneColors(highlights: RGBA(r: 1, g: 0.8, b: 0.2), midtones: RGBA(r: 0.2, g: 0.6, b: 0.4),
                                   shadows: RGBA(r: 0.1, g: 0, b: 0.5))
        var list = DisplayList()
        list.beginGroup(Group())
        list.addFilter(.tritone(colors))
        list.fill(.rectangle(x: 0, y: 0, width: 8, height: 8), paint: .solid(.black))
        // sRGB 188/255 is ~0.5 in linear light: lottie-web's grey, at Y = 188/255 = 0.737 → 0.47 past midtones.
        list.fill(.rectangle(x: 8, y: 0, width: 8, height: 8), paint: .solid(RGBA(r: 0.5, g: 0.5, b: 0.5)))
        list.fill(.rectangle(x: 16, y: 0, width: 8, height: 8), paint: .solid(.white))
        list.endGroup()
        let (canvas, _) = rendered(list, width: 24, height: 8)
        func expectPixel(_ x: Int, _ c: RGBA) {
            let p = canvas[x, 4]
            #expect(abs(Int(p.r) - Int((c.r * 255).rounded())) <= 1 && abs(Int(p.g) - Int((c.g * 255).rounded())) <= 1
                    && abs(Int(p.b) - Int((c.b * 255).rounded())) <= 1 && p.a == 255, "pixel \(x): \(p) vs \(c)")
        }
        expectPixel(4, colors.shadows)
        expectPixel(20, colors.highlights)
        // Grey 128 = 0.502 (an sRGB grey maps to itself: the mean of three equal linear values):
        // Y = 128/255, T = M + (H − M)(2Y − 1).
        let y = 128.0 / 255, m = colors.midtones, h = colors.highlights
        expectPixel(12, RGBA(r: m.r + (h.r - m.r) * (2 * y - 1), g: m.g + (h.g - m.g) * (2 * y - 1),
                             b: m.b + (h.b - m.b) * (2 * y - 1)))
    }

    @Test func addFilterSanitisesNumbers() {
        var list = DisplayList()
        list.beginGroup(Group())
        list.addFilter(.dropShadow(DropShadow(color: .black, opacity: .nan, offset: Point(.infinity, 0), sigma: -.infinity)))
        list.addFilter(.blur(sigma: .nan))
        list.fill(.rectangle(x: 10, y: 10, width: 10, height: 10), paint: .solid(red))
        list.endGroup()
        #expect(list.filters(ofGroup: 0) == [.dropShadow(DropShadow(color: .black, opacity: 0, offset: .zero, sigma: 0)),
                                             .blur(sigma: 0)])
        let (canvas, _) = rendered(list)
        #expect(canvas[15, 15] == PremultipliedRGBA8(red) && canvas[25, 25] == PremultipliedRGBA8(.white))
    }
}

@Suite struct ShadowSpreadTests {
    @Test func spreadRaisesPartialShadowCoverage() {
        // A half-pixel offset leaves column 20 half covered (≈128); spread ½ doubles it to full.
        for (spread, expected) in [(0.0, 128), (0.5, 255)] {
            var list = DisplayList()
            list.beginGroup(Group())
            list.addFilter(.dropShadow(DropShadow(color: .black, opacity: 1, offset: Point(0.5, 0), sigma: 0, shadowOnly: true,
                                                  spread: spread)))
            list.fill(.rectangle(x: 10, y: 10, width: 10, height: 10), paint: .solid(red))
            list.endGroup()
            let (canvas, _) = rendered(list, background: RGBA(r: 0, g: 0, b: 0, a: 0))
            #expect(abs(Int(canvas[20, 15].a) - expected) <= 1, "spread \(spread): \(canvas[20, 15])")
        }
    }
}
