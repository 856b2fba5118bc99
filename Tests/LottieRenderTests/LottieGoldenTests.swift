// Golden renders of small Lottie files written for each shape and layer feature
// (Fixtures/*.json, 100 × 100 pt at 30 fps, rendered at 1 px per point on a transparent
// background). Each case checks key pixels against values worked out by hand from the file
// (the comment beside each says how) — the golden PNG alone would only pin what was rendered —
// and then the whole frame against Golden/<name>.png, exactly.
//
// To regenerate after an intended change: ANIMEXPORT_UPDATE_GOLDEN=1 swift test --filter LottieGolden
// — then look at every PNG before committing it.
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Testing
import Video

let renderTestsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
let lottieFixtures = renderTestsFolder + "/Fixtures"
let lottieGoldens = renderTestsFolder + "/Golden"

/// A pixel as straight-alpha 8-bit RGBA.
struct Pixel: Equatable, CustomStringConvertible {
    var r, g, b, a: Int
    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }
    static let clear = Pixel(0, 0, 0, 0)
    static let red = Pixel(255, 0, 0, 255)
    static let green = Pixel(0, 255, 0, 255)
    static let blue = Pixel(0, 0, 255, 255)
    static let white = Pixel(255, 255, 255, 255)
    var description: String { "(\(r), \(g), \(b), \(a))" }

    /// Every channel within `tolerance`; colour channels only compared where alpha > 0.
    func matches(_ other: Pixel, tolerance: Int) -> Bool {
        if a == 0 && other.a == 0 { return true }
        return abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
            && abs(a - other.a) <= tolerance
    }
}

/// A rendered frame as straight RGBA bytes.
struct Frame {
    let width: Int, height: Int
    let rgba: [UInt8]
    func pixel(_ x: Int, _ y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]), Int(rgba[i + 3]))
    }
}

func loadFixture(_ name: String) throws -> LottieAnimation {
    try LottieDecoder.load(path: "\(lottieFixtures)/\(name).json")
}

/// Renders `name` at `seconds` after its in-point, 1 px per point, on transparent black.
func renderFixture(_ name: String, atSeconds seconds: Double) throws -> Frame {
    let animation = try loadFixture(name)
    return renderFrame(animation, atFrame: animation.frame(atSeconds: seconds), name: name)
}

/// Renders `animation` at `frame`, 1 px per point, on transparent black; the renderer must draw
/// it faithfully.
func renderFrame(_ animation: LottieAnimation, atFrame frame: Double, name: String = "") -> Frame {
    let builder = LottieBuilder(animation)
    var list = DisplayList()
    builder.build(atFrame: frame, into: &list)
    let canvas = Canvas(width: Int(animation.width), height: Int(animation.height))
    let report = Renderer().render(list, background: .clear, transform: .identity, on: canvas)
    #expect(report.isFaithful, "\(name): the renderer reported \(report.messages)")
    return Frame(width: canvas.width, height: canvas.height, rgba: canvas.straightRGBA8())
}

struct GoldenFixture: Sendable, CustomStringConvertible {
    let name: String
    var seconds = 0.0
    /// (x, y) → the expected pixel, worked out by hand.
    let pixels: [(x: Int, y: Int, expected: Pixel)]
    var tolerance = 2
    var description: String { seconds == 0 ? name : "\(name)@\(seconds)" }
    var goldenName: String { seconds == 0 ? name : "\(name)-\(Int((seconds * 1000).rounded()))ms" }
}

