// A recognised expression as a typed program, and its evaluation
//
// Values are numbers or vectors of 2–4 numbers (ExpressionValue, held inline: evaluation
// allocates nothing). Every node's length is known when the program is compiled
// (ExpressionCompiler.swift), so evaluation cannot fail. Arithmetic follows Bodymovin's
// helpers ($bm_sum, $bm_sub, $bm_mul, $bm_div, which the exporter writes for + − × ÷, and
// which lottie-web implements), on numbers n and vectors v:
//
//   n ± n → n            v ± v → v (component-wise over the longer length; missing ones 0)
//   v ± n → (v_0 ± n, v_1, …);   n ± v → (n ± v_0, v_1, …)   (only component 0 changes)
//   n × v, v × n → v scaled;   v ÷ n → v scaled by 1/n;   n ÷ v → (n/v_0, n/v_1, …)
//   v × v, v ÷ v → not recognised;   % numbers only (JavaScript's remainder: sign of the dividend)
//
// Names: `time` = frame / fps (the composition's seconds), `value` = the property's own
// keyframed value at the frame (in the file's units), Math.* and the loop, wiggle, clamp and
// effect-control forms (LoopExpressions.swift, WiggleNoise.swift, Model/LayerEffects.swift).
// A result that is not finite (a division by zero) is replaced by `value` — said in
// docs/lottie-expressions.md; After Effects would show an error there.

import Foundation

/// A number or a vector of up to 4 numbers.
struct ExpressionValue: Sendable, Equatable {
    var v: SIMD4<Double>
    var count: Int

    init(_ n: Double) { v = SIMD4(n, 0, 0, 0); count = 1 }
    init(_ v: SIMD4<Double>, count: Int) { self.v = v; self.count = count }

    subscript(i: Int) -> Double { i < count ? v[i] : 0 }
    var isFinite: Bool { (0..<count).allSatisfy { v[$0].isFinite } }
}

enum MathFunction: String, Sendable {
    case sin, cos, tan, asin, acos, atan, abs, floor, ceil, round, sqrt, exp, log
    case atan2, pow, min, max
    case degreesToRadians, radiansToDegrees

    var arity: Int {
        switch self {
        case .atan2, .pow, .min, .max: return 2
        default: return 1
        }
    }

    func apply(_ a: Double, _ b: Double) -> Double {
        switch self {
        case .sin: return Foundation.sin(a)
        case .cos: return Foundation.cos(a)
        case .tan: return Foundation.tan(a)
        case .asin: return Foundation.asin(a)
        case .acos: return Foundation.acos(a)
        case .atan: return Foundation.atan(a)
        case .abs: return Swift.abs(a)
        case .floor: return a.rounded(.down)
        case .ceil: return a.rounded(.up)
        case .round: return (a + 0.5).rounded(.down)     // JavaScript: halves round up
        case .sqrt: return a.squareRoot()
        case .exp: return Foundation.exp(a)
        case .log: return Foundation.log(a)
        case .atan2: return Foundation.atan2(a, b)
        case .pow: return Foundation.pow(a, b)
        case .min: return Swift.min(a, b)
        case .max: return Swift.max(a, b)
        case .degreesToRadians: return a * .pi / 180
        case .radiansToDegrees: return a * 180 / .pi
        }
    }
}

/// A typed program node; `count` of each is fixed at compile time.
indirect enum ExpressionCode: Sendable {
    case constant(ExpressionValue)
    case time
    case value
    case negate(ExpressionCode)
    case sum(ExpressionCode, ExpressionCode)
    case difference(ExpressionCode, ExpressionCode)
    case product(ExpressionCode, ExpressionCode)
    case quotient(ExpressionCode, ExpressionCode)
    case remainder(ExpressionCode, ExpressionCode)
    case math(MathFunction, ExpressionCode, ExpressionCode?)
    case component(ExpressionCode, Int)
    case vector([ExpressionCode])
    case clamp(ExpressionCode, ExpressionCode, ExpressionCode)
    case loop(ExpressionLoop)
    case wiggle(frequency: ExpressionCode, amplitude: ExpressionCode, octaves: Int, multiplier: ExpressionCode)
    /// The value of control `index` of the binding's control list.
    case control(Int)
    /// valueAtTime(t): the keyframed value at frame t·fps.
    case valueAtTime(ExpressionCode)
    /// linear(t, t0, t1, a, b) = a + (b − a)·clamp((t − t0)/(t1 − t0), 0, 1) (a at or before t0 when t1 ≤ t0).
    case linear(ExpressionCode, ExpressionCode, ExpressionCode, ExpressionCode, ExpressionCode)
    /// The value of link `index` of the binding's links at the frame (PropertyLinks.swift).
    case link(Int)
    /// The value of link `index` at frame t·fps (`….valueAtTime(t)`).
    case linkAtTime(Int, ExpressionCode)
    /// An expression outside the typed forms, run by the interpreter (ScriptProgram.swift).
    case script(ScriptProgram)
}

