// The dots scene against docs/ANIMATIONS.md §4: layout (§4.1), the §4.5 checkpoint table through
// the scene (S and α per dot within 1e-5, drawn radius 25·S), and the blue preset's centre colours
// rendered on the RGBA canvas (before any video encoding) within ±1.
import Geometry
import Testing
import Raster
import Render
import Motion
@testable import Scenes

func blueDots() throws -> DotsScene { try DotsScene(parameters: DotsParameters(numberOfDots: 3, color: DotsParameters.blue)) }

struct DotsRow: Sendable { let t: Double; let cells: [(Double, Double)] }

/// §4.5: t → (S, α) for dots 0, 1, 2.
let dotsTable: [DotsRow] = [
    .init(t: 0.10, cells: [(0.04090, 0.71227), (0, 0.70000), (0, 0.70000)]),
    .init(t: 0.35, cells: [(0.50000, 0.85000), (0.09411, 0.72823), (0, 0.70000)]),
    .init(t: 0.40, cells: [(0.62157, 0.88647), (0.16970, 0.75091), (0, 0.70000)]),
    .init(t: 0.55, cells: [(0.83946, 0.94619), (0.50000, 0.85000), (0.09411, 0.72823)]),
    .init(t: 0.70, cells: [(0.69726, 0.88647), (0.80452, 0.93890), (0.37843, 0.81353)]),
    .init(t: 1.00, cells: [(0.23272, 0.71227), (0.50274, 0.81353), (0.83028, 0.93890)]),
    .init(t: 1.05, cells: [(0.21584, 0.70594), (0.41275, 0.77978), (0.77995, 0.91803)]),
    .init(t: 1.55, cells: [(0.85651, 0.94619), (0.60000, 0.85000), (0.27529, 0.72823)]),
    .init(t: 2.05, cells: [(0.21584, 0.70594), (0.41275, 0.77978), (0.78141, 0.91803)]),
    .init(t: 2.55, cells: [(0.85651, 0.94619), (0.60000, 0.85000), (0.27529, 0.72823)]),
]

@Test(arguments: dotsTable) func dotsStateMatchesTable(_ row: DotsRow) throws {
    let scene = try blueDots()
    let list = scene.displayList(at: row.t)
    var drawn = list.shapeNodes.makeIterator()
    for (i, (s, a)) in row.cells.enumerated() {
        let st = scene.state(ofDot: i, at: row.t)
        #expect(abs(st.scale - s) < 1e-5, "dot \(i) t=\(row.t): S = \(st.scale), table \(s)")
        #expect(abs(st.opacity - a) < 1e-5, "dot \(i) t=\(row.t): α = \(st.opacity), table \(a)")
        // The list has one disc of radius 25·S per visible dot, with opacity α; S = 0 draws nothing.
        guard s > 0 else { continue }
        guard case .fill(let id, _, .solid(let color, let opacity))? = drawn.next() else {
            Issue.record("dot \(i) t=\(row.t): missing from the display list"); continue
        }
        let path = list.path(id)
        #expect(color == DotsParameters.blue && abs(opacity - a) < 1e-5)
        let box = try #require(path.controlPointBounds)
        #expect(abs(box.width / 2 - 25 * st.scale) < 1e-9, "dot \(i) t=\(row.t): radius \(box.width / 2) vs 25·\(st.scale)")
        #expect(abs(box.width / 2 - 25 * s) < 25 * 1e-5, "dot \(i) t=\(row.t): radius \(box.width / 2) vs table 25·\(s)")
        let c = scene.center(ofDot: i)
        #expect(abs(box.minX + box.width / 2 - c.x) < 1e-9 && abs(box.minY + box.height / 2 - c.y) < 1e-9)
    }
    #expect(drawn.next() == nil, "no extra items at t=\(row.t)")
}

@Test func dotsLayout() throws {
    let scene = try blueDots()
    #expect(scene.canvas == Size(width: 240, height: 120))
    #expect((0..<3).map { scene.center(ofDot: $0) } == [Point(x: 62, y: 60), Point(x: 120, y: 60), Point(x: 178, y: 60)])
    for n in [1, 2, 5, 10] {
        let p = DotsParameters(numberOfDots: n)
        #expect(p.defaultCanvas == Size(width: Double(58 * n + 66), height: 120), "n = \(n)")
        // Row centred: first and last centres symmetric about W/2.
        let s = try DotsScene(parameters: p)
        #expect(abs(s.center(ofDot: 0).x + s.center(ofDot: n - 1).x - s.canvas.width) < 1e-9)
    }
    // A preset canvas overrides the default; the row stays centred.
    let wide = try DotsScene(canvas: Size(width: 400, height: 200), parameters: DotsParameters())
    #expect(wide.center(ofDot: 1) == Point(x: 200, y: 100))
    #expect(wide.center(ofDot: 0) == Point(x: 142, y: 100))
}

/// §4.5: fill colour at dot 0's centre over white, blue preset.
@Test(arguments: [(0.55, "#0E81FF"), (2.05, "#4BA1FF"), (2.55, "#0E81FF")])
func bluePresetCentreColour(_ t: Double, _ hex: String) throws {
    let scene = try blueDots()
    for scale in [1.0, 2.0] {
        expectColor(renderedColor(scene, at: t, x: 62, y: 60, scale: scale), hex, tolerance: 1, "dots-blue t=\(t) scale \(scale)")
    }
    // Dots 1 and 2 at their centres: the same rule, α·C + (1 − α)·white.
    for i in 1..<3 {
        let a = scene.state(ofDot: i, at: t).opacity
        guard scene.state(ofDot: i, at: t).scale > 0.1 else { continue }
        let want = RGBA(r: 1 - a, g: a * 122 / 255 + (1 - a), b: 1, a: 1)
        expectColor(renderedColor(scene, at: t, x: scene.center(ofDot: i).x, y: 60), want.hexString, tolerance: 1, "dot \(i) t=\(t)")
    }
}

