// CodecLevels.swift — the smallest HEVC and AV1 level a stream fits, so the level a file
// signals is one its size, rate and bit rate really meet (players refuse or stutter on streams
// over their level; a level that is too high makes devices refuse playable files).
//
// HEVC (ITU-T H.265 Annex A, Table A.8, Main tier): a level fits when
//     W·H ≤ MaxLumaPs,  W, H ≤ √(8·MaxLumaPs),  W·H·fps ≤ MaxLumaSr,  peak bit rate ≤ MaxBR
// (MaxBR × 1.1 for Main/Main 10 is CpbBrVclFactor 1000 vs 1100; we use the VCL figure).
// AV1 (AV1 spec Annex A.3, Main tier): a level fits when
//     W·H ≤ MaxPicSize,  W ≤ MaxHSize,  H ≤ MaxVSize,  W·H·fps ≤ MaxDisplayRate,  peak ≤ MaxBitrate.
// With CRF the encoder's rate is not bounded by itself, so the writer also caps it with VBV at
// the level's bit rate (HEVC: vbv-maxrate/bufsize; AV1: SVT-AV1's mbr), which is what makes
// the signalled level honest.

public enum CodecLevels {
    /// HEVC Main tier: (name, level_idc = 30 × level, MaxLumaPs, MaxLumaSr, MaxBR kbit/s).
    static let hevc: [(name: String, idc: Int, ps: Int, sr: Int, br: Int)] = [
        ("1", 30, 36_864, 552_960, 128),
        ("2", 60, 122_880, 3_686_400, 1_500),
        ("2.1", 63, 245_760, 7_372_800, 3_000),
        ("3", 90, 552_960, 16_588_800, 6_000),
        ("3.1", 93, 983_040, 33_177_600, 10_000),
        ("4", 120, 2_228_224, 66_846_720, 12_000),
        ("4.1", 123, 2_228_224, 133_693_440, 20_000),
        ("5", 150, 8_912_896, 267_386_880, 25_000),
        ("5.1", 153, 8_912_896, 534_773_760, 40_000),
        ("5.2", 156, 8_912_896, 1_069_547_520, 60_000),
        ("6", 180, 35_651_584, 1_069_547_520, 60_000),
        ("6.1", 183, 35_651_584, 2_139_095_040, 120_000),
        ("6.2", 186, 35_651_584, 4_278_190_080, 240_000),
    ]

    /// AV1 Main tier: (name, seq_level_idx, MaxPicSize, MaxHSize, MaxVSize, MaxDisplayRate, MaxBitrate kbit/s).
    static let av1: [(name: String, idx: Int, pic: Int, w: Int, h: Int, rate: Int, br: Int)] = [
        ("2.0", 0, 147_456, 2048, 1152, 4_423_680, 1_500),
        ("2.1", 1, 278_784, 2816, 1584, 8_363_520, 3_000),
        ("3.0", 4, 665_856, 4352, 2448, 19_975_680, 6_000),
        ("3.1", 5, 1_065_024, 5504, 3096, 31_950_720, 10_000),
        ("4.0", 8, 2_359_296, 6144, 3456, 70_778_880, 12_000),
        ("4.1", 9, 2_359_296, 6144, 3456, 141_557_760, 20_000),
        ("5.0", 12, 8_912_896, 8192, 4352, 267_386_880, 30_000),
        ("5.1", 13, 8_912_896, 8192, 4352, 534_773_760, 40_000),
        ("5.2", 14, 8_912_896, 8192, 4352, 1_069_547_520, 60_000),
        ("5.3", 15, 8_912_896, 8192, 4352, 1_069_547_520, 60_000),
        ("6.0", 16, 35_651_584, 16384, 8704, 1_069_547_520, 60_000),
        ("6.1", 17, 35_651_584, 16384, 8704, 2_139_095_040, 100_000),
        ("6.2", 18, 35_651_584, 16384, 8704, 4_278_190_080, 160_000),
        ("6.3", 19, 35_651_584, 16384, 8704, 4_278_190_080, 160_000),
    ]

    /// The smallest HEVC level for the stream (nil: none fits).
    public static func hevcLevel(width: Int, height: Int, fps: FrameRate, peakBitrate: Int? = nil)
        -> (name: String, idc: Int, maxBitrate: Int)? {
        let ps = width * height
        for l in hevc {
            let side = Int(Double(8 * l.ps).squareRoot())
            guard ps <= l.ps, width <= side, height <= side,
                  Int64(ps) * Int64(fps.num) <= Int64(l.sr) * Int64(fps.den) else { continue }
            if let peak = peakBitrate, peak > l.br * 1000 { continue }
            return (l.name, l.idc, l.br * 1000)
        }
        return nil
    }

    /// The smallest AV1 level for the stream (nil: none fits).
    public static func av1Level(width: Int, height: Int, fps: FrameRate, peakBitrate: Int? = nil)
        -> (name: String, idx: Int, maxBitrate: Int)? {
        let ps = width * height
        for l in av1 {
            guard ps <= l.pic, width <= l.w, height <= l.h,
                  Int64(ps) * Int64(fps.num) <= Int64(l.rate) * Int64(fps.den) else { continue }
            if let peak = peakBitrate, peak > l.br * 1000 { continue }
            return (l.name, l.idx, l.br * 1000)
        }
        return nil
    }
}
