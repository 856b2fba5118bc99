// Entry points for the benchmark executable (Sources/animexport-bench): build a job from the
// same arguments the CLI takes, and run an export, without going through `CLI.run`'s printing.
import Foundation
import Video

public enum BenchmarkSupport {
    /// The job `animexport <arguments>` would run, e.g. ["heart", "--size", "1920x1080", "out.mp4"].
    public static func job(_ arguments: [String], library: PresetLibrary = .standard()) throws(ExportError) -> ExportPlan {
        guard let command = arguments.first, let kind = AnimationKind(rawValue: command) else {
            throw .usage("benchmark: expected an animation name, got \(arguments.first ?? "nothing")")
        }
        let parsed = try parseArguments(Array(arguments.dropFirst()), flags: renderFlags, command: command)
        return try resolvePlan(animation: kind, args: parsed, library: library)
    }

    /// The encoder settings of `job`, as the exporter passes them to `MP4Writer`.
    public static func settings(of job: ExportPlan) -> H264Settings { job.h264Settings }

    /// Renders and encodes `job` like the CLI (no progress bar); `pipelined` nil = the CLI's default.
    /// `onFrame` is called on the encoding thread with the number of frames encoded so far.
    public static func export(_ job: ExportPlan, pipelined: Bool? = nil,
                              onFrame: ((Int) -> Void)? = nil) throws(ExportError) -> ExportResult {
        let observer = FrameCounter(onFrame)
        return try runExport(job, ExportRun(observer: observer, pipelined: pipelined))
    }
}

/// Passes the number of frames encoded so far to a closure (the bench's allocation counter).
private final class FrameCounter: ExportObserver {
    let onFrame: ((Int) -> Void)?
    init(_ onFrame: ((Int) -> Void)?) { self.onFrame = onFrame }
    func frame(_ done: Int, of total: Int) { onFrame?(done) }
}

extension BenchmarkSupport {
    /// The writer settings of `job` for its output's format (MediaWriter).
    public static func videoSettings(of job: ExportPlan) -> VideoSettings { job.videoSettings }
}
