// Recursive-descent parser of the interpreted subset (grammar and tree: ScriptSyntax.swift)
//
// Every statement, operator, call, member and index enters one level; the depth cap bounds the
// recursion of the parser and of the interpreter's walk of the tree, the node cap its size.

struct ScriptParser {
    private var lexer: ScriptLexer
    private var token: ScriptToken = .end
    private let caps: ExpressionCaps
    private var depth = 0
    private var nodes = 0
    /// In a for statement's first clause `in` ends the expression (ES5's NoIn).
    private var noIn = false

    private init(_ source: String, caps: ExpressionCaps) {
        lexer = ScriptLexer(source)
        self.caps = caps
    }

    static let keywords: Set<String> = ["var", "let", "const", "if", "else", "for", "while", "do", "try", "catch", "finally",
                                        "function", "return", "break", "continue", "switch", "case", "default", "new", "this",
                                        "in", "instanceof", "typeof", "void", "delete"]
    /// Keywords that begin an expression, not a statement of their own.
    static let expressionKeywords: Set<String> = ["function", "new", "this", "typeof", "void", "delete"]

    static func parse(_ source: String, caps: ExpressionCaps) throws(ExpressionFailure) -> [ScriptStatement] {
        guard source.utf8.count <= caps.maxLength else {
            throw ExpressionFailure("\(source.utf8.count) characters, over the cap of \(caps.maxLength)")
        }
        var p = ScriptParser(source, caps: caps)
        try p.advance()
        var out: [ScriptStatement] = []
        while p.token != .end { out.append(try p.statement()) }
        return out
    }

    private mutating func advance() throws(ExpressionFailure) { token = try lexer.next() }
    /// The token after the current one.
    private func peek() throws(ExpressionFailure) -> ScriptToken {
        var copy = lexer
        return try copy.next()
    }
    private func isSymbol(_ s: String) -> Bool { token == .symbol(s) }
    private func isWord(_ s: String) -> Bool { token == .identifier(s) }

    private mutating func expect(_ s: String) throws(ExpressionFailure) {
        guard isSymbol(s) else { throw ExpressionFailure("expected '\(s)' \(describe())") }
        try advance()
    }

    private mutating func skip(_ s: String) throws(ExpressionFailure) { if isSymbol(s) { try advance() } }

    private func describe() -> String {
        switch token {
        case .number(let n): return "before \(n)"
        case .string(let s): return "before '\(s.prefix(20))'"
        case .identifier(let s): return "before \(s.prefix(20))"
        case .symbol(let c): return "before '\(c)'"
        case .end: return "at the end"
        }
    }

    private mutating func enter() throws(ExpressionFailure) {
        depth += 1
        nodes += 1
        guard depth <= caps.maxDepth else { throw ExpressionFailure("nested deeper than \(caps.maxDepth) levels") }
        guard nodes <= caps.maxNodes else { throw ExpressionFailure("more than \(caps.maxNodes) terms") }
    }

    private mutating func identifier() throws(ExpressionFailure) -> String {
        guard case .identifier(let s) = token, !Self.keywords.contains(s) else { throw ExpressionFailure("expected a name \(describe())") }
        try advance()
        return s
    }

    // MARK: statements

