// A scene's output at one instant: a list of drawing commands in canvas points.
//
// Scenes know time and parameters; the rasterizer knows pixels. `Drawing` is the narrow
// interface between them: back-to-front items, each a path that is filled (with a fill rule)
// or stroked (with a stroke style), and a paint. `DrawingRenderer` maps points to pixels with
// one affine transform and hands each item to the rasterizer, so a scene never sees the
// output resolution. Paint geometry (gradient centres) is in canvas points too.
import Geometry
import Raster

/// What paints an item. Colours are straight-alpha, gamma-encoded sRGB (docs/ANIMATIONS.md §1.2).
public enum FillStyle: Sendable, Equatable {
    /// A solid colour whose alpha is multiplied by `opacity` (SwiftUI `.opacity`, CA layer opacity).
    case solid(RGBA, opacity: Double)
    /// An angular gradient (SwiftUI `AngularGradient`): 0° at 3 o'clock, clockwise on screen,
    /// one full turn from `startAngle`; `filter` (e.g. a hue rotation) applies to its colours.
    case conic(Gradient, center: Point, startAngle: Double, filter: ColorFilter?, opacity: Double)
}

/// One drawing command.
public enum DrawItem: Sendable {
    case fill(Path, rule: FillRule, style: FillStyle)
    case stroke(Path, StrokeStyle, style: FillStyle)
}

/// The drawing commands of one frame, back to front, in canvas points (y down).
public struct Drawing: Sendable {
    public var items: [DrawItem] = []
    /// The fill paths of the items before the last `reset`, whose storage `reusablePath` hands
    /// out again (so a scene redrawing into the same `Drawing` allocates nothing per frame).
    private var sparePaths: [Path] = []

    public init(items: [DrawItem] = []) { self.items = items }

    /// Removes every item, keeping the storage of the list and of the items' fill paths for
    /// reuse (`Scene.draw(at:into:)`).
    public mutating func reset() {
        // Spare paths not taken last frame stay (a frame that draws fewer shapes must not lose
        // their storage for the next one); at most 16 are kept.
        for item in items {
            if case .fill(let path, _, _) = item { sparePaths.append(path) }
        }
        if sparePaths.count > Self.maximumSparePaths {
            sparePaths.removeFirst(sparePaths.count - Self.maximumSparePaths)
        }
        items.removeAll(keepingCapacity: true)
    }

    private static let maximumSparePaths = 16

    /// An empty path, reusing the storage of a fill path from before the last `reset` if any.
    public mutating func reusablePath() -> Path {
        guard var path = sparePaths.popLast() else { return Path() }
        path.elements.removeAll(keepingCapacity: true)
        return path
    }

    public mutating func fill(_ path: Path, rule: FillRule = .nonZero, style: FillStyle) {
        items.append(.fill(path, rule: rule, style: style))
    }

    public mutating func stroke(_ path: Path, style stroke: StrokeStyle, paint: FillStyle) {
        items.append(.stroke(path, stroke, style: paint))
    }
}

/// Renders drawings onto a canvas. Owns the rasterizer so its scratch memory is reused.
public final class DrawingRenderer {
    public let rasterizer = Rasterizer()
    /// The last conic paint, whose colour table the next one rebuilds in place (the heart's
    /// hue changes every frame: no allocation per frame).
    private var recycledConic: ConicGradientPaint?
    /// Per item index, the coverage of that item's fill, reused while the fill stays the same
    /// (the heart's label: CoverageRecording.swift). Grows to the longest drawing; never shrinks.
    private var recordings: [CoverageRecording] = []
    /// Whether fills reuse recorded coverage (same pixels either way; off: every fill
    /// rasterizes, for comparisons and benchmarks).
    public var reusesCoverage = true
    public init() {}

    /// Clears `canvas` to `background` and draws `drawing` with `transform` (points → pixels).
    public func render(_ drawing: Drawing, background: RGBA, transform: Transform, on canvas: Canvas) {
        canvas.clear(to: background)
        while reusesCoverage && recordings.count < drawing.items.count { recordings.append(CoverageRecording()) }
        for (index, item) in drawing.items.enumerated() {
            let recording = reusesCoverage ? recordings[index] : nil
            let style: FillStyle
            switch item {
            case .fill(_, _, let s), .stroke(_, _, let s): style = s
            }
            // One call per concrete paint type, so each gets the rasterizer's specialised loops.
            switch style {
            case .solid(let color, let opacity):
                guard opacity > 0, color.a > 0 else { continue }
                draw(item, paint: SolidPaint(color: color, opacity: opacity), transform: transform, on: canvas,
                     recording: recording)
            case .conic(let gradient, let center, let startAngle, let filter, let opacity):
                guard opacity > 0 else { continue }
                let paint = ConicGradientPaint(gradient: gradient, center: center, startAngle: startAngle,
                                               opacity: opacity, filter: filter, recycling: &recycledConic)
                draw(item, paint: paint, transform: transform, on: canvas, recording: recording)
                recycledConic = paint
            }
        }
        // The clear's deferred rows that nothing drew over this frame (Canvas.swift): written now,
        // so the frame's cost holds the whole clear.
        canvas.resolvePendingClear()
    }

    private func draw<P: Paint>(_ item: DrawItem, paint: P, transform: Transform, on canvas: Canvas,
                                recording: CoverageRecording?) {
        switch item {
        case .fill(let path, let rule, _):
            rasterizer.fill(path, transform: transform, rule: rule, paint: paint, on: canvas, recording: recording)
        case .stroke(let path, let stroke, _):
            // An invalid dash pattern draws nothing; presets validate dashes before this point.
            try? rasterizer.stroke(path, style: stroke, transform: transform, paint: paint, on: canvas)
        }
    }
}
