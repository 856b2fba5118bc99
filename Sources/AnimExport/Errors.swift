// Errors of the export layer and how they map to exit codes.
//
// Every error renders as ONE line that names what is wrong (file, field, allowed range).
// Exit codes: 0 success, 1 runtime failure (encoder, disk), 2 usage or validation error,
// 128 + signal when interrupted (130 SIGINT, 143 SIGTERM).
import Glibc

public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// Bad command line: unknown flag, missing value, out-of-range number.
    case usage(String)
    /// A preset file (or a flag value) failed validation. `file` may be nil for flags.
    case invalid(file: String?, field: String, message: String)
    /// Something failed while running: encoder, file system, rendering.
    case runtime(String)
    /// SIGINT or SIGTERM arrived; temporaries were removed.
    case interrupted(signal: Int32)

    public var exitCode: Int32 {
        switch self {
        case .usage, .invalid: return 2
        case .runtime: return 1
        case .interrupted(let signal): return 128 + signal
        }
    }

    public var description: String {
        switch self {
        case .usage(let m): return m
        case .invalid(let file?, let field, let m): return "\(file): \(field): \(m)"
        case .invalid(nil, let field, let m): return "\(field): \(m)"
        case .runtime(let m): return m
        case .interrupted(let signal): return "interrupted by \(signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"); nothing was written"
        }
    }
}
