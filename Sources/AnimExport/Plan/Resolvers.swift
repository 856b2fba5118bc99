// The resolvers of an export plan (Plan/ExportPlan.swift's resolvePlan runs them in this order, each small
// and each over the layers SourceSpec.swift describes: flags over the preset over the source):
//
//   look      canvas (points) and background
//   rate      frames per second; a source's own rate the encoders cannot take → the nearest
//   length    the first frame's time and the frame count (--seconds, --frames, --end; --loops and
//             --marker are laid out once the source exists: Loops.swift, LottieMarkers.swift)
//   size      pixels and the points → pixels transform (--scale, --size, the frame cap, even sides)
//   encoder   EncoderOptions (Plan/EncoderResolution.swift) and the output side (MediaOptions.swift)
//
// The output format is resolved once, from OUTPUT's extension and --codec (`OutputChoice`).
import Geometry
import Raster
import Scenes
import Video

/// OUTPUT's format, resolved once: nil for a still (a PNG, no 4:2:0 constraint, alpha kept).
struct OutputChoice {
    let video: Bool
    let format: Result<OutputFormat, ExportError>

    init(output: String, codec: String?, video: Bool) {
        self.video = video
        format = Result { () throws(ExportError) in try outputFormat(output, codec: codec) }
    }

    /// Whether the frame needs even sides (H.264 4:2:0 …); an unknown format is checked later.
    var needsEvenSize: Bool { video ? ((try? format.get())?.codec.needsEvenSize ?? true) : false }
    /// Whether the output keeps a transparent background.
    var holdsAlpha: Bool { video ? ((try? format.get())?.codec.holdsAlpha ?? false) : true }
}

/// The canvas in points and the background (flags over the preset over the source).
func resolveLook(_ spec: SourceSpec, _ preset: PresetSettings, args: ParsedArguments,
                 output: OutputChoice) throws(ExportError) -> (canvas: Size, background: RGBA) {
    var canvas = spec.canvas
    if let c = preset.canvas ?? (spec.canvasIsInput ? spec.canvas : nil) {
        for (name, v) in [("width", c.width), ("height", c.height)] where !(v.isFinite && v > 0 && v <= Limits.maxCanvas) {
            throw .invalid(file: spec.origin.path, field: "canvas.\(name)", message: "\(format(v)) is outside the allowed range (0, \(format(Limits.maxCanvas))] pt")
        }
        canvas = c
    }
    var background = preset.background ?? defaultBackground(spec.background, output: output)
    if let b = args.value("--background") {
        guard let c = parseBackground(b) else { throw .usage("--background: '\(b)' is not a colour (use #RRGGBB, #RRGGBBAA or transparent)") }
        background = c
    }
    // A background with alpha stays: PNG stills keep it (Background.swift); video formats with alpha
    // keep it too and the others refuse it (resolveMedia).
    return (canvas, background)
}

/// Frames per second: --fps, the preset's, the source's own, or 60. A source's own rate the
/// encoders cannot take is rendered at the nearest they can, with a note; any other is an error.
func resolveRate(_ spec: SourceSpec, _ preset: PresetSettings, args: ParsedArguments,
                 notices: inout [String]) throws(ExportError) -> FrameRateSpec {
    var fps = preset.fps ?? spec.fps ?? FrameRateSpec(num: 60, den: 1)
    if let f = args.value("--fps") {
        guard let r = parseFrameRate(f) else { throw .usage("--fps: '\(f)' is not a frame rate (integer, or num/den such as 30000/1001)") }
        fps = r
    }
    guard !(fps.value >= Limits.minFPS && fps.value <= Limits.maxFPS) else { return fps }
    let where_ = args.has("--fps") ? "--fps" : "\(spec.origin.path): fps"
    let range = "[\(format(Limits.minFPS)), \(format(Limits.maxFPS))] fps"
    guard !args.has("--fps"), spec.fitsOutputLimits else {
        throw .usage("\(where_): \(fps.num)/\(fps.den) is outside the allowed range \(range)")
    }
    let nearest = FrameRateSpec(num: Int32(fps.value < Limits.minFPS ? Limits.minFPS : Limits.maxFPS), den: 1)
    notices.append("\(where_) \(format(fps.value)) is outside what the encoders take, \(range); rendering at \(nearest.num) fps (--fps to choose)")
    return nearest
}

