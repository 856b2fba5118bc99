// A render job: everything needed to render one clip, resolved from a preset and the flags.
//
// Flags override the preset; the preset overrides the animation's defaults. Resolution also
// applies the size policy: pixels = canvas × scale, rounded to whole pixels; an odd width or
// height is rounded UP to even (yuv420p needs even sizes) and the extra column/row is filled
// with the background, with a notice. `--size WxH` fits the canvas inside W×H (uniform scale,
// centred on whole pixels, background around it).
import Geometry
import Foundation
import Raster
import Scenes
import Video

public struct EncoderOptions: Sendable, Equatable {
    public var preset = "medium"
    public var crf = 18.0
    public var tune: String? = "animation"
    public var profile = "high"
    public var level: String?
    public var keyint: Int?
    public var bframes: Int?
    public var bitrate: Int?
    public var maxrate: Int?
    public var params: [(key: String, value: String)] = []

    public init() {}

    public static func == (a: EncoderOptions, b: EncoderOptions) -> Bool {
        a.preset == b.preset && a.crf == b.crf && a.tune == b.tune && a.profile == b.profile && a.level == b.level
            && a.keyint == b.keyint && a.bframes == b.bframes && a.bitrate == b.bitrate && a.maxrate == b.maxrate
            && a.params.map(\.key) == b.params.map(\.key) && a.params.map(\.value) == b.params.map(\.value)
    }

    static let x264Presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
    static let tunes = ["film", "animation", "grain", "stillimage", "fastdecode", "zerolatency", "psnr", "ssim", "none"]
    static let profiles = ["baseline", "main", "high"]
    static let levels = ["3.0", "3.1", "3.2", "4.0", "4.1", "4.2", "5.0", "5.1", "5.2"]
}

public struct RenderJob {
    public var animation: AnimationKind
    public var presetName: String
    public var presetPath: String?
    public var scene: any Scene
    public var background: RGBA
    public var fps: (num: Int32, den: Int32)
    public var frameCount: Int
    public var startTime: Double
    public var width: Int
    public var height: Int
    /// Canvas points → output pixels.
    public var transform: Transform
    public var encoder: EncoderOptions
    public var output: String
    public var overwrite: Bool
    public var verbose: Bool
    /// Things the user should know (padding, crf 0); printed on stderr.
    public var notices: [String]
    /// Set for `--loops N`: the loop repeated and how (see Loops.swift).
    public var loopPlan: LoopPlan? = nil
    /// What could not be honoured (a character no font has); printed on stderr as warnings.
    public var warnings: [String] = []
    /// x264 threads when set (batch pins it: x264's bytes depend on its thread count); nil: x264's choice.
    public var encoderThreads: Int? = nil
    /// The output side: format, alpha, quality, loops, audio, target (MediaOptions.swift).
    public var media = MediaOptions()
    /// --strict: what a frame's source could not build faithfully (a merge path refused) is an
    /// error, raised at the frame that meets it (Still.swift, requireFaithfulSource).
    public var strict = false
    /// Set when a target repeats the clip to reach its minimum length: frame i shows frame i mod this.
    public var repeatFrames: Int? = nil
    /// One segment of a clip rendered in pieces (Segments/): frame i of this job is the clip's
    /// frame firstFrame + i, encoded as a segment the join can splice.
    public var firstFrame = 0
    public var segmentEncoding = false
    /// The preset's "segmentFrames" (the default of --segment-frames).
    public var presetSegmentFrames: Int? = nil

    /// Frame i is sampled at t = start + i/fps (exactly, for rational fps).
    public func time(ofFrame i: Int) -> Double {
        let i = repeatFrames.map { (firstFrame + i) % $0 } ?? firstFrame + i
        return startTime + Double(i) * Double(fps.den) / Double(fps.num)
    }
}

