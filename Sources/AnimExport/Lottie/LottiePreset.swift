// A preset that names a Lottie file instead of a scene (issue 13 item 4; docs/presets.md):
//
//     { "lottie": "anims/hero.json",            // or "anims/hero.lottie"
//       "animation": "hero_dark",               // a .lottie archive's animation (default: the first)
//       "colors": {"Hero/Body/Fill 1": "#ff3366", "Badge": "#ffffff"},
//       "slots": {"primary": "#00aa88"},
//       "expressionVariables": {"ct_val": 45},  // variables the player assigns (LottieOverrides.swift)
//       "fonts": {"Body": "fonts/Raleway.ttf"}, "fit": "shrink",   // PresetFonts.swift
//       "seconds": 2, "fps": 30, "scale": 1, "background": "#101010", "encoder": {…},
//       "outputs": [ … ] }
//
// Where the file may be: `lottie` is a relative path from the preset's folder (for `batch DIR`,
// DIR itself: presets sit directly in it) and must stay inside that folder — no absolute path, no
// "..", no symlink that resolves outside it (Media.ContainedFile, which also reads only regular
// files within the cap: LottieLimits.maxFileBytes for JSON, MediaLimits.maxArchiveBytes for
// .lottie, checked before reading). External images resolve inside the JSON's own folder, as for
// `animexport FILE.json`.
//
// Colours, applied to the decoded model (Lottie/Model/ColorOverrides.swift), never to pixels:
//   • "slots": {"ID": colour} — every fill and stroke colour whose property has "sid": "ID"
//     (lottie-spec's slots; the file's top-level "slots" table need not define ID).
//   • "colors": {"A/B/C": colour} — a path of `nm` names from the root composition: a layer,
//     then groups (a precomposition layer continues into its layers), optionally a fill or
//     stroke last; a path that ends on a layer or group recolours every fill and stroke inside
//     it. "/" separates names; "\/" is a "/" inside a name and "\\" a backslash. Names match
//     exactly; "*" is any one name, "**" any number of levels ("**/Fill 1"). Every item with a
//     matching name at a level matches.
//   Order: slots first, then name paths from the shortest to the longest (ties: by key), so a
//   more specific path wins over a wider one. An override that matches nothing is an error
//   (exit 2 for a single preset; in a batch that preset fails), naming the preset and the key.
//
// Defaults the preset leaves out come from the file: canvas (w × h, at 1 px per point unless
// "scale"; scaled down to the frame cap when larger), fps (fr), seconds (the file's length);
// an output may play a marker's segment ("marker") or end at a time ("end"); the background is transparent in formats with alpha, white otherwise
// (resolvePlan's rule for scenes with a transparent default).
import Foundation
import Lottie
import Media
import Raster
import Scenes

/// A preset's Lottie file, read: the path messages name it by, and the recoloured model. The
/// file's defaults (canvas, rate, length) fill what the preset leaves out when the plan is
/// resolved (Plan/SourceSpec.swift).
struct BoundLottie {
    var path: String
    var animation: LottieAnimation
}

/// The Lottie part of a preset, as written.
struct LottiePresetSource {
    /// The path as written: relative to the preset's folder.
    var file: String
    /// A .lottie archive's animation id.
    var animationID: String?
    var colors: [(key: String, names: [String], color: RGBA)] = []
    /// Texts, images and slot values (LottieOverrides.swift).
    var overrides = LottieOverrides()
    /// A .lottie archive's theme id (dotLottie themes: slot values, under "slots").
    var theme: String?
    /// "fonts" and "fit" (PresetFonts.swift).
    var text: PresetTextOptions

    /// Keys only a Lottie preset has ("animation" is shared: a scene's name, or an archive's animation).
    static let keys = ["lottie", "colors", "slots", "texts", "images", "theme", "expressionVariables"] + PresetTextOptions.keys

    init(from decoder: Decoder) throws {
        enum K: String, CodingKey { case lottie, animation, colors, slots, parameters }
        let c = try decoder.container(keyedBy: K.self)
        if c.contains(.parameters) {
            throw ExportError.invalid(file: nil, field: "parameters", message: "a Lottie preset takes no scene parameters; recolour with \"colors\" or \"slots\"")
        }
        file = try c.decode(String.self, forKey: .lottie)
        text = try PresetTextOptions(from: decoder)
        animationID = try c.decodeIfPresent(String.self, forKey: .animation)
        let colorTable = try c.decodeIfPresent([String: ColorSpec].self, forKey: .colors) ?? [:]
        guard colorTable.count <= Limits.maxColorOverrides else {
            throw ExportError.invalid(file: nil, field: "colors", message: "\(colorTable.count) colour overrides is over the cap of \(Limits.maxColorOverrides)")
        }
        for (key, value) in colorTable {
            colors.append((key, try Self.namePath(key), value.rgba))
        }
        colors.sort { ($0.names.count, $0.key) < ($1.names.count, $1.key) }
        overrides = try LottieOverrides(from: decoder)
        theme = try decoder.container(keyedBy: AnyCodingKey.self).decodeIfPresent(String.self, forKey: AnyCodingKey("theme"))
    }

