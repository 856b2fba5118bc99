// Slot values given by the caller (issue 26): a preset's or a variant row's "slots", applied as
// the file is decoded, exactly where the file's own `slots` table would apply (lottie-spec
// "Slots": a property with `"sid": ID` takes the value of slot ID).
//
// A value arrives untyped — as JSON gives it — and is read by the kind of property that carries
// the id, where the decoder meets it:
//
//   colour    "#RRGGBB" or "#RRGGBBAA", or [r, g, b(, a)] in 0…1      → k = [r, g, b, a]
//   scalar    a number (file units: opacity 0…100, rotation degrees)   → k = n
//   vector    [x, y] or [x, y, z] (scale in %, size in points)         → k = [x, y(, z)]
//   position  [x, y] or [x, y, z] (points)                             → k = [x, y(, z)]
//   gradient  [{"offset": 0…1, "color": "#RRGGBB[AA]"}, …] (≥ 1 stop, offsets not decreasing)
//             → g.p = the number of stops, k = [o, r, g, b]… then [o, a]… when the file's
//             gradient has opacity stops or a colour has alpha < 1
//   text      a string (the document's text), or {"text", "size", "font", "fill", "tracking",
//             "lineHeight", "justify"} — applied to every document of the layer's track over
//             the file's own (`t.d` carrying the `sid`); the documents are marked replaced
//   image     a file name: the image asset carrying the `sid` (its `w` × `h` kept) is drawn
//             from that file, which the caller loads (the model records the asset's slot)
//
// A value of the wrong kind is an error naming the slot, the kind the file uses it for and the
// place: `slot "alpha": layers[4].ks.o is a scalar property; expected a number, got "#ff0000"`.
// A value is a constant: an animated property given a slot value stops animating (as a slot
// with a static value does in every player). Ids the file never uses are the caller's to
// refuse (`LottieAnimation.slots` lists the ones it has).

import JSON
import Raster

/// A slot value as JSON gives it, read by the kind of property that carries the slot.
public indirect enum LottieSlotInput: Sendable, Equatable {
    case string(String)
    case number(Double)
    case array([LottieSlotInput])
    case object([String: LottieSlotInput])

    /// How the value is shown in messages (short).
    public var shown: String {
        switch self {
        case .string(let s): return "\"\(s.prefix(40))\""
        case .number(let n): return formatNumber(n)
        case .array(let a): return "[" + a.prefix(4).map(\.shown).joined(separator: ", ") + (a.count > 4 ? ", …" : "") + "]"
        case .object(let o): return "{" + o.keys.sorted().prefix(4).joined(separator: ", ") + "}"
        }
    }
}

/// A text slot's value over the file's own document (nil: the file's).
struct TextSlotPatch {
    var text: String?
    var size: Double?
    var font: String?
    var fill: RGBA?
    var tracking: Double?
    var lineHeight: Double?
    var justification: TextJustification?

    func apply(to d: inout TextDocument) {
        if let text { d.text = text; d.isReplaced = true }
        if let size { d.size = size }
        if let font { d.fontName = font }
        if let fill { d.fillColor = fill }
        if let tracking { d.tracking = tracking }
        if let lineHeight { d.lineHeight = lineHeight }
        if let justification { d.justification = justification }
    }
}

extension DecodeContext {
    /// The caller's value for the slot `v` carries, as the property body `{"a": 0, "k": …}` of
    /// `kind` ("color", "scalar", "vector", "position"); nil when there is none.
    func slotInputBody(_ v: JSONObject, kind: String) throws(LottieError) -> JSONObject? {
        guard case .string(let sid)? = member(v, "sid"), let input = slotInputs[sid] else { return nil }
        record(.slots)
        let k: JSONValue
        switch kind {
        case "color":
            let c = try slotColor(input, sid: sid, kind: kind)
            k = .array([.number(c.r), .number(c.g), .number(c.b), .number(c.a)])
        case "scalar":
            guard case .number(let n) = input else { throw slotError(sid, kind, "a number", input) }
            k = .number(n)
        default:
            guard case .array(let a) = input, (2...3).contains(a.count) else { throw slotError(sid, kind, "[x, y] or [x, y, z]", input) }
            var n: [JSONValue] = []
            for x in a {
                guard case .number(let d) = x else { throw slotError(sid, kind, "[x, y] or [x, y, z] of numbers", input) }
                n.append(.number(d))
            }
            k = .array(n)
        }
        return JSONObject(keys: ["a", "k"], values: [.number(0), k])
    }

