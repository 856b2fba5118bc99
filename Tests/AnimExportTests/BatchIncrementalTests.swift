// Batch per output (issue 25 item 6): an output re-renders only when its own inputs change
// (its keys, the preset's shared values it uses, the source's bytes, the tool); a PNG
// sequence is skipped when its frames are unchanged; --only and `render PRESET[:OUTPUT]`
// select outputs (a Lottie preset by name too); the lock file is gone after every run; progress counts end at the total.
// What was written is decoded, and which outputs ran is read from the files' identity
// (inode + mtime: every writer replaces a file by rename) and the summary.
import Foundation
import Testing
import Video
@testable import AnimExport

/// A small two-preset set: promo (4 outputs: two videos, a 3-frame PNG sequence, a still with
/// its own background) and other (its default output).
private func writeIncrementalPresets(_ folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try """
    {"animation": "pulse", "seconds": 0.25, "scale": 0.25, "background": "#FFFFFF", "encoder": {"preset": "ultrafast"},
     "outputs": [{"name": "promo/square.mp4", "size": "64x64"},
                 {"name": "promo/story.mp4", "size": "64x112"},
                 {"name": "promo/frames/f%02d.png", "size": "32x32", "frames": 3},
                 {"name": "promo/poster.png", "size": "48x48", "time": 0.1, "background": "#000000"}]}
    """.write(toFile: folder + "/promo.json", atomically: true, encoding: .utf8)
    try #"{"animation": "dots", "seconds": 0.25, "scale": 0.25, "encoder": {"preset": "ultrafast"}}"#
        .write(toFile: folder + "/other.json", atomically: true, encoding: .utf8)
}

private let promoFiles = ["promo/square.mp4", "promo/story.mp4", "promo/frames/f00.png", "promo/frames/f01.png",
                          "promo/frames/f02.png", "promo/poster.png"]

/// Identity of each file (device, inode, mtime in ns): changes exactly when a writer replaced it.
private func identities(_ out: String, _ names: [String]) -> [String: String] {
    var ids: [String: String] = [:]
    for n in names {
        var st = stat()
        ids[n] = stat(out + "/" + n, &st) == 0 ? "\(st.st_dev):\(st.st_ino):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)" : "missing"
    }
    return ids
}

/// The outputs whose files were replaced between two snapshots.
private func replaced(_ a: [String: String], _ b: [String: String]) -> [String] {
    a.keys.filter { a[$0] != b[$0] }.sorted()
}

/// The output names of the "rendered" lines of a batch's summary table (stdout).
private func renderedNames(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").filter { $0.hasPrefix("rendered  ") }.map { String($0.split(separator: " ").last!) }.sorted()
}

private let lockName = ".animexport-batch.lock"

@Suite(.serialized) struct BatchIncrementalTests {
    @Test func oneOutputsEditRendersOnlyThatOutput() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try writeIncrementalPresets(root + "/p")
        let all = promoFiles + ["other.mp4"]

