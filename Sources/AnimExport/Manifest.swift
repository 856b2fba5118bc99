// manifest.json in the batch's --out folder: one entry per output, keyed by its name.
//
//     {
//       "format": 2,
//       "tool": "animexport 0.1.0",
//       "outputs": {
//         "pulse/red-square.mp4": {
//           "preset": "pulse-red.json", "kind": "video",
//           "inputsHash": "<sha256 of everything that changes the bytes>",
//           "sha256": "<sha256 of the file>", "bytes": 123456,
//           "width": 1080, "height": 1080, "frames": 180, "fps": "60/1", "duration": 3,
//           "codec": {"encoder": "libx264", "preset": "medium", "crf": 18, "quality": null,
//                     "lossless": null, "tune": "animation", "profile": "high", "level": "4",
//                     "keyint": null, "bframes": null, "bitrate": null, "maxrate": null,
//                     "bufsize": null, "palette": null, "colors": null, "dither": null,
//                     "matte": null, "params": {}, "threads": 1,
//                     "pixelFormat": "yuv420p", "codec": "h264", "alpha": false, "audio": null},
//           "previews": {"poster": {"name": "pulse/red-square.poster.png", "sha256": "…", "bytes": 1234}, "sheet": {…}},
//           "renderSeconds": 1.234
//         },
//         "pulse/red-poster.png": {"kind": "image", "time": 0.5, …},
//         "frames/f%04d.png": {"kind": "video", "sha256": "<frame 0's>", "bytes": <frame 0's>,
//           "sequence": {"name": "frames/f%04d.png", "sha256": "<all frames>", "bytes": <total>}, …}
//       }
//     }
//
// "codec" holds the encoder's settings as configured (Video's ConfiguredEncoder.swift): null
// where the codec has no such setting — a GIF has a palette, colours, dither and matte, a WebP
// quality or lossless, a target's stream its bitrate, maxrate and bufsize (VBV).
// Format 2 (this): per-codec facts; format 1 recorded x264's preset, crf and profile for
// every codec and the requested (not signalled) level. Format-1 manifests are still read.
//
// Keys are sorted and nothing varies between runs except "renderSeconds" (the only timing
// field), so manifests of identical inputs are identical apart from it. Written atomically.
import Foundation
import JSON
import Video

/// 10 000 outputs × ~1.5 KB per entry, with room to spare.
let maxManifestBytes = 64 << 20

struct FileFact: Codable, Equatable { var name: String; var sha256: String; var bytes: Int }

/// The encoder's settings as the writer configured them (Video's `ConfiguredEncoder`), with what
/// was written. Format 2: a setting the codec does not have is null (format 1 wrote x264's
/// preset, crf and profile for every codec); `level` is the level the stream signals.
struct CodecFacts: Codable, Equatable {
    var encoder = "libx264"
    var preset: String?
    var crf: Double?
    var quality: Double?
    var lossless: Bool?
    var tune: String?
    var profile: String?
    var level: String?
    var keyint: Int?
    var bframes: Int?
    var bitrate: Int?
    var maxrate: Int?
    var bufsize: Int?
    var palette: String?
    var colors: Int?
    var dither: String?
    var matte: String?
    var params: [String: String] = [:]
    var threads = 0
    var pixelFormat = "yuv420p"
    /// The codec (VideoCodec name: h264, hevc, prores, vp9, gif …), whether alpha was kept, and
    /// the audio codec ("aac", "opus"; nil: no audio track).
    var codec = "h264"
    var alpha = false
    var audio: String? = nil

    enum K: String, CodingKey {
        case encoder, preset, crf, quality, lossless, tune, profile, level, keyint, bframes, bitrate, maxrate, bufsize
        case palette, colors, dither, matte, params, threads, pixelFormat, codec, alpha, audio
    }

    init(_ c: ConfiguredEncoder, params: [String: String], threads: Int) {
        encoder = c.encoder; preset = c.preset; crf = c.crf; quality = c.quality; lossless = c.lossless; tune = c.tune
        profile = c.profile; level = c.level; keyint = c.keyint; bframes = c.bframes; bitrate = c.bitrate
        maxrate = c.maxrate; bufsize = c.bufsize; palette = c.palette; colors = c.colors; dither = c.dither; matte = c.matte
        self.params = params; self.threads = threads
    }