    /// The caller's gradient for the stops property `k` (of `g`), as (colour count, flat values);
    /// nil when there is none. `fileOpacity`: whether the file's own stops carry opacity.
    func slotGradient(_ k: JSONValue, fileOpacity: Bool) throws(LottieError) -> (count: Int, values: [Double])? {
        guard case .object(let o) = k, case .string(let sid)? = member(o, "sid"), let input = slotInputs[sid] else { return nil }
        record(.slots)
        let expected = "[{\"offset\": 0…1, \"color\": \"#RRGGBB\"}, …]"
        guard case .array(let list) = input, !list.isEmpty, list.count <= limits.maxGradientStops else {
            throw slotError(sid, "gradient", "\(expected) of 1…\(limits.maxGradientStops) stops", input)
        }
        var stops: [(offset: Double, color: RGBA)] = []
        for item in list {
            guard case .object(let s) = item, case .number(let offset)? = s["offset"], (0...1).contains(offset),
                  let c = s["color"] else { throw slotError(sid, "gradient", expected, input) }
            if let last = stops.last, offset < last.offset { throw slotError(sid, "gradient", "stops in order of offset", input) }
            stops.append((offset, try slotColor(c, sid: sid, kind: "gradient")))
        }
        var values = stops.flatMap { [$0.offset, $0.color.r, $0.color.g, $0.color.b] }
        if fileOpacity || stops.contains(where: { $0.color.a < 1 }) { values += stops.flatMap { [$0.offset, $0.color.a] } }
        return (stops.count, values)
    }

    /// The caller's text value for a text layer's `d` (carrying a `sid`); nil when there is none.
    func slotTextPatch(_ d: JSONObject) throws(LottieError) -> TextSlotPatch? {
        guard case .string(let sid)? = member(d, "sid"), let input = slotInputs[sid] else { return nil }
        record(.slots)
        switch input {
        case .string(let s): return TextSlotPatch(text: s)
        case .object(let o):
            var p = TextSlotPatch()
            for (key, value) in o {
                switch (key, value) {
                case ("text", .string(let s)): p.text = s
                case ("font", .string(let s)): p.font = s
                case ("size", .number(let n)) where n > 0 && n <= 10_000: p.size = n
                case ("tracking", .number(let n)) where abs(n) <= 100_000: p.tracking = n
                case ("lineHeight", .number(let n)) where n >= 0 && n <= 100_000: p.lineHeight = n
                case ("fill", _): p.fill = try slotColor(value, sid: sid, kind: "text")
                case ("justify", .string(let s)):
                    let ways: [String: TextJustification] = ["left": .left, "right": .right, "center": .center]
                    guard let j = ways[s] else { throw slotError(sid, "text", "\"justify\": left, right or center", value) }
                    p.justification = j
                default:
                    throw slotError(sid, "text", "a string, or an object of text, size (0…10000), font, fill, tracking, lineHeight, justify", .object([key: value]))
                }
            }
            return p
        default:
            throw slotError(sid, "text", "a string, or an object {\"text\", \"size\", \"font\", \"fill\"…}", input)
        }
    }

    /// A colour: "#RRGGBB", "#RRGGBBAA" or [r, g, b(, a)] in 0…1.
    func slotColor(_ input: LottieSlotInput, sid: String, kind: String) throws(LottieError) -> RGBA {
        let expected = "a colour \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b(, a)] in 0…1"
        switch input {
        case .string(let s):
            let hex = s.hasPrefix("#") ? s.dropFirst() : ""
            guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else { throw slotError(sid, kind, expected, input) }
            let bytes = hex.count == 6 ? [v >> 16, v >> 8, v, 255] : [v >> 24, v >> 16, v >> 8, v]
            let c = bytes.map { Double($0 & 255) / 255 }
            return RGBA(r: c[0], g: c[1], b: c[2], a: c[3])
        case .array(let a) where a.count == 3 || a.count == 4:
            var c: [Double] = []
            for x in a {
                guard case .number(let n) = x, (0...1).contains(n) else { throw slotError(sid, kind, expected, input) }
                c.append(n)
            }
            return RGBA(r: c[0], g: c[1], b: c[2], a: c.count == 4 ? c[3] : 1)
        default:
            throw slotError(sid, kind, expected, input)
        }
    }

    func slotError(_ sid: String, _ kind: String, _ expected: String, _ got: LottieSlotInput) -> LottieError {
        let place = jsonPathString(path)
        let article = kind == "image" ? "an" : "a"
        return LottieError(file: file, path: "",
                           message: "slot \"\(sid.prefix(64))\": \(place.isEmpty ? "the property" : place) is \(article) \(kind) property; expected \(expected), got \(got.shown)")
    }
}
