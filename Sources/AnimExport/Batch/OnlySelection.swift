// `batch --only GLOB` (repeatable) and `render PRESET[:OUTPUT]`: which outputs of the plan run.
//
// A preset's name is its file name without ".json" ("promo.json" → promo). An output answers
// to its name relative to --out ("promo/square.mp4"), its file name ("square.mp4") and that
// without its extension ("square"). A glob is fnmatch(3) syntax (*, ?, [..]; '*' also matches
// '/'):
//   GLOB          every output of a preset whose name matches, and every output that matches
//   PGLOB:OGLOB   the outputs that match OGLOB of the presets that match PGLOB
// An output runs when any glob selects it. A glob that selects nothing (no preset, no output
// of the set) is a usage error naming it (exit 2), before anything is written: a typo in CI
// must not pass as "nothing to do". A broken preset is reported only when a glob names it.
// Outputs left out are neither rendered nor judged: their manifest entries stay as they are,
// and they are never orphans (Prune.swift).
import Foundation

struct OnlySelection: Equatable {
    var globs: [String]
    /// The command named in errors: "batch" (--only GLOB) or "render" (PRESET:OUTPUT).
    var command = "batch"

    /// The preset name of a preset file path ("presets/promo.json" → "promo").
    static func presetName(_ path: String) -> String {
        let file = URL(fileURLWithPath: path).lastPathComponent
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }

    /// The names an output answers to: "a/b.mp4", "b.mp4", "b"; a PNG sequence
    /// "f/frame%04d.png" also to "frame%04d.png" and "frame".
    static func outputNames(_ name: String) -> [String] {
        let file = URL(fileURLWithPath: name).lastPathComponent
        var stem = (file as NSString).deletingPathExtension
        if let percent = stem.firstIndex(of: "%"), percent > stem.startIndex { stem = String(stem[..<percent]) }
        return [name, file, stem]
    }

    private static func match(_ glob: String, _ text: String) -> Bool { fnmatch(glob, text, 0) == 0 }

    /// Whether `glob` selects the output `output` of the preset `preset` (names as above).
    static func selects(_ glob: String, preset: String, output: String) -> Bool {
        if let colon = glob.firstIndex(of: ":") {
            let p = String(glob[..<colon]), o = String(glob[glob.index(after: colon)...])
            return match(p, preset) && outputNames(output).contains { match(o, $0) }
        }
        return match(glob, preset) || outputNames(output).contains { match(glob, $0) }
    }

    /// Whether `glob` names the preset itself (a broken preset has no known outputs).
    static func names(_ glob: String, preset: String) -> Bool {
        let p = glob.firstIndex(of: ":").map { String(glob[..<$0]) } ?? glob
        return match(p, preset)
    }

    func selects(preset: String, output: String) -> Bool {
        globs.contains { Self.selects($0, preset: preset, output: output) }
    }

    /// The plan narrowed to the selected outputs; `unselected` gets the names left out.
    /// Throws (exit 2) for a glob that selects nothing, naming it and the presets there are.
    func apply(_ plan: BatchPlan) throws(ExportError) -> BatchPlan {
        var used = Set<String>()
        var out = plan
        out.outputs = plan.outputs.filter { o in
            let preset = Self.presetName(o.presetPath)
            let hits = globs.filter { Self.selects($0, preset: preset, output: o.name) }
            used.formUnion(hits)
            return !hits.isEmpty
        }
        out.broken = plan.broken.filter { b in
            let hits = globs.filter { Self.names($0, preset: Self.presetName(b.path)) }
            used.formUnion(hits)
            return !hits.isEmpty
        }
        out.unselected = plan.unselected.union(plan.outputs.map(\.name)).subtracting(out.outputs.map(\.name))
        if let glob = globs.first(where: { !used.contains($0) }) {
            let presets = Set(plan.outputs.map { Self.presetName($0.presetPath) } + plan.broken.map { Self.presetName($0.path) }).sorted()
            if command == "render" {
                let outputs = plan.outputs.map(\.name).sorted()
                throw .usage("render: '\(visible(glob))' selects no output of the preset (its outputs: \(outputs.isEmpty ? "none" : outputs.joined(separator: ", ")))")
            }
            throw .usage("batch: --only '\(visible(glob))' matches no preset or output (presets: \(presets.isEmpty ? "none" : presets.joined(separator: ", ")); use PRESET, PRESET:OUTPUT or a glob such as 'promo*')")
        }
        return out
    }
}
