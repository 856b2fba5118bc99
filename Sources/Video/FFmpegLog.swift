import CFFmpeg
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// FFmpeg's process-global log, routed through one capture callback.
///
/// By default nothing is printed: lines logged by objects this module created
/// (codec and format contexts) are kept per object so that errors can quote
/// them. `setVerbose(true)` additionally forwards every line at `AV_LOG_INFO`
/// or more severe to stderr.
///
/// Note: libx264 prints a few messages straight to stderr without going through
/// `av_log` (for example "x264 [error]: invalid preset 'bogus'" while parsing
/// presets); those cannot be captured or silenced here.
public enum FFmpegLog {
    /// Forward FFmpeg's log lines (info and more severe) to stderr.
    public static func setVerbose(_ on: Bool) {
        install()
        logState.withLock { $0.verbose = on }
    }

    /// Whether lines are forwarded to stderr.
    public static var isVerbose: Bool {
        logState.withLock { $0.verbose }
    }

    /// The FFmpeg version string of the linked libraries (e.g. "5.1.9-0+deb12u1").
    public static var libraryVersion: String {
        String(cString: av_version_info())
    }

    /// Installs the capture callback (idempotent, thread-safe).
    static func install() {
        _ = installOnce
    }

    private static let installOnce: Void = {
        av_log_set_callback { avcl, level, fmt, args in
            ffmpegLogCallback(avcl, level, fmt, args)
        }
    }()
}

/// One captured line.
struct LogLine: Sendable {
    var level: Int32
    var text: String
}

struct LogState: Sendable {
    var verbose = false
    /// Lines per watched object address (an `AVCodecContext*`, `AVFormatContext*`, ...).
    var watched: [UInt: [LogLine]] = [:]
    /// Partial line being assembled per object (FFmpeg may log a line in pieces).
    var pending: [UInt: (level: Int32, text: String)] = [:]
}

let logState = Mutex(LogState())

/// Keep at most this many lines per watched object (oldest dropped).
private let maxLinesPerObject = 200

/// Registers objects whose log lines should be kept, and reads them back.
enum LogCapture {
    static func watch(_ object: UnsafeMutableRawPointer?) {
        guard let object else { return }
        FFmpegLog.install()
        let key = UInt(bitPattern: object)
        logState.withLock { state in
            state.watched[key] = []
            state.pending[key] = nil
        }
    }

    /// Stops watching and returns what was captured.
    @discardableResult
    static func unwatch(_ object: UnsafeMutableRawPointer?) -> [LogLine] {
        guard let object else { return [] }
        let key = UInt(bitPattern: object)
        return logState.withLock { state in
            state.pending[key] = nil
            return state.watched.removeValue(forKey: key) ?? []
        }
    }

    /// Lines captured so far for `object`.
    static func lines(_ object: UnsafeMutableRawPointer?) -> [LogLine] {
        guard let object else { return [] }
        let key = UInt(bitPattern: object)
        return logState.withLock { $0.watched[key] ?? [] }
    }

    /// Clears what was captured so far for `object` (keeps watching it).
    static func clear(_ object: UnsafeMutableRawPointer?) {
        guard let object else { return }
        let key = UInt(bitPattern: object)
        logState.withLock { state in
            if state.watched[key] != nil { state.watched[key] = [] }
        }
    }

    /// The lines worth quoting in an error: errors (and worse) if any were
    /// logged, otherwise warnings.
    static func errorLines(_ objects: [UnsafeMutableRawPointer?]) -> [String] {
        let all = objects.flatMap { lines($0) }
        let errors = all.filter { $0.level <= AV_LOG_ERROR }
        let chosen = errors.isEmpty ? all.filter { $0.level <= AV_LOG_WARNING } : errors
        // Keep the error text short: the last few lines carry the cause.
        return chosen.suffix(4).map(\.text)
    }
}

private func ffmpegLogCallback(
    _ avcl: UnsafeMutableRawPointer?, _ level: Int32, _ fmt: UnsafePointer<CChar>?,
    _ args: CVaListPointer?
) {
    // FFmpeg calls the callback for every level (filtering happens in the
    // default callback we replaced), so drop debug/trace cheaply first.
    guard let fmt, let args, level <= AV_LOG_INFO else { return }
    let key = avcl.map { UInt(bitPattern: $0) } ?? 0
    let (watching, verbose) = logState.withLock { ($0.watched[key] != nil, $0.verbose) }
    guard watching || verbose else { return }

    var printPrefix: Int32 = 0
    let text: String = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buf in
        buf.initialize(repeating: 0)
        _ = av_log_format_line2(avcl, level, fmt, args, buf.baseAddress, 1024, &printPrefix)
        return String(cString: buf.baseAddress!)
    }
    let name = cff_log_item_name(avcl).map { String(cString: $0) }

    var complete: [(Int32, String)] = []
    logState.withLock { state in
        var (lineLevel, buffer) = state.pending[key] ?? (level, "")
        lineLevel = min(lineLevel, level)
        buffer += text
        var parts = buffer.split(separator: "\n", omittingEmptySubsequences: false)
        let rest = String(parts.removeLast())
        for part in parts {
            let t = part.trimmingCharacters()
            if !t.isEmpty { complete.append((lineLevel, t)) }
        }
        state.pending[key] = rest.isEmpty ? nil : (lineLevel, rest)
        if state.watched[key] != nil {
            for (lv, t) in complete {
                let shown = name.map { "[\($0)] \(t)" } ?? t
                state.watched[key]!.append(LogLine(level: lv, text: shown))
            }
            if state.watched[key]!.count > maxLinesPerObject {
                state.watched[key]!.removeFirst(state.watched[key]!.count - maxLinesPerObject)
            }
        }
    }
    if verbose {
        for (_, t) in complete {
            let shown = name.map { "[\($0)] \(t)\n" } ?? "\(t)\n"
            writeToStderr(shown)
        }
    }
}

/// Writes to file descriptor 2 (the `stderr` FILE* global is not concurrency-safe in Swift 6).
func writeToStderr(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let n = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 { break }
            offset += n
        }
    }
}

extension Substring {
    /// Trims ASCII whitespace (no Foundation).
    func trimmingCharacters() -> String {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}

// MARK: - error helpers

/// `av_strerror`'s message for an FFmpeg error code.
func averrorString(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(AV_ERROR_MAX_STRING_SIZE)) { buf in
        buf.initialize(repeating: 0)
        if av_strerror(code, buf.baseAddress, Int(AV_ERROR_MAX_STRING_SIZE)) < 0 {
            return "error \(code)"
        }
        return String(cString: buf.baseAddress!)
    }
}

/// Builds a `VideoError.ffmpeg` quoting the log lines of `objects`.
func ffmpegError(_ operation: String, _ code: Int32,
                 _ objects: [UnsafeMutableRawPointer?] = []) -> VideoError {
    .ffmpeg(operation: operation, code: code, message: averrorString(code),
            log: LogCapture.errorLines(objects))
}

let AVERROR_EOF_: Int32 = cff_averror_eof()
let AVERROR_EAGAIN_: Int32 = cff_averror_eagain()
let AV_NOPTS_VALUE_: Int64 = cff_nopts_value()
