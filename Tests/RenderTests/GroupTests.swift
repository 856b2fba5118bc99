// Groups: transforms compose, opacity and filters fold into a lone shape's paint or go through an
// off-screen layer, clips show the group only inside their path.
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct GroupTests {
    @Test func nestedTransformsCompose() {
        // A square at (4, 4) in a group scaled ×2 inside a group moved by (10, 6): device
        // transform = inner ∘ outer, the same bytes as filling with the composed transform.
        let square = Path.rectangle(x: 4, y: 4, width: 7.3, height: 5.1)
        var list = DisplayList()
        list.group(Group(transform: .translation(10, 6))) { list in
            list.group(Group(transform: Transform.scale(2, 2).concatenating(.rotation(radians: 0.3)))) { list in
                list.fill(square, paint: .solid(red))
            }
        }
        let root = Transform.scale(1.25, 1.25)
        let (canvas, report) = rendered(list, transform: root)
        let composed = Transform.scale(2, 2).concatenating(.rotation(radians: 0.3)).concatenating(.translation(10, 6))
            .concatenating(root)
        let want = direct { r, c in r.fill(square, transform: composed, paint: SolidPaint(color: red), on: c) }
        #expect(report.isFaithful)
        #expect(bytes(canvas) == bytes(want))
    }

    @Test func opacityOfALoneShapeFoldsIntoItsPaint() {
        // One shape (through nested plain groups): the same bytes as the shape painted at the
        // product of the opacities.
        var list = DisplayList()
        list.group(Group(opacity: 0.5)) { list in
            list.group(Group(transform: .translation(3, 2), opacity: 0.8)) { list in
                list.fill(paint: .solid(red, opacity: 0.9)) { $0.addCircle(center: Point(30, 30), radius: 17) }
            }
        }
        let (canvas, _) = rendered(list)
        let want = direct { r, c in
            r.fill(.circle(center: Point(30, 30), radius: 17), transform: .translation(3, 2),
                   paint: SolidPaint(color: red, opacity: 0.9 * (1 * 0.5 * 0.8)), on: c)
        }
        #expect(bytes(canvas) == bytes(want))
    }

    @Test func opacityOverOverlappingShapesUsesALayer() {
        // Two overlapping opaque discs in a group at opacity 0.5 over white: the overlap is the
        // group's colour (the front disc) at 0.5 once — not the back disc showing through the
        // front one, as per-shape opacity would give.
        var list = DisplayList()
        list.group(Group(opacity: 0.5)) { list in
            list.fill(paint: .solid(blue)) { $0.addCircle(center: Point(24, 32), radius: 16) }
            list.fill(paint: .solid(red)) { $0.addCircle(center: Point(40, 32), radius: 16) }
        }
        let (canvas, report) = rendered(list)
        #expect(report.isFaithful)
        let overlap = straight(canvas[32, 32])
        // 0.5·red + 0.5·white per channel (±1/255 of 8-bit rounding).
        #expect(abs(overlap.r - (0.5 * 0.9 + 0.5)) <= 1.5 / 255)
        #expect(abs(overlap.g - (0.5 * 0.1 + 0.5)) <= 1.5 / 255)
        #expect(abs(overlap.b - (0.5 * 0.2 + 0.5)) <= 1.5 / 255)
        // Per-shape opacity would let the blue disc through at the overlap (green 0.375 instead
        // of 0.55: the white under both is dimmed twice).
        let perShape = direct { r, c in
            r.fill(.circle(center: Point(24, 32), radius: 16), paint: SolidPaint(color: blue, opacity: 0.5), on: c)
            r.fill(.circle(center: Point(40, 32), radius: 16), paint: SolidPaint(color: red, opacity: 0.5), on: c)
        }
        #expect(Int(perShape[32, 32].g) + 40 < Int(canvas[32, 32].g))
        // Away from the overlap each disc is its colour at 0.5 over white (within 1).
        let left = straight(canvas[12, 32])
        #expect(abs(left.b - (0.5 * 0.95 + 0.5)) <= 1.5 / 255 && abs(left.r - (0.5 * 0.1 + 0.5)) <= 1.5 / 255)
    }

    @Test func opacityOverDisjointShapesFolds() {
        // Shapes whose bounds do not overlap: folded, the same bytes as per-shape opacity.
        var list = DisplayList()
        list.group(Group(opacity: 0.6)) { list in
            list.fill(paint: .solid(blue)) { $0.addCircle(center: Point(14, 14), radius: 9) }
            list.stroke(Path.rectangle(x: 36, y: 36, width: 18, height: 18), style: StrokeStyle(lineWidth: 3, join: .bevel),
                        paint: .solid(red))
        }
        let (canvas, _) = rendered(list)
        let want = direct { r, c in
            r.fill(.circle(center: Point(14, 14), radius: 9), paint: SolidPaint(color: blue, opacity: 0.6), on: c)
            try? r.stroke(.rectangle(x: 36, y: 36, width: 18, height: 18), style: StrokeStyle(lineWidth: 3, join: .bevel),
                          paint: SolidPaint(color: red, opacity: 0.6), on: c)
        }
        #expect(bytes(canvas) == bytes(want))
    }

    @Test func aFilterOnALoneGradientShapeFoldsIntoItsTable() {
        // The heart's case: a hue rotation over one conic-painted shape is the paint's filter.
        var list = DisplayList()
        let stops = list.addGradient(threeColours)
        list.group(Group(filter: .hueRotation(degrees: 140))) { list in
            list.fill(paint: .conic(ConicGradient(stops, center: Point(32, 32), startAngle: 25))) {
                $0.addCircle(center: Point(32, 32), radius: 26)
            }
        }
        let (canvas, _) = rendered(list, background: .black)
        let want = direct(background: .black) { r, c in
            r.fill(.circle(center: Point(32, 32), radius: 26),
                   paint: ConicGradientPaint(gradient: threeColours, center: Point(32, 32), startAngle: 25,
                                             filter: .hueRotation(degrees: 140)), on: c)
        }
        #expect(bytes(canvas) == bytes(want))
    }

    @Test func aFilterOverOverlappingShapesUsesALayer() {
        // Two overlapping shapes under a filter: drawn off-screen and filtered as one layer —
        // the same bytes as Raster's layer composite of the unfiltered shapes.
        var list = DisplayList()
        list.group(Group(opacity: 0.7, filter: .hueRotation(degrees: 90))) { list in
            list.fill(paint: .solid(blue)) { $0.addCircle(center: Point(24, 32), radius: 16) }
            list.fill(paint: .solid(red)) { $0.addCircle(center: Point(40, 32), radius: 16) }
        }
        let (canvas, _) = rendered(list)
        let want = direct { r, c in
            let layer = Layer()
            let group = r.beginLayer(layer, for: c)
            r.fill(.circle(center: Point(24, 32), radius: 16), paint: SolidPaint(color: blue), on: group)
            r.fill(.circle(center: Point(40, 32), radius: 16), paint: SolidPaint(color: red), on: group)
            r.composite(layer, filter: .hueRotation(degrees: 90), opacity: 0.7, onto: c)
        }
        #expect(bytes(canvas) == bytes(want))
    }

    @Test func aClipShowsTheGroupOnlyInsideItsPath() {
        // A large square clipped by a circle ≈ the circle filled with the square's colour
        // (within 1: the layer's 8-bit rounding), background outside.
        var list = DisplayList()
        let circle = list.addPath { $0.addCircle(center: Point(20, 20), radius: 13.4) }
        list.group(Group(transform: .translation(10, 10), opacity: 0.8, clip: Clip(circle))) { list in
            list.fill(Path.rectangle(x: -50, y: -50, width: 200, height: 200), paint: .solid(red))
        }
        let (canvas, report) = rendered(list)
        #expect(report.isFaithful)
        let want = direct { r, c in
            r.fill(.circle(center: Point(20, 20), radius: 13.4), transform: .translation(10, 10),
                   paint: SolidPaint(color: red, opacity: 0.8), on: c)
        }
        #expect(maximumDifference(canvas, want) <= 1)
        #expect(canvas[2, 2] == PremultipliedRGBA8(.white) && canvas[30, 30] != PremultipliedRGBA8(.white))
    }

    @Test func hiddenGroupsDrawNothing() {
        var list = DisplayList()
        list.group(Group(opacity: 0, blendMode: .multiply)) { list in
            list.fill(paint: .solid(red)) { $0.addCircle(center: Point(32, 32), radius: 20) }
        }
        list.group(Group(opacity: 0.5)) { _ in }
        let (canvas, report) = rendered(list)
        #expect(bytes(canvas) == bytes(direct { _, _ in }))
        #expect(report == RenderReport())   // a skipped subtree reports nothing either
    }

    @Test(arguments: [Renderer.Shortcuts.all, []])
    func deepOffScreenNestingIsCappedAndReported(_ shortcuts: Renderer.Shortcuts) {
        // 20 nested groups each with two overlapping shapes at opacity 0.9: 16 layers at most.
        var list = DisplayList()
        for depth in 0..<20 {
            list.beginGroup(Group(opacity: 0.9))
            list.fill(paint: .solid(red)) { $0.addCircle(center: Point(20 + Double(depth), 32), radius: 10) }
        }
        list.fill(paint: .solid(blue)) { $0.addCircle(center: Point(40, 32), radius: 10) }
        for _ in 0..<20 { list.endGroup() }
        let canvas = Canvas(width: 64, height: 64)
        let renderer = Renderer()
        renderer.shortcuts = shortcuts
        let report = renderer.render(list, background: .white, transform: .identity, on: canvas)
        #expect(report.unsupported == .layerDepth)
        #expect(renderer.layers.pooled == Renderer.maximumLayerDepth && renderer.layers.inUse == 0)
    }
}
