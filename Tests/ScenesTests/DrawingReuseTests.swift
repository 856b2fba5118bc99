// Drawing into a reused `Drawing` (Scene.draw(at:into:), what the exporter does) gives the same
// pixels as a fresh `drawing(at:)` every frame, including frames where shapes come and go.
import Geometry
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

/// Reusing recorded coverage (DrawingRenderer.reusesCoverage, CoverageRecording.swift) gives the
/// same pixels as rasterizing every fill, frame after frame on a reused canvas, with transforms
/// that change part-way.
@Test func reusedCoverageMatchesRasterizingEveryFrame() throws {
    let scenes: [any Scene] = [try heartScene(), try redScene(), try blueScene(), try blueDots()]
    for scene in scenes {
        let (w, h) = (Int(scene.canvas.width) + 3, Int(scene.canvas.height) + 1)
        let reusing = DrawingRenderer(), fresh = DrawingRenderer()
        fresh.reusesCoverage = false
        let a = Canvas(width: w, height: h), b = Canvas(width: w, height: h)
        var drawing = Drawing()
        for i in 0..<24 {
            let t = Double(i) / 20
            let transform = i < 14 ? Transform.identity : Transform(a: 0.75, b: 0, c: 0, d: 0.75, tx: 7.25, ty: 3.5)
            scene.draw(at: t, into: &drawing)
            reusing.render(drawing, background: RGBA(r: 0.1, g: 0.1, b: 0.2), transform: transform, on: a)
            fresh.render(drawing, background: RGBA(r: 0.1, g: 0.1, b: 0.2), transform: transform, on: b)
            let same = a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
            #expect(same, "\(type(of: scene)) frame \(i)")
            if !same { break }
        }
    }
}
