// The interpreter's side of the resolved forms (ScriptResolver.swift): each does what the form it
// replaces did, costing the same steps and nesting
//
//   .global(g)          the environment's name g — looked up by name once the evaluation has
//                       overridden a name (posterizeTime), as `.name` is
//   .math(f, a)         `Math.f(a…)`: the arguments, then the step and nesting of reading `Math`,
//                       then f of the numbers (ScriptEnvironment.math)
//   .operation(op, a, b)  a op b: two numbers computed directly, anything else as `.binary`

extension ScriptInterpreter {
    mutating func global(_ g: ScriptGlobalName) throws(ScriptError) -> ScriptValue {
        if overridden { return try lookup(g.rawValue) }
        if g == .value {
            if let ownValue { return ownValue }
            let v = try environment.global(g, &self)
            ownValue = v
            return v
        }
        return try environment.global(g, &self)
    }

    mutating func math(_ f: MathFunction, _ arguments: [ScriptExpr]) throws(ScriptError) -> ScriptValue {
        if arguments.count == 1 {
            let x = try evaluate(arguments[0])
            try readName()
            guard let n = x.number else { throw .type("Math.\(f.rawValue) of a \(x.typeName)") }
            return .number(f == .min || f == .max ? n : f.apply(n, .nan))
        }
        var args: [ScriptValue] = []
        args.reserveCapacity(arguments.count)
        for a in arguments { args.append(try evaluate(a)) }
        try readName()
        return try ScriptEnvironment.math(f, f.rawValue, args)
    }
}

extension ScriptValue {
    static func operation(_ op: ScriptOperator, _ x: ScriptValue, _ y: ScriptValue) throws(ScriptError) -> ScriptValue {
        if case .number(let a) = x, case .number(let b) = y {
            switch op {
            case .add: return .number(a + b)
            case .subtract: return .number(a - b)
            case .multiply: return .number(a * b)
            case .divide: return .number(a / b)
            case .remainder: return .number(a.truncatingRemainder(dividingBy: b))
            case .less: return .bool(a < b)
            case .greater: return .bool(a > b)
            case .lessOrEqual: return .bool(a <= b)
            case .greaterOrEqual: return .bool(a >= b)
            case .equal, .identical: return .bool(a == b)
            case .notEqual, .notIdentical: return .bool(a != b)
            }
        }
        switch op {
        case .equal, .identical: return .bool(equal(x, y, strict: op == .identical))
        case .notEqual, .notIdentical: return .bool(!equal(x, y, strict: op == .notIdentical))
        default: return try binary(op.rawValue, x, y)
        }
    }
}
