// The manifest a worker writes beside each segment (`segment-SSSSS.json`), and what the join
// checks with it. Keys sorted, one object:
//
//   {"format": 1, "tool": "animexport 0.1.0",
//    "clip": sha256 of what decides the frames (the render's arguments without the worker's
//            own flags, and the bytes of every file they name: preset or Lottie file, font, audio),
//    "index": s, "segments": S, "firstFrame": s·F, "frames": n, "totalFrames": T, "segmentFrames": F,
//    "fps": "60/1", "width": W, "height": H, "container": "mp4", "codec": "h264",
//    "encoder": sha256 of the encoder fingerprint (Video/SegmentEncoding.swift),
//    "extradata": sha256 of the stream's decoder configuration as written,
//    "file": "segment-00003.mp4", "sha256": of the file, "bytes": its size,
//    "audio": null | {"source": "silent" | "file", "sha256": of the file, "fade": seconds},
//    "output": {"alpha", "quality", "loopCount", "matte", "gifPalette"}: what the join's encoder
//              needs for GIF, APNG and WebP, whose segments are lossless intermediates (the
//              file is then segment-SSSSS.mov)}
//
// A segment joins only when its manifest agrees with the others on everything but index, first
// frame, frames, file, sha256 and bytes, and the file on disk has the recorded sha256.
import Foundation
import Video

struct SegmentManifest: Codable, Equatable {
    struct Audio: Codable, Equatable {
        var source: String
        var sha256: String?
        var fade: Double
    }

    /// The output's own settings the join encodes GIF, APNG and WebP with.
    struct Output: Codable, Equatable {
        var alpha: Bool
        var quality: Double?
        var loopCount: Int
        var matte: [Int]
        var gifPalette: String
    }

    var format = 1
    var tool = "animexport \(CLI.version)"
    var clip: String
    var index: Int
    var segments: Int
    var firstFrame: Int
    var frames: Int
    var totalFrames: Int
    var segmentFrames: Int
    var fps: String
    var width: Int
    var height: Int
    var container: String
    var codec: String
    var encoder: String
    var extradata: String
    var file: String
    var sha256: String
    var bytes: Int
    var audio: Audio?
    var output: Output

    static let maxBytes = 64 << 10

    /// The fields every segment of one clip shares, as (name, value) for messages.
    var clipFields: [(String, String)] {
        [("format", "\(format)"), ("clip", clip), ("segments", "\(segments)"), ("totalFrames", "\(totalFrames)"),
         ("segmentFrames", "\(segmentFrames)"), ("fps", fps), ("width", "\(width)"), ("height", "\(height)"),
         ("container", container), ("codec", codec), ("encoder", encoder), ("extradata", extradata),
         ("audio", audio.map { "\($0.source) \($0.sha256 ?? "") \($0.fade)" } ?? "none"),
         ("output", "\(output.alpha) \(output.quality.map { "\($0)" } ?? "-") \(output.loopCount) \(output.matte) \(output.gifPalette)")]
    }

    func write(to path: String) throws(ExportError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(self) + Data("\n".utf8)
            let url = URL(fileURLWithPath: path)
            let tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).partial")
            try data.write(to: tmp)
            guard rename(tmp.path, path) == 0 else {
                unlink(tmp.path)
                throw ExportError.runtime("\(path): cannot write the segment manifest (\(String(cString: strerror(errno))))")
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw .runtime("\(path): cannot write the segment manifest (\(error.localizedDescription))")
        }
    }

    static func read(_ path: String) throws(ExportError) -> SegmentManifest {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= maxBytes,
              let data = FileManager.default.contents(atPath: path) else {
            throw .invalid(file: path, field: "(file)", message: "not a readable segment manifest of at most \(maxBytes) bytes")
        }
        return try decodeStrict(SegmentManifest.self, from: data, file: path)
    }
}

/// The clip's identity for segment manifests (file header).
func segmentClipHash(_ job: ExportPlan, _ parsed: ParsedArguments) -> String {
    let workerOnly: Set<String> = ["--parts", "--shard", "--shard-total", "-y", "--quiet", "--json", "--verbose", "--output", "--help"]
    var hash = SHA256()
    hash.update("animexport segments 1\n\(job.sourceName)\n\(job.presetName)\n")
    for (flag, values) in parsed.values.sorted(by: { $0.key < $1.key }) where !workerOnly.contains(flag) {
        hash.update("\(flag)=\(values.joined(separator: "\u{1}"))\n")
    }
    var files = [job.presetPath, parsed.value("--font")]
    if case .file(let path)? = job.media.audio?.kind { files.append(path) }
    for case let path? in files {
        hash.update("file \(SHA256.file(path)?.sha256 ?? "unreadable")\n")
    }
    hash.update("frames \(job.frameCount) start \(job.startTime) size \(job.width)x\(job.height) fps \(job.fps.num)/\(job.fps.den)\n")
    return hash.finalize()
}