    /// Reads format 2 and format 1 (where codec/alpha/audio may be missing: H.264 without alpha or audio).
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: K.self)
        encoder = try c.decodeIfPresent(String.self, forKey: .encoder) ?? "libx264"
        preset = try c.decodeIfPresent(String.self, forKey: .preset); crf = try c.decodeIfPresent(Double.self, forKey: .crf)
        quality = try c.decodeIfPresent(Double.self, forKey: .quality); lossless = try c.decodeIfPresent(Bool.self, forKey: .lossless)
        tune = try c.decodeIfPresent(String.self, forKey: .tune); profile = try c.decodeIfPresent(String.self, forKey: .profile)
        level = try c.decodeIfPresent(String.self, forKey: .level); keyint = try c.decodeIfPresent(Int.self, forKey: .keyint)
        bframes = try c.decodeIfPresent(Int.self, forKey: .bframes); bitrate = try c.decodeIfPresent(Int.self, forKey: .bitrate)
        maxrate = try c.decodeIfPresent(Int.self, forKey: .maxrate); bufsize = try c.decodeIfPresent(Int.self, forKey: .bufsize)
        palette = try c.decodeIfPresent(String.self, forKey: .palette); colors = try c.decodeIfPresent(Int.self, forKey: .colors)
        dither = try c.decodeIfPresent(String.self, forKey: .dither); matte = try c.decodeIfPresent(String.self, forKey: .matte)
        params = try c.decode([String: String].self, forKey: .params)
        threads = try c.decode(Int.self, forKey: .threads)
        pixelFormat = try c.decodeIfPresent(String.self, forKey: .pixelFormat) ?? "yuv420p"
        codec = try c.decodeIfPresent(String.self, forKey: .codec) ?? "h264"
        alpha = try c.decodeIfPresent(Bool.self, forKey: .alpha) ?? false
        audio = try c.decodeIfPresent(String.self, forKey: .audio)
    }

    func encode(to encoder: Encoder) throws {
        // Explicit nulls, so every manifest entry has the same keys.
        var c = encoder.container(keyedBy: K.self)
        try c.encode(self.encoder, forKey: .encoder); try c.encode(preset, forKey: .preset); try c.encode(crf, forKey: .crf)
        try c.encode(quality, forKey: .quality); try c.encode(lossless, forKey: .lossless)
        try c.encode(tune, forKey: .tune); try c.encode(profile, forKey: .profile); try c.encode(level, forKey: .level)
        try c.encode(keyint, forKey: .keyint); try c.encode(bframes, forKey: .bframes); try c.encode(bitrate, forKey: .bitrate)
        try c.encode(maxrate, forKey: .maxrate); try c.encode(bufsize, forKey: .bufsize)
        try c.encode(palette, forKey: .palette); try c.encode(colors, forKey: .colors); try c.encode(dither, forKey: .dither)
        try c.encode(matte, forKey: .matte); try c.encode(params, forKey: .params); try c.encode(threads, forKey: .threads)
        try c.encode(pixelFormat, forKey: .pixelFormat)
        try c.encode(codec, forKey: .codec); try c.encode(alpha, forKey: .alpha); try c.encode(audio, forKey: .audio)
    }
}

extension ExportPlan {
    /// The codec facts of this job's writer settings (what was written — codec, pixel format,
    /// alpha, audio — comes from the export's result).
    func codecFacts(written r: (codec: String, pixelFormat: String, alpha: Bool, audio: String?)) -> CodecFacts? {
        guard let configured = videoSettings.configuredEncoder else { return nil }
        var f = CodecFacts(configured, params: Dictionary(encoder.params.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }),
                           threads: encoderThreads ?? 0)
        f.codec = r.codec; f.pixelFormat = r.pixelFormat; f.alpha = r.alpha; f.audio = r.audio
        return f
    }
}

struct ManifestVariant: Codable, Equatable {
    var row: Int
    var cells: [String: String]

    init(_ row: VariantRow) {
        self.row = row.number
        cells = Dictionary(row.cells.map { ($0.column, $0.value) }, uniquingKeysWith: { a, _ in a })
    }
}

struct ManifestEntry: Codable, Equatable {
    var preset: String
    var kind: String
    var inputsHash: String
    var sha256: String
    var bytes: Int
    var width: Int
    var height: Int
    var frames: Int?
    var fps: String?
    var duration: Double?
    var time: Double?
    var codec: CodecFacts?
    var previews: [String: FileFact]?
    /// A PNG sequence's frames as a whole (RecordedFiles.swift); nil for one file.
    var sequence: FileFact?
    /// The variants row the output renders: its number and cells (Variants/); nil without variants.
    var variant: ManifestVariant?
    var renderSeconds: Double

    /// The entry without its timing field, for comparisons (merge, tests).
    var withoutTiming: ManifestEntry { var e = self; e.renderSeconds = 0; return e }
}

