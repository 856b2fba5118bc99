// A bounded JSON parser (RFC 8259) for untrusted input: Lottie files, presets, targets, manifests.
//
// Grammar (recursive descent, one byte of look-ahead):
//
//   value   = object | array | string | number | "true" | "false" | "null"
//   object  = "{" [ string ":" value *( "," string ":" value ) ] "}"
//   array   = "[" [ value *( "," value ) ] "]"
//   number  = [ "-" ] ( "0" | [1-9] *DIGIT ) [ "." 1*DIGIT ] [ ( "e" | "E" ) [ "+" | "-" ] 1*DIGIT ]
//
// Why our own and not JSONSerialization: it reports where a file is broken (line, column and
// the JSON path), enforces the depth and value-count caps before memory is spent, and on the
// corpus it is several times faster (`make bench`, "lottie json"). Strings must be valid UTF-8
// without raw control characters; a UTF-8 byte-order mark at the start is skipped.
//
// Duplicate names: RFC 8259 §4 only says names "SHOULD be unique". A Lottie file keeps the last
// of two (as JavaScript players read it); a preset, where `{"crf": 18, "crf": 0}` would mean one
// thing to the tool and another to a reviewer reading the diff, refuses them
// (`JSONLimits.rejectDuplicateKeys`: a set of the object's names, built only when asked).
//
// Numbers: the decimal digits d (up to 19 of them, as an integer m) and the decimal exponent
// e give the value m·10^e. When m < 2^53 and |e| ≤ 22 both m and 10^|e| are exact doubles, so
// one IEEE multiplication or division rounds m·10^e correctly (Clinger's fast path). Any other
// number is converted by the standard library's correctly rounded parser. A number whose
// magnitude overflows a double (1e999) is an error, not infinity.

/// Why a document could not be parsed: the byte offset and a message.
public struct JSONSyntaxError: Error, Sendable {
    /// Byte offset into the document.
    public let offset: Int
    public let message: String
    /// The JSON path of the value being parsed, outermost first ("layers", 3, "ks" …).
    public internal(set) var path: [JSONPathComponent]
    /// The name, when the error is a name that occurs twice in one object.
    public internal(set) var duplicateKey: String? = nil
}

public enum JSONPathComponent: Sendable, Equatable {
    case key(String)
    case index(Int)
}

/// Caps enforced while parsing.
public struct JSONLimits: Sendable {
    /// Nesting depth of arrays and objects.
    public var maxDepth: Int
    /// Values (of any kind) in the document.
    public var maxValues: Int
    /// A name that occurs twice in one object is an error (else the last one counts).
    public var rejectDuplicateKeys: Bool

    public init(maxDepth: Int, maxValues: Int, rejectDuplicateKeys: Bool = false) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.rejectDuplicateKeys = rejectDuplicateKeys
    }
}

extension JSONSyntaxError {
    /// "line 2, column 8 (encoder.crf)": where in `bytes` the error is, and the JSON path.
    public func location(in bytes: [UInt8]) -> String {
        let (line, column) = bytes.withUnsafeBufferPointer { JSONScanner.lineAndColumn(of: offset, in: $0) }
        let at = jsonPathString(path)
        return "line \(line), column \(column)" + (at.isEmpty ? "" : " (\(at))")
    }
}

