// Batch rendering (issue 5): outputs lists, confinement, manifest facts, incremental skip,
// byte-reproducibility across --jobs and --force, shards + merge, broken presets, --json.
// Small clips (scale 0.5, ultrafast, ≤ 0.5 s) keep the suite fast on 2 cores.
import Foundation
import Testing
import Video
@testable import AnimExport

// MARK: - units

@Test func sha256MatchesFIPSVectors() {
    #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    let long = String(repeating: "a", count: 1000)
    var bytewise = SHA256(); bytewise.update(Array(long.utf8))
    #expect(SHA256.hex(Data(long.utf8)) == bytewise.finalize())
    #expect(SHA256.hex(Data(String(repeating: "a", count: 1_000_000).utf8))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
}

@Test func shardsCoverEveryNameOnce() throws {
    #expect(Shard.fnv1a("a") == 0xaf63dc4c8601ec8c)
    let names = (0..<50).map { "set/out-\($0).mp4" }
    let shards = (1...3).map { Shard(index: $0, total: 3) }
    for n in names { #expect(shards.filter { $0.contains(n) }.count == 1) }
    #expect(shards.allSatisfy { s in names.contains { s.contains($0) } })
}

@Test func shardFromFlagsAndEnvironment() throws {
    #expect(try Shard.resolve(flag: "2/3", totalFlag: nil, environment: [:]) == Shard(index: 2, total: 3))
    #expect(try Shard.resolve(flag: nil, totalFlag: nil, environment: ["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "4"]) == Shard(index: 3, total: 4))
    #expect(try Shard.resolve(flag: nil, totalFlag: "5", environment: ["JOB_COMPLETION_INDEX": "0"]) == Shard(index: 1, total: 5))
    #expect(try Shard.resolve(flag: nil, totalFlag: nil, environment: ["JOB_COMPLETION_INDEX": "4", "ANIMEXPORT_SHARD_TOTAL": "5"]) == Shard(index: 5, total: 5))
    #expect(try Shard.resolve(flag: nil, totalFlag: nil, environment: [:]) == nil)
    #expect(throws: ExportError.self) { try Shard.resolve(flag: nil, totalFlag: nil, environment: ["JOB_COMPLETION_INDEX": "1"]) }
    #expect(throws: ExportError.self) { try Shard.resolve(flag: "4/3", totalFlag: nil, environment: [:]) }
    #expect(throws: ExportError.self) { try Shard.resolve(flag: "0/3", totalFlag: nil, environment: [:]) }
}

@Test func outputNamesAreNormalizedAndConfined() throws {
    #expect(try normalizeOutputName("a/./b//c.mp4").get() == "a/b/c.mp4")
    for bad in ["../x.mp4", "/tmp/x.mp4", "a/../../x.mp4", "", ".", "a/", "~/x.mp4"] {
        if case .success = normalizeOutputName(bad) { Issue.record("accepted \(bad)") }
    }
}

// MARK: - end to end

/// Writes small presets into a folder: 3 presets, 7 outputs (6 videos, 1 PNG).
func writeBatchPresets(_ folder: String) throws {
    let files = [
        "pulse.json": """
        {"animation": "pulse", "seconds": 0.5, "scale": 0.5, "encoder": {"preset": "ultrafast"},
         "outputs": [{"name": "pulse/square.mp4", "size": "200x200"},
                     {"name": "pulse/story.mp4", "size": "120x214", "fps": 30},
                     {"name": "pulse/wide.mp4", "size": "214x120", "seconds": 0.25},
                     {"name": "pulse/poster.png", "size": "100x100", "time": 0.3}]}
        """,
        "dots.json": """
        {"animation": "dots", "seconds": 0.5, "scale": 0.5, "encoder": {"preset": "ultrafast"},
         "outputs": [{"name": "dots/a.mp4"}, {"name": "dots/b.mp4", "loops": 1, "fps": 30}]}
        """,
        "heart.json": """
        {"animation": "heart", "seconds": 0.25, "scale": 0.5, "encoder": {"preset": "ultrafast"}}
        """,
    ]
    for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
}

let allBatchOutputs = ["dots/a.mp4", "dots/b.mp4", "heart.mp4", "pulse/poster.png", "pulse/square.mp4", "pulse/story.mp4", "pulse/wide.mp4"]

/// name → sha256 of every file under `folder` except the manifest, the review page (a report
/// of the run: rendered or skipped) and hidden files (the batch lock).
func digests(_ folder: String) -> [String: String] {
    var out: [String: String] = [:]
    let e = FileManager.default.enumerator(atPath: folder)
    while let p = e?.nextObject() as? String {
        var d: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder + "/" + p, isDirectory: &d), !d.boolValue, p != "manifest.json",
              p != "index.html", !p.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
        out[p] = SHA256.file(folder + "/" + p)?.sha256
    }
    return out
}

