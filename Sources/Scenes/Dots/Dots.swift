// DOTS — animated progress view (docs/ANIMATIONS.md §4).
//
// Layout (§4.1). n dots, each in a dotSize × dotSize frame (50 pt), in a row with `spacing`
// between frames (8 pt, SwiftUI's default between two non-text views), centred on the canvas:
//
//     rowWidth = n·dotSize + (n − 1)·spacing
//     x0       = (W − rowWidth)/2
//     centre_i = (x0 + dotSize/2 + (dotSize + spacing)·i,  H/2)
//     default canvas W = rowWidth + 74, H = dotSize + 70      (58n + 66 × 120 for the defaults:
//                                                               240 × 120 for n = 3)
//
// For n = 3 on 240 × 120 the centres are (62, 60), (120, 60), (178, 60).
//
// Each dot is a filled circle inscribed in its frame, scaled about its centre by S (SwiftUI
// scaleEffect), so the drawn radius is (dotSize/2)·S; S ≤ 0 draws nothing. Its fill is the dot
// colour with the alpha multiplied by α (Color.opacity), composited source-over in
// gamma-encoded sRGB on the background (§1.2). (S, α) per dot and time come from Motion's
// `StaggeredGrowShrink` (§4.2 events, §4.3 chained combining): grow at k·cycle + stagger·i,
// shrink `hold` later, model opacity 1 if model scale ≥ threshold else dimOpacity, every change
// animated by `curve` over baseDuration / speed seconds.
//
// α is clamped to [0, 1] when drawn (a timing curve with y outside [0, 1] can overshoot).
//
// Loop (§1.5): dot i is periodic with period `cycle` once its first grow has finished,
// t ≥ stagger·i + d (when hold < cycle), so the row is periodic from
// stagger·(n − 1) + d = 1.1 s for the defaults. The default loop start is the first whole
// cycle from then on: t = 2.0 for n = 3 ("loop [2, 3)").
import Geometry
import Raster
import Motion
import Render

/// The parameters of the progress dots (§4.4). Defaults are the component's own (green).
public struct DotsParameters: Sendable, Equatable {
    /// n, 1 … `maxDots`.
    public var numberOfDots: Int = 3
    /// Straight sRGB; default SwiftUI green (light) #34C759.
    public var color: RGBA = DotsParameters.green
    /// Frame side and circle diameter in points (base radius dotSize/2).
    public var dotSize: Double = 50
    /// Gap between two dot frames in points.
    public var spacing: Double = 8
    /// Per-dot delay of the grow (s).
    public var stagger: Double = 0.2
    /// Grow → shrink delay (s).
    public var hold: Double = 0.4
    /// Repeat interval of the whole wave (s); also the loop period.
    public var cycle: Double = 1.0
    /// Model scale after a grow / after a shrink.
    public var bigScale: Double = 1.0
    public var smallScale: Double = 0.2
    /// Opacity rule: model scale ≥ threshold → 1, else `dimOpacity`.
    public var threshold: Double = 0.7
    public var dimOpacity: Double = 0.7
    /// Each change animates with `curve` over baseDuration / speed seconds (0.35 / 0.5 = 0.7 s).
    public var baseDuration: Double = 0.35
    public var speed: Double = 0.5
    public var curve: TimingCurve = .easeInOut

    /// SwiftUI `.green`, light appearance: (52, 199, 89) = #34C759 (component default).
    public static let green = RGBA(r: 52 / 255.0, g: 199 / 255.0, b: 89 / 255.0, a: 1)
    /// SwiftUI `.blue`, light appearance: (0, 122, 255) = #007AFF (the tutorial's usage).
    public static let blue = RGBA(r: 0, g: 122 / 255.0, b: 1, a: 1)
    /// The cap on `numberOfDots`: 64 dots at the default size are 3778 pt wide already
    /// (7556 px at scale 2, over the 4096 px frame cap: render such rows with --scale 1).
    public static let maxDots = 64

    public init() {}

    public init(numberOfDots: Int = 3, color: RGBA = DotsParameters.green) {
        self.numberOfDots = numberOfDots
        self.color = color
    }

    /// d = baseDuration / speed, the length of every grow/shrink animation (s).
    public var effectiveDuration: Double { baseDuration / speed }

    /// n·dotSize + (n − 1)·spacing.
    public var rowWidth: Double { Double(numberOfDots) * dotSize + Double(max(numberOfDots - 1, 0)) * spacing }

    /// The default canvas: rowWidth + 74 by dotSize + 70 (240 × 120 for three 50-pt dots).
    public var defaultCanvas: Size { Size(width: rowWidth + 74, height: dotSize + 70) }

