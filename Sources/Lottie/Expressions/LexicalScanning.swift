// What the two expression lexers (ExpressionSyntax.swift's recogniser, ScriptLexer.swift's
// interpreter) read alike, at a byte position in the source:
//
//   DecimalLiteral  digits [ "." digits ] [ ("e" | "E") [ "+" | "-" ] digits ]   (ECMA-262 §7.8.3,
//                   from a digit; an "e" not followed by an exponent's digits ends the literal)
//   IdentifierStart "A"…"Z" | "a"…"z" | "_" | "$"   (ASCII; a non-ASCII letter is refused)
//   Identifier      IdentifierStart *( IdentifierStart | digit )
//
// The value is the standard library's correctly rounded parse of the literal's text.

/// Scans the decimal literal starting at `i` (a digit) and moves `i` past it; nil when its value
/// is not finite (1e999).
func scanDecimalLiteral(_ bytes: [UInt8], _ i: inout Int) -> Double? {
    let start = i
    skipDigits(bytes, &i)
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
        i += 1
        skipDigits(bytes, &i)
    }
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
        var j = i + 1
        if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
        if j < bytes.count, isDigit(bytes[j]) {
            i = j
            skipDigits(bytes, &i)
        }
    }
    guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else { return nil }
    return v
}

private func skipDigits(_ bytes: [UInt8], _ i: inout Int) {
    while i < bytes.count, isDigit(bytes[i]) { i += 1 }
}

/// Whether a number starts at `i`: a digit, or "." before a digit.
func startsNumber(_ bytes: [UInt8], _ i: Int) -> Bool {
    isDigit(bytes[i]) || (bytes[i] == UInt8(ascii: ".") && i + 1 < bytes.count && isDigit(bytes[i + 1]))
}

/// Scans the identifier starting at `i` (an IdentifierStart) and moves `i` past it.
func scanIdentifier(_ bytes: [UInt8], _ i: inout Int) -> String {
    let start = i
    while i < bytes.count, isIdentifierStart(bytes[i]) || isDigit(bytes[i]) { i += 1 }
    return String(decoding: bytes[start..<i], as: UTF8.self)
}

func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

func isIdentifierStart(_ c: UInt8) -> Bool {
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
}
