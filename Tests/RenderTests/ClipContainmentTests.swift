// A fractional rectangle clip that holds every shape of its group inside its whole pixels
// changes no pixel and takes no layer (Renderer+ClipContainment.swift); one a shape reaches
// past, or whose partly covered edge pixels a shape touches, still clips off-screen.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct ClipContainmentTests {
    /// Two translucent discs and a dashed stroked circle (r = 10, 1 pt of stroke reach with round
    /// joins) around (16, 16), moved 1 pt right, in a group clipped by `clip`.
    func clipped(_ clip: Path?) -> DisplayList {
        var list = DisplayList()
        let clipID = clip.map { list.addPath($0) }
        list.group(Group(transform: .translation(1, 0), clip: clipID.map { Clip($0) })) { list in
            list.fill(paint: .solid(blue, opacity: 0.7)) { $0.addCircle(center: Point(14, 16), radius: 6) }
            list.fill(paint: .solid(red, opacity: 0.6)) { $0.addCircle(center: Point(18, 16), radius: 6) }
            list.stroke(Path.circle(center: Point(16, 16), radius: 10), style: StrokeStyle(lineWidth: 2, join: .round, dash: [5, 3]),
                        paint: .solid(.black))
        }
        return list
    }

    func render(_ list: DisplayList) -> (Canvas, Renderer) {
        let canvas = Canvas(width: 64, height: 64)
        let renderer = Renderer()
        renderer.render(list, background: .white, transform: .scale(2, 2), on: canvas)
        return (canvas, renderer)
    }

    @Test func aFractionalRectangleAroundTheGroupIsDroppedWithoutALayer() {
        // Shapes: x ∈ [6, 28] pt → [12, 56] px, y ∈ [5, 27] pt → [10, 54] px, 1 px of AA more each side.
        // Clip: x ∈ [4.3, 31.3] pt → [8.6, 62.6] px (whole pixels 9 ..< 62), y ∈ [3.7, 29.45] pt → [7.4, 58.9] px (8 ..< 58).
        let box = Path.rectangle(x: 3.3, y: 3.7, width: 27, height: 25.75)
        let (canvas, renderer) = render(clipped(box))
        let (whole, _) = render(clipped(nil))
        #expect(renderer.layers.pooled == 0)
        var painted = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let a = canvas[x, y], b = whole[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                #expect(d <= 1, "(\(x), \(y)): \(a) vs \(b)")
                if b != PremultipliedRGBA8(.white) { painted += 1 }
            }
        }
        #expect(painted > 500)   // the group really drew inside the clip
    }

    @Test func aShapeOnAPartlyCoveredEdgePixelKeepsTheLayer() {
        // The stroke's bounds reach x = 57 px (56 + 1 of AA); the clip's right edge at 56.6 px leaves
        // pixel 56 partly covered: the clip may matter there.
        let box = Path.rectangle(x: 3.3, y: 3.7, width: 24.0, height: 25.75)   // x ∈ [4.3, 28.3] pt → [8.6, 56.6] px
        let (_, renderer) = render(clipped(box))
        #expect(renderer.layers.pooled == 1)
    }
}
