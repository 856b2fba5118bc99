// Progress on stderr: a live bar only when stderr is a terminal; nothing decorative otherwise.
import Foundation

final class ProgressBar {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast

    init(total: Int, label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total; self.label = label; self.enabled = enabled
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let width = 28
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let elapsed = now.timeIntervalSince(started)
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let line = String(format: "\r%@ %@ %3d%% %d/%d frames %.1f fps", label, bar, Int(fraction * 100), done, total, fps)
        FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
