// The heart scene against docs/ANIMATIONS.md §2: layout (§2.1), time functions and the §2.8
// checkpoints — probe colours on the stroke centre-line after hue rotation (±2 per channel,
// rendered) and the background showing at the gap centres.
import Geometry
import Testing
import Raster
import Render
import Text
@testable import Scenes

func interBold() throws -> Font { try Font(family: "Inter", style: "Bold", size: 17) }

func heartScene(label: Bool = true) throws -> HeartScene {
    var p = HeartParameters()
    if !label { p.label = nil }
    return try HeartScene(parameters: p, font: label ? try interBold() : nil)
}

@Test func layoutFollowsTheStackFormulas() throws {
    let scene = try heartScene()
    let label = try #require(scene.label)
    let wt = label.advanceWidth
    #expect(abs(wt - 180.90) < 0.01, "Inter Bold 17 label width with kerning: \(wt)")
    let x0 = (320 - wt) / 2, y0 = (180 - 94.97) / 2
    #expect(abs(scene.frameOrigin.x - x0) < 1e-9)
    #expect(abs(scene.frameOrigin.y - (y0 + 20.33 + 10.64)) < 1e-9)     // 73.485 in the worked example
    #expect(abs(label.origin.y - (y0 + 16.19)) < 1e-9)                   // baseline 58.705
    #expect(abs(label.origin.x - x0) < 1e-9)                             // leading alignment
    #expect(scene.gradientCenter == Point(x: x0 + 32, y: scene.frameOrigin.y + 32))
    // Without a label the heart is centred alone.
    let bare = try heartScene(label: false)
    #expect(bare.frameOrigin == Point(x: 128, y: 58))
}

@Test func timeFunctionsMatchTheCheckpointTable() throws {
    let scene = try heartScene()
    // t, p, φ, θs, h (§2.8)
    for (t, p, phi, theta, hue) in [(0.0, 0.0, 83.0, 0.0, 360.0), (0.625, 0.25, 41.5, 90, 270), (1.25, 0.5, 0, 180, 180),
                                    (1.375, 0.55, -8.3, 198, 162), (1.875, 0.75, -41.5, 270, 90), (2.5, 0, 83, 0, 360)] {
        #expect(abs(scene.progress(at: t) - p) < 1e-12, "p at \(t)")
        #expect(abs(scene.dashPhase(at: t) - phi) < 1e-9, "φ at \(t)")
        #expect(abs(scene.gradientStart(at: t) - theta) < 1e-9, "θs at \(t)")
        #expect(abs(scene.hueRotation(at: t) - hue) < 1e-9, "h at \(t)")
    }
}

/// Renders `scene` at t at scale 2, shifted so the canvas point `p` falls on a pixel centre,
/// and returns that pixel.
func pixel(_ scene: HeartScene, at t: Double, point p: Point) -> PremultipliedRGBA8 {
    let scale = 2.0
    let ix = Int((p.x * scale).rounded(.down)), iy = Int((p.y * scale).rounded(.down))
    let dx = Double(ix) + 0.5 - p.x * scale, dy = Double(iy) + 0.5 - p.y * scale
    let canvas = Canvas(width: 640, height: 360)
    Renderer().render(scene.displayList(at: t), background: .black,
                             transform: Transform.scale(scale, scale).concatenating(.translation(dx, dy)), on: canvas)
    return canvas[ix, iy]
}

struct Probe: Sendable { let t: Double; let name: String; let local: (Double, Double); let hex: String }

/// §2.8: probe points A–D (heart-frame local) and the colour after hue rotation.
let probes: [Probe] = {
    let points = ["A": (31.754, 57.307), "B": (6.576, 27.190), "C": (44.398, 7.191), "D": (51.615, 38.189)]
    let table: [(Double, [String])] = [
        (0, ["#802F7F", "#F0060F", "#5A3EA5", "#1956E6"]),
        (0.625, ["#009101", "#184A8F", "#5025D9", "#005E67"]),
        (1.25, ["#0E5D0C", "#9A5000", "#006229", "#00695A"]),
        (1.875, ["#015A00", "#8F3720", "#D9257E", "#674100"]),
    ]
    return table.flatMap { t, hexes in
        zip(["A", "B", "C", "D"], hexes).map { Probe(t: t, name: $0, local: points[$0]!, hex: $1) }
    }
}()

@Test(arguments: probes) func probeColourOnTheStroke(_ probe: Probe) throws {
    let scene = try heartScene()
    let p = Point(x: scene.frameOrigin.x + probe.local.0, y: scene.frameOrigin.y + probe.local.1)
    let got = pixel(scene, at: probe.t, point: p)
    let want = RGBA(hex: probe.hex)!
    let w = [want.r, want.g, want.b].map { Int(($0 * 255).rounded()) }
    let g = [Int(got.r), Int(got.g), Int(got.b)]
    #expect(got.a == 255 && zip(w, g).allSatisfy { abs($0 - $1) <= 2 }, "probe \(probe.name) t=\(probe.t): got \(g) want \(probe.hex)")
}

@Test(arguments: [(0.0, (25.38, 9.49)), (0.625, (56.63, 15.64)), (1.25, (39.83, 51.06)),
                  (1.375, (28.38, 54.91)), (1.375, (35.58, 54.57)), (1.875, (8.71, 32.79))])
func gapCentreShowsTheBackground(_ t: Double, _ local: (Double, Double)) throws {
    let scene = try heartScene()
    let got = pixel(scene, at: t, point: Point(x: scene.frameOrigin.x + local.0, y: scene.frameOrigin.y + local.1))
    #expect(got.r <= 2 && got.g <= 2 && got.b <= 2, "gap centre \(local) at t=\(t): \(got)")
}

@Test func theLoopRepeatsEveryPeriod() throws {
    let scene = try heartScene()
    let a = Canvas(width: 640, height: 360), b = Canvas(width: 640, height: 360)
    let renderer = Renderer()
    renderer.render(scene.displayList(at: 0), background: .black, transform: .scale(2, 2), on: a)
    renderer.render(scene.displayList(at: 2.5), background: .black, transform: .scale(2, 2), on: b)
    #expect(a.withUnsafeBytes { Array($0) } == b.withUnsafeBytes { Array($0) })
    renderer.render(scene.displayList(at: 1.0 / 60), background: .black, transform: .scale(2, 2), on: b)
    #expect(a.withUnsafeBytes { Array($0) } != b.withUnsafeBytes { Array($0) })
}
