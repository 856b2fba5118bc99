// The functions of the interpreted subset (After Effects' expression reference; lottie-web's
// meaning where the two differ, since Bodymovin files are made for it)
//
//   key(i)              the i-th keyframe (1-based; outside 1…numKeys: a catchable error)
//   nearestKey(t)       the keyframe whose time is nearest t seconds (the earlier on a tie)
//   valueAtTime(t)      the keyframed value at t seconds
//   velocityAtTime(t)   (v(t) − v(t − 0.001)) / 0.001 per second, per component
//   speedAtTime(t)      |velocityAtTime(t)|
//   linear(t, t0, t1, a, b)  a + (b − a)·u, u = clamp((t − t0)/(t1 − t0), 0, 1); linear(t, a, b) = (t, 0, 1, a, b)
//   ease / easeIn / easeOut  the same with u eased by the cubic Béziers lottie-web uses:
//                       ease (0.33, 0, 0.667, 1), easeIn (0.333, 0, 0.833, 0.833), easeOut (0.167, 0.167, 0.667, 1)
//   clamp(x, lo, hi), length(v) / length(a, b), normalize(v), dot(a, b), add/sub/mul/div/mod and $bm_*
//   degreesToRadians, radiansToDegrees, framesToTime(f) = f/fps, timeToFrames(t) = t·fps
//   loopOut/loopIn(/Duration)(type, n) as LoopExpressions.swift (loop_out/loop_in: lottie-web's old names for them);
//   thisProperty.f(…) for f among key, nearestKey, valueAtTime, velocityAtTime, speedAtTime, loop…, wiggle: f(…); wiggle(freq, amp [, oct [, mult]]) as WiggleNoise.swift
//   random() ∈ [0, 1), random(m) ∈ [0, m), random(a, b) ∈ [a, b) (numbers or arrays, per component);
//   gaussRandom, noise, posterizeTime and ES5's standard objects: ScriptGlobals.swift
//   seedRandom(s [, timeless]): ScriptRandom.swift says how the sequence is seeded
//   effect(E)(V), thisLayer.effect(E)(V), thisComp.layer(L).effect(E)(V): an expression control's value
//   Math.abs acos asin atan atan2 ceil cos exp floor log max min pow round sin sqrt tan (numbers)

import Foundation
import Motion

