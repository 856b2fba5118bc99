// The frame's paint budget (Renderer+PaintBudget.swift, issue 28): the pixels a frame's fills,
// strokes and off-screen layers write are counted — each span's length, each layer's drawn box —
// and past `paintedFramesCap` × the canvas's area the rest of the frame is not drawn and the
// report names the source's mark of the shape that passed it. 64 × 64 canvas (4 096 pixels), a
// full-canvas square writes 4 096.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct PaintBudgetTests {
    let square = Path.rectangle(x: 0, y: 0, width: 64, height: 64)
    let translucent = [RGBA(r: 0.9, g: 0.1, b: 0.2, a: 0.3), RGBA(r: 0.1, g: 0.3, b: 0.95, a: 0.3)]

    /// Two marked runs of three full-canvas squares each (translucent: each one shows).
    func list() -> DisplayList {
        var list = DisplayList()
        for (k, name) in ["layers[1] \"under\"", "layers[0] \"over\""].enumerated() {
            list.markSource(name)
            for _ in 0..<3 { list.fill(square, paint: .solid(translucent[k])) }
        }
        return list
    }

    func render(_ list: DisplayList, cap: Int) -> (Canvas, RenderReport, Int) {
        let canvas = Canvas(width: 64, height: 64)
        let renderer = Renderer()
        renderer.paintedFramesCap = cap
        let report = renderer.render(list, background: .white, transform: .identity, on: canvas)
        return (canvas, report, renderer.rasterizer.compositedPixels)
    }

    @Test func theFrameStopsAtTheShapeThatPassesTheCapAndNamesItsSource() {
        // Cap 4 frames = 16 384 pixels: the fifth square makes 20 480 > 16 384 and is the last drawn.
        let (canvas, report, painted) = render(list(), cap: 4)
        #expect(painted == 5 * 4096)
        #expect(report.paintOverflow == RenderReport.PaintOverflow(pixels: 5 * 4096, cap: 4, source: "layers[0] \"over\""))
        #expect(!report.isFaithful)
        #expect(report.messages == ["shapes not drawn: layers[0] \"over\": the frame's fills, strokes and off-screen layers wrote 20480 pixels, more than 4 times the frame's area (the cap on one frame's paint); the rest of the frame was not drawn"],
                "\(report.messages)")
        // Exactly the first five squares, as Raster draws them.
        let want = direct { r, c in
            for k in 0..<5 { r.fill(square, paint: SolidPaint(color: translucent[k / 3]), on: c) }
        }
        #expect(bytes(canvas) == bytes(want))
    }

    @Test func aFrameInsideTheCapIsDrawnWhole() {
        // Cap 6 frames: all six squares (24 576 pixels, not more than the cap) drawn.
        let (canvas, report, painted) = render(list(), cap: 6)
        #expect(painted == 6 * 4096 && report.isFaithful)
        let want = direct { r, c in
            for k in 0..<6 { r.fill(square, paint: SolidPaint(color: translucent[k / 3]), on: c) }
        }
        #expect(bytes(canvas) == bytes(want))
    }

    @Test func spansCountTheirPixelsAndLayersTheirBox() {
        // A disc of radius 10 at (32, 32): its spans cover at least the disc's area (314) and at
        // most its rows (x 22–42, y 22–42) widened to the rasterizer's 8-pixel groups (x 16–48):
        // 22 × 32 = 704. Not the canvas (4 096): spans, not boxes or rows, are counted.
        var disc = DisplayList()
        disc.fill(Path.circle(center: Point(32, 32), radius: 10), paint: .solid(translucent[0]))
        let (_, _, discPixels) = render(disc, cap: 10)
        #expect(discPixels > 314 && discPixels <= 704, "\(discPixels)")
        // Two overlapping 64 × 32 rectangles (rows 0–32 and 16–48) in a group at 50 % opacity go
        // off-screen: 2 × 2 048 for the fills, then the layer's drawn box (rows 0–48) composited.
        var group = DisplayList()
        group.beginGroup(Group(opacity: 0.5))
        group.fill(Path.rectangle(x: 0, y: 0, width: 64, height: 32), paint: .solid(red))
        group.fill(Path.rectangle(x: 0, y: 16, width: 64, height: 32), paint: .solid(blue))
        group.endGroup()
        let (_, report, groupPixels) = render(group, cap: 10)
        #expect(report.isFaithful)
        #expect(groupPixels == 2 * 2048 + 64 * 48, "\(groupPixels)")
    }

    @Test func theScanCapCountsEdgeRowsAndSkipsTheShapeThatWouldPassIt() {
        // 32 × 64 rectangles at x = 0, 1, 2, …: two full-height edges each, 2 × 64 = 128 edge rows
        // (horizontal edges cross no row); distinct paths, so no recorded coverage is reused.
        // Cap 5 edges per row × 64 rows = 320: the third (384 rows) passes it and is not scanned.
        var list = DisplayList()
        list.markSource("layers[0] \"bars\"")
        for k in 0..<4 { list.fill(Path.rectangle(x: Double(k), y: 0, width: 32, height: 64), paint: .solid(translucent[k % 2])) }
        let canvas = Canvas(width: 64, height: 64)
        let renderer = Renderer()
        renderer.edgesPerRowCap = 5
        let report = renderer.render(list, background: .white, transform: .identity, on: canvas)
        #expect(renderer.rasterizer.scannedEdgeRows == 3 * 128)
        #expect(report.paintOverflow == RenderReport.PaintOverflow(pixels: 384, cap: 5, source: "layers[0] \"bars\"", measure: .edgeRows))
        #expect(report.messages == ["shapes not drawn: layers[0] \"bars\": the frame's fills, strokes and masks scanned 384 edge rows, more than 5 edges crossing each pixel row on average (the cap on one frame's scan); the rest of the frame was not drawn"],
                "\(report.messages)")
        // Exactly the first two rectangles: the one that passed the cap was counted, not drawn.
        let want = direct { r, c in
            for k in 0..<2 { r.fill(Path.rectangle(x: Double(k), y: 0, width: 32, height: 64), paint: SolidPaint(color: translucent[k % 2]), on: c) }
        }
        #expect(bytes(canvas) == bytes(want))
        // With the default cap (131 072 per row) the four are drawn and nothing is reported.
        let whole = Renderer().render(list, background: .white, transform: .identity, on: Canvas(width: 64, height: 64))
        #expect(whole.isFaithful)
    }
}
