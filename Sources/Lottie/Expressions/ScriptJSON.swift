// JSON.stringify and JSON.parse of the interpreted subset (ECMAScript 5.1 §15.12)
//
// stringify(v [, replacer, indent]): null, booleans, numbers (JavaScript's text; NaN and ±∞ as
// null), strings quoted with \" \\ \b \f \n \r \t and \u00XX for other control characters, arrays
// (undefined and functions as null), objects' members in order (undefined and functions left out);
// a keyframe as its value; objects of the environment as {}. indent: a number (0…10 spaces) or a
// string (its first 10 characters). A replacer function is not supported. undefined or a function
// alone gives undefined. Bounds: nesting deeper than 64 is JavaScript's TypeError (cycles end there
// too), the text is at most ScriptValue.maxStringLength bytes.
//
// parse(s): RFC 8259 JSON (what JSON.parse takes) into arrays, objects (made in the evaluation's
// arena), strings, numbers, booleans and null; arrays at most 2 deep as everywhere in the subset,
// objects and arrays within their member caps; a syntax error is JavaScript's SyntaxError (a
// catchable error).

import Foundation
import JSON

enum ScriptJSON {
    static let maxDepth = 64

    static func stringify(_ v: ScriptValue, indent: ScriptValue) throws(ScriptError) -> ScriptValue {
        var gap = ""
        switch indent {
        case .number(let n): gap = String(repeating: " ", count: Int(Swift.min(Swift.max(n, 0), 10)))
        case .string(let s): gap = String(s.prefix(10))
        default: break
        }
        var out = ""
        guard try write(v, to: &out, gap: gap, indent: "", depth: 0) else { return .undefined }
        return .string(out)
    }

    /// Appends v's JSON text; false when v has none (undefined, a function).
    private static func write(_ v: ScriptValue, to out: inout String, gap: String, indent: String, depth: Int) throws(ScriptError) -> Bool {
        guard depth <= maxDepth else { throw .type("JSON.stringify of a structure nested deeper than \(maxDepth) (or circular)") }
        guard out.utf8.count <= ScriptValue.maxStringLength else { throw .budget("a string longer than \(ScriptValue.maxStringLength) bytes") }
        switch v {
        case .undefined, .function: return false
        case .object(.builtin(let b)) where b.isConstructor: return false
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.isFinite ? ScriptValue.numberText(n) : "null"
        case .string(let s): writeJSONString(s, into: &out)
        case .key(let k): return try write(k.value, to: &out, gap: gap, indent: indent, depth: depth)
        case .object, .path: out += "{}"
        case .array(let a):
            try container("[", "]", a.count, to: &out, gap: gap, indent: indent) { (i, out, inner) throws(ScriptError) in
                if !(try write(a[i], to: &out, gap: gap, indent: inner, depth: depth + 1)) { out += "null" }
                return true
            }
        case .record(let r):
            let keys = r.order.filter { key in
                switch r.members[key] { case .undefined?, .function?, nil: return false; default: return true }
            }
            try container("{", "}", keys.count, to: &out, gap: gap, indent: indent) { (i, out, inner) throws(ScriptError) in
                writeJSONString(keys[i], into: &out)
                out += gap.isEmpty ? ":" : ": "
                return try write(r.members[keys[i]]!, to: &out, gap: gap, indent: inner, depth: depth + 1)
            }
        }
        return true
    }

    private static func container(_ open: String, _ close: String, _ count: Int, to out: inout String, gap: String, indent: String,
                                  _ element: (Int, inout String, String) throws(ScriptError) -> Bool) throws(ScriptError) {
        out += open
        guard count > 0 else { out += close; return }
        let inner = indent + gap
        for i in 0..<count {
            if i > 0 { out += "," }
            if !gap.isEmpty { out += "\n" + inner }
            _ = try element(i, &out, inner)
        }
        if !gap.isEmpty { out += "\n" + indent }
        out += close
    }

    // MARK: parse