    private mutating func statement() throws(ExpressionFailure) -> ScriptStatement {
        try enter()
        defer { depth -= 1 }
        if case .identifier(let label) = token, !Self.keywords.contains(label), try peek() == .symbol(":") {
            try advance()
            try advance()
            return .labelled(label, try statement())
        }
        let anonymous = isWord("function") ? try peek() == .symbol("(") : false
        guard case .identifier(let word) = token, Self.keywords.contains(word),
              !(Self.expressionKeywords.contains(word) && (word != "function" || anonymous)) else {
            if isSymbol("{") { return .block(try block()) }
            if isSymbol(";") { try advance(); return .empty }
            let e = try expression()
            try skip(";")
            return .evaluate(e)
        }
        try advance()
        switch word {
        case "var", "let", "const":
            let d = try declarators()
            try skip(";")
            return d
        case "if":
            try expect("(")
            let c = try expression()
            try expect(")")
            let then = try statement()
            if isWord("else") { try advance(); return .branch(c, then, try statement()) }
            return .branch(c, then, nil)
        case "for": return try forLoop()
        case "while":
            try expect("(")
            let c = try expression()
            try expect(")")
            return .loop(ScriptLoop(initial: nil, condition: c, step: nil, body: try statement(), testsAfter: false))
        case "do":
            let body = try statement()
            guard isWord("while") else { throw ExpressionFailure("expected 'while' \(describe())") }
            try advance()
            try expect("(")
            let c = try expression()
            try expect(")")
            try skip(";")
            return .loop(ScriptLoop(initial: nil, condition: c, step: nil, body: body, testsAfter: true))
        case "try": return try attempt()
        case "function":
            let name = try identifier()
            return .function(try function(name))
        case "return":
            if isSymbol(";") || isSymbol("}") || token == .end { try skip(";"); return .return(nil) }
            let e = try expression()
            try skip(";")
            return .return(e)
        case "break", "continue":
            var label: String?
            if case .identifier(let s) = token, !Self.keywords.contains(s), !lexer.lineBreakBefore { label = s; try advance() }
            try skip(";")
            return word == "break" ? .break(label) : .continue(label)
        case "switch": return try switchStatement()
        default: throw ExpressionFailure("'\(word)' is not supported")
        }
    }

    private mutating func block() throws(ExpressionFailure) -> [ScriptStatement] {
        try expect("{")
        var out: [ScriptStatement] = []
        while !isSymbol("}") {
            guard token != .end else { throw ExpressionFailure("expected '}' at the end") }
            out.append(try statement())
        }
        try advance()
        return out
    }

    private mutating func declarators() throws(ExpressionFailure) -> ScriptStatement {
        var list: [ScriptDeclarator] = []
        repeat {
            if !list.isEmpty { try advance() }
            let name = try identifier()
            var initial: ScriptExpr?
            if isSymbol("=") { try advance(); initial = try assignment() }
            list.append(ScriptDeclarator(name: name, initial: initial))
        } while isSymbol(",")
        return .declare(list)
    }

    private mutating func forLoop() throws(ExpressionFailure) -> ScriptStatement {
        try expect("(")
        var initial: ScriptStatement?
        noIn = true
        if isWord("var") || isWord("let") { try advance(); initial = try declarators() }
        else if !isSymbol(";") { initial = .evaluate(try expression()) }
        noIn = false
        if isWord("in") {
            let name: String, declares: Bool
            switch initial {
            case .declare(let d)? where d.count == 1 && d[0].initial == nil: (name, declares) = (d[0].name, true)
            case .evaluate(.name(let s))?: (name, declares) = (s, false)
            default: throw ExpressionFailure("for (… in …) takes one variable")
            }
            try advance()
            let object = try expression()
            try expect(")")
            return .forIn(name, declares: declares, object, try statement())
        }
        if isWord("of") { throw ExpressionFailure("for … of is not ES5") }
        try expect(";")
        let condition = isSymbol(";") ? nil : try expression()
        try expect(";")
        let step = isSymbol(")") ? nil : try expression()
        try expect(")")
        return .loop(ScriptLoop(initial: initial, condition: condition, step: step, body: try statement(), testsAfter: false))
    }

    private mutating func attempt() throws(ExpressionFailure) -> ScriptStatement {
        let body = ScriptStatement.block(try block())
        var name: String?, handler: ScriptStatement?, finally: ScriptStatement?
        if isWord("catch") {
            try advance()
            if isSymbol("(") { try advance(); name = try identifier(); try expect(")") }
            handler = .block(try block())
        }
        if isWord("finally") { try advance(); finally = .block(try block()) }
        guard handler != nil || finally != nil else { throw ExpressionFailure("'try' without 'catch' or 'finally'") }
        return .attempt(body, catchName: name, handler: handler, finally: finally)
    }