    /// The first invalid parameter, if any: (field, message). Used by `DotsScene.init` and
    /// by preset decoding, so both name the same field.
    public func validationError() -> DotsParameterError? {
        func bad(_ field: String, _ message: String) -> DotsParameterError { DotsParameterError(field: field, message: message) }
        if !(1...Self.maxDots).contains(numberOfDots) {
            return bad("numberOfDots", "\(numberOfDots) is outside the allowed range 1…\(Self.maxDots)")
        }
        for (name, c) in [("r", color.r), ("g", color.g), ("b", color.b), ("a", color.a)] where !(c.isFinite && (0...1).contains(c)) {
            return bad("color", "component \(name) = \(c) is outside [0, 1]")
        }
        let checks: [(String, Double, ClosedRange<Double>, Bool)] = [   // field, value, range, lower bound exclusive
            ("dotSize", dotSize, 0...10_000, true),
            ("spacing", spacing, 0...10_000, false),
            ("stagger", stagger, 0...60, false),
            ("hold", hold, 0...60, false),
            ("cycle", cycle, 0...60, true),
            ("bigScale", bigScale, 0...100, true),
            ("smallScale", smallScale, 0...100, false),
            ("threshold", threshold, 0...100, false),
            ("dimOpacity", dimOpacity, 0...1, false),
            ("baseDuration", baseDuration, 0...60, true),
            ("speed", speed, 0...100, true),
        ]
        for (field, v, range, open) in checks where !(v.isFinite && range.contains(v) && !(open && v == range.lowerBound)) {
            let lower = open ? "(\(shortNumber(range.lowerBound))" : "[\(shortNumber(range.lowerBound))"
            return bad(field, "\(v) is outside the allowed range \(lower), \(shortNumber(range.upperBound))]")
        }
        // A TimingCurve always has x1, x2 ∈ [0, 1]; keep the y overshoot within reason too.
        if !(abs(curve.y1) <= 10 && abs(curve.y2) <= 10) {
            return bad("curve", "expected [x1, y1, x2, y2] with x1, x2 in [0, 1] and |y1|, |y2| ≤ 10")
        }
        return nil
    }
}

/// An invalid dots parameter: the field (as named in presets) and what is wrong.
public struct DotsParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    public var field: String
    public var message: String
    public var description: String { "\(field): \(message)" }
}

/// The progress-dots scene.
public struct DotsScene: Scene {
    public let canvas: Size
    public let parameters: DotsParameters
    /// The timelines of (S, α) for every dot.
    public let wave: StaggeredGrowShrink
    /// Each dot's animated (S, α), built once: a frame only evaluates them.
    private let timelines: [AnimatedValue<AnimatablePair<Double, Double>>]

    /// `canvas` nil = the default canvas for the parameters. Throws the first invalid field.
    public init(canvas: Size? = nil, parameters: DotsParameters = DotsParameters()) throws(DotsParameterError) {
        if let error = parameters.validationError() { throw error }
        self.canvas = canvas ?? parameters.defaultCanvas
        self.parameters = parameters
        let p = parameters
        do {
            let animation = try CurveAnimation(curve: p.curve, duration: p.baseDuration, speed: p.speed)
            // Before the first grow the model scale is 0, and the opacity follows the same rule.
            wave = try StaggeredGrowShrink(stagger: p.stagger, hold: p.hold, cycle: p.cycle,
                                           bigScale: p.bigScale, smallScale: p.smallScale,
                                           threshold: p.threshold, dimOpacity: p.dimOpacity, fullOpacity: 1,
                                           animation: animation, initialScale: 0,
                                           initialOpacity: 0 >= p.threshold ? 1 : p.dimOpacity)
        } catch {
            throw DotsParameterError(field: "parameters", message: error.description)
        }
        let wave = self.wave
        timelines = (0..<parameters.numberOfDots).map { wave.scaleAndOpacity(element: $0) }
    }

    /// Centre of dot i in canvas points.
    public func center(ofDot i: Int) -> Point {
        let p = parameters
        let x0 = (canvas.width - p.rowWidth) / 2
        return Point(x: x0 + p.dotSize / 2 + (p.dotSize + p.spacing) * Double(i), y: canvas.height / 2)
    }

    /// Dot i's presentation scale S and opacity α at time t (chained model, §4.3).
    public func state(ofDot i: Int, at t: Double) -> (scale: Double, opacity: Double) {
        let v = timelines[i].value(at: t)
        return (v.first, v.second)
    }

    public func draw(at t: Double, into list: inout DisplayList) {
        for i in 0..<parameters.numberOfDots {
            let (s, a) = state(ofDot: i, at: t)
            let radius = parameters.dotSize / 2 * s
            let alpha = min(1, max(0, a))
            guard radius > 0, alpha > 0 else { continue }
            let centre = center(ofDot: i)
            list.fill(paint: .solid(parameters.color, opacity: alpha)) { $0.addCircle(center: centre, radius: radius) }
        }
    }

    /// Every dot has run its first grow to the end: the row repeats every `cycle` from here.
    public var periodicFrom: Double { wave.periodicFrom(count: parameters.numberOfDots) }

    public var loopPeriod: Double? { parameters.cycle }

    /// Period `cycle`, periodic from stagger·(n − 1) + d (1.1 s for n = 3), forever; the
    /// default start is the first whole cycle from then on (2.0 s for n = 3).
    public var loop: SceneLoop? {
        let c = parameters.cycle, from = periodicFrom
        guard from.isFinite else { return nil }
        let start = (from / c - SceneLoop.tolerance).rounded(.up) * c
        return SceneLoop(period: c, periodicFrom: from, start: max(start, from),
                         note: "every dot repeats with the cycle from t = \(shortNumber(from)) s, once its first grow has finished")
    }
}
