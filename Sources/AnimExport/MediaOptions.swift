// MediaOptions.swift — the output side of a render job: format (from OUTPUT's extension and
// --codec), transparency, quality, loops of animated images, GIF matte and palette, audio, and the flags
// that set them. Resolved after the rest of the job (Job.swift calls `resolveMedia`), checked
// before anything is rendered, and turned into Video's `VideoSettings` by `videoSettings`.
import Foundation
import Raster
import Video

public struct MediaOptions: Sendable {
    public var format = OutputFormat(container: .mp4, codec: .h264)
    /// The frames keep their alpha (a transparent or translucent background, in a format that holds it).
    public var alpha = false
    public var quality: Double?
    public var speed: String?
    public var loopCount = 0
    public var matte: RGBA = RGBA(r: 1, g: 1, b: 1, a: 1)
    public var gifPalette: GIFPalette = .global
    public var audio: AudioSource?
    public var closedGOP = false
    /// The delivery target (Targets.swift), when `--target` was given.
    var target: DeliveryTarget?

    public init() {}
}

/// Flags of the output side (appended to the render flags).
let mediaFlags: [FlagSpec] = [
    FlagSpec("--codec", value: "C", help: "codec where the container holds several: .mp4/.m4v h264 (default), hevc, av1; .mov prores (4444, default), prores-hq, h264, hevc; .webm vp9 (default), av1"),
    FlagSpec("--quality", value: "Q", help: "quality: crf for hevc (0–51, default 20), av1 and vp9 (whole 0–63, default 30); WebP 0–100 makes it lossy (default lossless); h264 uses --crf"),
    FlagSpec("--speed", value: "S", help: "encoder speed: hevc ultrafast … placebo (medium), av1 0–13 (8), vp9 0–8 (4); h264 uses --x264-preset"),
    FlagSpec("--loop-count", value: "N", help: "GIF/APNG/WebP: play N times (default 0 = forever)"),
    FlagSpec("--matte", value: "COLOR", help: "GIF: colour soft edges are blended onto before 1-bit transparency (default #FFFFFF)"),
    FlagSpec("--gif-palette", value: "global|per-frame", help: "GIF: one palette for the clip (default; smallest) or one per frame (closer colours when they change over time, larger)"),
    FlagSpec("--audio", value: "silent|FILE", help: "add a 48 kHz stereo track (AAC in .mp4/.mov, Opus in .webm): silence, or FILE's audio cut or padded to the video's length"),
    FlagSpec("--audio-fade", value: "S", help: "fade the audio in and out over S seconds"),
    FlagSpec("--target", value: "NAME", help: "a delivery target (see 'animexport list'): sets size, fps, codec, rates, audio, and checks the length"),
]

/// Parses a bit rate: "2000000", "2M", "500k", "1.5M" (SI: k = 1000).
func parseBitrate(_ text: String, flag: String) throws(ExportError) -> Int {
    let t = text.trimmingCharacters(in: .whitespaces)
    var scale = 1.0, digits = Substring(t)
    if let last = t.last, "kKmM".contains(last) {
        scale = "kK".contains(last) ? 1_000 : 1_000_000
        digits = t.dropLast()
    }
    guard let v = Double(digits), v.isFinite, v > 0, (v * scale).rounded() >= 10_000, v * scale <= 1_000_000_000 else {
        throw .usage("\(flag): '\(text)' is not a bit rate in [10k, 1000M] bits/s (e.g. 2M, 500k, 8000000)")
    }
    return Int((v * scale).rounded())
}

/// The output format of `output` with `--codec`, as an ExportError naming the flag.
func outputFormat(_ output: String, codec: String?) throws(ExportError) -> OutputFormat {
    do { return try OutputFormat.resolve(path: output, codec: codec) } catch {
        if case .invalidSettings(let m) = error { throw .usage("\(codec != nil ? "--codec: " : "")\(m)") }
        throw .usage("\(error)")
    }
}

