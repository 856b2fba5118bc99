// Caps on what one job may ask for, with their reasons (also listed in the README).

public enum Limits {
    /// Each side ≤ 4096 px and ≤ 4096×2304 px per frame: H.264 level 5.2's largest frame
    /// (36 864 macroblocks); beyond that players refuse the file. One RGBA frame ≤ 38 MB.
    public static let maxSide = 4096
    public static let maxPixels = 4096 * 2304
    /// 240 fps: the top of what any player or platform accepts.
    public static let maxFPS = 240.0
    /// 1 fps: below it a frame lasts longer than MP4's per-sample duration can say at FFmpeg's
    /// time base (1/2147483647 fps failed in the muxer, exit 1); no animation wants it.
    public static let minFPS = 1.0
    /// 10 minutes per clip: these are short loops; a typo like --seconds 36000 should not
    /// occupy a CI runner for a day.
    public static let maxSeconds = 600.0
    /// 600 s × 240 fps.
    public static let maxFrames = 144_000
    /// Pixels per point.
    public static let maxScale = 16.0
    /// Canvas side in points.
    public static let maxCanvas = 10_000.0
    /// A preset file larger than this is not a preset.
    public static let maxPresetBytes = 1 << 20
    /// Outputs listed by one preset: a marketing set is a handful of sizes plus a poster.
    public static let maxOutputsPerPreset = 64
    /// Outputs in one batch run (after sharding): each needs a manifest entry and, at the
    /// default settings, seconds to minutes of encoding; more is a mistake, not a job.
    public static let maxBatchOutputs = 10_000
    /// A preset's variants table (Variants/): rows, columns, one cell's bytes, the file's bytes.
    public static let maxVariantRows = 10_000
    public static let maxVariantColumns = 256
    public static let maxVariantCellBytes = 4_096
    public static let maxVariantFileBytes = 16 << 20
    /// Colour overrides ("colors" and "slots" together) in one Lottie preset.
    public static let maxColorOverrides = 1_000
    /// Text, image and slot overrides together in one Lottie preset (LottieOverrides.swift).
    public static let maxOverrides = 1_000
    /// Bytes of one replaced text (a preset's "texts" value or a text slot's string).
    public static let maxOverrideTextBytes = 4_096
    /// Names in one "colors" path ("Layer/Group/…/Fill 1").
    public static let maxColorPathNames = 64
}
