// `animexport batch [DIR] --out DIR …`: render every output of every preset in a folder,
// in parallel, incrementally, optionally one shard of it, with a manifest (docs/ci.md).
//
// Exit codes: 0 all outputs rendered or skipped; 1 a preset or an output failed (the others
// were still rendered, unless --fail-fast); 2 usage errors, and output names that escape
// --out or collide (refused before anything renders).
//
// Parallelism: up to --jobs outputs at once, each on its own thread with its own renderer,
// canvas and MP4 writer (x264 pinned to one thread, see batchEncoderThreads). Memory is
// bounded by --jobs × (one output's canvas + encoder state); see docs/ci.md for figures.
import Foundation
import Video

let batchFlags: [FlagSpec] = [
    FlagSpec("--out", value: "DIR", help: "output folder (created if missing); output names are relative to it"),
    FlagSpec("--jobs", alias: "-j", value: "N", help: "outputs rendered at once (default: the number of cores)"),
    FlagSpec("--shard", value: "K/N", help: "render only shard K of N (1-based; default from CI_NODE_INDEX/CI_NODE_TOTAL or JOB_COMPLETION_INDEX)"),
    FlagSpec("--shard-total", value: "N", help: "number of shards, with JOB_COMPLETION_INDEX (Kubernetes indexed jobs, 0-based)"),
    FlagSpec("--memory", value: "MB", help: "memory budget: outputs start only while their estimated peak fits (default: half the RAM)"),
    FlagSpec("--force", help: "render every output, even unchanged ones"),
    FlagSpec("--dry-run", help: "print what would be rendered or skipped; write nothing"),
    FlagSpec("--fail-fast", help: "stop at the first failure (running outputs finish)"),
    FlagSpec("--json", help: "one JSON object per line per event on stdout (start, progress, done, skipped, error, summary)"),
    FlagSpec("--previews", help: "also write a poster and a contact sheet PNG for each video"),
    FlagSpec("--help", alias: "-h", help: "show this help"),
]

func batchHelp() -> String {
    """
    Usage: animexport batch [DIR] --out DIR [options]

    Renders every output of every preset in DIR (default presets/) into --out, skipping
    outputs whose inputs and files are unchanged (manifest.json in --out), and exits 1 if
    any preset or output failed. See docs/ci.md.

    Options:
    \(helpTable(batchFlags))
    """
}

enum OutputStatus { case rendered, skipped, failed, notStarted }

struct OutputResult {
    var status: OutputStatus
    var entry: ManifestEntry?
    var error: ExportError?
    var seconds: Double = 0
}

/// Shared state of the worker threads.
final class BatchRun: @unchecked Sendable {
    let lock = NSCondition()
    var next = 0
    var stop = false
    var results: [OutputResult?]
    let queue: [Int]                      // plan indices to render, in order
    let cost: [Int]                       // estimated peak bytes of each queued output
    let budget: Int
    var inFlight = 0                      // estimated bytes of the outputs being rendered
    init(count: Int, queue: [Int], cost: [Int], budget: Int) {
        results = Array(repeating: nil, count: count); self.queue = queue; self.cost = cost; self.budget = budget
    }

    /// The next output to render, waiting while it would push the estimate over the budget
    /// (one output always runs, however large); nil when done or stopped.
    func take() -> (index: Int, cost: Int)? {
        lock.lock(); defer { lock.unlock() }
        while true {
            guard !stop, next < queue.count else { return nil }
            let c = cost[next]
            if inFlight == 0 || inFlight + c <= budget {
                let i = queue[next]
                next += 1
                inFlight += c
                return (i, c)
            }
            lock.wait()
        }
    }

    func finish(_ i: Int, cost: Int, result: OutputResult, failFast: Bool) {
        lock.lock()
        results[i] = result
        inFlight -= cost
        if result.status == .failed && failFast { stop = true }
        lock.broadcast()
        lock.unlock()
    }
}

