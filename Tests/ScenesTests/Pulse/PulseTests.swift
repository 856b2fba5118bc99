// The pulse scene against docs/ANIMATIONS.md §3.5: layer state (u, w, radius, α) within 1e-5,
// and rendered centre colours (before any video encoding) within ±1 per channel.
import Geometry
import Testing
import Raster
import Render
import Motion
@testable import Scenes

let red = RGBA(r: 0.8993218541, g: 0.1372507513, b: 0.2670814395, a: 1)
let orange = RGBA(r: 1, g: 0.3653766513, b: 0.1507387459, a: 1)
let blue = RGBA(r: 0.2247976189, g: 0.4235115114, b: 1, a: 1)

func redScene() throws -> PulseScene {
    try PulseScene(parameters: PulseParameters(layers: [PulseLayer(radius: 150, duration: 1.0, color: red)]))
}
func orangeScene() throws -> PulseScene {
    try PulseScene(parameters: PulseParameters(layers: [PulseLayer(radius: 120, duration: 1.2, color: orange)]))
}
func blueScene() throws -> PulseScene {
    try PulseScene(parameters: PulseParameters(layers: [
        PulseLayer(radius: 100, duration: 1.0, color: blue),
        PulseLayer(radius: 200, duration: 1.4, repeatCount: .finite(15), color: orange),
    ]))
}

struct StateRow: Sendable { let t, u, w, radius, alpha: Double; let centre: String }

/// §3.5 single-layer table (red and orange).
let redRows: [StateRow] = [
    .init(t: 0.10, u: 0.1, w: 0.09480, radius: 14.219, alpha: 0.52640, centre: "#F18B9D"),
    .init(t: 0.25, u: 0.25, w: 0.40851, radius: 61.277, alpha: 0.67599, centre: "#EE6A81"),
    .init(t: 0.30, u: 0.3, w: 0.51332, radius: 76.997, alpha: 0.55621, centre: "#F18597"),
    .init(t: 0.50, u: 0.5, w: 0.80240, radius: 120.361, alpha: 0.22582, centre: "#F9CDD5"),
    .init(t: 0.75, u: 0.75, w: 0.96046, radius: 144.069, alpha: 0.04519, centre: "#FEF5F7"),
    .init(t: 0.90, u: 0.9, w: 0.99432, radius: 149.147, alpha: 0.00650, centre: "#FFFEFE"),
    .init(t: 1.00, u: 0, w: 0, radius: 0, alpha: 0.4, centre: "#FFFFFF"),
    .init(t: 1.30, u: 0.3, w: 0.51332, radius: 76.997, alpha: 0.55621, centre: "#F18597"),
]
let orangeRows: [StateRow] = [
    .init(t: 0.12, u: 0.1, w: 0.09480, radius: 11.376, alpha: 0.52640, centre: "#FFAA8D"),
    .init(t: 0.30, u: 0.25, w: 0.40851, radius: 49.021, alpha: 0.67599, centre: "#FF926D"),
    .init(t: 0.36, u: 0.3, w: 0.51332, radius: 61.598, alpha: 0.55621, centre: "#FFA587"),
    .init(t: 0.60, u: 0.5, w: 0.80240, radius: 96.288, alpha: 0.22582, centre: "#FFDACE"),
    .init(t: 0.90, u: 0.75, w: 0.96046, radius: 115.255, alpha: 0.04519, centre: "#FFF8F5"),
]

func checkState(_ scene: PulseScene, _ row: StateRow) throws {
    let s = try #require(scene.state(ofLayer: 0, at: row.t))
    #expect(abs(s.progress - row.u) < 1e-9, "u at t=\(row.t)")
    #expect(abs(s.warped - row.w) < 1e-5, "w at t=\(row.t): \(s.warped)")
    #expect(abs(s.radius - row.radius) < 1e-3, "radius at t=\(row.t): \(s.radius)")
    #expect(abs(s.opacity - row.alpha) < 1e-5, "α at t=\(row.t): \(s.opacity)")
}

@Test(arguments: redRows) func redStateMatchesTable(_ row: StateRow) throws { try checkState(try redScene(), row) }
@Test(arguments: orangeRows) func orangeStateMatchesTable(_ row: StateRow) throws { try checkState(try orangeScene(), row) }

/// Renders `scene` at t on a 400×400 pt canvas at scale 2 and returns the pixel at (x, y) pt.
func renderedColor(_ scene: some Scene, at t: Double, x: Double, y: Double, scale: Double = 2) -> PremultipliedRGBA8 {
    let canvas = Canvas(width: Int(scene.canvas.width * scale), height: Int(scene.canvas.height * scale))
    Renderer().render(scene.displayList(at: t), background: .white, transform: .scale(scale, scale), on: canvas)
    return canvas[Int(x * scale), Int(y * scale)]
}

