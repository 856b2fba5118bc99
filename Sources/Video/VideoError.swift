#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every failure of the Video module. Each case renders as one line through
/// `description`, suitable for a CLI error message.
public enum VideoError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The settings cannot be used (odd size, bad frame rate, ...).
    case invalidSettings(String)
    /// The input given to a call is wrong (buffer too small, bad stride, ...).
    case invalidInput(String)
    /// A codec this build of libavcodec does not provide (e.g. libx264).
    case encoderUnavailable(String)
    /// An FFmpeg call failed. `message` is `av_strerror`'s text for `code`;
    /// `log` holds the error/warning lines FFmpeg logged for this object meanwhile.
    case ffmpeg(operation: String, code: Int32, message: String, log: [String])
    /// Options passed to the encoder that FFmpeg did not recognise (left unconsumed).
    case unknownOptions(keys: [String])
    /// A file-system call failed (`errno` value, with `strerror` text in the description).
    case io(operation: String, path: String, errno: Int32)
    /// A file that could not be parsed or has no usable content.
    case invalidFile(path: String, reason: String)
    /// The object was already finished, cancelled or failed.
    case closed
    /// `VideoSettings.shouldStop` said to stop (a signal arrived) during a long step of `finish`.
    case stopped

    public var description: String {
        switch self {
        case .invalidSettings(let s):
            return "invalid video settings: \(s)"
        case .invalidInput(let s):
            return "invalid input: \(s)"
        case .encoderUnavailable(let s):
            return "encoder unavailable: \(s)"
        case let .ffmpeg(operation, code, message, log):
            var line = "\(operation) failed: \(message) (\(code))"
            if !log.isEmpty {
                line += " — " + log.joined(separator: "; ")
            }
            return line
        case .unknownOptions(let keys):
            return "unknown encoder option\(keys.count == 1 ? "" : "s"): "
                + keys.joined(separator: ", ")
        case let .io(operation, path, err):
            return "\(operation) '\(path)' failed: \(String(cString: strerror(err))) (errno \(err))"
        case let .invalidFile(path, reason):
            return "invalid file '\(path)': \(reason)"
        case .closed:
            return "the writer is already finished, cancelled or failed"
        case .stopped:
            return "stopped before the file was complete"
        }
    }
}
