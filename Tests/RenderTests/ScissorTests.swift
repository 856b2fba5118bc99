// A clip that is a pixel-aligned device rectangle is a scissor (no layer): exactly the unclipped
// pixels inside the box, the background outside; a rotated rectangle takes the off-screen clip
// (fractional rectangles: FractionalClipTests.swift).
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct ScissorTests {
    /// Two overlapping translucent discs (and a dashed stroke) in a group clipped by `clip`.
    func clipped(_ clip: Path?, opacity: Double = 1, transform: Transform = .scale(2, 2)) -> DisplayList {
        var list = DisplayList()
        let clipID = clip.map { list.addPath($0) }
        list.group(Group(transform: .translation(1, 0), opacity: opacity, clip: clipID.map { Clip($0) })) { list in
            list.fill(paint: .solid(blue, opacity: 0.7)) { $0.addCircle(center: Point(12, 16), radius: 9) }
            list.fill(paint: .solid(red, opacity: 0.6)) { $0.addCircle(center: Point(20, 16), radius: 9) }
            list.stroke(Path.circle(center: Point(16, 16), radius: 13), style: StrokeStyle(lineWidth: 2, dash: [5, 3]),
                        paint: .solid(.black))
        }
        return list
    }

    func render(_ list: DisplayList, transform: Transform = .scale(2, 2)) -> (Canvas, Renderer) {
        let canvas = Canvas(width: 64, height: 64)
        let renderer = Renderer()
        renderer.render(list, background: .white, transform: transform, on: canvas)
        return (canvas, renderer)
    }

    @Test(arguments: [1.0, 0.6]) func alignedRectanglesCutTheSpans(_ opacity: Double) {
        // x ∈ [3.5, 21.5) pt + 1 → [9, 45) px at scale 2; y ∈ [4, 25.5) pt → [8, 51) px.
        let box = Path.rectangle(x: 3.5, y: 4, width: 18, height: 21.5)
        let (canvas, renderer) = render(clipped(box, opacity: opacity))
        let (whole, _) = render(clipped(nil, opacity: opacity))
        for y in 0..<64 {
            for x in 0..<64 {
                let inside = (9..<45).contains(x) && (8..<51).contains(y)
                #expect(canvas[x, y] == (inside ? whole[x, y] : PremultipliedRGBA8(.white)), "(\(x), \(y))")
            }
        }
        // Opacity over overlapping discs takes a layer either way; the clip itself takes none.
        #expect(renderer.layers.pooled == (opacity < 1 ? 1 : 0))
    }

    @Test func fractionalRectanglesTakeNoLayerRotatedOnesDo() {
        let box = Path.rectangle(x: 3.3, y: 4, width: 18, height: 21.5)
        #expect(render(clipped(box), transform: .scale(2, 2)).1.layers.pooled == 0)
        #expect(render(clipped(box), transform: Transform.rotation(radians: 0.01).concatenating(.scale(2, 2))).1.layers.pooled == 1)
    }

    @Test func nestedScissorsIntersect() {
        var list = DisplayList()
        let a = list.addPath(Path.rectangle(x: 0, y: 0, width: 40, height: 40))
        let b = list.addPath(Path.rectangle(x: 20, y: 10, width: 40, height: 20))
        list.group(Group(clip: Clip(a))) { list in
            list.group(Group(clip: Clip(b))) { list in
                list.fill(Path.rectangle(x: -10, y: -10, width: 100, height: 100), paint: .solid(red))
            }
        }
        let (canvas, renderer) = render(list, transform: .identity)
        #expect(renderer.layers.pooled == 0)
        for y in 0..<64 {
            for x in 0..<64 {
                let inside = (20..<40).contains(x) && (10..<30).contains(y)
                #expect(canvas[x, y] == PremultipliedRGBA8(inside ? red : .white), "(\(x), \(y))")
            }
        }
    }

    @Test func recordedFillsReplayThroughTheScissor() {
        // A still shape under a moving aligned scissor: recorded from frame 2 on, the same bytes
        // as rasterizing it every frame.
        let fast = Renderer(), plain = Renderer()
        plain.shortcuts = []
        let a = Canvas(width: 64, height: 64), b = Canvas(width: 64, height: 64)
        var list = DisplayList()
        for frame in 0..<6 {
            list.reset()
            let box = list.addPath(Path.rectangle(x: Double(frame * 4), y: 8, width: 30, height: 40))
            list.group(Group(clip: Clip(box))) { list in
                list.fill(Path.circle(center: Point(30, 30), radius: 22), paint: .solid(blue, opacity: 0.8))
            }
            fast.render(list, background: .white, transform: .identity, on: a)
            plain.render(list, background: .white, transform: .identity, on: b)
            #expect(bytes(a) == bytes(b), "frame \(frame)")
        }
    }
}