/// The flags shared by every render command.
let renderFlags: [FlagSpec] = [
    FlagSpec("--preset", value: "NAME|FILE", help: "preset name (see 'animexport list') or a preset .json file"),
    FlagSpec("--seconds", value: "S", help: "clip length in seconds; frames = round(S × fps)"),
    FlagSpec("--frames", value: "N", help: "clip length in frames (instead of --seconds)"),
    FlagSpec("--loops", value: "N", help: "N whole seamless loops: N × period × fps frames, which must be whole (see Loops below)"),
    FlagSpec("--start", value: "T", help: "animation time of the first frame, seconds (default 0; with --loops the loop's own start)"),
    FlagSpec("--end", value: "T", help: "animation time the clip ends at, seconds (exclusive; instead of --seconds/--frames/--loops)"),
    FlagSpec("--fps", value: "F", help: "frame rate: integer or num/den such as 30000/1001 (default 60)"),
    FlagSpec("--scale", value: "K", help: "pixels per point (default 2)"),
    FlagSpec("--size", value: "WxH", help: "output size in pixels; the canvas is fitted and centred"),
    FlagSpec("--background", value: "COLOR", help: "background: #RRGGBB, or #RRGGBBAA / transparent for PNG stills"),
    FlagSpec("--crf", value: "N", help: "x264 constant rate factor 0–51 (default 18; 0 = lossless, plays badly on Apple devices)"),
    FlagSpec("--x264-preset", value: "P", help: "x264 preset: ultrafast … placebo (default medium)"),
    FlagSpec("--tune", value: "T", help: "x264 tune (default animation; 'none' for no tune)"),
    FlagSpec("--profile", value: "P", help: "H.264 profile: high (default), main, baseline"),
    FlagSpec("--level", value: "L", help: "H.264 level such as 4.2 (default: chosen from size and fps)"),
    FlagSpec("--keyint", value: "N", help: "maximum frames between keyframes"),
    FlagSpec("--bframes", value: "N", help: "number of B-frames 0–16"),
    FlagSpec("--bitrate", value: "BPS", help: "target bitrate in bits/s (instead of crf)"),
    FlagSpec("--maxrate", value: "BPS", help: "VBV maximum bitrate in bits/s (buffer = 2 × maxrate)"),
    FlagSpec("--param", value: "KEY=VALUE", repeatable: true, help: "extra libx264 option; unknown options are an error"),
    FlagSpec("--font", value: "PATH", help: "font file for text (default: the preset's font, found with fontconfig)"),
    FlagSpec("--strict", help: "text warnings (a character no installed font has) are errors"),
    FlagSpec("--output", alias: "-o", value: "OUTPUT", help: "the file to write (instead of the positional OUTPUT)"),
    FlagSpec("-y", alias: "--overwrite", help: "replace OUTPUT if it exists (a regular file, or the file a symlink points to)"),
    FlagSpec("--quiet", alias: "-q", help: "no progress and no summary line (notes and errors still go to stderr)"),
    FlagSpec("--verbose", alias: "-v", help: "show FFmpeg's log"),
    FlagSpec("--json", help: "progress as JSON lines on stdout (start, progress, done)"),
    FlagSpec("--help", alias: "-h", help: "show this help"),
] + mediaFlags + segmentFlags