@Test func invisibleBeforeFirstGrowAndBackgroundOutsideDots() throws {
    let scene = try blueDots()
    #expect(scene.displayList(at: 0).isEmpty)
    #expect(scene.displayList(at: 0.1).shapeCount == 1)
    expectColor(renderedColor(scene, at: 0.55, x: 91, y: 60), "#FFFFFF", tolerance: 0, "between dots 0 and 1")
}

@Test func defaultsAreTheComponentsAndTheSpec() {
    let p = DotsParameters()
    #expect(p.numberOfDots == 3 && p.color.hexString.uppercased() == "#34C759")
    #expect(DotsParameters.blue.hexString.uppercased() == "#007AFF")
    #expect(p.dotSize == 50 && p.spacing == 8 && p.stagger == 0.2 && p.hold == 0.4 && p.cycle == 1)
    #expect(p.bigScale == 1 && p.smallScale == 0.2 && p.threshold == 0.7 && p.dimOpacity == 0.7)
    #expect(p.baseDuration == 0.35 && p.speed == 0.5 && p.curve == .easeInOut && p.effectiveDuration == 0.7)
}

@Test func parametersAreValidatedNamingTheField() {
    func field(_ change: (inout DotsParameters) -> Void) -> String? {
        var p = DotsParameters()
        change(&p)
        do { _ = try DotsScene(parameters: p); return nil } catch { return error.field }
    }
    #expect(field { $0.numberOfDots = 0 } == "numberOfDots")
    #expect(field { $0.numberOfDots = -2 } == "numberOfDots")
    #expect(field { $0.numberOfDots = 65 } == "numberOfDots")
    #expect(field { $0.cycle = 0 } == "cycle")
    #expect(field { $0.cycle = -1 } == "cycle")
    #expect(field { $0.baseDuration = 0 } == "baseDuration")
    #expect(field { $0.speed = 0 } == "speed")
    #expect(field { $0.dotSize = 0 } == "dotSize")
    #expect(field { $0.stagger = -0.1 } == "stagger")
    #expect(field { $0.hold = .nan } == "hold")
    #expect(field { $0.dimOpacity = 1.5 } == "dimOpacity")
    #expect(field { $0.color.r = 2 } == "color")      // RGBA.init clamps; a mutated component does not
    #expect(field { $0.curve = TimingCurve(0.4, 20, 0.6, 1) } == "curve")
    #expect(field { $0.numberOfDots = 64 } == nil)
    #expect(field { $0.stagger = 0; $0.hold = 0 } == nil)
}

@Test func otherParametersChangeTheWave() throws {
    // A linear curve at speed 1: d = 0.35 s; dot 0 at t = 0.175 is half-way to 1.
    var p = DotsParameters(numberOfDots: 2)
    p.curve = .linear; p.speed = 1; p.bigScale = 0.8; p.dimOpacity = 0.5
    let s = try DotsScene(parameters: p)
    let st = s.state(ofDot: 0, at: 0.175)
    #expect(abs(st.scale - 0.4) < 1e-12)
    #expect(abs(st.opacity - 0.75) < 1e-12)   // 0.5 → 1 (0.8 ≥ 0.7), half-way
    #expect(abs(try #require(s.loop).periodicFrom - (0.2 + 0.35)) < 1e-12)
}

// MARK: - loop (§1.5: 1 s, valid once t ≥ 0.2(n − 1) + 0.7, loop [2, 3) for n = 3)

@Test func dotsLoop() throws {
    let scene = try DotsScene(parameters: DotsParameters(numberOfDots: 3, color: DotsParameters.blue))
    let loop = try #require(scene.loop)
    #expect(loop.period == 1)
    #expect(abs(loop.periodicFrom - 1.1) < 1e-12)
    #expect(loop.start == 2.0 && loop.validUntil == .infinity)
    #expect(scene.loop(containing: 1.05) == nil && scene.loop(containing: 1.1) == loop)
    // n = 1: periodic from 0.7, loop from 1.0; n = 5: from 1.5, loop from 2.0; cycle 1.5 (n = 3): from 1.1, loop from 1.5.
    #expect(try DotsScene(parameters: DotsParameters(numberOfDots: 1)).loop?.start == 1.0)
    #expect(try DotsScene(parameters: DotsParameters(numberOfDots: 5)).loop?.start == 2.0)
    var slow = DotsParameters(); slow.cycle = 1.5
    let s = try #require(try DotsScene(parameters: slow).loop)
    #expect(s.period == 1.5 && s.start == 1.5)
}

@Test func dotsDrawingRepeatsFromTheLoopStartButNotBefore() throws {
    let scene = try DotsScene(parameters: DotsParameters(numberOfDots: 3, color: DotsParameters.blue))
    for i in 0..<60 {
        let t = 2.0 + Double(i) / 60
        #expect(frameBytes(scene, at: t) == frameBytes(scene, at: t + 1), "t=\(t)")
        #expect(frameBytes(scene, at: t) == frameBytes(scene, at: t + 2), "t=\(t)")
    }
    // Dot 2 is not yet periodic at 1.05 s (its first grow, at 0.4 s, ends at 1.1 s).
    #expect(frameBytes(scene, at: 1.05, scale: 2) != frameBytes(scene, at: 2.05, scale: 2))
    // Frame 0 of the loop differs from frame 1 at 60 fps.
    #expect(frameBytes(scene, at: 2.0) != frameBytes(scene, at: 2.0 + 1.0 / 60))
}