extension ScriptEnvironment {
    func callGlobal(_ name: String, _ a: [ScriptValue], _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        func number(_ i: Int) throws(ScriptError) -> Double {
            guard i < a.count, let n = a[i].number else { throw .type("\(name)'s argument \(i + 1) must be a number") }
            return n
        }
        func arity(_ n: ClosedRange<Int>) throws(ScriptError) {
            guard n.contains(a.count) else { throw .unsupported("\(name) takes \(n.lowerBound == n.upperBound ? "\(n.lowerBound)" : "\(n.lowerBound)–\(n.upperBound)") arguments") }
        }
        switch name {
        case "$layerSpace": return try layerSpace(a)     // toComp … (Decoding/LayerSpaceDecoding.swift)
        case "key":
            try arity(1...1)
            let n = try number(0)
            guard n == n.rounded(), abs(n) < 1e9 else { throw .type("key(\(n)) needs a whole number") }
            return .key(try keyframe(Int(n)))
        case "nearestKey":
            try arity(1...1)
            let t = try number(0)
            guard let times = binding.base.keyframeTimes, !times.isEmpty else { throw .type("nearestKey of a property without keyframes") }
            var best = 0
            for (i, f) in times.enumerated() where abs(f / frameRate - t) < abs(times[best] / frameRate - t) { best = i }
            return .key(try keyframe(best + 1))
        case "valueAtTime": try arity(1...1); return value(atSeconds: try number(0))
        case "velocityAtTime", "speedAtTime":
            try arity(1...1)
            let t = try number(0)
            guard let p = value(atSeconds: t).components, let q = value(atSeconds: t - 0.001).components else { throw .type("no velocity") }
            let v = zip(p, q).map { ($0 - $1) / 0.001 }
            if name == "speedAtTime" { return .number(v.reduce(0) { $0 + $1 * $1 }.squareRoot()) }
            return v.count == 1 ? .number(v[0]) : .vector(v)
        case "linear", "ease", "easeIn", "easeOut": return try interpolate(name, a)
        case "clamp":
            try arity(3...3)
            guard let x = a[0].components, let lo = a[1].components, let hi = a[2].components else { throw .type("clamp of a non-number") }
            let r = x.indices.map { i in Swift.min(Swift.max(x[i], lo.count == 1 ? lo[0] : (i < lo.count ? lo[i] : -.infinity)),
                                                   hi.count == 1 ? hi[0] : (i < hi.count ? hi[i] : .infinity)) }
            return a[0].isArray ? .vector(r) : .number(r[0])
        case "length":
            try arity(1...2)
            guard let x = a[0].components else { throw .type("length of a non-vector") }
            let y = a.count == 2 ? (a[1].components ?? []) : x.map { _ in 0 }
            return .number(zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot())
        case "normalize":
            try arity(1...1)
            guard let x = a[0].components else { throw .type("normalize of a non-vector") }
            let l = x.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return .vector(x.map { $0 / l })
        case "dot":
            try arity(2...2)
            guard let x = a[0].components, let y = a[1].components else { throw .type("dot of non-vectors") }
            return .number(zip(x, y).reduce(0) { $0 + $1.0 * $1.1 })
        case "$bm_sum", "sum", "add": try arity(2...2); return try ScriptValue.arithmetic("+", a[0], a[1])
        case "$bm_sub", "sub": try arity(2...2); return try ScriptValue.arithmetic("-", a[0], a[1])
        case "$bm_mul", "mul": try arity(2...2); return try ScriptValue.arithmetic("*", a[0], a[1])
        case "$bm_div", "div": try arity(2...2); return try ScriptValue.arithmetic("/", a[0], a[1])
        case "$bm_mod", "mod": try arity(2...2); return try ScriptValue.arithmetic("%", a[0], a[1])
        case "$bm_neg": try arity(1...1); return try ScriptValue.arithmetic("*", .number(-1), a[0])
        case "degreesToRadians": try arity(1...1); return .number(try number(0) * .pi / 180)
        case "radiansToDegrees": try arity(1...1); return .number(try number(0) * 180 / .pi)
        case "framesToTime": try arity(1...2); return .number(try number(0) / (a.count == 2 ? try number(1) : frameRate))
        case "timeToFrames": try arity(0...2); return .number((a.isEmpty ? frame / frameRate : try number(0)) * (a.count == 2 ? try number(1) : frameRate))
        case "random": return try random(name, a, &run)
        case "seedRandom":
            try arity(1...2)
            run.random.reseed(try number(0), timeless: a.count == 2 && a[1].truth, frame: frame, property: seed)
            return .undefined
        case "effect":
            try arity(1...1)
            return .object(.effect(nil, try Self.key(a[0])))
        case "loopOut", "loopIn", "loopOutDuration", "loopInDuration": return try loop(name, a)
        case "loop_out", "loop_in": return try loop(name == "loop_out" ? "loopOut" : "loopIn", a)     // lottie-web's old spellings
        case "wiggle":
            try arity(2...4)
            let octaves = a.count >= 3 ? try number(2) : 1
            guard octaves == octaves.rounded(), (1...10).contains(octaves) else { throw .unsupported("wiggle's octaves must be a whole number 1…10") }
            let w = WiggleNoise.wiggle(value, seed: seed, time: frame / frameRate, frequency: try number(0), amplitude: try number(1),
                                       octaves: Int(octaves), multiplier: a.count == 4 ? try number(3) : 0.5)
            return ScriptValue(w)
        case "createPath": return try createPath(a, &run)     // ScriptPaths.swift
        case "comp": throw .unsupported("comp() (links to other compositions) is not supported")
        case "parseFloat", "parseInt", "isNaN", "isFinite": try arity(1...2); return Self.conversion(name, a)
        default:
            if let v = try standardCall(name, a, &run) { return v }
            throw .unsupported("\(name.prefix(30))() is not supported")
        }
    }

