// `animexport <animation> [options] OUTPUT.mp4`: one clip, with its reporting — a progress line
// on a terminal, nothing decorative otherwise; `--json` events on stdout; `-q` silence.
//
// --json (one object per line on stdout, keys sorted, the same shapes as batch --json):
//   {"event":"start","name":OUTPUT,"frames":N,"width":W,"height":H}
//   {"event":"progress","name":OUTPUT,"frame":i,"frames":N}      (every 10 % of the clip)
//   {"event":"done","name":OUTPUT,"frames":N,"bytes":B,"seconds":S}
// An error is still one line on stderr (and the exit code); notes stay on stderr.
import Foundation

func runRender(_ kind: AnimationKind, _ parsed: ParsedArguments, library: PresetLibrary) throws(ExportError) -> Int32 {
    try runRenderJob(try resolveJob(animation: kind, args: parsed, library: library), parsed)
}

/// Exports a resolved job with the command's reporting (a Lottie file's job comes from LottieCommand.swift).
func runRenderJob(_ job: RenderJob, _ parsed: ParsedArguments) throws(ExportError) -> Int32 {
    if let request = try SegmentRequest(parsed, job: job) { return try runSegmented(job, request, parsed) }  // Segments/
    for notice in job.notices { printError("animexport: note: \(notice)") }
    for warning in job.warnings { printError("animexport: warning: \(warning)") }
    let json = parsed.has("--json"), quiet = parsed.has("--quiet")
    let events = json ? BatchProgress(json: true) : nil
    events?.emit(["event": "start", "name": job.output, "frames": job.frameCount, "width": job.width, "height": job.height])
    let started = Date()
    let result = try runExport(job, progress: !json && !quiet, onFrame: events.map { e in
        { done in e.frame(job.output, done: done, total: job.frameCount) }
    })
    let line = String(format: "wrote %@ (%d×%d, %d frames, %.3f s, %@)", result.path, result.width, result.height,
                      result.frames, result.seconds, byteCount(result.bytes))
    if let events {
        events.emit(["event": "done", "name": job.output, "frames": result.frames, "bytes": result.bytes,
                     "seconds": (Date().timeIntervalSince(started) * 1000).rounded() / 1000])
        if !quiet { printError(line) }
    } else if !quiet {
        print(visible(line))
    }
    return 0
}
