// The state of one decode: the JSON path being read (for messages), caps, slots and the
// feature inventory.
//
// Tolerance rules (what real exporters write) applied by the readers below:
//   • a number where an array of numbers is expected reads as that one number, and an array
//     where a number is expected reads as its first element (scalar keyframes hold [v]);
//   • a boolean may be written true/false or 0/1;
//   • null for an optional member is the same as leaving it out.
// Anything else of the wrong type is an error naming the JSON path and what was expected.
//
// Out-of-range values (issue 25 item 1) are repaired as the players read them, never refused:
// an enumeration (`sh`, `lc`, `bm` …) outside its values takes its default (lottie-web's and
// ThorVG's readers fall through to it), a size or offset outside its range is clamped to it. Each
// repair is one entry naming the JSON path, the value and what was used instead
// (`layers[27].t.a[0].s.sh: expected a whole number in 1…6, got 0; used 1`); the exporter prints
// them as warnings and refuses the file under --strict (LottieCoverage, LottieSource.swift).
import JSON

final class DecodeContext {
    let file: String
    let limits: LottieLimits
    /// The path of the value being read, outermost first.
    private(set) var path: [JSONPathComponent] = []
    var features = FeatureInventory()
    /// Problems the decoder worked around (a missing parent or asset), one line each.
    var warnings: [String] = []
    /// Whether a one-number vector was noted (PropertyDecoding.swift; said once per file).
    var sawOneNumberVector = false
    /// The place features are recorded at (the current layer).
    var place = "the file"
    /// Slot definitions (`slots`), consulted by properties with a `sid`.
    var slots: JSONObject?
    /// The caller's slot values, over the file's (Decoding/SlotValues.swift).
    var slotInputs: [String: LottieSlotInput] = [:]
    /// The caller's values of variables the player assigns (Expressions/ExpressionVariables.swift).
    var expressionVariables: [String: ScriptValue] = [:]
    /// The given variables some expression reads.
    var readVariables = Set<String>()
    /// The `sid`s properties carry (SlotInventory.swift).
    var slotUses = SlotInventory()
    /// What expressions may refer to (Decoding/EffectDecoding.swift).
    var expressionScope = ExpressionScope()
    /// Property links being resolved and resolved so far (Decoding/LinkDecoding.swift).
    var links = LinkState()
    /// Interpreted expressions bound so far (LottieLimits.maxInterpretedExpressions).
    var interpretedExpressions = 0
    /// While a sourceText expression is resolved: `text.sourceText` reads as `value` (TextExpressionDecoding.swift).
    var sourceTextIsValue = false
    /// While a script's links are resolved: its layer variables (ScriptLinkDecoding.swift's aliases).
    var scriptAliases = ScriptAliases()
    /// Characters of the text documents read so far (LottieLimits.maxTotalTextCharacters).
    var textCharacters = 0
    /// Out-of-range values read as the players read them (see the header), in file order.
    var repairs: [ValueRepair] = []

    init(file: String, limits: LottieLimits) {
        self.file = file
        self.limits = limits
    }

    // MARK: Path

    func error(_ message: String) -> LottieError {
        LottieError(file: file, path: jsonPathString(path), message: message)
    }

    func error(_ message: String, member key: String) -> LottieError {
        LottieError(file: file, path: jsonPathString(path + [.key(key)]), message: message)
    }

    func error(_ message: String, element index: Int) -> LottieError {
        LottieError(file: file, path: jsonPathString(path + [.index(index)]), message: message)
    }

    /// Runs `body` with `key` appended to the path.
    func at<T>(_ key: String, _ body: () throws(LottieError) -> T) throws(LottieError) -> T {
        path.append(.key(key))
        defer { path.removeLast() }
        return try body()
    }

    /// Runs `body` with the path set to `elsewhere` (a linked property's; LinkDecoding.swift).
    func at<T>(path elsewhere: [JSONPathComponent], _ body: () throws(LottieError) -> T) throws(LottieError) -> T {
        let saved = path
        path = elsewhere
        defer { path = saved }
        return try body()
    }

    /// Runs `body` with `[index]` appended to the path.
    func at<T>(_ index: Int, _ body: () throws(LottieError) -> T) throws(LottieError) -> T {
        path.append(.index(index))
        defer { path.removeLast() }
        return try body()
    }

    func record(_ feature: LottieFeature) {
        features.record(feature, at: place)
    }

    // MARK: Values

    func object(_ v: JSONValue, _ what: String = "an object") throws(LottieError) -> JSONObject {
        if case .object(let o) = v { return o }
        throw error("expected \(what), got \(v.typeDescription)")
    }

    func array(_ v: JSONValue, _ what: String = "an array") throws(LottieError) -> [JSONValue] {
        if case .array(let a) = v { return a }
        throw error("expected \(what), got \(v.typeDescription)")
    }

