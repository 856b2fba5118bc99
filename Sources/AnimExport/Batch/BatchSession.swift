// One batch run after planning: what happens to each output, the workers, and the end —
// normal or interrupted (issue 15 items 2 and 4).
//
// The end (`finish`) runs once, under Interruption.finalLock: from the main thread when the
// workers are done, from the main thread after a signal (workers get 0.2 s to cancel), or
// from the signal watchdog when the main thread could not get there in time. It keeps the
// manifest true (ManifestStore), prunes, writes the review page and prints the summary; after
// a signal it lists the outputs that never started and exits 128 + signal.
import Foundation
import Video

enum OutputStatus: String { case rendered, skipped, previews, failed, interrupted, notStarted = "not started" }

struct OutputResult {
    var status: OutputStatus
    var entry: ManifestEntry?
    var error: ExportError?
    var seconds: Double = 0
}

final class BatchSession: @unchecked Sendable {
    let plan: BatchPlan
    let options: BatchOptions
    let previous: Manifest
    let progress: BatchProgress
    let store: ManifestStore
    /// Released (its file removed) at the end of the run, signals included.
    var batchLock: BatchLock?
    private let lock = NSLock()
    private var results: [OutputResult?]
    private var work: [(index: Int, decision: OutputDecision)] = []
    private var finished = false

    init(plan: BatchPlan, options: BatchOptions, previous: Manifest, progress: BatchProgress, store: ManifestStore) {
        self.plan = plan; self.options = options; self.previous = previous; self.progress = progress; self.store = store
        results = Array(repeating: nil, count: plan.outputs.count)
    }

    private func result(_ i: Int) -> OutputResult? { lock.lock(); defer { lock.unlock() }; return results[i] }
    private func setResult(_ i: Int, _ r: OutputResult) { lock.lock(); results[i] = r; lock.unlock() }

    /// Broken presets and failed resolutions are reported; each other output is skipped or queued.
    func decideAll() {
        // Every line counts one item: an output, or a broken preset (whose outputs are unknown).
        progress.total = plan.outputs.count + plan.broken.count
        for b in plan.broken {
            progress.finished(nil, event: ["event": "error", "name": nil, "file": b.path, "message": b.error.description],
                              line: "error   \(b.error)")
        }
        for (i, o) in plan.outputs.enumerated() {
            if let e = o.error {
                results[i] = OutputResult(status: .failed, error: e)
                progress.finished(o.name, event: ["event": "error", "name": o.name, "file": o.presetPath, "message": e.description],
                                  line: "error   \(o.name): \(e)")
                continue
            }
            let d = AnimExport.decide(o, entry: previous.outputs[o.name], out: options.out, previews: options.previews, force: options.force)
            if d == .skip {
                var entry = previous.outputs[o.name]
                // Codec facts follow the writer's settings: an entry of a format-1 manifest
                // (x264's settings for every codec) is brought up to date without re-rendering.
                if let old = entry?.codec, let f = o.job?.codecFacts(written: (old.codec, old.pixelFormat, old.alpha, old.audio)), f != old {
                    entry?.codec = f
                    store.replace(o.name, entry)
                }
                results[i] = OutputResult(status: .skipped, entry: entry)
                progress.finished(o.name, event: ["event": "skipped", "name": o.name, "reason": "unchanged"], line: "skipped \(o.name) (unchanged)")
            } else {
                work.append((i, d))
            }
        }
    }

    private var failedUpFront: Bool { !plan.broken.isEmpty || results.contains { $0?.status == .failed } }

    func printDryRun() -> Int32 {
        for (i, d) in work {
            let o = plan.outputs[i], job = o.job!
            let what = o.kind == .video ? "\(job.width)×\(job.height), \(job.frameCount) frames" : "\(job.width)×\(job.height) PNG at \(format(o.time)) s"
            let row = o.variant.map { " \($0.label)" } ?? ""
            print(visible("\(d == .previewsOnly ? "previews" : "render ") \(o.name)  (\(URL(fileURLWithPath: o.presetPath).lastPathComponent)\(row), \(what))"))
        }
        let orphaned = orphans(in: previous, planned: plan.knownNames, shard: options.shard)
        for name in orphaned { print(visible("\(options.prune ? "prune  " : "orphan ") \(name) (no preset makes it)")) }
        print("dry run: \(work.count) to render, \(results.filter { $0?.status == .skipped }.count) unchanged, \(plan.broken.count + results.filter { $0?.status == .failed }.count) failed\(options.shard.map { ", shard \($0)" } ?? "")")
        return failedUpFront ? 1 : 0
    }

