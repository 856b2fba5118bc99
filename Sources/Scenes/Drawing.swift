// A scene's output at one instant: a list of drawing commands in canvas points.
//
// Scenes know time and parameters; the rasterizer knows pixels. `Drawing` is the narrow
// interface between them: back-to-front items, each a path with a fill rule and a paint.
// `DrawingRenderer` maps points to pixels with one affine transform and hands each item to
// the rasterizer, so a scene never sees the output resolution.
import Raster

/// What paints a filled item. Colours are straight-alpha, gamma-encoded sRGB (ANIMATIONS.md §1.2).
public enum FillStyle: Sendable, Equatable {
    /// A solid colour whose alpha is multiplied by `opacity` (SwiftUI `.opacity`, CA layer opacity).
    case solid(RGBA, opacity: Double)
}

/// One drawing command.
public enum DrawItem: Sendable {
    case fill(Path, rule: FillRule, style: FillStyle)
}

/// The drawing commands of one frame, back to front, in canvas points (y down).
public struct Drawing: Sendable {
    public var items: [DrawItem] = []
    public init(items: [DrawItem] = []) { self.items = items }

    public mutating func fill(_ path: Path, rule: FillRule = .nonZero, style: FillStyle) {
        items.append(.fill(path, rule: rule, style: style))
    }
}

/// Renders drawings onto a canvas. Owns the rasterizer so its scratch memory is reused.
public final class DrawingRenderer {
    private let rasterizer = Rasterizer()
    public init() {}

    /// Clears `canvas` to `background` and draws `drawing` with `transform` (points → pixels).
    public func render(_ drawing: Drawing, background: RGBA, transform: Transform, on canvas: Canvas) {
        canvas.clear(to: background)
        for item in drawing.items {
            switch item {
            case .fill(let path, let rule, .solid(let color, let opacity)):
                guard opacity > 0, color.a > 0 else { continue }
                rasterizer.fill(path, transform: transform, rule: rule,
                                paint: SolidPaint(color: color, opacity: opacity), on: canvas)
            }
        }
    }
}
