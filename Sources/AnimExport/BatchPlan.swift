// The batch plan: every output of every preset in a folder, checked before anything renders.
//
// Order of checks (BatchTests pins each):
// 1. Each *.json in DIR (sorted, hidden files skipped) is read strictly. A broken preset is
//    recorded with its file and field; the others go on (it makes the run exit 1).
// 2. Output names are confined to --out: relative, no "..", no "" components, and no symlink
//    on the way that resolves outside the real path of --out. Two outputs (or previews) with
//    the same name, or an output named manifest.json, are refused. These are exit 2 before
//    any rendering: they are mistakes in the set, not in one preset.
// 3. Each output is resolved into a ExportPlan with `resolvePlan`, the single-clip command's
//    own rules, by turning its keys into the equivalent flags; a failure is that preset's
//    error (reported, exit 1, the others render).
// 4. --only keeps the outputs its globs select (OnlySelection.swift; a glob that selects
//    nothing is exit 2), then the shard filter keeps the outputs whose stable name hash falls
//    into this shard.
import Foundation
import JSON
import Scenes
import Video

struct PlannedOutput {
    var name: String                 // normalized, relative to --out
    var kind: OutputSpec.Kind
    var presetPath: String
    /// The source's name: the scene's ("pulse") or "lottie".
    var animation: String
    var spec: OutputSpec
    var args: ParsedArguments
    var inputsHash: String
    var job: ExportPlan?
    var error: ExportError?          // resolution failed: reported as a failed output
    var previewNames: [String]       // poster, sheet (videos with --previews)
    var time: Double                 // still time (images)
    /// The variants row the output renders (Variants/), nil for a preset without variants.
    var variant: VariantRow? = nil
}

struct BrokenPreset: Error { var path: String; var error: ExportError }

struct BatchPlan {
    var outputs: [PlannedOutput]
    var broken: [BrokenPreset]
    /// Outputs of the set that --only left out: not run, not orphans (OnlySelection.swift).
    var unselected: Set<String> = []

    /// Every name the presets of the set make (this run's and those --only left out).
    var knownNames: Set<String> { unselected.union(outputs.map(\.name)) }
}

/// x264 threads used for every batch video. x264's bitstream depends on its thread count
/// (frame threads change the lookahead and rate control), and the count is written into the
/// stream's SEI, so it must not follow --jobs or the core count. One thread per encoder:
/// parallelism comes from rendering --jobs outputs at once, which on a many-output batch
/// fills the cores anyway (and needs no x264 lookahead threads' memory).
let batchEncoderThreads = 1

/// The manifest's own name in --out, reserved.
let manifestName = "manifest.json"

/// `name` normalized ("a/./b.mp4" → "a/b.mp4"), or an error message if it could leave --out.
struct NameError: Error { var message: String }

func normalizeOutputName(_ name: String) -> Result<String, NameError> {
    if name.isEmpty { return .failure(NameError(message: "is empty")) }
    if name.hasPrefix("/") || name.hasPrefix("~") { return .failure(NameError(message: "'\(name)' is absolute; output names are relative to --out")) }
    if let c = name.unicodeScalars.first(where: isControlCharacter) {
        return .failure(NameError(message: "'\(visible(name))' contains the control character U+\(String(format: "%04X", c.value)); output names are printed in logs and must not carry escapes or line breaks"))
    }
    if name.contains("\\") { return .failure(NameError(message: "'\(name)' contains a backslash")) }
    var parts: [String] = []
    for p in name.split(separator: "/", omittingEmptySubsequences: true) {
        if p == "." { continue }
        if p == ".." { return .failure(NameError(message: "'\(name)' contains '..'; output names must stay inside --out")) }
        parts.append(String(p))
    }
    if parts.isEmpty { return .failure(NameError(message: "'\(name)' names no file")) }
    if name.hasSuffix("/") { return .failure(NameError(message: "'\(name)' names a folder")) }
    return .success(parts.joined(separator: "/"))
}

/// The real path of `path` (symlinks resolved), or nil if it does not exist.
func realPath(_ path: String) -> String? {
    guard let r = realpath(path, nil) else { return nil }
    defer { free(r) }
    return String(cString: r)
}

/// The real path of a folder that may not exist yet (--dry-run): its nearest existing
/// ancestor resolved, plus the rest.
func realPathOfFolder(_ path: String) -> String? {
    if let r = realPath(path) { return r }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let parent = url.deletingLastPathComponent().path
    guard parent != url.path, let p = realPathOfFolder(parent) else { return nil }
    return (p == "/" ? "" : p) + "/" + url.lastPathComponent
}

