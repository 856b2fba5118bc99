// Masks drawn by the renderer (Renderer+Masks.swift): every mode, inverted or not, with opacity
// and expansion, against a per-pixel Double reference built from the formulas of Nodes.swift
// (A starts at 1 for a first subtract/intersect/darken, else 0; then add A+m−Am, subtract
// A(1−m), intersect Am, lighten max, darken min, difference A+m−2Am; the layer times A, then
// source-over). The coverages P come from Raster's own fill into a CoverageMask (the geometry is
// the rasterizer's; what is checked here is the renderer's wiring and arithmetic).
import Testing
import Geometry
import Raster
@testable import Render

@Suite struct MaskTests {
    /// The group's transform: scaled and moved, so expansion is in the group's units.
    let groupTransform = Transform.scale(1.5, 1.5).concatenating(.translation(4, 2))
    let first = Path.circle(center: Point(16, 18), radius: 12)
    let second = Path.rectangle(x: 12.5, y: 8.25, width: 20, height: 18)
    let content = Path.rectangle(x: 2, y: 2, width: 36, height: 36)

    func reference(_ c: Double, _ mode: MaskMode, _ a: Double) -> Double {
        switch mode {
        case .add: return a + c - a * c
        case .subtract: return a * (1 - c)
        case .intersect: return a * c
        case .lighten: return max(a, c)
        case .darken: return min(a, c)
        case .difference: return a + c - 2 * a * c
        }
    }

    func coverage(_ path: Path) -> CoverageMask {
        let mask = CoverageMask(width: 64, height: 64)
        Rasterizer().fill(path, transform: groupTransform, into: mask)
        return mask
    }

    @Test(arguments: MaskMode.allCases, [false, true])
    func masksMatchTheReference(_ mode: MaskMode, _ inverted: Bool) throws {
        for (opacity, expansion) in [(1.0, 0.0), (0.6, 0.0), (1.0, 3.0), (0.7, -2.0)] {
            var list = DisplayList()
            list.beginGroup(Group(transform: groupTransform))
            list.addMask(Mask(.add, path: list.addPath(first)))
            list.addMask(Mask(mode, path: list.addPath(second), opacity: opacity, inverted: inverted, expansion: expansion))
            list.fill(content, paint: .solid(red))
            list.endGroup()
            for shortcuts in [Renderer.Shortcuts.all, []] {
                let (canvas, report) = rendered(list, background: .white, shortcuts: shortcuts)
                #expect(report.isFaithful)
                let layer = Canvas(width: 64, height: 64)
                Rasterizer().fill(content, transform: groupTransform, paint: SolidPaint(color: red), on: layer)
                let p1 = coverage(first)
                // The renderer offsets with Geometry's tolerance in device pixels (÷ the group's scale 1.5).
                let p2 = coverage(expansion == 0 ? second
                                  : try second.offset(by: expansion, tolerance: PolygonLimits.defaultTolerance / 1.5))
                var worst = 0.0
                for y in 0..<64 {
                    for x in 0..<64 {
                        var a = 0.0
                        a = reference(Double(p1[x, y]) / 255, .add, a)
                        let m = Double(p2[x, y]) / 255
                        a = reference((inverted ? 1 - m : m) * opacity, mode, a)
                        let l = layer[x, y], got = canvas[x, y]
                        let alpha = Double(l.a) * a / 255
                        for (lc, gc) in [(l.r, got.r), (l.g, got.g), (l.b, got.b)] {
                            let want = Double(lc) * a + 255 * (1 - alpha)
                            worst = max(worst, abs(want - Double(gc)))
                        }
                    }
                }
                #expect(worst <= 2, "\(mode) inverted \(inverted) opacity \(opacity) expansion \(expansion): \(worst)")
            }
        }
    }

    @Test func expansionIsInTheGroupsUnitsOutwardsWhenPositive() {
        // A 10×10 square at (10, 10) in a group scaled by 2: expanded by 3 it covers device
        // x ∈ [14, 46] (2·(10 − 3) … 2·(20 + 3)), shrunk by 3 x ∈ [26, 34].
        for (expansion, inside, outside) in [(3.0, [15, 45], [13, 47]), (-3.0, [27, 33], [25, 35])] {
            var list = DisplayList()
            list.beginGroup(Group(transform: .scale(2, 2)))
            list.addMask(Mask(.add, path: list.addPath(.rectangle(x: 10, y: 10, width: 10, height: 10)), expansion: expansion))
            list.fill(.rectangle(x: 0, y: 0, width: 32, height: 32), paint: .solid(.black))
            list.endGroup()
            let (canvas, report) = rendered(list)
            #expect(report.isFaithful)
            for x in inside { #expect(canvas[x, 30] == PremultipliedRGBA8(.black), "expansion \(expansion) x \(x)") }
            for x in outside { #expect(canvas[x, 30] == PremultipliedRGBA8(.white), "expansion \(expansion) x \(x)") }
        }
    }

    @Test func aFirstSubtractCutsAHoleInTheWholeLayer() {
        var list = DisplayList()
        list.beginGroup(Group())
        list.addMask(Mask(.subtract, path: list.addPath(.rectangle(x: 16, y: 16, width: 32, height: 32))))
        list.fill(.rectangle(x: 0, y: 0, width: 64, height: 64), paint: .solid(.black))
        list.endGroup()
        let (canvas, _) = rendered(list)
        #expect(canvas[4, 4] == PremultipliedRGBA8(.black) && canvas[32, 32] == PremultipliedRGBA8(.white))
    }
}
