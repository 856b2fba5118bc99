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
    try runRenderJob(try resolvePlan(animation: kind, args: parsed, library: library), parsed)
}

/// Exports a resolved job with the command's reporting (a Lottie file's job comes from LottieCommand.swift).
func runRenderJob(_ job: ExportPlan, _ parsed: ParsedArguments) throws(ExportError) -> Int32 {
    if let request = try SegmentRequest(parsed, job: job) { return try runSegmented(job, request, parsed) }  // Segments/
    let json = parsed.has("--json"), quiet = parsed.has("--quiet")
    let reporter = CLIReporter(job, progress: !json && !quiet, events: json ? BatchProgress(json: true) : nil)
    try Interruption.requireWatchdog()
    let result = try runExport(job, ExportRun(observer: reporter, stop: .signals))
    let line = String(format: "wrote %@ (%d×%d, %d frames, %.3f s, %@)", result.path, result.width, result.height,
                      result.frames, result.seconds, byteCount(result.bytes))
    if json {
        if !quiet { printError(line) }
    } else if !quiet {
        print(visible(line))
    }
    return 0
}
