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
//
// A layer kept in a variable — `var L = thisComp.layer('Arm');` at the top level (also `thisLayer`,
// `parent`, `comp('C').layer(…)`), the variable declared once and never assigned, no parameter,
// catch or for-in name shadowing it — is an alias: `L.transform.position`, `L('ADBE Root Vectors
// Group')(1)…` and `L.toComp(p)` are links as if the layer were spelled there. When the script
// breaks those conditions, its links are resolved again without aliases (the variable is then the
// interpreter's, which reads `L.index` only).
//
// `thisProperty.propertyGroup(1)(K)` on an effect's control (`ef[i].ef[j].v`) is the control K
// (its `nm`, `mn`, or a number: its `ix`) of the effect holding it (lottie-web's propertyGroup of
// an effect value): its number when it is not animated (the Trace Path preset's "Loop" checkbox),
// else `effect(i + 1)(K)` read when the script runs (effects are still being read when an effect
// value's own expression is bound, so a constant is read from the file here).

/// The layer variables of the script being resolved.
struct ScriptAliases {
    var layers: [String: ScriptExpr] = [:]
    var declarations = 0
    var broken = false
}

extension DecodeContext {
    /// `statements` with their links replaced, and the properties they read.
    func resolveScriptLinks(_ statements: [ScriptStatement]) throws(ExpressionFailure) -> ([ScriptStatement], [LinkTarget]) {
        let saved = scriptAliases
        defer { scriptAliases = saved }
        scriptAliases = ScriptAliases(layers: Self.layerAliases(statements))
        while true {
            var links: [LinkTarget] = []
            var out: [ScriptStatement] = []
            for s in statements { out.append(try rewrite(s, &links)) }
            let aliases = scriptAliases
            if aliases.layers.isEmpty || (!aliases.broken && aliases.declarations == aliases.layers.count) { return (out, links) }
            scriptAliases = ScriptAliases()     // resolved again without aliases
        }
    }

    /// Top-level `var L = <layer>;` declarations whose value names a layer with literals.
    private static func layerAliases(_ statements: [ScriptStatement]) -> [String: ScriptExpr] {
        var out: [String: ScriptExpr] = [:]
        for case .declare(let ds) in statements {
            for d in ds {
                guard let e = d.initial, isLayer(e), out[d.name] == nil else { continue }
                out[d.name] = e
            }
        }
        return out
    }

    private static func isLayer(_ e: ScriptExpr) -> Bool {
        switch e {
        case .name("thisLayer"), .name("parent"), .member(.name("thisLayer"), "parent"): return true
        case let .call(.member(root, "layer"), args) where args.count == 1:
            switch args[0] { case .string, .number: break; default: return false }
            if case .name("thisComp") = root { return true }
            if case let .call(.name("comp"), c) = root, c.count == 1, case .string = c[0] { return true }
            return false
        default: return false
        }
    }

