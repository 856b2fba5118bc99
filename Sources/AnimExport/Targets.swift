// Targets.swift — delivery targets as data: `targets/*.json`, one file per target, each citing the
// spec it follows. `--target NAME` sets the output's size, frame rate, codec, rates, audio and
// length rules, and the written file is read back and checked against them.
//
//     {
//       "description": "App Store app preview, iPhone 6.5\" / 6.7\" portrait",
//       "spec": "Apple, App Store Connect Help — App preview specifications",
//       "extensions": ["mp4", "mov"], "codec": "h264", "size": "886x1920", "fps": 30,
//       "profile": "high", "maxLevel": "4.0", "bitrate": "11M", "maxrate": "12M",
//       "audio": "silent", "minSeconds": 15, "maxSeconds": 30, "repeatToMinimum": true
//     }
//
// Found like presets: $ANIMEXPORT_TARGETS (colon-separated folders), ./targets,
// <prefix>/share/animexport/targets (make install), the checkout's targets/. A flag that
// contradicts the target (another --fps, --size, --codec) is an error; everything else the
// target does not fix stays free. Length: a clip shorter than minSeconds is repeated whole
// (repeatToMinimum; a seamless loop stays seamless) until it reaches it, longer than maxSeconds
// is an error before anything is rendered.
import Foundation
import Video

struct DeliveryTarget: Decodable, Sendable, Equatable {
    var name = ""
    var path = ""
    var description: String
    var spec: String
    var extensions: [String]
    var codec: String?
    /// Codecs the spec also accepts (`--codec` picks one; App Store: "prores-hq"): the target's
    /// H.264 settings (profile, bit rates, level) do not apply to them; size, fps, audio and
    /// length rules do.
    var otherCodecs: [String]?
    var size: String?
    var maxSize: String?
    var fps: FrameRateSpec?
    var profile: String?
    var maxLevel: String?
    var bitrate: String?
    var maxrate: String?
    var keyint: Int?
    var closedGOP: Bool?
    var audio: String?
    var minSeconds: Double?
    var maxSeconds: Double?
    var repeatToMinimum: Bool?
    var maxBytes: Int?
    var scaleDownToFit: Bool?
    /// A background the target implies ("transparent" for overlays) unless --background is given.
    var background: String?

    static let keys = ["description", "spec", "extensions", "codec", "otherCodecs", "size", "maxSize", "fps", "profile", "maxLevel",
                       "bitrate", "maxrate", "keyint", "closedGOP", "audio", "minSeconds", "maxSeconds",
                       "repeatToMinimum", "maxBytes", "scaleDownToFit", "background"]

    enum K: String, CodingKey {
        case description, spec, extensions, codec, otherCodecs, size, maxSize, fps, profile, maxLevel, bitrate, maxrate, keyint
        case closedGOP, audio, minSeconds, maxSeconds, repeatToMinimum, maxBytes, scaleDownToFit, background
    }

    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: Self.keys)
        let c = try decoder.container(keyedBy: K.self)
        description = try c.decode(String.self, forKey: .description)
        spec = try c.decode(String.self, forKey: .spec)
        extensions = try c.decode([String].self, forKey: .extensions)
        codec = try c.decodeIfPresent(String.self, forKey: .codec)
        otherCodecs = try c.decodeIfPresent([String].self, forKey: .otherCodecs)
        size = try c.decodeIfPresent(String.self, forKey: .size)
        maxSize = try c.decodeIfPresent(String.self, forKey: .maxSize)
        fps = try c.decodeIfPresent(FrameRateSpec.self, forKey: .fps)
        profile = try c.decodeIfPresent(String.self, forKey: .profile)
        maxLevel = try c.decodeIfPresent(String.self, forKey: .maxLevel)
        bitrate = try c.decodeIfPresent(String.self, forKey: .bitrate)
        maxrate = try c.decodeIfPresent(String.self, forKey: .maxrate)
        keyint = try c.decodeIfPresent(Int.self, forKey: .keyint)
        closedGOP = try c.decodeIfPresent(Bool.self, forKey: .closedGOP)
        audio = try c.decodeIfPresent(String.self, forKey: .audio)
        minSeconds = try c.decodeIfPresent(Double.self, forKey: .minSeconds)
        maxSeconds = try c.decodeIfPresent(Double.self, forKey: .maxSeconds)
        repeatToMinimum = try c.decodeIfPresent(Bool.self, forKey: .repeatToMinimum)
        maxBytes = try c.decodeIfPresent(Int.self, forKey: .maxBytes)
        scaleDownToFit = try c.decodeIfPresent(Bool.self, forKey: .scaleDownToFit)
        background = try c.decodeIfPresent(String.self, forKey: .background)
    }

    /// One line for `animexport list`.
    var summary: String {
        var parts: [String] = []
        if let size { parts.append(size) } else if let maxSize { parts.append("≤ \(maxSize)") }
        if let fps { parts.append("\(fps.den == 1 ? String(fps.num) : "\(fps.num)/\(fps.den)") fps") }
        parts.append(codec.map { "\($0) in .\(extensions[0])" } ?? "." + extensions[0])
        if let minSeconds, let maxSeconds { parts.append("\(format(minSeconds))–\(format(maxSeconds)) s") }
        else if let maxSeconds { parts.append("≤ \(format(maxSeconds)) s") }
        if let maxBytes { parts.append("≤ \(byteCount(maxBytes))") }
        return parts.joined(separator: ", ")
    }
}

