// `animexport render PRESET[:OUTPUT] [--out DIR] [options]`: the outputs of one preset (or the
// ones OUTPUT selects), outside `batch` but through it: the command becomes
// `batch FILE --out DIR --only NAME:OUTPUT`, so a preset renders the same bytes, with the same
// manifest, skipping and lock, as in a batch of its folder (a scene preset and a Lottie preset
// alike).
//
// PRESET is a name found like --preset's (each preset folder's NAME.json, in the search order
// of `animexport list`) or a path to a .json file; OUTPUT is an output name, file name, its
// stem or a glob (OnlySelection.swift). Without OUTPUT, every output of the preset.
import Foundation

/// The batch flags `render` passes on unchanged (their help texts are batch's).
private let passedToBatch = ["--jobs", "--force", "--dry-run", "--previews", "--json", "--wait", "--quiet"]

let presetRenderFlags: [FlagSpec] =
    [FlagSpec("--out", value: "DIR", help: "output folder (default: dist); output names are relative to it, manifest.json goes there")]
    + batchFlags.filter { passedToBatch.contains($0.name) }
    + [FlagSpec("--help", alias: "-h", help: "show this help")]

func presetRenderHelp(_ library: PresetLibrary) -> String {
    """
    Usage: animexport render PRESET[:OUTPUT] [--out DIR] [options]

    Renders the outputs of one preset (its "outputs" list, or PRESET.mp4 without one), or only
    those OUTPUT selects, exactly as `animexport batch` does: same files, same manifest.json in
    --out, unchanged outputs skipped. PRESET is a preset's file name without .json
    (`animexport list` shows them) or a path to one; OUTPUT an output's name, file name, that
    without the extension, or a glob. Examples:
      animexport render pulse-red                 every output of presets/pulse-red.json
      animexport render pulse-red:square          only pulse-red/square.mp4
      animexport render promo.json:'story*' --out build

    Presets are searched in: \(library.folders.joined(separator: ", "))

    Options:
    \(helpTable(presetRenderFlags))
    """
}

func runPresetRender(_ args: [String], library: PresetLibrary) throws(ExportError) -> Int32 {
    let parsed = try parseArguments(args, flags: presetRenderFlags, command: "render")
    if parsed.has("--help") { print(presetRenderHelp(library)); return 0 }
    guard parsed.positionals.count == 1, let reference = parsed.positionals.first, !reference.isEmpty else {
        throw .usage("render: expected one PRESET or PRESET:OUTPUT, got \(parsed.positionals.isEmpty ? "none" : parsed.positionals.joined(separator: " ")); see 'animexport render --help'")
    }
    let (preset, output) = splitPresetReference(reference)
    guard !preset.isEmpty, output.map({ !$0.isEmpty }) ?? true else {
        throw .usage("render: '\(visible(reference))' is not PRESET or PRESET:OUTPUT")
    }
    let path = try findPresetFile(preset, library: library)
    var batchArgs = [path, "--out", parsed.value("--out") ?? "dist",
                     "--only", escapeGlob(OnlySelection.presetName(path)) + ":" + (output ?? "*")]
    for spec in presetRenderFlags where passedToBatch.contains(spec.name) && parsed.has(spec.name) {
        batchArgs.append(spec.name)
        if spec.valueName != nil, let value = parsed.value(spec.name) { batchArgs.append(value) }
    }
    return try runBatch(batchArgs, command: "render")
}

/// "name:output" → ("name", "output"); a path's ':' before ".json:" is kept ("a:b.json:x").
func splitPresetReference(_ reference: String) -> (preset: String, output: String?) {
    if let r = reference.range(of: ".json:", options: .backwards) {
        return (String(reference[..<r.lowerBound]) + ".json", String(reference[r.upperBound...]))
    }
    if reference.hasSuffix(".json") { return (reference, nil) }
    guard let colon = reference.firstIndex(of: ":") else { return (reference, nil) }
    return (String(reference[..<colon]), String(reference[reference.index(after: colon)...]))
}

/// The preset file `name` refers to: a path (containing '/' or ending in .json), or NAME.json
/// in the first preset folder that has it.
func findPresetFile(_ name: String, library: PresetLibrary) throws(ExportError) -> String {
    if name.contains("/") || name.hasSuffix(".json") {
        guard FileManager.default.fileExists(atPath: name) else { throw .usage("render: \(name): \(PresetLibrary.whyMissing(name))") }
        return name
    }
    for folder in library.folders where FileManager.default.fileExists(atPath: folder + "/" + name + ".json") {
        return folder + "/" + name + ".json"
    }
    let s = library.scan()
    let known = (s.loaded.map(\.path) + s.broken.map(\.path)).map(OnlySelection.presetName)
    let hint = nearest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
    throw .usage("render: no preset named '\(visible(name))'\(hint); known: \(known.isEmpty ? "none" : known.joined(separator: ", ")) (searched \(library.folders.joined(separator: ", ")))")
}

/// `text` as an fnmatch pattern that matches only itself.
func escapeGlob(_ text: String) -> String {
    var out = ""
    for c in text {
        if "*?[]\\".contains(c) { out.append("\\") }
        out.append(c)
    }
    return out
}
