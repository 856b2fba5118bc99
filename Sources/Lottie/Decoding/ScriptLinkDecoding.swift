// Links to other properties inside interpreted scripts, resolved while decoding
//
// An interpreted program's expressions that spell a whole link (PropertyLinks.swift's grammar,
// with literal names and indices: `thisComp.layer('Arm').transform.rotation`,
// `content('G').content('E').size.value`) are replaced, top-down, by ScriptExpr.link(i): the
// property is found and decoded as a typed expression's link is (LinkDecoding.swift: its own
// expression bound in its own scope, cycles and chain length refused), and the interpreter reads
// it at the frame it runs at. A chain that is not a whole link (a layer kept in a variable,
// `valueAtTime` of a link) is left to the interpreter, which reports it. Cost: a script's
// evaluation costs its step budget plus its links' costs (ExpressionBinding.swift).

extension DecodeContext {
    /// `statements` with their links replaced, and the properties they read.
    func resolveScriptLinks(_ statements: [ScriptStatement]) throws(ExpressionFailure) -> ([ScriptStatement], [LinkTarget]) {
        var links: [LinkTarget] = []
        var out: [ScriptStatement] = []
        for s in statements { out.append(try rewrite(s, &links)) }
        return (out, links)
    }

    private func rewrite(_ s: ScriptStatement, _ links: inout [LinkTarget]) throws(ExpressionFailure) -> ScriptStatement {
        func e(_ x: ScriptExpr) throws(ExpressionFailure) -> ScriptExpr { try rewrite(x, &links) }
        func st(_ x: ScriptStatement) throws(ExpressionFailure) -> ScriptStatement { try rewrite(x, &links) }
        func list(_ xs: [ScriptStatement]) throws(ExpressionFailure) -> [ScriptStatement] {
            var out: [ScriptStatement] = []
            for x in xs { out.append(try st(x)) }
            return out
        }
        switch s {
        case .declare(let ds):
            var out: [ScriptDeclarator] = []
            for d in ds { out.append(ScriptDeclarator(name: d.name, initial: try d.initial.map { (x) throws(ExpressionFailure) in try e(x) })) }
            return .declare(out)
        case .evaluate(let x): return .evaluate(try e(x))
        case .block(let xs): return .block(try list(xs))
        case let .branch(c, a, b): return .branch(try e(c), try st(a), try b.map { (x) throws(ExpressionFailure) in try st(x) })
        case .loop(var l):
            l.initial = try l.initial.map { (x) throws(ExpressionFailure) in try st(x) }
            l.condition = try l.condition.map { (x) throws(ExpressionFailure) in try e(x) }
            l.step = try l.step.map { (x) throws(ExpressionFailure) in try e(x) }
            l.body = try st(l.body)
            return .loop(l)
        case let .attempt(body, name, handler, finally):
            return .attempt(try st(body), catchName: name, handler: try handler.map { (x) throws(ExpressionFailure) in try st(x) },
                            finally: try finally.map { (x) throws(ExpressionFailure) in try st(x) })
        case .function(let f): return .function(ScriptFunction(name: f.name, parameters: f.parameters, body: try list(f.body)))
        case .return(let x): return .return(try x.map { (y) throws(ExpressionFailure) in try e(y) })
        case let .switch(subject, cases):
            var out: [ScriptCase] = []
            for c in cases { out.append(ScriptCase(test: try c.test.map { (x) throws(ExpressionFailure) in try e(x) }, body: try list(c.body))) }
            return .switch(try e(subject), out)
        case let .forIn(name, declares, object, body): return .forIn(name, declares: declares, try e(object), try st(body))
        case let .labelled(label, body): return .labelled(label, try st(body))
        case .break, .continue, .empty: return s
        }
    }

    private func rewrite(_ x: ScriptExpr, _ links: inout [LinkTarget]) throws(ExpressionFailure) -> ScriptExpr {
        if sourceTextIsValue, Self.sourceText(x) { return .name("value") }     // TextExpressionDecoding.swift
        if let space = try layerSpace(x, &links) {
            guard case let .call(f, args) = space else { return space }
            return .call(f, [args[0], args[1], try rewrite(args[2], &links)])
        }
        if let node = Self.linkNode(x) {
            var reference: LinkReference?
            do throws(ExpressionFailure) { reference = try PropertyLinkSyntax.reference(node) } catch { reference = nil }
            if let reference, reference.atTime == nil {
                links.append(try linkTarget(reference.link))
                return .link(links.count - 1)
            }
        }
        func e(_ y: ScriptExpr) throws(ExpressionFailure) -> ScriptExpr { try rewrite(y, &links) }
        func all(_ ys: [ScriptExpr]) throws(ExpressionFailure) -> [ScriptExpr] {
            var out: [ScriptExpr] = []
            for y in ys { out.append(try e(y)) }
            return out
        }
        switch x {
        case .number, .string, .name, .link, .this: return x
        case let .construct(f, args): return .construct(try e(f), try all(args))
        case .array(let ys): return .array(try all(ys))
        case let .unary(op, a): return .unary(op, try e(a))
        case let .binary(op, a, b): return .binary(op, try e(a), try e(b))
        case let .logical(op, a, b): return .logical(op, try e(a), try e(b))
        case let .conditional(c, a, b): return .conditional(try e(c), try e(a), try e(b))
        case let .assign(op, t, v): return .assign(op, try e(t), try e(v))
        case let .update(op, prefix, t): return .update(op, prefix: prefix, try e(t))
        case let .call(f, args): return .call(try e(f), try all(args))
        case let .member(o, name): return .member(try e(o), name)
        case let .index(o, i): return .index(try e(o), try e(i))
        case .sequence(let ys): return .sequence(try all(ys))
        case .object(let ps):
            var out: [ScriptProperty] = []
            for p in ps { out.append(ScriptProperty(key: p.key, value: try e(p.value))) }
            return .object(out)
        case .function(let f):
            var body: [ScriptStatement] = []
            for s in f.body { body.append(try rewrite(s, &links)) }
            return .function(ScriptFunction(name: f.name, parameters: f.parameters, body: body))
        }
    }

    /// The typed tree of a member/call chain with literal arguments, or nil.
    static func linkNode(_ x: ScriptExpr) -> ExpressionNode? {
        switch x {
        case .name(let s): return .name(s)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case let .member(o, name): return linkNode(o).map { .member($0, name) }
        case let .call(f, args):
            guard let callee = linkNode(f) else { return nil }
            var out: [ExpressionNode] = []
            for a in args {
                switch a {
                case .number(let n): out.append(.number(n))
                case .string(let s): out.append(.string(s))
                default: return nil
                }
            }
            return .call(callee, out)
        default: return nil
        }
    }
}
