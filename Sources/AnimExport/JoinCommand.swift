// `animexport join DIR OUTPUT [-y] [--audio FILE]`: the segments workers rendered into DIR
// (Segments/SegmentWorker.swift) joined into OUTPUT without re-encoding (Video/SegmentJoiner.swift).
//
// Before anything is written, every manifest in DIR is read and checked: all describe one clip
// (same clip hash, frame count, segment length, size, rate, container, codec, encoder
// fingerprint and extradata hash — SegmentManifest.swift); each segment 0…S−1 is there exactly
// once, with the frame range its index gives; each file has its manifest's sha256. A refusal
// names the manifest or segment file and exits 2. The audio track the workers were given is
// encoded once here, over the whole clip: silence, or FILE (--audio, whose sha256 the
// manifests recorded).
import Foundation
import Video

let joinFlags: [FlagSpec] = [
    FlagSpec("--audio", value: "FILE", help: "the audio file the workers were given (its sha256 must be the manifests')"),
    FlagSpec("-y", alias: "--overwrite", help: "replace OUTPUT if it exists"),
    FlagSpec("--quiet", alias: "-q", help: "no summary line"),
    FlagSpec("--json", help: "the summary as a JSON event on stdout: {\"event\":\"done\",\"name\",\"frames\",\"bytes\",\"seconds\"}"),
    FlagSpec("--help", alias: "-h", help: "show this help"),
]

func runJoin(_ args: [String]) throws(ExportError) -> Int32 {
    let parsed = try parseArguments(args, flags: joinFlags, command: "join")
    if parsed.has("--help") {
        print("Usage: animexport join DIR OUTPUT [options]\n\nJoins the segments in DIR (rendered with --segment-frames F --parts DIR) into OUTPUT without re-encoding.\n\nOptions:\n\(helpTable(joinFlags))")
        return 0
    }
    guard parsed.positionals.count == 2 else { throw .usage("join: give DIR OUTPUT (see animexport join --help)") }
    let output = try checkDestination(parsed.positionals[1], overwrite: parsed.has("-y"), extensions: OutputFormat.knownExtensions)
    let joined = try joinSegments(in: parsed.positionals[0], into: output, overwrite: parsed.has("-y"), audioFile: parsed.value("--audio"))
    if parsed.has("--json") {
        BatchProgress(json: true).emit(joined.doneEvent)
    } else if !parsed.has("--quiet") {
        print(visible(joined.line))
    }
    return 0
}

/// What a join wrote: the file (its `seconds` the clip's duration), from how many segments, in
/// how long (wall seconds).
struct JoinedClip {
    var file: ExportResult
    var segments: Int
    var wall: Double

    var line: String {
        String(format: "joined %d segments into %@ (%d×%d, %d frames, %.3f s, %@) in %.2f s", segments, file.path,
               file.width, file.height, file.frames, file.seconds, byteCount(file.bytes), wall)
    }

    /// The `done` event of a render (RenderCommand.swift's header): the joined file's facts.
    var doneEvent: [String: Any?] {
        ["event": "done", "name": file.path, "frames": file.frames, "bytes": file.bytes, "seconds": (wall * 1000).rounded() / 1000]
    }
}

/// Checks DIR's segments (file header), joins them into `output`.
func joinSegments(in folder: String, into output: String, overwrite: Bool, audioFile: String? = nil) throws(ExportError) -> JoinedClip {
    let manifests = try readSegmentManifests(folder)
    let first = manifests[0].manifest
    guard URL(fileURLWithPath: output).pathExtension.lowercased() == first.container else {
        throw .usage("\(output): the segments in \(folder) are .\(first.container) files; OUTPUT must end in .\(first.container)")
    }
    var settings = try joinVideoSettings(first, folder: folder)
    let inputs = try checkedSegmentFiles(manifests, folder: folder, ext: settings.intermediateSegmentExtension ?? first.container)
    settings.audio = try joinAudio(first.audio, file: audioFile, totalFrames: first.totalFrames, settings: settings)
    let started = Date()
    do {
        let (frames, bytes) = settings.segmentsAreIntermediate
            ? try SegmentJoiner.encode(inputs, to: output, settings: settings)      // GIF, APNG, WebP: encoded once here
            : try SegmentJoiner.join(inputs, to: output, settings: try settings.joinSettings())
        let file = ExportResult(path: output, frames: frames, bytes: bytes, seconds: Double(frames) * Double(settings.fps.den) / Double(settings.fps.num),
                                width: first.width, height: first.height, codec: settings.format.codec.rawValue,
                                pixelFormat: settings.storedPixelFormat, alpha: settings.alpha,
                                audio: settings.audio == nil ? nil : settings.format.container.audioCodec)
        return JoinedClip(file: file, segments: inputs.count, wall: Date().timeIntervalSince(started))
    } catch {
        switch error {
        case .invalidFile, .invalidInput: throw .usage("join \(folder): \(error)")
        default: throw .runtime("join \(folder): \(error)")
        }
    }
}

