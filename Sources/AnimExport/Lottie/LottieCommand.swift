// `animexport FILE.json [options] OUTPUT|--null` and `animexport still FILE.json [--time T |
// --frame F] OUT.png`: a Lottie file through the same job resolution and exporter as the
// built-in animations (Plan/ExportPlan.swift, Exporter.swift), with the file's own defaults:
//
//   canvas      the file's w × h points at 1 px per point, as players draw it (the built-in
//               scenes' default is 2: iOS points); a file whose frame would be over the frame
//               cap is scaled down to fit it, with a note (FrameCapFit.swift)
//   --fps       the file's fr as a rational (29.97 → 30000/1001): frame i is the file's frame
//               ip + i; a rate outside 1…240 fps is clamped to it, with a note. 60 fps from a
//               30 fps file is 60 distinct frames a second
//   --seconds   the file's length D = (op − ip)/fr, rounded to whole frames of the file's grid
//               when it is fractional; longer clips play it again (LottieSource.swift)
//   level       the smallest the size and rate fit (H264Settings.automaticLevel, CodecLevels)
//   --end T, --marker NAME   a clip to an animation time, or a marker's segment (LottieMarkers.swift)
//   values      out of range in the file: read as players read them, each a warning naming its
//               JSON path (Lottie's DecodeContext); --strict refuses the file
//   background  transparent when the output holds alpha (PNG, WebM VP9, MOV ProRes 4444, GIF,
//               APNG, WebP, PNG sequences), white otherwise; --background overrides
//   --size WxH  fits uniformly and centres exactly: x′ = k·x + (W − k·w)/2, y′ = k·y + (H − k·h)/2,
//               k = min(W/w, H/h) — sub-pixel offsets kept; the letterbox shows the background
//   --frame F   a still at the file's frame F counted from the in-point: t = F / r, F in 0 ..< op − ip;
//   --time T    T in 0 ..< D (a still outside the file's length is an error naming it, not a wrap)
//   --null      renders every frame, writes nothing, prints the time taken
//
// What the file uses and is not rendered is one warning per feature (LottieCoverage.swift);
// --strict makes the first one an error (exit 2) before anything is written.
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Video

let lottieAnimationFlag = FlagSpec("--animation", value: "ID", help: "the animation of a .lottie archive to render (default: the first; `info` lists them)")

/// One-off overrides (Lottie/LottieOverrides.swift): a preset's "texts", "images" and "slots" as flags.
let lottieOverrideFlags: [FlagSpec] = [
    FlagSpec("--text", value: "PATH=TEXT", repeatable: true, help: "replace the text of the text layer(s) at layer path PATH (names as in a preset's \"colors\")"),
    FlagSpec("--image", value: "KEY=FILE", repeatable: true, help: "draw the image asset KEY (an id, or an image layer's path) from FILE (PNG, JPEG, WebP, inside the working folder)"),
    FlagSpec("--theme", value: "ID", help: "a .lottie archive's theme (t/ID.json): its rules set the slots, under --slot"),
    FlagSpec("--slot", value: "ID=VALUE", repeatable: true, help: "set the slot ID: a colour #RRGGBB, a number, [x, y], a gradient, a text or an image file (VALUE read as JSON when it parses)"),
    FlagSpec("--expression-var", value: "NAME=VALUE", repeatable: true, help: "give an expression the variable NAME that its player assigns (ThorVG's assign()): a number, [x, y] or a text"),
]

let lottieRenderFlags: [FlagSpec] = [
    lottieAnimationFlag,
    FlagSpec("--null", help: "render every frame and write nothing (in place of OUTPUT), to check a file or time the renderer"),
    FlagSpec("--marker", value: "NAME", help: "play the segment of the file's marker NAME (`info` lists them); with --loops N, N times"),
] + lottieOverrideFlags + renderFlags.filter { !["--preset", "--font"].contains($0.name) }.map(lottieFlagHelp)

let lottieStillFlags: [FlagSpec] = [
    lottieAnimationFlag,
    FlagSpec("--time", value: "T", help: "animation time of the still, seconds: 0 ≤ T < the file's length (default 0)"),
    FlagSpec("--frame", value: "F", help: "the file's frame F counted from its in-point, 0 ≤ F < op − ip (instead of --time)"),
] + lottieOverrideFlags + stillFlags.filter { !["--time", "--preset", "--font"].contains($0.name) }.map(lottieFlagHelp)

/// Whether a command-line word names a Lottie file rather than an animation: a .json or .lottie
/// name, or an existing file whose first bytes are a JSON object or a zip (LottieInput.kind).
func isLottiePath(_ word: String) -> Bool {
    AnimationKind(rawValue: word) == nil && LottieInput.kind(word) != nil
}

