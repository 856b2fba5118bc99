// One clip rendered as fixed segments by worker processes and joined (Segments/, JoinCommand.swift,
// docs/ci.md): 1 worker and 4 concurrent worker processes — their share taken from each CI
// engine's variables, as the engine sets them — join into files byte-identical to each other and
// to the single-machine segmented render, with every frame once at exact timing; and each bad
// parts folder (a missing, duplicate, truncated, or other-settings segment) is refused before
// anything is written.
import Foundation
import Testing
@testable import AnimExport
import Video

/// Every engine's variables, set to "" (unset) so the test machine's own CI cannot leak in.
private let allEngineVariables = ["CI_NODE_INDEX", "CI_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT",
                                  "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX",
                                  "AWS_BATCH_JOB_ARRAY_SIZE", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
                                  "ANIMEXPORT_SHARD_TOTAL"]

/// What worker k (0-based) of n sees under each engine (docs/ci.md's table): extra arguments and variables.
private let engines: [(name: String, worker: @Sendable (Int, Int) -> (args: [String], env: [String: String]))] = [
    ("GitHub Actions", { k, n in (["--shard", "\(k + 1)/\(n)"], [:]) }),
    ("GitLab", { k, n in ([], ["CI_NODE_INDEX": "\(k + 1)", "CI_NODE_TOTAL": "\(n)"]) }),
    ("Buildkite", { k, n in ([], ["BUILDKITE_PARALLEL_JOB": "\(k)", "BUILDKITE_PARALLEL_JOB_COUNT": "\(n)"]) }),
    ("CircleCI", { k, n in ([], ["CIRCLE_NODE_INDEX": "\(k)", "CIRCLE_NODE_TOTAL": "\(n)"]) }),
    ("Kubernetes", { k, n in ([], ["JOB_COMPLETION_INDEX": "\(k)", "ANIMEXPORT_SHARD_TOTAL": "\(n)"]) }),
    ("AWS Batch", { k, n in (["--shard-total", "\(n)"], ["AWS_BATCH_JOB_ARRAY_INDEX": "\(k)"]) }),
    ("Slurm", { k, n in ([], ["SLURM_ARRAY_TASK_ID": "\(k + 1)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "\(n)"]) }),
]

/// 40 frames of 64×64 at 60 fps, x264 veryfast (B-frames), segments of 12 frames: 4 segments, the last short.
private let clip = ["pulse", "--frames", "40", "--size", "64x64", "--x264-preset", "veryfast", "--segment-frames", "12"]

/// Runs the workers at once (each its own process), returns their results.
private func runWorkers(_ n: Int, engine: Int, parts: String, output: String, extra: [String] = [], cwd: String) -> [RunResult?] {
    let results = LockedResults(count: n)
    DispatchQueue.concurrentPerform(iterations: n) { k in
        let (args, vars) = engines[engine].worker(k, n)
        var env = Dictionary(uniqueKeysWithValues: allEngineVariables.map { ($0, "") })
        for (key, value) in vars { env[key] = value }
        results.set(k, try? run(clip + extra + args + ["--parts", parts, "-q", output], cwd: cwd, environment: env))
    }
    return results.values
}

private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [RunResult?]
    init(count: Int) { stored = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: RunResult?) { lock.lock(); stored[i] = r; lock.unlock() }
    var values: [RunResult?] { lock.lock(); defer { lock.unlock() }; return stored }
}

@Suite(.serialized) struct SegmentTests {
    @Test func oneAndFourWorkersOfEveryEngineJoinToTheSingleMachineBytes() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let single = try run(clip + ["-q", "single.mp4"], cwd: dir)
        #expect(single.status == 0, "\(single.stderr)")
        let reference = try #require(FileManager.default.contents(atPath: dir + "/single.mp4"))
        #expect(listing(dir) == ["single.mp4"])   // the hidden segments folder is gone

        // Every frame once, in order, at exact times.
        let reader = try MP4Reader(path: dir + "/single.mp4")
        #expect(reader.frameCountInContainer == 40)
        #expect(abs((reader.durationSeconds ?? 0) - 40.0 / 60) < 1e-6)
        var pts: [Int64] = []
        let report = try reader.decode { pts.append($0.pts ?? -1) }
        #expect(report.frames == 40 && report.errors == 0)
        #expect(pts == pts.sorted() && Set(pts).count == 40)

        let one = runWorkers(1, engine: 0, parts: "parts-single", output: "out.mp4", cwd: dir)
        #expect(one.allSatisfy { $0?.status == 0 })
        #expect(try run(["join", "parts-single", "joined-single.mp4", "-q"], cwd: dir).status == 0)
        #expect(FileManager.default.contents(atPath: dir + "/joined-single.mp4") == reference)

        for (e, engine) in engines.enumerated() {
            let parts = "parts-\(e)"
            let workers = runWorkers(4, engine: e, parts: parts, output: "out.mp4", cwd: dir)
            #expect(workers.allSatisfy { $0?.status == 0 }, "\(engine.name): \(workers.map { $0?.stderr ?? "did not run" })")
            #expect(listing(dir + "/" + parts).count == 8, "\(engine.name)")   // 4 segments + 4 manifests
            let join = try run(["join", parts, "joined-\(e).mp4", "-q"], cwd: dir)
            #expect(join.status == 0, "\(engine.name): \(join.stderr)")
            #expect(FileManager.default.contents(atPath: dir + "/joined-\(e).mp4") == reference, "\(engine.name)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.mp4"))   // workers never write OUTPUT
    }

    @Test func theSegmentedClipShowsTheClipsFrames() throws {
        // Lossless (crf 0): the segmented render decodes to exactly the frames of the plain render.
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        #expect(try run(clip + ["--crf", "0", "-q", "segmented.mp4"], cwd: dir).status == 0)
        #expect(try run(Array(clip.dropLast(2)) + ["--crf", "0", "-q", "plain.mp4"], cwd: dir).status == 0)
        var segmented: [[UInt8]] = [], plain: [[UInt8]] = []
        try MP4Reader(path: dir + "/segmented.mp4").decodeFrames { _, bytes, _ in segmented.append(Array(bytes)) }
        try MP4Reader(path: dir + "/plain.mp4").decodeFrames { _, bytes, _ in plain.append(Array(bytes)) }
        #expect(segmented.count == 40 && segmented == plain)
        #expect(Set(plain).count > 10)   // the clip moves: a frame out of place would show
    }

    @Test(arguments: ["gif", "webp", "apng"])
    func animatedImagesJoinToThePlainRendersBytes(_ ext: String) throws {
        // Lossless intermediates, encoded once at the join: the same file as rendering in one piece.
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let base = ["pulse", "--frames", "30", "--size", "48x48", "--background", "transparent", "-q"]
        #expect(try run(base + ["plain.\(ext)"], cwd: dir).status == 0)
        #expect(try run(base + ["--segment-frames", "8", "single.\(ext)"], cwd: dir).status == 0)
        DispatchQueue.concurrentPerform(iterations: 3) { k in
            _ = try? run(base + ["--segment-frames", "8", "--parts", "p", "--shard", "\(k + 1)/3", "out.\(ext)"], cwd: dir)
        }
        #expect(listing(dir + "/p").filter { $0.hasSuffix(".mov") }.count == 4)
        let join = try run(["join", "p", "joined.\(ext)", "-q"], cwd: dir)
        #expect(join.status == 0, "\(join.stderr)")
        let plain = FileManager.default.contents(atPath: dir + "/plain.\(ext)")
        #expect(plain != nil)
        #expect(FileManager.default.contents(atPath: dir + "/single.\(ext)") == plain)
        #expect(FileManager.default.contents(atPath: dir + "/joined.\(ext)") == plain)
    }

    @Test func eachWorkerRendersOnlyItsShare() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        // 4 segments over 3 workers: worker 1 holds segments 0 and 3, worker 2 segment 1, worker 3 segment 2.
        let r = try run(clip + ["--parts", "p", "--shard", "1/3", "-q", "out.mp4"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(listing(dir + "/p") == ["segment-00000.json", "segment-00000.mp4", "segment-00003.json", "segment-00003.mp4"])
        let m = try SegmentManifest.read(dir + "/p/segment-00003.json")
        #expect(m.firstFrame == 36 && m.frames == 4 && m.totalFrames == 40 && m.segments == 4)
        #expect(m.sha256 == SHA256.file(dir + "/p/segment-00003.mp4")?.sha256)
    }

    @Test func jsonEventsNameTheClipOrEachSegment() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        func events(_ r: RunResult) throws -> [[String: Any]] {
            try r.stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        }
        // One machine: the events of a plain render of OUTPUT — one start, progress rising over the
        // whole clip (not per segment), one done with the joined file's facts.
        let single = try run(clip + ["--json", "single.mp4"], cwd: dir)
        #expect(single.status == 0, "\(single.stderr)")
        let e = try events(single)
        #expect(e.first?["event"] as? String == "start" && e.first?["name"] as? String == "single.mp4" && e.first?["frames"] as? Int == 40)
        let progress = e.filter { $0["event"] as? String == "progress" }.compactMap { $0["frame"] as? Int }
        #expect(!progress.isEmpty && progress == progress.sorted() && progress.last! > 12)   // past the first segment
        #expect(e.filter { $0["event"] as? String == "start" }.count == 1)
        let done = try #require(e.last)
        #expect(done["event"] as? String == "done" && done["name"] as? String == "single.mp4" && done["frames"] as? Int == 40)
        #expect(done["bytes"] as? Int == (try FileManager.default.attributesOfItem(atPath: dir + "/single.mp4")[.size] as? Int))
        // A worker: each segment file's events, then its share.
        let worker = try run(clip + ["--parts", "p", "--shard", "1/3", "--json", "out.mp4"], cwd: dir)
        #expect(worker.status == 0, "\(worker.stderr)")
        let w = try events(worker)
        #expect(w.filter { $0["event"] as? String == "done" }.compactMap { $0["name"] as? String } == ["p/segment-00000.mp4", "p/segment-00003.mp4"])
        let share = try #require(w.last)
        #expect(share["event"] as? String == "segments" && share["rendered"] as? [Int] == [0, 3] && share["segments"] as? Int == 4)
        #expect(share["shard"] as? String == "1/3" && share["parts"] as? String == "p")
        // The join: its done event.
        for k in [2, 3] { #expect(try run(clip + ["--parts", "p", "--shard", "\(k)/3", "-q", "out.mp4"], cwd: dir).status == 0) }
        let join = try run(["join", "p", "joined.mp4", "--json"], cwd: dir)
        let j = try events(join)
        #expect(j.count == 1 && j[0]["event"] as? String == "done" && j[0]["name"] as? String == "joined.mp4" && j[0]["frames"] as? Int == 40)
        #expect(FileManager.default.contents(atPath: dir + "/joined.mp4") == FileManager.default.contents(atPath: dir + "/single.mp4"))
    }

    @Test func theAudioTrackIsEncodedOnceAtTheJoin() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        #expect(try run(clip + ["--audio", "silent", "-q", "single.mp4"], cwd: dir).status == 0)
        let workers = runWorkers(2, engine: 0, parts: "p", output: "out.mp4", extra: ["--audio", "silent"], cwd: dir)
        #expect(workers.allSatisfy { $0?.status == 0 })
        for s in 0..<4 { #expect(try MP4Reader(path: dir + "/p/" + SegmentPlan.fileName(s, ext: "mp4")).audio == nil) }
        #expect(try run(["join", "p", "joined.mp4", "-q"], cwd: dir).status == 0)
        let audio = try #require(try MP4Reader(path: dir + "/joined.mp4").audio)
        #expect(audio.codec == "aac" && audio.sampleRate == 48_000)
        #expect(abs((audio.seconds ?? 0) - 40.0 / 60) < 1024.0 / 48_000)
        #expect(FileManager.default.contents(atPath: dir + "/joined.mp4") == FileManager.default.contents(atPath: dir + "/single.mp4"))
    }

    // MARK: - refusals

    /// A parts folder of the clip (one worker), changed by `damage`; the join must exit 2 naming `naming` and write nothing.
    private func expectJoinRefused(naming: String, sourceLocation: SourceLocation = #_sourceLocation,
                                   _ damage: (String) throws -> Void) throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        #expect(try run(clip + ["--parts", "p", "-q", "out.mp4"], cwd: dir).status == 0, sourceLocation: sourceLocation)
        try damage(dir)
        let before = listing(dir)
        let r = try run(["join", "p", "joined.mp4"], cwd: dir)
        #expect(r.status == 2, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(naming), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(listing(dir) == before, sourceLocation: sourceLocation)
    }

    @Test func aMissingSegmentIsRefused() throws {
        try expectJoinRefused(naming: "segment 2 of 4 (frames 24–35, segment-00002.json) is missing") { dir in
            try FileManager.default.removeItem(atPath: dir + "/p/segment-00002.json")
        }
    }

    @Test func aDuplicateSegmentIsRefused() throws {
        try expectJoinRefused(naming: "both hold segment 1") { dir in
            try FileManager.default.copyItem(atPath: dir + "/p/segment-00001.json", toPath: dir + "/p/segment-00001-copy.json")
        }
    }

    @Test func aTruncatedSegmentIsRefused() throws {
        try expectJoinRefused(naming: "segment-00003.mp4 is not the one segment-00003.json describes") { dir in
            let path = dir + "/p/segment-00003.mp4"
            let data = try #require(FileManager.default.contents(atPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        }
    }

    @Test func aSegmentOfOtherEncoderSettingsIsRefused() throws {
        try expectJoinRefused(naming: "segment-00001.json: clip: differs from segment-00000.json's") { dir in
            #expect(try run(clip + ["--crf", "30", "--parts", "q", "--shard", "2/4", "-q", "out.mp4"], cwd: dir).status == 0)
            for name in ["segment-00001.json", "segment-00001.mp4"] {
                try FileManager.default.removeItem(atPath: dir + "/p/" + name)
                try FileManager.default.moveItem(atPath: dir + "/q/" + name, toPath: dir + "/p/" + name)
            }
            try FileManager.default.removeItem(atPath: dir + "/q")
        }
    }

    @Test func aPresetsSegmentFramesIsTheFlagsDefault() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        try Data(#"{"animation": "pulse", "segmentFrames": 12}"#.utf8).write(to: URL(fileURLWithPath: dir + "/seg.json"))
        try Data(#"{"animation": "pulse", "segmentFrames": 0}"#.utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        let common = ["pulse", "--frames", "40", "--size", "64x64", "--x264-preset", "veryfast", "-q"]
        #expect(try run(common + ["--preset", "seg.json", "preset.mp4"], cwd: dir).status == 0)
        #expect(try run(common + ["--preset", "seg.json", "--segment-frames", "12", "flag.mp4"], cwd: dir).status == 0)
        #expect(try run(common + ["--preset", "seg.json", "--segment-frames", "20", "other.mp4"], cwd: dir).status == 0)
        let preset = FileManager.default.contents(atPath: dir + "/preset.mp4")
        #expect(preset != nil && preset == FileManager.default.contents(atPath: dir + "/flag.mp4"))
        #expect(preset != FileManager.default.contents(atPath: dir + "/other.mp4"))   // the flag wins
        let bad = try run(common + ["--preset", "bad.json", "bad.mp4"], cwd: dir)
        #expect(bad.status == 2 && bad.stderr.contains("segmentFrames: 0 is not a whole number in 1–"), "\(bad.stderr)")
    }

    @Test func segmentFlagsAreCheckedBeforeRendering() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        for (args, message) in [
            (["pulse", "--frames", "10", "--parts", "p", "o.mp4"], "--parts: needs --segment-frames F"),
            (["pulse", "--frames", "10", "--segment-frames", "0", "o.mp4"], "--segment-frames: '0' is not a whole number"),
            (["pulse", "--frames", "10", "--segment-frames", "5", "o%03d.png"], "PNG sequence segments cannot be joined"),
            (["pulse", "--frames", "10", "--segment-frames", "5", "--shard", "1/2", "o.mp4"], "--shard: needs --parts DIR"),
        ] {
            let r = try run(args, cwd: dir)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        #expect(listing(dir).isEmpty)
    }

    @Test func everyEngineOfTheTableResolvesTheSameShare() throws {
        for (name, worker) in engines where name != "GitHub Actions" {
            let (args, vars) = worker(2, 5)
            let total = args.count == 2 ? args[1] : nil
            var env = Dictionary(uniqueKeysWithValues: allEngineVariables.map { ($0, "") })
            for (k, v) in vars { env[k] = v }
            #expect(try Shard.resolve(flag: nil, totalFlag: total, environment: env) == Shard(index: 3, total: 5), "\(name)")
        }
        #expect(throws: ExportError.self) { try Shard.resolve(flag: nil, totalFlag: nil, environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "1"]) }
        #expect(throws: ExportError.self) { try Shard.resolve(flag: nil, totalFlag: nil, environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "2"]) }
    }
}
