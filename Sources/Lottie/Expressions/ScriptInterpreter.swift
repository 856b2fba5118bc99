// Running an interpreted expression: statements, scopes, control flow, the step budget
//
// A tree-walking interpreter of the subset in ScriptSyntax.swift, with JavaScript's meaning:
// `var` belongs to the enclosing function (or the program), may be declared again (keeping its
// value), and an assignment to an undeclared name makes a program variable; function
// declarations are hoisted to the start of their body; functions (declared or expressions)
// close over the scope they are made in, by reference, and see `arguments`; objects made by
// literals are shared by reference (ScriptScope.swift: how they are freed); `try … catch` catches what JavaScript
// would throw (ScriptError.type) but never an unsupported form or an exhausted budget. The
// result is `$bm_rt` when the program gives it a value, else the value of the last expression
// statement run (After Effects' rule without Bodymovin's wrapper).
//
// Bounds: every statement and every expression node evaluated costs one step; an evaluation
// that takes more than `maxSteps` (LottieLimits.maxExpressionSteps) stops with an error, so a
// loop of 10⁹ iterations is refused after maxSteps steps, not run. Calls of user functions nest
// at most `maxCallDepth` deep, and statements and expressions being evaluated nest at most
// `maxNesting` (1024) deep in all — which bounds the native stack whatever the program does.
//
// `this` is the object a function was called on (`o.f()`: o; `new F()`: the new object); in a
// plain call and at the top level it is the global object, as in lottie-web, which calls the
// expression as a plain non-strict function — here an empty object made on first use. Labels:
// `break L` / `continue L` leave or continue the statement labelled L; an unlabelled one the
// innermost loop (or switch, for break).

struct ScriptInterpreter {
    let environment: ScriptEnvironment
    let maxSteps: Int
    let maxCallDepth: Int
    private(set) var steps = 0
    private var callDepth = 0
    /// Statements and expressions being evaluated, nested (the native stack's depth).
    private var nesting = 0
    static let maxNesting = 1024
    private var globals: [String: ScriptValue] = [:]
    /// The variables of the user function being run (its parents: the scopes it closes over); nil
    /// at the program's top level.
    private var scope: ScriptScope?
    /// Every scope and object this evaluation made, emptied when it ends (ScriptScope.swift).
    private var arena = ScriptArena()
    private var lastValue: ScriptValue = .undefined
    /// `this` in the function being run; nil: the global object.
    private var receiver: ScriptValue?
    private var globalObject: ScriptRecord?
    /// Whether `override` has set a name: `.global` is then looked up by name (ScriptResolver.swift).
    private(set) var overridden = false
    /// `value` as the environment gave it, made once per evaluation (ScriptInterpreter+Resolved.swift).
    var ownValue: ScriptValue?
    var random: ScriptRandom

    init(environment: ScriptEnvironment, maxSteps: Int, maxCallDepth: Int) {
        self.environment = environment
        self.maxSteps = maxSteps
        self.maxCallDepth = maxCallDepth
        random = ScriptRandom(seed: environment.seed, frame: environment.frame)
    }

    private enum Completion {
        case normal, returned(ScriptValue), broke(String?), continued(String?)
    }

    /// Runs the program; its result (file header).
    mutating func run(_ program: [ScriptStatement]) throws(ScriptError) -> ScriptValue {
        defer { arena.release() }
        hoist(program, into: &globals, closingOver: nil)
        switch try execute(program) {
        case .returned(let v): return v
        case .broke, .continued: throw .unsupported("'break' or 'continue' outside a loop or its label")
        case .normal: break
        }
        if !globals.isEmpty, let r = globals["$bm_rt"] {
            if case .undefined = r {} else { return r }
        }
        return lastValue
    }

    mutating func step() throws(ScriptError) {
        try charge(1)
    }

    /// Charges `n` steps (work proportional to n done by one built-in: a path's vertices).
    mutating func charge(_ n: Int) throws(ScriptError) {
        steps += n
        if steps > maxSteps { throw .budget("more than \(maxSteps) evaluation steps (a loop or recursion too long)") }
    }

    private mutating func enter() throws(ScriptError) {
        nesting += 1
        if nesting > Self.maxNesting { throw .budget("evaluation nested deeper than \(Self.maxNesting) levels") }
    }

    /// The step and nesting of evaluating a name, charged by a resolved form that reads one.
    mutating func readName() throws(ScriptError) {
        try step()
        try enter()
        nesting -= 1
    }