func stripTiming(_ m: Manifest) -> Manifest {
    var m = m
    for (k, v) in m.outputs { m.outputs[k] = v.withoutTiming }
    return m
}

@Suite(.serialized) struct BatchEndToEnd {
    @Test func rendersSkipsReproducesAndShards() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let presets = root + "/presets"
        try FileManager.default.createDirectory(atPath: presets, withIntermediateDirectories: true)
        try writeBatchPresets(presets)

        // First run: everything rendered, manifest facts match the files.
        var t0 = Date()
        let first = try run(["batch", presets, "--out", "dist", "--jobs", "2", "--previews"], cwd: root)
        let firstSeconds = Date().timeIntervalSince(t0)
        #expect(first.status == 0, "\(first.stderr)")
        let manifest = try Manifest.read(root + "/dist/manifest.json")
        #expect(manifest.outputs.keys.sorted() == allBatchOutputs)
        for (name, entry) in manifest.outputs {
            let path = root + "/dist/" + name
            let d = try #require(SHA256.file(path))
            #expect(d.sha256 == entry.sha256 && d.bytes == entry.bytes, "\(name)")
            if entry.kind == "video" {
                let reader = try MP4Reader(path: path)
                #expect(try reader.checkDecode().frames == entry.frames, "\(name)")
                #expect(abs((reader.durationSeconds ?? 0) - (entry.duration ?? -1)) < 0.001, "\(name)")
                #expect(reader.width == entry.width && reader.height == entry.height)
                #expect(entry.codec?.threads == batchEncoderThreads)
                for fact in try #require(entry.previews).values {
                    #expect(SHA256.file(root + "/dist/" + fact.name)?.sha256 == fact.sha256)
                }
            }
        }
        #expect(manifest.outputs["pulse/square.mp4"]?.frames == 30)
        #expect(manifest.outputs["pulse/story.mp4"]?.frames == 15 && manifest.outputs["pulse/story.mp4"]?.fps == "30/1")
        #expect(manifest.outputs["pulse/wide.mp4"]?.frames == 15)
        #expect(manifest.outputs["dots/b.mp4"]?.frames == 30)         // one 1 s loop at 30 fps
        #expect(manifest.outputs["pulse/square.mp4"]?.width == 200)
        let poster = try PNGReader.read(path: root + "/dist/pulse/poster.png")
        #expect(poster.width == 100 && poster.height == 100)

        // Second run: nothing rendered.
        t0 = Date()
        let second = try run(["batch", presets, "--out", "dist", "--jobs", "2", "--previews"], cwd: root)
        let secondSeconds = Date().timeIntervalSince(t0)
        #expect(second.status == 0)
        #expect(second.stdout.contains("rendered 0, skipped 7, failed 0"), "\(second.stdout)")
        print("batch: first run \(firstSeconds) s, second (all skipped) \(secondSeconds) s")
        #expect(stripTiming(try Manifest.read(root + "/dist/manifest.json")) == stripTiming(manifest))

        // A value every output of a preset uses re-renders only that preset's outputs; a changed
        // file on disk is re-rendered (BatchIncrementalTests: one output's own edit).
        let dots = presets + "/dots.json"
        try String(contentsOfFile: dots, encoding: .utf8).replacingOccurrences(of: #""seconds": 0.5,"#, with: ##""seconds": 0.5, "background": "#102030","##)
            .write(toFile: dots, atomically: true, encoding: .utf8)
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/dist/heart.mp4"))
        let third = try run(["batch", presets, "--out", "dist", "--jobs", "2", "--previews"], cwd: root)
        #expect(third.stdout.contains("rendered 3, skipped 4, failed 0"), "\(third.stdout)")
        let renderedLines = third.stdout.split(separator: "\n").filter { $0.hasPrefix("rendered  ") }.map { String($0.split(separator: " ").last!) }
        #expect(renderedLines.sorted() == ["dots/a.mp4", "dots/b.mp4", "heart.mp4"], "\(third.stdout)")

        // Byte-identical across --jobs and --force runs (videos, stills and previews).
        let reference = digests(root + "/dist")
        #expect(reference.count == allBatchOutputs.count + 12)
        for (jobs, folder) in [("1", "j1"), ("2", "j2")] {
            let r = try run(["batch", presets, "--out", folder, "--jobs", jobs, "--previews", "--force"], cwd: root)
            #expect(r.status == 0)
            #expect(digests(root + "/" + folder) == reference, "--jobs \(jobs)")
        }
        let again = try run(["batch", presets, "--out", "j1", "--jobs", "2", "--previews", "--force"], cwd: root)
        #expect(again.stdout.contains("rendered 7, skipped 0"))
        #expect(digests(root + "/j1") == reference)

        // Shards 1/3 … 3/3 cover every output once; their merged manifest is the unsharded one.
        var seen: [String] = []
        for k in 1...3 {
            let r = try run(["batch", presets, "--out", "s\(k)", "--shard", "\(k)/3", "--previews"], cwd: root)
            #expect(r.status == 0, "\(r.stderr)")
            seen += try Manifest.read(root + "/s\(k)/manifest.json").outputs.keys
        }
        #expect(seen.sorted() == allBatchOutputs)
        let merged = try run(["manifest", "merge", "s1/manifest.json", "s2/manifest.json", "s3/manifest.json"], cwd: root)
        #expect(merged.status == 0)
        let m = try JSONDecoder().decode(Manifest.self, from: Data(merged.stdout.utf8))
        #expect(stripTiming(m) == stripTiming(try Manifest.read(root + "/dist/manifest.json")))
        // GitLab's variables pick the same shard as --shard.
        let gitlab = try run(["batch", presets, "--out", "g2", "--previews"], cwd: root, environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"])
        #expect(try Manifest.read(root + "/g2/manifest.json").outputs.keys.sorted() == Manifest.read(root + "/s2/manifest.json").outputs.keys.sorted(), "\(gitlab.stderr)")
    }

    @Test func brokenPresetIsReportedAndTheOthersRender() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try writeBatchPresets(root)
        try #"{"animation": "pulse", "parameters": {"layers": [{"radious": 10}]}}"#.write(toFile: root + "/broken.json", atomically: true, encoding: .utf8)
        try #"{"animation": "dots", "outputs": [{"name": "bad.mp4", "seconds": -1}]}"#.write(toFile: root + "/badlength.json", atomically: true, encoding: .utf8)
        try #"{"animation": "dots", "outputs": [{"name": "x.avi"}]}"#.write(toFile: root + "/badext.json", atomically: true, encoding: .utf8)
        let r = try run(["batch", root, "--out", root + "/out", "--json"], cwd: root)
        #expect(r.status == 1)
        #expect(r.stderr.contains("broken.json: parameters.layers[0].radious: unknown key"), "\(r.stderr)")
        #expect(r.stderr.contains("badlength.json: outputs[0].seconds: '-1' is not a number"), "\(r.stderr)")
        let manifest = try Manifest.read(root + "/out/manifest.json")
        #expect(manifest.outputs.keys.sorted() == allBatchOutputs)
        // --json: every stdout line is one JSON object with an event.
        let events = try r.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let kinds = Set(events.compactMap { $0["event"] as? String })
        #expect(kinds == ["start", "progress", "done", "error", "summary"])
        #expect(events.filter { $0["event"] as? String == "done" }.count == 7)
        #expect(r.stderr.contains("badext.json: outputs[0].name: 'x.avi' must end in one of .mp4, .m4v, .mov, .webm, .gif, .png, .apng, .webp"), "\(r.stderr)")
        #expect((events.last?["failed"] as? Int) == 3)
        // --fail-fast stops before rendering when a preset is already broken.
        let ff = try run(["batch", root, "--out", root + "/ff", "--fail-fast"], cwd: root)
        #expect(ff.status == 1)
        #expect(digests(root + "/ff").isEmpty)
    }

    @Test func escapingAndDuplicateNamesAreRefusedBeforeRendering() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/out/link", withDestinationPath: NSTemporaryDirectory())
        let cases = [
            #"[{"name": "ok.mp4"}, {"name": "../x.mp4"}]"#,
            #"[{"name": "ok.mp4"}, {"name": "/tmp/x.mp4"}]"#,
            #"[{"name": "ok.mp4"}, {"name": "link/x.mp4"}]"#,
            #"[{"name": "ok.mp4"}, {"name": "./ok.mp4"}]"#,
            #"[{"name": "manifest.json.mp4"}, {"name": "manifest.json"}]"#,
        ]
        for (i, outputs) in cases.enumerated() {
            let dir = root + "/p\(i)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try #"{"animation": "dots", "seconds": 0.25, "scale": 0.5, "outputs": \#(outputs)}"#.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
            let r = try run(["batch", dir, "--out", root + "/out"], cwd: root)
            #expect(r.status == 2, "case \(i): \(r.stderr)")
            #expect(r.stderr.contains("a.json: outputs[1].name"), "case \(i): \(r.stderr)")
            #expect(listing(root + "/out") == ["link"], "case \(i): nothing rendered")
        }
        // Duplicates across two preset files too.
        let dir = root + "/pdup"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for f in ["a", "b"] {
            try #"{"animation": "dots", "outputs": [{"name": "same.mp4"}]}"#.write(toFile: "\(dir)/\(f).json", atomically: true, encoding: .utf8)
        }
        let r = try run(["batch", dir, "--out", root + "/out"], cwd: root)
        #expect(r.status == 2 && r.stderr.contains("b.json: outputs[0].name: 'same.mp4' is also written by"), "\(r.stderr)")
    }
}
