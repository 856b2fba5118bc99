// `animexport … OUTPUT --segment-frames F [--parts DIR [--shard K/N]]`: a clip rendered as
// fixed segments (SegmentPlan.swift).
//
// With --parts, a worker renders its share of the segments into DIR, each a fresh encoder run
// (Video/SegmentEncoding.swift) written atomically, then its manifest (SegmentManifest.swift);
// OUTPUT only names the format and is not written: `animexport join DIR OUTPUT` writes it.
// Without --parts, this machine renders every segment into a hidden folder beside OUTPUT, joins
// them into OUTPUT (JoinCommand.swift) and removes the folder: the same bytes as N workers
// and a join, because each segment is encoded the same way wherever it is rendered.
import Foundation
import Video

func runSegmented(_ job: ExportPlan, _ request: SegmentRequest, _ parsed: ParsedArguments) throws(ExportError) -> Int32 {
    _ = CLIReporter(job, progress: false)     // the plan's notes and warnings, once
    try Interruption.requireWatchdog()
    let quiet = parsed.has("--quiet")
    let plan = SegmentPlan(totalFrames: job.frameCount, segmentFrames: request.segmentFrames)
    guard let parts = request.parts else { return try renderAndJoin(job, plan, parsed, quiet: quiet) }
    try makeFolder(parts)
    let mine = plan.segments(of: request.shard)
    let started = Date()
    for s in mine { try renderSegment(s, of: job, plan, parsed, into: parts, quiet: quiet) }
    if !quiet {
        let share = request.shard.map { "share \($0)" } ?? "every segment"
        print(visible(String(format: "rendered %d of %d segments (%@) into %@ in %.2f s", mine.count, plan.count, share, parts, Date().timeIntervalSince(started))))
    }
    return 0
}

/// One machine: every segment into a hidden folder beside OUTPUT, joined into OUTPUT.
private func renderAndJoin(_ job: ExportPlan, _ plan: SegmentPlan, _ parsed: ParsedArguments, quiet: Bool) throws(ExportError) -> Int32 {
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
    for s in 0..<plan.count { try renderSegment(s, of: job, plan, parsed, into: folder, quiet: true) }
    var audioFile: String? = nil
    if case .file(let path)? = job.media.audio?.kind { audioFile = path }
    let result = try joinSegments(in: folder, into: output, overwrite: job.overwrite, audioFile: audioFile)
    if !quiet { print(visible(result)) }
    return 0
}

/// Renders segment `s` of `job` into `folder` and writes its manifest after it.
private func renderSegment(_ s: Int, of job: ExportPlan, _ plan: SegmentPlan, _ parsed: ParsedArguments,
                           into folder: String, quiet: Bool) throws(ExportError) {
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
    _ = try runExport(segment, ExportRun(observer: CLIReporter(progress: !quiet), stop: .signals))
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