    private mutating func function(_ name: String) throws(ExpressionFailure) -> ScriptFunction {
        try expect("(")
        var parameters: [String] = []
        while !isSymbol(")") {
            if !parameters.isEmpty { try expect(",") }
            parameters.append(try identifier())
        }
        try advance()
        return ScriptFunction(name: name, parameters: parameters, body: try block())
    }

    private mutating func switchStatement() throws(ExpressionFailure) -> ScriptStatement {
        try expect("(")
        let subject = try expression()
        try expect(")")
        try expect("{")
        var cases: [ScriptCase] = []
        while !isSymbol("}") {
            var test: ScriptExpr?
            if isWord("case") { try advance(); test = try expression() }
            else if isWord("default") { try advance() }
            else { throw ExpressionFailure("expected 'case' or 'default' \(describe())") }
            try expect(":")
            var body: [ScriptStatement] = []
            while !isWord("case"), !isWord("default"), !isSymbol("}") {
                guard token != .end else { throw ExpressionFailure("expected '}' at the end") }
                body.append(try statement())
            }
            cases.append(ScriptCase(test: test, body: body))
        }
        try advance()
        return .switch(subject, cases)
    }

    // MARK: expressions

    private mutating func expression() throws(ExpressionFailure) -> ScriptExpr {
        let first = try assignment()
        guard isSymbol(",") else { return first }
        var list = [first]
        while isSymbol(",") { try advance(); list.append(try assignment()) }
        return .sequence(list)
    }

    private mutating func assignment() throws(ExpressionFailure) -> ScriptExpr {
        try enter()
        defer { depth -= 1 }
        let target = try conditional()
        guard case .symbol(let op) = token, Self.assignments.contains(op) else { return target }
        switch target {
        case .name, .member, .index: break
        default: throw ExpressionFailure("only a variable, member or element can be assigned")
        }
        try advance()
        return .assign(op, target, try assignment())
    }

