// Lottie expressions: the recogniser's syntax (tokens and the parse tree), no JavaScript engine
//
// A property's `x` holds After Effects JavaScript as Bodymovin exports it:
// `var $bm_rt; $bm_rt = loopOut('cycle');`. This file reads the small statement-and-arithmetic
// subset real files use (the corpus survey: docs/lottie-expressions.md) into a parse tree;
// ExpressionCompiler.swift turns the tree into a typed program or says why it cannot. Grammar
// (EBNF; `;` between statements optional; strings in '…' or "…" without escapes):
//
//   program        = { statement [ ";" ] }
//   statement      = "var" declarator { "," declarator }
//                  | IDENT "=" expression
//                  | expression
//   declarator     = IDENT [ "=" expression ]
//   expression     = additive
//   additive       = multiplicative { ( "+" | "-" ) multiplicative }
//   multiplicative = unary { ( "*" | "/" | "%" ) unary }
//   unary          = ( "-" | "+" ) unary | postfix
//   postfix        = primary { "(" [ expression { "," expression } ] ")" | "." IDENT | "[" expression "]" }
//   primary        = NUMBER | STRING | IDENT | "(" expression ")" | "[" expression { "," expression } "]"
//   IDENT          = ( letter | "_" | "$" ) { letter | digit | "_" | "$" }
//   NUMBER         = digits [ "." digits ] [ ( "e" | "E" ) [ "+" | "-" ] digits ]  |  "." digits …
//
// Anything else (if, function, for, try, comparison, strings with escapes …) is a syntax error,
// which the caller reports as an unsupported expression. Caps (LottieLimits): the source length
// (checked first), the nesting depth of the tree — every parenthesis, unary sign, chained
// operator, call, member and index counts one level, so the depth bounds the recursion of
// parser, compiler and evaluator — and its node count (with no loops, calls or recursion in the language, one
// evaluation visits each node once: the node count bounds the evaluation steps).

/// A parse-tree node.
indirect enum ExpressionNode: Equatable, Sendable {
    case number(Double)
    case string(String)
    case name(String)
    case array([ExpressionNode])
    case negate(ExpressionNode)
    case binary(Character, ExpressionNode, ExpressionNode)
    case call(ExpressionNode, [ExpressionNode])
    case member(ExpressionNode, String)
    case index(ExpressionNode, ExpressionNode)
}

/// A parsed statement.
enum ExpressionStatement: Equatable, Sendable {
    case declare(String, ExpressionNode?)
    case assign(String, ExpressionNode)
    case evaluate(ExpressionNode)
}

/// Why an expression is not recognised (quoted in the warning).
struct ExpressionFailure: Error, Equatable, Sendable {
    var reason: String
    /// A link that cannot be read (PropertyLinks.swift): reported as it is, the interpreter not tried.
    var inLink = false
    /// A link failure that depends on the chain of links it was reached through (LinkDecoding.swift).
    var dependsOnChain = false
    /// A variable the player assigns that the caller did not give (ExpressionVariables.swift).
    var variable: String?
    init(_ reason: String, inLink: Bool = false, dependsOnChain: Bool = false, variable: String? = nil) {
        self.reason = reason
        self.inLink = inLink
        self.dependsOnChain = dependsOnChain
        self.variable = variable
    }
}

/// Caps on one expression.
struct ExpressionCaps: Sendable {
    var maxLength: Int
    var maxDepth: Int
    var maxNodes: Int
}

enum ExpressionToken: Equatable {
    case number(Double)
    case string(String)
    case identifier(String)
    case symbol(Character)
    case end
}

/// Splits the source into tokens (comments are not part of the subset).
struct ExpressionLexer {
    private let bytes: [UInt8]
    private var i = 0

    init(_ source: String) { bytes = Array(source.utf8) }

