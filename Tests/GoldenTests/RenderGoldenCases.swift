// RenderGoldenCases.swift — goldens drawn only through the display list (issue 11's list): groups
// with opacity, every mask mode with expansion (and inverted), linear / radial / focal gradients
// with opacity stops, trim paths (offset wrap-around, several paths laid end to end or each on its
// own). Unlike the cases of DisplayListGoldenTests.swift these have no Raster-level twin: the PNG
// is the renderer's own output (scalar kernels, no shortcuts; regenerate with
// ANIMEXPORT_UPDATE_GOLDEN=1 and look at it), and each case carries a few pixels computed by hand
// from the model's formulas (Nodes.swift, Paints.swift, Trim.swift) that every render — scalar and
// SIMD, with and without the shortcuts — must show, so the PNG itself is checked.
//
// All cases draw on #202020 (32 in each channel). A paint of colour c at coverage 1 and total
// alpha α over it gives α·c + (1 − α)·32 per channel (source-over, straight values shown).
import Foundation
import Geometry
import Raster
import Render

/// A pixel a golden must show, computed by hand: straight RGB at (x, y), within `tolerance` (8-bit
/// rounding of the premultiplied steps and of the gradient tables).
struct GoldenProbe: Sendable {
    let x: Int, y: Int
    let rgb: (Double, Double, Double)
    var tolerance = 1.0
    /// What the value shows (named when it fails).
    let why: String
}

/// α·c + (1 − α)·32 for each channel of `c` (0…255).
func over202020(_ c: (Double, Double, Double), alpha: Double) -> (Double, Double, Double) {
    (alpha * c.0 + (1 - alpha) * 32, alpha * c.1 + (1 - alpha) * 32, alpha * c.2 + (1 - alpha) * 32)
}

private let background: (Double, Double, Double) = (32, 32, 32)
private let red: (Double, Double, Double) = (255, 0, 0), blue: (Double, Double, Double) = (0, 0, 255)
private let white: (Double, Double, Double) = (255, 255, 255)
private let orange: (Double, Double, Double) = (255, 149, 0)   // #FF9500
private let green: (Double, Double, Double) = (52, 199, 89)    // #34C759
private let purple: (Double, Double, Double) = (175, 82, 222)  // #AF52DE

private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path { .rectangle(x: x, y: y, width: w, height: h) }

private func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
    var p = Path()
    p.move(to: Point(x0, y0))
    p.line(to: Point(x1, y1))
    return p
}

/// The mask-mode tile of `mode` in the mask-expansion golden (column = the mode's index).
private func maskColumn(_ mode: MaskMode) -> Int { MaskMode.allCases.firstIndex(of: mode)! }

