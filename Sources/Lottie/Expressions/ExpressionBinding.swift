// A property's recognised expression, bound to the property's keyframes and the controls it reads
//
// At frame f the property's value is P(f) = scale · program(f) where the program sees
// `value` = K(f)/scale, K the keyframed (or static) value in model units and `scale` the
// decoder's unit conversion (opacity and scale percentages: 0.01; others 1), so expressions
// compute in the file's units as After Effects does. A 3-D result on a 2-D property keeps x and y;
// a non-finite result gives K(f).

import Motion

/// The property's own value, without the expression.
enum ExpressionBase: Sendable {
    case constant(ExpressionValue)
    case track(KeyframeTrack)
    case spatial(SpatialTrack)

    var keyframeTimes: [Double]? {
        switch self {
        case .constant: return nil
        case .track(let t): return t.times.times
        case .spatial(let t): return t.track.times.times
        }
    }
}

public final class ExpressionBinding: Sendable {
    /// The expression's text as the file gives it.
    public let source: String
    let code: ExpressionCode
    let base: ExpressionBase
    let count: Int
    let scale: Double
    let frameRate: Double
    let seed: UInt64
    let controls: [EffectControlValue]
    let layerInPoint: Double
    let layerOutPoint: Double

    init(source: String, code: ExpressionCode, base: ExpressionBase, count: Int, scale: Double, frameRate: Double,
         seed: UInt64, controls: [EffectControlValue], layerInPoint: Double, layerOutPoint: Double) {
        self.source = source
        self.code = code
        self.base = base
        self.count = count
        self.scale = scale
        self.frameRate = frameRate
        self.seed = seed
        self.controls = controls
        self.layerInPoint = layerInPoint
        self.layerOutPoint = layerOutPoint
    }

    /// K(f)/scale.
    func baseValue(at frame: Double) -> ExpressionValue {
        var v: ExpressionValue
        switch base {
        case .constant(let c): v = c
        case .track(let t):
            var s = SIMD4<Double>()
            for d in 0..<min(t.dimensions, 4) { s[d] = t.value(at: frame, dimension: d) }
            v = ExpressionValue(s, count: count)
        case .spatial(let t):
            let p = t.value(at: frame)
            v = ExpressionValue(SIMD4(p.x, p.y, 0, 0), count: 2)
        }
        v.v /= scale
        return v
    }

    /// P(f) in model units (components 0 ..< count).
    public func value(at frame: Double) -> SIMD4<Double> {
        let value = baseValue(at: frame)
        let env = ExpressionEnvironment(frame: frame, frameRate: frameRate, binding: self, value: value)
        let r = code.evaluate(env)
        return (r.isFinite ? r.v : value.v) * scale
    }
}
