// Drawing into a reused `Drawing` (Scene.draw(at:into:), what the exporter does) gives the same
// pixels as a fresh `drawing(at:)` every frame, including frames where shapes come and go.
import Testing
@testable import Scenes
import Raster

private func pixels(_ drawing: Drawing, _ scene: any Scene) -> [UInt8] {
    let canvas = Canvas(width: Int(scene.canvas.width), height: Int(scene.canvas.height))
    DrawingRenderer().render(drawing, background: RGBA(r: 1, g: 1, b: 1), transform: .identity, on: canvas)
    return canvas.withUnsafeBytes { Array($0) }
}

@Test func reusedDrawingsMatchFreshOnes() throws {
    let scenes: [any Scene] = [try redScene(), try blueScene(), try blueDots()]
    for scene in scenes {
        var reused = Drawing()
        for i in 0..<90 {
            let t = Double(i) / 30
            scene.draw(at: t, into: &reused)
            let fresh = scene.drawing(at: t)
            #expect(reused.items.count == fresh.items.count, "t = \(t)")
            #expect(pixels(reused, scene) == pixels(fresh, scene), "t = \(t)")
        }
    }
}