/// What a program reads while it runs.
struct ExpressionEnvironment {
    let frame: Double
    let frameRate: Double
    let binding: ExpressionBinding
    /// `value`, computed once.
    let value: ExpressionValue
}

extension ExpressionCode {
    func evaluate(_ env: ExpressionEnvironment) -> ExpressionValue {
        switch self {
        case .constant(let c): return c
        case .time: return ExpressionValue(env.frame / env.frameRate)
        case .value: return env.value
        case .negate(let a):
            let x = a.evaluate(env)
            return ExpressionValue(-x.v, count: x.count)
        case let .sum(a, b): return Self.add(a.evaluate(env), b.evaluate(env), sign: 1)
        case let .difference(a, b): return Self.add(a.evaluate(env), b.evaluate(env), sign: -1)
        case let .product(a, b):
            let x = a.evaluate(env), y = b.evaluate(env)
            if x.count == 1 { return ExpressionValue(x.v[0] * y.v, count: y.count) }
            return ExpressionValue(x.v * y.v[0], count: x.count)
        case let .quotient(a, b):
            let x = a.evaluate(env), y = b.evaluate(env)
            if y.count == 1 { return ExpressionValue(x.v / y.v[0], count: x.count) }
            return ExpressionValue(SIMD4(repeating: x.v[0]) / y.v, count: y.count)
        case let .remainder(a, b):
            return ExpressionValue(a.evaluate(env).v[0].truncatingRemainder(dividingBy: b.evaluate(env).v[0]))
        case let .math(f, a, b):
            return ExpressionValue(f.apply(a.evaluate(env).v[0], b?.evaluate(env).v[0] ?? 0))
        case let .component(a, i):
            return ExpressionValue(a.evaluate(env)[i])
        case .vector(let parts):
            var v = SIMD4<Double>()
            for (i, p) in parts.enumerated() { v[i] = p.evaluate(env).v[0] }
            return ExpressionValue(v, count: parts.count)
        case let .clamp(x, lo, hi):
            let a = x.evaluate(env), l = lo.evaluate(env), h = hi.evaluate(env)
            var v = a.v
            for i in 0..<a.count { v[i] = Swift.min(Swift.max(v[i], l.count == 1 ? l.v[0] : l[i]), h.count == 1 ? h.v[0] : h[i]) }
            return ExpressionValue(v, count: a.count)
        case .loop(let loop):
            return loop.evaluate(env)
        case let .wiggle(frequency, amplitude, octaves, multiplier):
            let t = env.frame / env.frameRate
            return WiggleNoise.wiggle(env.value, seed: env.binding.seed, time: t, frequency: frequency.evaluate(env).v[0],
                                      amplitude: amplitude.evaluate(env).v[0], octaves: octaves,
                                      multiplier: multiplier.evaluate(env).v[0])
        case .control(let i):
            return env.binding.controls[i].expressionValue(at: env.frame)
        case .valueAtTime(let t):
            let f = t.evaluate(env).v[0] * env.frameRate
            return f.isFinite ? env.binding.baseValue(at: f) : env.value
        case let .linear(t, t0, t1, a, b):
            let x = t.evaluate(env).v[0], lo = t0.evaluate(env).v[0], hi = t1.evaluate(env).v[0]
            let u = hi > lo ? Swift.min(Swift.max((x - lo) / (hi - lo), 0), 1) : (x <= lo ? 0 : 1)
            let p = a.evaluate(env), q = b.evaluate(env)
            return ExpressionValue(p.v + (q.v - p.v) * u, count: Swift.max(p.count, q.count))
        case .link(let i):
            if case .own = env.binding.links[i] { return env.value }
            return env.binding.links[i].value(at: env.frame, of: env.binding)
        case let .linkAtTime(i, t):
            let f = t.evaluate(env).v[0] * env.frameRate
            return env.binding.links[i].value(at: f.isFinite ? f : env.frame, of: env.binding)
        case .script(let program):
            return program.evaluate(env)
        }
    }

    /// x + sign·y with Bodymovin's rules (file header).
    static func add(_ x: ExpressionValue, _ y: ExpressionValue, sign: Double) -> ExpressionValue {
        if x.count == 1 && y.count > 1 {
            var v = y.v
            v[0] = x.v[0] + sign * y.v[0]
            return ExpressionValue(v, count: y.count)
        }
        if y.count == 1 && x.count > 1 {
            var v = x.v
            v[0] += sign * y.v[0]
            return ExpressionValue(v, count: x.count)
        }
        return ExpressionValue(x.v + sign * y.v, count: Swift.max(x.count, y.count))
    }
}
