// Resolving a parsed program once, before it runs: names of the environment and operators
//
// The interpreter looks a `.name(s)` up at every evaluation — the scope chain, the program's
// variables, then the environment's names (ScriptEnvironment.global) by hashing s — and tells
// operators apart by comparing their text. This pass rewrites, once per program (ScriptProgram's
// init, after the decoder has resolved its links):
//
//   • a read of an environment name (time, value, index, Math, thisComp …) that the program never
//     binds — no `var`, parameter, function, catch or for-in of that name, no assignment, ++/--
//     or push to it — to `.global(g)`: the lookup would find nothing else at any evaluation.
//     A call's callee (`f(…)` calls the environment's function f by name) and delete's operand
//     keep their names, as do assignment targets (bound, so never resolved). posterizeTime and
//     the text and path runs set `time` or `value` during an evaluation
//     (ScriptInterpreter.override): from then on the interpreter reads `.global` by name again.
//   • `Math.f(…)` with Math so resolved and f one of Math's functions to `.math(f, arguments)`.
//   • + − × ÷ %, the comparisons and the equalities to `.operation(op, a, b)`.
// Every rewritten node costs the steps and nesting its original did (ScriptInterpreter), so the
// caps, results and errors are unchanged.

enum ScriptResolver {
    static func resolve(_ program: [ScriptStatement]) -> [ScriptStatement] {
        var bound = Set<String>()
        for s in program { collect(s, into: &bound) }
        let r = Rewriter(bound: bound)
        return program.map(r.statement)
    }

    // MARK: the names a program binds

    private static func collect(_ s: ScriptStatement, into bound: inout Set<String>) {
        switch s {
        case .declare(let list):
            for d in list { bound.insert(d.name); if let e = d.initial { collect(e, into: &bound) } }
        case .evaluate(let e): collect(e, into: &bound)
        case .block(let list): for x in list { collect(x, into: &bound) }
        case let .branch(c, a, b):
            collect(c, into: &bound); collect(a, into: &bound)
            if let b { collect(b, into: &bound) }
        case .loop(let l):
            if let i = l.initial { collect(i, into: &bound) }
            for e in [l.condition, l.step].compactMap({ $0 }) { collect(e, into: &bound) }
            collect(l.body, into: &bound)
        case let .attempt(body, name, handler, finally):
            if let name { bound.insert(name) }
            for x in [body, handler, finally].compactMap({ $0 }) { collect(x, into: &bound) }
        case .function(let f): collect(f, into: &bound)
        case .return(let e): if let e { collect(e, into: &bound) }
        case .break, .continue, .empty: break
        case let .labelled(_, body): collect(body, into: &bound)
        case let .switch(subject, cases):
            collect(subject, into: &bound)
            for c in cases {
                if let t = c.test { collect(t, into: &bound) }
                for x in c.body { collect(x, into: &bound) }
            }
        case let .forIn(name, _, object, body):
            bound.insert(name)
            collect(object, into: &bound); collect(body, into: &bound)
        }
    }

    private static func collect(_ f: ScriptFunction, into bound: inout Set<String>) {
        bound.insert(f.name)
        bound.formUnion(f.parameters)
        for x in f.body { collect(x, into: &bound) }
    }

    /// The variable an assignment to `target` stores into, if it names one.
    private static func root(_ target: ScriptExpr) -> String? {
        switch target {
        case .name(let s), .index(.name(let s), _): return s
        default: return nil
        }
    }

    private static func collect(_ e: ScriptExpr, into bound: inout Set<String>) {
        switch e {
        case .number, .string, .name, .this, .link, .global: break
        case .array(let list), .sequence(let list), .math(_, let list): for x in list { collect(x, into: &bound) }
        case let .unary(_, a): collect(a, into: &bound)
        case let .binary(_, a, b), let .logical(_, a, b), let .operation(_, a, b), let .index(a, b):
            collect(a, into: &bound); collect(b, into: &bound)
        case let .conditional(c, a, b): for x in [c, a, b] { collect(x, into: &bound) }
        case let .assign(_, target, value):
            if let s = root(target) { bound.insert(s) }
            collect(target, into: &bound); collect(value, into: &bound)
        case let .update(_, _, target):
            if let s = root(target) { bound.insert(s) }
            collect(target, into: &bound)
        case let .call(callee, arguments), let .construct(callee, arguments):
            if case let .member(.name(s), "push") = callee { bound.insert(s) }
            collect(callee, into: &bound)
            for x in arguments { collect(x, into: &bound) }
        case let .member(o, _): collect(o, into: &bound)
        case .object(let properties): for p in properties { collect(p.value, into: &bound) }
        case .function(let f): collect(f, into: &bound)
        }
    }
}

