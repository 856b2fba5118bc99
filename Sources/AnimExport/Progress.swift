// Progress on stderr: a live line only when stderr is a terminal; nothing decorative otherwise.
//
// The line fits the terminal's width (read with TIOCGWINSZ at every redraw, and redrawn at
// once after SIGWINCH), so it never wraps: label, bar, percent, frames, frame rate, elapsed
// time and ETA, dropping the least useful parts first when the terminal is narrow. Redrawn at
// most 10 times a second.
import Foundation
import Synchronization

/// The width of the terminal on `fd`, if it is one.
func terminalColumns(_ fd: Int32 = STDERR_FILENO) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
}

/// SIGWINCH: the terminal changed size; the next progress update redraws at the new width.
enum TerminalResize {
    private static let changed = Atomic<Bool>(false)
    private static let installed = Atomic<Bool>(false)

    static func install() {
        guard !installed.exchange(true, ordering: .relaxed) else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in TerminalResize.changed.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)
    }

    /// Whether the size changed since the last call.
    static func takeChange() -> Bool { changed.exchange(false, ordering: .relaxed) }
}

/// "0:07", "1:02:03".
func clockText(_ seconds: Double) -> String {
    let s = max(0, Int(seconds.rounded()))
    return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
}

/// One progress line of at most `columns` characters. Parts are dropped in this order when
/// they do not fit: frame rate, ETA, elapsed, frame counts; then the bar shrinks and the
/// label is cut.
func progressLine(label: String, done: Int, total: Int, elapsed: Double, columns: Int) -> String {
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
    let percent = String(format: "%3d%%", Int(fraction * 100))
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let eta = done >= total ? clockText(0) : done > 0 ? clockText(elapsed * Double(total - done) / Double(done)) : "-:--"
    var extras = ["\(done)/\(total) frames", "\(clockText(elapsed)) elapsed", "ETA \(eta)", String(format: "%.1f fps", rate)]
    let budget = max(columns - 1, 8)                        // the last column stays free (no wrap)
    func line(barWidth: Int, label: String) -> String {
        let filled = Int(fraction * Double(barWidth))
        let bar = barWidth > 0 ? " " + String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled) : ""
        return ([label + bar, percent] + extras).filter { !$0.isEmpty }.joined(separator: " ")
    }
    while true {
        for barWidth in stride(from: 28, through: 8, by: -4) where line(barWidth: barWidth, label: label).count <= budget {
            return line(barWidth: barWidth, label: label)
        }
        if extras.isEmpty { break }
        extras.removeLast()
    }
    var cut = label
    while !cut.isEmpty && line(barWidth: 0, label: cut + "…").count > budget { cut.removeLast() }
    let short = line(barWidth: 0, label: cut.isEmpty ? "" : cut + "…")
    return String(short.prefix(budget))
}

final class ProgressBar {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast

    init(total: Int, label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total; self.label = visible(label); self.enabled = enabled
        if enabled { TerminalResize.install() }
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let now = Date()
        let resized = TerminalResize.takeChange()
        guard resized || done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        let line = progressLine(label: label, done: done, total: total, elapsed: now.timeIntervalSince(started),
                                columns: terminalColumns() ?? 80)
        FileHandle.standardError.write(Data(("\r" + line + "\u{1B}[K").utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// One diagnostic on stderr; control characters from presets or names (line breaks too,
/// unless `lines` says the text is animexport's own multi-line text) are shown escaped.
func printError(_ message: String, lines: Bool = false) {
    FileHandle.standardError.write(Data((visible(message, keepNewlines: lines) + "\n").utf8))
}