        let first = try run(["batch", "p", "--out", "out", "--jobs", "2"], cwd: root)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("rendered 5, skipped 0, failed 0"), "\(first.stdout)")
        #expect(!FileManager.default.fileExists(atPath: root + "/out/" + lockName), "lock file left after a run")
        // What was written: the sequence's three frames at 32×32, the manifest's facts of it.
        let manifest = try Manifest.read(root + "/out/manifest.json")
        let seq = try #require(manifest.outputs["promo/frames/f%02d.png"])
        #expect(seq.frames == 3)
        var total = 0
        for i in 0..<3 {
            let path = root + "/out/promo/frames/f0\(i).png"
            let png = try PNGReader.read(path: path)
            #expect(png.width == 32 && png.height == 32)
            total += try #require(SHA256.file(path)).bytes
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/out/promo/frames/f03.png"))
        #expect(seq.sequence?.bytes == total && seq.sequence?.name == "promo/frames/f%02d.png")
        #expect(seq.sha256 == SHA256.file(root + "/out/promo/frames/f00.png")?.sha256)
        #expect(try MP4Reader(path: root + "/out/promo/story.mp4").height == 112)

        // Unchanged: everything skipped, the PNG sequence too; no file replaced.
        var before = identities(root + "/out", all)
        let second = try run(["batch", "p", "--out", "out"], cwd: root)
        #expect(second.stdout.contains("rendered 0, skipped 5, failed 0"), "\(second.stdout)")
        #expect(replaced(before, identities(root + "/out", all)).isEmpty)

        // One output's own key (and the file's layout) changed: only that output re-renders.
        let promo = root + "/p/promo.json"
        var text = try String(contentsOfFile: promo, encoding: .utf8)
        text = text.replacingOccurrences(of: #""size": "64x112""#, with: #""size": "64x96""#).replacingOccurrences(of: ", ", with: ",\n  ")
        try text.write(toFile: promo, atomically: true, encoding: .utf8)
        before = identities(root + "/out", all)
        let third = try run(["batch", "p", "--out", "out"], cwd: root)
        #expect(renderedNames(third.stdout) == ["promo/story.mp4"], "\(third.stdout)")
        #expect(replaced(before, identities(root + "/out", all)) == ["promo/story.mp4"])
        #expect(try MP4Reader(path: root + "/out/promo/story.mp4").height == 96)

        // A shared value: the preset's outputs that use it re-render, the one that sets its own
        // background (the poster) and the other preset do not.
        try text.replacingOccurrences(of: ##""background": "#FFFFFF""##, with: ##""background": "#FFEEDD""##)
            .write(toFile: promo, atomically: true, encoding: .utf8)
        before = identities(root + "/out", all)
        let fourth = try run(["batch", "p", "--out", "out"], cwd: root)
        #expect(renderedNames(fourth.stdout) == ["promo/frames/f%02d.png", "promo/square.mp4", "promo/story.mp4"], "\(fourth.stdout)")
        #expect(replaced(before, identities(root + "/out", all))
                == ["promo/frames/f00.png", "promo/frames/f01.png", "promo/frames/f02.png", "promo/square.mp4", "promo/story.mp4"])
        let corner = try PNGReader.read(path: root + "/out/promo/frames/f01.png").rgba
        #expect(Array(corner[0..<3]) == [0xFF, 0xEE, 0xDD], "the new background is drawn")

        // One frame of the sequence changed on disk: the sequence (only) is made again.
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: root + "/out/promo/frames/f01.png"))
        let fifth = try run(["batch", "p", "--out", "out"], cwd: root)
        #expect(renderedNames(fifth.stdout) == ["promo/frames/f%02d.png"], "\(fifth.stdout)")
        #expect(try PNGReader.read(path: root + "/out/promo/frames/f01.png").width == 32)
        #expect(!FileManager.default.fileExists(atPath: root + "/out/" + lockName))
    }

    @Test func onlyAndRenderSelectOutputs() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try writeIncrementalPresets(root + "/p")

        // PRESET:OUTPUT by the output's stem: only that file is written.
        let one = try run(["batch", "p", "--out", "out", "--only", "promo:square"], cwd: root)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("rendered 1, skipped 0, failed 0"), "\(one.stdout)")
        #expect(try Manifest.read(root + "/out/manifest.json").outputs.keys.sorted() == ["promo/square.mp4"])
        #expect(listing(root + "/out") == ["manifest.json", "promo"] && listing(root + "/out/promo") == ["square.mp4"])
        #expect(try MP4Reader(path: root + "/out/promo/square.mp4").width == 64)

        // A preset glob: that preset's outputs; the other preset's entry stays, no orphan note.
        let other = try run(["batch", "p", "--out", "out", "--only", "oth*"], cwd: root)
        #expect(other.status == 0 && other.stdout.contains("rendered 1, skipped 0, failed 0"), "\(other.stdout)")
        #expect(!other.stdout.contains("no preset makes"), "\(other.stdout)")
        #expect(try Manifest.read(root + "/out/manifest.json").outputs.keys.sorted() == ["other.mp4", "promo/square.mp4"])

        // A glob that selects nothing: exit 2 naming it, nothing written.
        let before = identities(root + "/out", ["manifest.json", "other.mp4", "promo/square.mp4"])
        for glob in ["nope*", "promo:nope", "other:square"] {
            let r = try run(["batch", "p", "--out", "out", "--only", glob], cwd: root)
            #expect(r.status == 2 && r.stderr.contains("--only '\(glob)' matches no preset or output"), "\(glob): \(r.stderr)")
        }
        #expect(identities(root + "/out", ["manifest.json", "other.mp4", "promo/square.mp4"]) == before)

        // `render PRESET:OUTPUT`, by name from the preset folders: the same bytes as batch.
        let env = ["ANIMEXPORT_PRESETS": root + "/p"]
        let story = try run(["render", "promo:story", "--out", "r"], cwd: root, environment: env)
        #expect(story.status == 0, "\(story.stderr)")
        #expect(listing(root + "/r/promo") == ["story.mp4"])
        let all = try run(["batch", "p", "--out", "out", "--only", "promo"], cwd: root)
        #expect(all.stdout.contains("rendered 3, skipped 1, failed 0"), "\(all.stdout)")
        #expect(SHA256.file(root + "/r/promo/story.mp4")?.sha256 == SHA256.file(root + "/out/promo/story.mp4")?.sha256)
        // The whole preset, by path; then again: skipped.
        let whole = try run(["render", "p/promo.json", "--out", "r"], cwd: root)
        #expect(whole.stdout.contains("rendered 3, skipped 1, failed 0"), "\(whole.stdout)")
        let again = try run(["render", "promo", "--out", "r"], cwd: root, environment: env)
        #expect(again.stdout.contains("rendered 0, skipped 4, failed 0"), "\(again.stdout)")
        #expect(!FileManager.default.fileExists(atPath: root + "/r/" + lockName))
        let unknown = try run(["render", "promx", "--out", "r"], cwd: root, environment: env)
        #expect(unknown.status == 2 && unknown.stderr.contains("no preset named 'promx' (did you mean 'promo'?)"), "\(unknown.stderr)")
        let badOutput = try run(["render", "promo:wide", "--out", "r"], cwd: root, environment: env)
        #expect(badOutput.status == 2 && badOutput.stderr.contains("'promo:wide' selects no output of the preset"), "\(badOutput.stderr)")
    }

    @Test func aLottiePresetRendersByNameOutsideBatch() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try FileManager.default.createDirectory(atPath: root + "/p/anims", withIntermediateDirectories: true)
        try twoSquares().write(toFile: root + "/p/anims/hero.json", atomically: true, encoding: .utf8)
        try """
        {"lottie": "anims/hero.json", "colors": {"Hero/Body/Fill 1": "#3366ff"}, "scale": 2,
         "outputs": [{"name": "hero/still.png"}, {"name": "hero/clip.mp4", "frames": 2}]}
        """.write(toFile: root + "/p/hero.json", atomically: true, encoding: .utf8)
        // By name from the preset folders, one output: only the still is written, recoloured.
        let r = try run(["render", "hero:still", "--out", "o"], cwd: root, environment: ["ANIMEXPORT_PRESETS": root + "/p"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(listing(root + "/o/hero") == ["still.png"])
        let png = try PNGReader.read(path: root + "/o/hero/still.png")
        #expect(png.width == 80 && png.height == 40)
        let left = (20 * png.width + 20) * 4, right = (20 * png.width + 60) * 4
        #expect(Array(png.rgba[left..<left + 4]) == [0x33, 0x66, 0xFF, 0xFF], "the preset's colour")
        #expect(Array(png.rgba[right..<right + 4]) == [0, 0xFF, 0, 0xFF], "the file's own green")
        #expect(try Manifest.read(root + "/o/manifest.json").outputs.keys.sorted() == ["hero/still.png"])
    }

    @Test func progressCountsEndAtTheTotalWhenAPresetFails() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try writeIncrementalPresets(root + "/p")
        try #"{"animation": "pulse", "seconds": "long"}"#.write(toFile: root + "/p/broken.json", atomically: true, encoding: .utf8)
        let r = try run(["batch", "p", "--out", "out", "--jobs", "1"], cwd: root)
        #expect(r.status == 1)
        // stderr is a pipe: one "[k/N]" line per output or broken preset, k = 1 … N in order.
        let counts = r.stderr.split(separator: "\n").compactMap { line -> (Int, Int)? in
            guard line.hasPrefix("["), let slash = line.firstIndex(of: "/"), let close = line.firstIndex(of: "]"),
                  let k = Int(line[line.index(after: line.startIndex)..<slash]), let n = Int(line[line.index(after: slash)..<close]) else { return nil }
            return (k, n)
        }
        #expect(counts.map(\.0) == Array(1...6), "\(r.stderr)")
        #expect(counts.allSatisfy { $0.1 == 6 }, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").last?.hasPrefix("rendered 5, skipped 0, failed 1") == true, "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: root + "/out/" + lockName), "lock file left after a failed run")
    }
}