    func callMember(_ object: ScriptValue, _ name: String, _ a: [ScriptValue], _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        switch object {
        case .object(.math) where name == "random":
            return .number(run.random.next())      // the seeded sequence random() draws from (ScriptRandom.swift)
        case .object(.math):
            guard let f = MathFunction(rawValue: name), f != .degreesToRadians, f != .radiansToDegrees else {
                throw .unsupported("Math.\(name.prefix(30)) is not supported")
            }
            return try Self.math(f, name, a)
        case .object(.thisComp) where name == "layer":
            guard a.count == 1 else { throw .unsupported("thisComp.layer takes 1 argument") }
            switch a[0] {
            case .string(let s): return .object(.layer(s))
            default: throw .unsupported("thisComp.layer() is supported with a layer name")
            }
        case .object(.property):
            // thisProperty.f(…): the property's own functions, as the bare names call them (lottie-web binds them so).
            guard Self.propertyMethods.contains(name) else { throw .unsupported("thisProperty.\(name.prefix(30))() is not supported") }
            return try callGlobal(name, a, &run)
        case .object(.layer(let l)) where name == "effect":
            guard a.count == 1 else { throw .unsupported("effect takes 1 argument") }
            return .object(.effect(l, try Self.key(a[0])))
        case .object(.builtin(let b)): return try standardMethod(b, name, a, &run)
        case .path(let p): return try callPath(p, name, a, &run)
        case .object(.layerIndex(let i)): return try callLayer(i, name, a)
        case .object(let o):
            throw .unsupported("'.\(name.prefix(30))()' of \(o.description) (links to other properties) is not supported")
        default:
            if let v = try method(object, name, a) { return v }
            let f = try member(object, name, &run)
            // A method of a number, string or array (toFixed, indexOf …) is outside the subset: not
            // JavaScript's TypeError, which a catch would swallow.
            if case .undefined = f, object.typeName != "undefined", object.typeName != "null" {
                throw .unsupported("the method '.\(name.prefix(30))()' of a \(object.typeName) is not supported")
            }
            return try run.call(f, a, receiver: object)
        }
    }

    /// Math.f(a…) of numbers: min and max of all the arguments (±∞ of none, the first of equals, as
    /// Sequence.min/max pick), the others of the first one or two (NaN for a missing one).
    static func math(_ f: MathFunction, _ name: String, _ a: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        var first = Double.nan, second = Double.nan, lowest = Double.infinity, highest = -Double.infinity
        for (i, v) in a.enumerated() {
            guard let n = v.number else { throw .type("Math.\(name) of a \(v.typeName)") }
            if i == 0 { first = n; lowest = n; highest = n; continue }
            if i == 1 { second = n }
            if n < lowest { lowest = n }
            if highest < n { highest = n }
        }
        if f == .min { return .number(lowest) }
        if f == .max { return .number(highest) }
        return .number(f.apply(first, second))
    }

    static let propertyMethods: Set<String> = ["key", "nearestKey", "valueAtTime", "velocityAtTime", "speedAtTime", "loopIn", "loopOut",
                                               "loopInDuration", "loopOutDuration", "loop_in", "loop_out", "wiggle"]

    /// effect(E)(V): the control's value at this frame.
    func control(_ layer: String?, _ effect: ExpressionKey, _ a: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        guard a.count == 1 else { throw .unsupported("effect(name)(control) takes one argument each") }
        let control = try Self.key(a[0])
        guard let effects = context.effects[layer ?? ""], let c = DecodeContext.effectControl(in: effects, effect, control) else {
            throw .unsupported("the effect control it names is not in the file")
        }
        if c.type == 10 { return try layerControl(c.value) }       // a layer control gives the layer (ScriptLayers.swift)
        return ScriptValue(c.value.expressionValue(at: frame))
    }