    /// A scene preset with Lottie-only keys is a mistake worth naming.
    static func rejectLottieKeys(_ decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in ["colors", "slots", "texts", "images", "theme", "expressionVariables"] + PresetTextOptions.keys where c.contains(AnyCodingKey(key)) {
            throw ExportError.invalid(file: nil, field: key, message: "is for a preset that names a Lottie file (\"lottie\": \"anim.json\"); a scene takes \"parameters\"")
        }
    }

    /// "Hero/Body/Fill 1" → ["Hero", "Body", "Fill 1"]; "\/" is a slash in a name, "\\" a backslash.
    static func namePath(_ key: String, field: String = "colors") throws(ExportError) -> [String] {
        func bad(_ why: String) -> ExportError { .invalid(file: nil, field: "\(field).\"\(visible(key))\"", message: why) }
        var names: [String] = [], current = "", escaped = false
        for ch in key {
            if escaped {
                guard ch == "/" || ch == "\\" else { throw bad("'\\\(ch)' is not an escape (use \\/ for a slash in a name, \\\\ for a backslash)") }
                current.append(ch); escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "/" {
                names.append(current); current = ""
            } else {
                current.append(ch)
            }
        }
        if escaped { throw bad("ends in a lone backslash") }
        names.append(current)
        if names.contains(where: \.isEmpty) { throw bad("an empty name (names are separated by single '/': \"Layer/Group/Fill 1\")") }
        guard names.count <= Limits.maxColorPathNames else { throw bad("\(names.count) names is over the cap of \(Limits.maxColorPathNames)") }
        return names
    }
}

extension PresetFile {
    /// Reads the Lottie file the preset names (see the header) and applies its colour overrides
    /// (`lottieFile`); the file's defaults fill what the preset leaves out when the plan is resolved.
    /// A scene preset is left as it is.
    mutating func bindLottie(presetPath: String) throws(ExportError) {
        guard let source = lottie else { return }
        let folder = LottieInput.folder(of: presetPath)
        let name = try containedName(source.file, presetPath: presetPath, folder: folder)
        let archive = LottieInput.isArchive(name)
        let maxBytes = archive ? MediaLimits.standard.maxArchiveBytes : LottieLimits.standard.maxFileBytes
        let bytes: [UInt8]
        do { bytes = try ContainedFile.read(name, inFolder: folder, maxBytes: maxBytes) } catch {
            throw .invalid(file: presetPath, field: "lottie", message: "\(error.description) (the Lottie file must be inside the preset's folder, \(folder))")
        }
        if source.animationID != nil && !archive {
            throw .invalid(file: presetPath, field: "animation", message: "names an animation of a .lottie archive; \(visible(source.file)) is a JSON file")
        }
        let shown = folder == "." ? name : folder + "/" + name
        let digest = InputDigest()
        var animation: LottieAnimation
        do {
            animation = try LottieInput.load(bytes: bytes, path: shown, imageFolder: LottieInput.folder(of: shown),
                                             animationID: source.animationID, digest: digest, slots: source.overrides.slotInputs,
                                             variables: source.overrides.variableInputs, theme: source.theme)
        } catch {
            // The Lottie file's own error ("a.json: layers[2].ks: …"), named under the preset's field.
            let field = source.animationID != nil && archive ? "animation" : "lottie"
            throw .invalid(file: presetPath, field: field, message: error.description.replacingOccurrences(of: " (--animation)", with: ""))
        }
        animation = try source.overrides.apply(to: animation, folder: folder, shown: shown, presetPath: presetPath, digest: digest)
        animation = try Self.recolor(animation, source, presetPath: presetPath, shown: shown)
        animation = try source.text.apply(to: animation, presetPath: presetPath, folder: folder, digest: digest)
        lottieFile = BoundLottie(path: shown, animation: animation)
        sourceDigest = digest.finalize()
    }

    /// `file` as a name inside `folder`, or an error naming the rule it breaks.
    private func containedName(_ file: String, presetPath: String, folder: String) throws(ExportError) -> String {
        func refuse(_ why: String) -> ExportError {
            .invalid(file: presetPath, field: "lottie", message: "'\(visible(file))' \(why); the Lottie file must be a relative path inside the preset's folder (\(folder))")
        }
        guard !file.isEmpty else { throw refuse("is empty") }
        guard !file.hasPrefix("/"), !file.hasPrefix("~") else { throw refuse("is absolute") }
        let parts = file.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.contains("..") else { throw refuse("contains '..'") }
        let lower = file.lowercased()
        guard lower.hasSuffix(".json") || lower.hasSuffix(".lottie") else { throw refuse("must end in .json or .lottie") }
        return parts.filter { $0 != "." }.joined(separator: "/")
    }

    /// The animation with the preset's name-path colours (see the header for the order; slots
    /// were applied as the file was decoded).
    private static func recolor(_ animation: LottieAnimation, _ source: LottiePresetSource,
                                presetPath: String, shown: String) throws(ExportError) -> LottieAnimation {
        var out = animation
        func apply(_ o: ColorOverride, field: String) throws(ExportError) {
            do { out = try out.overridingColors([o], file: shown) } catch {
                throw .invalid(file: presetPath, field: field, message: "matches nothing in \(shown): \(error.message)")
            }
        }
        for c in source.colors { try apply(ColorOverride(.names(c.names), color: c.color), field: "colors.\"\(visible(c.key))\"") }
        return out
    }
}