public enum JSONScanner {
    /// Parses a whole document.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) throws(JSONSyntaxError) -> JSONValue {
        var parser = Parser(bytes: bytes, limits: limits)
        return try parser.document()
    }

    /// Parses a whole document held in an array.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONSyntaxError) { return .success(try parse(buffer, limits: limits)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// 1-based line and column (in bytes) of a byte offset.
    public static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for i in 0..<min(offset, bytes.count) {
            if bytes[i] == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    var position = 0
    var depth = 0
    var valueCount = 0

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message, path: [])
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else { throw fail("the file is empty") }
        let root = try value()
        skipWhitespace()
        if position < bytes.count { throw fail("unexpected \(describe(bytes[position])) after the end of the document") }
        return root
    }

    @inline(__always) mutating func skipWhitespace() {
        while position < bytes.count {
            let b = bytes[position]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { position += 1 } else { return }
        }
    }

    func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        valueCount += 1
        if valueCount > limits.maxValues {
            throw fail("more than \(limits.maxValues) JSON values (the cap on a file's size in values)")
        }
        guard position < bytes.count else { throw fail("unexpected end of file, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case let b: throw fail("unexpected \(describe(b)), expected a value")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let n = word.utf8CodeUnitCount
        guard position + n <= bytes.count else { throw fail("unexpected end of file in '\(word)'", at: start) }
        let w = word.utf8Start
        for i in 0..<n where bytes[position + i] != w[i] { throw fail("invalid literal, expected '\(word)'", at: start) }
        position += n
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > limits.maxDepth { throw fail("nesting deeper than \(limits.maxDepth) levels") }
    }

    mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1   // {
        var result = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1; depth -= 1
            return .object(result)
        }
        var seen: Set<String>? = limits.rejectDuplicateKeys ? [] : nil
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of file in an object") }
            guard bytes[position] == UInt8(ascii: "\"") else { throw fail("unexpected \(describe(bytes[position])), expected a member name in quotes") }
            let keyStart = position
            let key = try string()
            if seen != nil, seen!.insert(key).inserted == false {
                var e = fail("duplicate key \(quoted(key)): each key may appear once in an object", at: keyStart)
                e.duplicateKey = key
                throw e
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail(position < bytes.count ? "unexpected \(describe(bytes[position])), expected ':' after \(quoted(key))" : "unexpected end of file in an object")
            }
            position += 1
            skipWhitespace()
            let member: JSONValue
            do throws(JSONSyntaxError) { member = try value() } catch {
                var e = error; e.path.insert(.key(key), at: 0); throw e
            }
            result.append(key, member)
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of file in an object, expected ',' or '}'") }
            let b = bytes[position]
            position += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "}") { break }
            throw fail("unexpected \(describe(b)) after \(quoted(key)), expected ',' or '}'", at: position - 1)
        }
        depth -= 1
        return .object(result)
    }

    mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1   // [
        var result: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1; depth -= 1
            return .array(result)
        }
        while true {
            skipWhitespace()
            let element: JSONValue
            do throws(JSONSyntaxError) { element = try value() } catch {
                var e = error; e.path.insert(.index(result.count), at: 0); throw e
            }
            result.append(element)
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of file in an array, expected ',' or ']'") }
            let b = bytes[position]
            position += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "]") { break }
            throw fail("unexpected \(describe(b)) in an array, expected ',' or ']'", at: position - 1)
        }
        depth -= 1
        return .array(result)
    }

    // MARK: Strings

    mutating func string() throws(JSONSyntaxError) -> String {
        let open = position
        position += 1   // "
        let start = position
        var ascii = true
        // Fast path: no escapes.
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let s = String(validating: slice, as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: open) }
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("raw control character \(describe(b)) in a string (it must be escaped)") }
            if b >= 0x80 { ascii = false }
            position += 1
        }
        guard position < bytes.count else { throw fail("unterminated string", at: open) }
        return try escapedString(open: open, start: start)
    }

    mutating func escapedString(open: Int, start: Int) throws(JSONSyntaxError) -> String {
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                guard let s = String(validating: buffer, as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: open) }
                return s
            }
            if b < 0x20 { throw fail("raw control character \(describe(b)) in a string (it must be escaped)") }
            if b != UInt8(ascii: "\\") { buffer.append(b); position += 1; continue }
            position += 1
            guard position < bytes.count else { break }
            let e = bytes[position]
            position += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(e)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"): try unicodeEscape(into: &buffer)
            default: throw fail("invalid escape \\\(Character(Unicode.Scalar(e)))", at: position - 2)
            }
        }
        throw fail("unterminated string", at: open)
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("unterminated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[position]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit \(describe(c)) in a \\u escape")
            }
            v = v << 4 | d
            position += 1
        }
        return v
    }

    mutating func unicodeEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            // A high surrogate must be followed by \u and a low surrogate.
            guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw fail("lone UTF-16 surrogate in a \\u escape")
            }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid UTF-16 surrogate pair in a \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw fail("lone UTF-16 surrogate in a \\u escape")
        }
        let scalar = Unicode.Scalar(code)!
        buffer.append(contentsOf: UTF8.encode(scalar)!)
    }

    // MARK: Numbers

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") { negative = true; position += 1 }
        let unsigned = position
        var mantissa: UInt64 = 0
        var digits = 0          // significant digits accumulated into mantissa
        var dropped = 0         // integer digits beyond 19 (each multiplies by 10)
        var exponent = 0
        guard position < bytes.count, isDigit(bytes[position]) else { throw fail("invalid number: expected a digit", at: start) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw fail("invalid number: leading zero", at: start) }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], &mantissa, &digits, &dropped)
                position += 1
            }
        }
        exponent += dropped
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw fail("invalid number: expected a digit after '.'", at: start) }
            while position < bytes.count, isDigit(bytes[position]) {
                var ignored = 0
                if digits < 19 { exponent -= 1 }
                accumulate(bytes[position], &mantissa, &digits, &ignored)
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            var expNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                expNegative = bytes[position] == UInt8(ascii: "-"); position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw fail("invalid number: expected a digit in the exponent", at: start) }
            var e = 0
            while position < bytes.count, isDigit(bytes[position]) {
                if e < 100_000 { e = e * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            exponent += expNegative ? -e : e
        }
        let value: Double
        if digits <= 19, dropped == 0, mantissa < (1 << 53), abs(exponent) <= 22 {
            let m = Double(mantissa)
            value = exponent >= 0 ? m * Self.powersOfTen[exponent] : m / Self.powersOfTen[-exponent]
        } else if mantissa == 0 {
            value = 0
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[unsigned..<position]), as: UTF8.self)
            guard let parsed = Double(text) else { throw fail("invalid number \(text)", at: start) }
            value = parsed
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            throw fail("number \(text) is out of range (beyond ±1.8e308)", at: start)
        }
        return negative ? -value : value
    }

    @inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    /// Appends one decimal digit to the mantissa while it has fewer than 19 digits (leading
    /// zeros do not count); later digits only count in `dropped` (integer part) or are
    /// ignored (fraction) — such numbers take the correctly rounded slow path.
    @inline(__always) func accumulate(_ b: UInt8, _ mantissa: inout UInt64, _ digits: inout Int, _ dropped: inout Int) {
        if digits < 19 {
            mantissa = mantissa * 10 + UInt64(b - UInt8(ascii: "0"))
            if mantissa != 0 { digits += 1 }
        } else {
            dropped += 1
            digits += 1
        }
    }

    static let powersOfTen: [Double] = (0...22).map { e in
        var p = 1.0
        for _ in 0..<e { p *= 10 }
        return p
    }
}
