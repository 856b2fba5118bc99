// What a preset, a flag or a variant row replaces in a Lottie file (issue 26 item 1;
// docs/presets.md "Texts, images and slots"):
//
//     "texts":  {"Title": "Hola", "Card/Subtitle": "…"}      layer path → the text layer's text
//     "images": {"logo": "brand/de.png", "Card/Badge": "…"}  asset id or image layer path → a file
//     "slots":  {"paper": "#ffcc00", "alpha": 50, "dotSize": [12, 12], "tagline": "Schnell",
//                "band": [{"offset": 0, "color": "#ff0000"}, {"offset": 1, "color": "#0000ff"}],
//                "badge": "brand/badge.png"}                  slot id → a value of the slot's kind
//     "expressionVariables": {"ct_val": 45, "ct_xcoord": 200}
//                a variable the player assigns → a number, a string or an array of them
//                (Lottie's Expressions/ExpressionVariables.swift: ThorVG's assign())
//
// Flags for one-off renders: --text PATH=STRING, --image KEY=FILE, --slot ID=VALUE,
// --expression-var NAME=VALUE (VALUE read as JSON when it parses — 50, [12, 12], "…" — else as
// a string).
//
// Layer paths are the names and wildcards of "colors" (LottiePreset.swift's namePath; Lottie's
// Model/LayerPaths.swift). Image files — "images" values and image slots — are relative paths
// inside the preset's folder (for flags: the working folder), PNG, JPEG or WebP, read within
// MediaLimits and hashed into the output's cache key. Slot values are applied as the file is
// decoded, by the kind of property that carries each id (Lottie's Decoding/SlotValues.swift);
// texts and images on the decoded model (Model/TextOverrides.swift). Every key must match:
// a slot id the file never uses, a path with no text layer, a key naming no image asset or
// image layer, a variable no expression reads are errors naming the key. Caps: Limits.maxOverrides keys, a text ≤
// Limits.maxOverrideTextBytes bytes.
import Foundation
import JSON
import Lottie
import Media

/// A preset's (or the flags') text, image and slot replacements, as written.
struct LottieOverrides {
    var texts: [(key: String, names: [String], text: String)] = []
    var images: [(key: String, names: [String], file: String)] = []
    var slots: [(id: String, value: LottieSlotInput)] = []
    var variables: [(name: String, value: ExpressionVariable)] = []

    var isEmpty: Bool { texts.isEmpty && images.isEmpty && slots.isEmpty && variables.isEmpty }
    var slotInputs: [String: LottieSlotInput] { Dictionary(slots.map { ($0.id, $0.value) }, uniquingKeysWith: { _, b in b }) }
    var variableInputs: [String: ExpressionVariable] { Dictionary(variables.map { ($0.name, $0.value) }, uniquingKeysWith: { _, b in b }) }

    mutating func addText(_ key: String, _ text: String) throws(ExportError) {
        guard text.utf8.count <= Limits.maxOverrideTextBytes else {
            throw .invalid(file: nil, field: "texts.\"\(visible(key))\"", message: "\(text.utf8.count) bytes is over the cap of \(Limits.maxOverrideTextBytes) bytes per text")
        }
        texts.append((key, try LottiePresetSource.namePath(key, field: "texts"), text))
    }

    mutating func addImage(_ key: String, _ file: String) throws(ExportError) {
        images.append((key, try LottiePresetSource.namePath(key, field: "images"), file))
    }

    mutating func addSlot(_ id: String, _ value: LottieSlotInput) throws(ExportError) {
        guard !id.isEmpty else { throw .invalid(file: nil, field: "slots", message: "an empty slot id") }
        slots.append((id, value))
    }