/// Estimated peak memory of rendering one output: measured with /usr/bin/time on 1080×1920
/// at x264 medium (tune animation, one thread): ≈ 430 MB, i.e. ≈ 200 B per pixel, nearly all
/// x264's lookahead and reference frames; plus the canvas. Faster x264 presets need less.
func estimatedBytes(_ o: PlannedOutput) -> Int {
    guard let job = o.job else { return 0 }
    let pixels = job.width * job.height
    if o.kind == .image { return 16 << 20 + pixels * 8 }
    let perPixel: Int
    switch job.encoder.preset {
    case "ultrafast", "superfast": perPixel = 40
    case "veryfast", "faster", "fast": perPixel = 120
    default: perPixel = 220
    }
    return 32 << 20 + pixels * perPixel
}

func runBatch(_ args: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws(ExportError) -> Int32 {
    let parsed = try parseArguments(args, flags: batchFlags, command: "batch")
    if parsed.has("--help") { print(batchHelp()); return 0 }
    guard parsed.positionals.count <= 1 else { throw .usage("batch: expected one presets folder, got \(parsed.positionals.joined(separator: " "))") }
    guard let out = parsed.value("--out") else { throw .usage("batch: --out DIR is required (e.g. animexport batch presets --out dist)") }
    var options = BatchOptions(folder: parsed.positionals.first ?? "presets", out: out,
                               jobs: try parsed.value("--jobs").map { s throws(ExportError) in try parseInt(s, flag: "--jobs", range: 1...256) }
                                   ?? max(1, ProcessInfo.processInfo.activeProcessorCount))
    options.shard = try Shard.resolve(flag: parsed.value("--shard"), totalFlag: parsed.value("--shard-total"), environment: environment)
    if let m = parsed.value("--memory") { options.memoryBudget = try parseInt(m, flag: "--memory", range: 64...1_048_576) << 20 }
    options.force = parsed.has("--force"); options.dryRun = parsed.has("--dry-run"); options.failFast = parsed.has("--fail-fast")
    options.json = parsed.has("--json"); options.previews = parsed.has("--previews")
    while options.out.count > 1 && options.out.hasSuffix("/") { options.out.removeLast() }

    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: options.out, isDirectory: &isDir) {
        guard isDir.boolValue else { throw .usage("batch: --out \(options.out) is a file, not a folder") }
    } else if !options.dryRun {
        do { try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true) } catch {
            throw .usage("batch: --out \(options.out): cannot be created (\(error.localizedDescription))")
        }
    }
    let started = Date()
    let plan = try makePlan(options)       // exit 2 for escaping or duplicate names

    let manifestPath = options.out + "/" + manifestName
    let old: Manifest
    if FileManager.default.fileExists(atPath: manifestPath) {
        do { old = try Manifest.read(manifestPath) } catch {
            printError("animexport: note: \(error); rendering everything")
            old = Manifest()
        }
    } else {
        old = Manifest()
    }

    let progress = BatchProgress(json: options.json)
    var results = [OutputResult?](repeating: nil, count: plan.outputs.count)
    var toRender: [Int] = []
    for b in plan.broken {
        progress.finished(nil, event: ["event": "error", "name": nil, "file": b.path, "message": b.error.description],
                          line: "error   \(b.error)")
    }
    for (i, o) in plan.outputs.enumerated() {
        if let e = o.error {
            results[i] = OutputResult(status: .failed, error: e)
            progress.finished(o.name, event: ["event": "error", "name": o.name, "file": o.presetPath, "message": e.description],
                              line: "error   \(o.name): \(e)")
        } else if !options.force, let entry = old.outputs[o.name], isUpToDate(o, entry: entry, out: options.out, previews: options.previews) {
            results[i] = OutputResult(status: .skipped, entry: entry)
            progress.finished(o.name, event: ["event": "skipped", "name": o.name, "reason": "unchanged"], line: "skipped \(o.name) (unchanged)")
        } else {
            toRender.append(i)
        }
    }
    let failedUpFront = !plan.broken.isEmpty || results.contains { $0?.status == .failed }

    if options.dryRun {
        for i in toRender {
            let o = plan.outputs[i], job = o.job!
            let what = o.kind == .video ? "\(job.width)×\(job.height), \(job.frameCount) frames" : "\(job.width)×\(job.height) PNG at \(format(o.time)) s"
            print("render  \(o.name)  (\(URL(fileURLWithPath: o.presetPath).lastPathComponent), \(what))")
        }
        print("dry run: \(toRender.count) to render, \(results.filter { $0?.status == .skipped }.count) unchanged, \(plan.broken.count + results.filter { $0?.status == .failed }.count) failed\(options.shard.map { ", shard \($0)" } ?? "")")
        return failedUpFront ? 1 : 0
    }

    if !(options.failFast && failedUpFront) {
        // Folders for the outputs (names were checked to stay inside --out).
        for i in toRender {
            let o = plan.outputs[i]
            let folder = (options.out + "/" + o.name as NSString).deletingLastPathComponent
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                results[i] = OutputResult(status: .failed, error: .runtime("\(folder): \(error.localizedDescription)"))
            }
        }
        // Longest first (frames × pixels), so the last outputs to finish are short ones and no
        // core idles at the end of the run; the order does not change any output's bytes.
        let work = { (i: Int) -> Int in plan.outputs[i].job.map { (plan.outputs[i].kind == .video ? $0.frameCount : 1) * $0.width * $0.height } ?? 0 }
        let queue = toRender.filter { results[$0] == nil }.sorted { (work($0), $1) > (work($1), $0) }
        let run = BatchRun(count: plan.outputs.count, queue: queue, cost: queue.map { estimatedBytes(plan.outputs[$0]) },
                           budget: options.memoryBudget)
        let done = DispatchSemaphore(value: 0)
        let workers = min(options.jobs, max(1, queue.count))
        let box = UncheckedBox((plan, options, progress))
        for _ in 0..<workers {
            let thread = Thread {
                let (plan, options, progress) = box.value
                while let (i, cost) = run.take() {
                    let result = renderOutput(plan.outputs[i], options: options, progress: progress)
                    run.finish(i, cost: cost, result: result, failFast: options.failFast)
                }
                done.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for _ in 0..<workers { done.wait() }
        for i in queue { results[i] = run.results[i] ?? OutputResult(status: .notStarted) }
    } else {
        for i in toRender { results[i] = OutputResult(status: .notStarted) }
    }
    progress.end()

    // The manifest: every output of this run (this shard) that is on disk and verified.
    var manifest = Manifest()
    for (i, o) in plan.outputs.enumerated() {
        if let e = results[i]?.entry { manifest.outputs[o.name] = e }
    }
    try manifest.write(to: manifestPath)

    // Summary.
    let elapsed = Date().timeIntervalSince(started)
    let count = { (s: OutputStatus) in results.filter { $0?.status == s }.count }
    let failed = count(.failed) + plan.broken.count
    var table = ["status    seconds  output"]
    for (i, o) in plan.outputs.enumerated() {
        guard let r = results[i] else { continue }
        let status: String
        switch r.status { case .rendered: status = "rendered"; case .skipped: status = "skipped"; case .failed: status = "FAILED"; case .notStarted: status = "not run" }
        table.append(status.padding(toLength: 9, withPad: " ", startingAt: 0) + String(format: "%8.2f", r.seconds) + "  " + o.name
                     + (r.error.map { "  — \($0)" } ?? ""))
    }
    for b in plan.broken { table.append("FAILED        -   (preset) \(b.error)") }
    let totals = String(format: "rendered %d, skipped %d, failed %d%@, %.2f s (jobs %d%@)", count(.rendered), count(.skipped), failed,
                        count(.notStarted) > 0 ? ", not run \(count(.notStarted))" : "", elapsed, options.jobs,
                        options.shard.map { ", shard \($0)" } ?? "")
    table.append(totals)
    if options.json {
        progress.emit(["event": "summary", "rendered": count(.rendered), "skipped": count(.skipped), "failed": failed,
                       "notRun": count(.notStarted), "seconds": (elapsed * 1000).rounded() / 1000])
        printError(table.joined(separator: "\n"))
    } else {
        print(table.joined(separator: "\n"))
    }
    return failed > 0 ? 1 : 0
}

