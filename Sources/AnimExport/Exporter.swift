// Runs an export plan: the source at t → FrameRenderer (Engine/) → RGBA frame → the output's
// writer (MediaWriter: any format of OutputFormat's table), on one thread or with the render
// thread of FramePipeline.swift; what happens goes to the plan's observer, and the stop condition
// is asked every frame (Engine/ExportObserver.swift).
//
// The destination is checked before any work (folder exists and is writable, the file is
// not a folder, an existing file needs -y); the writer writes a temporary file beside it and
// renames it only when complete, so a failure leaves the destination as it was.
import Foundation
import Raster
import Render
import Scenes
import Video

public struct ExportResult: Sendable {
    public var path: String
    public var frames: Int
    public var bytes: Int
    public var seconds: Double
    public var width: Int
    public var height: Int
    /// What was written (VideoCodec name, stored pixel format, alpha kept, audio codec or nil).
    public var codec: String = "h264"
    public var pixelFormat: String = "yuv420p"
    public var alpha: Bool = false
    public var audio: String? = nil
}

/// Whether exports render on a second thread while the encoder runs (FramePipeline.swift).
/// `ANIMEXPORT_PIPELINE=0` turns it off (the output is the same bytes either way).
let exportPipelinedByDefault = ProcessInfo.processInfo.environment["ANIMEXPORT_PIPELINE"] != "0"

/// How one export runs: who hears of it, when it stops, and the thread layout.
struct ExportRun {
    var observer: any ExportObserver = SilentObserver()
    var stop = ExportStop.never
    /// nil: `exportPipelinedByDefault`.
    var pipelined: Bool? = nil
}

/// Renders every frame of `job` into its output, telling `run.observer` (ExportObserver.swift).
/// With a delivery target the file is read back and checked before it takes OUTPUT's name.
/// `memoryChecked`: the caller (batch) has already weighed the job's memory estimate.
func runExport(_ job: ExportPlan, _ run: ExportRun = ExportRun(), memoryChecked: Bool = false) throws(ExportError) -> ExportResult {
    run.observer.start(output: job.output, frames: job.frameCount, width: job.width, height: job.height)
    let destination = try checkOutputDestination(job)
    if !memoryChecked { try checkJobMemory(job.memoryNeed(), verbose: job.verbose, what: job.output) }
    FFmpegLog.setVerbose(job.verbose)
    let result: ExportResult
    if let target = job.media.target {
        result = try exportForTarget(job, target, run)
    } else {
        result = try exportOnce(job, to: destination, run)
    }
    run.observer.done(result)
    return result
}

/// Renders `job` into `destination` (OUTPUT, or a hidden file a target check reads first).
func exportOnce(_ job: ExportPlan, to destination: String, _ run: ExportRun) throws(ExportError) -> ExportResult {
    let writer = try openWriter(job, destination: destination, stop: run.stop)
    do {
        let report = run.pipelined ?? exportPipelinedByDefault
            ? try encodePipelined(job, writer: writer, run)
            : try encodeInOrder(job, writer: writer, run)
        try run.stop.check()
        let summary = try writer.finish()
        for message in report.messages { run.observer.warning("\(job.output): \(message)") }
        return ExportResult(path: job.output, frames: summary.frames, bytes: summary.bytes, seconds: summary.durationSeconds,
                            width: job.width, height: job.height, codec: summary.codec ?? "h264",
                            pixelFormat: summary.pixelFormat ?? "yuv420p", alpha: summary.alpha, audio: summary.audio)
    } catch let error as ExportError {
        writer.cancel()
        throw error
    } catch {
        writer.cancel()
        if case VideoError.stopped = error, let signal = run.stop.reason() { throw .interrupted(signal: signal) }
        throw .runtime("\(job.output): \(error)")
    }
}

/// The writer of `job`'s format at `destination`; settings FFmpeg refuses (an unknown --param, a
/// bad value) are the user's input: exit 2.
private func openWriter(_ job: ExportPlan, destination: String, stop: ExportStop) throws(ExportError) -> MediaWriter {
    var settings = job.videoSettings
    settings.shouldStop = stop.shouldStop
    do {
        return try MediaWriter(destination: destination, settings: settings)
    } catch {
        switch error {
        case .unknownOptions, .invalidSettings: throw .usage("\(job.output): \(error)")
        case .ffmpeg(let operation, let code, _, _) where operation.hasPrefix("avcodec_open2") && (code == -EINVAL || code == -ERANGE):
            throw .usage("\(job.output): \(error)")
        case .ffmpeg(let operation, let code, _, _) where operation.hasPrefix("avcodec_open2") && code == averrorExternal:
            // libx264 says no more than this when it cannot start its threads or allocate its state.
            throw .runtime("\(job.output): \(error); libx264 could not start (its threads or memory: check ulimit -u / ulimit -v, or a container's limits)")
        default: throw .runtime("\(job.output): \(error)")
        }
    }
}