/// The error for a word that names an existing file which is not a Lottie file (nil otherwise:
/// the word is then an unknown animation or command).
func notLottieFile(_ word: String, command: String) -> ExportError? {
    guard word.contains("/") || word.contains("."), FileManager.default.fileExists(atPath: word) else { return nil }
    return .usage("\(command)\(word): not a Lottie file: not a regular file whose first bytes are a JSON object or a dotLottie (zip) archive")
}

func lottieHelp() -> String {
    """
    Usage: animexport FILE.json [options] OUTPUT
           animexport FILE.json [options] --null
           animexport FILE.lottie [--animation ID] [options] OUTPUT

    Renders a Lottie (Bodymovin JSON) file. Defaults come from the file: its size at 1 px per
    point (scaled down to the frame cap when larger, with a note), its frame rate, its length;
    the background is transparent for formats with alpha and white otherwise. Features not
    rendered yet and out-of-range values are one warning each (--strict: an error). See
    docs/lottie.md.

    Options:
    \(helpTable(lottieRenderFlags))
    """
}

func lottieStillHelp() -> String {
    """
    Usage: animexport still FILE.json [--time T | --frame F] [options] OUTPUT.png
           animexport still FILE.lottie [--animation ID] [options] OUTPUT.png

    Renders one frame of a Lottie file as an RGBA PNG (straight alpha), at animation time T or
    at the file's frame F; a time or frame outside the file's length is an error. Size and
    background default as for a clip of the file (animexport FILE.json --help): 1 px per
    point, transparent. See docs/lottie.md.

    Options:
    \(helpTable(lottieStillFlags))
    """
}

/// Runs `animexport FILE.json …`.
func runLottieRender(_ path: String, _ rest: [String], library: PresetLibrary) throws(ExportError) -> Int32 {
    var parsed = try parseArguments(rest, flags: lottieRenderFlags, command: path)
    if parsed.has("--help") { print(lottieHelp()); return 0 }
    let null = parsed.has("--null")
    if null {
        guard parsed.positionals.isEmpty else { throw .usage("\(path): --null takes the place of OUTPUT; got \(parsed.positionals[0])") }
        parsed.positionals = [nullOutputName]
    }
    let job = try lottieJob(path, parsed, video: true)
    if null { return try runNullRender(job, file: path, quiet: parsed.has("--quiet")) }
    return try runRenderJob(job, parsed)
}

/// Runs `animexport still FILE.json …` (the arguments after FILE.json).
func runLottieStill(_ path: String, _ rest: [String], library: PresetLibrary) throws(ExportError) -> Int32 {
    let parsed = try parseArguments(rest, flags: lottieStillFlags, command: "still")
    if parsed.has("--help") { print(lottieStillHelp()); return 0 }
    if parsed.has("--time") && parsed.has("--frame") { throw .usage("still: give --time or --frame, not both") }
    let job = try lottieJob(path, parsed, video: false)
    guard let scene = job.source as? LottieSource else { preconditionFailure("a Lottie job without a Lottie source") }
    // Within the file's length: a still past its end is a mistake, not a wrap (issue 25 item 5).
    var time = 0.0
    if let t = parsed.value("--time") {
        time = try parseDouble(t, flag: "--time", range: 0...Limits.maxSeconds)
        guard time < scene.duration else {
            throw .usage("--time: \(t) s is outside \(path), which plays 0 ≤ t < \(formatSeconds(scene.duration)) s (\(formatSeconds(scene.loopFrames)) frames at \(formatSeconds(scene.rate)) fps)")
        }
    }
    if let f = parsed.value("--frame") {
        let frame = try parseDouble(f, flag: "--frame", range: 0...(Limits.maxSeconds * scene.rate))
        guard frame < scene.loopFrames else {
            throw .usage("--frame: \(f) is outside \(path), whose frames are 0 ≤ F < \(formatSeconds(scene.loopFrames)) (op − ip)")
        }
        time = frame / scene.rate
    }
    let reporter = CLIReporter(job, progress: false)
    try Interruption.requireWatchdog()
    try writeStill(job, at: time, observer: reporter)
    if !parsed.has("--quiet") {
        let frame = parsed.value("--frame").map { ", frame \($0)" } ?? ""
        print(visible("wrote \(job.output) (\(job.width)×\(job.height), t = \(formatSeconds(time)) s\(frame))"))
    }
    return 0
}

/// A time for a message: at most 4 decimals, trailing zeros dropped (1/3 → "0.3333", 2 → "2",
/// 0.5 → "0.5"); times are exact internally, this is only what is printed.
func formatSeconds(_ t: Double) -> String {
    var s = String(format: "%.4f", t)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s == "-0" ? "0" : s
}