    private func hoist(_ body: [ScriptStatement], into variables: inout [String: ScriptValue], closingOver scope: ScriptScope?) {
        for s in body { if case .function(let f) = s { variables[f.name] = .function(f, scope) } }
    }

    // MARK: statements

    private mutating func execute(_ list: [ScriptStatement]) throws(ScriptError) -> Completion {
        for s in list {
            let c = try execute(s)
            if case .normal = c { continue }
            return c
        }
        return .normal
    }

    private mutating func execute(_ s: ScriptStatement) throws(ScriptError) -> Completion {
        try step()
        try enter()
        defer { nesting -= 1 }
        switch s {
        case .declare(let list):
            for d in list {
                if let e = d.initial { declare(d.name, try evaluate(e)) } else if !isDeclared(d.name) { declare(d.name, .undefined) }
            }
        case .evaluate(let e):
            let v = try evaluate(e)
            if scope == nil { lastValue = v }
        case .block(let list): return try execute(list)
        case let .branch(c, a, b):
            if try evaluate(c).truth { return try execute(a) }
            if let b { return try execute(b) }
        case .loop(let l): return try loop(l, labels: [])
        case let .labelled(label, body): return try labelled([label], body)
        case let .attempt(body, name, handler, finally):
            var outcome: Completion
            do { outcome = try execute(body) } catch {
                guard error.isCatchable, let handler else {
                    if error.isCatchable, let finally { _ = try execute(finally) }     // try … finally: runs, then rethrows
                    throw error
                }
                let message = error.reason
                if let name { declare(name, .string(message)) }
                outcome = try execute(handler)
            }
            if let finally {
                let f = try execute(finally)
                if case .normal = f {} else { return f }
            }
            return outcome
        case .function: break     // hoisted
        case .return(let e):
            guard scope != nil else { throw .unsupported("'return' outside a function") }
            return .returned(try e.map { (x) throws(ScriptError) in try evaluate(x) } ?? .undefined)
        case .break(let label): return .broke(label)
        case .continue(let label): return .continued(label)
        case let .switch(subject, cases): return try switchStatement(subject, cases)
        case let .forIn(name, declares, object, body): return try forIn(name, declares, object, body, labels: [])
        case .empty: break
        }
        return .normal
    }

    /// `L1: L2: … statement`: a loop continues or ends at its labels; any statement ends at a `break` of them.
    private mutating func labelled(_ labels: [String], _ body: ScriptStatement) throws(ScriptError) -> Completion {
        let c: Completion
        switch body {
        case let .labelled(inner, rest): return try labelled(labels + [inner], rest)
        case .loop(let l): try step(); c = try loop(l, labels: labels)
        case let .forIn(name, declares, object, loopBody): try step(); c = try forIn(name, declares, object, loopBody, labels: labels)
        default: c = try execute(body)
        }
        if case .broke(let l?) = c, labels.contains(l) { return .normal }
        return c
    }

    /// What a loop does after its body completed with `c`: nil to go on, else the loop's own completion.
    /// (Static: a method of `self` called with `try execute(…)` as its argument would copy the whole
    /// interpreter, arena included, on every iteration.)
    private static func afterBody(_ c: Completion, labels: [String]) -> Completion? {
        switch c {
        case .normal: return nil
        case .broke(nil): return .normal
        case .broke(let l?): return labels.contains(l) ? .normal : c
        case .continued(nil): return nil
        case .continued(let l?): return labels.contains(l) ? nil : c
        case .returned: return c
        }
    }

    private mutating func loop(_ l: ScriptLoop, labels: [String]) throws(ScriptError) -> Completion {
        if let i = l.initial { _ = try execute(i) }
        var first = true
        while true {
            try step()
            if !(first && l.testsAfter), let c = l.condition, !(try evaluate(c).truth) { break }
            first = false
            let c = try execute(l.body)
            if let end = Self.afterBody(c, labels: labels) { return end }
            if let s = l.step { _ = try evaluate(s) }
        }
        return .normal
    }

    private mutating func forIn(_ name: String, _ declares: Bool, _ object: ScriptExpr, _ body: ScriptStatement,
                                labels: [String]) throws(ScriptError) -> Completion {
        let o = try evaluate(object)
        let keys: [String]
        switch o {
        case .record(let r): keys = r.order
        case .array(let a): keys = a.indices.map { String($0) }
        case .string(let s): keys = (0..<s.utf16.count).map { String($0) }
        default: keys = []
        }
        for k in keys {
            try step()
            if declares { declare(name, .string(k)) } else { store(name, .string(k)) }
            let c = try execute(body)
            if let end = Self.afterBody(c, labels: labels) { return end }
        }
        return .normal
    }