/// Fills the output side of `job` from the flags (and its target), after `resolveJob` set the rest.
func resolveMedia(_ job: inout RenderJob, args: ParsedArguments) throws(ExportError) {
    var m = MediaOptions()
    m.target = job.media.target
    m.format = try outputFormat(job.output, codec: args.value("--codec") ?? m.target?.codec)
    let codec = m.format.codec
    if job.background.a < 1 {
        guard codec.holdsAlpha else {
            throw .usage("\(job.output): \(m.format) cannot hold transparency (background \(job.background.hexString)); formats that can: \(OutputFormat.alphaFormatsText)")
        }
        m.alpha = true
    }
    if let q = args.value("--quality") {
        guard let v = Double(q), v.isFinite else { throw .usage("--quality: '\(q)' is not a number") }
        if codec == .h264 { throw .usage("--quality: H.264 takes --crf (0–51)") }
        m.quality = v
    }
    if codec != .h264, args.has("--crf") {
        guard let v = Double(args.value("--crf")!) else { throw .usage("--crf: '\(args.value("--crf")!)' is not a number") }
        m.quality = v
    }
    m.speed = args.value("--speed")
    if codec != .h264 {
        for flag in ["--x264-preset", "--tune", "--profile", "--level", "--bframes"] where args.has(flag) {
            throw .usage("\(flag): applies to H.264 only (\(job.output) is \(m.format)); see --quality, --speed")
        }
        // The preset's encoder params are libx264's: only --param reaches another encoder.
        let cli = Set(args.all("--param").compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        let dropped = job.encoder.params.filter { !cli.contains($0.key) }.map(\.key)
        if !dropped.isEmpty {
            job.notices.append("the preset's x264 options (\(dropped.joined(separator: ", "))) are not applied to \(codec.displayName)")
        }
        job.encoder.params = job.encoder.params.filter { cli.contains($0.key) }
    }
    if let n = args.value("--loop-count") {
        guard m.format.container.isAnimatedImage else { throw .usage("--loop-count: only GIF, APNG and WebP loop by themselves (\(job.output) is \(m.format))") }
        m.loopCount = try parseInt(n, flag: "--loop-count", range: 0...65535)
    }
    if let c = args.value("--matte") {
        guard codec == .gif else { throw .usage("--matte: only GIF blends edges onto a matte") }
        guard let rgba = RGBA(hex: c), rgba.a == 1 else { throw .usage("--matte: '\(c)' is not an opaque colour (#RRGGBB)") }
        m.matte = rgba
    }
    if let p = args.value("--gif-palette") {
        guard codec == .gif else { throw .usage("--gif-palette: only GIF has palettes (\(job.output) is \(m.format))") }
        guard let v = GIFPalette(rawValue: p) else { throw .usage("--gif-palette: '\(p)' is not one of global, per-frame") }
        m.gifPalette = v
    }
    var fade = 0.0
    if let f = args.value("--audio-fade") {
        guard args.has("--audio") || m.target?.audio != nil else { throw .usage("--audio-fade: needs --audio") }
        fade = try parseDouble(f, flag: "--audio-fade", range: 0...60)
    }
    if let a = args.value("--audio") ?? m.target?.audio {
        guard m.format.container.audioCodec != nil else {
            throw .usage("--audio: \(m.format.container.extensions[0]) files have no audio track; audio goes in .mp4, .mov or .webm")
        }
        let seconds = Double(job.frameCount) * Double(job.fps.den) / Double(job.fps.num)
        guard fade * 2 <= seconds else { throw .usage("--audio-fade: \(format(fade)) s in and out is longer than the \(format(seconds)) s clip") }
        let source = AudioSource(a == "silent" ? .silent : .file(a), fadeSeconds: fade, seconds: seconds)
        do { _ = try source.check() } catch { throw .usage("--audio: \(error)") }
        m.audio = source
    }
    m.closedGOP = m.target?.closedGOP ?? false
    if codec == .gif && Double(job.fps.num) / Double(job.fps.den) > 50 {
        job.notices.append("GIF at \(job.fps.num)/\(job.fps.den) fps: browsers play delays under 2 cs (above 50 fps) at 10 cs, far slower; use --fps 50 or less (e.g. 25)")
    }
    job.media = m
    // Everything Video checks (crf ranges per codec, alpha, speed names, options) before rendering.
    do { try job.videoSettings.validate() } catch {
        throw .usage("\(job.output): \(error)")
    }
}

extension RGBA {
    var rgb8: (r: UInt8, g: UInt8, b: UInt8) {
        func c(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (c(r), c(g), c(b))
    }
}

extension RenderJob {
    /// The writer's settings for this job.
    var videoSettings: VideoSettings {
        var s = VideoSettings(width: width, height: height, fps: FrameRate(num: fps.num, den: fps.den), format: media.format)
        s.h264 = h264Settings
        s.alpha = media.alpha
        s.quality = media.quality
        s.speed = media.speed
        s.bitrate = encoder.bitrate
        s.maxrate = encoder.maxrate
        s.keyint = encoder.keyint
        s.closedGOP = media.closedGOP
        s.params = encoder.params
        s.threads = encoderThreads ?? min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16)
        s.loopCount = media.loopCount
        s.matte = media.matte.rgb8
        s.gifPalette = media.gifPalette
        s.audio = media.audio
        s.expectedFrames = frameCount
        s.shouldStop = { Interruption.pending != nil }
        s.segmentEncoding = segmentEncoding
        return s
    }
}