/// The clip's start time and frame count from the length flags, the preset or the source
/// (0 frames when --loops or --marker lays the clip out once the source exists), and N of --loops.
func resolveLength(_ spec: SourceSpec, _ preset: PresetSettings, args: ParsedArguments, fps: FrameRateSpec,
                   command: String) throws(ExportError) -> (start: Double, frames: Int, loops: Int?) {
    let start = try args.value("--start").map { s throws(ExportError) in try parseDouble(s, flag: "--start", range: 0...Limits.maxSeconds) } ?? 0
    if args.has("--seconds") && args.has("--frames") { throw .usage("\(command): give --seconds or --frames, not both") }
    try checkSegmentFlags(args, command: command)
    let loops = try parseLoopCount(args, command: command)
    var frames: Int
    if loops != nil || args.has("--marker") {
        frames = 0
    } else if let e = args.value("--end") {
        let end = try parseDouble(e, flag: "--end", range: 0...Limits.maxSeconds, openLower: true)
        guard end > start else { throw .usage("--end: \(format(end)) s is not after the start (\(format(start)) s)") }
        frames = Int(((end - start) * fps.value).rounded())
        guard frames >= 1 else { throw .usage("--end: \(format(start))…\(format(end)) s at \(fps.num)/\(fps.den) fps is less than one frame") }
    } else if let f = args.value("--frames") {
        frames = try parseInt(f, flag: "--frames", range: 1...Limits.maxFrames)
    } else {
        let seconds = try clipSeconds(spec, preset, args: args)
        frames = Int((seconds * fps.value).rounded())
        guard frames >= 1 else { throw .usage("--seconds: \(format(seconds)) s at \(fps.num)/\(fps.den) fps is less than one frame") }
    }
    guard frames <= Limits.maxFrames else { throw .usage("\(command): \(frames) frames is over the cap of \(Limits.maxFrames)") }
    return (start, frames, loops)
}

/// --seconds, the preset's or the source's length (checked), or 3 s.
private func clipSeconds(_ spec: SourceSpec, _ preset: PresetSettings, args: ParsedArguments) throws(ExportError) -> Double {
    if let s = args.value("--seconds") {
        return try parseDouble(s, flag: "--seconds", range: 0...Limits.maxSeconds, openLower: true)
    }
    guard let s = preset.seconds ?? spec.seconds else { return 3 }
    guard s.isFinite, s > 0, s <= Limits.maxSeconds else {
        throw .invalid(file: spec.origin.path, field: "seconds", message: "\(format(s)) is outside the allowed range (0, \(format(Limits.maxSeconds))] s")
    }
    return s
}

/// The frame in pixels and the canvas points → pixels transform: --size fits the canvas
/// (FrameSource.swift's `fit`), otherwise canvas × scale rounded; then even sides where the
/// format needs them (the extra column or row shows the background, with a note) and the caps.
func resolveSize(_ spec: SourceSpec, _ preset: PresetSettings, args: ParsedArguments, canvas: Size, output: OutputChoice,
                 command: String, notices: inout [String]) throws(ExportError) -> (width: Int, height: Int, transform: Transform) {
    if args.has("--scale") && args.has("--size") { throw .usage("\(command): give --scale or --size, not both") }
    var width: Int, height: Int, transform: Transform
    if let s = args.value("--size") {
        guard let (w, h) = parseSize(s) else {
            throw .usage("--size: '\(s)' is not WIDTHxHEIGHT with each side in [1, \(Limits.maxSide)] px")
        }
        (width, height) = (w, h)
        transform = fit(canvas, into: Size(width: Double(w), height: Double(h)), wholePixels: !spec.exactFit)
    } else {
        (width, height, transform) = try scaledSize(spec, preset, args: args, canvas: canvas, output: output, command: command, notices: &notices)
    }
    if output.needsEvenSize && (width % 2 == 1 || height % 2 == 1) {
        let w2 = width + width % 2, h2 = height + height % 2
        notices.append("\(width)×\(height) px rounded up to \(w2)×\(h2) px (H.264 4:2:0 needs even sizes); the extra pixels show the background")
        (width, height) = (w2, h2)
    }
    guard width <= Limits.maxSide, height <= Limits.maxSide, width * height <= Limits.maxPixels else {
        throw .usage("\(command): \(width)×\(height) px is over the cap (each side ≤ \(Limits.maxSide), ≤ \(Limits.maxPixels) px per frame; choose a smaller --scale or a --size)")
    }
    return (width, height, transform)
}

/// canvas × k, k from --scale, the preset or the source (a source's default brought within
/// the frame cap when it `fitsOutputLimits`: FrameCapFit.swift).
private func scaledSize(_ spec: SourceSpec, _ preset: PresetSettings, args: ParsedArguments, canvas: Size, output: OutputChoice,
                        command: String, notices: inout [String]) throws(ExportError) -> (Int, Int, Transform) {
    var k = preset.scale ?? spec.scale
    if preset.scale != nil, !(k.isFinite && k > 0 && k <= Limits.maxScale) {
        throw .invalid(file: spec.origin.path, field: "scale", message: "\(format(k)) is outside the allowed range (0, \(format(Limits.maxScale))]")
    }
    if let v = args.value("--scale") { k = try parseDouble(v, flag: "--scale", range: 0...Limits.maxScale, openLower: true) }
    if preset.scale == nil && !args.has("--scale") && spec.fitsOutputLimits {
        k = scaleWithinFrameCap(canvas, scale: k, evenSides: output.needsEvenSize, file: spec.origin.path, notices: &notices)
    }
    let width = Int((canvas.width * k).rounded()), height = Int((canvas.height * k).rounded())
    guard width >= 1, height >= 1, width <= Limits.maxSide, height <= Limits.maxSide else {
        throw .usage("\(command): \(format(canvas.width))×\(format(canvas.height)) pt at scale \(format(k)) is \(width)×\(height) px; each side must be in [1, \(Limits.maxSide)] px (choose a smaller --scale or a --size)")
    }
    return (width, height, .scale(k, k))
}