/// Builds the job for `animexport <animation> …`.
///
/// `video` false resolves a still: no even-size rounding (PNG has no 4:2:0 constraint) and the
/// length flags are ignored.
func resolveJob(animation: AnimationKind, args: ParsedArguments, library: PresetLibrary,
                video: Bool = true, preset given: LoadedPreset? = nil) throws(ExportError) -> RenderJob {
    let command = video ? animation.rawValue : "still"
    let output = try outputArgument(args, example: "animexport \(video ? command : "still " + animation.rawValue) out.\(video ? "mp4" : "png")", command: command)
    var args = args
    let target = video ? try applyTarget(&args, output: output) : nil
    let loaded: LoadedPreset
    if let given { loaded = given } else { loaded = try loadPreset(for: animation, args: args, library: library) }
    let preset = loaded.file
    var notices: [String] = []

    // Canvas (points) and background.
    var canvas = preset.parameters.defaultCanvas
    if let c = preset.canvas {
        for (name, v) in [("width", c.width), ("height", c.height)] where !(v.isFinite && v > 0 && v <= Limits.maxCanvas) {
            throw .invalid(file: loaded.path, field: "canvas.\(name)", message: "\(format(v)) is outside the allowed range (0, \(format(Limits.maxCanvas))] pt")
        }
        canvas = Size(width: c.width, height: c.height)
    }
    var background = preset.background?.rgba
        ?? defaultBackground(animation, output: output, codec: args.value("--codec"), video: video)
    if let b = args.value("--background") {
        guard let c = parseBackground(b) else { throw .usage("--background: '\(b)' is not a colour (use #RRGGBB, #RRGGBBAA or transparent)") }
        background = c
    }
    // A background with alpha stays: PNG stills keep it (Background.swift); video formats with alpha
    // keep it too and the others refuse it (resolveMedia).

    // Frame rate.
    var fps = preset.fps ?? FrameRateSpec(num: 60, den: 1)
    if let f = args.value("--fps") {
        guard let r = parseFrameRate(f) else { throw .usage("--fps: '\(f)' is not a frame rate (integer, or num/den such as 30000/1001)") }
        fps = r
    }
    let plugin = preset.parameters.plugin
    if !(fps.value >= Limits.minFPS && fps.value <= Limits.maxFPS) {
        let where_ = args.has("--fps") ? "--fps" : "\(loaded.path): fps"
        let range = "[\(format(Limits.minFPS)), \(format(Limits.maxFPS))] fps"
        guard !args.has("--fps"), plugin.fitsOutputLimits else {
            throw .usage("\(where_): \(fps.num)/\(fps.den) is outside the allowed range \(range)")
        }
        // A file's own rate the encoders cannot take: the nearest they can, said.
        let nearest = FrameRateSpec(num: Int32(fps.value < Limits.minFPS ? Limits.minFPS : Limits.maxFPS), den: 1)
        notices.append("\(where_) \(format(fps.value)) is outside what the encoders take, \(range); rendering at \(nearest.num) fps (--fps to choose)")
        fps = nearest
    }

    // Length.
    var start = try args.value("--start").map { s throws(ExportError) in try parseDouble(s, flag: "--start", range: 0...Limits.maxSeconds) } ?? 0
    if args.has("--seconds") && args.has("--frames") { throw .usage("\(command): give --seconds or --frames, not both") }
    try checkSegmentFlags(args, command: command)
    let loopCount = try parseLoopCount(args, command: command)
    var frames: Int
    if loopCount != nil || args.has("--marker") {
        frames = 0      // from the scene's loop or the marker once the scene exists (below)
    } else if let e = args.value("--end") {
        let end = try parseDouble(e, flag: "--end", range: 0...Limits.maxSeconds, openLower: true)
        guard end > start else { throw .usage("--end: \(format(end)) s is not after the start (\(format(start)) s)") }
        frames = Int(((end - start) * fps.value).rounded())
        guard frames >= 1 else { throw .usage("--end: \(format(start))…\(format(end)) s at \(fps.num)/\(fps.den) fps is less than one frame") }
    } else if let f = args.value("--frames") {
        frames = try parseInt(f, flag: "--frames", range: 1...Limits.maxFrames)
    } else {
        let seconds: Double
        if let s = args.value("--seconds") {
            seconds = try parseDouble(s, flag: "--seconds", range: 0...Limits.maxSeconds, openLower: true)
        } else if let s = preset.seconds {
            guard s.isFinite, s > 0, s <= Limits.maxSeconds else {
                throw .invalid(file: loaded.path, field: "seconds", message: "\(format(s)) is outside the allowed range (0, \(format(Limits.maxSeconds))] s")
            }
            seconds = s
        } else {
            seconds = 3
        }
        frames = Int((seconds * fps.value).rounded())
        guard frames >= 1 else { throw .usage("--seconds: \(format(seconds)) s at \(fps.num)/\(fps.den) fps is less than one frame") }
    }
    guard frames <= Limits.maxFrames else { throw .usage("\(command): \(frames) frames is over the cap of \(Limits.maxFrames)") }

    // Size and the points → pixels transform.
    if args.has("--scale") && args.has("--size") { throw .usage("\(command): give --scale or --size, not both") }
    var width: Int, height: Int, transform: Transform
    if let s = args.value("--size") {
        guard let (w, h) = parseSize(s) else {
            throw .usage("--size: '\(s)' is not WIDTHxHEIGHT with each side in [1, \(Limits.maxSide)] px")
        }
        let k = min(Double(w) / canvas.width, Double(h) / canvas.height)
        let dx = ((Double(w) - canvas.width * k) / 2).rounded(.down)
        let dy = ((Double(h) - canvas.height * k) / 2).rounded(.down)
        width = w; height = h
        transform = Transform.scale(k, k).concatenating(.translation(dx, dy))
    } else {
        var k = preset.scale ?? plugin.defaultScale
        if preset.scale != nil, !(k.isFinite && k > 0 && k <= Limits.maxScale) {
            throw .invalid(file: loaded.path, field: "scale", message: "\(format(k)) is outside the allowed range (0, \(format(Limits.maxScale))]")
        }
        if let v = args.value("--scale") { k = try parseDouble(v, flag: "--scale", range: 0...Limits.maxScale, openLower: true) }
        if preset.scale == nil && !args.has("--scale") && plugin.fitsOutputLimits {
            k = scaleWithinFrameCap(canvas, scale: k, video: video, output: output, args: args, file: loaded.path, notices: &notices)
        }
        width = Int((canvas.width * k).rounded())
        height = Int((canvas.height * k).rounded())
        guard width >= 1, height >= 1, width <= Limits.maxSide, height <= Limits.maxSide else {
            throw .usage("\(command): \(format(canvas.width))×\(format(canvas.height)) pt at scale \(format(k)) is \(width)×\(height) px; each side must be in [1, \(Limits.maxSide)] px (choose a smaller --scale or a --size)")
        }
        transform = .scale(k, k)
    }
    let evenSizes = video ? ((try? OutputFormat.resolve(path: output, codec: args.value("--codec")))?.codec.needsEvenSize ?? true) : false
    if evenSizes && (width % 2 == 1 || height % 2 == 1) {
        let w2 = width + width % 2, h2 = height + height % 2
        notices.append("\(width)×\(height) px rounded up to \(w2)×\(h2) px (H.264 4:2:0 needs even sizes); the extra pixels show the background")
        width = w2; height = h2
    }
    guard width <= Limits.maxSide, height <= Limits.maxSide, width * height <= Limits.maxPixels else {
        throw .usage("\(command): \(width)×\(height) px is over the cap (each side ≤ \(Limits.maxSide), ≤ \(Limits.maxPixels) px per frame; choose a smaller --scale or a --size)")
    }

    let encoder = try resolveEncoder(preset.encoder ?? EncoderSpec(), file: loaded.path, args: args, notices: &notices)
    let scene = try preset.parameters.scene(canvas: canvas, fontPath: args.value("--font"), file: loaded.path, frameRate: fps.value)
    let text = try animation.review(scene, file: loaded.path, strict: args.has("--strict"))
    notices += text.notes
    var loopPlan: LoopPlan?
    var segment: MarkerSegment?
    if let name = args.value("--marker") {
        let s = try markerSegment(name, scene: scene, fps: fps, loops: loopCount ?? 1, command: command)
        (start, frames, segment) = (s.start, s.frames, s)
    } else if let n = loopCount {
        let short = PresetLibrary.shortName(loaded.name, animation: animation)
        let plan = try planLoops(n, start: args.has("--start") ? start : nil, scene: scene, fps: fps,
                                 label: short == command ? command : "\(command) \(short)", command: command)
        (start, frames, loopPlan) = (plan.start, plan.frames, plan)
    }
    var job = RenderJob(animation: animation, presetName: loaded.name, presetPath: loaded.path, scene: scene,
                        background: background, fps: (fps.num, fps.den), frameCount: frames, startTime: start,
                        width: width, height: height, transform: transform, encoder: encoder, output: output,
                        overwrite: args.has("-y"), verbose: args.has("--verbose"), notices: notices, loopPlan: loopPlan,
                        warnings: text.warnings)
    if let segment {
        if loopCount != nil { job.repeatFrames = segment.framesPerLoop }
        job.notices.append(segment.note)
    }
    job.strict = args.has("--strict")
    job.presetSegmentFrames = preset.segmentFrames
    if video {
        job.media.target = target
        try resolveMedia(&job, args: args)
        if let target { try applyTargetLength(&job, target) }
    }
    return job
}