    static func parse(_ text: String, _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        var p = Parser(bytes: Array(text.utf8))
        p.space()
        let v = try p.value(&run, depth: 0)
        p.space()
        guard p.i == p.bytes.count else { throw p.error("unexpected text after the value") }
        return v
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        func error(_ what: String) -> ScriptError { .type("JSON.parse: \(what) at offset \(i)") }

        mutating func space() {
            while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
        }

        mutating func literal(_ word: String, _ v: ScriptValue) throws(ScriptError) -> ScriptValue {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw error("unexpected text") }
            i += w.count
            return v
        }

        mutating func value(_ run: inout ScriptInterpreter, depth: Int) throws(ScriptError) -> ScriptValue {
            guard depth <= maxDepth else { throw error("nested deeper than \(maxDepth)") }
            try run.step()
            guard i < bytes.count else { throw error("unexpected end") }
            switch bytes[i] {
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["): return try array(&run, depth: depth)
            case UInt8(ascii: "{"): return try object(&run, depth: depth)
            default: return try number()
            }
        }

        mutating func array(_ run: inout ScriptInterpreter, depth: Int) throws(ScriptError) -> ScriptValue {
            i += 1
            var out: [ScriptValue] = []
            space()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(out) }
            while true {
                space()
                let v = try value(&run, depth: depth + 1)
                if case .array(let inner) = v, inner.contains(where: { $0.isArray }) { throw .unsupported("arrays nested more than 2 deep") }
                out.append(v)
                guard out.count <= 4096 else { throw .budget("an array of more than 4096 elements") }
                space()
                guard i < bytes.count else { throw error("unexpected end") }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(out) }
                guard bytes[i] == UInt8(ascii: ",") else { throw error("expected ',' or ']'") }
                i += 1
            }
        }

        mutating func object(_ run: inout ScriptInterpreter, depth: Int) throws(ScriptError) -> ScriptValue {
            i += 1
            let r = run.newRecord()
            space()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .record(r) }
            while true {
                space()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                let key = try string()
                space()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
                i += 1
                space()
                try r.set(key, try value(&run, depth: depth + 1))
                space()
                guard i < bytes.count else { throw error("unexpected end") }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .record(r) }
                guard bytes[i] == UInt8(ascii: ",") else { throw error("expected ',' or '}'") }
                i += 1
            }
        }

        mutating func string() throws(ScriptError) -> String {
            i += 1
            var units: [UInt16] = []
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                let c = bytes[i]
                guard c >= 0x20 else { throw error("a control character in a string") }
                if c != UInt8(ascii: "\\") {
                    // Copy the UTF-8 run up to the next quote or escape as UTF-16.
                    let start = i
                    while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
                    units += Array(String(decoding: bytes[start..<i], as: UTF8.self).utf16)
                    continue
                }
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): units.append(UInt16(bytes[i]))
                case UInt8(ascii: "b"): units.append(8)
                case UInt8(ascii: "f"): units.append(12)
                case UInt8(ascii: "n"): units.append(10)
                case UInt8(ascii: "r"): units.append(13)
                case UInt8(ascii: "t"): units.append(9)
                case UInt8(ascii: "u"):
                    guard i + 4 < bytes.count, let u = UInt16(String(decoding: bytes[i + 1...i + 4], as: UTF8.self), radix: 16) else {
                        throw error("a bad \\u escape")
                    }
                    units.append(u)
                    i += 4
                default: throw error("a bad escape")
                }
                i += 1
            }
            guard i < bytes.count else { throw error("an unterminated string") }
            i += 1
            guard units.count <= ScriptValue.maxStringLength else { throw .budget("a string longer than \(ScriptValue.maxStringLength) bytes") }
            return String(decoding: units, as: UTF16.self)
        }

        mutating func number() throws(ScriptError) -> ScriptValue {
            let start = i
            while i < bytes.count, "-+.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
            let t = String(decoding: bytes[start..<i], as: UTF8.self)
            // JSON's grammar: no leading +, no leading zeros, digits on both sides of the point.
            guard !t.isEmpty, t.first != "+", !t.hasPrefix("."), !t.hasPrefix("-."), !t.contains(".e"), !t.contains(".E"),
                  !t.hasSuffix("."), let v = Double(t) else { throw error("a bad number") }
            let digits = t.drop { $0 == "-" }
            if digits.count > 1, digits.first == "0", digits.dropFirst().first?.isNumber == true { throw error("a number with a leading zero") }
            return .number(v)
        }
    }
}
