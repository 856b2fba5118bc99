// The preset file format (presets/*.json), decoded strictly.
//
//     {
//       "animation": "pulse",                 // which scene
//       "description": "…",                   // optional, shown by `animexport list`
//       "canvas": {"width": 400, "height": 400},   // points; optional (scene default)
//       "background": "#FFFFFF",              // optional (scene default)
//       "fps": 60,                            // or "30000/1001"; optional (60)
//       "scale": 2,                           // pixels per point; optional (2)
//       "seconds": 5,                         // default clip length; optional
//       "encoder": { "preset": "medium", "crf": 18, "tune": "animation", "profile": "high",
//                    "level": "4.2", "keyint": 120, "bframes": 2, "bitrate": 4000000,
//                    "maxrate": 6000000, "params": {"aq-mode": "3"} },   // all optional
//       "parameters": { … },                  // the animation's own (Sources/Scenes/<name>/…Plugin.swift)
//       "outputs": [ … ]                      // batch outputs, optional; see OutputSpec.swift
//     }
//
// or, for a Lottie file instead of a scene (Lottie/LottiePreset.swift, docs/presets.md):
//
//     { "lottie": "anims/hero.json",          // or .lottie; relative to the preset, inside its folder
//       "animation": "ID",                    // a .lottie archive's animation; optional
//       "colors": {"Hero/Body/Fill 1": "#ff3366"},   // by layer/group/item name path; optional
//       "slots": {"primary": "#00aa88"},      // by the file's slot ids ("sid"); optional
//       … canvas, background, fps, scale, seconds, encoder, outputs as above (no "parameters") }
//
// Unknown keys anywhere are errors naming the nearest known key; values are range-checked
// in `validate`, and every error names the file and the field.
import Foundation
import Geometry
import Raster
import Scenes

/// A colour in a preset (Scenes' `ColorValue`: "#RRGGBB", "#RRGGBBAA", "transparent" or
/// {"r", "g", "b", "a"}).
typealias ColorSpec = ColorValue

/// A frame rate in a preset: an integer (60) or "num/den" ("30000/1001").
struct FrameRateSpec: Decodable, Equatable {
    var num: Int32, den: Int32
    init(num: Int32, den: Int32) { self.num = num; self.den = den }
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text: String
        if let n = try? c.decode(Double.self) { text = String(n) } else { text = try c.decode(String.self) }
        guard let r = parseFrameRate(text) else {
            throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath),
                                      message: "'\(text)' is not a frame rate (use an integer like 60 or num/den like 30000/1001)")
        }
        self = r
    }
    var value: Double { Double(num) / Double(den) }
}

/// "60", "60.0", "30000/1001", and the NTSC decimals 23.976, 29.97, 59.94, 119.88 (→ x000/1001).
func parseFrameRate(_ text: String) -> FrameRateSpec? {
    let t = text.trimmingCharacters(in: .whitespaces)
    if let slash = t.firstIndex(of: "/") {
        guard let n = Int32(t[..<slash]), let d = Int32(t[t.index(after: slash)...]), n > 0, d > 0 else { return nil }
        // Reduced (60000/1000 is 60/1), so rates from any rational that names one compare and
        // multiply without overflow: both terms stay below 2^31.
        var (a, b) = (n, d)
        while b != 0 { (a, b) = (b, a % b) }
        return FrameRateSpec(num: n / a, den: d / a)
    }
    guard let v = Double(t), v.isFinite, v > 0, v <= 100_000 else { return nil }
    if v == v.rounded() { return FrameRateSpec(num: Int32(v), den: 1) }
    for base in [24.0, 30, 60, 120, 48] where abs(v - base * 1000 / 1001) < 0.01 {
        return FrameRateSpec(num: Int32(base * 1000), den: 1001)
    }
    return nil
}

struct CanvasSpec: Decodable, Equatable {
    var width: Double, height: Double
    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: ["width", "height"])
        enum K: String, CodingKey { case width, height }
        let c = try decoder.container(keyedBy: K.self)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
    }
}

/// Encoder settings as written in a preset; every field optional (defaults in EncoderOptions).
struct EncoderSpec: Decodable, Equatable {
    var preset: String?, crf: Double?, tune: String?, profile: String?, level: String?
    var keyint: Int?, bframes: Int?, bitrate: Int?, maxrate: Int?
    var params: [String: String]?