/// Encoder options: preset file first, then flags; each value range-checked.
func resolveEncoder(_ spec: EncoderSpec, file: String, args: ParsedArguments, notices: inout [String]) throws(ExportError) -> EncoderOptions {
    var e = EncoderOptions()
    func pick<T>(_ flag: String, _ fromPreset: T?, field: String, parse: (String) throws(ExportError) -> T,
                 valid: (T) -> Bool, allowed: String) throws(ExportError) -> T? {
        if let text = args.value(flag) {
            let v = try parse(text)
            guard valid(v) else { throw .usage("\(flag): '\(text)' is not allowed; allowed: \(allowed)") }
            return v
        }
        if let v = fromPreset {
            guard valid(v) else { throw .invalid(file: file, field: "encoder.\(field)", message: "'\(v)' is not allowed; allowed: \(allowed)") }
            return v
        }
        return nil
    }
    let identity: (String) throws(ExportError) -> String = { $0 }
    if let p = try pick("--x264-preset", spec.preset, field: "preset", parse: identity,
                        valid: EncoderOptions.x264Presets.contains, allowed: EncoderOptions.x264Presets.joined(separator: ", ")) { e.preset = p }
    if let c = try pick("--crf", spec.crf, field: "crf", parse: { s throws(ExportError) in try parseDouble(s, flag: "--crf", range: 0...51) },
                        valid: { $0.isFinite && (0...51).contains($0) }, allowed: "0 to 51") { e.crf = c }
    if let t = try pick("--tune", spec.tune, field: "tune", parse: identity,
                        valid: EncoderOptions.tunes.contains, allowed: EncoderOptions.tunes.joined(separator: ", ")) { e.tune = t == "none" ? nil : t }
    if let p = try pick("--profile", spec.profile, field: "profile", parse: identity,
                        valid: EncoderOptions.profiles.contains, allowed: EncoderOptions.profiles.joined(separator: ", ")) { e.profile = p }
    if let l = try pick("--level", spec.level, field: "level", parse: identity,
                        valid: EncoderOptions.levels.contains, allowed: EncoderOptions.levels.joined(separator: ", ")) { e.level = l }
    let intIn = { (flag: String, r: ClosedRange<Int>) -> (String) throws(ExportError) -> Int in { s throws(ExportError) in try parseInt(s, flag: flag, range: r) } }
    e.keyint = try pick("--keyint", spec.keyint, field: "keyint", parse: intIn("--keyint", 1...100_000), valid: { (1...100_000).contains($0) }, allowed: "1 to 100000")
    e.bframes = try pick("--bframes", spec.bframes, field: "bframes", parse: intIn("--bframes", 0...16), valid: { (0...16).contains($0) }, allowed: "0 to 16")
    e.bitrate = try pick("--bitrate", spec.bitrate, field: "bitrate", parse: { s throws(ExportError) in try parseBitrate(s, flag: "--bitrate") }, valid: { (10_000...1_000_000_000).contains($0) }, allowed: "10000 to 1000000000 bits/s")
    e.maxrate = try pick("--maxrate", spec.maxrate, field: "maxrate", parse: { s throws(ExportError) in try parseBitrate(s, flag: "--maxrate") }, valid: { (10_000...1_000_000_000).contains($0) }, allowed: "10000 to 1000000000 bits/s")
    for (k, v) in (spec.params ?? [:]).sorted(by: { $0.key < $1.key }) { e.params.append((k, v)) }
    for p in args.all("--param") {
        guard let eq = p.firstIndex(of: "="), eq != p.startIndex else { throw .usage("--param: '\(p)' is not KEY=VALUE") }
        let key = String(p[..<eq]), value = String(p[p.index(after: eq)...])
        e.params.removeAll { $0.key == key }
        e.params.append((key, value))
    }
    try checkThreadParam(e.params, file: file, fromFlag: args.all("--param").contains { $0.hasPrefix("threads=") })
    if e.crf == 0 && e.bitrate == nil {
        // x264 is lossless only in High 4:4:4 Predictive; an explicit Main/Baseline request conflicts.
        if args.has("--profile") && e.profile != "high" {
            throw .usage("--crf 0 is lossless and needs the High 4:4:4 Predictive profile, not \(e.profile)")
        }
        e.profile = "high444"
        notices.append("crf 0 is lossless: the stream uses the High 4:4:4 Predictive profile, which QuickTime, iOS and many browsers cannot play; use it only for masters")
    }
    if e.profile == "baseline" && e.bframes.map({ $0 > 0 }) == true {
        throw .usage("--bframes: the baseline profile has no B-frames")
    }
    return e
}
