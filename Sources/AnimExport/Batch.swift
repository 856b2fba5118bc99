// `animexport batch [DIR|FILE.json] --out DIR …`: render every output of every preset in a
// folder (or of one preset file), in parallel, incrementally, optionally one shard of it, with
// a manifest (docs/ci.md).
//
// A run: lock --out (BatchLock) → plan and check every name (BatchPlan, Collisions; exit 2)
// → remove stale temporaries → decide per output: skip, re-make previews only, or render →
// workers (BatchWorkers) → manifest written after every output (ManifestStore) → prune,
// review page, summary (BatchSession.finish).
//
// Exit codes: 0 all outputs rendered or skipped; 1 a preset or an output failed (the others
// were still rendered, unless --fail-fast), or --out is in use; 2 usage errors, and output
// names that escape --out or collide (refused before anything renders); 130/143 interrupted.
//
// Parallelism: up to --jobs outputs at once, each on its own thread with its own renderer,
// canvas and MP4 writer (x264 pinned to one thread, see batchEncoderThreads). Memory is
// bounded by --jobs × (one output's canvas + encoder state); see docs/ci.md for figures.
import Foundation
import Video

let batchFlags: [FlagSpec] = [
    FlagSpec("--out", value: "DIR", help: "output folder (created if missing); output names are relative to it"),
    FlagSpec("--jobs", alias: "-j", value: "N", help: "outputs rendered at once (default: the number of cores)"),
    FlagSpec("--only", value: "GLOB", repeatable: true, help: "render only the outputs GLOB selects: a preset name, an output name, or PRESET:OUTPUT (globs: 'promo*', 'promo:square'); repeatable"),
    FlagSpec("--shard", value: "K/N", help: "render only shard K of N (1-based; default from CI_NODE_INDEX/CI_NODE_TOTAL or JOB_COMPLETION_INDEX)"),
    FlagSpec("--shard-total", value: "N", help: "number of shards, with JOB_COMPLETION_INDEX (Kubernetes indexed jobs, 0-based)"),
    FlagSpec("--memory", value: "MB", help: "memory budget: outputs start only while their estimated peak fits (default: half the RAM)"),
    FlagSpec("--force", help: "render every output, even unchanged ones"),
    FlagSpec("--dry-run", help: "print what would be rendered or skipped; write nothing"),
    FlagSpec("--fail-fast", help: "stop at the first failure (running outputs finish)"),
    FlagSpec("--json", help: "one JSON object per line per event on stdout (start, progress, done, skipped, error, summary)"),
    FlagSpec("--previews", help: "also write a poster and a contact sheet PNG for each video, and index.html to review them"),
    FlagSpec("--prune", help: "remove outputs no preset makes any more (only files the manifest recorded, unchanged)"),
    FlagSpec("--wait", help: "wait while another batch writes to --out (default: refuse)"),
    FlagSpec("--quiet", alias: "-q", help: "only errors and the totals line"),
    FlagSpec("--help", alias: "-h", help: "show this help"),
]

func batchHelp() -> String {
    """
    Usage: animexport batch [DIR | FILE.json] --out DIR [options]

    Renders every output of every preset in DIR (default presets/), or of one preset file,
    into --out, skipping each output whose own inputs and files are unchanged (manifest.json
    in --out), and exits 1 if any preset or output failed. One batch at a time per --out.
    A preset's name is its file name without .json; an output answers to its name, its file
    name and that without the extension (--only 'pulse-red:square'). A glob that selects
    nothing is an error (exit 2). See docs/ci.md.

    Options:
    \(helpTable(batchFlags))
    """
}