    static func key(_ v: ScriptValue) throws(ScriptError) -> ExpressionKey {
        if case .string(let s) = v { return .name(s) }
        if let n = v.number, n == n.rounded(), n >= 1, n < 1e6 { return .index(Int(n)) }
        throw .unsupported("an effect is named by a string or a number")
    }

    private func interpolate(_ name: String, _ a: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        guard a.count == 3 || a.count == 5 else { throw .unsupported("\(name) takes 3 or 5 arguments") }
        guard let t = a[0].number, let t0 = a.count == 5 ? a[1].number : 0, let t1 = a.count == 5 ? a[2].number : 1 else {
            throw .type("\(name)'s times must be numbers")
        }
        let from = a[a.count - 2], to = a[a.count - 1]
        var u = t1 > t0 ? Swift.min(Swift.max((t - t0) / (t1 - t0), 0), 1) : (t <= t0 ? 0 : 1)
        switch name {
        case "ease": u = TimingCurve(0.33, 0, 0.667, 1)(u)
        case "easeIn": u = TimingCurve(0.333, 0, 0.833, 0.833)(u)
        case "easeOut": u = TimingCurve(0.167, 0.167, 0.667, 1)(u)
        default: break
        }
        return try ScriptValue.arithmetic("+", from, try ScriptValue.arithmetic("*", .number(u), try ScriptValue.arithmetic("-", to, from)))
    }

    private func loop(_ name: String, _ a: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        guard a.count <= 2 else { throw .unsupported("\(name) takes at most 2 arguments") }
        var kind = LoopKind.cycle
        if let first = a.first {
            guard case .string(let s) = first, let k = LoopKind(rawValue: s.lowercased()) else {
                throw .unsupported("\(name)'s type must be \"cycle\", \"pingpong\", \"offset\" or \"continue\"")
            }
            kind = k
        }
        let n = a.count == 2 ? (a[1].number ?? -1) : 0
        let duration = name.hasSuffix("Duration")
        guard n.isFinite, n >= 0, n <= 1e7, duration || n == n.rounded() else { throw .unsupported("\(name)'s second argument must be a whole number ≥ 0") }
        let loop = ExpressionLoop(out: name.hasPrefix("loopOut"), kind: kind, keyframes: duration ? nil : Int(n), seconds: duration ? n : 0)
        return ScriptValue(loop.evaluate(ExpressionEnvironment(frame: frame, frameRate: frameRate, binding: binding, value: value)))
    }

    private func random(_ name: String, _ a: [ScriptValue], _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        try drawBetween(name, "random", a) { l, h in l + (h - l) * run.random.next() }
    }

    /// `f(min, max)` per component of the limits — `()`: [0, 1); `(max)`: [0, max); `(min, max)`;
    /// numbers or arrays (the shorter padded with 0) — a number unless either limit is an array.
    func drawBetween(_ name: String, _ kind: String, _ a: [ScriptValue],
                     _ f: (Double, Double) -> Double) throws(ScriptError) -> ScriptValue {
        guard a.count <= 2 else { throw .unsupported("\(name) takes at most 2 arguments") }
        guard let hi = a.last?.components ?? [1] as [Double]?, let lo = a.count == 2 ? a[0].components : hi.map({ _ in 0 }) else {
            throw .type("\(kind)'s limits must be numbers or arrays")
        }
        let n = Swift.max(lo.count, hi.count)
        let r = (0..<n).map { i in f(i < lo.count ? lo[i] : 0, i < hi.count ? hi[i] : 0) }
        return (a.last?.isArray ?? false) || (a.first?.isArray ?? false) ? .vector(r) : .number(r[0])
    }
}
