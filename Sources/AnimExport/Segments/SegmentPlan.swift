// One clip rendered as fixed segments (docs/ci.md, "One long clip on many machines").
//
// A clip of T frames with segment length F has S = ⌈T / F⌉ segments; segment s holds frames
// [s·F, min((s+1)·F, T)). The segments depend on the clip and F only, never on the number of
// workers: share K of N renders the segments s with s mod N = K − 1, so any N gives the same
// segment files, and their join the same bytes. Segment s is written as `segment-SSSSS.EXT`
// (EXT the output's, or `mov` for the lossless intermediates of GIF, APNG and WebP) with its
// manifest `segment-SSSSS.json` (SegmentManifest.swift).
import Foundation
import Video

/// The flags of a segmented render (added to every render command's flags).
let segmentFlags: [FlagSpec] = [
    FlagSpec("--segment-frames", value: "F", help: "render as fixed segments of F frames, joined without re-encoding (docs/ci.md); the same F gives the same file on 1 or N machines"),
    FlagSpec("--parts", value: "DIR", help: "with --segment-frames: write this worker's segments and their manifests into DIR (then: animexport join DIR OUTPUT)"),
    FlagSpec("--shard", value: "K/N", help: "with --parts: render share K of N of the segments (default from the CI engine's variables, docs/ci.md)"),
    FlagSpec("--shard-total", value: "N", help: "with --parts: the number of shares, for engines whose index has no total (Kubernetes, AWS Batch)"),
]

/// What the segment flags ask for.
struct SegmentRequest {
    var segmentFrames: Int
    /// nil: render every segment here and join into OUTPUT (one machine).
    var parts: String?
    var shard: Shard?

    static let maxSegmentFrames = SegmentJoiner.maxSegmentFrames

    /// nil when neither --segment-frames nor the preset's "segmentFrames" is given.
    init?(_ parsed: ParsedArguments, job: ExportPlan,
          environment: [String: String] = ProcessInfo.processInfo.environment) throws(ExportError) {
        let workerFlags = ["--parts", "--shard", "--shard-total"].filter { parsed.has($0) }
        guard let text = parsed.value("--segment-frames") ?? job.presetSegmentFrames.map(String.init) else {
            if let flag = workerFlags.first { throw .usage("\(flag): needs --segment-frames F") }
            return nil
        }
        guard let f = Int(text), (1...Self.maxSegmentFrames).contains(f) else {
            throw .usage("--segment-frames: '\(text)' is not a whole number in 1–\(Self.maxSegmentFrames)")
        }
        segmentFrames = f
        parts = parsed.value("--parts")
        if parts == nil, let flag = workerFlags.first { throw .usage("\(flag): needs --parts DIR") }
        shard = parts == nil ? nil : try Shard.resolve(flag: parsed.value("--shard"), totalFlag: parsed.value("--shard-total"),
                                                       environment: environment, command: "--parts")
        if let refusal = job.videoSettings.segmentRefusal { throw .usage("--segment-frames: \(refusal)") }
        if job.media.target != nil { throw .usage("--segment-frames: a delivery target checks the whole file; render it without --target, then check it") }
        let segments = (job.frameCount + f - 1) / f
        guard segments <= SegmentJoiner.maxSegments else {
            throw .usage("--segment-frames \(f): \(segments) segments; at most \(SegmentJoiner.maxSegments)")
        }
    }
}

/// The segments of a clip (file header).
struct SegmentPlan {
    var totalFrames: Int
    var segmentFrames: Int

    var count: Int { (totalFrames + segmentFrames - 1) / segmentFrames }

    func frames(of s: Int) -> Range<Int> { (s * segmentFrames)..<min((s + 1) * segmentFrames, totalFrames) }

    /// The segments share `shard` renders (all of them without a shard).
    func segments(of shard: Shard?) -> [Int] {
        guard let shard else { return Array(0..<count) }
        return (0..<count).filter { $0 % shard.total == shard.index - 1 }
    }

    static func fileName(_ s: Int, ext: String) -> String { String(format: "segment-%05d.%@", s, ext) }
    static func manifestName(_ s: Int) -> String { String(format: "segment-%05d.json", s) }
}