extension ScriptResolver {
    /// The rewriting (file header), given the names the program binds.
    fileprivate struct Rewriter {
        let bound: Set<String>

        func statement(_ s: ScriptStatement) -> ScriptStatement {
            switch s {
            case .declare(let list): return .declare(list.map { ScriptDeclarator(name: $0.name, initial: $0.initial.map(expr)) })
            case .evaluate(let e): return .evaluate(expr(e))
            case .block(let list): return .block(list.map(statement))
            case let .branch(c, a, b): return .branch(expr(c), statement(a), b.map(statement))
            case .loop(let l):
                return .loop(ScriptLoop(initial: l.initial.map(statement), condition: l.condition.map(expr), step: l.step.map(expr),
                                        body: statement(l.body), testsAfter: l.testsAfter))
            case let .attempt(body, name, handler, finally):
                return .attempt(statement(body), catchName: name, handler: handler.map(statement), finally: finally.map(statement))
            case .function(let f): return .function(function(f))
            case .return(let e): return .return(e.map(expr))
            case .break, .continue, .empty: return s
            case let .labelled(label, body): return .labelled(label, statement(body))
            case let .switch(subject, cases):
                return .switch(expr(subject), cases.map { ScriptCase(test: $0.test.map(expr), body: $0.body.map(statement)) })
            case let .forIn(name, declares, object, body): return .forIn(name, declares: declares, expr(object), statement(body))
            }
        }

        private func function(_ f: ScriptFunction) -> ScriptFunction {
            ScriptFunction(name: f.name, parameters: f.parameters, body: f.body.map(statement))
        }

        func expr(_ e: ScriptExpr) -> ScriptExpr {
            switch e {
            case .number, .string, .this, .link, .global: return e
            case .name(let s):
                guard !bound.contains(s), let g = ScriptGlobalName.byName[s] else { return e }
                return .global(g)
            case .array(let list): return .array(list.map(expr))
            case let .unary("delete", .name(s)): return .unary("delete", .name(s))
            case let .unary(op, a): return .unary(op, expr(a))
            case let .binary(op, a, b):
                guard let o = ScriptOperator(rawValue: op) else { return .binary(op, expr(a), expr(b)) }
                return .operation(o, expr(a), expr(b))
            case let .operation(o, a, b): return .operation(o, expr(a), expr(b))
            case let .logical(op, a, b): return .logical(op, expr(a), expr(b))
            case let .conditional(c, a, b): return .conditional(expr(c), expr(a), expr(b))
            case let .assign(op, target, value): return .assign(op, expr(target), expr(value))
            case let .update(op, prefix, target): return .update(op, prefix: prefix, expr(target))
            case let .call(callee, arguments): return call(callee, arguments.map(expr))
            case let .member(o, name): return .member(expr(o), name)
            case let .index(o, i): return .index(expr(o), expr(i))
            case .sequence(let list): return .sequence(list.map(expr))
            case .object(let properties): return .object(properties.map { ScriptProperty(key: $0.key, value: expr($0.value)) })
            case .function(let f): return .function(function(f))
            case let .construct(callee, arguments): return .construct(expr(callee), arguments.map(expr))
            case let .math(f, arguments): return .math(f, arguments.map(expr))
            }
        }

        /// A callee named by itself keeps its name (the environment's function of that name).
        private func call(_ callee: ScriptExpr, _ arguments: [ScriptExpr]) -> ScriptExpr {
            if case .name = callee { return .call(callee, arguments) }
            let resolved = expr(callee)
            if case let .member(.global(.math), name) = resolved, let f = MathFunction(rawValue: name),
               f != .degreesToRadians, f != .radiansToDegrees {
                return .math(f, arguments)
            }
            return .call(resolved, arguments)
        }
    }
}
