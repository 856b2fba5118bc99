// What an interpreted expression can name: the property, its keyframes, the layer, the composition
//
// Names: time (seconds), value (the property's keyframed value, file units), numKeys, index (the
// layer's `ind`), hasParent, inPoint / outPoint (the layer's, seconds), velocity / speed (at time), thisComp,
// thisLayer, thisProperty (.value, .numKeys, .velocity, .speed and the property's functions),
// Math, true, false, null, undefined, NaN, Infinity.
// Members: key.index / .time (seconds) / .value, key[i] (key[0] of a 1-D property is its value); array.length, string.length;
// Math.PI, Math.E …; thisComp.width / .height / .frameDuration / .duration / .numLayers /
// .pixelAspect (1) / .displayStartTime (0); thisComp.layer(L).effect(E)(V)
// and effect(E)(V) for expression controls (ScriptBuiltins.swift has the functions).
// Links to other properties of layers and shapes (thisComp.layer(L).transform.…, content(…)) are
// resolved while decoding when the script spells them whole (Decoding/ScriptLinkDecoding.swift).

import Foundation

struct ScriptEnvironment {
    let frame: Double
    let frameRate: Double
    let binding: ExpressionBinding
    let value: ExpressionValue
    let context: ScriptContext
    var seed: UInt64 { binding.seed }

    /// key(i), 1-based.
    func keyframe(_ i: Int) throws(ScriptError) -> ScriptKeyframe {
        guard let times = binding.base.keyframeTimes, i >= 1, i <= times.count else {
            throw .type("key(\(i)) is outside 1…\(binding.base.keyframeTimes?.count ?? 0)")
        }
        let f = times[i - 1]
        return ScriptKeyframe(index: i, time: f / frameRate, value: ScriptValue(binding.baseValue(at: f)))
    }

    var numKeys: Int { binding.base.keyframeTimes?.count ?? 0 }

    /// The keyframed value at `seconds`.
    func value(atSeconds seconds: Double) -> ScriptValue {
        ScriptValue(binding.baseValue(at: seconds * frameRate))
    }

    func global(_ name: String, _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        guard let g = ScriptGlobalName.byName[name] else {
            // A variable the player assigns, given by the caller or not (ExpressionVariables.swift).
            if let v = context.variables[name] { return v }
            if ExpressionVariable.isLanguageName(name) { throw .unsupported("unknown name '\(name.prefix(30))'") }
            throw .notDefined(String(name.prefix(30)))
        }
        return try global(g, &run)
    }

    func global(_ g: ScriptGlobalName, _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        switch g {
        case .time: return .number(frame / frameRate)
        case .value:
            if let p = binding.path { return .path(p) }
            if let s = binding.stops { return .vector(s.keyframedValues(at: frame)) }
            return ScriptValue(value)
        case .numKeys: return .number(Double(numKeys))
        case .index: return .number(Double(context.layerIndex))
        case .hasParent: return .bool(context.hasParent)
        case .thisComp: return .object(.thisComp)
        case .thisLayer: return .object(.layer(""))
        case .thisProperty: return binding.path.map { .path($0) } ?? .object(.property)
        case .inPoint: return .number(binding.layerInPoint / frameRate)
        case .outPoint: return .number(binding.layerOutPoint / frameRate)
        case .velocity, .speed: return try callGlobal(g.rawValue + "AtTime", [.number(frame / frameRate)], &run)
        case .math: return .object(.math)
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        case .undefined: return .undefined
        case .nan: return .number(.nan)
        case .infinity: return .number(.infinity)
        case .array, .object, .json, .number, .string, .boolean, .function:
            return .object(.builtin(ScriptBuiltin(rawValue: g.rawValue)!))
        }
    }

    func member(_ object: ScriptValue, _ name: String, _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        switch object {
        case .undefined, .null: throw .type("'.\(name.prefix(30))' of \(object.typeName)")
        case .key(let k):
            switch name {
            case "index": return .number(Double(k.index))
            case "time": return .number(k.time)
            case "value": return k.value
            case "length": return try member(k.value, name, &run)
            default: return .undefined
            }
        case .array(let a): return name == "length" ? .number(Double(a.count)) : .undefined
        case .string(let s): return name == "length" ? .number(Double(s.utf16.count)) : .undefined
        case .object(.math):
            switch name {
            case "PI": return .number(.pi)
            case "E": return .number(M_E)
            case "SQRT2": return .number(2.0.squareRoot())
            case "LN2": return .number(M_LN2)
            case "LN10": return .number(M_LN10)
            default: throw .unsupported("Math.\(name.prefix(30)) is not supported")
            }
        case .object(.thisComp):
            switch name {
            case "width": return .number(context.compWidth)
            case "height": return .number(context.compHeight)
            case "frameDuration": return .number(1 / frameRate)
            case "duration": return .number(context.compDuration)
            case "numLayers": return .number(Double(context.numLayers))
            case "pixelAspect": return .number(1)
            case "displayStartTime": return .number(0)
            default: throw .unsupported("thisComp.\(name.prefix(30)) is not supported")
            }
        case .object(.property):
            switch name {
            case "value", "numKeys", "velocity", "speed": return try global(name, &run)
            default: throw .unsupported("thisProperty.\(name.prefix(30)) is not supported")
            }
        case .object(.builtin(let b)): return standardMember(b, name)
        case .object(.layer(let l)) where name == "index":
            guard let i = l.isEmpty ? context.layerIndex : context.layers.indices[l] else { throw .type("no layer named '\(l.prefix(30))'") }
            return .number(Double(i))
        case .object(.layerIndex(let i)): return try layerMember(i, name)
        case .object(let o):
            throw .unsupported("'.\(name.prefix(30))' of \(o.description) (links to other properties) is not supported")
        case .record(let r): return r.members[name] ?? .undefined
        case .path(let p):
            switch name {
            case "value": return object
            case "numKeys": return .number(Double(p.keyframeTimes?.count ?? 0))
            default: throw .unsupported("'.\(name.prefix(30))' of a path is not supported")
            }
        case .number, .bool, .function: return .undefined
        }
    }