    static let assignments: Set<String> = ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ">>>="]

    private mutating func conditional() throws(ExpressionFailure) -> ScriptExpr {
        let c = try binary(0)
        guard isSymbol("?") else { return c }
        try advance()
        let a = try assignment()
        try expect(":")
        return .conditional(c, a, try assignment())
    }

    private static let levels: [[String]] = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!=", "===", "!=="],
                                             ["<", ">", "<=", ">=", "instanceof", "in"], ["<<", ">>", ">>>"], ["+", "-"], ["*", "/", "%"]]

    /// The binary operator at `level` the current token spells, or nil.
    private func binaryOperator(_ level: Int) -> String? {
        switch token {
        case .symbol(let op) where Self.levels[level].contains(op): return op
        case .identifier("instanceof") where Self.levels[level].contains("instanceof"): return "instanceof"
        case .identifier("in") where Self.levels[level].contains("in") && !noIn: return "in"
        default: return nil
        }
    }

    private mutating func binary(_ level: Int) throws(ExpressionFailure) -> ScriptExpr {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level + 1)
        let start = depth
        defer { depth = start }
        while let op = binaryOperator(level) {
            try advance()
            try enter()
            let right = try binary(level + 1)
            left = level < 2 ? .logical(op, left, right) : .binary(op, left, right)
        }
        return left
    }

    private mutating func unary() throws(ExpressionFailure) -> ScriptExpr {
        try enter()
        defer { depth -= 1 }
        if case .symbol(let op) = token, ["-", "+", "!", "~"].contains(op) { try advance(); return .unary(op, try unary()) }
        if case .identifier(let op) = token, ["typeof", "void", "delete"].contains(op) { try advance(); return .unary(op, try unary()) }
        if isSymbol("++") || isSymbol("--") {
            let c: Character = isSymbol("++") ? "+" : "-"
            try advance()
            return .update(c, prefix: true, try unary())
        }
        let e = try postfix()
        if isSymbol("++") || isSymbol("--") {
            let c: Character = isSymbol("++") ? "+" : "-"
            try advance()
            return .update(c, prefix: false, e)
        }
        return e
    }

    private mutating func postfix() throws(ExpressionFailure) -> ScriptExpr {
        let start = depth
        defer { depth = start }
        if isWord("new") {
            try advance()
            try enter()
            let callee = try member()
            var arguments: [ScriptExpr] = []
            if isSymbol("(") { try advance(); arguments = try argumentList() }
            return try suffixes(.construct(callee, arguments))
        }
        return try suffixes(try primary())
    }

    /// `new`'s callee: a primary with members and indices, no calls.
    private mutating func member() throws(ExpressionFailure) -> ScriptExpr {
        var e = try primary()
        while isSymbol(".") || isSymbol("[") {
            if isSymbol(".") {
                try advance()
                guard case .identifier(let name) = token else { throw ExpressionFailure("expected a member name \(describe())") }
                try advance()
                e = .member(e, name)
            } else {
                try advance()
                let i = try expression()
                try expect("]")
                e = .index(e, i)
            }
            try enter()
        }
        return e
    }

    /// Arguments up to and including ")" (the "(" read).
    private mutating func argumentList() throws(ExpressionFailure) -> [ScriptExpr] {
        var arguments: [ScriptExpr] = []
        let saved = noIn
        noIn = false
        defer { noIn = saved }
        while !isSymbol(")") {
            if !arguments.isEmpty { try expect(",") }
            arguments.append(try assignment())
        }
        try advance()
        return arguments
    }

    private mutating func suffixes(_ first: ScriptExpr) throws(ExpressionFailure) -> ScriptExpr {
        var e = first
        while true {
            if isSymbol("(") {
                try advance()
                e = .call(e, try argumentList())
            } else if isSymbol(".") {
                try advance()
                guard case .identifier(let name) = token else { throw ExpressionFailure("expected a member name \(describe())") }
                try advance()
                e = .member(e, name)
            } else if isSymbol("[") {
                try advance()
                let i = try expression()
                try expect("]")
                e = .index(e, i)
            } else { return e }
            try enter()
        }
    }

    private mutating func primary() throws(ExpressionFailure) -> ScriptExpr {
        switch token {
        case .number(let n): try advance(); return .number(n)
        case .string(let s): try advance(); return .string(s)
        case .identifier("this"): try advance(); return .this
        case .identifier("function"):
            try advance()
            var name = ""
            if case .identifier(let s) = token, !Self.keywords.contains(s) { name = s; try advance() }
            return .function(try function(name))
        case .identifier(let s):
            if Self.keywords.contains(s) { throw ExpressionFailure("'\(s)' is not supported here") }
            try advance()
            return .name(s)
        case .symbol("("):
            try advance()
            let saved = noIn
            noIn = false
            defer { noIn = saved }
            let e = try expression()
            try expect(")")
            return e
        case .symbol("{"):
            try advance()
            var properties: [ScriptProperty] = []
            while !isSymbol("}") {
                if !properties.isEmpty { try expect(","); if isSymbol("}") { break } }
                let key: String
                switch token {
                case .identifier(let s), .string(let s): key = s
                case .number(let n): key = ScriptValue.number(n).text
                default: throw ExpressionFailure("expected a property name \(describe())")
                }
                try advance()
                try expect(":")
                properties.append(ScriptProperty(key: key, value: try assignment()))
            }
            try advance()
            return .object(properties)
        case .symbol("["):
            try advance()
            var elements: [ScriptExpr] = []
            while !isSymbol("]") {
                if !elements.isEmpty { try expect(",") }
                elements.append(try assignment())
            }
            try advance()
            return .array(elements)
        default:
            throw ExpressionFailure("unexpected token \(describe())")
        }
    }
}