    mutating func next() throws(ExpressionFailure) -> ExpressionToken {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
        guard i < bytes.count else { return .end }
        let c = bytes[i]
        if startsNumber(bytes, i) { return try number() }
        if isIdentifierStart(c) { return .identifier(scanIdentifier(bytes, &i)) }
        if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
            let start = i + 1
            i = start
            while i < bytes.count, bytes[i] != c {
                if bytes[i] == UInt8(ascii: "\\") || bytes[i] == 10 { throw ExpressionFailure("escapes and line breaks in strings are not supported") }
                i += 1
            }
            guard i < bytes.count else { throw ExpressionFailure("unterminated string") }
            defer { i += 1 }
            return .string(String(decoding: bytes[start..<i], as: UTF8.self))
        }
        i += 1
        switch c {
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
             UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: "="):
            if c == UInt8(ascii: "=") && i < bytes.count && bytes[i] == UInt8(ascii: "=") {
                throw ExpressionFailure("comparisons are not supported")
            }
            if c == UInt8(ascii: "/") && i < bytes.count && (bytes[i] == UInt8(ascii: "/") || bytes[i] == UInt8(ascii: "*")) {
                throw ExpressionFailure("comments are not supported")
            }
            return .symbol(Character(Unicode.Scalar(c)))
        default:
            throw ExpressionFailure("unexpected character \(c < 128 && c >= 32 ? "'\(Character(Unicode.Scalar(c)))'" : "byte \(c)")")
        }
    }

    private mutating func number() throws(ExpressionFailure) -> ExpressionToken {
        guard let v = scanDecimalLiteral(bytes, &i) else { throw ExpressionFailure("bad number") }
        return .number(v)
    }

}

/// Recursive-descent parser of the grammar above.
struct ExpressionParser {
    private var lexer: ExpressionLexer
    private var token: ExpressionToken = .end
    private let caps: ExpressionCaps
    private var depth = 0
    private(set) var nodes = 0

    private init(_ source: String, caps: ExpressionCaps) {
        lexer = ExpressionLexer(source)
        self.caps = caps
    }

    /// The statements of `source`, or why it is outside the subset.
    static func parse(_ source: String, caps: ExpressionCaps) throws(ExpressionFailure) -> [ExpressionStatement] {
        guard source.utf8.count <= caps.maxLength else {
            throw ExpressionFailure("\(source.utf8.count) characters, over the cap of \(caps.maxLength)")
        }
        var parser = ExpressionParser(source, caps: caps)
        try parser.advance()
        var statements: [ExpressionStatement] = []
        while parser.token != .end {
            statements.append(try parser.statement())
            if parser.token == .symbol(";") { try parser.advance() }
        }
        return statements
    }

    private mutating func advance() throws(ExpressionFailure) { token = try lexer.next() }

    private mutating func expect(_ c: Character) throws(ExpressionFailure) {
        guard token == .symbol(c) else { throw ExpressionFailure("expected '\(c)' \(describe(token))") }
        try advance()
    }

    private func describe(_ t: ExpressionToken) -> String {
        switch t {
        case .number(let n): return "before \(n)"
        case .string(let s): return "before '\(s.prefix(20))'"
        case .identifier(let s): return "before \(s.prefix(20))"
        case .symbol(let c): return "before '\(c)'"
        case .end: return "at the end"
        }
    }

    private mutating func statement() throws(ExpressionFailure) -> ExpressionStatement {
        if token == .identifier("var") {
            try advance()
            var declarations: [ExpressionStatement] = []
            repeat {
                if !declarations.isEmpty { try advance() }
                guard case .identifier(let name) = token else { throw ExpressionFailure("expected a variable name \(describe(token))") }
                try advance()
                var initial: ExpressionNode?
                if token == .symbol("=") { try advance(); initial = try expression() }
                declarations.append(.declare(name, initial))
            } while token == .symbol(",")
            // Several declarations in one statement read as consecutive statements.
            return declarations.count == 1 ? declarations[0] : try flatten(declarations)
        }
        let e = try expression()
        if token == .symbol("=") {
            guard case .name(let target) = e else { throw ExpressionFailure("only a variable can be assigned") }
            try advance()
            return .assign(target, try expression())
        }
        return .evaluate(e)
    }