struct Manifest: Codable, Equatable {
    /// 2: codec facts per codec (CodecFacts); format 1 is still read (its codec facts are
    /// re-derived when an output is skipped, BatchSession.decideAll).
    var format = 2
    var tool = "animexport \(CLI.version)"
    var outputs: [String: ManifestEntry] = [:]

    static func read(_ path: String) throws(ExportError) -> Manifest {
        // Only a regular file of a sane size: a FIFO or /dev/zero would never end.
        var st = stat()
        guard stat(path, &st) == 0 else { throw .usage("\(path): \(String(cString: strerror(errno)))") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .usage("\(path): is \(kindName(st.st_mode)), not a manifest file") }
        guard st.st_size <= maxManifestBytes else {
            throw .invalid(file: path, field: "(file)", message: "\(st.st_size) bytes is over the cap of \(maxManifestBytes) for a manifest")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .usage("\(path): cannot be read") }
        return try decodeStrict(Manifest.self, from: data, file: path)
    }

    func encoded() -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(self)) ?? Data()
    }

    func write(to path: String) throws(ExportError) {
        do { try (encoded() + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw .runtime("\(path): \(error)")
        }
    }

    /// The manifests of shards joined; an output in two manifests must agree (timing aside).
    static func merge(_ paths: [String]) throws(ExportError) -> Manifest {
        var out = Manifest()
        var from: [String: String] = [:]
        for path in paths {
            let m = try read(path)
            guard m.format == out.format else { throw .invalid(file: path, field: "format", message: "\(m.format) is not \(out.format)") }
            guard m.tool == out.tool else { throw .invalid(file: path, field: "tool", message: "'\(m.tool)' differs from this tool ('\(out.tool)')") }
            for (name, entry) in m.outputs {
                if let existing = out.outputs[name], existing.withoutTiming != entry.withoutTiming {
                    let d = firstDifference(existing.withoutTiming, entry.withoutTiming)
                    throw .invalid(file: path, field: "outputs.\(name)\(d.map { "." + $0.field } ?? "")",
                                   message: d.map { "\($0.b) differs from \($0.a) in \(from[name] ?? "?")" } ?? "differs from the entry in \(from[name] ?? "?")")
                }
                out.outputs[name] = entry
                from[name] = path
            }
        }
        return out
    }
}

/// `animexport manifest merge A.json B.json … > manifest.json`
func runManifest(_ args: [String]) throws(ExportError) -> Int32 {
    let usage = "Usage: animexport manifest merge A.json B.json … > manifest.json\n\nJoins the manifests of batch shards; an output listed twice must have the same facts (timing aside)."
    if args.first == "--help" || args.first == "-h" { print(usage); return 0 }
    guard args.first == "merge" else { throw .usage("manifest: expected 'merge' (\(args.first.map { "got '\($0)'" } ?? "nothing given")); see 'animexport manifest --help'") }
    let files = Array(args.dropFirst())
    guard !files.isEmpty else { throw .usage("manifest merge: give one or more manifest files") }
    if let flag = files.first(where: { $0.hasPrefix("-") }) { throw .usage("manifest merge: unknown option \(flag)") }
    let merged = try Manifest.merge(files)
    FileHandle.standardOutput.write(merged.encoded() + Data("\n".utf8))
    return 0
}

/// The first field (in key order, nested as "codec.crf") where two entries differ, with both
/// values as JSON text.
func firstDifference(_ a: ManifestEntry, _ b: ManifestEntry) -> (field: String, a: String, b: String)? {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let da = try? e.encode(a), let db = try? e.encode(b),
          let oa = try? JSONScanner.parse([UInt8](da), limits: configJSONLimits),
          let ob = try? JSONScanner.parse([UInt8](db), limits: configJSONLimits) else { return nil }
    return firstDifference(oa, ob, path: "")
}

private func firstDifference(_ a: JSONValue, _ b: JSONValue, path: String) -> (field: String, a: String, b: String)? {
    if case .object(let da) = a, case .object(let db) = b {
        for key in Set(da.keys).union(db.keys).sorted() {
            let sub = path.isEmpty ? key : path + "." + key
            guard let va = da[key], let vb = db[key] else {
                return (sub, da[key]?.canonicalText ?? "(absent)", db[key]?.canonicalText ?? "(absent)")
            }
            if let d = firstDifference(va, vb, path: sub) { return d }
        }
        return nil
    }
    let ta = a.canonicalText, tb = b.canonicalText
    return ta == tb ? nil : (path, ta, tb)
}