/// `command`: "render" when `animexport render` runs a preset through here (PresetRender.swift).
func runBatch(_ args: [String], command: String = "batch", environment: [String: String] = ProcessInfo.processInfo.environment) throws(ExportError) -> Int32 {
    let parsed = try parseArguments(args, flags: batchFlags, command: "batch")
    if parsed.has("--help") { print(batchHelp()); return 0 }
    var options = try batchOptions(parsed, environment: environment)
    if command != "batch" { options.only?.command = command }
    try Interruption.requireWatchdog()

    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: options.out, isDirectory: &isDir) {
        guard isDir.boolValue else { throw .usage("batch: --out \(options.out) is a file, not a folder") }
    } else if !options.dryRun {
        do { try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true) } catch {
            throw .usage("batch: --out \(options.out): cannot be created (\(error.localizedDescription))")
        }
    }
    let started = Date()
    let progress = BatchProgress(json: options.json, quiet: options.quiet)
    let plan = try makePlan(options)       // exit 2 for escaping, duplicate or colliding names
    try options.stop.check()
    // The lock is held until this function returns (a dry run writes nothing and takes none).
    let lock = options.dryRun ? nil : try BatchLock.acquire(out: options.out, wait: options.wait, stop: options.stop) { progress.note($0) }
    defer { lock?.release() }      // the lock file goes too (BatchLock.swift)

    let manifestPath = options.out + "/" + manifestName
    var old = Manifest()
    if FileManager.default.fileExists(atPath: manifestPath) {
        do { old = try Manifest.read(manifestPath) } catch {
            progress.note("animexport: note: \(error); rendering everything")
        }
    }
    if !options.dryRun {
        var names = Set([manifestName, reviewPageName])
        for o in plan.outputs { names.insert(o.name); names.formUnion(o.previewNames) }
        for (name, e) in old.outputs { names.insert(name); names.formUnion((e.previews ?? [:]).values.map(\.name)) }
        for path in removeStaleTemporaries(out: options.out, names: names) {
            progress.note("animexport: note: removed \(path), left by an earlier run that was stopped")
        }
    }
    options.startedAt = started
    let session = BatchSession(plan: plan, options: options, previous: old, progress: progress,
                               store: ManifestStore(path: manifestPath, previous: old))
    session.batchLock = lock
    session.decideAll()
    if options.dryRun { return session.printDryRun() }
    return try session.run()
}

/// The options of a batch run from its flags and the CI environment.
func batchOptions(_ parsed: ParsedArguments, environment: [String: String]) throws(ExportError) -> BatchOptions {
    guard parsed.positionals.count <= 1 else { throw .usage("batch: expected one presets folder or preset file, got \(parsed.positionals.joined(separator: " "))") }
    guard let out = parsed.value("--out") else { throw .usage("batch: --out DIR is required (e.g. animexport batch presets --out dist)") }
    var options = BatchOptions(folder: parsed.positionals.first ?? "presets", out: out,
                               jobs: try parsed.value("--jobs").map { s throws(ExportError) in try parseInt(s, flag: "--jobs", range: 1...256) }
                                   ?? max(1, ProcessInfo.processInfo.activeProcessorCount))
    let globs = parsed.all("--only")
    if let empty = globs.first(where: { $0.isEmpty || $0.hasSuffix(":") || $0.hasPrefix(":") }) {
        throw .usage("batch: --only '\(empty)' names no preset or output (use PRESET, PRESET:OUTPUT or a glob such as 'promo*')")
    }
    if !globs.isEmpty { options.only = OnlySelection(globs: globs) }
    options.shard = try Shard.resolve(flag: parsed.value("--shard"), totalFlag: parsed.value("--shard-total"), environment: environment)
    if let m = parsed.value("--memory") { options.memoryBudget = try parseInt(m, flag: "--memory", range: 64...1_048_576) << 20 }
    options.force = parsed.has("--force"); options.dryRun = parsed.has("--dry-run"); options.failFast = parsed.has("--fail-fast")
    options.json = parsed.has("--json"); options.previews = parsed.has("--previews"); options.prune = parsed.has("--prune")
    options.wait = parsed.has("--wait"); options.quiet = parsed.has("--quiet")
    while options.out.count > 1 && options.out.hasSuffix("/") { options.out.removeLast() }
    return options
}

/// What a run does with one output.
enum OutputDecision { case skip, previewsOnly, render }

/// Skip when the inputs hash is the same and the files on disk still match (with --previews
/// the previews too); re-make only the previews when just they are missing or changed.
func decide(_ o: PlannedOutput, entry: ManifestEntry?, out: String, previews: Bool, force: Bool) -> OutputDecision {
    guard !force, let entry, entry.inputsHash == o.inputsHash,
          recordedFilesMatch(o.name, entry: entry, out: out) else { return .render }
    if previews && o.kind == .video {
        guard let p = entry.previews, Set(p.values.map(\.name)) == Set(o.previewNames),
              p.values.allSatisfy({ fileMatches(out + "/" + $0.name, sha256: $0.sha256, bytes: $0.bytes) }) else { return .previewsOnly }
    }
    return .skip
}

/// Whether the regular file at `path` (a symlink to one counts) has this size and sha256.
/// Anything else — missing, a FIFO, a device — does not match and is never opened.
func fileMatches(_ path: String, sha256: String, bytes: Int) -> Bool {
    var st = stat()
    guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) == bytes,
          let digest = SHA256.file(path) else { return false }
    return digest.sha256 == sha256 && digest.bytes == bytes
}