struct UncheckedBox<T>: @unchecked Sendable { let value: T; init(_ v: T) { value = v } }

/// Whether an output can be skipped: same inputs hash, and the files on disk still match.
func isUpToDate(_ o: PlannedOutput, entry: ManifestEntry, out: String, previews: Bool) -> Bool {
    guard entry.inputsHash == o.inputsHash, fileMatches(out + "/" + o.name, sha256: entry.sha256, bytes: entry.bytes) else { return false }
    if previews && o.kind == .video {
        guard let p = entry.previews, p.count == o.previewNames.count else { return false }
        for fact in p.values where !fileMatches(out + "/" + fact.name, sha256: fact.sha256, bytes: fact.bytes) { return false }
    }
    return true
}

func fileMatches(_ path: String, sha256: String, bytes: Int) -> Bool {
    guard let attrs = try? FileManager.default.attributesOfItem(atPath: path), (attrs[.size] as? Int) == bytes,
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
                                  renderSeconds: 0)
        switch o.kind {
        case .video:
            let result = try runExport(job, progress: false, onFrame: { progress.frame(o.name, done: $0, total: job.frameCount) })
            entry.frames = result.frames
            entry.fps = "\(job.fps.num)/\(job.fps.den)"
            entry.duration = (result.seconds * 1_000_000).rounded() / 1_000_000
            let e = job.encoder
            entry.codec = CodecFacts(preset: e.preset, crf: e.crf, tune: e.tune, profile: e.profile, level: e.level, keyint: e.keyint,
                                     bframes: e.bframes, bitrate: e.bitrate, maxrate: e.maxrate,
                                     params: Dictionary(e.params.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }),
                                     threads: job.encoderThreads ?? 0)
            entry.codec?.encoder = job.media.format.codec.encoderName
            entry.codec?.codec = result.codec
            entry.codec?.pixelFormat = result.pixelFormat
            entry.codec?.alpha = result.alpha
            entry.codec?.audio = result.audio
            if options.previews {
                let paths = o.previewNames.map { options.out + "/" + $0 }
                try writePreviews(job, poster: paths[0], sheet: paths[1])
                var facts: [String: FileFact] = [:]
                for (key, name) in zip(["poster", "sheet"], o.previewNames) {
                    guard let d = SHA256.file(options.out + "/" + name) else { throw .runtime("\(name): cannot be read back") }
                    facts[key] = FileFact(name: name, sha256: d.sha256, bytes: d.bytes)
                }
                entry.previews = facts
            }
        case .image:
            try writeStillOutput(job, at: o.time)
            entry.time = o.time
        }
        guard let digest = SHA256.file(recordedFile(job)) else { throw .runtime("\(job.output): cannot be read back") }
        entry.sha256 = digest.sha256
        entry.bytes = digest.bytes
        let seconds = Date().timeIntervalSince(t0)
        entry.renderSeconds = (seconds * 1000).rounded() / 1000
        progress.finished(o.name, event: ["event": "done", "name": o.name, "sha256": digest.sha256, "bytes": digest.bytes, "seconds": entry.renderSeconds],
                          line: String(format: "rendered %@ (%d×%d, %@, %.2f s)", o.name, job.width, job.height, byteCount(digest.bytes), seconds))
        return OutputResult(status: .rendered, entry: entry, seconds: seconds)
    } catch {
        progress.finished(o.name, event: ["event": "error", "name": o.name, "file": o.presetPath, "message": error.description],
                          line: "error   \(o.name) (\(o.presetPath)): \(error)")
        return OutputResult(status: .failed, error: error, seconds: Date().timeIntervalSince(t0))
    }
}