    /// A variable the player assigns: NAME a JavaScript identifier the expression language does not
    /// define; VALUE a number, a string or an array of them (depth ≤ 4). `field` names it in errors.
    mutating func addVariable(_ name: String, _ value: LottieSlotInput, field: String) throws(ExportError) {
        guard ExpressionVariable.isValidName(name) else {
            throw .invalid(file: nil, field: field,
                           message: "expected a JavaScript name (letters, digits, _ and $, at most 64 bytes) that is not one of the expression language's own")
        }
        func convert(_ v: LottieSlotInput, depth: Int) throws(ExportError) -> ExpressionVariable {
            switch v {
            case .number(let n): return .number(n)
            case .string(let s) where s.utf8.count <= Limits.maxOverrideTextBytes: return .string(s)
            case .array(let a) where depth < 4:
                var out: [ExpressionVariable] = []
                for e in a { out.append(try convert(e, depth: depth + 1)) }
                return .array(out)
            default:
                throw .invalid(file: nil, field: field,
                               message: "expected a number, a string of at most \(Limits.maxOverrideTextBytes) bytes or an array of them (nested at most 4 deep), got \(v.shown)")
            }
        }
        variables.append((name, try convert(value, depth: 0)))
    }

    /// Decodes "texts", "images", "slots" and "expressionVariables" of a preset.
    init(from decoder: Decoder) throws {
        enum K: String, CodingKey { case texts, images, slots, expressionVariables }
        let c = try decoder.container(keyedBy: K.self)
        let texts = try c.decodeIfPresent([String: String].self, forKey: .texts) ?? [:]
        let images = try c.decodeIfPresent([String: String].self, forKey: .images) ?? [:]
        let slots = try c.decodeIfPresent([String: SlotJSON].self, forKey: .slots) ?? [:]
        let variables = try c.decodeIfPresent([String: SlotJSON].self, forKey: .expressionVariables) ?? [:]
        let count = texts.count + images.count + slots.count + variables.count
        guard count <= Limits.maxOverrides else {
            throw ExportError.invalid(file: nil, field: "texts", message: "\(count) text, image, slot and expression variable overrides is over the cap of \(Limits.maxOverrides)")
        }
        for (k, v) in texts.sorted(by: { $0.key < $1.key }) { try addText(k, v) }
        for (k, v) in images.sorted(by: { $0.key < $1.key }) { try addImage(k, v) }
        for (k, v) in slots.sorted(by: { $0.key < $1.key }) { try addSlot(k, v.value) }
        for (k, v) in variables.sorted(by: { $0.key < $1.key }) { try addVariable(k, v.value, field: "expressionVariables.\"\(visible(k))\"") }
    }

    init() {}

    /// The flags --text PATH=TEXT, --image KEY=FILE, --slot ID=VALUE and --expression-var NAME=VALUE
    /// (each repeatable).
    init(flags parsed: ParsedArguments) throws(ExportError) {
        func split(_ flag: String, _ word: String) throws(ExportError) -> (String, String) {
            guard let eq = word.firstIndex(of: "="), eq != word.startIndex else {
                throw .usage("\(flag) \(visible(word)): expected KEY=VALUE")
            }
            return (String(word[..<eq]), String(word[word.index(after: eq)...]))
        }
        let count = ["--text", "--image", "--slot", "--expression-var"].reduce(0) { $0 + (parsed.values[$1]?.count ?? 0) }
        guard count <= Limits.maxOverrides else {
            throw .usage("\(count) --text, --image, --slot and --expression-var flags is over the cap of \(Limits.maxOverrides)")
        }
        for w in parsed.values["--text"] ?? [] { let (k, v) = try split("--text", w); try addText(k, v) }
        for w in parsed.values["--image"] ?? [] { let (k, v) = try split("--image", w); try addImage(k, v) }
        for w in parsed.values["--slot"] ?? [] { let (k, v) = try split("--slot", w); try addSlot(k, SlotJSON.flag(v)) }
        for w in parsed.values["--expression-var"] ?? [] {
            let (k, v) = try split("--expression-var", w)
            try addVariable(k, SlotJSON.flag(v), field: "--expression-var \(visible(w))")
        }
    }
}

/// Any JSON value, read as a slot value (numbers, strings, arrays, objects; depth ≤ 8).
struct SlotJSON: Decodable {
    var value: LottieSlotInput

