// Methods of numbers, strings and arrays, and the global conversions, in the interpreted subset
// (ECMAScript 5.1 §15.4.4, §15.5.4, §15.7.4, §15.1.2; JavaScript's meaning, lengths and indices
// in UTF-16 code units as JavaScript counts them)
//
//   n.toFixed(d)                 d = 0…20 decimals (C's rounding of the binary value, which is
//                                ES5's for every value whose decimal expansion is not a tie)
//   s.indexOf(t), s.slice(a [, b]), s.substring(a [, b]), s.charAt(i), s.toUpperCase(), s.toLowerCase(),
//   s.split(sep)                 at most 4 096 parts
//   v.indexOf(x) (strict equality), v.join([sep]) (at most 16 384 bytes), v.slice(a [, b]), v.concat(w, …)
//   a.push(x, …)                 ScriptInterpreter.call (the variable is updated; arrays are values here)
//   parseFloat(s), parseInt(s [, radix]), isNaN(x), isFinite(x)
// Negative slice bounds count from the end; every result is bounded by the string and array caps.

import Foundation

extension ScriptEnvironment {
    /// The method's result, or nil when `name` is not one of the methods above.
    func method(_ object: ScriptValue, _ name: String, _ a: [ScriptValue]) throws(ScriptError) -> ScriptValue? {
        func index(_ i: Int, _ count: Int, default d: Int) -> Int {
            guard i < a.count, let n = a[i].number, !n.isNaN else { return d }
            let k = n < 0 ? Double(count) + n.rounded(.towardZero) : n.rounded(.towardZero)
            return Int(Swift.min(Swift.max(k, 0), Double(count)))
        }
        switch (object, name) {
        case (.number(let n), "toFixed"):
            let d = a.first?.number ?? 0
            guard d >= 0, d <= 20, d == d.rounded() else { throw .type("toFixed() digits must be 0…20") }
            return .string(String(format: "%.\(Int(d))f", n))
        case (.string(let s), _):
            let u = Array(s.utf16)
            func text(_ r: Range<Int>) -> ScriptValue { .string(String(decoding: u[r], as: UTF16.self)) }
            switch name {
            case "indexOf":
                let t = Array((a.first?.text ?? "undefined").utf16)
                guard t.count <= u.count else { return .number(-1) }
                for i in 0...(u.count - t.count) where Array(u[i..<i + t.count]) == t { return .number(Double(i)) }
                return .number(-1)
            case "slice":
                let lo = index(0, u.count, default: 0), hi = index(1, u.count, default: u.count)
                return text(lo..<Swift.max(lo, hi))
            case "substring":
                let x = Swift.min(Swift.max(Int((a.first?.number ?? 0).isNaN ? 0 : Swift.min(Swift.max(a.first?.number ?? 0, 0), Double(u.count))), 0), u.count)
                let y = a.count > 1 ? Int(Swift.min(Swift.max(a[1].number ?? 0, 0), Double(u.count))) : u.count
                return text(Swift.min(x, y)..<Swift.max(x, y))
            case "charAt":
                let i = a.first?.number ?? 0
                return i >= 0 && i < Double(u.count) ? text(Int(i)..<Int(i) + 1) : .string("")
            case "toUpperCase": return .string(s.uppercased())
            case "toLowerCase": return .string(s.lowercased())
            case "split":
                guard let sep = a.first?.text else { return .array([.string(s)]) }
                let parts = sep.isEmpty ? s.map { String($0) } : s.components(separatedBy: sep)
                guard parts.count <= 4096 else { throw .budget("split into more than 4096 parts") }
                return .array(parts.map { .string($0) })
            default: return nil
            }
        case (.array(let v), _):
            switch name {
            case "indexOf":
                let x = a.first ?? .undefined
                return .number(Double(v.firstIndex { ScriptValue.equal($0, x, strict: true) } ?? -1))
            case "join":
                var out = ""
                let sep = a.first.map { $0.text } ?? ","
                for (i, e) in v.enumerated() {
                    if i > 0 { out += sep }
                    if case .undefined = e {} else if case .null = e {} else { e.append(to: &out) }
                    guard out.utf8.count <= ScriptValue.maxStringLength else { throw .budget("a string longer than \(ScriptValue.maxStringLength) bytes") }
                }
                return .string(out)
            case "slice":
                let lo = index(0, v.count, default: 0), hi = index(1, v.count, default: v.count)
                return .array(Array(v[lo..<Swift.max(lo, hi)]))
            case "concat":
                var out = v
                for x in a { if case .array(let w) = x { out += w } else { out.append(x) } }
                guard out.count <= 4096 else { throw .budget("an array of more than 4096 elements") }
                return .array(out)
            default: return nil
            }
        default: return nil
        }
    }

    static func conversion(_ name: String, _ a: [ScriptValue]) -> ScriptValue {
        let x = a.first ?? .undefined
        switch name {
        case "isNaN", "isFinite":
            let n: Double
            if case .string(let s) = x { n = Double(s.trimmingCharacters(in: .whitespaces)) ?? .nan } else { n = x.number ?? .nan }
            return .bool(name == "isNaN" ? n.isNaN : n.isFinite)
        default:
            let s = x.text.trimmingCharacters(in: .whitespaces)
            if name == "parseInt" {
                let radix = a.count > 1 ? Int(a[1].number ?? 10) : 10
                guard (2...36).contains(radix) else { return .number(.nan) }
                var body = Substring(s)
                let negative = body.first == "-"
                if body.first == "-" || body.first == "+" { body = body.dropFirst() }
                let digits = body.prefix { $0.isASCII && Int(String($0), radix: radix) != nil }.prefix(300)
                guard !digits.isEmpty else { return .number(.nan) }
                var v = 0.0
                for c in digits { v = v * Double(radix) + Double(Int(String(c), radix: radix) ?? 0) }
                return .number(negative ? -v : v)
            }
            // parseFloat: the longest prefix that is a decimal number.
            var best = Double.nan
            var end = s.startIndex
            while end < s.endIndex, s.distance(from: s.startIndex, to: end) < 400 {
                end = s.index(after: end)
                if let v = Double(s[s.startIndex..<end]), !s[s.startIndex..<end].contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) { best = v }
            }
            return .number(best)
        }
    }
}