    /// Renders the queued outputs and finishes the run; returns the exit code.
    func run() throws(ExportError) -> Int32 {
        // Entries of outputs that failed before rendering stay only while still true.
        for (i, o) in plan.outputs.enumerated() where results[i]?.status == .failed { try store.keepIfTrue(o.name, out: options.out) }
        Interruption.setFinalReport { [self] sig in _ = finish(interruptedBy: sig) }
        defer { Interruption.setFinalReport(nil) }
        if options.previews { clearPreviousOutputs(out: options.out, partial: options.shard != nil || options.only != nil, names: plan.outputs.map(\.name)) }
        if options.failFast && failedUpFront { return finish(interruptedBy: nil) }
        for (i, _) in work {
            let folder = (options.out + "/" + plan.outputs[i].name as NSString).deletingLastPathComponent
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                let e = ExportError.runtime("\(folder): \(error.localizedDescription)"), o = plan.outputs[i]
                setResult(i, OutputResult(status: .failed, error: e))
                progress.finished(o.name, event: ["event": "error", "name": o.name, "file": o.presetPath, "message": e.description], line: "error   \(o.name): \(e)")
            }
        }
        // Longest first (frames × pixels), so the last outputs to finish are short ones and no
        // core idles at the end of the run; the order does not change any output's bytes.
        let size = { (i: Int) -> Int in self.plan.outputs[i].job.map { (self.plan.outputs[i].kind == .video ? $0.frameCount : 1) * $0.width * $0.height } ?? 0 }
        let decisions = Dictionary(uniqueKeysWithValues: work.map { ($0.index, $0.decision) })
        // An output that cannot fit alone fails before anything renders (MemoryEstimate.swift).
        // Each worker thread adds its own malloc arena and stack to the address space (≈ 72 MB,
        // and the signal thread's arena may not exist yet): that is taken off the room first.
        let workers = min(options.jobs, max(1, work.count))
        var room = MemoryRoom.now()
        room.address = room.address.map { max(0, $0 - (workers + 1) * (72 << 20)) }
        let need = { (i: Int) in memoryNeed(self.plan.outputs[i], previewsOnly: decisions[i] == .previewsOnly) }
        for i in work.map(\.index) where result(i) == nil {
            do throws(ExportError) { try checkMemory(need(i), room: room, what: plan.outputs[i].name) } catch {
                setResult(i, OutputResult(status: .failed, error: error))
                progress.finished(plan.outputs[i].name, event: ["event": "error", "name": plan.outputs[i].name, "file": plan.outputs[i].presetPath,
                                                                "message": error.description], line: "error   \(error)")
            }
        }
        let queue = work.map(\.index).filter { result($0) == nil }.sorted { (size($0), $1) > (size($1), $0) }
        let budget = MemoryNeed(address: room.address ?? Int.max, resident: min(options.memoryBudget, room.resident ?? Int.max))
        let q = WorkQueue(queue: queue, cost: queue.map(need), budget: budget, stop: options.stop)
        progress.begin(count: queue.count, frames: queue.reduce(0) { $0 + (decisions[$1] == .previewsOnly ? 0 : (plan.outputs[$1].kind == .video ? plan.outputs[$1].job?.frameCount ?? 0 : 0)) })
        let threads = try q.startWorkers(min(workers, max(1, queue.count))) { [self] in
            while let (i, cost) = q.take() {
                let r = process(i, decision: decisions[i] ?? .render)
                q.done(cost: cost, stop: r.status == .failed && options.failFast)
            }
        }
        if let sig = q.waitForWorkers() {
            q.close()
            q.waitBriefly(0.2)
            Interruption.exitNow(finish(interruptedBy: sig))     // workers may still be inside x264
        }
        threads.forEach { $0.join() }
        return finish(interruptedBy: nil)
    }

    /// Renders (or re-makes the previews of) one output and records it in the manifest.
    private func process(_ i: Int, decision: OutputDecision) -> OutputResult {
        let o = plan.outputs[i]
        // The file this render replaces, kept for the review page (PreviousOutputs.swift).
        let old = decision == .render && options.previews ? previous.outputs[o.name] : nil
        let kept = old.map { keepPreviousOutput(o.name, entry: $0, out: options.out) } ?? false
        defer { if kept && (result(i)?.status != .rendered || result(i)?.entry?.sha256 == old?.sha256) { dropPreviousOutput(o.name, out: options.out) } }
        var r = decision == .previewsOnly && previous.outputs[o.name] != nil
            ? remakePreviews(o, entry: previous.outputs[o.name]!, options: options, progress: progress)
            : renderOutput(o, options: options, progress: progress)
        do throws(ExportError) {
            if let entry = r.entry { try store.set(o.name, entry) } else { try store.keepIfTrue(o.name, out: options.out) }
        } catch {
            r = OutputResult(status: .failed, error: error, seconds: r.seconds)
        }
        setResult(i, r)
        return r
    }

    /// The end of the run (once): manifest, prune, review page, summary; the exit code.
    func finish(interruptedBy sig: Int32?) -> Int32 {
        Interruption.finalLock.lock()
        defer { Interruption.finalLock.unlock() }
        guard !finished else { return 128 + (sig ?? 0) }
        finished = true
        var notes: [String] = []
        if sig != nil { TemporaryFiles.removeAll() }        // outputs still being written: never land
        for (i, o) in plan.outputs.enumerated() where result(i) == nil {
            setResult(i, OutputResult(status: .notStarted))
            do { try store.keepIfTrue(o.name, out: options.out) } catch { notes.append("\(error)") }
        }
        let orphaned = orphans(in: store.manifest, planned: plan.knownNames, shard: options.shard)
        if !orphaned.isEmpty && sig == nil {
            if !options.prune {
                notes.append("\(orphaned.count) output\(orphaned.count == 1 ? " is" : "s are") in the manifest but no preset makes \(orphaned.count == 1 ? "it" : "them") any more: \(orphaned.joined(separator: ", ")) (pass --prune to remove them)")
            } else if !plan.broken.isEmpty {
                notes.append("not pruning \(orphaned.joined(separator: ", ")): while a preset is broken its outputs are unknown")
            } else {
                do { notes += try prune(orphaned, store: store, out: options.out) } catch { notes.append("\(error)") }
            }
        }
        do { try store.write() } catch { notes.append("\(error)") }
        if options.previews && sig == nil {
            do { try writeReviewPage(session: self) } catch { notes.append("\(error)") }
        }
        batchLock?.release()
        return summary(interruptedBy: sig, notes: notes)
    }

    /// The results in plan order (after `finish`).
    var allResults: [OutputResult?] { lock.lock(); defer { lock.unlock() }; return results }

    private func summary(interruptedBy sig: Int32?, notes: [String]) -> Int32 {
        progress.end()
        let results = allResults
        let elapsed = Date().timeIntervalSince(options.startedAt)
        let count = { (s: OutputStatus) in results.filter { $0?.status == s }.count }
        let failed = count(.failed) + plan.broken.count
        var table = ["status      seconds  output"]
        for (i, o) in plan.outputs.enumerated() {
            guard let r = results[i] else { continue }
            let status = r.status == .failed ? "FAILED" : r.status.rawValue
            table.append(status.padding(toLength: 11, withPad: " ", startingAt: 0) + String(format: "%8.2f", r.seconds) + "  " + o.name
                         + (r.error.map { "  — \($0)" } ?? ""))
        }
        for b in plan.broken { table.append("FAILED            -   (preset) \(b.error)") }
        table += notes
        let signalName = sig.map { $0 == SIGINT ? "SIGINT" : $0 == SIGTERM ? "SIGTERM" : "signal \($0)" }
        var totals = String(format: "rendered %d, skipped %d, failed %d", count(.rendered), count(.skipped), failed)
        if count(.previews) > 0 { totals += ", previews re-made \(count(.previews))" }
        if count(.interrupted) > 0 { totals += ", interrupted \(count(.interrupted))" }
        if count(.notStarted) > 0 { totals += ", not started \(count(.notStarted))" }
        totals += String(format: ", %.2f s (jobs %d%@)", elapsed, options.jobs, options.shard.map { ", shard \($0)" } ?? "")
        if let signalName { totals = "interrupted by \(signalName): " + totals }
        table.append(totals)
        if options.json {
            var event: [String: Any?] = ["event": "summary", "rendered": count(.rendered), "skipped": count(.skipped), "failed": failed,
                                         "previews": count(.previews), "notRun": count(.notStarted), "interrupted": count(.interrupted),
                                         "seconds": (elapsed * 1000).rounded() / 1000]
            if let signalName {
                event["signal"] = signalName
                event["notStarted"] = plan.outputs.indices.filter { results[$0]?.status == .notStarted }.map { plan.outputs[$0].name }
            }
            progress.emit(event)
            printError(table.joined(separator: "\n"), lines: true)
        } else if options.quiet {
            printError(totals)
        } else {
            print(visible(table.joined(separator: "\n"), keepNewlines: true))
        }
        if let sig { return 128 + sig }
        return failed > 0 ? 1 : 0
    }
}