let goldenFixtures: [GoldenFixture] = [
    // Rectangle centred (50, 50), 60 × 40: x ∈ [20, 80], y ∈ [30, 70]; pixel (x, y) covers [x, x+1].
    GoldenFixture(name: "rect-fill", pixels: [(50, 50, .red), (20, 30, .red), (79, 69, .red), (80, 50, .clear),
                                             (19, 50, .clear), (50, 29, .clear), (50, 70, .clear)]),
    // Circle r = 30 at (50, 50), stroke 10: the ring 25 ≤ d ≤ 35; (50.5, 17.5) is at d = 32.5.
    GoldenFixture(name: "ellipse-stroke", pixels: [(50, 17, .blue), (50, 50, .clear), (50, 10, .clear), (82, 50, .blue)]),
    // Earlier items on top: red [20, 60]² above blue [40, 80]².
    GoldenFixture(name: "stacking-groups", pixels: [(50, 50, .red), (70, 70, .blue), (30, 30, .red), (30, 70, .clear)]),
    // [rect [30, 70]², fill red, stroke blue 20]: the fill (earlier) on top of the stroke's inner
    // half; the stroke's outer half is [20, 30].
    GoldenFixture(name: "stacking-styles", pixels: [(50, 50, .red), (35, 50, .red), (25, 50, .blue), (15, 50, .clear)]),
    // One even-odd fill over [group{rect [10, 90]²}, rect [30, 70]²]: a hole in the middle.
    GoldenFixture(name: "evenodd-compound", pixels: [(50, 50, .clear), (20, 50, .green), (80, 80, .green), (5, 5, .clear)]),
    // 20 × 20 rect at the origin, group scale (2, 1), rotation 45° clockwise, position (50, 50):
    // 40 long along (1, 1)/√2, 20 across. (60.5, 60.5) is 14.8 along → inside; (60.5, 39.5) is
    // 14.8 across → outside.
    GoldenFixture(name: "group-transform", pixels: [(50, 50, .red), (60, 60, .red), (39, 39, .red), (60, 39, .clear),
                                                   (39, 60, .clear)]),
    // Black → white from x = 0 to x = 100: pixel x has t = (x + 0.5)/100, value 255·t.
    GoldenFixture(name: "gradient-linear", pixels: [(49, 50, Pixel(126, 126, 126, 255)), (0, 10, Pixel(1, 1, 1, 255)),
                                                   (99, 90, Pixel(254, 254, 254, 255)), (24, 50, Pixel(62, 62, 62, 255))],
                  tolerance: 3),
    // Centre (50, 50), radius 50: t = d/50; (74.5, 50.5) is at d ≈ 24.5 → 125; corners past 1 → white.
    GoldenFixture(name: "gradient-radial", pixels: [(74, 50, Pixel(125, 125, 125, 255)), (0, 0, .white), (99, 99, .white),
                                                   (50, 50, Pixel(2, 2, 2, 255))], tolerance: 3),
    // White with opacity stops 1 → 0 along x: alpha 255·(1 − t).
    GoldenFixture(name: "gradient-opacity", pixels: [(49, 50, Pixel(255, 255, 255, 129)), (0, 50, Pixel(255, 255, 255, 254)),
                                                    (89, 50, Pixel(255, 255, 255, 27))], tolerance: 3),
    // 3 copies of [10, 20] × [45, 55], 30 apart, opacity 100 % → 50 %: 255, 191, 128.
    GoldenFixture(name: "repeater", pixels: [(15, 50, .red), (45, 50, Pixel(255, 0, 0, 191)), (75, 50, Pixel(255, 0, 0, 128)),
                                            (30, 50, .clear), (90, 50, .clear)], tolerance: 1),
    // A 50 × 50 green solid at position (25, 25): [25, 75]².
    GoldenFixture(name: "solid-layer", pixels: [(50, 50, .green), (25, 25, .green), (24, 50, .clear), (75, 75, .clear)]),
    // The child's rect [0, 20] × [40, 60] moved by its null parent's (40, 0).
    GoldenFixture(name: "parenting", pixels: [(50, 50, .blue), (10, 50, .clear), (40, 40, .blue), (60, 50, .clear)]),
    // Red at layer opacity 50 % (128); the hidden blue layer under it draws nothing.
    GoldenFixture(name: "layer-opacity", pixels: [(50, 50, Pixel(255, 0, 0, 128)), (15, 50, .clear)], tolerance: 1),
    // A 50 × 50 precomposition at (25, 25) holding a 100 × 100 rect: clipped to [25, 75]².
    GoldenFixture(name: "precomp-clip", pixels: [(50, 50, .red), (25, 25, .red), (80, 80, .clear), (24, 50, .clear),
                                                (75, 50, .clear)]),
    // A line x ∈ [10, 90] at y = 50, width 10, butt caps, dashes 20 on, 20 off: on [10, 30], [50, 70].
    GoldenFixture(name: "dashes", pixels: [(20, 50, .white), (40, 50, .clear), (60, 50, .white), (80, 50, .clear),
                                          (20, 44, .clear), (20, 54, .white)]),
    // A 5-point star, outer 40, inner 20, first point up: (50, 20) inside the top point, (67.6, 25.7)
    // outside between two points.
    GoldenFixture(name: "polystar", pixels: [(50, 20, .red), (50, 50, .red), (67, 25, .clear), (50, 8, .clear)]),
    // Trim 25 % … 75 % of the line x ∈ [10, 90]: [30, 70] drawn. The stroke before the trim is
    // trimmed too, and so is a path inside a group before the trim.
    GoldenFixture(name: "trim-line", pixels: [(50, 50, .white), (31, 50, .white), (68, 50, .white), (20, 50, .clear),
                                             (80, 50, .clear)]),
    GoldenFixture(name: "trim-outer", pixels: [(50, 50, .white), (31, 50, .white), (20, 50, .clear), (80, 50, .clear)]),
    // Offset 90° = a quarter turn: the window [0.5, 1.0] of the line, x ∈ [50, 90].
    GoldenFixture(name: "trim-offset", pixels: [(60, 50, .white), (88, 50, .white), (40, 50, .clear), (20, 50, .clear)]),
    // Rounded corners r = 20 on the rect [20, 80]²: each corner a quarter circle of radius 20
    // (centre (40, 40) for the top left); (21.5, 21.5) is 26 from it → clear, (28.5, 28.5) is 16 →
    // inside; the straight middles of the edges stay.
    GoldenFixture(name: "rounded-corners", pixels: [(50, 50, .red), (50, 20, .red), (20, 50, .red), (21, 21, .clear),
                                                   (28, 28, .red), (78, 21, .clear), (71, 71, .red), (79, 79, .clear)]),
    // Rounded corners r = 30 on the open V (10, 80) – (50, 20) – (90, 80), stroke 6: the ends stay,
    // the apex is cut 30 along each edge to (33.4, 45.0) and (66.6, 45.0) and joined by the cubic
    // with handles 0.5519 of the way to the corner, whose middle is at y = 34.6 — so (50.5, 34.5)
    // is on the stroke and (50.5, 25.5), on a sharp corner's stroke, is not.
    GoldenFixture(name: "rounded-corners-path", pixels: [(50, 34, .white), (50, 25, .clear), (50, 21, .clear),
                                                        (19, 64, .white), (80, 64, .white)]),
    // Sequential trim 0 … 75 % over [group{A: y = 30}, B: y = 70] (each x ∈ [10, 90], 80 long):
    // render order is B then A, 160 in all; [0, 120] is all of B and A's first 40: x ∈ [10, 50].
    GoldenFixture(name: "trim-sequential", pixels: [(30, 70, .white), (85, 70, .white), (30, 30, .white), (45, 30, .white),
                                                   (55, 30, .clear), (70, 30, .clear), (5, 70, .clear)]),
    // 0 … 50 % turned by 270° (0.75): [120, 160] ∪ [0, 40] — A's last 40 (x ∈ [50, 90]) and B's
    // first 40 (x ∈ [10, 50]).
    GoldenFixture(name: "trim-sequential-offset", pixels: [(70, 30, .white), (55, 30, .white), (45, 30, .clear),
                                                          (30, 30, .clear), (30, 70, .white), (45, 70, .white),
                                                          (55, 70, .clear), (70, 70, .clear)]),
    // Position linear from (20, 50) at frame 0 to (80, 50) at frame 30; at t = 0.5 s (frame 15)
    // the 20 × 20 rect is centred at x = 50.
    GoldenFixture(name: "animated-position", seconds: 0.5, pixels: [(50, 50, .red), (41, 50, .red), (35, 50, .clear),
                                                                    (61, 50, .clear)]),
    GoldenFixture(name: "animated-position", pixels: [(20, 50, .red), (50, 50, .clear)]),
    // Visible for frames [10, 20): not at frame 0, at frame 15 (0.5 s), not at frame 20 (op is exclusive).
    GoldenFixture(name: "in-out-points", seconds: 0.5, pixels: [(50, 50, .red)]),
    GoldenFixture(name: "in-out-points", pixels: [(50, 50, .clear), (25, 25, .clear)]),
    GoldenFixture(name: "in-out-points", seconds: 20.0 / 30, pixels: [(50, 50, .clear)]),
]

@Suite("LottieGolden") struct LottieGoldenTests {
    @Test(arguments: goldenFixtures) func golden(_ c: GoldenFixture) throws {
        try checkGolden(c)
    }

    /// The builder reuses its list: a second build of the same frame gives the same pixels.
    @Test func rebuildingIsStable() throws {
        let animation = try loadFixture("repeater")
        let builder = LottieBuilder(animation)
        var list = DisplayList()
        let canvas = Canvas(width: 100, height: 100)
        let renderer = Renderer()
        builder.build(atSeconds: 0, into: &list)
        renderer.render(list, background: .clear, transform: .identity, on: canvas)
        let first = canvas.straightRGBA8()
        list.reset()
        builder.build(atSeconds: 0, into: &list)
        renderer.render(list, background: .clear, transform: .identity, on: canvas)
        #expect(canvas.straightRGBA8() == first)
    }
}