    private mutating func switchStatement(_ subject: ScriptExpr, _ cases: [ScriptCase]) throws(ScriptError) -> Completion {
        let v = try evaluate(subject)
        var start: Int?
        for (i, c) in cases.enumerated() {
            if let t = c.test, ScriptValue.equal(v, try evaluate(t), strict: true) { start = i; break }
        }
        if start == nil { start = cases.firstIndex { $0.test == nil } }
        guard let start else { return .normal }
        for c in cases[start...] {
            switch try execute(c.body) {
            case .normal: continue
            case .broke(nil): return .normal
            case let other: return other
            }
        }
        return .normal
    }

    // MARK: variables

    private func isDeclared(_ name: String) -> Bool {
        if let scope { return scope.variables[name] != nil }
        return globals[name] != nil
    }

    private mutating func declare(_ name: String, _ v: ScriptValue) {
        if let scope { scope.variables[name] = v } else { globals[name] = v }
    }

    /// The scope along the chain that holds `name`, or nil (a global or an environment name).
    private func holder(_ name: String) -> ScriptScope? {
        var s = scope
        while let c = s {
            if c.variables[name] != nil { return c }
            s = c.parent
        }
        return nil
    }

    private func isVisible(_ name: String) -> Bool { holder(name) != nil || globals[name] != nil }

    mutating func lookup(_ name: String) throws(ScriptError) -> ScriptValue {
        if scope == nil {     // the top level (most expressions): no scope chain to walk
            if !globals.isEmpty, let v = globals[name] { return v }
            return try environment.global(name, &self)
        }
        if let v = holder(name)?.variables[name] ?? globals[name] { return v }
        return try environment.global(name, &self)
    }

    private mutating func store(_ name: String, _ v: ScriptValue) {
        if let c = holder(name) { c.variables[name] = v } else { globals[name] = v }
    }

    // MARK: expressions

    /// (Each form beyond the simplest is its own function: the native stack a nested evaluation
    /// takes per level is evaluate's frame, which a debug build makes as large as all its cases'.)
    mutating func evaluate(_ e: ScriptExpr) throws(ScriptError) -> ScriptValue {
        try step()
        try enter()
        defer { nesting -= 1 }
        switch e {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .name(let s): return try lookup(s)
        case .array(let list): return try array(list)
        case let .unary(op, a): return try unary(op, a)
        case let .binary(op, a, b): return try binary(op, a, b)
        case let .logical(op, a, b): return try logical(op, a, b)
        case let .conditional(c, a, b): return try evaluate(c).truth ? try evaluate(a) : try evaluate(b)
        case let .assign(op, target, value): return try assign(op, target, value)
        case let .update(op, prefix, target): return try update(op, prefix, target)
        case let .call(callee, arguments): return try call(callee, arguments)
        case let .member(object, name): return try member(object, name)
        case let .index(object, i): return try index(object, i)
        case .sequence(let list): return try sequence(list)
        case .object(let properties): return try object(properties)
        case .function(let f): return .function(f, scope)
        case .this: return this()
        case let .construct(callee, arguments): return try construct(callee, arguments)
        case .link(let i): return environment.linkValue(i)
        case .global(let g): return try global(g)
        case let .math(f, arguments): return try math(f, arguments)
        case let .operation(op, a, b): return try operation(op, a, b)
        }
    }

    private mutating func array(_ list: [ScriptExpr]) throws(ScriptError) -> ScriptValue {
        var out: [ScriptValue] = []
        out.reserveCapacity(list.count)
        for x in list { out.append(try element(try evaluate(x))) }
        return .array(out)
    }

    private mutating func unary(_ op: String, _ a: ScriptExpr) throws(ScriptError) -> ScriptValue {
        if op == "delete" { return try delete(a) }
        let x = try evaluate(a)
        switch op {
        case "!": return .bool(!x.truth)
        case "typeof": return .string(x.typeName)
        case "void": return .undefined
        case "~": return .number(Double(~ScriptValue.int32(x)))
        case "+": guard let n = x.number else { throw .type("+ of \(x.typeName)") }; return .number(n)
        default: return try ScriptValue.arithmetic("*", .number(-1), x)
        }
    }

