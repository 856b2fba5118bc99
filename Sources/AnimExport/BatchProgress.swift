// Batch progress and results on the terminal and in CI logs.
//
// --json: one JSON object per line on stdout per event, keys sorted:
//   {"event":"start","name":…,"frames":N}
//   {"event":"progress","name":…,"frame":i,"frames":N}      (at most every 10 % of a clip)
//   {"event":"done","name":…,"sha256":…,"bytes":N,"seconds":S}
//   {"event":"skipped","name":…,"reason":"unchanged"}
//   {"event":"error","name":…,"file":…,"message":…}           (name null for a broken preset)
//   {"event":"summary","rendered":N,"skipped":N,"failed":N,"seconds":S}
// the human summary table then goes to stderr.
// Without --json, on a terminal: one live line per running job on stderr, redrawn in place
// (≤ 10 times a second), with a plain line above them for each output finished. When stderr
// is not a terminal: only the plain lines, nothing redrawn, no escape codes.
import Foundation

final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let json: Bool
    private let live: Bool
    private var running: [(name: String, done: Int, total: Int)] = []
    private var drawnLines = 0
    private var lastDraw = Date.distantPast
    private var lastReported: [String: Int] = [:]

    init(json: Bool, terminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.json = json
        self.live = !json && terminal
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

    func start(_ name: String, frames: Int) {
        if json { emit(["event": "start", "name": name, "frames": frames]); return }
        lock.lock(); defer { lock.unlock() }
        running.append((name, 0, frames))
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
        if let i = running.firstIndex(where: { $0.name == name }) { running[i].done = done }
        redraw(force: false)
    }

    /// A finished output (done, skipped or error): a plain line, and the live block without it.
    func finished(_ name: String?, event: [String: Any?], line: String) {
        if json { emit(event); return }
        lock.lock(); defer { lock.unlock() }
        running.removeAll { $0.name == name }
        clearBlock()
        FileHandle.standardError.write(Data((line + "\n").utf8))
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

    private func redraw(force: Bool) {
        guard live else { return }
        let now = Date()
        guard force || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        clearBlock()
        var text = ""
        for r in running {
            let fraction = r.total > 0 ? Double(r.done) / Double(r.total) : 0
            let filled = Int(fraction * 20)
            text += "  \(r.name) " + String(repeating: "█", count: filled) + String(repeating: "·", count: 20 - filled)
                + String(format: " %3d%% %d/%d", Int(fraction * 100), r.done, r.total) + "\u{1B}[K\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
        drawnLines = running.count
    }
}
