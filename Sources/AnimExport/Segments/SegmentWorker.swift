// `animexport … OUTPUT --segment-frames F [--parts DIR [--shard K/N]]`: a clip rendered as
// fixed segments (SegmentPlan.swift).
//
// With --parts, a worker renders its share of the segments into DIR, each a fresh encoder run
// (Video/SegmentEncoding.swift) written atomically, then its manifest (SegmentManifest.swift);
// OUTPUT only names the format and is not written: `animexport join DIR OUTPUT` writes it.
// Without --parts, this machine renders every segment into a hidden folder beside OUTPUT, joins
// them into OUTPUT (JoinCommand.swift) and removes the folder: the same bytes as N workers
// and a join, because each segment is encoded the same way wherever it is rendered.
//
// --json: one machine reports as a plain render of OUTPUT (start, progress, done: RenderCommand.swift);
// a worker reports each segment file's start, progress and done, then
//   {"event":"segments","parts":DIR,"rendered":[s…],"segments":N,"shard":"K/N","seconds":S}
import Foundation
import Video

func runSegmented(_ job: ExportPlan, _ request: SegmentRequest, _ parsed: ParsedArguments) throws(ExportError) -> Int32 {
    _ = CLIReporter(job, progress: false)     // the plan's notes and warnings, once
    try Interruption.requireWatchdog()
    let quiet = parsed.has("--quiet")
    let events = parsed.has("--json") ? BatchProgress(json: true) : nil
    let plan = SegmentPlan(totalFrames: job.frameCount, segmentFrames: request.segmentFrames)
    guard let parts = request.parts else { return try renderAndJoin(job, plan, quiet: quiet, events: events, parsed) }
    try makeFolder(parts)
    let mine = plan.segments(of: request.shard)
    let started = Date()
    for s in mine {
        try renderSegment(s, of: job, plan, parsed, into: parts, observer: CLIReporter(progress: !quiet && events == nil, events: events))
    }
    let seconds = Date().timeIntervalSince(started)
    if let events {
        events.emit(["event": "segments", "parts": parts, "rendered": mine, "segments": plan.count,
                     "shard": request.shard.map { "\($0)" }, "seconds": (seconds * 1000).rounded() / 1000])
    } else if !quiet {
        let share = request.shard.map { "share \($0)" } ?? "every segment"
        print(visible(String(format: "rendered %d of %d segments (%@) into %@ in %.2f s", mine.count, plan.count, share, parts, seconds)))
    }
    return 0
}

/// One machine: every segment into a hidden folder beside OUTPUT, joined into OUTPUT. Its
/// reporting is a plain render's: one progress bar, or the start, progress and done events of
/// OUTPUT (SegmentedClipObserver).
private func renderAndJoin(_ job: ExportPlan, _ plan: SegmentPlan, quiet: Bool, events: BatchProgress?,
                           _ parsed: ParsedArguments) throws(ExportError) -> Int32 {
    let output = try checkDestination(job.output, overwrite: job.overwrite, extensions: OutputFormat.knownExtensions)
    let url = URL(fileURLWithPath: job.output)
    let folder = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).segments-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))").path
    try makeFolder(folder)
    // Removed on every way out: errors and a signal seen between frames (this defer), and a
    // signal the watchdog has to end the process for (its final report).
    Interruption.setFinalReport { _ in try? FileManager.default.removeItem(atPath: folder) }
    defer {
        Interruption.setFinalReport(nil)
        try? FileManager.default.removeItem(atPath: folder)
    }
    let clip = SegmentedClipObserver(CLIReporter(progress: !quiet && events == nil, events: events), output: output, frames: plan.totalFrames)
    for s in 0..<plan.count {
        clip.firstFrame = plan.frames(of: s).lowerBound
        try renderSegment(s, of: job, plan, parsed, into: folder, observer: clip)
    }
    var audioFile: String? = nil
    if case .file(let path)? = job.media.audio?.kind { audioFile = path }
    let joined = try joinSegments(in: folder, into: output, overwrite: job.overwrite, audioFile: audioFile)
    clip.finish(joined)
    if events == nil && !quiet { print(visible(joined.line)) }
    return 0
}

