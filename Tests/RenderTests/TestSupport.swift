// Helpers for the display-list tests: small canvases, pixel comparisons, direct Raster renders.
import Testing
import Geometry
import Raster
@testable import Render

/// The canvas's bytes.
func bytes(_ canvas: Canvas) -> [UInt8] { canvas.withUnsafeBytes { Array($0) } }

/// Largest per-channel difference of two canvases.
func maximumDifference(_ a: Canvas, _ b: Canvas) -> Int {
    zip(bytes(a), bytes(b)).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// Renders `list` on a new w×h canvas over `background` with `shortcuts`.
func rendered(_ list: DisplayList, width: Int = 64, height: Int = 64, background: RGBA = .white,
              transform: Transform = .identity, shortcuts: Renderer.Shortcuts = .all) -> (Canvas, RenderReport) {
    let canvas = Canvas(width: width, height: height)
    let renderer = Renderer()
    renderer.shortcuts = shortcuts
    let report = renderer.render(list, background: background, transform: transform, on: canvas)
    return (canvas, report)
}

/// A canvas cleared to `background` on which `draw` paints with a plain rasterizer.
func direct(width: Int = 64, height: Int = 64, background: RGBA = .white, _ draw: (Rasterizer, Canvas) throws -> Void) rethrows -> Canvas {
    let canvas = Canvas(width: width, height: height)
    canvas.clear(to: background)
    try draw(Rasterizer(), canvas)
    return canvas
}

let red = RGBA(r: 0.9, g: 0.1, b: 0.2)
let blue = RGBA(r: 0.1, g: 0.3, b: 0.95)
let threeColours = Gradient(colors: [RGBA(hex: "#005FFF")!, RGBA(hex: "#FF0000")!, RGBA(hex: "#FFCC00")!])

/// The straight colour of the pixel, Double components.
func straight(_ p: PremultipliedRGBA8) -> (r: Double, g: Double, b: Double, a: Double) {
    let s = p.straight
    return (Double(s.r) / 255, Double(s.g) / 255, Double(s.b) / 255, Double(s.a) / 255)
}