/// Renders and encodes frame after frame on this thread; returns what the renderer could not draw.
private func encodeInOrder(_ job: ExportPlan, writer: MediaWriter, _ run: ExportRun) throws -> RenderReport {
    let canvas = Canvas(width: job.width, height: job.height)
    let frames = FrameRenderer(job)
    for i in 0..<job.frameCount {
        try run.stop.check()
        try frames.render(at: job.time(ofFrame: i), on: canvas)
        try canvas.withUnsafeBytes { bytes in
            try writer.append(rgba: bytes, bytesPerRow: canvas.bytesPerRow)
        }
        run.observer.frame(i + 1, of: job.frameCount)
    }
    return frames.report
}

/// FFmpeg's AVERROR_EXTERNAL (FFERRTAG('E','X','T',' ')): "Generic error in an external library".
let averrorExternal: Int32 = -542_398_533

/// Frames in flight between the render thread and the encoder. With 2 the render thread may be
/// only one frame ahead, and on 2 cores, where x264's threads keep both busy, the scheduler
/// often leaves it behind: the encoding thread then waits for frames. Measured (heart 1920×1080,
/// 600 frames, time the encoding thread spent waiting): depth 2: 90–620 ms, depth 3: 15–25 ms,
/// depth 4: 0.3–16 ms, for 3.1 MB (one encoder frame) more per step. 3 takes nearly all of it.
let pipelineDepth = 3

/// Renders (and, where the writer takes encoder frames, converts) on a second thread
/// (FramePipeline) while this thread encodes: every encoder pixel format converts only the rows
/// and columns that changed (FrameConverter.update); GIF and PNG sequences take the canvas.
/// Returns what the renderer could not draw.
private func encodePipelined(_ job: ExportPlan, writer: MediaWriter, _ run: ExportRun) throws -> RenderReport {
    let slots: [FrameSlot]
    var converter: FrameConverter? = nil
    let renderCanvas: Canvas?
    if let format = writer.encoderFrameFormat {
        slots = try (0..<pipelineDepth).map { _ in FrameSlot(picture: try EncoderFrame(width: job.width, height: job.height, pixelFormat: format)) }
        converter = try FrameConverter(width: job.width, height: job.height, format: format)
        renderCanvas = Canvas(width: job.width, height: job.height)
    } else {
        slots = (0..<pipelineDepth).map { _ in FrameSlot(canvas: Canvas(width: job.width, height: job.height)) }
        renderCanvas = nil
    }
    let pipeline = FramePipeline(slots: slots)
    let state = RenderThreadState(job: job, canvas: renderCanvas, converter: converter)
    try pipeline.start(count: job.frameCount) { i, slot in try state.produce(frame: i, into: slot) }
    defer { pipeline.stop() }
    var i = 0
    while let (index, slot) = pipeline.next() {
        try run.stop.check()
        if let canvas = slot.canvas {
            try canvas.withUnsafeBytes { bytes in
                try writer.append(rgba: bytes, bytesPerRow: canvas.bytesPerRow)
            }
        } else if let picture = slot.picture {
            try writer.append(picture)
        }
        pipeline.recycle(index)
        i += 1
        run.observer.frame(i, of: job.frameCount)
    }
    if let error = pipeline.renderError { throw error }
    guard i == job.frameCount else { throw ExportError.runtime("renderer stopped after \(i) of \(job.frameCount) frames") }
    pipeline.stop()   // the render thread has finished: its report is complete
    return state.frames.report
}

/// What the render thread owns (used by that thread only, hence @unchecked Sendable).
private final class RenderThreadState: @unchecked Sendable {
    let job: ExportPlan
    /// The frame loop, with what could not be drawn over all frames so far.
    let frames: FrameRenderer
    let canvas: Canvas?
    let converter: FrameConverter?

    init(job: ExportPlan, canvas: Canvas?, converter: FrameConverter?) {
        self.job = job
        frames = FrameRenderer(job)
        self.canvas = canvas
        self.converter = converter
    }

    /// Renders frame i into the slot's canvas, or into our canvas and converts it into the slot's
    /// encoder frame: only where this frame and the one the slot holds can differ.
    func produce(frame i: Int, into slot: FrameSlot) throws {
        let t = job.time(ofFrame: i)
        if let converter, let canvas, let picture = slot.picture {
            try frames.render(at: t, on: canvas)
            try picture.makeWritable()
            try convert(canvas, with: converter, into: picture, recordedIn: slot.pictureArea)
        } else if let canvas = slot.canvas {
            try frames.render(at: t, on: canvas)
        }
    }

    /// Converts `canvas` into `picture` only where it can differ from the frame `record`
    /// describes (row by row), or whole when the record cannot tell; then records the canvas.
    private func convert(_ canvas: Canvas, with converter: FrameConverter, into picture: EncoderFrame,
                         recordedIn record: DrawnRowsRecord) throws {
        do {
            try canvas.withUnsafeBytes { bytes in
                if let area = canvas.drawnArea, let rows = record.rowsThatCanDiffer(from: area) {
                    try converter.update(picture, from: bytes, bytesPerRow: canvas.bytesPerRow, rows: rows) { y in
                        record.changedColumns(ofRow: y, comparedWith: canvas)
                    }
                } else {
                    try converter.convert(rgba: bytes, bytesPerRow: canvas.bytesPerRow, into: picture)
                }
            }
        } catch {
            record.forget()  // (the picture may be half updated)
            throw error
        }
        record.record(canvas)
    }
}

