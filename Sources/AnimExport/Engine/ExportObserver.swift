// ExportObserver and ExportStop — what an export tells the one who runs it, and when it stops.
//
// The engine prints nothing. It calls its observer, in this order for one output:
//
//   start(output:frames:width:height:)   before anything is checked or written
//   note(_:) / warning(_:)               as they arise (a target rendering again smaller, a
//                                        feature the renderer could not draw, …)
//   frame(_:of:)                         after each frame is handed to the encoder, on the
//                                        calling thread
//   done(_:)                             once the file has its name
//
// and asks its stop condition once per frame and during the encoder's last long steps
// (Video's `shouldStop`); a stop cancels the writer (its temporary is removed) and throws
// `ExportError.interrupted`. Every observer method has an empty default and `ExportStop.never`
// is the default condition: a library caller that passes neither gets nothing printed and an
// export that runs to its end. The command line passes its reporter (CLIReporter.swift: stderr,
// --json events, the progress bar) and the signal state (Interruption.swift).
import Foundation

/// Receives an export's events (see the header); every method defaults to doing nothing.
public protocol ExportObserver: AnyObject {
    func start(output: String, frames: Int, width: Int, height: Int)
    func frame(_ done: Int, of total: Int)
    func note(_ message: String)
    func warning(_ message: String)
    func done(_ result: ExportResult)
}

extension ExportObserver {
    public func start(output: String, frames: Int, width: Int, height: Int) {}
    public func frame(_ done: Int, of total: Int) {}
    public func note(_ message: String) {}
    public func warning(_ message: String) {}
    public func done(_ result: ExportResult) {}
}

/// The observer of a caller that wants no events.
public final class SilentObserver: ExportObserver {
    public init() {}
}

/// When an export stops early: `reason()` is nil to go on, or the number reported in
/// `ExportError.interrupted(signal:)` (the command line: the signal that arrived).
public struct ExportStop: Sendable {
    public let reason: @Sendable () -> Int32?

    public init(_ reason: @escaping @Sendable () -> Int32?) { self.reason = reason }

    /// Runs to the end.
    public static let never = ExportStop { nil }

    /// Throws `.interrupted` when the condition says stop.
    func check() throws(ExportError) {
        if let s = reason() { throw .interrupted(signal: s) }
    }

    /// Video's form of the condition.
    var shouldStop: @Sendable () -> Bool { { [reason] in reason() != nil } }
}

extension ExportPlan {
    /// Tells `observer` what resolving the job found: its notes, then its warnings.
    func tell(_ observer: any ExportObserver) {
        for note in notices { observer.note(note) }
        for warning in warnings { observer.warning(warning) }
    }
}
