// ES5's standard objects as expressions use them (ECMAScript 5.1 §15.2–15.12), and the After
// Effects functions lottie-web leaves out: gaussRandom, noise, posterizeTime
//
//   Array(n) / new Array(n)     n undefined elements (n whole, ≤ 4 096); Array(a, b, …): [a, b, …]
//   Object() / new Object()     an empty object;  Object.keys(o): its keys in order (an array's or
//                               string's indices)
//   Number(x), String(x), Boolean(x)   the conversions (§9.3, §9.8, §9.2); Number.MAX_VALUE,
//                               MIN_VALUE, NaN, POSITIVE_INFINITY, NEGATIVE_INFINITY
//   Array.isArray(x), String.fromCharCode(c, …)
//   JSON.stringify(v [, null, indent]), JSON.parse(s)   ScriptJSON.swift
// After Effects' expression reference, where lottie-web has no such function (so no player to agree
// with; docs/lottie-expressions.md):
//   gaussRandom([max] | [min, max])   normally distributed, mean (min + max)/2, standard deviation
//                               (max − min)/(2 · 1.6449) — about 90 % of results inside [min, max]
//                               as AE documents; Box–Muller from the seeded sequence (ScriptRandom)
//   noise(x)                    smooth value noise in [−1, 1] of a number or a vector of ≤ 3
//                               components, a pure function of x (the same in every property)
//   posterizeTime(fps)          from here on `time` is ⌊time·fps⌋/fps (0 when fps is 0) and `value`
//                               the property's value then — lottie-web's meaning

import Foundation

extension ScriptEnvironment {
    /// The result of the standard function `name`, or nil when it is not one.
    func standardCall(_ name: String, _ a: [ScriptValue], _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue? {
        let x = a.first ?? .undefined
        switch name {
        case "Array":
            if a.count == 1, let n = x.number {
                guard n == n.rounded(), n >= 0, n <= 4096 else { throw .type("Array(\(ScriptValue.numberText(n))): a length must be a whole number 0…4096") }
                return .array(Array(repeating: .undefined, count: Int(n)))
            }
            guard a.count <= 4096 else { throw .budget("an array of more than 4096 elements") }
            return .array(a)
        case "Object":
            switch x {
            case .undefined, .null: return .record(run.newRecord())
            default: return x
            }
        case "Number": return .number(a.isEmpty ? 0 : Self.toNumber(x))
        case "String": return .string(a.isEmpty ? "" : x.text)
        case "Boolean": return .bool(x.truth)
        case "gaussRandom": return try gaussRandom(a, &run)
        case "noise":
            guard let p = x.components, (1...3).contains(p.count) else { throw .type("noise takes a number or a vector of 1…3 numbers") }
            return .number(WiggleNoise.noise(p))
        case "posterizeTime":
            guard let fps = x.number else { throw .type("posterizeTime's argument must be a number") }
            let t = fps == 0 ? 0 : (frame / frameRate * fps).rounded(.down) / fps
            run.override("time", .number(t))
            run.override("value", value(atSeconds: t))
            return .undefined
        default: return nil
        }
    }

    /// `Builtin.name(…)`.
    func standardMethod(_ b: ScriptBuiltin, _ name: String, _ a: [ScriptValue], _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        let x = a.first ?? .undefined
        switch (b, name) {
        case (.object, "keys"), (.object, "getOwnPropertyNames"):
            switch x {
            case .record(let r): return .array(r.order.map { .string($0) })
            case .array(let v): return .array(v.indices.map { .string(String($0)) })
            case .string(let s): return .array((0..<s.utf16.count).prefix(4096).map { .string(String($0)) })
            default: throw .type("Object.\(name) of a \(x.typeName)")
            }
        case (.array, "isArray"): return .bool(x.isArray)
        case (.string, "fromCharCode"):
            var units: [UInt16] = []
            for v in a { units.append(UInt16(truncatingIfNeeded: Int64(ScriptValue.uint32(v)))) }
            return .string(String(decoding: units, as: UTF16.self))
        case (.json, "stringify"): return try ScriptJSON.stringify(x, indent: a.count > 2 ? a[2] : .undefined)
        case (.json, "parse"): return try ScriptJSON.parse(x.text, &run)
        case (.number, "isNaN"), (.number, "isFinite"):
            guard case .number = x else { return .bool(false) }
            return Self.conversion(name, [x])
        default: throw .unsupported("\(b.rawValue).\(name.prefix(30))() is not supported")
        }
    }

    /// `Builtin.name`.
    func standardMember(_ b: ScriptBuiltin, _ name: String) -> ScriptValue {
        switch (b, name) {
        case (.number, "MAX_VALUE"): return .number(.greatestFiniteMagnitude)
        case (.number, "MIN_VALUE"): return .number(.leastNonzeroMagnitude)
        case (.number, "NaN"): return .number(.nan)
        case (.number, "POSITIVE_INFINITY"): return .number(.infinity)
        case (.number, "NEGATIVE_INFINITY"): return .number(-.infinity)
        case (_, "length") where b.isConstructor: return .number(1)
        default: return .undefined
        }
    }

    /// ToNumber (§9.3): strings read as JavaScript reads them ("" → 0, "0x1F", " 2.5 "), objects NaN.
    static func toNumber(_ x: ScriptValue) -> Double {
        switch x {
        case .undefined: return .nan
        case .null: return 0
        case .string(let s):
            let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
            if t.isEmpty { return 0 }
            if t.lowercased().hasPrefix("0x") { return UInt64(t.dropFirst(2), radix: 16).map { Double($0) } ?? .nan }
            if t == "Infinity" || t == "+Infinity" { return .infinity }
            if t == "-Infinity" { return -.infinity }
            guard t.allSatisfy({ "0123456789.eE+-".contains($0) }) else { return .nan }
            return Double(t) ?? .nan
        case .array(let v):
            if v.isEmpty { return 0 }
            return v.count == 1 ? toNumber(.string(v[0].text)) : .nan
        default: return x.number ?? .nan
        }
    }

    private func gaussRandom(_ a: [ScriptValue], _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        try drawBetween("gaussRandom", "gaussRandom", a) { l, h in
            let u1 = Swift.max(run.random.next(), 1e-300), u2 = run.random.next()
            let z = (-2 * Foundation.log(u1)).squareRoot() * cos(2 * .pi * u2)
            return (l + h) / 2 + z * (h - l) / (2 * 1.6448536269514722)
        }
    }
}