let renderGoldenCases: [DisplayListGoldenCase] = [
    // Four 40-px tiles: (0) opacity 0.5 over one shape (folded into its paint); (1) over two
    // overlapping shapes (a layer: where they overlap only the top one shows, at 0.5); (2) 0.5
    // inside 0.5 beside a shape under the outer group only (disjoint: folded, 0.25 and 0.5);
    // (3) 0.6 over an opaque rectangle under a half-transparent disc (the layer holds their
    // source-over, then 0.6 of it).
    DisplayListGoldenCase(name: "group-opacity", width: 160, height: 48, ownsGolden: true, probes: [
        GoldenProbe(x: 20, y: 20, rgb: over202020(red, alpha: 0.5), why: "one shape at group opacity 0.5"),
        GoldenProbe(x: 46, y: 20, rgb: over202020(red, alpha: 0.5), why: "lower shape alone in the layer"),
        GoldenProbe(x: 60, y: 20, rgb: over202020(blue, alpha: 0.5), why: "overlap: only the top shape, at 0.5"),
        GoldenProbe(x: 90, y: 20, rgb: over202020(white, alpha: 0.25), why: "nested opacities multiply"),
        GoldenProbe(x: 108, y: 20, rgb: over202020(white, alpha: 0.5), why: "outer opacity only"),
        // The layer there: green #00FF00 at 0.5 over opaque red = (127.5, 127.5, 0), opaque.
        GoldenProbe(x: 140, y: 20, rgb: over202020((127.5, 127.5, 0), alpha: 0.6), tolerance: 2,
                    why: "half-transparent disc over a rectangle inside a 0.6 layer"),
        GoldenProbe(x: 152, y: 20, rgb: over202020((0, 255, 0), alpha: 0.3), tolerance: 2,
                    why: "the disc alone: 0.5 × 0.6"),
    ]) { list in
        list.group(Group(opacity: 0.5)) { list in list.fill(rect(4, 4, 32, 32), paint: .solid(RGBA(r: 1, g: 0, b: 0))) }
        list.group(Group(opacity: 0.5)) { list in
            list.fill(rect(44, 4, 24, 32), paint: .solid(RGBA(r: 1, g: 0, b: 0)))
            list.fill(rect(52, 4, 24, 32), paint: .solid(RGBA(r: 0, g: 0, b: 1)))
        }
        list.group(Group(opacity: 0.5)) { list in
            list.group(Group(opacity: 0.5)) { list in list.fill(rect(84, 4, 14, 32), paint: .solid(.white)) }
            list.fill(rect(102, 4, 14, 32), paint: .solid(.white))
        }
        list.group(Group(transform: .translation(120, 0), opacity: 0.6)) { list in
            list.fill(rect(4, 4, 20, 32), paint: .solid(RGBA(r: 1, g: 0, b: 0)))
            list.fill(.circle(center: Point(24, 20), radius: 12), paint: .solid(RGBA(r: 0, g: 1, b: 0, a: 0.5)))
        }
    },
    // Every mask mode (columns, MaskMode.allCases order) of a rectangle after an added disc, as
    // mask-modes, with the rectangle (14.5, 8.5)–(34.5, 32.5) expanded by 4 (row 0: outline
    // (10.5, 4.5)–(38.5, 36.5), round corners) and contracted by 3 and inverted (row 1:
    // (17.5, 11.5)–(31.5, 29.5)), at opacity 0.8, over a solid orange square.
    DisplayListGoldenCase(name: "mask-expansion", width: 240, height: 80, ownsGolden: true, probes: [
        GoldenProbe(x: 40 * maskColumn(.add) + 36, y: 20, rgb: over202020(orange, alpha: 0.8),
                    why: "add: inside the expansion only (outside the unexpanded rectangle)"),
        GoldenProbe(x: 40 * maskColumn(.add) + 33, y: 60, rgb: over202020(orange, alpha: 0.8),
                    why: "add, inverted: outside the contracted rectangle, inside the original"),
        GoldenProbe(x: 40 * maskColumn(.subtract) + 6, y: 17, rgb: orange,
                    why: "subtract: disc outside the expanded rectangle"),
        GoldenProbe(x: 40 * maskColumn(.subtract) + 12, y: 17, rgb: over202020(orange, alpha: 0.2),
                    why: "subtract: disc inside the expansion: 1 − 0.8"),
        GoldenProbe(x: 40 * maskColumn(.intersect) + 36, y: 20, rgb: background,
                    why: "intersect: outside the disc"),
        GoldenProbe(x: 40 * maskColumn(.intersect) + 12, y: 17, rgb: over202020(orange, alpha: 0.8),
                    why: "intersect: disc ∩ expanded rectangle"),
    ]) { list in
        let circle = list.addPath(.circle(center: Point(16, 17), radius: 12))
        let rectangle = list.addPath(rect(14.5, 8.5, 20, 24))
        for (index, mode) in MaskMode.allCases.enumerated() {
            for inverted in [false, true] {
                let tile = Tile(column: index, row: inverted ? 1 : 0, size: 40)
                list.beginGroup(Group(transform: tile.origin))
                list.addMask(Mask(.add, path: circle))
                list.addMask(Mask(mode, path: rectangle, opacity: 0.8, inverted: inverted, expansion: inverted ? -3 : 4))
                list.fill(rect(2, 2, 36, 36), paint: .solid(RGBA(hex: "#FF9500")!))
                list.endGroup()
            }
        }
    },
    // One gradient — colour stops 0 #FFCC00, 0.5 #FF2D55, 1 #5856D6 and opacity stops 0 → 1,
    // 0.5 → 0.2, 1 → 1 — as (0) a linear gradient from x = 0.5 to 60.5 (pixel x has t = x/60),
    // (1) a radial one around (96.5, 32.5) of radius 28, (2) a focal one around (160.5, 32.5) of
    // radius 28 with its focal point 14 to the left (t = distance from the focal point over the
    // distance to the circle along the same ray: 42 to the right, 14 to the left). A white bar
    // behind shows the translucency. At t = 0.5 the colour is #FF2D55 at opacity 0.2; at t = 0.1
    // (linear: x = 6) it is (255, 204 − 159·0.2, 85·0.2) at opacity 1 − 0.8·0.2.
    DisplayListGoldenCase(name: "gradient-opacity-stops", width: 192, height: 64, ownsGolden: true, probes: [
        GoldenProbe(x: 30, y: 12, rgb: over202020((255, 45, 85), alpha: 0.2), tolerance: 2, why: "linear, t = 0.5"),
        GoldenProbe(x: 6, y: 12, rgb: over202020((255, 172.2, 17), alpha: 0.84), tolerance: 2, why: "linear, t = 0.1"),
        GoldenProbe(x: 96, y: 32, rgb: (255, 204, 0), tolerance: 2, why: "radial centre, t = 0"),
        GoldenProbe(x: 110, y: 32, rgb: over202020((255, 45, 85), alpha: 0.2), tolerance: 2, why: "radial, r = 14: t = 0.5"),
        GoldenProbe(x: 146, y: 32, rgb: (255, 204, 0), tolerance: 2, why: "focal point, t = 0"),
        GoldenProbe(x: 167, y: 32, rgb: over202020((255, 45, 85), alpha: 0.2), tolerance: 2, why: "focal, 21 of 42 to the right"),
        GoldenProbe(x: 139, y: 32, rgb: over202020((255, 45, 85), alpha: 0.2), tolerance: 2, why: "focal, 7 of 14 to the left"),
    ]) { list in
        let stops = list.addGradient { g in
            g.color(0, RGBA(hex: "#FFCC00")!)
            g.color(0.5, RGBA(hex: "#FF2D55")!)
            g.color(1, RGBA(hex: "#5856D6")!)
            g.opacity(0, 1)
            g.opacity(0.5, 0.2)
            g.opacity(1, 1)
        }
        list.fill(rect(0, 44, 192, 8), paint: .solid(.white))
        list.fill(rect(2, 2, 60, 60), paint: .linear(LinearGradient(stops, start: Point(0.5, 0), end: Point(60.5, 0))))
        list.fill(rect(66, 2, 60, 60), paint: .radial(RadialGradient(stops, center: Point(96.5, 32.5), radius: 28)))
        list.fill(rect(130, 2, 60, 60), paint: .radial(RadialGradient(stops, center: Point(160.5, 32.5), radius: 28,
                                                                      focalPoint: Point(146.5, 32.5))))
    },
    // Trim paths (Geometry's Trim.swift) stroked 4 px wide with butt caps, lines 56 long:
    // (0) the window [0.2, 0.7] turned by 0.5 — [0.7, 1.2], wrapping: x ∈ [4, 15.2] ∪ [43.2, 60]
    //     — and below it a square's window crossing its start corner (one piece, a join there);
    // (1) two lines laid end to end (individually), window [0.25, 0.75] of 112: [28, 84], the
    //     second half of the first line and the first half of the second;
    // (2) the same two lines trimmed each on its own (simultaneously): x ∈ [146, 174] on both.
    DisplayListGoldenCase(name: "trim-paths", width: 192, height: 64, ownsGolden: true, probes: [
        GoldenProbe(x: 8, y: 12, rgb: green, why: "wrapped window, piece at the start"),
        GoldenProbe(x: 30, y: 12, rgb: background, why: "wrapped window, the gap"),
        GoldenProbe(x: 52, y: 12, rgb: green, why: "wrapped window, piece at the end"),
        GoldenProbe(x: 80, y: 20, rgb: background, why: "end to end: first line's first half cut"),
        GoldenProbe(x: 110, y: 20, rgb: purple, why: "end to end: first line's second half kept"),
        GoldenProbe(x: 80, y: 44, rgb: purple, why: "end to end: second line's first half kept"),
        GoldenProbe(x: 110, y: 44, rgb: background, why: "end to end: second line's second half cut"),
        GoldenProbe(x: 140, y: 20, rgb: background, why: "each on its own: before the window"),
        GoldenProbe(x: 160, y: 20, rgb: orange, why: "each on its own: first line"),
        GoldenProbe(x: 160, y: 44, rgb: orange, why: "each on its own: second line"),
        GoldenProbe(x: 180, y: 44, rgb: background, why: "each on its own: after the window"),
    ]) { list in
        let butt = StrokeStyle(lineWidth: 4, cap: .butt)
        let wrapped = try TrimWindow(start: 0.2, end: 0.7, offset: 0.5)
        list.stroke(line(4, 12, 60, 12).trimmed(wrapped), style: butt, paint: .solid(RGBA(hex: "#34C759")!))
        let seam = try TrimWindow(lottieStart: 60, end: 95, offsetDegrees: 90)
        list.stroke(rect(12, 28, 32, 28).trimmed(seam), style: StrokeStyle(lineWidth: 4, cap: .round, join: .round),
                    paint: .solid(RGBA(hex: "#34C759")!))
        let window = try TrimWindow(start: 0.25, end: 0.75)
        for piece in Trimming.trim([line(68, 20, 124, 20), line(68, 44, 124, 44)], window: window, mode: .individually) {
            list.stroke(piece, style: butt, paint: .solid(RGBA(hex: "#AF52DE")!))
        }
        for piece in Trimming.trim([line(132, 20, 188, 20), line(132, 44, 188, 44)], window: window, mode: .simultaneously) {
            list.stroke(piece, style: butt, paint: .solid(RGBA(hex: "#FF9500")!))
        }
    },
]
