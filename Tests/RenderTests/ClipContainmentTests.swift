// A fractional rectangle clip that holds every shape of its group inside its whole pixels
// changes no pixel and takes no layer (Renderer+ClipContainment.swift); one whose partly covered
// edge pixels a shape touches cuts it there by the edge coverage, still without a layer.
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

    @Test func aShapeOnAPartlyCoveredEdgePixelIsCutByTheClipsEdgeCoverage() {
        // The stroke's ink reaches x = 56 px (centre 17 pt + radius 10 + half its width, × 2); the
        // clip's right edge at 55.6 px leaves pixel 55 60 % covered: the clip matters there. An
        // axis-aligned rectangle needs no layer either way (Renderer+Scissor.swift multiplies the
        // shapes' spans by its edge coverage).
        let box = Path.rectangle(x: 3.3, y: 3.7, width: 23.5, height: 25.75)   // x ∈ [4.3, 27.8] pt → [8.6, 55.6] px
        let (canvas, renderer) = render(clipped(box))
        let (whole, _) = render(clipped(nil))
        #expect(renderer.layers.pooled == 0)
        var cut = 0
        for y in 0..<64 {
            for x in 56..<64 { #expect(canvas[x, y] == PremultipliedRGBA8(.white), "(\(x), \(y)) outside the clip") }
            // Column 55: 60 % of the unclipped ink over white, within 8-bit rounding.
            let a = canvas[55, y], b = whole[55, y]
            for (got, full) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] {
                let want = 255 - 0.6 * (255 - Double(full))
                #expect(abs(Double(got) - want) <= 2, "(55, \(y)): \(a) vs unclipped \(b)")
            }
            if b != PremultipliedRGBA8(.white) { cut += 1 }
        }
        #expect(cut > 0)   // the stroke really reaches the partly covered column
    }
}
