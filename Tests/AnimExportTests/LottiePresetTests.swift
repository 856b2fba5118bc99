// Presets that name a Lottie file (issue 13 item 4; Sources/AnimExport/Lottie/LottiePreset.swift),
// rendered by `animexport batch` as a CI user runs it:
//
//   • a 40 × 20 pt file with two 20 × 20 squares: "Hero"/"Body" red (#ff0000) on the left,
//     "Hero"/"Side" green with "sid": "accent" on the right. The preset recolours the left one by
//     name path and the right one by slot; the decoded MP4 frames and the PNG show both colours
//     (and a preset without overrides shows the file's own);
//   • editing the Lottie JSON, or an external image it uses, re-renders; touching nothing skips;
//   • escape attempts (absolute, "..", a symlink out of the folder) and overrides that match
//     nothing are refused, naming the preset, the field and the rule; nothing is written for them;
//   • --shard 1/2 and 2/2 together write every Lottie output once.
import Foundation
import Testing
import Video
@testable import AnimExport

/// Two squares side by side (see the header); `left` is the Body fill's colour as Lottie RGBA.
func twoSquares(left: String = "1,0,0,1", image: Bool = false) -> String {
    let imageLayer = image
        ? #",{"ty":2,"nm":"Pic","ind":2,"refId":"img","ip":0,"op":10,"st":0,"ks":{"o":{"a":0,"k":0}}}"#
        : ""
    let assets = image ? #""assets":[{"id":"img","w":2,"h":2,"u":"img/","p":"dot.png","e":0}],"# : ""
    return """
    {"v":"5.7.0","fr":10,"ip":0,"op":10,"w":40,"h":20,\(assets)"layers":[
     {"ty":4,"nm":"Hero","ind":1,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
       {"ty":"gr","nm":"Body","it":[{"ty":"rc","nm":"R","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
         {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[\(left)]},"o":{"a":0,"k":100}},{"ty":"tr"}]},
       {"ty":"gr","nm":"Side","it":[{"ty":"rc","nm":"R","p":{"a":0,"k":[30,10]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
         {"ty":"fl","nm":"Fill 1","c":{"sid":"accent","a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}
     ]}\(imageLayer)]}
    """
}

private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// The straight RGBA of pixel (x, y) of a PNG.
private func pngPixel(_ path: String, _ x: Int, _ y: Int) throws -> [Int] {
    let png = try PNGReader.read(path: path)
    let o = (y * png.width + x) * 4
    return png.rgba[o..<o + 4].map(Int.init)
}

/// "rendered R, skipped S" of a batch summary line.
private func counts(_ r: RunResult) -> (rendered: Int, skipped: Int)? {
    guard let line = r.stdout.split(separator: "\n").last(where: { $0.hasPrefix("rendered ") }) else { return nil }
    let n = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    return n.count >= 2 ? (n[0], n[1]) : nil
}

@Suite("LottiePreset") struct LottiePresetTests {
    @Test func recoloursByNamePathAndBySlotInDecodedFrames() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(twoSquares(), to: root + "/p/anims/hero.json")
        try write("""
            {"lottie": "anims/hero.json", "colors": {"Hero/Body/Fill 1": "#3366ff"}, "slots": {"accent": "#ffcc00"},
             "scale": 2, "outputs": [{"name": "hero.mp4", "frames": 3}, {"name": "hero.png"}]}
            """, to: root + "/p/hero.json")
        try write(#"{"lottie": "anims/hero.json", "scale": 2, "outputs": [{"name": "plain.png"}]}"#, to: root + "/p/plain.json")
        let r = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(r.status == 0, "\(r.stderr)")

        // 80 × 40 px: left square centre (20, 20), right (60, 20).
        let frames = try decodedPixels(root + "/dist/hero.mp4", at: [(20, 20), (60, 20)])
        #expect(frames.count == 3)
        for f in frames {
            #expect(close(f[0], rgb("#3366ff"), 6), "left \(f[0])")
            #expect(close(f[1], rgb("#ffcc00"), 6), "right \(f[1])")
        }
        #expect(try pngPixel(root + "/dist/hero.png", 20, 20) == [0x33, 0x66, 0xff, 255])
        #expect(try pngPixel(root + "/dist/hero.png", 60, 20) == [0xff, 0xcc, 0x00, 255])
        // Without overrides: the file's own red and green.
        #expect(try pngPixel(root + "/dist/plain.png", 20, 20) == [255, 0, 0, 255])
        #expect(try pngPixel(root + "/dist/plain.png", 60, 20) == [0, 255, 0, 255])

        let manifest = try Manifest.read(root + "/dist/manifest.json")
        #expect(manifest.outputs["hero.mp4"]?.frames == 3 && manifest.outputs["hero.mp4"]?.width == 80)
        #expect(manifest.outputs["plain.png"] != nil)
    }