    /// Notes a name bound again (a declaration, parameter, catch or loop name, an assignment).
    private func bound(_ names: [String]) {
        for n in names where scriptAliases.layers[n] != nil { scriptAliases.broken = true }
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
            for d in ds where scriptAliases.layers[d.name] != nil {
                scriptAliases.declarations += 1
            }
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
            bound(name.map { [$0] } ?? [])
            return .attempt(try st(body), catchName: name, handler: try handler.map { (x) throws(ExpressionFailure) in try st(x) },
                            finally: try finally.map { (x) throws(ExpressionFailure) in try st(x) })
        case .function(let f):
            bound(f.parameters + [f.name])
            return .function(ScriptFunction(name: f.name, parameters: f.parameters, body: try list(f.body)))
        case .return(let x): return .return(try x.map { (y) throws(ExpressionFailure) in try e(y) })
        case let .switch(subject, cases):
            var out: [ScriptCase] = []
            for c in cases { out.append(ScriptCase(test: try c.test.map { (x) throws(ExpressionFailure) in try e(x) }, body: try list(c.body))) }
            return .switch(try e(subject), out)
        case let .forIn(name, declares, object, body):
            bound([name])
            return .forIn(name, declares: declares, try e(object), try st(body))
        case let .labelled(label, body): return .labelled(label, try st(body))
        case .break, .continue, .empty: return s
        }
    }

    private func rewrite(_ x: ScriptExpr, _ links: inout [LinkTarget]) throws(ExpressionFailure) -> ScriptExpr {
        if sourceTextIsValue, Self.sourceText(x) { return .name("value") }     // TextExpressionDecoding.swift
        if let rect = try sourceRect(x, &links) { return rect }                     // SourceRectDecoding.swift
        if let space = try layerSpace(x, &links) {
            guard case let .call(f, args) = space else { return space }
            return .call(f, [args[0], args[1], try rewrite(args[2], &links)])
        }
        if let sibling = effectSibling(x) { return try rewrite(sibling, &links) }
        if let node = linkNode(x) {
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
        case .number, .string, .name, .link, .this, .global, .math, .operation: return x
        case let .construct(f, args): return .construct(try e(f), try all(args))
        case .array(let ys): return .array(try all(ys))
        case let .unary(op, a): return .unary(op, try e(a))
        case let .binary(op, a, b): return .binary(op, try e(a), try e(b))
        case let .logical(op, a, b): return .logical(op, try e(a), try e(b))
        case let .conditional(c, a, b): return .conditional(try e(c), try e(a), try e(b))
        case let .assign(op, t, v):
            if case .name(let n) = t { bound([n]) }
            return .assign(op, try e(t), try e(v))
        case let .update(op, prefix, t):
            if case .name(let n) = t { bound([n]) }
            return .update(op, prefix: prefix, try e(t))
        case let .call(f, args): return .call(try e(f), try all(args))
        case let .member(o, name): return .member(try e(o), name)
        case let .index(o, i): return .index(try e(o), try e(i))
        case .sequence(let ys): return .sequence(try all(ys))
        case .object(let ps):
            var out: [ScriptProperty] = []
            for p in ps { out.append(ScriptProperty(key: p.key, value: try e(p.value))) }
            return .object(out)
        case .function(let f):
            bound(f.parameters + [f.name])
            var body: [ScriptStatement] = []
            for s in f.body { body.append(try rewrite(s, &links)) }
            return .function(ScriptFunction(name: f.name, parameters: f.parameters, body: body))
        }
    }

    /// `thisProperty.propertyGroup(1)(K)` on an effect control's value (header), or nil.
    private func effectSibling(_ x: ScriptExpr) -> ScriptExpr? {
        guard case let .call(.call(.member(.name("thisProperty"), "propertyGroup"), one), key) = x, one == [.number(1)], key.count == 1,
              path.count >= 5, case .key("ef") = path[path.count - 5], case .index(let i) = path[path.count - 4],
              case .key("ef") = path[path.count - 3], case .key("v") = path[path.count - 1] else { return nil }
        let position = expressionScope.layerPosition
        if position < expressionScope.layers.count, case .object(let layer) = expressionScope.layers[position],
           case .array(let effects)? = member(layer, "ef"), i < effects.count, case .object(let effect) = effects[i],
           case .array(let controls)? = member(effect, "ef") {
            for case .object(let c) in controls {
                let matches: Bool
                switch key[0] {
                case .string(let s): matches = name(c) == s || (try? optionalString(c, "mn")) == s
                case .number(let n): if case .number(let ix)? = member(c, "ix") { matches = ix == n } else { matches = false }
                default: matches = false
                }
                guard matches else { continue }
                if case .object(let v)? = member(c, "v"), (try? optionalNumber(v, "a")) ?? 0 == 0, member(v, "x") == nil {
                    switch member(v, "k") {
                    case .number(let n)?: return .number(n)
                    case .array(let a)? where a.count == 1: if case .number(let n) = a[0] { return .number(n) }
                    default: break
                    }
                }
                break
            }
        }
        return .call(.call(.name("effect"), [.number(Double(i + 1))]), key)
    }

    /// The typed tree of a member/call chain with literal arguments (layer variables replaced by their layer), or nil.
    func linkNode(_ x: ScriptExpr) -> ExpressionNode? {
        switch x {
        case .name(let s):
            if let layer = scriptAliases.layers[s] { return linkNode(layer) }
            return .name(s)
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
