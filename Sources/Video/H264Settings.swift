/// H.264 profile passed to libx264.
public enum H264Profile: String, Sendable, CaseIterable {
    case baseline
    case main
    case high
    /// High 4:4:4 Predictive: the only profile x264 can use for lossless (crf 0).
    case high444

    /// The name FFmpeg/ffprobe reports for streams of this profile.
    public var ffprobeName: String {
        switch self {
        case .baseline: return "Constrained Baseline"
        case .main: return "Main"
        case .high: return "High"
        case .high444: return "High 4:4:4 Predictive"
        }
    }

    /// Factor applied to the level bit-rate limits (H.264 Table A-1 and A.3.3).
    var bitRateFactor: Int {
        switch self {
        case .baseline, .main: return 4  // ×1 (in quarters)
        case .high: return 5             // ×1.25
        case .high444: return 16         // ×4
        }
    }
}

/// How `MP4Writer` converts RGBA frames to YUV 4:2:0.
public enum ColorConversion: String, Sendable, CaseIterable {
    /// `RGBAToYUV420` (Swift SIMD): the same samples as libswscale, about 4× faster.
    case swift
    /// libswscale (`sws_scale`, one thread), as before.
    case swscale
}

/// Settings for `MP4Writer`: libx264 in yuv420p, BT.709, limited range.
///
/// The colour handling itself is not configurable: frames are always converted
/// with the BT.709 matrix to limited ("tv") range and tagged BT.709 primaries,
/// transfer and matrix; `colorConversion` only picks the code that does it.
public struct H264Settings: Sendable {
    /// Frame size in pixels. Both must be even (yuv420p); the caller pads.
    public var width: Int
    public var height: Int
    /// Constant frame rate.
    public var fps: FrameRate
    /// x264 preset ("ultrafast" ... "placebo"). Bad names fail at writer init.
    public var x264Preset: String = "medium"
    /// Constant rate factor, 0...51 (lower is better). Ignored when `bitrate`
    /// is set. 0 is lossless: see `isLossless` and `warnings`.
    public var crf: Double = 18
    /// x264 tune ("animation", "film", "grain", ...); nil for none.
    public var tune: String? = "animation"
    /// H.264 profile. With crf 0 (lossless), `.high` is promoted to `.high444`.
    public var profile: H264Profile = .high
    /// H.264 level such as "4.2" or "42". nil chooses one from size, frame rate
    /// and bit rate (see `H264Settings.automaticLevel`), so that x264 limits its
    /// reference frames to fit (tune animation would otherwise signal 5.0 at 1080p60).
    public var level: String? = nil
    /// Maximum GOP length in frames (x264 keyint); nil for x264's default (250).
    public var keyint: Int? = nil
    /// Maximum consecutive B-frames (0 disables them); nil for the preset's value.
    public var bframes: Int? = nil
    /// Target bit rate in bits/s. When set, the encoder uses average-bit-rate
    /// mode and `crf` is ignored.
    public var bitrate: Int? = nil
    /// Peak bit rate in bits/s (VBV). The VBV buffer size is set to 2×maxrate
    /// (two seconds' worth at the peak rate); override it with
    /// `extraOptions` ("bufsize", bits). Combined with crf this gives capped CRF.
    public var maxrate: Int? = nil
    /// Additional encoder options (`--param key=value`), applied last through
    /// the encoder's options dictionary: generic AVCodecContext options
    /// ("g", "bf", "bufsize", ...) and libx264 private options ("x264-params",
    /// "aq-mode", ...). Keys FFmpeg does not recognise make the writer fail
    /// with `VideoError.unknownOptions`.
    public var extraOptions: [(key: String, value: String)] = []
    /// x264 threads; 0 lets x264 choose (1.5 × cores).
    public var encoderThreads: Int = 0
    /// Identical frames and settings give identical bytes (for the same
    /// `encoderThreads` and machine; x264's output depends on its thread
    /// count). This sets `+bitexact` on muxer and encoder (no library-version
    /// or wall-clock metadata) and, on CPUs with AVX-512, tells x264 to use
    /// its other SIMD code instead: libx264 0.164's AVX-512 lookahead code
    /// reads past a buffer end, so its output varies with heap contents
    /// (measured cost here: about 8 % more encoder CPU at 1080p medium).
    public var deterministic: Bool = true
    /// Who converts RGBA to YUV: `.swift` (default) or `.swscale`. Both give
    /// byte-identical frames on x86-64 (and so identical files); see `RGBAToYUV420`.
    public var colorConversion: ColorConversion = .swift

    public init(width: Int, height: Int, fps: FrameRate = .fps60) {
        self.width = width
        self.height = height
        self.fps = fps
    }

    /// True when the settings ask for lossless coding (crf 0, no bit rate).
    public var isLossless: Bool { bitrate == nil && crf == 0 }

    /// The profile actually requested from x264 (lossless needs High 4:4:4 Predictive).
    public var effectiveProfile: H264Profile {
        isLossless && profile == .high ? .high444 : profile
    }