    private mutating func binary(_ op: String, _ a: ScriptExpr, _ b: ScriptExpr) throws(ScriptError) -> ScriptValue {
        let x = try evaluate(a), y = try evaluate(b)
        switch op {
        case "==", "===": return .bool(ScriptValue.equal(x, y, strict: op == "==="))
        case "!=", "!==": return .bool(!ScriptValue.equal(x, y, strict: op == "!=="))
        default: return try ScriptValue.binary(op, x, y)
        }
    }

    private mutating func operation(_ op: ScriptOperator, _ a: ScriptExpr, _ b: ScriptExpr) throws(ScriptError) -> ScriptValue {
        let x = try evaluate(a), y = try evaluate(b)
        return try ScriptValue.operation(op, x, y)
    }

    private mutating func logical(_ op: String, _ a: ScriptExpr, _ b: ScriptExpr) throws(ScriptError) -> ScriptValue {
        let x = try evaluate(a)
        return (op == "&&") == x.truth ? try evaluate(b) : x
    }

    private mutating func assign(_ op: String, _ target: ScriptExpr, _ value: ScriptExpr) throws(ScriptError) -> ScriptValue {
        var v = try evaluate(value)
        if op != "=" { v = try ScriptValue.binary(String(op.dropLast()), try evaluate(target), v) }
        try assign(target, v)
        return v
    }

    private mutating func update(_ op: Character, _ prefix: Bool, _ target: ScriptExpr) throws(ScriptError) -> ScriptValue {
        let old = try evaluate(target)
        guard let n = old.number else { throw .type("\(op)\(op) of \(old.typeName)") }
        let new = ScriptValue.number(op == "+" ? n + 1 : n - 1)
        try assign(target, new)
        return prefix ? new : .number(n)
    }

    private mutating func member(_ object: ScriptExpr, _ name: String) throws(ScriptError) -> ScriptValue {
        let o = try evaluate(object)
        return try environment.member(o, name, &self)
    }

    private mutating func index(_ object: ScriptExpr, _ i: ScriptExpr) throws(ScriptError) -> ScriptValue {
        let o = try evaluate(object), k = try evaluate(i)
        return try ScriptEnvironment.element(o, k)
    }

    private mutating func sequence(_ list: [ScriptExpr]) throws(ScriptError) -> ScriptValue {
        var v = ScriptValue.undefined
        for x in list { v = try evaluate(x) }
        return v
    }

    private mutating func object(_ properties: [ScriptProperty]) throws(ScriptError) -> ScriptValue {
        let r = arena.record()
        for p in properties { try r.set(p.key, try evaluate(p.value)) }
        return .record(r)
    }

    private mutating func this() -> ScriptValue {
        if let receiver { return receiver }
        if globalObject == nil { globalObject = arena.record() }
        return .record(globalObject!)
    }

    private mutating func construct(_ callee: ScriptExpr, _ arguments: [ScriptExpr]) throws(ScriptError) -> ScriptValue {
        var args: [ScriptValue] = []
        for a in arguments { args.append(try evaluate(a)) }
        return try construct(try evaluate(callee), args)
    }

    /// `v` as an array element: arrays nest at most 2 deep (matrices of points), which bounds the
    /// recursion of printing and freeing values; the check's cost is charged as steps.
    private mutating func element(_ v: ScriptValue) throws(ScriptError) -> ScriptValue {
        guard case .array(let inner) = v else { return v }
        for e in inner {
            try step()
            if case .array = e { throw .unsupported("arrays nested more than 2 deep") }
        }
        return v
    }

    private mutating func assign(_ target: ScriptExpr, _ v: ScriptValue) throws(ScriptError) {
        switch target {
        case .name(let s): store(s, v)
        case let .index(.name(s), i):
            let current = try lookup(s)
            if case .record(let r) = current { try r.set(try evaluate(i).text, v); return }
            guard case .array(var a) = current else { throw .unsupported("assigning an element of a non-array") }
            guard let n = try evaluate(i).number, n >= 0, n == n.rounded(), n < 4096 else { throw .type("a bad array index") }
            while a.count <= Int(n) { a.append(.undefined) }
            a[Int(n)] = try element(v)
            store(s, .array(a))
        case let .index(object, i):
            let o = try evaluate(object)
            guard case .record(let r) = o else { throw .unsupported("assigning an element of a \(o.typeName) (not a variable)") }
            try r.set(try evaluate(i).text, v)
        case let .member(object, name):
            let o = try evaluate(object)
            switch o {
            case .record(let r): try r.set(name, v)
            case .undefined, .null: throw .type("setting '.\(name.prefix(30))' of \(o.typeName)")
            default: throw .unsupported("assigning a member of a \(o.typeName)")
            }
        default: throw .unsupported("assigning to this form")
        }
    }