    static let keys = ["preset", "crf", "tune", "profile", "level", "keyint", "bframes", "bitrate", "maxrate", "params"]
    init() {}
    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: Self.keys)
        enum K: String, CodingKey { case preset, crf, tune, profile, level, keyint, bframes, bitrate, maxrate, params }
        let c = try decoder.container(keyedBy: K.self)
        preset = try c.decodeIfPresent(String.self, forKey: .preset)
        crf = try c.decodeIfPresent(Double.self, forKey: .crf)
        tune = try c.decodeIfPresent(String.self, forKey: .tune)
        profile = try c.decodeIfPresent(String.self, forKey: .profile)
        if let n = try? c.decodeIfPresent(Double.self, forKey: .level) {
            level = n.isFinite && abs(n) < 100 ? String(format: "%.1f", n) : String(n)
        } else {
            level = try c.decodeIfPresent(String.self, forKey: .level)
        }
        keyint = try c.decodeIfPresent(Int.self, forKey: .keyint)
        bframes = try c.decodeIfPresent(Int.self, forKey: .bframes)
        bitrate = try c.decodeIfPresent(Int.self, forKey: .bitrate)
        maxrate = try c.decodeIfPresent(Int.self, forKey: .maxrate)
        params = try c.decodeIfPresent([String: String].self, forKey: .params)
    }
}

/// A whole preset file: a scene's `parameters` (decoded by the animation named in `animation`),
/// or a Lottie file (`lottie` as written; `lottieFile` once read by `bindLottie`).
struct PresetFile: Decodable {
    var animation: String
    var description: String?
    var canvas: CanvasSpec?
    var background: ColorSpec?
    var fps: FrameRateSpec?
    var scale: Double?
    var seconds: Double?
    var encoder: EncoderSpec?
    /// The scene's parameters; nil for a preset that names a Lottie file.
    var parameters: SceneParameters?
    /// Batch outputs (OutputSpec.swift); nil: one default output. Ignored by single renders.
    var outputs: [OutputSpec]?
    /// Set when the preset names a Lottie file; bound to the file by `bindLottie` (LottiePreset.swift).
    var lottie: LottiePresetSource?
    /// The Lottie file `lottie` names, read and recoloured (LottiePreset.swift).
    var lottieFile: BoundLottie?
    /// A digest of every input file the source read (a Lottie file, its images, a dotLottie
    /// archive), hashed into batch's cache key; nil for scenes (their fonts are `inputFiles`).
    var sourceDigest: String?
    /// Render the clip as fixed segments of this many frames (Segments/SegmentPlan.swift); `--segment-frames` overrides it.
    var segmentFrames: Int?

    static let keys = ["animation", "description", "canvas", "background", "fps", "scale", "seconds", "encoder", "parameters", "outputs", "segmentFrames"]
        + LottiePresetSource.keys

    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: Self.keys)
        enum K: String, CodingKey { case animation, description, canvas, background, fps, scale, seconds, encoder, parameters, outputs, lottie, segmentFrames }
        let c = try decoder.container(keyedBy: K.self)
        if c.contains(.lottie) {
            lottie = try LottiePresetSource(from: decoder)
            animation = LottieSource.kindName
            try decodeCommon(c)
            return
        }
        try LottiePresetSource.rejectLottieKeys(decoder)
        animation = try c.decode(String.self, forKey: .animation)
        guard let kind = AnimationKind(rawValue: animation) else {
            let hint = nearest(to: animation, in: AnimationKind.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
            throw ExportError.invalid(file: nil, field: "animation",
                                      message: "unknown animation '\(animation)'\(hint); known: \(AnimationKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        parameters = c.contains(.parameters)
            ? try SceneParameters(decoding: kind.plugin, from: try c.superDecoder(forKey: .parameters))
            : SceneParameters.defaults(of: kind.plugin)
        try decodeCommon(c)
    }

    /// The keys a scene preset and a Lottie preset share.
    private mutating func decodeCommon<K: CodingKey>(_ c: KeyedDecodingContainer<K>) throws {
        func key(_ name: String) -> K { K(stringValue: name)! }
        description = try c.decodeIfPresent(String.self, forKey: key("description"))
        canvas = try c.decodeIfPresent(CanvasSpec.self, forKey: key("canvas"))
        background = try c.decodeIfPresent(ColorSpec.self, forKey: key("background"))
        fps = try c.decodeIfPresent(FrameRateSpec.self, forKey: key("fps"))
        scale = try c.decodeIfPresent(Double.self, forKey: key("scale"))
        seconds = try c.decodeIfPresent(Double.self, forKey: key("seconds"))
        encoder = try c.decodeIfPresent(EncoderSpec.self, forKey: key("encoder"))
        outputs = try c.decodeIfPresent([OutputSpec].self, forKey: key("outputs"))
        segmentFrames = try c.decodeIfPresent(Int.self, forKey: key("segmentFrames"))
        if let f = segmentFrames, !(1...SegmentRequest.maxSegmentFrames).contains(f) {
            throw ExportError.invalid(file: nil, field: "segmentFrames", message: "\(f) is not a whole number in 1–\(SegmentRequest.maxSegmentFrames)")
        }
        if let list = outputs, !(1...Limits.maxOutputsPerPreset).contains(list.count) {
            throw ExportError.invalid(file: nil, field: "outputs",
                                      message: "needs 1 to \(Limits.maxOutputsPerPreset) outputs, found \(list.count)")
        }
    }
}
