// Values of the interpreted subset and their operators (After Effects' vector arithmetic)
//
// A value is undefined, null, a boolean, a number, a string, an array, a keyframe (`key(i)`:
// .index, .time in seconds, .value, [i] = .value[i]), a user function (with the scope it closes
// over), an object made by a literal (`{ a: 1 }`, shared by reference), or a named object of
// the environment (Math, thisComp, thisLayer, a layer, a transform group; ScriptBuiltins.swift).
// Operators follow Bodymovin's helpers ($bm_sum … — lottie-web's sum, sub, mul, div, mod), with
// n a number and v, w arrays:
//
//   v ± w → component-wise over the longer length (missing components 0)
//   n ± v → (n ± v_0, v_1, …);  v ± n → (v_0 ± n, v_1, …)       (only component 0 changes)
//   n × v, v × n → v scaled;  v ÷ n → v scaled by 1/n;  n ÷ v → (n/v_0, n/v_1, …)
//   v × w, v ÷ w → an error (not a value);   % numbers only (the sign of the dividend)
//   a string on either side of + → concatenation (JavaScript; at most maxStringLength bytes)
// Comparisons and equality take numbers (booleans count as 0/1); == and === compare numbers,
// strings, booleans, null/undefined (null == undefined; === tells them apart). Truth: false,
// 0, NaN, "", null, undefined are false, everything else true.

import Foundation

/// Only the cases that hold a value of their own (a keyframe's) or a large payload are boxed: a
/// number, string, array or object is held inline, so making one allocates nothing.
enum ScriptValue: Sendable {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ScriptValue])
    indirect case key(ScriptKeyframe)
    /// A user function and the scope it closes over (nil: the program's globals).
    case function(ScriptFunction, ScriptScope?)
    case object(ScriptObject)
    /// An object made by a literal `{ … }` (ScriptScope.swift).
    case record(ScriptRecord)
    /// A path: a shape property read at the script's frame or a given time (ScriptPaths.swift).
    indirect case path(ShapeProperty)

    init(_ v: ExpressionValue) {
        self = v.count == 1 ? .number(v.v[0]) : .array((0..<v.count).map { .number(v.v[$0]) })
    }

    var truth: Bool {
        switch self {
        case .undefined, .null: return false
        case .bool(let b): return b
        case .number(let n): return n != 0 && !n.isNaN
        case .string(let s): return !s.isEmpty
        default: return true
        }
    }

    /// The number a numeric operator reads, or nil.
    var number: Double? {
        switch self {
        case .number(let n): return n
        case .bool(let b): return b ? 1 : 0
        case .key(let k): return k.value.number
        default: return nil
        }
    }

    /// The components of a number or an array of numbers, or nil.
    var components: [Double]? {
        switch self {
        case .number(let n): return [n]
        case .bool(let b): return [b ? 1 : 0]
        case .array(let a):
            var out: [Double] = []
            for e in a { guard let n = e.number else { return nil }; out.append(n) }
            return out
        case .key(let k): return k.value.components
        default: return nil
        }
    }

    var isArray: Bool {
        if case .array = self { return true }
        if case .key(let k) = self { return k.value.isArray }
        return false
    }

    var typeName: String {
        switch self {
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .object(.builtin(let b)) where b.isConstructor: return "function"
        case .array, .key, .object, .record, .path: return "object"
        case .function: return "function"
        }
    }

    static func vector(_ c: [Double]) -> ScriptValue { .array(c.map { .number($0) }) }

    /// JavaScript's text of the value (String(v)), capped as `+` caps strings.
    var text: String {
        var t = ""
        append(to: &t)
        return t
    }
}

/// `key(i)`: a keyframe's 1-based index, time (seconds) and value.
struct ScriptKeyframe: Sendable {
    var index: Int
    var time: Double
    var value: ScriptValue
}

/// An object of the environment, named by what it stands for.
enum ScriptObject: Sendable, Equatable {
    case math
    case thisComp
    /// A layer of the composition by place (`thisLayer`: the property's own layer).
    case layer(String)
    /// `effect(E)` of a layer (nil: the property's own), waiting for its control: `effect(E)(V)`.
    indirect case effect(String?, ExpressionKey)
    /// `thisProperty`: the property the expression is on.
    case property
    /// A layer by `ind`, as a layer control gives it (ScriptLayers.swift).
    case layerIndex(Int)
    /// Array, Object, JSON, Number, String, Boolean, Function (ScriptGlobals.swift).
    case builtin(ScriptBuiltin)
}

/// The standard objects of ES5 that expressions use (ScriptGlobals.swift has their functions).
enum ScriptBuiltin: String, Sendable {
    case array = "Array", object = "Object", json = "JSON", number = "Number", string = "String"
    case boolean = "Boolean", function = "Function"

    /// Everything but JSON is a constructor (typeof … === "function"; x instanceof …).
    var isConstructor: Bool { self != .json }
}

