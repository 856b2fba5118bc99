// Tokens of the interpreted expression subset (grammar: ScriptSyntax.swift)
//
// Numbers as in JavaScript (decimal, fraction, exponent, 0x hexadecimal), strings in '…' or "…"
// with ES5's escapes (\' \" \\ \n \t \r \b \f \v \0, \xHH, \uHHHH, a line continuation),
// identifiers of letters, digits, `_` and `$`, and the punctuators of the grammar (the longest
// match first: `>>>=` before `>>>` before `>>` before `>`). Comments are skipped.

enum ScriptToken: Equatable {
    case number(Double)
    case string(String)
    case identifier(String)
    case symbol(String)
    case end
}

struct ScriptLexer {
    private let bytes: [UInt8]
    private var i = 0
    /// Whether a line break came before the token `next()` returned last (`break` NEWLINE label is two statements).
    private(set) var lineBreakBefore = false

    init(_ source: String) { bytes = Array(source.utf8) }

    private static let symbols = [">>>=", "===", "!==", ">>>", "<<=", ">>=",
                                  "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>",
                                  "+", "-", "*", "/", "%", "(", ")", "[", "]", "{", "}", ",", ".", ";", "=", "<", ">", "!", "?", ":",
                                  "&", "|", "^", "~"]
        .map { Array($0.utf8) }

    mutating func next() throws(ExpressionFailure) -> ScriptToken {
        lineBreakBefore = false
        try skipSpaceAndComments()
        guard i < bytes.count else { return .end }
        let c = bytes[i]
        if startsNumber(bytes, i) { return try number() }
        if isIdentifierStart(c) { return .identifier(scanIdentifier(bytes, &i)) }
        if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") { return try string(quote: c) }
        for s in Self.symbols where i + s.count <= bytes.count && Array(bytes[i..<i + s.count]) == s {
            i += s.count
            return .symbol(String(decoding: s, as: UTF8.self))
        }
        throw ExpressionFailure("unexpected character \(c < 128 && c >= 32 ? "'\(Character(Unicode.Scalar(c)))'" : "byte \(c)")")
    }

    private mutating func skipSpaceAndComments() throws(ExpressionFailure) {
        while i < bytes.count {
            let c = bytes[i]
            if c == 10 { lineBreakBefore = true }
            if c == 32 || c == 9 || c == 10 || c == 13 { i += 1; continue }
            guard c == UInt8(ascii: "/"), i + 1 < bytes.count else { return }
            if bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != 10 { i += 1 }
            } else if bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    if bytes[i] == 10 { lineBreakBefore = true }
                    i += 1
                }
                guard i + 1 < bytes.count else { throw ExpressionFailure("unterminated comment") }
                i += 2
            } else { return }
        }
    }

    private mutating func string(quote: UInt8) throws(ExpressionFailure) -> ScriptToken {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != quote {
            if bytes[i] == 10 { throw ExpressionFailure("a line break in a string") }
            if bytes[i] == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "v"): out.append(11)
                case UInt8(ascii: "0"): out.append(0)
                case 10: break                                         // a line continuation
                case UInt8(ascii: "x"): try appendCode(hexDigits: 2, to: &out)
                case UInt8(ascii: "u"): try appendCode(hexDigits: 4, to: &out)
                case let c where c >= 128 || !(isDigit(c) || isIdentifierStart(c)): out.append(c)     // \' \" \\ \/ …: the character itself
                default: throw ExpressionFailure("the string escape \\\(Character(Unicode.Scalar(bytes[i]))) is not supported")
                }
            } else { out.append(bytes[i]) }
            i += 1
        }
        guard i < bytes.count else { throw ExpressionFailure("unterminated string") }
        i += 1
        return .string(String(decoding: out, as: UTF8.self))
    }

    /// \xHH or \uHHHH (i at the x or u): the code unit as UTF-8 (a lone surrogate as U+FFFD).
    private mutating func appendCode(hexDigits n: Int, to out: inout [UInt8]) throws(ExpressionFailure) {
        guard i + n < bytes.count, let code = UInt32(String(decoding: bytes[i + 1...i + n], as: UTF8.self), radix: 16) else {
            throw ExpressionFailure("a bad \\\(n == 2 ? "x" : "u") escape")
        }
        out += Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
        i += n
    }

    private mutating func number() throws(ExpressionFailure) -> ScriptToken {
        if bytes[i] == UInt8(ascii: "0"), i + 1 < bytes.count, bytes[i + 1] | 0x20 == UInt8(ascii: "x") {
            let start = i + 2
            i = start
            while i < bytes.count, Int(String(Character(Unicode.Scalar(bytes[i]))), radix: 16) != nil { i += 1 }
            guard i > start, i - start <= 16, let v = UInt64(String(decoding: bytes[start..<i], as: UTF8.self), radix: 16) else {
                throw ExpressionFailure("bad number")
            }
            return .number(Double(v))
        }
        guard let v = scanDecimalLiteral(bytes, &i) else { throw ExpressionFailure("bad number") }
        return .number(v)
    }

}
