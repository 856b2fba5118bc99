// The interpreted expression subset: its parse tree (statements and expressions)
//
// Expressions the typed compiler (ExpressionCompiler.swift) cannot take — the ones with
// statements, functions, comparisons, key access — are parsed by ScriptParser.swift into this
// tree and run by ScriptInterpreter.swift. Grammar (EBNF; `;` optional; JavaScript precedence):
//
//   program    = { statement }
//   statement  = "var" IDENT [ "=" assign ] { "," IDENT [ "=" assign ] } [ ";" ]
//              | "if" "(" expr ")" statement [ "else" statement ]
//              | "for" "(" [ var | expr(no in) ] ";" [ expr ] ";" [ expr ] ")" statement
//              | "for" "(" [ "var" ] IDENT "in" expr ")" statement
//              | "while" "(" expr ")" statement | "do" statement "while" "(" expr ")"
//              | "try" block "catch" "(" IDENT ")" block [ "finally" block ] | "try" block "finally" block
//              | "function" IDENT "(" [ IDENT { "," IDENT } ] ")" block
//              | "return" [ expr ] | "break" [ IDENT ] | "continue" [ IDENT ] | IDENT ":" statement
//              | "switch" "(" expr ")" "{" { ( "case" expr | "default" ) ":" { statement } } "}"
//              | block | ";" | expr [ ";" ]
//   block      = "{" { statement } "}"
//   expr       = assign { "," assign }
//   assign     = conditional [ ( "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<=" | ">>=" | ">>>=" ) assign ]
//   conditional= or [ "?" assign ":" assign ]
//   or = and { "||" and };  and = bitor { "&&" bitor };  bitor = bitxor { "|" bitxor }
//   bitxor     = bitand { "^" bitand };  bitand = equality { "&" equality }
//   equality   = relational { ( "==" | "!=" | "===" | "!==" ) relational }
//   relational = shift { ( "<" | ">" | "<=" | ">=" | "instanceof" | "in" ) shift }
//   shift      = additive { ( "<<" | ">>" | ">>>" ) additive }
//   additive   = multiplicative { ( "+" | "-" ) multiplicative }
//   multiplicative = unary { ( "*" | "/" | "%" ) unary }
//   unary      = ( "-" | "+" | "!" | "~" | "++" | "--" | "typeof" | "void" | "delete" ) unary | postfix [ "++" | "--" ]
//   postfix    = primary { "(" args ")" | "." IDENT | "[" expr "]" } | "new" postfix [ "(" args ")" ]
//   primary    = NUMBER | STRING | IDENT | "this" | "(" expr ")" | "[" [ assign { "," assign } ] "]"
//              | "{" [ key ":" assign { "," key ":" assign } [ "," ] ] "}"     (key: IDENT | STRING | NUMBER)
//              | "function" [ IDENT ] "(" [ IDENT { "," IDENT } ] ")" block
//
// `in` is not an operator in a for statement's first clause (ES5's NoIn productions), so
// `for (x in o)` stays a for-in.
// Comments (// and /* */) are skipped; strings take \' \" \\ \n \t escapes. Caps as for the
// typed subset (LottieLimits): source length, nesting depth (bounds the parser's recursion) and
// node count.

/// An expression of the interpreted subset.
indirect enum ScriptExpr: Sendable, Equatable {
    case number(Double)
    case string(String)
    case name(String)
    case array([ScriptExpr])
    /// "-", "+", "!", "~", "typeof", "void", "delete".
    case unary(String, ScriptExpr)
    /// Arithmetic, bitwise, comparison, equality, "in" and "instanceof" operators.
    case binary(String, ScriptExpr, ScriptExpr)
    /// "&&", "||": the deciding operand's value.
    case logical(String, ScriptExpr, ScriptExpr)
    case conditional(ScriptExpr, ScriptExpr, ScriptExpr)
    /// `target op= value` ("=" for plain assignment); target a name, member or index.
    case assign(String, ScriptExpr, ScriptExpr)
    /// ++/-- ("+" or "-"), prefix or postfix.
    case update(Character, prefix: Bool, ScriptExpr)
    case call(ScriptExpr, [ScriptExpr])
    case member(ScriptExpr, String)
    case index(ScriptExpr, ScriptExpr)
    case sequence([ScriptExpr])
    /// `{ key: value, … }`.
    case object([ScriptProperty])
    /// `function [name](…) { … }` as a value (a closure over the scope it is evaluated in).
    case function(ScriptFunction)
    /// `this`: the object a function was called on (ScriptInterpreter.swift says which).
    case this
    /// `new F(…)`.
    case construct(ScriptExpr, [ScriptExpr])
    /// A link to another property, resolved while decoding (Decoding/ScriptLinkDecoding.swift):
    /// the index into ScriptContext.links.
    case link(Int)
    /// Made by ScriptResolver.swift when the program is built, never by the parser: a name of the
    /// environment the program never binds, `Math.f(…)`, and a binary operator known by its kind.
    case global(ScriptGlobalName)
    case math(MathFunction, [ScriptExpr])
    case operation(ScriptOperator, ScriptExpr, ScriptExpr)
}

/// The binary operators the resolver tells apart (ScriptResolver.swift); the others stay `.binary`.
enum ScriptOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="
    case equal = "==", notEqual = "!=", identical = "===", notIdentical = "!=="
}

struct ScriptProperty: Sendable, Equatable {
    var key: String
    var value: ScriptExpr
}

/// A statement of the interpreted subset.
indirect enum ScriptStatement: Sendable, Equatable {
    case declare([ScriptDeclarator])
    case evaluate(ScriptExpr)
    case block([ScriptStatement])
    case branch(ScriptExpr, ScriptStatement, ScriptStatement?)
    case loop(ScriptLoop)
    case attempt(ScriptStatement, catchName: String?, handler: ScriptStatement?, finally: ScriptStatement?)
    case function(ScriptFunction)
    case `return`(ScriptExpr?)
    /// break/continue [label].
    case `break`(String?)
    case `continue`(String?)
    /// `label: statement`.
    case labelled(String, ScriptStatement)
    case `switch`(ScriptExpr, [ScriptCase])
    /// for ([var] name in object) body: the object's keys in order (an array's or string's indices).
    case forIn(String, declares: Bool, ScriptExpr, ScriptStatement)
    case empty
}

struct ScriptDeclarator: Sendable, Equatable {
    var name: String
    var initial: ScriptExpr?
}

/// for (initial; condition; step) body — while and do-while use the same shape.
struct ScriptLoop: Sendable, Equatable {
    var initial: ScriptStatement?
    var condition: ScriptExpr?
    var step: ScriptExpr?
    var body: ScriptStatement
    /// do … while: the body runs once before the first test.
    var testsAfter: Bool
}

struct ScriptCase: Sendable, Equatable {
    /// nil for `default`.
    var test: ScriptExpr?
    var body: [ScriptStatement]
}

/// A user function (`function f(a, b) { … }`).
final class ScriptFunction: Sendable, Equatable {
    let name: String
    let parameters: [String]
    let body: [ScriptStatement]

    init(name: String, parameters: [String], body: [ScriptStatement]) {
        self.name = name
        self.parameters = parameters
        self.body = body
    }

    static func == (a: ScriptFunction, b: ScriptFunction) -> Bool { a === b }
}