extension ScriptValue {
    /// x op y for + − × ÷ % (file header).
    static func arithmetic(_ op: String, _ x: ScriptValue, _ y: ScriptValue) throws(ScriptError) -> ScriptValue {
        if op == "+" {
            var isText = false
            if case .string = x { isText = true }
            if case .string = y { isText = true }
            if isText {
                var text = ""
                x.append(to: &text)
                y.append(to: &text)
                guard text.utf8.count <= maxStringLength else { throw .budget("a string longer than \(maxStringLength) bytes") }
                return .string(text)
            }
        }
        guard let a = x.components, let b = y.components else {
            throw .type("\(x.typeName) \(op) \(y.typeName) is not a number")
        }
        let av = x.isArray, bv = y.isArray
        if !av && !bv {
            switch op {
            case "+": return .number(a[0] + b[0])
            case "-": return .number(a[0] - b[0])
            case "*": return .number(a[0] * b[0])
            case "/": return .number(a[0] / b[0])
            default: return .number(a[0].truncatingRemainder(dividingBy: b[0]))
            }
        }
        switch op {
        case "+", "-":
            let s = op == "+" ? 1.0 : -1.0
            if !av { var r = b; r[0] = a[0] + s * b[0]; return .vector(r) }
            if !bv { var r = a; r[0] += s * b[0]; return .vector(r) }
            return .vector((0..<max(a.count, b.count)).map { (($0 < a.count) ? a[$0] : 0) + s * (($0 < b.count) ? b[$0] : 0) })
        case "*":
            if !av { return .vector(b.map { a[0] * $0 }) }
            if !bv { return .vector(a.map { $0 * b[0] }) }
            throw .type("an array times an array")
        case "/":
            if !bv { return .vector(a.map { $0 / b[0] }) }
            if !av { return .vector(b.map { a[0] / $0 }) }
            throw .type("an array divided by an array")
        default:
            throw .type("% of arrays")
        }
    }

    static func compare(_ op: String, _ x: ScriptValue, _ y: ScriptValue) throws(ScriptError) -> Bool {
        if case .string(let a) = x, case .string(let b) = y {
            switch op { case "<": return a < b; case ">": return a > b; case "<=": return a <= b; default: return a >= b }
        }
        guard let a = x.number, let b = y.number else { throw .type("\(x.typeName) \(op) \(y.typeName) compares no numbers") }
        switch op { case "<": return a < b; case ">": return a > b; case "<=": return a <= b; default: return a >= b }
    }

    static func equal(_ x: ScriptValue, _ y: ScriptValue, strict: Bool) -> Bool {
        switch (x, y) {
        case (.undefined, .undefined), (.null, .null): return true
        case (.undefined, .null), (.null, .undefined): return !strict
        case (.undefined, _), (.null, _), (_, .undefined), (_, .null): return false
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.function(a, s), .function(b, t)): return a === b && s === t
        case let (.record(a), .record(b)): return a === b
        case let (.object(a), .object(b)): return a == b
        default:
            if strict { return false }
            if case .array = x { return false }
            if case .array = y { return false }
            guard let a = x.number, let b = y.number else { return false }
            return a == b
        }
    }

    /// Strings made by + are at most this long (nested arrays could otherwise spell out 2^n elements).
    static let maxStringLength = 16_384

    /// Appends JavaScript's text of the value (string concatenation), stopping past the length cap.
    func append(to text: inout String) {
        guard text.utf8.count <= Self.maxStringLength else { return }
        switch self {
        case .undefined: text += "undefined"
        case .null: text += "null"
        case .bool(let b): text += b ? "true" : "false"
        case .number(let n): text += Self.numberText(n)
        case .string(let s): text += s
        case .array(let a):
            for (i, e) in a.enumerated() {
                if i > 0 { text += "," }
                e.append(to: &text)
                if text.utf8.count > Self.maxStringLength { return }
            }
        case .key(let k): k.value.append(to: &text)
        case .function(let f, _): text += "function \(f.name)"
        case .record, .path: text += "[object Object]"
        case .object(.builtin(let b)) where b.isConstructor: text += "function \(b.rawValue)() { [native code] }"
        case .object: text += "[object]"
        }
    }
}

/// Why an interpreted evaluation stopped.
enum ScriptError: Error, Sendable {
    /// What JavaScript would throw (a member of undefined, a key index out of range, a call of a
    /// non-function …): `try … catch` catches these.
    case type(String)
    /// A name, member or form outside the subset: reported, never caught.
    case unsupported(String)
    /// The step budget or the call depth is exhausted: reported, never caught.
    case budget(String)
    /// A name no one defines, read: a variable the player assigns (ExpressionVariables.swift).
    /// JavaScript's ReferenceError: `try … catch` catches it.
    case notDefined(String)

    var reason: String {
        switch self {
        case .type(let s), .unsupported(let s), .budget(let s): return s
        case .notDefined(let name): return "\(name) is not defined"
        }
    }

    /// What JavaScript's `catch` would catch.
    var isCatchable: Bool {
        switch self {
        case .type, .notDefined: return true
        case .unsupported, .budget: return false
        }
    }
}
