// A rectangle clip with fractional device edges (a Lottie composition letterboxed at a sub-pixel
// offset, a precomp clipped to its w×h) gives each edge pixel its exact area coverage, with and
// without the renderer's shortcuts, in place and through a layer (Renderer+Scissor.swift).
//
// The clip x ∈ [10.25, 20.5), y ∈ [2, 6.75) over a black fill on white, by hand (k8 = round(255·area),
// black over white at coverage k leaves 255 − k):
//     column 10: 0.75 → 191 → 64      column 20: 0.5 → 128 → 127      row 6: 0.75 → 191 → 64
//     corner (10, 6): 0.5625 → 143 → 112     corner (20, 6): 0.375 → 96 → 159
//     inside 0, outside (columns 9 and 21, rows 1 and 7) 255.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct FractionalClipTests {
    let clipBox = Path.rectangle(x: 10.25, y: 2, width: 10.25, height: 4.75)
    let everything = Path.rectangle(x: -4, y: -4, width: 40, height: 16)
    let handWorked: [(x: Int, y: Int, value: UInt8)] = [
        (10, 3, 64), (20, 3, 127), (15, 6, 64), (10, 6, 112), (20, 6, 159), (15, 2, 0), (15, 4, 0), (11, 5, 0),
        (9, 3, 255), (21, 3, 255), (15, 7, 255), (15, 1, 255), (10, 1, 255), (10, 7, 255),
    ]

    func render(_ list: DisplayList, shortcuts: Renderer.Shortcuts, width: Int = 32, height: Int = 8) -> (Canvas, Renderer) {
        let canvas = Canvas(width: width, height: height)
        let renderer = Renderer()
        renderer.shortcuts = shortcuts
        // Twice: the second frame runs on the damage and recordings of the first.
        renderer.render(list, background: .white, transform: .identity, on: canvas)
        renderer.render(list, background: .white, transform: .identity, on: canvas)
        return (canvas, renderer)
    }

    @Test(arguments: [Renderer.Shortcuts.all, []]) func edgePixelsHaveTheirAreaCoverage(_ shortcuts: Renderer.Shortcuts) {
        var list = DisplayList()
        let clip = list.addPath(clipBox)
        list.group(Group(clip: Clip(clip))) { list in list.fill(everything, paint: .solid(.black)) }
        let (canvas, renderer) = render(list, shortcuts: shortcuts)
        #expect(renderer.layers.pooled == 0)
        for p in handWorked {
            #expect(canvas[p.x, p.y] == PremultipliedRGBA8(r: p.value, g: p.value, b: p.value, a: 255), "(\(p.x), \(p.y))")
        }
    }

    @Test(arguments: [Renderer.Shortcuts.all, []]) func nestedFractionalRectanglesIntersect(_ shortcuts: Renderer.Shortcuts) {
        // [0, 20.5) × [2, 12) inside [10.25, 40) × [−3, 6.75): the same rectangle as above.
        var list = DisplayList()
        let a = list.addPath(Path.rectangle(x: 0, y: 2, width: 20.5, height: 10))
        let b = list.addPath(Path.rectangle(x: 10.25, y: -3, width: 29.75, height: 9.75))
        list.group(Group(clip: Clip(a))) { list in
            list.group(Group(clip: Clip(b))) { list in list.fill(everything, paint: .solid(.black)) }
        }
        let (canvas, _) = render(list, shortcuts: shortcuts)
        for p in handWorked {
            #expect(canvas[p.x, p.y] == PremultipliedRGBA8(r: p.value, g: p.value, b: p.value, a: 255), "(\(p.x), \(p.y))")
        }
    }

    @Test(arguments: [Renderer.Shortcuts.all, []]) func aLayerIsMultipliedByTheCoverageOnce(_ shortcuts: Renderer.Shortcuts) {
        // Opacity 0.5 over one black fill (folded into the paint) and over two overlapping ones
        // (a layer, the edge coverage applied to it at the end): column 10 is
        // 255·(1 − 0.5·0.75) = 159.4 both ways, row 6 the same, the inside 127.5.
        for count in [1, 2] {
            var list = DisplayList()
            let clip = list.addPath(clipBox)
            list.group(Group(opacity: 0.5, clip: Clip(clip))) { list in
                for _ in 0..<count { list.fill(everything, paint: .solid(.black)) }
            }
            let (canvas, renderer) = render(list, shortcuts: shortcuts)
            #expect(renderer.layers.pooled == count - 1)
            for (x, y, want) in [(10, 3, 159.4), (15, 6, 159.4), (15, 4, 127.5), (9, 3, 255), (15, 7, 255)] {
                #expect(abs(Double(canvas[x, y].r) - want) <= 1.5, "\(count) fills, (\(x), \(y)): \(canvas[x, y])")
            }
        }
    }

    @Test func oneShapeMatchesTheLayerThroughTheRectanglesCoverage() {
        // A translucent disc clipped in place equals, within ±2, the disc drawn off-screen and
        // composited through the rasterized clip rectangle (the layer definition of a clip): the
        // layer rounds the disc's premultiplied pixel and then its composite at coverage k, the
        // clip in place rounds c·k and then the composite — two 8-bit roundings either way.
        let disc = Path.circle(center: Point(30, 22), radius: 19)
        let box = Path.rectangle(x: 12.3, y: 7.6, width: 31.45, height: 25.2)
        var list = DisplayList()
        let clip = list.addPath(box)
        list.group(Group(clip: Clip(clip))) { list in list.fill(disc, paint: .solid(blue, opacity: 0.8)) }
        for shortcuts in [Renderer.Shortcuts.all, []] {
            let (canvas, _) = render(list, shortcuts: shortcuts, width: 64, height: 48)
            let want = direct(width: 64, height: 48) { r, c in
                let layer = Canvas(width: 64, height: 48)
                layer.clear(to: .clear)
                r.fill(disc, paint: SolidPaint(color: blue, opacity: 0.8), on: layer)
                r.fill(box, paint: CanvasPaint(layer), on: c)
            }
            #expect(maximumDifference(canvas, want) <= 2)
        }
    }

    @Test func movingClipsGiveTheSameBytesWithAndWithoutShortcuts() {
        // A clip sliding by a third of a pixel per frame over a group that takes a layer (two
        // overlapping translucent discs at opacity 0.7, one with a luma matte inside) and a
        // folded one: every frame the same bytes with every shortcut and with none.
        let fast = Renderer(), plain = Renderer()
        plain.shortcuts = []
        let a = Canvas(width: 64, height: 48), b = Canvas(width: 64, height: 48)
        var list = DisplayList()
        for frame in 0..<8 {
            list.reset()
            let dx = Double(frame) / 3
            let outer = list.addPath(Path.rectangle(x: 3.4 + dx, y: 2.7, width: 50.5, height: 40.1))
            let inner = list.addPath(Path.rectangle(x: 20.6 - dx, y: 10.2, width: 30.3, height: 20.45))
            list.group(Group(clip: Clip(outer))) { list in
                list.fill(Path.rectangle(x: 0, y: 0, width: 64, height: 48), paint: .solid(RGBA(r: 0.2, g: 0.6, b: 0.3)))
                list.group(Group(opacity: 0.7, clip: Clip(inner))) { list in
                    list.fill(Path.circle(center: Point(26, 20), radius: 14), paint: .solid(blue, opacity: 0.8))
                    list.fill(Path.circle(center: Point(38, 24), radius: 14), paint: .solid(red, opacity: 0.9))
                    list.beginGroup(Group(matte: .luma))
                    list.beginMatte()
                    list.fill(Path.rectangle(x: 30, y: 0, width: 34, height: 48), paint: .solid(.white))
                    list.endMatte()
                    list.fill(Path.circle(center: Point(44, 30), radius: 10), paint: .solid(.black))
                    list.endGroup()
                }
            }
            fast.render(list, background: .white, transform: .identity, on: a)
            plain.render(list, background: .white, transform: .identity, on: b)
            #expect(bytes(a) == bytes(b), "frame \(frame)")
        }
    }
}