/// Every `segment-*.json` in `folder`, in index order; refuses duplicates, gaps and disagreement.
private func readSegmentManifests(_ folder: String) throws(ExportError) -> [(name: String, manifest: SegmentManifest)] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        throw .usage("join: \(folder) is not a readable folder")
    }
    var found: [(name: String, manifest: SegmentManifest)] = []
    for name in names.sorted() where name.hasPrefix("segment-") && name.hasSuffix(".json") {
        found.append((name, try SegmentManifest.read(folder + "/" + name)))
    }
    guard let reference = found.first else { throw .usage("join: \(folder) holds no segment manifests (segment-*.json)") }
    let count = reference.manifest.segments
    guard (1...SegmentJoiner.maxSegments).contains(count) else {
        throw .invalid(file: folder + "/" + reference.name, field: "segments", message: "\(count) is not in 1–\(SegmentJoiner.maxSegments)")
    }
    var byIndex = [String?](repeating: nil, count: count)
    for (name, m) in found {
        for ((field, value), (_, expected)) in zip(m.clipFields, reference.manifest.clipFields) where value != expected {
            throw .invalid(file: folder + "/" + name, field: field, message: "differs from \(reference.name)'s: a segment of another clip or encoder setting (stale? render it again)")
        }
        guard (0..<count).contains(m.index) else {
            throw .invalid(file: folder + "/" + name, field: "index", message: "\(m.index) is not in 0–\(count - 1)")
        }
        if let other = byIndex[m.index] {
            throw .usage("join: \(name) and \(other) both hold segment \(m.index): remove the duplicate")
        }
        byIndex[m.index] = name
    }
    let plan = SegmentPlan(totalFrames: reference.manifest.totalFrames, segmentFrames: reference.manifest.segmentFrames)
    if let missing = byIndex.firstIndex(where: { $0 == nil }) {
        let range = plan.frames(of: missing)
        throw .usage("join: segment \(missing) of \(count) (frames \(range.lowerBound)–\(range.upperBound - 1), \(SegmentPlan.manifestName(missing))) is missing from \(folder)")
    }
    guard plan.count == count else {
        throw .invalid(file: folder + "/" + reference.name, field: "segments", message: "\(count), but \(plan.totalFrames) frames in segments of \(plan.segmentFrames) make \(plan.count)")
    }
    return found.sorted { $0.manifest.index < $1.manifest.index }
}

/// The segment files, each with its manifest's frame range and sha256.
private func checkedSegmentFiles(_ manifests: [(name: String, manifest: SegmentManifest)], folder: String,
                                 ext: String) throws(ExportError) -> [SegmentInput] {
    let plan = SegmentPlan(totalFrames: manifests[0].manifest.totalFrames, segmentFrames: manifests[0].manifest.segmentFrames)
    var inputs: [SegmentInput] = []
    for (name, m) in manifests {
        let range = plan.frames(of: m.index)
        guard m.firstFrame == range.lowerBound, m.frames == range.count else {
            throw .invalid(file: folder + "/" + name, field: "firstFrame", message: "frames \(m.firstFrame)+\(m.frames); segment \(m.index) holds \(range.lowerBound)+\(range.count)")
        }
        guard m.file == SegmentPlan.fileName(m.index, ext: ext) else {
            throw .invalid(file: folder + "/" + name, field: "file", message: "'\(m.file)' is not \(SegmentPlan.fileName(m.index, ext: ext))")
        }
        let path = folder + "/" + m.file
        guard let digest = SHA256.file(path) else { throw .usage("join: segment file \(path) is missing or unreadable") }
        guard digest.sha256 == m.sha256, digest.bytes == m.bytes else {
            throw .usage("join: segment file \(path) is not the one \(name) describes (\(digest.bytes) bytes, sha256 \(digest.sha256.prefix(12))…; truncated, stale or replaced)")
        }
        inputs.append(SegmentInput(path: path, name: m.file, firstFrame: range.lowerBound, frames: range.count))
    }
    return inputs
}

private func joinVideoSettings(_ m: SegmentManifest, folder: String) throws(ExportError) -> VideoSettings {
    guard let fps = FrameRate(parsing: m.fps), let codec = VideoCodec(rawValue: m.codec),
          let container = Container.allCases.first(where: { $0.extensions.contains(m.container) }) else {
        throw .invalid(file: folder, field: "fps, codec or container", message: "'\(m.fps)', '\(m.codec)', '\(m.container)' is not a format animexport writes")
    }
    var s = VideoSettings(width: m.width, height: m.height, fps: fps, format: OutputFormat(container: container, codec: codec))
    guard m.output.matte.count == 3, m.output.matte.allSatisfy({ (0...255).contains($0) }),
          let palette = GIFPalette(rawValue: m.output.gifPalette) else {
        throw .invalid(file: folder, field: "output", message: "matte must be three values 0–255 and gifPalette one of \(GIFPalette.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    s.alpha = m.output.alpha
    s.quality = m.output.quality
    s.loopCount = m.output.loopCount
    s.matte = (UInt8(m.output.matte[0]), UInt8(m.output.matte[1]), UInt8(m.output.matte[2]))
    s.gifPalette = palette
    do { try s.validate() } catch { throw .invalid(file: folder, field: "output", message: "\(error)") }
    return s
}

/// The audio the workers were given: silence, or `file` when its sha256 is the manifests'.
private func joinAudio(_ audio: SegmentManifest.Audio?, file: String?, totalFrames: Int, settings: VideoSettings) throws(ExportError) -> AudioSource? {
    guard let audio else {
        if file != nil { throw .usage("join --audio: the workers were given no audio; render again with --audio") }
        return nil
    }
    let seconds = Double(totalFrames) * Double(settings.fps.den) / Double(settings.fps.num)
    if audio.source == "silent" { return AudioSource(.silent, fadeSeconds: audio.fade, seconds: seconds) }
    guard let file else { throw .usage("join: the workers were given an audio file; pass it with --audio FILE") }
    guard SHA256.file(file)?.sha256 == audio.sha256 else {
        throw .usage("join --audio \(file): not the file the workers were given (its sha256 differs from the manifests')")
    }
    return AudioSource(.file(file), fadeSeconds: audio.fade, seconds: seconds)
}
