// VideoSettings.swift — what to write, for every format: size, rate, codec, alpha, quality,
// rate control, GOP, loops, audio. H.264 keeps its full `H264Settings` (x264 preset, tune,
// profile, automatic level), which `VideoSettings.h264` carries; the other codecs map the
// common fields to their own encoder options in CodecSetup.swift.

/// The quality knob of each codec, with its range (checked by `VideoSettings.validate`).
public enum QualityScale: Sendable, Equatable {
    /// Constant rate factor: lower is better (x264/x265: real numbers; VP9/AV1: integers).
    case crf(range: ClosedRange<Double>, integer: Bool, defaultValue: Double)
    /// Quality 0–100, higher is better (lossy WebP).
    case quality(defaultValue: Double)
    /// No quality setting (ProRes: the profile fixes it; GIF, PNG, APNG: lossless/palette).
    case none

    public static func of(_ codec: VideoCodec) -> QualityScale {
        switch codec {
        case .h264: return .crf(range: 0...51, integer: false, defaultValue: 18)
        case .hevc: return .crf(range: 0...51, integer: false, defaultValue: 20)
        case .av1: return .crf(range: 0...63, integer: true, defaultValue: 30)
        case .vp9: return .crf(range: 0...63, integer: true, defaultValue: 30)
        case .webp: return .quality(defaultValue: 90)
        case .prores, .proresHQ, .gif, .png, .apng: return .none
        }
    }
}

