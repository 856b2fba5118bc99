// dotLottie 2.0 themes (issue 26): a theme is an archive entry `t/ID.json` holding
// {"rules": [{"id": SLOT, "type": T, "value": V, "animations": [ANIMATION …]}, …]} — each rule
// gives one slot id a value; a rule with "animations" applies only to those animations of the
// archive. A theme becomes slot values (Decoding/SlotValues.swift), so it reaches the file through
// the same slot table as a preset's "slots":
//
//   "Color"               [r, g, b(, a)] in 0…1                → colour
//   "Scalar"              x (or [x])                          → scalar
//   "Position", "Vector"  [x, y(, z)]                         → vector
//   "Gradient"            [{"color": [r, g, b(, a)], "offset": o}, …] → gradient
//   "Text"                {"text", "fontSize", "fontName", "fillColor"} → text document
//
// Not supported, each an error naming the theme and the rule (never skipped silently):
// keyframed rules ("keyframes"), "Image" rules, and text members other than those four.
// The theme ids are the `t/*.json` entries of the archive; an unknown id is an error listing them.
import JSON

extension DotLottie {
    /// The ids of the archive's themes (its `t/ID.json` entries), sorted.
    public var themeIDs: [String] {
        archive.entryNames.compactMap { name -> String? in
            guard name.hasPrefix("t/"), name.hasSuffix(".json"), !name.dropFirst(2).contains("/") else { return nil }
            return String(name.dropFirst(2).dropLast(5))
        }.sorted()
    }

    /// The slot values of theme `id` for animation `animationID` (nil: the first).
    public func themeSlots(id: String, animationID: String?, limits: LottieLimits = .standard) throws(LottieError) -> [String: LottieSlotInput] {
        let entry = "t/\(id).json"
        guard themeIDs.contains(id) else {
            let list = themeIDs.map { "\"\($0)\"" }.joined(separator: ", ")
            throw LottieError(file: file, path: "", message: "theme \"\(id)\" is not in the archive (its themes: \(list.isEmpty ? "none" : list))")
        }
        let where_ = "\(file):\(entry)"
        func fail(_ path: String, _ m: String) -> LottieError { LottieError(file: where_, path: path, message: m) }
        let bytes: [UInt8]
        do { bytes = try archive.read(entry) } catch { throw fail("", "\(error)") }
        guard bytes.count <= limits.maxFileBytes else { throw fail("", "over the cap of \(limits.maxFileBytes) bytes") }
        let json: JSONValue
        do { json = try JSONScanner.parse(bytes, limits: JSONLimits(maxDepth: limits.maxJSONDepth, maxValues: limits.maxJSONValues)) }
        catch { throw fail("", "malformed JSON: \(error.message)") }
        guard case .object(let theme) = json, case .array(let rules)? = theme["rules"] else {
            throw fail("", "a theme is {\"rules\": [ … ]}")
        }
        let active = animationID ?? animations.first?.id
        var out: [String: LottieSlotInput] = [:]
        for (i, r) in rules.enumerated() {
            let path = "rules[\(i)]"
            guard case .object(let rule) = r, case .string(let slot)? = rule["id"], case .string(let type)? = rule["type"] else {
                throw fail(path, "a rule is {\"id\": slot, \"type\": …, \"value\": …}")
            }
            if case .array(let only)? = rule["animations"], let active,
               !only.contains(where: { if case .string(let s) = $0 { s == active } else { false } }) { continue }
            guard rule["keyframes"] == nil else { throw fail(path, "rule \"\(slot)\": keyframed theme values are not supported") }
            guard let value = rule["value"] else { throw fail(path, "rule \"\(slot)\": missing \"value\"") }
            do { out[slot] = try Self.slotValue(type, value) } catch { throw fail(path, "rule \"\(slot)\": \(error.message)") }
        }
        return out
    }

    private static func numbers(_ v: JSONValue) -> [Double]? {
        switch v {
        case .number(let x): return [x]
        case .array(let a): return a.compactMap { if case .number(let x) = $0 { x } else { nil } }.count == a.count
                                ? a.map { if case .number(let x) = $0 { x } else { 0 } } : nil
        default: return nil
        }
    }

    private static func input(_ n: [Double]) -> LottieSlotInput { .array(n.map { .number($0) }) }

    private static func color(_ v: JSONValue) -> LottieSlotInput? {
        guard let c = numbers(v), (3...4).contains(c.count), c.allSatisfy({ (0...1).contains($0) }) else { return nil }
        return input(c)
    }

    /// A rule's value as the slot value a preset would give (Decoding/SlotValues.swift).
    static func slotValue(_ type: String, _ v: JSONValue) throws(LottieError) -> LottieSlotInput {
        func bad(_ m: String) -> LottieError { LottieError(file: "", path: "", message: m) }
        switch type {
        case "Color":
            guard let c = color(v) else { throw bad("a Color value is [r, g, b(, a)] in 0…1") }
            return c
        case "Scalar":
            guard let n = numbers(v), n.count == 1, n[0].isFinite else { throw bad("a Scalar value is a number") }
            return .number(n[0])
        case "Position", "Vector":
            guard let n = numbers(v), (2...3).contains(n.count) else { throw bad("a \(type) value is [x, y(, z)]") }
            return input(n)
        case "Gradient":
            guard case .array(let list) = v, !list.isEmpty else { throw bad("a Gradient value is [{\"color\", \"offset\"}, …]") }
            var stops: [LottieSlotInput] = []
            for s in list {
                guard case .object(let o) = s, let c = o["color"].flatMap(color), case .number(let offset)? = o["offset"],
                      (0...1).contains(offset) else { throw bad("a gradient stop is {\"color\": [r, g, b(, a)], \"offset\": 0…1}") }
                stops.append(.object(["offset": .number(offset), "color": c]))
            }
            return .array(stops)
        case "Text":
            guard case .object(let o) = v else { throw bad("a Text value is {\"text\", \"fontSize\", \"fontName\", \"fillColor\"}") }
            var t: [String: LottieSlotInput] = [:]
            for (key, value) in zip(o.keys, o.values) {
                switch (key, value) {
                case ("text", .string(let s)): t["text"] = .string(s)
                case ("fontSize", .number(let x)): t["size"] = .number(x)
                case ("fontName", .string(let s)): t["font"] = .string(s)
                case ("fillColor", _):
                    guard let c = color(value) else { throw bad("fillColor is [r, g, b(, a)] in 0…1") }
                    t["fill"] = c
                default: throw bad("text member \"\(key)\" is not supported (text, fontSize, fontName, fillColor)")
                }
            }
            return .object(t)
        default:
            throw bad("\"\(type)\" rules are not supported (Color, Scalar, Position, Vector, Gradient, Text)")
        }
    }
}
