// ConfiguredEncoder.swift — what the writer actually configures for a `VideoSettings`, read
// back from the same option lists the writers hand to libavcodec (CodecSetup.swift,
// H264Settings.encoderOptions) and from GIFWriter's palette settings, so a manifest or a review
// page reports the encoder's real settings instead of x264's for every codec.
//
// Per codec (nil where the encoder has no such setting):
//   libx264      preset, tune, profile, level, crf | bitrate, maxrate + bufsize (VBV), keyint, bframes
//   libx265      preset, profile main, level-idc, crf | bitrate, vbv-maxrate/vbv-bufsize (always set:
//                the level's cap unless maxrate is given), keyint
//   libsvtav1    preset, level, crf | bitrate, mbr (the peak cap, with crf), keyint
//   libvpx-vp9   cpu-used (as preset), profile 0, crf | bitrate, maxrate + bufsize, keyint
//   prores_ks    profile 4444 or 422 HQ
//   libwebp_anim lossless, or quality 0–100
//   apng         lossless
//   gif          palette global | per-frame, 256 colours, dither, alpha threshold, matte
// Machine-dependent options (x264's asm= flags, sync-lookahead) are left out: the manifest of
// identical inputs is identical on every machine.

public struct ConfiguredEncoder: Sendable, Equatable {
    public var encoder: String
    public var preset: String?
    public var tune: String?
    public var profile: String?
    public var level: String?
    public var crf: Double?
    /// WebP lossy quality 0–100.
    public var quality: Double?
    public var lossless: Bool?
    /// Bits/s: average (ABR) bit rate, peak rate and VBV buffer size.
    public var bitrate: Int?
    public var maxrate: Int?
    public var bufsize: Int?
    public var keyint: Int?
    public var bframes: Int?
    /// GIF: "global" or "per-frame", the colours per palette, paletteuse's dither, the matte (#RRGGBB).
    public var palette: String?
    public var colors: Int?
    public var dither: String?
    public var matte: String?
}

extension VideoSettings {
    /// The encoder's settings as the writer configures them (nil for an invalid setup).
    public var configuredEncoder: ConfiguredEncoder? {
        let codec = format.codec
        var c = ConfiguredEncoder(encoder: codec.encoderName)
        switch codec {
        case .gif:
            c.palette = gifPalette.rawValue
            c.colors = 256
            c.dither = GIFWriter.dither
            c.matte = "#" + [matte.r, matte.g, matte.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
            return c
        case .png:
            c.lossless = true
            return c
        case .h264:
            readOptions(h264.encoderOptions(), into: &c)
        default:
            guard let setup = try? streamSetup() else { return nil }
            readOptions(setup.encoderOptions, into: &c)
        }
        switch codec {
        case .apng: c.lossless = true
        case .prores: c.profile = "4444"
        case .proresHQ: c.profile = "422 HQ"
        case .vp9: c.profile = "0"
        case .hevc, .av1: c.level = signalledLevel
        default: break
        }
        return c
    }

    private func readOptions(_ options: [(String, String)], into c: inout ConfiguredEncoder) {
        for (key, value) in options {
            switch key {
            case "preset", "cpu-used": c.preset = value
            case "tune": c.tune = value
            case "profile": if format.codec == .h264 || format.codec == .hevc { c.profile = value }
            case "level": c.level = value
            case "crf": c.crf = Double(value)
            case "quality": c.quality = Double(value)
            case "lossless": c.lossless = value == "1"
            case "b": c.bitrate = Int(value).flatMap { $0 == 0 ? nil : $0 }   // VP9 crf mode sets b 0
            case "maxrate": c.maxrate = Int(value)
            case "bufsize": c.bufsize = Int(value)
            case "g": c.keyint = Int(value)
            case "bf": c.bframes = Int(value)
            case "x265-params", "svtav1-params":
                for pair in value.split(separator: ":") {
                    let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    guard kv.count == 2, let n = Int(kv[1]) else { continue }
                    switch kv[0] {
                    case "vbv-maxrate", "mbr": c.maxrate = n * 1000
                    case "vbv-bufsize": c.bufsize = n * 1000
                    default: break
                    }
                }
            default: break
            }
        }
    }
}