    /// The level passed to x264: `level` if set, else `automaticLevel(...)`.
    public var effectiveLevel: String? {
        if let level { return level }
        let peak = [bitrate, maxrate].compactMap { $0 }.max()
        return H264Settings.automaticLevel(width: width, height: height, fps: fps,
                                           peakBitrate: peak, profile: effectiveProfile)
    }

    /// Things a CLI should tell the user about (nothing is wrong enough to refuse).
    public var warnings: [String] {
        var w: [String] = []
        if isLossless {
            w.append("crf 0 is lossless: files are very large and use the High 4:4:4 Predictive profile, which many players and browsers cannot decode")
        }
        if bitrate != nil {
            w.append("bitrate is set: average-bit-rate mode, crf is ignored")
        }
        if level == nil && effectiveLevel == nil {
            w.append("no H.264 level fits \(width)x\(height) at \(fps) fps; x264 will choose one")
        }
        return w
    }

    /// Checks everything that can be checked before touching FFmpeg.
    public func validate() throws(VideoError) {
        guard width > 0, height > 0 else {
            throw .invalidSettings("size \(width)x\(height) must be positive")
        }
        guard width % 2 == 0, height % 2 == 0 else {
            throw .invalidSettings("size \(width)x\(height) must have even width and height for yuv420p (pad the frame)")
        }
        guard width <= 16384, height <= 16384 else {
            throw .invalidSettings("size \(width)x\(height) exceeds 16384")
        }
        guard fps.num > 0, fps.den > 0, fps.framesPerSecond <= 1000 else {
            throw .invalidSettings("frame rate \(fps) must be positive and at most 1000")
        }
        guard crf.isFinite, crf >= 0, crf <= 51 else {
            throw .invalidSettings("crf \(crf) must be within 0...51")
        }
        // x264 takes crf in fractional steps, but its QP is the integer part: every crf below 1
        // is coded losslessly, like crf 0 (and then needs High 4:4:4 Predictive). Refuse them.
        if bitrate == nil && crf > 0 && crf < 1 {
            throw .invalidSettings("crf \(formatNumber(crf)): x264 codes every crf below 1 losslessly, as crf 0; use 0 for lossless or 1–51")
        }
        guard !x264Preset.isEmpty else { throw .invalidSettings("empty x264 preset") }
        if let tune, tune.isEmpty { throw .invalidSettings("empty x264 tune") }
        if let level, level.isEmpty { throw .invalidSettings("empty H.264 level") }
        if isLossless && (profile == .main || profile == .baseline) {
            throw .invalidSettings("crf 0 (lossless) needs the high or high444 profile, not \(profile.rawValue)")
        }
        if let keyint, keyint < 1 { throw .invalidSettings("keyint \(keyint) must be ≥ 1") }
        if let bframes, !(0...16).contains(bframes) {
            throw .invalidSettings("bframes \(bframes) must be within 0...16")
        }
        if let bitrate, bitrate <= 0 { throw .invalidSettings("bitrate \(bitrate) must be > 0") }
        if let maxrate, maxrate <= 0 || maxrate > Int(Int32.max) / 2 {
            throw .invalidSettings("maxrate \(maxrate) out of range")
        }
        guard (0...128).contains(encoderThreads) else {
            throw .invalidSettings("encoder threads \(encoderThreads) must be within 0...128")
        }
        for (key, _) in extraOptions where key.isEmpty {
            throw .invalidSettings("empty option name in extra options")
        }
        try EncoderOptionPolicy.check(extraOptions, encoder: "libx264")
        // An explicit level below what the size, rate and peak bit rate need would give a
        // stream that breaks players: refuse it.
        if let level, let raw = Double(level) {
            let wanted = raw >= 10 ? raw / 10 : raw  // "42" is level_idc, "4.2" and "4" levels
            let peak = [bitrate, maxrate].compactMap { $0 }.max()
            let needed = H264Settings.automaticLevel(width: width, height: height, fps: fps, peakBitrate: peak, profile: effectiveProfile)
            if let needed, let n = Double(needed), wanted + 1e-9 < n {
                throw .invalidSettings("H.264 level \(level) cannot hold \(width)x\(height) at \(fps) fps\(peak.map { " and \($0 / 1000) kb/s" } ?? ""); it needs level \(needed) or higher")
            }
            if needed == nil { throw .invalidSettings("no H.264 level holds \(width)x\(height) at \(fps) fps") }
        }
    }

    // MARK: - encoder options