    init(from decoder: Decoder) throws {
        guard decoder.codingPath.count <= 16 else {
            throw ExportError.invalid(file: nil, field: "slots", message: "a value nested too deeply")
        }
        let single = try decoder.singleValueContainer()
        if let n = try? single.decode(Double.self) { value = .number(n); return }
        if let s = try? single.decode(String.self) { value = .string(s); return }
        if let a = try? single.decode([SlotJSON].self) { value = .array(a.map(\.value)); return }
        if let o = try? single.decode([String: SlotJSON].self) { value = .object(o.mapValues(\.value)); return }
        throw ExportError.invalid(file: nil, field: "slots", message: "a slot value is a string, a number, an array or an object")
    }

    /// A flag's VALUE: JSON when it parses, else the string itself.
    static func flag(_ text: String) -> LottieSlotInput {
        guard let json = try? JSONScanner.parse(Array(text.utf8), limits: configJSONLimits),
              let v = try? JSONValueDecoder().decode(SlotJSON.self, from: json) else { return .string(text) }
        return v.value
    }
}

extension LottieOverrides {
    /// `animation` (decoded with `slotInputs`) with the texts and images replaced and every key
    /// checked; `folder` holds the image files, `shown` names the Lottie file, `presetPath` the
    /// preset (nil for flags). Image bytes go into `digest`.
    func apply(to animation: LottieAnimation, folder: String, shown: String, presetPath: String?,
               digest: InputDigest?) throws(ExportError) -> LottieAnimation {
        var out = animation
        for v in variables where !animation.readVariables.contains(v.name) {
            throw .invalid(file: presetPath, field: presetPath == nil ? "--expression-var \(visible(v.name))" : "expressionVariables.\"\(visible(v.name))\"",
                           message: "matches nothing in \(shown): no expression reads a variable \(visible(v.name))")
        }
        let used = Set(animation.slots.map(\.id))
        for s in slots where !used.contains(s.id) {
            let known = animation.slots.prefix(12).map { "\"\($0.id)\"" }.joined(separator: ", ")
            throw .invalid(file: presetPath, field: "slots.\"\(visible(s.id))\"",
                           message: "matches nothing in \(shown): no property has \"sid\": \"\(visible(s.id))\" (its slots: \(known.isEmpty ? "none" : known))")
        }
        for t in texts {
            do { out = try out.replacingText(TextOverride(names: t.names, text: t.text), file: shown) } catch {
                throw .invalid(file: presetPath, field: "texts.\"\(visible(t.key))\"", message: "matches nothing in \(shown): \(error.message)")
            }
        }
        let loader = AssetImageLoader.folder(folder, digest: digest)
        func pixels(_ file: String, field: String) throws(ExportError) -> LottieImagePixels {
            do { return try loader.pixels(of: ImageAsset(id: field, width: nil, height: nil, path: file, folder: "", isEmbedded: false)) } catch {
                throw .invalid(file: presetPath, field: field, message: "'\(visible(file))': \(error) (an image file inside \(folder))")
            }
        }
        for i in images {
            let field = "images.\"\(visible(i.key))\""
            let ids = out.imageAssets(id: i.key, names: i.names)
            guard !ids.isEmpty else {
                throw .invalid(file: presetPath, field: field, message: "matches nothing in \(shown): no image asset has this id and no image layer this path")
            }
            do { try out.replaceImages(ids, with: try pixels(i.file, field: field)) } catch let e as ExportError { throw e } catch {
                throw .invalid(file: presetPath, field: field, message: "\(error)")
            }
        }
        for s in slots {
            let ids = out.images.filter { $0.slot == s.id }.map(\.id)
            guard !ids.isEmpty else { continue }
            let field = "slots.\"\(visible(s.id))\""
            guard case .string(let file) = s.value else {
                throw .invalid(file: presetPath, field: field, message: "is an image slot; expected an image file name, got \(s.value.shown)")
            }
            do { try out.replaceImages(ids, with: try pixels(file, field: field)) } catch let e as ExportError { throw e } catch {
                throw .invalid(file: presetPath, field: field, message: "\(error)")
            }
        }
        return out
    }
}