/// Renders one output (and its previews) and returns its manifest entry; never throws.
func renderOutput(_ o: PlannedOutput, options: BatchOptions, progress: BatchProgress) -> OutputResult {
    let t0 = Date()
    guard let job = o.job else { return OutputResult(status: .failed, error: o.error) }
    progress.start(o.name, frames: o.kind == .video ? job.frameCount : 1)
    for w in job.warnings {
        progress.finished(nil, event: ["event": "warning", "name": o.name, "message": w], line: "warning \(o.name): \(w)")
    }
    do throws(ExportError) {
        var entry = ManifestEntry(preset: URL(fileURLWithPath: o.presetPath).lastPathComponent, kind: o.kind.rawValue,
                                  inputsHash: o.inputsHash, sha256: "", bytes: 0, width: job.width, height: job.height,
                                  variant: o.variant.map(ManifestVariant.init), renderSeconds: 0)
        switch o.kind {
        case .video:
            let reporter = CLIReporter(progress: false) { done, total in progress.frame(o.name, done: done, total: total) }
            let result = try runExport(job, ExportRun(observer: reporter, stop: options.stop), memoryChecked: true)
            entry.frames = result.frames
            entry.fps = "\(job.fps.num)/\(job.fps.den)"
            entry.duration = (result.seconds * 1_000_000).rounded() / 1_000_000
            entry.codec = job.codecFacts(written: (result.codec, result.pixelFormat, result.alpha, result.audio))
            if options.previews { entry.previews = try writePreviewFiles(o, job: job, out: options.out) }
        case .image:
            try writeStillOutput(job, at: o.time)
            entry.time = o.time
        }
        guard let facts = recordedFacts(o.name, frames: entry.frames, out: options.out) else { throw .runtime("\(job.output): cannot be read back") }
        let digest = facts.sequence ?? facts.file
        entry.sha256 = facts.file.sha256
        entry.bytes = facts.file.bytes
        entry.sequence = facts.sequence
        let seconds = Date().timeIntervalSince(t0)
        entry.renderSeconds = (seconds * 1000).rounded() / 1000
        progress.finished(o.name, event: ["event": "done", "name": o.name, "sha256": digest.sha256, "bytes": digest.bytes, "seconds": entry.renderSeconds],
                          line: String(format: "rendered %@ (%d×%d, %@, %.2f s)", o.name, job.width, job.height, byteCount(digest.bytes), seconds))
        return OutputResult(status: .rendered, entry: entry, seconds: seconds)
    } catch {
        if case .interrupted = error {
            progress.finished(o.name, event: ["event": "interrupted", "name": o.name], line: "stopped \(o.name) (interrupted; its previous file, if any, is untouched)")
            return OutputResult(status: .interrupted, error: error, seconds: Date().timeIntervalSince(t0))
        }
        let error = o.variant.map { error.inVariant($0) } ?? error
        progress.finished(o.name, event: ["event": "error", "name": o.name, "file": o.presetPath, "message": error.description],
                          line: "error   \(o.name) (\(o.presetPath)): \(error)")
        return OutputResult(status: .failed, error: error, seconds: Date().timeIntervalSince(t0))
    }
}

/// Re-makes the previews of a video whose file is up to date (a preview is missing or was
/// changed): the video is not encoded again. Returns the entry with the new previews' facts.
func remakePreviews(_ o: PlannedOutput, entry old: ManifestEntry, options: BatchOptions, progress: BatchProgress) -> OutputResult {
    let t0 = Date()
    guard let job = o.job else { return OutputResult(status: .failed, error: o.error) }
    progress.start(o.name, frames: 1)
    do throws(ExportError) {
        try options.stop.check()
        var entry = old
        entry.previews = try writePreviewFiles(o, job: job, out: options.out)
        progress.finished(o.name, event: ["event": "previews", "name": o.name, "reason": "missing or changed previews"],
                          line: "previews \(o.name) (re-made; the video is unchanged)")
        return OutputResult(status: .previews, entry: entry, seconds: Date().timeIntervalSince(t0))
    } catch {
        progress.finished(o.name, event: ["event": "error", "name": o.name, "file": o.presetPath, "message": error.description],
                          line: "error   \(o.name) (\(o.presetPath)): \(error)")
        return OutputResult(status: .failed, error: error, seconds: Date().timeIntervalSince(t0))
    }
}

/// Writes the poster and sheet of a video output and returns their facts.
func writePreviewFiles(_ o: PlannedOutput, job: ExportPlan, out: String) throws(ExportError) -> [String: FileFact] {
    let paths = o.previewNames.map { out + "/" + $0 }
    try writePreviews(job, poster: paths[0], sheet: paths[1])
    var facts: [String: FileFact] = [:]
    for (key, name) in zip(["poster", "sheet"], o.previewNames) {
        guard let d = SHA256.file(out + "/" + name) else { throw .runtime("\(name): cannot be read back") }
        facts[key] = FileFact(name: name, sha256: d.sha256, bytes: d.bytes)
    }
    return facts
}
