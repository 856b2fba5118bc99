// Batch integrity (issue 15 item 4), each class against the real binary: two batches into one
// folder, a killed batch, stale temporaries, --prune, shards sharing a folder, missing
// previews, manifest merge, file/folder collisions, FILE.json, control characters in names.
import Foundation
import Testing
@testable import AnimExport

/// A preset of small, fast outputs.
private let smallPreset = #"{"animation": "pulse", "seconds": 0.3, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "a.mp4"}, {"name": "sub/b.mp4", "fps": 30}, {"name": "c.png"}]}"#

@Suite(.serialized) struct BatchIntegrity {
    @Test func aSecondBatchIntoTheSameFolderRefusesOrWaits() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let list = (0..<6).map { #"{"name": "h\#($0).mp4"}"# }.joined(separator: ", ")
        try write(#"{"animation": "heart", "seconds": 1, "scale": 4, "encoder": {"preset": "medium"}, "outputs": [\#(list)]}"#, root, "slow/h.json")
        try write(smallPreset, root, "fast/p.json")
        let first = try Spawned(["batch", "slow", "--out", "out", "--jobs", "1"], cwd: root)
        #expect(first.waitUntil(60) { !temporaries(root + "/out").isEmpty }, "the first batch is rendering")
        let refused = try run(["batch", "fast", "--out", "out"], cwd: root)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--out out is in use by another animexport batch (pid \(first.process.processIdentifier))"), "\(refused.stderr)")
        let waiting = try Spawned(["batch", "fast", "--out", "out", "--wait"], cwd: root)
        #expect(waiting.waitUntil(30) { waiting.stderr.contains("waiting for it (--wait)") }, "\(waiting.stderr)")
        kill(first.process.processIdentifier, SIGTERM)
        #expect(first.wait(guard: stopHangGuard) == 143)
        #expect(waiting.wait(guard: 120) == 0, "\(waiting.stderr)")
        #expect(waiting.stdout.contains("rendered 3,"), "\(waiting.stdout)")
        #expect(try untrueManifestEntries(root + "/out").isEmpty)
    }

    @Test func aKilledBatchKeepsWhatItFinishedAndItsTemporariesAreRemovedLater() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let list = (0..<8).map { #"{"name": "v/h\#($0).mp4"}"# }.joined(separator: ", ")
        try write(#"{"animation": "heart", "seconds": 0.6, "scale": 3, "encoder": {"preset": "fast"}, "outputs": [\#(list)]}"#, root, "p/h.json")
        let p = try Spawned(["batch", "p", "--out", "out", "--jobs", "2", "--previews"], cwd: root)
        // SIGKILL (no cleanup possible) once two outputs are done and others are being written.
        #expect(p.waitUntil(120) { ((try? Manifest.read(root + "/out/manifest.json"))?.outputs.count ?? 0) >= 2 && !temporaries(root + "/out").isEmpty })
        kill(p.process.processIdentifier, SIGKILL)
        _ = p.wait(guard: 30)
        let kept = try Manifest.read(root + "/out/manifest.json")
        #expect(kept.outputs.count >= 2)
        #expect(try untrueManifestEntries(root + "/out").isEmpty, "every entry the killed run wrote is true")
        // What the kill left (usually an output and a preview being written), plus one planted as
        // a killed run leaves it, so the check never depends on the moment of the kill.
        try write("partial", root, "out/v/.h7.mp4.00000000deadbeef.partial")
        let left = temporaries(root + "/out")
        #expect(!left.isEmpty)
        // Files that are not ours stay: a temporary-like name of no output, and another program's file.
        try write("x", root, "out/v/.other.mp4.0123456789abcdef.partial")
        try write("x", root, "out/v/notes.partial")
        let next = try run(["batch", "p", "--out", "out", "--jobs", "2", "--previews"], cwd: root)
        #expect(next.status == 0, "\(next.stderr)")
        for t in left { #expect(next.stderr.contains("removed out/\(t), left by an earlier run"), "\(t): \(next.stderr)") }
        #expect(temporaries(root + "/out").sorted() == ["v/.other.mp4.0123456789abcdef.partial", "v/notes.partial"])
        #expect(next.stdout.contains("skipped \(kept.outputs.count),"), "\(next.stdout)")
        #expect(try untrueManifestEntries(root + "/out").isEmpty)
    }

    @Test func pruneRemovesOnlyRecordedUnchangedFilesOfOutputsNoPresetMakes() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(#"{"animation": "dots", "seconds": 0.3, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "keep.mp4"}, {"name": "gone.mp4"}, {"name": "edited.mp4"}]}"#, root, "p/d.json")
        #expect(try run(["batch", "p", "--out", "out", "--previews"], cwd: root).status == 0)
        try write("my own file", root, "out/unrecorded.mp4")
        try write(#"{"animation": "dots", "seconds": 0.3, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "keep.mp4"}]}"#, root, "p/d.json")
        try write("edited by hand", root, "out/edited.mp4")
        let listed = try run(["batch", "p", "--out", "out", "--previews"], cwd: root)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("no preset makes them any more: edited.mp4, gone.mp4 (pass --prune to remove them)"), "\(listed.stdout)")
        #expect(FileManager.default.fileExists(atPath: root + "/out/gone.mp4"))
        let pruned = try run(["batch", "p", "--out", "out", "--previews", "--prune"], cwd: root)
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(pruned.stdout.contains("pruned  gone.mp4"))
        #expect(pruned.stdout.contains("pruned  edited.mp4 (kept edited.mp4: changed since it was recorded)"), "\(pruned.stdout)")
        #expect(listing(root + "/out").filter { !$0.hasPrefix(".") } == ["edited.mp4", "index.html", "keep.mp4", "keep.poster.png", "keep.sheet.png", "manifest.json", "unrecorded.mp4"])
        #expect(try Manifest.read(root + "/out/manifest.json").outputs.keys.sorted() == ["keep.mp4"])
        // While a preset is broken, nothing is pruned.
        try write(#"{"animation": "dots", "seconds": 0.2, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "x.mp4"}, {"name": "later.mp4"}]}"#, root, "p/e.json")
        #expect(try run(["batch", "p", "--out", "out"], cwd: root).status == 0)
        try write(##"{"animation": "dots", "parameters": {"colr": "#000000"}}"##, root, "p/e.json")
        let broken = try run(["batch", "p", "--out", "out", "--prune"], cwd: root)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("not pruning later.mp4, x.mp4: while a preset is broken"), "\(broken.stdout)")
        #expect(FileManager.default.fileExists(atPath: root + "/out/x.mp4"))
    }

    @Test func shardsSharingAFolderKeepEachOthersEntries() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let list = (0..<6).map { #"{"name": "s\#($0).mp4"}"# }.joined(separator: ", ")
        try write(#"{"animation": "pulse", "seconds": 0.2, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [\#(list)]}"#, root, "p/p.json")
        for k in 1...3 { #expect(try run(["batch", "p", "--out", "out", "--shard", "\(k)/3"], cwd: root).status == 0) }
        #expect(try Manifest.read(root + "/out/manifest.json").outputs.count == 6)
        // Re-running one shard keeps the other shards' entries.
        #expect(try run(["batch", "p", "--out", "out", "--shard", "2/3", "--force"], cwd: root).status == 0)
        #expect(try Manifest.read(root + "/out/manifest.json").outputs.count == 6)
        #expect(try untrueManifestEntries(root + "/out").isEmpty)
    }

    @Test func aMissingPreviewIsRemadeWithoutEncodingTheVideoAgain() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(smallPreset, root, "p/p.json")
        #expect(try run(["batch", "p", "--out", "out", "--previews"], cwd: root).status == 0)
        let video = root + "/out/a.mp4"
        let before = try FileManager.default.attributesOfItem(atPath: video)
        let poster = try Data(contentsOf: URL(fileURLWithPath: root + "/out/a.poster.png"))
        try FileManager.default.removeItem(atPath: root + "/out/a.poster.png")
        try Data("tampered".utf8).write(to: URL(fileURLWithPath: root + "/out/sub/b.sheet.png"))
        let r = try run(["batch", "p", "--out", "out", "--previews"], cwd: root)
        #expect(r.status == 0)
        #expect(r.stdout.contains("rendered 0, skipped 1, failed 0, previews re-made 2"), "\(r.stdout)")
        let after = try FileManager.default.attributesOfItem(atPath: video)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int && after[.modificationDate] as? Date == before[.modificationDate] as? Date,
                "the video was not written again")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/out/a.poster.png")) == poster)
        #expect(try untrueManifestEntries(root + "/out").isEmpty)
    }

    @Test func manifestMergeNamesTheFieldThatDiffers() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(smallPreset, root, "p/p.json")
        #expect(try run(["batch", "p", "--out", "a"], cwd: root).status == 0)
        var m = try Manifest.read(root + "/a/manifest.json")
        m.outputs["a.mp4"]?.codec?.crf = 20
        try m.write(to: root + "/b.json")
        let r = try run(["manifest", "merge", "a/manifest.json", "b.json"], cwd: root)
        #expect(r.status == 2)
        #expect(r.stderr.contains("b.json: outputs.a.mp4.codec.crf: 20 differs from 18 in a/manifest.json"), "\(r.stderr)")
        // Duplicate keys in a manifest are an error too.
        try write(#"{"format": 1, "format": 2, "tool": "x", "outputs": {}}"#, root, "dup.json")
        let d = try run(["manifest", "merge", "dup.json"], cwd: root)
        #expect(d.status == 2 && d.stderr.contains("dup.json: line 1, column 15: duplicate key \"format\""), "\(d.stderr)")
    }

    @Test func fileAndFolderCollisionsAreRefusedBeforeRendering() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let cases: [(outputs: String, setup: (String) throws -> Void, message: String)] = [
            (#"[{"name": "a.mp4"}, {"name": "a.mp4/b.mp4"}]"#, { _ in }, "'a.mp4/b.mp4' needs a folder 'a.mp4', which is also a file written by"),
            (#"[{"name": "x/y.png"}, {"name": "manifest.json/z.mp4"}]"#, { _ in }, "needs a folder 'manifest.json', which is also a file written by the manifest"),
            (#"[{"name": "pulse/square.mp4"}]"#, { try write("a file", $0, "pulse") }, "'pulse/square.mp4' needs a folder"),
            (#"[{"name": "taken.mp4"}]"#, { try FileManager.default.createDirectory(atPath: $0 + "/taken.mp4", withIntermediateDirectories: true) }, "taken.mp4 is a directory; only regular files are replaced"),
            (#"[{"name": "fifo.mp4"}]"#, { _ = mkfifo($0 + "/fifo.mp4", 0o644) }, "fifo.mp4 is a FIFO (named pipe); only regular files are replaced"),
        ]
        for (i, c) in cases.enumerated() {
            let out = root + "/out\(i)"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try c.setup(out)
            let before = allFiles(out)
            try write(#"{"animation": "dots", "seconds": 0.2, "outputs": \#(c.outputs)}"#, root, "p\(i)/a.json")
            let r = try run(["batch", "p\(i)", "--out", "out\(i)"], cwd: root)
            #expect(r.status == 2, "case \(i): \(r.stderr)")
            #expect(r.stderr.contains("refused before rendering") && r.stderr.contains(c.message), "case \(i): \(r.stderr)")
            #expect(allFiles(out).filter { $0 != ".animexport-batch.lock" } == before, "case \(i): nothing written")
        }
    }

    @Test func aSinglePresetFileIsABatch() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(smallPreset, root, "p/one.json")
        try write(#"{"animation": "dots", "parameters": {"colr": 1}}"#, root, "p/broken.json")
        let r = try run(["batch", "p/one.json", "--out", "out"], cwd: root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Manifest.read(root + "/out/manifest.json").outputs.keys.sorted() == ["a.mp4", "c.png", "sub/b.mp4"])
        #expect(r.stderr.contains("[1/3] rendered ") && r.stderr.contains("[3/3] rendered "), "the overall count: \(r.stderr)")
        let bad = try run(["batch", "p/one.txt", "--out", "out"], cwd: root)
        #expect(bad.status == 2 && bad.stderr.contains("no such folder of presets or preset file"), "\(bad.stderr)")
    }

    @Test func controlCharactersInOutputNamesAreRefused() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let names = ["\u{1B}[2Jclear.mp4", "two\nlines.mp4", "cr\rforged.mp4", "rtl\u{202E}4pm.png", "tab\t.mp4", "del\u{7F}.mp4", "c1\u{85}.mp4"]
        for (i, name) in names.enumerated() {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: ["animation": "dots", "outputs": [["name": name]]]), as: UTF8.self)
            try write(json, root, "p\(i)/a.json")
            let r = try run(["batch", "p\(i)", "--out", "out\(i)"], cwd: root)
            #expect(r.status == 2, "\(name.debugDescription): \(r.stderr)")
            #expect(r.stderr.contains("contains the control character U+"), "\(name.debugDescription): \(r.stderr)")
            #expect(!r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" },
                    "no raw control character reaches the log: \(r.stderr.debugDescription)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr.debugDescription)")
        }
    }
}