public struct TargetLibrary: Sendable {
    public var folders: [String]

    public init(folders: [String]) { self.folders = folders }

    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> TargetLibrary {
        var folders: [String] = []
        if let env = environment["ANIMEXPORT_TARGETS"] { folders += env.split(separator: ":").map(String.init) }
        folders.append(FileManager.default.currentDirectoryPath + "/targets")
        // The real binary (/proc/self/exe), as for presets: <prefix>/share/animexport/targets
        // beside an installed binary, the checkout's targets/ beside a built one.
        if let exe = PresetLibrary.executablePath() {
            let bin = URL(fileURLWithPath: exe).deletingLastPathComponent()
            folders.append(bin.deletingLastPathComponent().appendingPathComponent("share/animexport/targets").path)
            if let checkout = PresetLibrary.checkoutContaining(bin) { folders.append(checkout + "/targets") }
        }
        var seen = Set<String>()
        return TargetLibrary(folders: folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.filter { seen.insert($0).inserted })
    }

    /// Every target found (first folder wins a name), sorted by name.
    func all() throws(ExportError) -> [DeliveryTarget] {
        var byName: [String: DeliveryTarget] = [:]
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for file in names.sorted() where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                if byName[name] == nil { byName[name] = try Self.read(path: folder + "/" + file, name: name) }
            }
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    func load(_ name: String) throws(ExportError) -> DeliveryTarget {
        for folder in folders {
            let path = folder + "/" + name + ".json"
            if FileManager.default.fileExists(atPath: path) { return try Self.read(path: path, name: name) }
        }
        let known = ((try? all()) ?? []).map(\.name)
        let hint = nearest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw .usage("--target: unknown target '\(name)'\(hint); known: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
    }

    static func read(path: String, name: String) throws(ExportError) -> DeliveryTarget {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= 1 << 16,
              let data = FileManager.default.contents(atPath: path) else {
            throw .invalid(file: path, field: "(file)", message: "cannot be read, or larger than 64 KiB")
        }
        var t = try decodeStrict(DeliveryTarget.self, from: data, file: path)
        t.name = name
        t.path = path
        return t
    }
}

/// Applies `--target` to the parsed flags: the target's size, fps, codec and rates become flag
/// values, and a flag that contradicts one of them is an error. Returns the target.
func applyTarget(_ args: inout ParsedArguments, output: String, targets: TargetLibrary = .standard()) throws(ExportError) -> DeliveryTarget? {
    guard let name = args.value("--target") else { return nil }
    let t = try targets.load(name)
    let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
    guard t.extensions.contains(ext) else {
        throw .usage("--target \(name): OUTPUT must end in \(t.extensions.map { "." + $0 }.joined(separator: " or ")) (\(output))")
    }
    func fix(_ flag: String, _ value: String?) throws(ExportError) {
        guard let value else { return }
        if let given = args.value(flag), given != value {
            throw .usage("\(flag) \(given): target \(name) requires \(value) (\(t.spec))")
        }
        args.values[flag] = [value]
    }
    try fix("--size", t.size)
    try fix("--fps", t.fps.map { $0.den == 1 ? String($0.num) : "\($0.num)/\($0.den)" })
    if let other = args.value("--codec"), t.otherCodecs?.contains(other) == true {
        // Another codec the spec accepts: the H.264 settings below are not its own.
    } else {
        if let c = t.codec, let given = args.value("--codec"), given != c, let others = t.otherCodecs {
            throw .usage("--codec \(given): target \(name) takes \(([c] + others).joined(separator: " or ")) (\(t.spec))")
        }
        try fix("--codec", t.codec)
        try fix("--profile", t.profile)
        if let b = t.bitrate, !args.has("--bitrate") { args.values["--bitrate"] = [String(try parseBitrate(b, flag: "\(t.path): bitrate"))] }
        if let b = t.maxrate, !args.has("--maxrate") { args.values["--maxrate"] = [String(try parseBitrate(b, flag: "\(t.path): maxrate"))] }
    }
    if let k = t.keyint, !args.has("--keyint") { args.values["--keyint"] = [String(k)] }
    if let bg = t.background, !args.has("--background") { args.values["--background"] = [bg] }
    if let maxLevel = t.maxLevel, let level = args.value("--level"), (Double(level) ?? 99) > (Double(maxLevel) ?? 0) {
        throw .usage("--level \(level): target \(name) allows at most level \(maxLevel) (\(t.spec))")
    }
    return t
}

/// The target's length rules on a resolved job: repeat a short clip whole, refuse a long one.
func applyTargetLength(_ job: inout ExportPlan, _ t: DeliveryTarget) throws(ExportError) {
    let fps = Double(job.fps.num) / Double(job.fps.den)
    let seconds = Double(job.frameCount) / fps
    if let max = t.maxSeconds, seconds > max + 1e-9 {
        throw .usage("\(job.output): target \(t.name) allows at most \(format(max)) s; the clip is \(format(seconds)) s (\(t.spec))")
    }
    if let min = t.minSeconds, seconds < min - 1e-9 {
        guard t.repeatToMinimum == true else {
            throw .usage("\(job.output): target \(t.name) needs at least \(format(min)) s; the clip is \(format(seconds)) s")
        }
        let copies = Int((min * fps / Double(job.frameCount)).rounded(.up))
        let total = copies * job.frameCount
        if let max = t.maxSeconds, Double(total) / fps > max + 1e-9 {
            throw .usage("\(job.output): target \(t.name) needs \(format(min))–\(format(max)) s; the \(format(seconds)) s clip repeated \(copies) times is \(format(Double(total) / fps)) s — choose another length")
        }
        job.notices.append("target \(t.name): the \(format(seconds)) s clip is repeated \(copies) times to reach \(format(min)) s (\(format(Double(total) / fps)) s)")
        job.repeatFrames = job.frameCount
        job.frameCount = total
        job.media.audio?.seconds = Double(total) / fps
    }
    if let maxSize = t.maxSize {
        let p = maxSize.split(separator: "x").compactMap { Int($0) }
        // Either orientation: the longer side within the longer limit, the shorter within the shorter.
        if p.count == 2 && (max(job.width, job.height) > max(p[0], p[1]) || min(job.width, job.height) > min(p[0], p[1])) {
            scaleDown(&job, within: (max(p[0], p[1]), min(p[0], p[1])), target: t)
        }
    }
    // The level the stream will signal (H.264, HEVC, AV1: CodecLevels.swift), against the target's cap.
    if let maxLevel = t.maxLevel, let level = job.videoSettings.signalledLevel, (Double(level) ?? 99) > (Double(maxLevel) ?? 0) + 1e-9 {
        throw .usage("\(job.output): \(job.width)×\(job.height) at \(job.fps.num)/\(job.fps.den) fps needs \(job.media.format.codec.rawValue) level \(level); target \(t.name) allows at most \(maxLevel)")
    }
}

/// Fits an oversized frame within a target's size class (long × short sides, either
/// orientation), keeping its aspect: sides × k, k = min(long / longer side, short / shorter side),
/// rounded down to even (4:2:0), with a note — as readme-gif renders smaller when over its bytes.
func scaleDown(_ job: inout ExportPlan, within limit: (long: Int, short: Int), target t: DeliveryTarget) {
    let k = min(Double(limit.long) / Double(max(job.width, job.height)), Double(limit.short) / Double(min(job.width, job.height)))
    let w = max(16, Int(Double(job.width) * k) & ~1), h = max(16, Int(Double(job.height) * k) & ~1)
    job.notices.append("target \(t.name): \(job.width)×\(job.height) is over its \(limit.long)×\(limit.short) class; rendering at \(w)×\(h)")
    job.transform = job.transform.concatenating(.scale(Double(w) / Double(job.width), Double(h) / Double(job.height)))
    job.width = w
    job.height = h
}

/// Reads the written file back and checks it against the target; returns problems (empty: fine).
func checkAgainstTarget(_ path: String, _ t: DeliveryTarget, job: ExportPlan) -> [String] {
    var problems: [String] = []
    if let maxBytes = t.maxBytes, let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxBytes {
        problems.append("\(byteCount(size)) is over the target's \(byteCount(maxBytes))")
    }
    guard job.media.format.container != .pngSequence, job.media.format.codec != .webp, let r = try? MP4Reader(path: path) else { return problems }
    if let size = t.size {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        if parts.count == 2 && (r.width != parts[0] || r.height != parts[1]) { problems.append("size \(r.width)×\(r.height), not \(size)") }
    }
    if let fps = t.fps, r.avgFrameRate.num * fps.den != fps.num * r.avgFrameRate.den, job.media.format.codec != .gif {
        problems.append("frame rate \(r.avgFrameRate), not \(fps.num)/\(fps.den)")
    }
    let ownCodec = t.codec == nil || job.media.format.codec.rawValue == t.codec
    if let p = t.profile, ownCodec, r.profileName?.lowercased() != p.lowercased() { problems.append("profile \(r.profileName ?? "?"), not \(p)") }
    // level_idc as the stream signals it: H.264 10 × level, HEVC 30 × level.
    let levelScale: Double? = r.codecName == "h264" ? 10 : r.codecName == "hevc" ? 30 : nil
    if let maxLevel = t.maxLevel, let scale = levelScale, r.level > 0, Double(r.level) / scale > (Double(maxLevel) ?? 0) + 1e-9 {
        problems.append("level \(format(Double(r.level) / scale)) is over \(maxLevel)")
    }
    if t.audio != nil {
        if let a = r.audio {
            if a.channels != 2 || a.sampleRate != 48_000 { problems.append("audio is \(a.channels) channels at \(a.sampleRate) Hz, not stereo 48 kHz") }
        } else {
            problems.append("no audio track")
        }
    }
    let seconds = r.formatDurationSeconds ?? r.durationSeconds ?? 0
    if let min = t.minSeconds, seconds < min - 0.05 { problems.append("\(format(seconds)) s is under \(format(min)) s") }
    if let max = t.maxSeconds, seconds > max + 0.05 { problems.append("\(format(seconds)) s is over \(format(max)) s") }
    return problems
}

/// The "Targets" section of `animexport list`.
func targetListing(_ library: TargetLibrary = .standard()) -> [String] {
    guard let targets = try? library.all(), !targets.isEmpty else { return ["targets — none found (searched \(library.folders.joined(separator: ", ")))"] }
    var lines = ["targets — --target NAME (searched \(library.folders.joined(separator: ", ")))"]
    for t in targets {
        lines.append("  \(t.name.padding(toLength: 26, withPad: " ", startingAt: 0))\(t.summary) — \(t.description)")
    }
    return lines
}