/// Checks that `name` (normalized) under `outReal` does not escape through a symlink: every
/// existing prefix of the path, the file included, must resolve inside `outReal`.
func symlinkEscape(_ name: String, outReal: String) -> String? {
    var current = outReal
    for part in name.split(separator: "/") {
        current += "/" + part
        var st = stat()
        guard lstat(current, &st) == 0 else { return nil }     // the rest does not exist yet
        guard let real = realPath(current) else {
            return "'\(name)': \(current) is a dangling symlink"
        }
        if real != outReal && !real.hasPrefix(outReal + "/") {
            return "'\(name)': \(current) resolves to \(real), outside --out (\(outReal))"
        }
    }
    return nil
}

/// Preview file names for a video output: "x.mp4" → "x.poster.png", "x.sheet.png".
func previewNames(for name: String) -> [String] {
    let base = (name as NSString).deletingPathExtension
    return [base + ".poster.png", base + ".sheet.png"]
}

/// Everything that changes an output's bytes, hashed: see docs/ci.md "Incremental". Per
/// output: the preset's shared part this output uses (SharedInputs.swift), not its bytes.
func inputsHash(shared: Data, presetFile: PresetFile, presetPath: String, kind: OutputSpec.Kind,
                flags: [(flag: String, value: String)], time: Double) -> String {
    var h = SHA256()
    h.update("animexport-batch-inputs/2\n")
    h.update("tool \(CLI.version)\nffmpeg \(FFmpegLog.libraryVersion)\nencoder-threads \(batchEncoderThreads)\n")
    h.update("kind \(kind.rawValue)\n")
    if kind == .image { h.update("time \(time)\n") }
    for f in flags { h.update("\(f.flag) \(f.value)\n") }
    h.update("preset \(shared.count)\n")
    h.update(shared)
    // Files the scene's pixels depend on besides the preset: the heart's label font, then the
    // fallback fonts its characters are drawn with (HeartPlugin.inputFiles).
    for (i, file) in (presetFile.parameters?.inputFiles(context: SceneContext(presetPath: presetPath)) ?? []).enumerated() {
        if let digest = SHA256.font(file) { h.update(i == 0 ? "\nfont \(digest.sha256)\n" : "fallback font \(digest.sha256)\n") }
    }
    // A Lottie source's file, external images or dotLottie archive, as read (LottiePreset.swift).
    if let digest = presetFile.sourceDigest { h.update("\nsource \(digest)\n") }
    return h.finalize()
}

struct BatchOptions {
    var folder: String
    var out: String
    var jobs: Int
    var shard: Shard?
    /// --only globs (nil: every output).
    var only: OnlySelection?
    var force = false
    var dryRun = false
    var failFast = false
    var json = false
    var previews = false
    var prune = false
    var wait = false
    var quiet = false
    var startedAt = Date()
    /// Bytes: outputs start only while the sum of their estimated peaks fits (see estimatedBytes).
    var memoryBudget = Int(min(ProcessInfo.processInfo.physicalMemory / 2, UInt64(Int.max)))
    /// When to stop: asked between presets, outputs and frames (the CLI: a signal arrived).
    var stop = ExportStop.signals
}

/// The preset files of a batch: every `*.json` in a folder (sorted, hidden files skipped), or
/// the one file given; returns the folder and the file names.
func presetFiles(_ source: String) throws(ExportError) -> (folder: String, files: [String]) {
    var st = stat()
    guard stat(source, &st) == 0 else { throw .usage("batch: \(source): no such folder of presets or preset file") }
    if st.st_mode & S_IFMT == S_IFREG {
        guard source.hasSuffix(".json") else { throw .usage("batch: \(source): a preset file must end in .json") }
        let url = URL(fileURLWithPath: source)
        let folder = source.contains("/") ? url.deletingLastPathComponent().path : "."
        return (folder, [url.lastPathComponent])
    }
    guard st.st_mode & S_IFMT == S_IFDIR else { throw .usage("batch: \(source): is \(kindName(st.st_mode)), not a folder of presets or a .json file") }
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: source) else {
        throw .usage("batch: \(source): cannot be read")
    }
    let folder = source.count > 1 && source.hasSuffix("/") ? String(source.dropLast()) : source
    return (folder, entries.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted())
}

