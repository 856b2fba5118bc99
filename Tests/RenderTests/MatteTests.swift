// Mattes drawn by the renderer (Renderer+Mattes.swift): the source is never shown, the group is
// multiplied by its matte value (alpha, 1 − alpha, Rec.709 luma of the premultiplied source,
// 1 − luma), the source's layer goes back to the pool, and mattes nest with masks.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct MatteTests {
    /// A group matted by a half-transparent grey square over the left half.
    func matted(_ mode: MatteMode) -> DisplayList {
        var list = DisplayList()
        list.beginGroup(Group(matte: mode))
        list.beginMatte()
        list.fill(.rectangle(x: 0, y: 0, width: 32, height: 64), paint: .solid(RGBA(r: 0.6, g: 0.6, b: 0.6, a: 0.5)))
        list.endMatte()
        list.fill(.rectangle(x: 0, y: 0, width: 64, height: 64), paint: .solid(.black))
        list.endGroup()
        return list
    }

    @Test(arguments: MatteMode.allCases)
    func theGroupShowsThroughItsMatteValue(_ mode: MatteMode) {
        // Source pixel: α = 0.5, premultiplied grey 0.3 → luma 0.3. Black content over white: out = 255·(1 − m).
        let inside: Double = [MatteMode.alpha: 0.5, .invertedAlpha: 0.5, .luma: 0.3, .invertedLuma: 0.7][mode]!
        let outside: Double = [MatteMode.alpha: 0, .invertedAlpha: 1, .luma: 0, .invertedLuma: 1][mode]!
        for shortcuts in [Renderer.Shortcuts.all, []] {
            let (canvas, report) = rendered(matted(mode), shortcuts: shortcuts)
            #expect(report.isFaithful)
            #expect(abs(Double(canvas[10, 10].r) - 255 * (1 - inside)) <= 1.5, "\(mode): \(canvas[10, 10])")
            #expect(abs(Double(canvas[50, 10].r) - 255 * (1 - outside)) <= 0.5, "\(mode): \(canvas[50, 10])")
        }
    }

    @Test func theSourceIsNotDrawnAndItsLayerIsReturned() {
        var list = DisplayList()
        list.beginGroup(Group(matte: .alpha))
        list.beginMatte()
        list.fill(.rectangle(x: 0, y: 0, width: 64, height: 64), paint: .solid(blue))
        list.endMatte()
        list.fill(.circle(center: Point(32, 32), radius: 20), paint: .solid(red))
        list.endGroup()
        let renderer = Renderer()
        let canvas = Canvas(width: 64, height: 64)
        for _ in 0..<3 { renderer.render(list, background: .white, transform: .identity, on: canvas) }
        let want = direct { r, c in r.fill(.circle(center: Point(32, 32), radius: 20), paint: SolidPaint(color: red), on: c) }
        #expect(bytes(canvas) == bytes(want))
        #expect(renderer.layers.inUse == 0 && renderer.layers.pooled == 2)
    }
}
