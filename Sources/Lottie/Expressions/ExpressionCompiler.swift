// From parse tree to typed program: the forms recognised, each node's length checked
//
// Recognised (After Effects names; Bodymovin's `var $bm_rt; $bm_rt = …;` wrapper included):
//   numbers, [a, b, …] (2–4 numbers), value, time, thisComp.frameDuration, Math.PI, Math.E,
//   + − × ÷ % and $bm_sum/sum/add, $bm_sub/sub, $bm_mul/mul, $bm_div/div, $bm_mod/mod, $bm_neg,
//   Math.sin cos tan asin acos atan atan2 abs floor ceil round sqrt exp log pow min max,
//   degreesToRadians, radiansToDegrees, clamp(x, lo, hi), x[i] (constant i),
//   linear(t, t0, t1, a, b) and linear(t, a, b), valueAtTime(t), timeToFrames(t), framesToTime(f),
//   loopOut / loopIn (type, numKeyframes), loopOutDuration / loopInDuration (type, seconds)
//   with literal arguments, wiggle(freq, amp [, octaves [, amp_mult]]) with literal octaves,
//   effect(E)(V), thisLayer.effect(E)(V), thisComp.layer("L").effect(E)(V) with `.value`
//   optional — E, V a name or a 1-based index, resolved while decoding (Decoding/EffectDecoding.swift),
//   variables: `var a = …;`, `a = …;` (the last value of $bm_rt, or of the last expression, is the result),
//   links to other properties (`thisComp.layer("L").transform.position`, `content("G").content("P").size`,
//   `comp("C").layer(1)("Transform")("Opacity")`, `.valueAtTime(t)`: PropertyLinks.swift), resolved
//   while decoding (Decoding/LinkDecoding.swift).
// The result must have as many components as the property (1, 2 or 4; a 2-D property also takes
// [x, y, z], z left out, as the decoder reads 3-D points).

import Foundation

struct ExpressionCompiler {
    /// Components of `value`.
    let count: Int
    let frameRate: Double
    /// The control a reference names, or nil.
    let resolve: (_ layer: String?, _ effect: ExpressionKey, _ control: ExpressionKey) -> EffectControlValue?
    /// The property a link names, decoded, or why it cannot be read.
    let resolveLink: (PropertyLink) throws(ExpressionFailure) -> LinkTarget
    private(set) var controls: [EffectControlValue] = []
    private(set) var links: [LinkTarget] = []
    private var variables: [String: (ExpressionCode, Int)?] = [:]

    init(count: Int, frameRate: Double,
         resolve: @escaping (_ layer: String?, _ effect: ExpressionKey, _ control: ExpressionKey) -> EffectControlValue?,
         resolveLink: @escaping (PropertyLink) throws(ExpressionFailure) -> LinkTarget) {
        self.count = count
        self.frameRate = frameRate
        self.resolve = resolve
        self.resolveLink = resolveLink
    }

    typealias Typed = (code: ExpressionCode, count: Int)

    static let reserved: Set<String> = ["time", "value", "Math", "thisComp", "thisLayer", "effect"]

    mutating func compile(_ statements: [ExpressionStatement]) throws(ExpressionFailure) -> ExpressionCode {
        var last: Typed?
        for s in statements {
            if case .declare(let name, _) = s, Self.reserved.contains(name) { throw ExpressionFailure("'\(name)' cannot be assigned") }
            if case .assign(let name, _) = s, Self.reserved.contains(name) { throw ExpressionFailure("'\(name)' cannot be assigned") }
            switch s {
            case .declare(let name, nil): if variables[name] == nil { variables[name] = .some(nil) }
            case .declare(let name, let e?), .assign(let name, let e): variables[name] = .some(try compile(e))
            case .evaluate(let e): last = try compile(e)
            }
        }
        guard let result = (variables["$bm_rt"] ?? nil) ?? last else { throw ExpressionFailure("no result") }
        guard result.count == count || (count == 2 && result.count == 3) else {
            throw ExpressionFailure("gives \(result.count) number\(result.count == 1 ? "" : "s") for a property of \(count)")
        }
        return result.code
    }

    private func literalNumber(_ e: ExpressionNode) -> Double? {
        switch e {
        case .number(let n): return n
        case .negate(.number(let n)): return -n
        default: return nil
        }
    }

    private func key(_ e: ExpressionNode) throws(ExpressionFailure) -> ExpressionKey {
        if case .string(let s) = e { return .name(s) }
        if let n = literalNumber(e), n == n.rounded(), n >= 1, n < 1e6 { return .index(Int(n)) }
        throw ExpressionFailure("an effect is named by a string or a number")
    }