/// The names a batch's outputs claim in --out, and what is wrong with them (confinement,
/// duplicates, reserved names, names too long for the file system), gathered over every preset.
struct NameClaims {
    let outReal: String
    let nameLimit: Int
    var owners: [String: String] = [manifestName: "the manifest", reviewPageName: "the review page",
                                    batchLockName: "the batch lock"]   // name → "file outputs[i]"
    var problems: [String] = []

    init(outReal: String) {
        self.outReal = outReal
        let max = pathconf(outReal, Int32(_PC_NAME_MAX))
        nameLimit = Swift.max(14, max > 0 ? max : 255)
    }

    /// The output name as written, normalised and confined to --out, or nil (the problem recorded).
    mutating func normalize(_ written: String, owner: String) -> String? {
        switch normalizeOutputName(written) {
        case .failure(let m): problems.append("\(owner): \(m.message)"); return nil
        case .success(let n):
            if let why = symlinkEscape(n, outReal: outReal) { problems.append("\(owner): \(why)"); return nil }
            return n
        }
    }

    /// Records `name` as written by the preset `path`'s `field` ("outputs[i].name"), or why it cannot be.
    mutating func claim(_ name: String, path: String, field: String) {
        if let part = name.split(separator: "/").first(where: { $0.utf8.count > nameLimit }) {
            problems.append("\(path): \(field): '\(part)' in '\(name)' is \(part.utf8.count) bytes, longer than the file system's limit of \(nameLimit)")
        }
        if name.split(separator: "/").first == Substring(previousFolder) {
            problems.append("\(path): \(field): '\(name)' is inside \(previousFolder)/, where the review page keeps the files a run replaced")
        } else if let other = owners[name] {
            problems.append("\(path): \(field): '\(name)' is also written by \(other)")
        } else {
            owners[name] = "\(path) \(field)"
        }
    }
}

/// Reads the folder and builds the plan; throws (exit 2) for confinement and duplicate errors.
func makePlan(_ options: BatchOptions) throws(ExportError) -> BatchPlan {
    let (folder, entries) = try presetFiles(options.folder)
    guard let outReal = realPathOfFolder(options.out) else { throw .usage("batch: --out \(options.out): cannot be resolved") }
    var outputs: [PlannedOutput] = []
    var broken: [BrokenPreset] = []
    var claims = NameClaims(outReal: outReal)
    for entry in entries {
        try options.stop.check()
        let path = folder + "/" + entry
        var units: [VariantPreset] = []
        do throws(ExportError) {
            let json = try PresetLibrary.readJSON(path: path)
            if let rows = try PresetLibrary.variants(of: json, path: path) {
                units = rows      // Variants/VariantPresets.swift: one preset per row
            } else {
                let preset = try PresetLibrary.decode(json, path: path)   // an object, or it throws
                guard case .object(let object) = json else { continue }
                units = [VariantPreset(row: VariantRow(number: 0, cells: []), result: .success((preset, object)))]
            }
        } catch {
            broken.append(BrokenPreset(path: path, error: error))
            continue
        }
        for unit in units {
            let variant = unit.row.number > 0 ? unit.row : nil
            switch unit.result {
            case .failure(let e): broken.append(BrokenPreset(path: path, error: e))
            case .success(let p):
                switch planPreset(p.preset, json: p.json, options: options, claims: &claims, variant: variant) {
                case .failure(let b): broken.append(b)
                case .success(let planned): outputs += planned
                }
            }
        }
    }
    let confinement = claims.problems + fileFolderCollisions(claims.owners.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }, out: outReal)
    if !confinement.isEmpty {
        throw .usage("batch: refused before rendering: " + confinement.joined(separator: "; "))
    }
    var plan = BatchPlan(outputs: outputs, broken: broken)
    if let only = options.only { plan = try only.apply(plan) }
    if let shard = options.shard {
        plan.outputs = plan.outputs.filter { shard.contains($0.name) }
    }
    guard plan.outputs.count <= Limits.maxBatchOutputs else {
        throw .usage("batch: \(plan.outputs.count) outputs is over the cap of \(Limits.maxBatchOutputs) per run; split the folder or use --shard")
    }
    return plan
}

