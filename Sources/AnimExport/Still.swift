// `animexport still <animation> [--preset …] [--time T] OUTPUT.png`: one frame as a PNG.
//
// The same flags as the video command (preset, scale/size, background) pick what is drawn;
// the frame at animation time T is rendered by the same code path as a video frame and
// written through libavcodec's PNG encoder as straight-alpha RGBA, atomically.
import Foundation
import Raster
import Scenes
import Video

let stillFlags: [FlagSpec] = [FlagSpec("--time", value: "T", help: "animation time of the still, seconds (default 0)")]
    + renderFlags.filter { ["--preset", "--scale", "--size", "--background", "--font", "--strict", "--output", "-y", "--quiet", "--verbose", "--help"].contains($0.name) }

func stillHelp() -> String {
    """
    Usage: animexport still <animation> [options] OUTPUT.png

    Renders the frame at animation time T as an RGBA PNG (straight alpha), with the same
    preset, size and background handling as the video command (no even-size rounding).

    Options:
    \(helpTable(stillFlags))
    """
}

/// Runs `still` with the arguments after the word "still".
func runStill(_ args: [String], library: PresetLibrary) throws(ExportError) -> Int32 {
    if args.isEmpty || args.contains("--help") || args.contains("-h") {
        print(args.first.map(isLottiePath) == true ? lottieStillHelp() : stillHelp())
        return args.isEmpty ? 2 : 0
    }
    if isLottiePath(args[0]) { return try runLottieStill(args[0], Array(args.dropFirst()), library: library) }
    guard let kind = AnimationKind(rawValue: args[0]) else {
        if let error = notLottieFile(args[0], command: "still: ") { throw error }
        let known = AnimationKind.allCases.map(\.rawValue)
        let hint = nearest(to: args[0], in: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw .usage("still: unknown animation '\(args[0])'\(hint); known: \(known.joined(separator: ", "))")
    }
    let parsed = try parseArguments(Array(args.dropFirst()), flags: stillFlags, command: "still")
    let time = try parsed.value("--time").map { s throws(ExportError) in try parseDouble(s, flag: "--time", range: 0...Limits.maxSeconds) } ?? 0
    let job = try resolvePlan(animation: kind, args: parsed, library: library, video: false)
    let reporter = CLIReporter(job, progress: false)
    try Interruption.requireWatchdog()
    try writeStill(job, at: time, observer: reporter)
    if !parsed.has("--quiet") { print(visible("wrote \(job.output) (\(job.width)×\(job.height), t = \(format(time)) s)")) }
    return 0
}

/// Renders the frame of `job` at `t` and writes it to `job.output` as an RGBA PNG (atomically);
/// what the renderer could not draw is told to `observer` as warnings.
func writeStill(_ job: ExportPlan, at t: Double, observer: any ExportObserver) throws(ExportError) {
    let destination = try checkDestination(job.output, overwrite: job.overwrite, extensions: ["png"])
    try checkJobMemory(job.memoryNeed(still: true), verbose: job.verbose, what: job.output)
    let frames = FrameRenderer(job)
    let canvas = Canvas(width: job.width, height: job.height)
    try frames.render(at: t, on: canvas)
    for message in frames.report.messages { observer.warning("\(job.output): \(message)") }
    let pixels = canvas.straightRGBA8()
    do {
        try pixels.withUnsafeBytes { bytes in
            try PNGWriter.write(rgba: bytes, width: canvas.width, height: canvas.height, bytesPerRow: canvas.width * 4, to: destination)
        }
    } catch {
        throw .runtime("\(job.output): \(error)")
    }
}

/// The frame of `job` at animation time `t` (previews, contact sheets: the video's own export
/// reports what could not be drawn).
func renderStill(_ job: ExportPlan, at t: Double) throws(ExportError) -> Canvas {
    let canvas = Canvas(width: job.width, height: job.height)
    try FrameRenderer(job).render(at: t, on: canvas)
    return canvas
}
