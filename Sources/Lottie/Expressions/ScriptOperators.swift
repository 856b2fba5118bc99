// The binary operators of the interpreted subset beyond arithmetic, and JavaScript's number text
// (ECMAScript 5.1 §11.5–11.10, §9.5–9.6, §9.8.1)
//
//   ToInt32(x)  = the integer part of x modulo 2³², as a signed 32-bit value (NaN, ±∞ → 0);
//   ToUint32(x) = the same, unsigned.
//   a & b, a | b, a ^ b   on ToInt32 of both;  ~a = the complement of ToInt32(a)
//   a << n, a >> n        ToInt32(a) shifted by ToUint32(n) & 31 (>> keeps the sign);
//   a >>> n               ToUint32(a) shifted right, zeros in.
// Operands are read as numbers: numbers, booleans, keyframes, strings that spell a number
// (anything else is NaN, so 0).
//   key in o              o an object: has the member; an array: key is an index below its
//                         length, or "length"; anything else is JavaScript's TypeError.
//   x instanceof C        Array: arrays; Object: every object (arrays, functions, objects of the
//                         environment); Function: functions and constructors; a user function F:
//                         objects made by `new F`; Number, String, Boolean: never (no wrapper objects).
// Number text (§9.8.1): the shortest digits s·10^(n−k) that read back as the value (Swift's
// shortest round-trip digits); written plainly for −6 < n ≤ 21 ("1000000000000000000000",
// "0.000001"), else as d.ddde±x ("1e+21", "1.5e-7").

import Foundation

extension ScriptValue {
    /// x op y for every binary operator but && and || (ScriptSyntax.swift).
    static func binary(_ op: String, _ x: ScriptValue, _ y: ScriptValue) throws(ScriptError) -> ScriptValue {
        // Two numbers and a one- or two-character operator — most of what expressions compute —
        // without arrays or string comparisons (the same results as the general path below).
        if case .number(let a) = x, case .number(let b) = y, let r = numeric(op.utf8, a, b) { return r }
        switch op {
        case "==", "===": return .bool(equal(x, y, strict: op == "==="))
        case "!=", "!==": return .bool(!equal(x, y, strict: op == "!=="))
        case "<", ">", "<=", ">=": return .bool(try compare(op, x, y))
        case "&": return .number(Double(int32(x) & int32(y)))
        case "|": return .number(Double(int32(x) | int32(y)))
        case "^": return .number(Double(int32(x) ^ int32(y)))
        case "<<": return .number(Double(int32(x) << (uint32(y) & 31)))
        case ">>": return .number(Double(int32(x) >> (uint32(y) & 31)))
        case ">>>": return .number(Double(uint32(x) >> (uint32(y) & 31)))
        case "in": return .bool(try has(y, key: x))
        case "instanceof": return .bool(try instance(x, of: y))
        default: return try arithmetic(op, x, y)
        }
    }

    private static func numeric(_ op: String.UTF8View, _ a: Double, _ b: Double) -> ScriptValue? {
        var i = op.makeIterator()
        guard let c = i.next() else { return nil }
        let d = i.next()
        guard i.next() == nil else { return nil }
        switch (c, d) {
        case (UInt8(ascii: "+"), nil): return .number(a + b)
        case (UInt8(ascii: "-"), nil): return .number(a - b)
        case (UInt8(ascii: "*"), nil): return .number(a * b)
        case (UInt8(ascii: "/"), nil): return .number(a / b)
        case (UInt8(ascii: "%"), nil): return .number(a.truncatingRemainder(dividingBy: b))
        case (UInt8(ascii: "<"), nil): return .bool(a < b)
        case (UInt8(ascii: ">"), nil): return .bool(a > b)
        case (UInt8(ascii: "<"), UInt8(ascii: "=")?): return .bool(a <= b)
        case (UInt8(ascii: ">"), UInt8(ascii: "=")?): return .bool(a >= b)
        case (UInt8(ascii: "="), UInt8(ascii: "=")?): return .bool(a == b)
        case (UInt8(ascii: "!"), UInt8(ascii: "=")?): return .bool(a != b)
        default: return nil
        }
    }

    /// The number a bitwise operator reads (file header).
    private var bitwiseNumber: Double {
        if case .string(let s) = self {
            let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
            if t.isEmpty { return 0 }
            if t.lowercased().hasPrefix("0x"), let v = UInt64(t.dropFirst(2), radix: 16) { return Double(v) }
            return Double(t) ?? .nan
        }
        return number ?? .nan
    }

    static func uint32(_ x: ScriptValue) -> UInt32 {
        let d = x.bitwiseNumber
        guard d.isFinite else { return 0 }
        var m = d.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
        if m < 0 { m += 4_294_967_296 }
        return UInt32(m)
    }

    static func int32(_ x: ScriptValue) -> Int32 { Int32(bitPattern: uint32(x)) }

    private static func has(_ object: ScriptValue, key: ScriptValue) throws(ScriptError) -> Bool {
        switch object {
        case .record(let r): return r.members[key.text] != nil
        case .array(let a):
            if case .string("length") = key { return true }
            guard let n = Double(key.text), n == n.rounded(), n >= 0 else { return false }
            return n < Double(a.count)
        case .key(let k):
            if ["index", "time", "value"].contains(key.text) { return true }
            return try has(k.value, key: key)
        case .object, .function: return false
        default: throw .type("'in' needs an object, not a \(object.typeName)")
        }
    }

    private static func instance(_ x: ScriptValue, of c: ScriptValue) throws(ScriptError) -> Bool {
        switch c {
        case .object(.builtin(let b)) where b.isConstructor:
            switch (b, x) {
            case (.array, .array): return true
            case (.object, .array), (.object, .record), (.object, .function), (.object, .object), (.object, .key): return true
            case (.function, .function): return true
            case (.function, .object(.builtin(let y))): return y.isConstructor
            default: return false
            }
        case .function(let f, _):
            if case .record(let r) = x { return r.madeBy === f }
            return false
        default: throw .type("the right side of instanceof is a \(c.typeName), not a constructor")
        }
    }

    /// JavaScript's text of a number (file header).
    static func numberText(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n == 0 { return "0" }
        let sign = n < 0 ? "-" : ""
        // Swift's description: the shortest round-trip digits, as "d.ddd" or "d.ddde±x".
        let d = "\(abs(n))"
        var mantissa = Substring(d), exponent = 0
        if let e = d.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = d[..<e]
            exponent = Int(d[d.index(after: e)...]) ?? 0
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent          // the value is 0.digits × 10^point
        let leading = digits.prefix { $0 == "0" }.count
        digits.removeFirst(leading)
        point -= leading
        while digits.last == "0" { digits.removeLast() }
        let k = digits.count
        if k <= point && point <= 21 { return sign + digits + String(repeating: "0", count: point - k) }
        if 0 < point && point <= 21 { return sign + digits.prefix(point) + "." + digits.dropFirst(point) }
        if -6 < point && point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        let e = point - 1
        let head = k == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
        return sign + head + "e" + (e >= 0 ? "+" : "-") + String(abs(e))
    }
}
