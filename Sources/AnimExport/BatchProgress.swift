// Batch progress and results on the terminal and in CI logs.
//
// --json: one JSON object per line on stdout per event, keys sorted:
//   {"event":"start","name":…,"frames":N}
//   {"event":"progress","name":…,"frame":i,"frames":N}      (at most every 10 % of a clip)
//   {"event":"done","name":…,"sha256":…,"bytes":N,"seconds":S}
//   {"event":"skipped","name":…,"reason":"unchanged"}
//   {"event":"previews","name":…,"reason":…}                 (previews re-made, video unchanged)
//   {"event":"interrupted","name":…}                         (an output stopped by a signal)
//   {"event":"error","name":…,"file":…,"message":…}           (name null for a broken preset)
//   {"event":"note","message":…}
//   {"event":"summary","rendered":N,"skipped":N,"failed":N,"previews":N,"notRun":N,
//    "interrupted":N,"seconds":S}     (+ "signal" and "notStarted": [names] after a signal)
// the human summary table then goes to stderr.
// Without --json, on a terminal: a header line with the overall count, elapsed time and ETA,
// and one live line per running job on stderr, each cut to the terminal's width, redrawn in
// place (≤ 10 times a second, and at once after a resize), with a plain line above them for
// each output finished. When stderr is not a terminal: only the plain lines, each with the
// overall count ("[3/18]"), nothing redrawn, no escape codes. --quiet: none of it.
import Foundation

final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let json: Bool
    private let quiet: Bool
    private let live: Bool
    private var running: [(name: String, done: Int, total: Int, since: Date)] = []
    private var drawnLines = 0
    private var lastDraw = Date.distantPast
    private var lastReported: [String: Int] = [:]
    private let started = Date()
    /// Outputs in the run, and how many are finished (done, skipped, failed).
    var total = 0
    private var completed = 0
    /// Frames of the outputs queued for rendering, and frames rendered so far (for the ETA).
    private var framesQueued = 0
    private var framesDone: [String: Int] = [:]

    init(json: Bool, quiet: Bool = false, terminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.json = json
        self.quiet = quiet
        self.live = !json && !quiet && terminal
        if live { TerminalResize.install() }
    }

    static func jsonLine(_ object: [String: Any?]) -> String {
        let clean = object.mapValues { $0 ?? NSNull() }
        guard let data = try? JSONSerialization.data(withJSONObject: clean, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    func emit(_ object: [String: Any?]) {
        lock.lock(); defer { lock.unlock() }
        FileHandle.standardOutput.write(Data((Self.jsonLine(object) + "\n").utf8))
    }

    /// A note (a stale temporary removed, waiting for the lock): stderr, or a JSON event.
    func note(_ message: String) {
        if json { emit(["event": "note", "message": message]); return }
        guard !quiet else { return }
        lock.lock(); defer { lock.unlock() }
        clearBlock()
        FileHandle.standardError.write(Data((visible(message) + "\n").utf8))
        redraw(force: true)
    }

    /// Rendering starts: `frames` is the sum of the queued outputs' frames.
    func begin(count: Int, frames: Int = 0) {
        lock.lock(); framesQueued = frames; lock.unlock()
    }

    func start(_ name: String, frames: Int) {
        if json { emit(["event": "start", "name": name, "frames": frames]); return }
        lock.lock(); defer { lock.unlock() }
        running.append((visible(name), 0, frames, Date()))
        redraw(force: true)
    }

    func frame(_ name: String, done: Int, total: Int) {
        if json {
            let step = max(1, total / 10)
            lock.lock()
            let due = done == total || done - (lastReported[name] ?? 0) >= step
            if due { lastReported[name] = done }
            lock.unlock()
            if due { emit(["event": "progress", "name": name, "frame": done, "frames": total]) }
            return
        }
        guard live else { return }
        lock.lock(); defer { lock.unlock() }
        framesDone[name] = done
        let shown = visible(name)
        if let i = running.firstIndex(where: { $0.name == shown }) { running[i].done = done }
        redraw(force: TerminalResize.takeChange())
    }

    /// A finished output (done, skipped or error): a plain line, and the live block without it.
    func finished(_ name: String?, event: [String: Any?], line: String) {
        lock.lock()
        completed += 1
        let count = "[\(completed)/\(max(total, completed))] "
        lock.unlock()
        if json { emit(event); return }
        if quiet && event["event"] as? String != "error" { return }
        lock.lock(); defer { lock.unlock() }
        let shown = name.map { visible($0) }
        running.removeAll { $0.name == shown }
        clearBlock()
        FileHandle.standardError.write(Data((count + visible(line) + "\n").utf8))
        redraw(force: true)
    }

    func end() {
        lock.lock(); defer { lock.unlock() }
        clearBlock()
    }

    private func clearBlock() {
        guard live, drawnLines > 0 else { return }
        FileHandle.standardError.write(Data(("\u{1B}[\(drawnLines)A\r\u{1B}[J").utf8))
        drawnLines = 0
    }

    /// The header: overall count, elapsed, ETA from the frames rendered so far.
    private func header(columns: Int) -> String {
        let elapsed = Date().timeIntervalSince(started)
        let done = framesDone.values.reduce(0, +)
        var text = "batch \(completed)/\(total) outputs, \(running.count) running, \(clockText(elapsed)) elapsed"
        if framesQueued > 0 && done > 0 && done < framesQueued {
            text += ", ETA \(clockText(elapsed * Double(framesQueued - done) / Double(done)))"
        }
        return String(text.prefix(max(columns - 1, 8)))
    }

    private func redraw(force: Bool) {
        guard live else { return }
        let now = Date()
        guard force || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        clearBlock()
        let columns = terminalColumns() ?? 80
        var text = header(columns: columns) + "\u{1B}[K\n"
        for r in running {
            text += "  " + progressLine(label: r.name, done: r.done, total: r.total, elapsed: now.timeIntervalSince(r.since), columns: columns - 2) + "\u{1B}[K\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
        drawnLines = running.count + 1
    }
}