    @Test func editingTheLottieFileOrItsImageReRendersAndNothingElseSkips() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(twoSquares(image: true), to: root + "/p/anims/hero.json")
        let png = try #require(FileManager.default.contents(atPath: renderPNG(root, rgba: [9, 9, 9, 255])))
        try FileManager.default.createDirectory(atPath: root + "/p/anims/img", withIntermediateDirectories: true)
        try png.write(to: URL(fileURLWithPath: root + "/p/anims/img/dot.png"))
        try write(#"{"lottie": "anims/hero.json", "scale": 1, "outputs": [{"name": "a.png"}, {"name": "b.mp4", "frames": 2}]}"#,
                  to: root + "/p/hero.json")
        let first = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(counts(first).map { [$0.rendered, $0.skipped] } == [2, 0], "\(first.stdout)")
        let again = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(counts(again).map { [$0.rendered, $0.skipped] } == [0, 2], "\(again.stdout)")

        // The JSON edited (left square now blue): both outputs again, and the pixels follow.
        try write(twoSquares(left: "0,0,1,1", image: true), to: root + "/p/anims/hero.json")
        let edited = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(counts(edited).map { [$0.rendered, $0.skipped] } == [2, 0], "\(edited.stdout)")
        #expect(try pngPixel(root + "/dist/a.png", 10, 10) == [0, 0, 255, 255])

