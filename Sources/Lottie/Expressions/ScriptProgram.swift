// An interpreted expression bound to its property: run per frame, its result checked
//
// The result must be a number for a 1-component property, an array of as many numbers as the
// property for the others (a 2-D property also takes [x, y, z], z left out; colours take
// [r, g, b] with alpha 1). Anything else — and any error of the run (an unsupported form met
// on a branch the decoder's trial runs did not take, an exhausted budget) — gives `value`, the
// keyframed value, at that frame. The decoder runs the program at the layer's in-point, at every
// keyframe (at most 64) and at the out-point before accepting it, and reports the expression as
// not recognised, quoting the error, when any trial fails (ExpressionDecoding.swift).

struct ScriptProgram: Sendable {
    let statements: [ScriptStatement]
    let context: ScriptContext

    /// `statements` as parsed, their links resolved; the names and operators they use are resolved
    /// here, once (ScriptResolver.swift).
    init(statements: [ScriptStatement], context: ScriptContext) {
        self.statements = ScriptResolver.resolve(statements)
        self.context = context
    }

    func run(_ env: ExpressionEnvironment) throws(ScriptError) -> ExpressionValue {
        var interpreter = interpreter(env)
        return try Self.convert(try interpreter.run(statements), count: env.value.count)
    }

    private func interpreter(_ env: ExpressionEnvironment) -> ScriptInterpreter {
        let environment = ScriptEnvironment(frame: env.frame, frameRate: env.frameRate, binding: env.binding,
                                            value: env.value, context: context)
        return ScriptInterpreter(environment: environment, maxSteps: context.maxSteps, maxCallDepth: context.maxCallDepth)
    }

    /// The program's result as it is, with `value` standing for `value` (a text layer's string).
    func runRaw(_ env: ExpressionEnvironment, value: ScriptValue) throws(ScriptError) -> ScriptValue {
        var interpreter = interpreter(env)
        interpreter.override("value", value)
        return try interpreter.run(statements)
    }

    func evaluate(_ env: ExpressionEnvironment) -> ExpressionValue {
        (try? run(env)) ?? env.value
    }

    static func convert(_ v: ScriptValue, count: Int) throws(ScriptError) -> ExpressionValue {
        if let fast = inline(v, count: count) { return fast }
        if case .bool = v { throw .unsupported("gives boolean, not a number") }
        guard let c = v.components, case let n = c.count, n >= 1 else {
            throw .unsupported("gives \(v.typeName), not a number")
        }
        if count == 1 {
            guard n == 1, !v.isArray || n == 1 else { throw .unsupported("gives \(n) numbers for a property of 1") }
            return ExpressionValue(c[0])
        }
        let ok = n == count || (count == 2 && n == 3) || (count == 4 && n == 3)
        guard ok, v.isArray else { throw .unsupported("gives \(n) number\(n == 1 ? "" : "s") for a property of \(count)") }
        var s = SIMD4<Double>(0, 0, 0, 1)
        for i in 0..<min(n, count) { s[i] = c[i] }
        return ExpressionValue(s, count: count)
    }

    /// `convert`'s result for a number, or an array of numbers of an accepted length, without
    /// collecting the components; nil for everything else (convert's general path decides).
    private static func inline(_ v: ScriptValue, count: Int) -> ExpressionValue? {
        switch v {
        case .number(let n) where count == 1: return ExpressionValue(n)
        case .array(let a) where count > 1:
            let n = a.count
            guard n == count || (count == 2 && n == 3) || (count == 4 && n == 3) else { return nil }
            var s = SIMD4<Double>(0, 0, 0, 1)
            for i in 0..<n {
                guard case .number(let x) = a[i] else { return nil }
                if i < count { s[i] = x }
            }
            return ExpressionValue(s, count: count)
        default: return nil
        }
    }
}