/// Settings for `MediaWriter` (every format).
public struct VideoSettings: Sendable {
    public var width: Int
    public var height: Int
    public var fps: FrameRate
    public var format: OutputFormat
    /// Keep the frames' alpha (the format must hold it: `format.codec.holdsAlpha`).
    public var alpha: Bool = false
    /// crf (H.264, HEVC, AV1, VP9) or quality 0–100 (WebP: lossy; nil = lossless); nil: the
    /// codec's default (`QualityScale`).
    public var quality: Double? = nil
    /// The encoder's speed preset: x265 "ultrafast"…"placebo" (default medium), SVT-AV1 0–13
    /// (default 8), VP9 cpu-used 0–8 (default 4). H.264 uses `h264.x264Preset`.
    public var speed: String? = nil
    public var bitrate: Int? = nil
    public var maxrate: Int? = nil
    public var keyint: Int? = nil
    /// Closed GOPs only (YouTube's recommendation; x265 open-gop off, x264 is closed already).
    public var closedGOP: Bool = false
    /// Extra encoder options (checked by `EncoderOptionPolicy`).
    public var params: [(key: String, value: String)] = []
    public var threads: Int = 0
    public var deterministic: Bool = true
    /// How many times GIF/APNG/WebP play: 0 forever (the default), N ≥ 1 that many times.
    public var loopCount: Int = 0
    /// GIF: the colour soft edges are blended onto before the 1-bit alpha threshold (#RRGGBB).
    public var matte: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 255)
    /// GIF: one palette for the clip (default) or one per frame (GIFPalette.swift).
    public var gifPalette: GIFPalette = .global
    /// The audio track (MP4, MOV, WebM only).
    public var audio: AudioSource? = nil
    /// One segment of a clip rendered in pieces: a stream the join can splice (SegmentEncoding.swift).
    public var segmentEncoding: Bool = false
    /// The H.264 settings (used when `format.codec == .h264`).
    public var h264: H264Settings
    /// Frames the caller will append (lets the audio fade out on time; nil: unknown).
    public var expectedFrames: Int? = nil
    /// Polled between frames of work done inside `finish` (GIF's second pass, each packet of an
    /// encoder's final flush): true stops it with `VideoError.stopped`, the temporaries removed.
    public var shouldStop: (@Sendable () -> Bool)? = nil

    public init(width: Int, height: Int, fps: FrameRate, format: OutputFormat) {
        self.width = width
        self.height = height
        self.fps = fps
        self.format = format
        self.h264 = H264Settings(width: width, height: height, fps: fps)
    }

    /// The pixel format the encoder is fed.
    public var pixelFormat: PixelFormat {
        switch format.codec {
        case .h264, .hevc, .av1: return .yuv420p
        case .vp9: return alpha ? .yuva420p : .yuv420p
        case .prores: return alpha ? .yuva444p10le : .yuv444p10le
        case .proresHQ: return .yuv422p10le
        case .gif, .png, .apng: return .rgba
        case .webp: return .bgra
        }
    }

    /// The pixel format stored in the file (GIF: pal8).
    public var storedPixelFormat: String { format.codec == .gif ? "pal8" : pixelFormat.rawValue }

    /// Checks everything that can be checked before touching FFmpeg; errors are one line.
    public func validate() throws(VideoError) {
        let codec = format.codec
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .invalidSettings("size \(width)x\(height) must be positive and at most 16384")
        }
        if codec.needsEvenSize && (width % 2 != 0 || height % 2 != 0) {
            throw .invalidSettings("size \(width)x\(height) must have even width and height for \(codec.displayName)")
        }
        if codec == .av1 && (width < 64 || height < 64) {
            throw .invalidSettings("size \(width)x\(height): AV1 (SVT-AV1) needs at least 64×64")
        }
        if codec == .gif && (width > 65535 || height > 65535) {
            throw .invalidSettings("size \(width)x\(height) is over GIF's 65535")
        }
        guard fps.num > 0, fps.den > 0, fps.framesPerSecond <= 1000 else {
            throw .invalidSettings("frame rate \(fps) must be positive and at most 1000")
        }
        if alpha && !codec.holdsAlpha {
            throw .invalidSettings("\(format) cannot hold transparency; formats that can: \(OutputFormat.alphaFormatsText)")
        }
        try validateQuality()
        if let speed { try validateSpeed(speed) }
        if audio != nil && format.container.audioCodec == nil {
            throw .invalidSettings("\(format.container.extensions[0]) files have no audio track; audio goes in .mp4, .mov or .webm")
        }
        if bitrate != nil && [.prores, .proresHQ, .gif, .png, .apng, .webp].contains(codec) {
            throw .invalidSettings("\(codec.displayName) has no bit-rate control")
        }
        guard (0...65535).contains(loopCount) else { throw .invalidSettings("loop count \(loopCount) must be within 0...65535") }
        if codec == .h264 { try h264.validate() } else { try EncoderOptionPolicy.check(params, encoder: codec.encoderName) }
    }

    private func validateQuality() throws(VideoError) {
        guard let q = quality else { return }
        switch QualityScale.of(format.codec) {
        case .crf(let range, let integer, _):
            guard q.isFinite, range.contains(q), !integer || q == q.rounded() else {
                throw .invalidSettings("crf \(formatNumber(q)) is not allowed for \(format.codec.displayName): \(integer ? "a whole number" : "a number") in \(formatNumber(range.lowerBound))–\(formatNumber(range.upperBound))")
            }
        case .quality:
            guard q.isFinite, (0...100).contains(q) else {
                throw .invalidSettings("quality \(formatNumber(q)) is not allowed for WebP: 0–100")
            }
        case .none:
            throw .invalidSettings("\(format.codec.displayName) has no crf/quality setting\(format.codec == .prores || format.codec == .proresHQ ? " (the ProRes profile fixes the quality)" : "")")
        }
    }

    private func validateSpeed(_ speed: String) throws(VideoError) {
        switch format.codec {
        case .hevc:
            let names = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
            guard names.contains(speed) else { throw .invalidSettings("x265 preset '\(speed)' is not one of \(names.joined(separator: ", "))") }
        case .av1:
            guard let n = Int(speed), (0...13).contains(n) else { throw .invalidSettings("SVT-AV1 preset '\(speed)' must be 0–13 (higher is faster)") }
        case .vp9:
            guard let n = Int(speed), (0...8).contains(n) else { throw .invalidSettings("VP9 speed '\(speed)' must be 0–8 (cpu-used; higher is faster)") }
        case .h264: break
        default: throw .invalidSettings("\(format.codec.displayName) has no speed preset")
        }
    }
}