        // The external image edited: re-rendered too (its bytes are in the cache key).
        let other = try #require(FileManager.default.contents(atPath: renderPNG(root, rgba: [200, 9, 9, 255])))
        try other.write(to: URL(fileURLWithPath: root + "/p/anims/img/dot.png"))
        let image = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(counts(image).map { [$0.rendered, $0.skipped] } == [2, 0], "\(image.stdout)")
        let still = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(counts(still).map { [$0.rendered, $0.skipped] } == [0, 2], "\(still.stdout)")
    }

    @Test func escapesAndUnmatchedOverridesAreRefusedNamingPresetFieldAndRule() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(twoSquares(), to: root + "/outside/x.json")
        try write(twoSquares(), to: root + "/p/ok/hero.json")
        try FileManager.default.createDirectory(atPath: root + "/p/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/p/sub/evil.json", withDestinationPath: root + "/outside/x.json")
        let cases: [(preset: String, field: String, says: String)] = [
            (#"{"lottie": "\#(root)/outside/x.json"}"#, "lottie", "is absolute"),
            (#"{"lottie": "../outside/x.json"}"#, "lottie", "contains '..'"),
            (#"{"lottie": "ok/../../outside/x.json"}"#, "lottie", "contains '..'"),
            (#"{"lottie": "sub/evil.json"}"#, "lottie", "leads out"),
            (##"{"lottie": "ok/hero.json", "colors": {"Hero/Nope": "#ffffff"}}"##, #"colors."Hero/Nope""#, "matches nothing"),
            (##"{"lottie": "ok/hero.json", "slots": {"brand": "#ffffff"}}"##, #"slots."brand""#, "matches nothing"),
            (#"{"lottie": "ok/hero.json", "parameters": {}}"#, "parameters", "no scene parameters"),
            (##"{"animation": "pulse", "colors": {"A": "#ffffff"}}"##, "colors", "names a Lottie file"),
        ]
        for (i, c) in cases.enumerated() {
            try write(c.preset, to: root + "/p/case.json")
            let r = try run(["batch", "p/case.json", "--out", "dist\(i)"], cwd: root)
            #expect(r.status == 1, "\(c.preset): \(r.stderr)")
            let all = r.stdout + r.stderr
            #expect(all.contains("p/case.json: \(c.field): ") && all.contains(c.says), "\(c.preset): \(all)")
            #expect(listing(root + "/dist\(i)").allSatisfy { [manifestName, reviewPageName, batchLockName].contains($0) }, "\(listing(root + "/dist\(i)"))")
        }
    }

    @Test func shardsSplitLottieOutputsWithTheOthers() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(twoSquares(), to: root + "/p/anims/hero.json")
        let names = (0..<8).map { "lottie/s\($0).png" }
        let outputs = names.map { #"{"name": "\#($0)"}"# }.joined(separator: ",")
        try write(#"{"lottie": "anims/hero.json", "scale": 1, "outputs": [\#(outputs)]}"#, to: root + "/p/hero.json")
        try write(#"{"animation": "pulse", "scale": 0.25, "outputs": [{"name": "pulse/a.png"}]}"#, to: root + "/p/pulse.json")
        var seen: [String] = []
        for k in 1...2 {
            let r = try run(["batch", "p", "--out", "s\(k)", "--shard", "\(k)/2"], cwd: root)
            #expect(r.status == 0, "\(r.stderr)")
            seen += try Manifest.read(root + "/s\(k)/manifest.json").outputs.keys
        }
        #expect(seen.sorted() == (names + ["pulse/a.png"]).sorted())
        // Both shards got some Lottie outputs (the hash split is stable: this pins that it applies).
        #expect(try Manifest.read(root + "/s1/manifest.json").outputs.keys.contains { $0.hasPrefix("lottie/") })
        #expect(try Manifest.read(root + "/s2/manifest.json").outputs.keys.contains { $0.hasPrefix("lottie/") })
    }

    @Test func dotLottieArchiveByAnimationIDIsHashedWhole() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LottieRenderTests/Fixtures/two-animations.lottie").path
        try FileManager.default.createDirectory(atPath: root + "/p/anims", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture, toPath: root + "/p/anims/a.lottie")
        try write(#"{"lottie": "anims/a.lottie", "animation": "outro", "scale": 1, "outputs": [{"name": "o.png"}]}"#, to: root + "/p/a.json")
        let first = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(first.status == 0 && counts(first).map { [$0.rendered, $0.skipped] } == [1, 0], "\(first.stdout)\(first.stderr)")
        #expect(counts(try run(["batch", "p", "--out", "dist"], cwd: root)).map { [$0.rendered, $0.skipped] } == [0, 1])
        // One byte appended to the archive (libzip still opens it: the central directory is found
        // from the end): the archive is hashed whole, so the key changes.
        let handle = try #require(FileHandle(forWritingAtPath: root + "/p/anims/a.lottie"))
        try handle.seekToEnd()
        handle.write(Data([0x0a]))
        try handle.close()
        let edited = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(counts(edited).map { [$0.rendered, $0.skipped] } == [1, 0], "\(edited.stdout)\(edited.stderr)")

        try write(#"{"lottie": "anims/a.lottie", "animation": "nope"}"#, to: root + "/p/a.json")
        let bad = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(bad.status == 1 && (bad.stdout + bad.stderr).contains("p/a.json: animation: "), "\(bad.stdout)\(bad.stderr)")
    }

    @Test func namePathSyntax() throws {
        #expect(try LottiePresetSource.namePath("Hero/Body/Fill 1") == ["Hero", "Body", "Fill 1"])
        #expect(try LottiePresetSource.namePath(#"A\/B/C\\D"#) == ["A/B", #"C\D"#])
        #expect(throws: ExportError.self) { try LottiePresetSource.namePath("A//B") }
        #expect(throws: ExportError.self) { try LottiePresetSource.namePath(#"A\x"#) }
        #expect(throws: ExportError.self) { try LottiePresetSource.namePath("A\\") }
    }
}

/// A 2 × 2 PNG of one colour, written with the binary's own PNG writer (a 1 × 1 pt still of a
/// Lottie solid layer), so the test needs no image library of its own.
private func renderPNG(_ root: String, rgba: [Int]) throws -> String {
    let hex = rgba.prefix(3).map { String(format: "%02x", $0) }.joined()
    let json = ##"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":1,"h":1,"layers":[{"ty":1,"nm":"S","ip":0,"op":10,"st":0,"ks":{},"sw":1,"sh":1,"sc":"#\##(hex)"}]}"##
    let src = root + "/solid-\(hex).json", out = root + "/solid-\(hex).png"
    try json.write(toFile: src, atomically: true, encoding: .utf8)
    let r = try run(["still", src, "--scale", "2", "-y", out], cwd: root)
    #expect(r.status == 0, "\(r.stderr)")
    return out
}