    mutating func compile(_ e: ExpressionNode) throws(ExpressionFailure) -> Typed {
        switch e {
        case .number(let n): return (.constant(ExpressionValue(n)), 1)
        case .string: throw ExpressionFailure("a string is not a value")
        case .name(let s):
            switch s {
            case "time": return (.time, 1)
            case "value": return (.value, count)
            default:
                guard let v = variables[s] else { throw ExpressionFailure("unknown name '\(s.prefix(30))'") }
                guard let t = v else { throw ExpressionFailure("'\(s.prefix(30))' is used before it has a value") }
                return t
            }
        case .array(let parts):
            guard parts.count <= 4 else { throw ExpressionFailure("arrays of more than 4 numbers") }
            var codes: [ExpressionCode] = []
            for p in parts { codes.append(try scalar(p)) }
            return (.vector(codes), parts.count)
        case .negate(let a):
            let x = try compile(a)
            return (.negate(x.code), x.count)
        case let .binary(op, a, b):
            return try binary(op, try compile(a), try compile(b))
        case let .call(callee, arguments):
            return try call(callee, arguments)
        case let .member(object, name):
            if case .name("Math") = object, name == "PI" { return (.constant(ExpressionValue(Double.pi)), 1) }
            if case .name("Math") = object, name == "E" { return (.constant(ExpressionValue(M_E)), 1) }
            if case .name("thisComp") = object, name == "frameDuration" { return (.constant(ExpressionValue(1 / frameRate)), 1) }
            if name == "value", let c = try control(object) { return c }
            if let l = try link(e) { return l }
            throw ExpressionFailure("'.\(name.prefix(30))' is not supported")
        case let .index(object, i):
            let x = try compile(object)
            guard let n = literalNumber(i), n == n.rounded(), n >= 0, n < Double(x.count) else {
                throw ExpressionFailure("an index must be a whole number below the length")
            }
            return (.component(x.code, Int(n)), 1)
        }
    }

    private mutating func scalar(_ e: ExpressionNode) throws(ExpressionFailure) -> ExpressionCode {
        let x = try compile(e)
        guard x.count == 1 else { throw ExpressionFailure("a vector where a number is needed") }
        return x.code
    }

    private func binary(_ op: Character, _ x: Typed, _ y: Typed) throws(ExpressionFailure) -> Typed {
        switch op {
        case "+": return (.sum(x.code, y.code), max(x.count, y.count))
        case "-": return (.difference(x.code, y.code), max(x.count, y.count))
        case "*":
            guard x.count == 1 || y.count == 1 else { throw ExpressionFailure("a vector times a vector") }
            return (.product(x.code, y.code), max(x.count, y.count))
        case "/":
            guard x.count == 1 || y.count == 1 else { throw ExpressionFailure("a vector divided by a vector") }
            return (.quotient(x.code, y.code), max(x.count, y.count))
        default:
            guard x.count == 1, y.count == 1 else { throw ExpressionFailure("% of vectors") }
            return (.remainder(x.code, y.code), 1)
        }
    }

    private mutating func call(_ callee: ExpressionNode, _ args: [ExpressionNode]) throws(ExpressionFailure) -> Typed {
        if let c = try control(.call(callee, args)) { return c }
        if let l = try link(.call(callee, args)) { return l }
        if case .member(.name("Math"), let name) = callee {
            guard let f = MathFunction(rawValue: name), f != .degreesToRadians, f != .radiansToDegrees else {
                throw ExpressionFailure("Math.\(name.prefix(30)) is not supported")
            }
            return try math(f, args)
        }
        guard case .name(let name) = callee else { throw ExpressionFailure("this call is not supported") }
        func two() throws(ExpressionFailure) -> (Typed, Typed) {
            guard args.count == 2 else { throw ExpressionFailure("\(name) takes 2 arguments") }
            return (try compile(args[0]), try compile(args[1]))
        }
        switch name {
        case "$bm_sum", "sum", "add": let (a, b) = try two(); return try binary("+", a, b)
        case "$bm_sub", "sub": let (a, b) = try two(); return try binary("-", a, b)
        case "$bm_mul", "mul": let (a, b) = try two(); return try binary("*", a, b)
        case "$bm_div", "div": let (a, b) = try two(); return try binary("/", a, b)
        case "$bm_mod", "mod": let (a, b) = try two(); return try binary("%", a, b)
        case "$bm_neg":
            guard args.count == 1 else { throw ExpressionFailure("$bm_neg takes 1 argument") }
            let x = try compile(args[0])
            return (.negate(x.code), x.count)
        case "degreesToRadians", "radiansToDegrees": return try math(MathFunction(rawValue: name)!, args)
        case "clamp":
            guard args.count == 3 else { throw ExpressionFailure("clamp takes 3 arguments") }
            let x = try compile(args[0]), lo = try compile(args[1]), hi = try compile(args[2])
            guard lo.count == 1 || lo.count == x.count, hi.count == 1 || hi.count == x.count else {
                throw ExpressionFailure("clamp's limits must be numbers or as long as its value")
            }
            return (.clamp(x.code, lo.code, hi.code), x.count)
        case "loopOut", "loopIn", "loopOutDuration", "loopInDuration": return (.loop(try loop(name, args)), count)
        case "wiggle": return try wiggle(args)
        case "valueAtTime":
            guard args.count == 1 else { throw ExpressionFailure("valueAtTime takes 1 argument") }
            return (.valueAtTime(try scalar(args[0])), count)
        case "linear":
            // linear(t, a, b) is linear(t, 0, 1, a, b).
            guard args.count == 5 || args.count == 3 else { throw ExpressionFailure("linear takes 3 or 5 arguments") }
            let t = try scalar(args[0])
            let (t0, t1): (ExpressionCode, ExpressionCode) = args.count == 5
                ? (try scalar(args[1]), try scalar(args[2])) : (.constant(ExpressionValue(0)), .constant(ExpressionValue(1)))
            let a = try compile(args[args.count - 2]), b = try compile(args[args.count - 1])
            guard a.count == b.count else { throw ExpressionFailure("linear's two values must have the same length") }
            return (.linear(t, t0, t1, a.code, b.code), a.count)
        case "timeToFrames", "framesToTime":
            guard args.count == 1 else { throw ExpressionFailure("\(name) takes 1 argument here") }
            let x = try scalar(args[0]), fps = ExpressionCode.constant(ExpressionValue(frameRate))
            return (name == "timeToFrames" ? .product(x, fps) : .quotient(x, fps), 1)
        default: throw ExpressionFailure("\(name.prefix(30))() is not supported")
        }
    }