func expectColor(_ got: PremultipliedRGBA8, _ hex: String, tolerance: Int, _ note: String) {
    let want = RGBA(hex: hex)!
    let w = [want.r, want.g, want.b].map { Int(($0 * 255).rounded()) }
    let g = [Int(got.r), Int(got.g), Int(got.b)]
    let ok = zip(w, g).allSatisfy { abs($0 - $1) <= tolerance } && got.a == 255
    #expect(ok, "\(note): got \(g) want \(hex) \(w)")
}

@Test(arguments: redRows) func redCentreColour(_ row: StateRow) throws {
    expectColor(renderedColor(try redScene(), at: row.t, x: 200, y: 200), row.centre, tolerance: 1, "red t=\(row.t)")
}
@Test(arguments: orangeRows) func orangeCentreColour(_ row: StateRow) throws {
    expectColor(renderedColor(try orangeScene(), at: row.t, x: 200, y: 200), row.centre, tolerance: 1, "orange t=\(row.t)")
}

struct BlueRow: Sendable { let t: Double; let a: (Double, Double)?; let b: (Double, Double)?; let centre, out90: String }
/// §3.5 blue preset: A front (r 100, 1.0 s, ∞), B back (r 200, 1.4 s, 15×).
let blueRows: [BlueRow] = [
    .init(t: 0.5, a: (80.240, 0.22582), b: (123.344, 0.43803), centre: "#D2A7B6", out90: "#FFB8A0"),
    .init(t: 0.7, a: (94.076, 0.06770), b: (160.481, 0.22582), centre: "#F2D3D1", out90: "#F2D3D1"),
    .init(t: 2.0, a: (0, 0.4), b: (144.256, 0.31854), centre: "#FFCBBA", out90: "#FFCBBA"),
    .init(t: 3.5, a: (80.240, 0.22582), b: (160.481, 0.22582), centre: "#D2C2D9", out90: "#FFDACE"),
    .init(t: 20.9, a: (99.432, 0.00650), b: (199.431, 0.00325), centre: "#FEFEFE", out90: "#FEFEFE"),
    .init(t: 21.0, a: (0, 0.4), b: nil, centre: "#FFFFFF", out90: "#FFFFFF"),
    .init(t: 21.5, a: (80.240, 0.22582), b: nil, centre: "#D2DEFF", out90: "#FFFFFF"),
]

@Test(arguments: blueRows) func blueLayersAndComposite(_ row: BlueRow) throws {
    let scene = try blueScene()
    for (index, expected) in [row.a, row.b].enumerated() {
        let s = scene.state(ofLayer: index, at: row.t)
        if let (radius, alpha) = expected {
            let s = try #require(s, "layer \(index) at t=\(row.t) should be active")
            #expect(abs(s.radius - radius) < 1e-3, "layer \(index) radius at t=\(row.t): \(s.radius)")
            #expect(abs(s.opacity - alpha) < 1e-5, "layer \(index) α at t=\(row.t): \(s.opacity)")
        } else {
            #expect(s == nil, "layer \(index) at t=\(row.t) should be gone")
        }
    }
    // Two translucent layers: each 8-bit premultiplied source quantises α to k/255 (0.22582 → 58/255),
    // an error of up to 1 code value per layer, so two stacked layers are checked within ±2.
    expectColor(renderedColor(scene, at: row.t, x: 200, y: 200), row.centre, tolerance: 2, "blue centre t=\(row.t)")
    expectColor(renderedColor(scene, at: row.t, x: 290, y: 200), row.out90, tolerance: 2, "blue 90pt t=\(row.t)")
}

@Test func backLayerIsDrawnFirst() throws {
    // The orange layer B must be under the blue layer A: at t = 0.5 the centre is bluish.
    let d = try blueScene().displayList(at: 0.5)
    #expect(d.shapeCount == 2)
    if case .fill(_, _, .solid(let c, _)) = d.shapeNodes.last! { #expect(c == blue) } else { Issue.record("not a solid fill") }
}

@Test func nothingDrawnBeforeStartOrAfterLastRepeat() throws {
    var p = PulseParameters(layers: [PulseLayer(radius: 50, duration: 1, repeatCount: .finite(2), color: red, startTime: 0.5)])
    p.layers[0].center = Point(x: 100, y: 100)
    let scene = try PulseScene(parameters: p)
    #expect(scene.displayList(at: 0.4).isEmpty)
    #expect(!scene.displayList(at: 0.7).isEmpty)
    #expect(!scene.displayList(at: 2.4).isEmpty)
    #expect(scene.displayList(at: 2.5).isEmpty)
    #expect(renderedColor(scene, at: 0.7, x: 100, y: 100) != renderedColor(scene, at: 0.7, x: 200, y: 200))
}

@Test func loopPeriods() throws {
    #expect(try redScene().loopPeriod == 1.0)
    #expect(try orangeScene().loopPeriod == 1.2)
    #expect(try blueScene().loopPeriod == 7.0)
}
