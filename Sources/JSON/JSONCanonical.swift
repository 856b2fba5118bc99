// A JSONValue as canonical text, so that two documents that mean the same thing give the same
// bytes whatever their whitespace and key order (the batch's inputs hash,
// AnimExport/Batch/SharedInputs.swift):
//
//   object   {"a":1,"b":[true,null]}   names sorted by their UTF-8 bytes, each once (the last)
//   number   whole numbers below 2^53 as integers (18, -3), others in Swift's shortest
//            round-trip form (0.5, 1e+300)
//   string   "…" with only '"', '\' and the control characters U+0000–U+001F escaped, as
//            JSON.stringify escapes them (writeJSONString)

extension JSONValue {
    /// The canonical text of this value.
    public var canonicalText: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += canonicalNumber(d)
        case .string(let s): writeJSONString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            let names = Set(object.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (i, name) in names.enumerated() {
                if i > 0 { out += "," }
                writeJSONString(name, into: &out)
                out += ":"
                object[name]!.write(into: &out)
            }
            out += "}"
        }
    }
}

/// A number's canonical text.
public func canonicalNumber(_ d: Double) -> String {
    if d == d.rounded(), abs(d) < 9_007_199_254_740_992 { return String(Int64(d)) }
    return "\(d)"
}

/// `s` as a JSON string literal appended to `out`, as JSON.stringify writes it (ECMA-262
/// QuoteJSONString): '"' and '\' escaped, \b \f \n \r \t for those controls, \u00xx (lower-case
/// hex) for the other controls below U+0020, every other character as it is.
public func writeJSONString(_ s: String, into out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\u{8}": out += "\\b"
        case "\u{C}": out += "\\f"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    out += "\""
}
