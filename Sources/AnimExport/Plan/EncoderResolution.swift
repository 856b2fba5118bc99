// Encoder options: what the H.264 encoder is told, from the preset's "encoder" object and the
// flags (flags win), each value range-checked; crf 0 switches to the lossless profile, with a note.
// The output side (format, alpha, quality, audio) is MediaOptions.swift.
import Foundation

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
