// PULSE — Core Animation pulse (docs/ANIMATIONS.md §3).
//
// Each layer is a filled disc of radius r centred on P. A group animation of duration D,
// repeated N times, with group timing function F (CA "default" curve) warps the time its two
// children see:
//
//     τ = t − t0;  nothing drawn if τ < 0 or τ ≥ N·D   (model opacity is 0)
//     k = floor(τ/D),  u = τ/D − k,  w = F(u)
//     radius = r·w                    (scale 0 → 1, linear in w)
//     α      = K(w)                   (keyframes [0.4, 0.8, 0] at key times [0, 0.3, 1])
//
// Layers are listed front to back; each newer layer goes to the back (§3.1 decision), so they
// are drawn in reverse order, source-over, onto the white background.
import Geometry
import Raster
import Motion
import Render

/// One pulse layer (one `PulseAnimation` CALayer of the tutorial).
public struct PulseLayer: Sendable, Equatable {
    public var radius: Double
    public var duration: Double
    public var repeatCount: RepeatCount
    public var color: RGBA
    /// Centre in canvas points; nil = canvas centre.
    public var center: Point?
    public var startTime: Double

    public init(radius: Double, duration: Double, repeatCount: RepeatCount = .infinite,
                color: RGBA, center: Point? = nil, startTime: Double = 0) {
        self.radius = radius; self.duration = duration; self.repeatCount = repeatCount
        self.color = color; self.center = center; self.startTime = startTime
    }
}

/// Parameters of the pulse animation (§3.4). Keyframes and curve are the tutorial's,
/// exposed as advanced settings.
public struct PulseParameters: Sendable {
    /// Front to back.
    public var layers: [PulseLayer]
    public var opacityValues: [Double] = [0.4, 0.8, 0]
    public var opacityKeyTimes: [Double] = [0, 0.3, 1]
    public var timing: TimingCurve = .caDefault

    public init(layers: [PulseLayer]) { self.layers = layers }
}

/// The state of one layer at one instant: what gets drawn.
public struct PulseLayerState: Sendable, Equatable {
    /// Local progress u ∈ [0, 1) within the current iteration.
    public var progress: Double
    /// Warped progress w = F(u) (also the scale).
    public var warped: Double
    public var radius: Double
    public var opacity: Double
}

public struct PulseScene: Scene {
    public let canvas: Size
    public let parameters: PulseParameters
    private let opacity: Keyframes
    private let groups: [AnimationGroup]

    public init(canvas: Size = Size(width: 400, height: 400), parameters: PulseParameters) throws(MotionError) {
        self.canvas = canvas
        self.parameters = parameters
        self.opacity = try Keyframes(values: parameters.opacityValues, keyTimes: parameters.opacityKeyTimes)
        var groups: [AnimationGroup] = []
        for layer in parameters.layers {
            groups.append(try AnimationGroup(duration: layer.duration, repeatCount: layer.repeatCount,
                                             beginTime: layer.startTime, timingFunction: parameters.timing))
        }
        self.groups = groups
    }

    /// Layer `index`'s state at time t, or nil when it draws nothing (before start, after N·D).
    public func state(ofLayer index: Int, at t: Double) -> PulseLayerState? {
        guard let (_, u, w) = groups[index].state(at: t) else { return nil }
        return PulseLayerState(progress: u, warped: w,
                               radius: parameters.layers[index].radius * w,
                               opacity: opacity.value(at: w))
    }

    public func draw(at t: Double, into list: inout DisplayList) {
        let centre = Point(x: canvas.width / 2, y: canvas.height / 2)
        for index in parameters.layers.indices.reversed() {      // back layer first
            guard let s = state(ofLayer: index, at: t), s.radius > 0, s.opacity > 0 else { continue }
            let layer = parameters.layers[index]
            list.fill(paint: .solid(layer.color, opacity: s.opacity)) { path in
                path.addCircle(center: layer.center ?? centre, radius: s.radius)
            }
        }
    }

    /// The period of the scene's first seamless loop (see `loop` in PulseLoop.swift): the
    /// least common multiple of the durations of the layers running then (blue: 7 s).
    public var loopPeriod: Double? { loop?.period }
}

/// LCM of positive durations on a 1 ms grid (1.0 and 1.4 → 7.0). Nil if above 60 s.
func leastCommonMultiple(of durations: [Double]) -> Double? {
    guard !durations.isEmpty else { return nil }
    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
    var lcm = 1
    for d in durations {
        let ms = Int((d * 1000).rounded())
        guard ms > 0, abs(Double(ms) / 1000 - d) < 1e-9 else { return nil }
        lcm = lcm / gcd(lcm, ms) * ms
        if lcm > 60_000 { return nil }
    }
    return Double(lcm) / 1000
}