    /// `var a, b = 1` → the last declaration with an initialiser stands for the rest (names
    /// without a value are just declared, which the compiler treats as undefined).
    private func flatten(_ d: [ExpressionStatement]) throws(ExpressionFailure) -> ExpressionStatement {
        let withValues = d.filter { if case .declare(_, .some) = $0 { return true } else { return false } }
        guard withValues.count <= 1 else { throw ExpressionFailure("several initialised variables in one 'var' are not supported") }
        return withValues.first ?? d[0]
    }

    private mutating func enter() throws(ExpressionFailure) {
        depth += 1
        nodes += 1
        guard depth <= caps.maxDepth else { throw ExpressionFailure("nested deeper than \(caps.maxDepth) levels") }
        guard nodes <= caps.maxNodes else { throw ExpressionFailure("more than \(caps.maxNodes) terms") }
    }

    private mutating func expression() throws(ExpressionFailure) -> ExpressionNode {
        try enter()
        defer { depth -= 1 }
        var left = try multiplicative()
        let start = depth
        defer { depth = start }
        while case .symbol(let c) = token, c == "+" || c == "-" {
            try advance()
            try enter()     // each operator of a chain is a level of the tree it builds
            left = .binary(c, left, try multiplicative())
        }
        return left
    }

    private mutating func multiplicative() throws(ExpressionFailure) -> ExpressionNode {
        var left = try unary()
        let start = depth
        defer { depth = start }
        while case .symbol(let c) = token, c == "*" || c == "/" || c == "%" {
            try advance()
            try enter()
            left = .binary(c, left, try unary())
        }
        return left
    }

    private mutating func unary() throws(ExpressionFailure) -> ExpressionNode {
        try enter()
        defer { depth -= 1 }
        if token == .symbol("-") { try advance(); return .negate(try unary()) }
        if token == .symbol("+") { try advance(); return try unary() }
        return try postfix()
    }

    private mutating func postfix() throws(ExpressionFailure) -> ExpressionNode {
        let start = depth
        defer { depth = start }
        var e = try primary()
        while true {
            switch token {
            case .symbol("("):
                try advance()
                var arguments: [ExpressionNode] = []
                if token != .symbol(")") {
                    arguments.append(try expression())
                    while token == .symbol(",") { try advance(); arguments.append(try expression()) }
                }
                try expect(")")
                e = .call(e, arguments)
            case .symbol("."):
                try advance()
                guard case .identifier(let name) = token else { throw ExpressionFailure("expected a member name \(describe(token))") }
                try advance()
                e = .member(e, name)
            case .symbol("["):
                try advance()
                let i = try expression()
                try expect("]")
                e = .index(e, i)
            default:
                return e
            }
            try enter()     // a call, member or index wraps the tree once more
        }
    }

    private mutating func primary() throws(ExpressionFailure) -> ExpressionNode {
        switch token {
        case .number(let n): try advance(); return .number(n)
        case .string(let s): try advance(); return .string(s)
        case .identifier(let s):
            if ["if", "else", "function", "for", "while", "do", "return", "try", "catch", "new", "switch", "this"].contains(s) {
                throw ExpressionFailure("'\(s)' is not supported")
            }
            try advance()
            return .name(s)
        case .symbol("("):
            try advance()
            let e = try expression()
            try expect(")")
            return e
        case .symbol("["):
            try advance()
            var elements = [try expression()]
            while token == .symbol(",") { try advance(); elements.append(try expression()) }
            try expect("]")
            return .array(elements)
        default:
            throw ExpressionFailure("unexpected token \(describe(token))")
        }
    }
}