    /// A number; [n] reads as n, true/false as 1/0.
    func number(_ v: JSONValue) throws(LottieError) -> Double {
        switch v {
        case .number(let n): return n
        case .bool(let b): return b ? 1 : 0
        case .array(let a):
            if let first = a.first, case .number(let n) = first { return n }
            throw error(a.isEmpty ? "expected a number, got an empty array" : "expected a number, got an array of \(a[0].typeDescription)")
        default: throw error("expected a number, got \(v.typeDescription)")
        }
    }

    /// An array of numbers; a lone number reads as [n].
    func numbers(_ v: JSONValue) throws(LottieError) -> [Double] {
        switch v {
        case .number(let n): return [n]
        case .array(let a):
            var out: [Double] = []
            out.reserveCapacity(a.count)
            for (i, element) in a.enumerated() {
                guard case .number(let n) = element else {
                    throw error("expected an array of numbers, got \(element.typeDescription) here", element: i)
                }
                out.append(n)
            }
            return out
        default: throw error("expected an array of numbers, got \(v.typeDescription)")
        }
    }

    func string(_ v: JSONValue) throws(LottieError) -> String {
        if case .string(let s) = v { return s }
        throw error("expected a string, got \(v.typeDescription)")
    }

    func bool(_ v: JSONValue) throws(LottieError) -> Bool {
        switch v {
        case .bool(let b): return b
        case .number(let n) where n == 0 || n == 1: return n == 1
        default: throw error("expected true, false, 0 or 1, got \(v.typeDescription)")
        }
    }

    /// A whole number in `range`.
    func integer(_ v: JSONValue, in range: ClosedRange<Int>) throws(LottieError) -> Int {
        let n = try number(v)
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw error("expected a whole number in \(range.lowerBound)…\(range.upperBound), got \(formatNumber(n))")
        }
        return Int(n)
    }

    // MARK: Members

    /// The member `key` unless it is absent or null.
    func member(_ o: JSONObject, _ key: String) -> JSONValue? {
        guard let v = o[key] else { return nil }
        if case .null = v { return nil }
        return v
    }

    func optionalNumber(_ o: JSONObject, _ key: String) throws(LottieError) -> Double? {
        guard let v = member(o, key) else { return nil }
        return try at(key) { () throws(LottieError) -> Double in try number(v) }
    }

    func requiredNumber(_ o: JSONObject, _ key: String, _ what: String) throws(LottieError) -> Double {
        guard let n = try optionalNumber(o, key) else { throw error("missing \(what) (\"\(key)\")") }
        return n
    }

    func optionalString(_ o: JSONObject, _ key: String) throws(LottieError) -> String? {
        guard let v = member(o, key) else { return nil }
        return try at(key) { () throws(LottieError) -> String in try string(v) }
    }

    /// A name (`nm`): any string; a number is tolerated as its text.
    func name(_ o: JSONObject) -> String? {
        switch member(o, "nm") {
        case .string(let s)?: return s
        case .number(let n)?: return formatNumber(n)
        default: return nil
        }
    }

    func optionalBool(_ o: JSONObject, _ key: String) throws(LottieError) -> Bool? {
        guard let v = member(o, key) else { return nil }
        return try at(key) { () throws(LottieError) -> Bool in try bool(v) }
    }

    func optionalInteger(_ o: JSONObject, _ key: String, in range: ClosedRange<Int>) throws(LottieError) -> Int? {
        guard let v = member(o, key) else { return nil }
        return try at(key) { () throws(LottieError) -> Int in try integer(v, in: range) }
    }

    /// An enumeration member: a whole number in `range`, or `fallback` (with a repair entry) when
    /// it is anything else; nil when absent. A value of the wrong type is still an error.
    func optionalEnumeration(_ o: JSONObject, _ key: String, in range: ClosedRange<Int>, fallback: Int) throws(LottieError) -> Int? {
        guard let v = member(o, key) else { return nil }
        let n = try at(key) { () throws(LottieError) -> Double in try number(v) }
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            repair(key, "expected a whole number in \(range.lowerBound)…\(range.upperBound), got \(formatNumber(n)); used \(fallback)")
            return fallback
        }
        return Int(n)
    }

    /// `value` clamped to `range`, with a repair entry when it was outside (see the header).
    func clamped(_ value: Double, to range: ClosedRange<Double>, _ what: String, member key: String) -> Double {
        guard !range.contains(value) else { return value }
        let used = min(max(value, range.lowerBound), range.upperBound)
        repair(key, "\(what) must be in \(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound)), got \(formatNumber(value)); used \(formatNumber(used))")
        return used
    }

    /// Records a repaired value at member `key` of the current path.
    func repair(_ key: String, _ message: String) {
        repairs.append(ValueRepair(path: jsonPathString(path + [.key(key)]), message: message))
    }

    /// A finite number in `range`, with `what` and the range in the message.
    func check(_ value: Double, in range: ClosedRange<Double>, _ what: String, member key: String) throws(LottieError) {
        guard range.contains(value) else {
            throw error("\(what) must be in \(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound)), got \(formatNumber(value))", member: key)
        }
    }
}

/// A number as a short decimal ("30", "29.97", "1e+300").
func formatNumber(_ n: Double) -> String {
    if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
    return "\(n)"
}