/// A clip rendered as segments, told to its reporter as one clip: started once for OUTPUT with
/// the clip's frames, each segment's frames counted from its first frame, done after the join.
private final class SegmentedClipObserver: ExportObserver {
    private let reporter: CLIReporter
    private let output: String
    private let frames: Int
    private var begun = false
    /// The clip frame the segment being rendered starts at.
    var firstFrame = 0

    init(_ reporter: CLIReporter, output: String, frames: Int) {
        self.reporter = reporter
        self.output = output
        self.frames = frames
    }

    func start(output _: String, frames _: Int, width: Int, height: Int) {
        guard !begun else { return }
        begun = true
        reporter.start(output: output, frames: frames, width: width, height: height)
    }

    func frame(_ done: Int, of _: Int) { reporter.frame(firstFrame + done, of: frames) }
    func note(_ message: String) { reporter.note(message) }
    func warning(_ message: String) { reporter.warning(message) }
    func done(_ result: ExportResult) {}     // a segment's file: the clip is done after the join

    func finish(_ joined: JoinedClip) {
        reporter.done(joined.file)
    }
}

/// Renders segment `s` of `job` into `folder` and writes its manifest after it.
private func renderSegment(_ s: Int, of job: ExportPlan, _ plan: SegmentPlan, _ parsed: ParsedArguments,
                           into folder: String, observer: ExportObserver) throws(ExportError) {
    let ext = URL(fileURLWithPath: job.output).pathExtension.lowercased()
    let settings = job.videoSettings
    let name = SegmentPlan.fileName(s, ext: settings.intermediateSegmentExtension ?? ext)
    let range = plan.frames(of: s)
    var segment = job
    segment.output = folder + "/" + name
    segment.overwrite = true
    segment.firstFrame = range.lowerBound
    segment.frameCount = range.count
    segment.segmentEncoding = true
    segment.notices = []
    segment.warnings = []
    _ = try runExport(segment, ExportRun(observer: observer, stop: .signals))
    let extradata: [UInt8]
    let fingerprint: String
    do {
        extradata = try SegmentJoiner.extradata(ofSegment: segment.output)
        var s = settings
        s.segmentEncoding = true
        fingerprint = try s.segmentFingerprint()
    } catch {
        throw .runtime("\(segment.output): \(error)")
    }
    guard let digest = SHA256.file(segment.output) else { throw .runtime("\(segment.output): cannot be read back") }
    let manifest = SegmentManifest(
        clip: segmentClipHash(job, parsed), index: s, segments: plan.count, firstFrame: range.lowerBound,
        frames: range.count, totalFrames: plan.totalFrames, segmentFrames: plan.segmentFrames,
        fps: "\(job.fps.num)/\(job.fps.den)", width: job.width, height: job.height, container: ext,
        codec: settings.format.codec.rawValue, encoder: SHA256.hex(fingerprint), extradata: SHA256.hex(Data(extradata)),
        file: name, sha256: digest.sha256, bytes: digest.bytes, audio: job.media.audio.map(manifestAudio),
        output: .init(alpha: settings.alpha, quality: settings.quality, loopCount: settings.loopCount,
                      matte: [Int(settings.matte.r), Int(settings.matte.g), Int(settings.matte.b)], gifPalette: settings.gifPalette.rawValue))
    try manifest.write(to: folder + "/" + SegmentPlan.manifestName(s))
}

private func manifestAudio(_ audio: AudioSource) -> SegmentManifest.Audio {
    switch audio.kind {
    case .silent: return .init(source: "silent", sha256: nil, fade: audio.fadeSeconds)
    case .file(let path): return .init(source: "file", sha256: SHA256.file(path)?.sha256, fade: audio.fadeSeconds)
    }
}

private func makeFolder(_ path: String) throws(ExportError) {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw .usage("--parts \(path): cannot create the folder (\(error.localizedDescription))")
    }
}