    private mutating func call(_ callee: ScriptExpr, _ arguments: [ScriptExpr]) throws(ScriptError) -> ScriptValue {
        var args: [ScriptValue] = []
        args.reserveCapacity(arguments.count)
        for a in arguments { args.append(try evaluate(a)) }
        if case .name(let s) = callee, !isVisible(s) {
            return try environment.callGlobal(s, args, &self)
        }
        if case let .member(.name(s), "push") = callee, case .array(var list) = try lookup(s) {
            // a.push(x, …): arrays are values here, so the variable is updated; at most 4 096 elements.
            guard list.count + args.count <= 4096 else { throw .budget("an array of more than 4096 elements") }
            for x in args { list.append(try element(x)) }
            store(s, .array(list))
            return .number(Double(list.count))
        }
        if case let .member(objectExpr, name) = callee {
            let object = try evaluate(objectExpr)
            return try environment.callMember(object, name, args, &self)
        }
        let f = try evaluate(callee)
        return try call(f, args)
    }

    /// `delete o.k` / `delete o[k]`: the member removed from an object (true); of anything else, true.
    private mutating func delete(_ target: ScriptExpr) throws(ScriptError) -> ScriptValue {
        let object: ScriptValue, key: String
        switch target {
        case let .member(o, name): (object, key) = (try evaluate(o), name)
        case let .index(o, i): object = try evaluate(o); key = try evaluate(i).text
        case .name: return .bool(false)                 // a variable is not deleted
        default: _ = try evaluate(target); return .bool(true)
        }
        switch object {
        case .undefined, .null: throw .type("delete of a member of \(object.typeName)")
        case .record(let r): r.remove(key)
        default: break
        }
        return .bool(true)
    }

    /// `new F(…)`: Array and Object make their values; a user function runs with `this` a new object,
    /// which is the result unless the function returns an object.
    private mutating func construct(_ f: ScriptValue, _ args: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        switch f {
        case .object(.builtin(let b)) where b == .array || b == .object:
            return try environment.callGlobal(b.rawValue, args, &self)
        case .object(.builtin(let b)): throw .unsupported("new \(b.rawValue)() (wrapper objects) is not supported")
        case .function(let fn, _):
            let r = arena.record()
            r.madeBy = fn
            let result = try call(f, args, receiver: .record(r))
            switch result {
            case .record, .array, .function, .object: return result
            default: return .record(r)
            }
        default: throw .type("new of a \(f.typeName) that is not a constructor")
        }
    }

    /// Sets a name of the environment for the rest of the evaluation (posterizeTime: `time`, `value`).
    mutating func override(_ name: String, _ v: ScriptValue) {
        globals[name] = v
        overridden = true
    }

    /// A record made by this evaluation (JSON.parse, Object()).
    mutating func newRecord() -> ScriptRecord { arena.record() }

    mutating func call(_ f: ScriptValue, _ args: [ScriptValue], receiver this: ScriptValue? = nil) throws(ScriptError) -> ScriptValue {
        if case .object(.effect(let layer, let effect)) = f { return try environment.control(layer, effect, args) }
        if case .object(.builtin(let b)) = f, b.isConstructor { return try environment.callGlobal(b.rawValue, args, &self) }
        guard case .function(let fn, let captured) = f else { throw .type("a \(f.typeName) is not a function") }
        guard callDepth < maxCallDepth else { throw .budget("calls nested deeper than \(maxCallDepth)") }
        let frame = arena.scope([:], parent: captured)
        var variables: [String: ScriptValue] = ["arguments": .array(args)]
        for (i, p) in fn.parameters.enumerated() { variables[p] = i < args.count ? args[i] : .undefined }
        hoist(fn.body, into: &variables, closingOver: frame)
        frame.variables = variables
        let saved = scope, savedReceiver = receiver
        scope = frame
        receiver = this
        callDepth += 1
        defer { scope = saved; receiver = savedReceiver; callDepth -= 1 }
        if case .returned(let v) = try execute(fn.body) { return v }
        return .undefined
    }
}