/// The outputs of one preset, each resolved with the single-clip rules (a failure is that
/// output's error), or the preset as broken when it makes none.
private func planPreset(_ loaded: LoadedPreset, json: JSONObject, options: BatchOptions,
                        claims: inout NameClaims, variant: VariantRow? = nil) -> Result<[PlannedOutput], BrokenPreset> {
    let path = loaded.path
    let specs = loaded.file.outputs ?? [OutputSpec(name: loaded.name + ".mp4")]
    if specs.isEmpty {
        return .failure(BrokenPreset(path: path, error: .invalid(file: path, field: "outputs", message: "is empty; leave it out for one default output")))
    }
    var planned: [PlannedOutput] = []
    var presetError: ExportError?
    for (i, spec) in specs.enumerated() {
        let field = loaded.file.outputs == nil ? "(default output)" : "outputs[\(i)].name"
        guard let name = claims.normalize(spec.name, owner: "\(path): \(field)") else { continue }
        claims.claim(name, path: path, field: field)
        guard let kind = spec.kind else {
            presetError = presetError ?? .invalid(file: path, field: field, message: "'\(spec.name)' must end in one of \(OutputFormat.knownExtensions.map { "." + $0 }.joined(separator: ", ")) (name%04d.png for a PNG sequence)")
            continue
        }
        let previews = kind == .video && options.previews ? previewNames(for: name) : []
        for p in previews { claims.claim(p, path: path, field: field) }
        for p in previews {
            if let why = symlinkEscape(p, outReal: claims.outReal) { claims.problems.append("\(path): \(field): preview \(why)") }
        }
        presetError = presetError ?? outputKeyError(spec, kind: kind, index: i, path: path)
        planned.append(PlannedOutput(
            name: name, kind: kind, presetPath: path, animation: loaded.file.animation, spec: spec,
            args: outputArguments(spec, name: name, presetPath: path, out: options.out),
            inputsHash: inputsHash(shared: sharedPresetInputs(json, output: spec), presetFile: loaded.file, presetPath: path,
                                   kind: kind, flags: spec.flags(), time: spec.time ?? 0),
            job: nil, error: nil, previewNames: previews, time: spec.time ?? 0, variant: variant))
    }
    for j in planned.indices {
        if let e = presetError { planned[j].error = e; continue }
        do { planned[j].job = try resolveOutput(planned[j], loaded, specs: specs) } catch {
            planned[j].error = variant.map { error.inVariant($0) } ?? error   // a row's error names the row
        }
    }
    if let e = presetError, planned.isEmpty { return .failure(BrokenPreset(path: path, error: e)) }
    return .success(planned)
}

/// The flags an output's keys stand for: `animexport … --preset PRESET -y OUT/NAME`.
private func outputArguments(_ spec: OutputSpec, name: String, presetPath: String, out: String) -> ParsedArguments {
    var args = ParsedArguments()
    args.positionals = [out + "/" + name]
    args.values["--preset"] = [presetPath]
    args.values["-y"] = [""]
    for f in spec.flags() { args.values[f.flag, default: []].append(f.value) }
    return args
}

/// A key that does not belong to the output's kind, or a still time out of range.
private func outputKeyError(_ spec: OutputSpec, kind: OutputSpec.Kind, index i: Int, path: String) -> ExportError? {
    let time = spec.time ?? 0
    if kind == .video && spec.time != nil {
        return .invalid(file: path, field: "outputs[\(i)].time", message: "is for .png outputs; a video's length is seconds, frames or loops")
    }
    if kind == .image && (spec.seconds != nil || spec.frames != nil || spec.loops != nil || spec.encoder != nil) {
        return .invalid(file: path, field: "outputs[\(i)]", message: "a .png output takes time, not seconds/frames/loops/encoder")
    }
    if !(time.isFinite && (0...Limits.maxSeconds).contains(time)) {
        return .invalid(file: path, field: "outputs[\(i)].time", message: "\(time) is outside [0, \(Limits.maxSeconds)] s")
    }
    return nil
}

/// The output resolved with the single-clip rules; a flag-worded error names the output's key
/// ("--size: '10by10' is not …" → field outputs[0].size, message "'10by10' is not …").
private func resolveOutput(_ o: PlannedOutput, _ loaded: LoadedPreset, specs: [OutputSpec]) throws(ExportError) -> ExportPlan {
    do {
        var job = try resolvePlan(loaded, args: o.args, video: o.kind == .video)
        job.encoderThreads = batchEncoderThreads
        return job
    } catch {
        let index = specs.firstIndex(of: o.spec).map { "outputs[\($0)]" } ?? "(default output)"
        guard case .usage(let m) = error else { throw error }
        if let colon = m.range(of: ": "), let key = OutputSpec.keyForFlag[String(m[..<colon.lowerBound])] {
            throw .invalid(file: loaded.path, field: "\(index).\(key)", message: String(m[colon.upperBound...]))
        }
        throw .invalid(file: loaded.path, field: index, message: m)
    }
}
