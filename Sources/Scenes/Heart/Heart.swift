// HEART — the heart-rate measuring animation (docs/ANIMATIONS.md §2).
//
// Layout (§2.1): a leading-aligned vertical stack centred on the canvas — the label, a gap G,
// then the size × size heart frame:
//     Wv = max(Wt, size), Hv = Ht + G + size, x0 = (W − Wv)/2, y0 = (H − Hv)/2
//     label baseline (x0, y0 + Bt), heart frame origin (x0, y0 + Ht + G)
// Wt is the label's advance width as drawn (with the font's kerning: Inter Bold 17 gives
// 180.90 pt; 180.53 pt without kerning, the spec's 180.5 reference). Ht, Bt and G are the
// spec's SF Pro values (20.33, 16.19, 10.64), so the label sits on SF's baseline.
// Without a label the stack is the heart alone.
//
// Time (§2.6): one linear progress p = frac(t / period) drives everything:
//     dash phase φ = φ0 + (φ1 − φ0)·p     (83 → −83 pt, × size/64 with scaleDash)
//     gradient start angle θs = a0 + (a1 − a0)·p   (0 → 360°), end = θs + 360
//     hue rotation h = h0 + (h1 − h0)·p    (360 → 0°)
// Paint (§2.3–2.5): the outline stroked 5 pt, round caps and joins, dash [150, 15]; painted
// with an angular gradient centred on the frame centre (blue, red, blue evenly spaced), in a
// group hue-rotated by the SVG matrix. The hue rotation applies to the heart layer only; the
// group holds one gradient-painted stroke, so the renderer folds the filter into the
// gradient's colour table (exact per table entry), which the Raster tests show equals the
// off-screen-layer result within ±1.
import Geometry
import Raster
import Motion
import Render
import Text

public struct HeartParameters: Sendable {
    public var size: Double = 64
    public var lineWidth: Double = 5
    public var dashOn: Double = 150
    public var dashOff: Double = 15
    public var phaseFrom: Double = 83
    public var phaseTo: Double = -83
    public var period: Double = 2.5
    public var gradientColors: [RGBA] = [RGBA(hex: "#005FFF")!, RGBA(hex: "#FF0000")!, RGBA(hex: "#005FFF")!]
    public var gradientStartFrom: Double = 0
    public var gradientStartTo: Double = 360
    public var hueFrom: Double = 360
    public var hueTo: Double = 0
    /// Scale dash lengths and phases by size/64 (§2.7); the line width is not scaled.
    public var scaleDash = true
    public var label: String? = "Measuring Heart Rate"
    public var labelColor: RGBA = .white
    public var fontSize: Double = 17
    /// Label box height Ht, baseline Bt below its top, and the gap G to the heart (SF Pro values).
    public var labelHeight: Double = 20.33
    public var labelBaseline: Double = 16.19
    public var gap: Double = 10.64

    public init() {}
}

public struct HeartScene: Scene {
    public let canvas: Size
    public let parameters: HeartParameters
    /// Top-left of the heart frame, in canvas points.
    public let frameOrigin: Point
    /// The label, laid out on its baseline (nil without a label).
    public let label: TextLine?
    let heart: Path
    let gradient: Gradient
    let dashScale: Double
    /// `strokeStyle`, built once (its dash array would otherwise be allocated every frame).
    let baseStrokeStyle: StrokeStyle

    /// `font` is needed only when the parameters have a label.
    public init(canvas: Size = Size(width: 320, height: 180), parameters: HeartParameters, font: Font?) throws(MotionError) {
        guard parameters.period.isFinite, parameters.period > 0 else { throw .notPositive(parameter: "period", value: parameters.period) }
        self.canvas = canvas
        self.parameters = parameters
        let size = parameters.size
        var labelLine: TextLine?
        var stackWidth = size, stackHeight = size, heartTop = 0.0
        if let text = parameters.label, let font {
            let probe = font.layout(text, origin: .zero)
            stackWidth = max(probe.advanceWidth, size)
            stackHeight = parameters.labelHeight + parameters.gap + size
            heartTop = parameters.labelHeight + parameters.gap
            let x0 = (canvas.width - stackWidth) / 2, y0 = (canvas.height - stackHeight) / 2
            labelLine = font.layout(text, origin: Point(x: x0, y: y0 + parameters.labelBaseline))
        }
        let x0 = (canvas.width - stackWidth) / 2, y0 = (canvas.height - stackHeight) / 2
        frameOrigin = Point(x: x0, y: y0 + heartTop)
        label = labelLine
        heart = HeartShape.path(origin: frameOrigin, width: size, height: size)
        gradient = Gradient(colors: parameters.gradientColors)
        dashScale = parameters.scaleDash ? size / 64 : 1
        baseStrokeStyle = StrokeStyle(lineWidth: parameters.lineWidth, cap: .round, join: .round,
                                      dash: [parameters.dashOn * dashScale, parameters.dashOff * dashScale])
    }

    /// p(t) = frac(t / period).
    public func progress(at t: Double) -> Double {
        let x = t / parameters.period
        return x - x.rounded(.down)
    }

    /// Dash phase φ(t) in points.
    public func dashPhase(at t: Double) -> Double {
        let p = progress(at: t)
        return (parameters.phaseFrom + (parameters.phaseTo - parameters.phaseFrom) * p) * dashScale
    }

    /// Gradient start angle θs(t) in degrees.
    public func gradientStart(at t: Double) -> Double {
        parameters.gradientStartFrom + (parameters.gradientStartTo - parameters.gradientStartFrom) * progress(at: t)
    }

    /// Hue rotation h(t) in degrees.
    public func hueRotation(at t: Double) -> Double {
        parameters.hueFrom + (parameters.hueTo - parameters.hueFrom) * progress(at: t)
    }

    /// The gradient centre: the heart frame's centre (§2.4, Q13).
    public var gradientCenter: Point {
        Point(x: frameOrigin.x + parameters.size / 2, y: frameOrigin.y + parameters.size / 2)
    }

    public var strokeStyle: StrokeStyle { baseStrokeStyle }

    public func draw(at t: Double, into list: inout DisplayList) {
        if let label { list.fill(label.path, rule: label.fillRule, paint: .solid(parameters.labelColor)) }
        var style = strokeStyle
        style.dashPhase = dashPhase(at: t)
        let stops = list.addGradient(gradient)
        list.group(Group(filter: .hueRotation(degrees: hueRotation(at: t)))) { list in
            list.stroke(heart, style: style,
                        paint: .conic(ConicGradient(stops, center: gradientCenter, startAngle: gradientStart(at: t))))
        }
    }

    public var loopPeriod: Double? { parameters.period }
}