/// The output name `--null` resolves formats against: one that holds alpha, never written.
let nullOutputName = "(null).apng"

/// The render job for a Lottie file with the file's defaults (see the header): the file itself
/// is the source (LottieSource.spec), fitted exactly by --size, as players fit it.
func lottieJob(_ path: String, _ parsed: ParsedArguments, video: Bool) throws(ExportError) -> ExportPlan {
    // The missing-OUTPUT error shows the file the user gave, before the file is read.
    _ = try outputArgument(parsed, example: video ? "animexport \(path) out.mp4" : "animexport still \(path) out.png",
                           command: video ? path : "still")
    let overrides = try LottieOverrides(flags: parsed)
    var animation = try LottieInput.load(path, animationID: parsed.value("--animation"), slots: overrides.slotInputs,
                                         variables: overrides.variableInputs, theme: parsed.value("--theme"))
    if !overrides.isEmpty { animation = try overrides.apply(to: animation, folder: ".", shown: path, presetPath: nil, digest: nil) }
    return try resolvePlan(path, args: parsed, video: video) { args in
        (LottieSource.spec(animation, file: path, origin: (path, path), ownRate: !args.has("--fps"), exactFit: true),
         PresetSettings())
    }
}

/// The file's frame rate as a rational: whole numbers and the NTSC rates exactly, others to 1/1000.
func lottieFrameRate(_ fr: Double) -> FrameRateSpec {
    // A legal Lottie rate the output cannot take (fr 0.001 … 1000, output 1 … 240 fps) stays the
    // file's: resolvePlan renders at the nearest rate the encoders take and says so (Plan/Resolvers.swift).
    if let exact = parseFrameRate(String(fr)) { return exact }
    let num = Int32(min(max((fr * 1000).rounded(), 1), Double(Int32.max)))
    var (a, b) = (num, Int32(1000))
    while b != 0 { (a, b) = (b, a % b) }
    return FrameRateSpec(num: num / a, den: 1000 / a)
}

/// `--null`: every frame rendered as for an export, nothing written.
func runNullRender(_ job: ExportPlan, file: String, quiet: Bool) throws(ExportError) -> Int32 {
    let reporter = CLIReporter(job, progress: false)
    try Interruption.requireWatchdog()
    try checkJobMemory(job.memoryNeed(still: true), verbose: job.verbose, what: file)
    let frames = FrameRenderer(job)
    let canvas = Canvas(width: job.width, height: job.height)
    let started = Date()
    for i in 0..<job.frameCount {
        try ExportStop.signals.check()
        try frames.render(at: job.time(ofFrame: i), on: canvas)
    }
    let seconds = Date().timeIntervalSince(started)
    for message in frames.report.messages { reporter.warning("\(file): \(message)") }
    if !quiet {
        print(visible(String(format: "rendered %@ (%d×%d, %d frames, %.3f s, %.2f ms per frame); wrote nothing", file,
                             job.width, job.height, job.frameCount, seconds, seconds * 1000 / Double(max(1, job.frameCount)))))
    }
    return 0
}

extension BenchmarkSupport {
    /// The job `animexport FILE.json <arguments>` would run, e.g. ["anim.json", "--size", "1080x1080", "out.mp4"].
    public static func lottieJob(_ arguments: [String], library: PresetLibrary = .standard()) throws(ExportError) -> ExportPlan {
        guard let path = arguments.first else { throw .usage("benchmark: expected a Lottie file") }
        let parsed = try parseArguments(Array(arguments.dropFirst()), flags: lottieRenderFlags, command: path)
        return try AnimExport.lottieJob(path, parsed, video: true)
    }
}

/// The shared flags' help as it reads for a Lottie file, whose defaults come from the file.
func lottieFlagHelp(_ flag: FlagSpec) -> FlagSpec {
    var f = flag
    switch f.name {
    case "--seconds": f.help = "clip length in seconds; frames = round(S × fps) (default: the file's length, op − ip frames)"
    case "--loops": f.help = "N whole loops of the file: N × (op − ip) frames at the file's rate"
    case "--fps": f.help = "frame rate: integer or num/den such as 30000/1001 (default: the file's fr, 29.97 as 30000/1001)"
    case "--scale": f.help = "pixels per point (default 1; a file over the frame cap is scaled down to fit, with a note)"
    case "--background": f.help = "background: #RRGGBB, #RRGGBBAA or transparent (default: transparent where the format holds alpha, else white)"
    case "--strict": f.help = "warnings (features not rendered, out-of-range values, missing glyphs) are errors"
    default: break
    }
    return f
}