    /// The options dictionary given to avcodec_open2, in order (later wins).
    func encoderOptions() -> [(String, String)] {
        var o: [(String, String)] = [("preset", x264Preset)]
        if let tune { o.append(("tune", tune)) }
        o.append(("profile", effectiveProfile.rawValue))
        if let level = effectiveLevel { o.append(("level", level)) }
        if let bitrate {
            o.append(("b", String(bitrate)))
        } else {
            o.append(("crf", formatNumber(crf)))
        }
        if let maxrate {
            o.append(("maxrate", String(maxrate)))
            o.append(("bufsize", String(2 * maxrate)))
        }
        if let keyint { o.append(("g", String(keyint))) }
        if let bframes { o.append(("bf", String(bframes))) }
        // x264-params: ours first, so a user's own x264-params entries win.
        var x264Params: [String] = []
        if deterministic, let flags = MP4Writer.x264FlagsWithoutAVX512 {
            x264Params.append("asm=\(flags)")
        }
        if inlineLookahead { x264Params.append("sync-lookahead=0") }
        for (k, v) in extraOptions {
            if k == "x264-params" { x264Params.append(v) } else { o.append((k, v)) }
        }
        if !x264Params.isEmpty { o.append(("x264-params", x264Params.joined(separator: ":"))) }
        return o
    }

    /// Whether x264's lookahead runs in the calling thread (sync-lookahead=0) instead of a
    /// thread of its own. With more than one thread x264 gives the lookahead a thread and a
    /// buffer of frames; under the ultrafast preset there is nothing to look ahead (rc-lookahead
    /// 0, no B-frames, no scenecut, no mb-tree), so that thread only holds frames in flight.
    /// The bytes are the same (EncodeTests), and on this machine kind (2 cores, heart 1920×1080,
    /// 600 frames) it measured 1.75 → 1.54 s and peak RSS 145 → 133 MB. Under superfast, which
    /// still analyses every frame at low resolution there, it was slower (2.58 → 2.93 s), so only
    /// ultrafast, and only while the user sets nothing that brings a lookahead back.
    var inlineLookahead: Bool {
        guard x264Preset == "ultrafast", bframes == nil else { return false }
        let bringsLookaheadBack = extraOptions.contains { key, value in
            switch key {
            case "bf", "rc-lookahead", "b_strategy", "sc_threshold": return true
            case "x264-params", "x264opts":
                return ["lookahead", "bframes", "b-adapt", "scenecut", "mbtree"].contains { value.contains($0) }
            default: return false
            }
        }
        return !bringsLookaheadBack
    }

    // MARK: - levels

    /// H.264 Table A-1: level, max macroblocks/s, max frame size (macroblocks),
    /// max video bit rate (kbit/s for Baseline/Main).
    static let levels: [(name: String, idc: Int, mbps: Int, fs: Int, br: Int)] = [
        ("1", 10, 1485, 99, 64),
        ("1.1", 11, 3000, 396, 192),
        ("1.2", 12, 6000, 396, 384),
        ("1.3", 13, 11880, 396, 768),
        ("2", 20, 11880, 396, 2000),
        ("2.1", 21, 19800, 792, 4000),
        ("2.2", 22, 20250, 1620, 4000),
        ("3", 30, 40500, 1620, 10000),
        ("3.1", 31, 108000, 3600, 14000),
        ("3.2", 32, 216000, 5120, 20000),
        ("4", 40, 245760, 8192, 20000),
        ("4.1", 41, 245760, 8192, 50000),
        ("4.2", 42, 522240, 8704, 50000),
        ("5", 50, 589824, 22080, 135000),
        ("5.1", 51, 983040, 36864, 240000),
        ("5.2", 52, 2073600, 36864, 240000),
        ("6", 60, 4177920, 139264, 240000),
        ("6.1", 61, 8355840, 139264, 480000),
        ("6.2", 62, 16711680, 139264, 800000),
    ]

    /// Lowest level accepted by the automatic choice. Every H.264 decoder
    /// handles 3.0, and the lower levels have bit-rate caps (e.g. 384 kbit/s at
    /// 1.2) that CRF encoding does not respect.
    public static let minimumAutomaticLevel = "3"

    /// The smallest H.264 level (≥ 3.0) whose frame size, macroblock rate and
    /// (when `peakBitrate` in bits/s is given) bit rate limits fit, as a string
    /// like "4.2"; nil when even 6.2 does not fit. Passing this level to x264
    /// makes it limit reference frames to the level's DPB size.
    public static func automaticLevel(width: Int, height: Int, fps: FrameRate,
                                      peakBitrate: Int? = nil,
                                      profile: H264Profile = .high) -> String? {
        guard width > 0, height > 0, fps.num > 0, fps.den > 0 else { return nil }
        let mbw = (width + 15) / 16, mbh = (height + 15) / 16
        let frameMBs = mbw * mbh
        let floorIdc = 30
        for l in levels where l.idc >= floorIdc {
            guard frameMBs <= l.fs else { continue }
            // Each dimension is limited to sqrt(8 × MaxFS) macroblocks.
            let dimLimit = 8 * l.fs
            guard mbw * mbw <= dimLimit, mbh * mbh <= dimLimit else { continue }
            // MB rate: frameMBs × num/den ≤ MaxMBPS.
            guard Int64(frameMBs) * Int64(fps.num) <= Int64(l.mbps) * Int64(fps.den) else { continue }
            if let peak = peakBitrate {
                // br (kbit/s) × factor/4 × 1000 bits/s
                guard Int64(peak) * 4 <= Int64(l.br) * Int64(profile.bitRateFactor) * 1000 else { continue }
            }
            return l.name
        }
        return nil
    }
}
