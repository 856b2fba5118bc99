// Seamless loops (docs/ANIMATIONS.md §1.5): what `Scene.loop` says for the pulse and the dots, and
// that the drawing really repeats with that period inside the window and not across its end.
// (The dots' loop is tested in DotsTests.swift.)
import Testing
import Geometry
import Raster
import Render
import Motion
@testable import Scenes

/// The RGBA bytes of `scene` at t on its canvas at `scale`.
func frameBytes(_ scene: some Scene, at t: Double, scale: Double = 0.5) -> [UInt8] {
    let canvas = Canvas(width: Int((scene.canvas.width * scale).rounded()), height: Int((scene.canvas.height * scale).rounded()))
    Renderer().render(scene.displayList(at: t), background: .white, transform: .scale(scale, scale), on: canvas)
    return canvas.withUnsafeBytes { Array($0) }
}

@Test func pulseLoopWindows() throws {
    #expect(try redScene().loop == SceneLoop(period: 1.0))
    #expect(try orangeScene().loop == SceneLoop(period: 1.2))
    let blue = try blueScene()
    let windows = blue.loopWindows
    #expect(windows.count == 2)
    #expect(windows[0].period == 7 && windows[0].periodicFrom == 0 && windows[0].validUntil == 21 && windows[0].start == 0)
    #expect(windows[0].note == "layer 2 (1.4 s × 15) ends at 21 s")
    #expect(windows[1].period == 1 && windows[1].periodicFrom == 21 && windows[1].validUntil == .infinity)
    #expect(blue.loop == windows[0])
    #expect(blue.loop(containing: 20.9) == windows[0])
    #expect(blue.loop(containing: 21) == windows[1])
    #expect(windows[0].admits(start: 0, loops: 3) && !windows[0].admits(start: 0.1, loops: 3))
    #expect(windows[0].maxLoops(from: 0) == 3 && windows[0].maxLoops(from: 14.5) == 0)
}

@Test func pulseLoopWindowsWithALateAndAShortLayer() throws {
    // A (1 s, ∞) from 0; B (1.5 s × 2) from 0.5 → [0, 0.5) too short for 1 s… no: 0.5 < 1, skipped;
    // [0.5, 3.5) P = 3 s; [3.5, ∞) P = 1 s.
    let scene = try PulseScene(parameters: PulseParameters(layers: [
        PulseLayer(radius: 100, duration: 1, color: blue),
        PulseLayer(radius: 150, duration: 1.5, repeatCount: .finite(2), color: orange, startTime: 0.5),
    ]))
    let w = scene.loopWindows
    #expect(w.map(\.period) == [3, 1])
    #expect(w.map(\.periodicFrom) == [0.5, 3.5])
    #expect(w[0].note == "layer 2 (1.5 s × 2) ends at 3.5 s")
    #expect(scene.loop(containing: 0.2) == nil)
    // Only finite layers: after the last one ends there is nothing to loop.
    let finite = try PulseScene(parameters: PulseParameters(layers: [PulseLayer(radius: 100, duration: 1, repeatCount: .finite(3), color: red)]))
    #expect(finite.loopWindows == [SceneLoop(period: 1, periodicFrom: 0, validUntil: 3, note: "layer 1 (1 s × 3) ends at 3 s")])
    // Durations off the 1 ms grid have no exact period.
    let odd = try PulseScene(parameters: PulseParameters(layers: [PulseLayer(radius: 100, duration: 1.0 / 3, color: red)]))
    #expect(odd.loop == nil && odd.loopPeriod == nil)
}

@Test func pulseDrawingRepeatsInsideItsWindowOnly() throws {
    let blue = try blueScene()
    for t in stride(from: 0.0, to: 7.0, by: 0.37) {
        #expect(frameBytes(blue, at: t) == frameBytes(blue, at: t + 7), "t=\(t)")
        #expect(frameBytes(blue, at: t) == frameBytes(blue, at: t + 14), "t=\(t)")
    }
    // Across the end of the window (B gone at 21 s) the 7 s period no longer holds…
    #expect(frameBytes(blue, at: 14.5) != frameBytes(blue, at: 21.5))
    // …but the 1 s period of the next window does.
    #expect(frameBytes(blue, at: 21.5) == frameBytes(blue, at: 25.5))
    let orange = try orangeScene()
    for t in stride(from: 0.0, to: 1.2, by: 0.1) {
        #expect(frameBytes(orange, at: t) == frameBytes(orange, at: t + 2.4), "t=\(t)")
    }
}