    private mutating func math(_ f: MathFunction, _ args: [ExpressionNode]) throws(ExpressionFailure) -> Typed {
        guard args.count == f.arity else { throw ExpressionFailure("\(f.rawValue) takes \(f.arity) argument\(f.arity == 1 ? "" : "s")") }
        let a = try scalar(args[0])
        let b = f.arity == 2 ? try scalar(args[1]) : nil
        return (.math(f, a, b), 1)
    }

    private func loop(_ name: String, _ args: [ExpressionNode]) throws(ExpressionFailure) -> ExpressionLoop {
        guard args.count <= 2 else { throw ExpressionFailure("\(name) takes at most 2 arguments") }
        var kind = LoopKind.cycle
        if let first = args.first {
            guard case .string(let s) = first, let k = LoopKind(rawValue: s.lowercased()) else {
                throw ExpressionFailure("\(name)'s type must be \"cycle\", \"pingpong\", \"offset\" or \"continue\"")
            }
            kind = k
        }
        var n = 0.0
        if args.count == 2 {
            guard let v = literalNumber(args[1]), v.isFinite, v >= 0 else { throw ExpressionFailure("\(name)'s second argument must be a number ≥ 0") }
            n = v
        }
        let duration = name.hasSuffix("Duration")
        guard duration || n == n.rounded(), n <= 1e7 else { throw ExpressionFailure("\(name)'s keyframe count must be a whole number") }
        return ExpressionLoop(out: name.hasPrefix("loopOut"), kind: kind, keyframes: duration ? nil : Int(n), seconds: duration ? n : 0)
    }

    private mutating func wiggle(_ args: [ExpressionNode]) throws(ExpressionFailure) -> Typed {
        guard (2...4).contains(args.count) else { throw ExpressionFailure("wiggle takes 2 to 4 arguments here (no time argument)") }
        let frequency = try scalar(args[0]), amplitude = try scalar(args[1])
        var octaves = 1
        if args.count >= 3 {
            guard let o = literalNumber(args[2]), o == o.rounded(), (1...10).contains(o) else {
                throw ExpressionFailure("wiggle's octaves must be a whole number 1…10")
            }
            octaves = Int(o)
        }
        let multiplier = args.count == 4 ? try scalar(args[3]) : .constant(ExpressionValue(0.5))
        return (.wiggle(frequency: frequency, amplitude: amplitude, octaves: octaves, multiplier: multiplier), count)
    }

    /// A control reference (`effect(E)(V)`, `….value`), or nil when `e` is not one.
    private mutating func control(_ e: ExpressionNode) throws(ExpressionFailure) -> Typed? {
        guard case let .call(.call(effectCallee, effectArgs), valueArgs) = e else { return nil }
        let layer: String?
        switch effectCallee {
        case .name("effect"), .member(.name("thisLayer"), "effect"): layer = nil
        case .member(.call(.member(.name("thisComp"), "layer"), let layerArgs), "effect"):
            guard layerArgs.count == 1, case .string(let s) = layerArgs[0] else {
                throw ExpressionFailure("thisComp.layer() is supported with a layer name")
            }
            layer = s
        default: return nil
        }
        guard effectArgs.count == 1, valueArgs.count == 1 else { throw ExpressionFailure("effect(name)(control) takes one argument each") }
        let effect = try key(effectArgs[0]), control = try key(valueArgs[0])
        guard let value = resolve(layer, effect, control) else {
            throw ExpressionFailure("the effect control it names is not in the file")
        }
        controls.append(value)
        return (.control(controls.count - 1), value.count)
    }

    /// A link to another property (PropertyLinks.swift), or nil when `e` is not one.
    private mutating func link(_ e: ExpressionNode) throws(ExpressionFailure) -> Typed? {
        guard let reference = try PropertyLinkSyntax.reference(e) else { return nil }
        let target = try resolveLink(reference.link)
        if case .path = target { throw ExpressionFailure("\(reference.link.description) is a path, not a number or vector") }
        links.append(target)
        let i = links.count - 1, n = target.count ?? count
        if let t = reference.atTime { return (.linkAtTime(i, try scalar(t)), n) }
        return (.link(i), n)
    }
}
