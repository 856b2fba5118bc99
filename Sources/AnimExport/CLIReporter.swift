// CLIReporter — the command line's ExportObserver: what one export says on the terminal.
//
//   notes, warnings   one line each on stderr ("animexport: note: …", "animexport: warning: …")
//   progress          a live bar on stderr when it is a terminal (Progress.swift), unless --quiet
//                     or --json; with --json the start, progress (every 10 %) and done events
//                     on stdout (RenderCommand.swift's header)
//   --verbose         a line when the last frame is in and the encoder finishes the file
//   frames            also passed to `onFrame` (batch's progress lines)
// The stop condition of the command line is the signal state: `ExportStop.signals`.
import Foundation

final class CLIReporter: ExportObserver {
    private let showBar: Bool
    private let events: BatchProgress?
    private let verbose: Bool
    private let onFrame: ((Int, Int) -> Void)?
    private var bar: ProgressBar?
    private var output = ""
    private var started = Date()

    /// `progress`: a bar on a terminal; `events`: --json events; `onFrame(done, total)`: batch's lines.
    init(progress: Bool, events: BatchProgress? = nil, verbose: Bool = false, onFrame: ((Int, Int) -> Void)? = nil) {
        showBar = progress
        self.events = events
        self.verbose = verbose
        self.onFrame = onFrame
    }

    /// The reporter of one command's job, which says the job's notes and warnings at once.
    convenience init(_ job: ExportPlan, progress: Bool, events: BatchProgress? = nil) {
        self.init(progress: progress, events: events, verbose: job.verbose)
        job.tell(self)
    }

    func start(output: String, frames: Int, width: Int, height: Int) {
        self.output = output
        started = Date()
        events?.emit(["event": "start", "name": output, "frames": frames, "width": width, "height": height])
    }

    func frame(_ done: Int, of total: Int) {
        if bar == nil {     // (again after a note: a target's render at a smaller size)
            bar = ProgressBar(total: total, label: URL(fileURLWithPath: output).lastPathComponent,
                              enabled: showBar && isatty(STDERR_FILENO) == 1)
        }
        bar?.update(done)
        events?.frame(output, done: done, total: total)
        onFrame?(done, total)
        if verbose && done == total {
            // The encoder still holds its look-ahead: with slow presets this is seconds after the last frame.
            FileHandle.standardError.write(Data("\(visible(output)): \(total) frames rendered; finishing the file (encoder flush, trailer)\n".utf8))
        }
    }

    func note(_ message: String) {
        endBar()
        printError("animexport: note: \(message)")
    }

    func warning(_ message: String) {
        endBar()
        printError("animexport: warning: \(message)")
    }

    func done(_ result: ExportResult) {
        endBar()
        events?.emit(["event": "done", "name": output, "frames": result.frames, "bytes": result.bytes,
                      "seconds": (Date().timeIntervalSince(started) * 1000).rounded() / 1000])
    }

    /// Clears the live bar (before a message, at the end, or when the export failed).
    func endBar() {
        bar?.finish()
        bar = nil
    }
}

extension ExportStop {
    /// The command line's condition: a SIGINT or SIGTERM arrived (Interruption.swift).
    static let signals = ExportStop { Interruption.pending }
}