    /// `object[i]`.
    static func element(_ object: ScriptValue, _ i: ScriptValue) throws(ScriptError) -> ScriptValue {
        switch object {
        case .undefined, .null: throw .type("an element of \(object.typeName)")
        case .key(let k):
            // lottie-web's key(i) copies the keyframe's `s` array, which a 1-D property writes as [v]: key(i)[0] is v.
            if case .number(let n) = k.value { return i.number == 0 ? .number(n) : .undefined }
            return try element(k.value, i)
        case .array(let a):
            guard let n = i.number, n == n.rounded(), n >= 0, n < Double(a.count) else { return .undefined }
            return a[Int(n)]
        case .record(let r): return r.members[i.text] ?? .undefined
        case .string(let s):
            // "AB"[1] is "B": a UTF-16 code unit, as JavaScript indexes strings.
            let units = Array(s.utf16)
            guard let n = i.number, n == n.rounded(), n >= 0, n < Double(units.count) else { return .undefined }
            return .string(String(decoding: [units[Int(n)]], as: UTF16.self))
        default: return .undefined
        }
    }
}

/// The names of the environment (ScriptEnvironment.global), found by one hash lookup (a `switch`
/// over the strings compared them one by one), or resolved before the program runs (ScriptResolver.swift).
enum ScriptGlobalName: String, CaseIterable, Sendable {
    case time, value, numKeys, index, hasParent, thisComp, thisLayer, thisProperty, inPoint, outPoint
    case velocity, speed, math = "Math", `true`, `false`, null, undefined, nan = "NaN", infinity = "Infinity"
    case array = "Array", object = "Object", json = "JSON", number = "Number", string = "String"
    case boolean = "Boolean", function = "Function"
    static let byName: [String: ScriptGlobalName] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

extension ScriptObject: CustomStringConvertible {
    var description: String {
        switch self {
        case .math: return "Math"
        case .thisComp: return "thisComp"
        case .layer(let l): return l.isEmpty ? "thisLayer" : "layer '\(l.prefix(30))'"
        case .effect(let l, let e): return "effect \(e)" + (l.map { " of layer '\($0.prefix(30))'" } ?? "")
        case .property: return "thisProperty"
        case .layerIndex(let i): return "layer \(i)"
        case .builtin(let b): return b.rawValue
        }
    }
}

/// What the decoder knew of the property's layer and composition. A class: every evaluation's
/// environment holds it, and copying its dictionaries per evaluation cost more than the
/// expressions of a simple script.
final class ScriptContext: Sendable {
    let compWidth: Double
    let compHeight: Double
    let layerIndex: Int
    /// Whether the layer has a parent (`hasParent`).
    let hasParent: Bool
    /// thisComp.duration (the root's, seconds) and thisComp.numLayers (the expression's composition's).
    let compDuration: Double
    let numLayers: Int
    /// Effects by layer name ("" for the property's own layer).
    let effects: [String: [LayerEffect]]
    let maxSteps: Int
    let maxCallDepth: Int
    /// The properties the program's links read (ScriptExpr.link).
    let links: [LinkTarget]
    /// The composition's layers by name, and the transform chains of those layer controls name (ScriptLayers.swift).
    let layers: ScriptLayers
    /// The variables the player assigns, as the caller gave them (ExpressionVariables.swift).
    let variables: [String: ScriptValue]

    init(compWidth: Double, compHeight: Double, layerIndex: Int, hasParent: Bool = false, compDuration: Double = 0,
         numLayers: Int = 0, effects: [String: [LayerEffect]],
         maxSteps: Int, maxCallDepth: Int, links: [LinkTarget] = [], layers: ScriptLayers = ScriptLayers(),
         variables: [String: ScriptValue] = [:]) {
        self.variables = variables
        self.compWidth = compWidth
        self.compHeight = compHeight
        self.layerIndex = layerIndex
        self.hasParent = hasParent
        self.compDuration = compDuration
        self.numLayers = numLayers
        self.effects = effects
        self.maxSteps = maxSteps
        self.maxCallDepth = maxCallDepth
        self.links = links
        self.layers = layers
    }
}
