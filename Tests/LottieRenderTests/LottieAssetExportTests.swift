// End to end: dotLottie archives and image assets through `animexport`, run as a process.
//
//   • info lists a dotLottie's animations and describes the selected one (text and --json);
//   • --animation picks one (its pixels checked), an unknown id is exit 2 naming the ids;
//   • image problems (missing file, "..", no asset) are warnings naming the layer and image, and
//     --strict refuses them (exit 2, nothing written);
//   • an archive with a traversal entry, a zip bomb, or a file that is not a zip: exit 2.
import Foundation
import Testing
import Video

@Suite("LottieAssetExport") struct LottieAssetExportTests {
    let archive = lottieFixtures + "/two-animations.lottie"

    @Test func infoListsTheAnimations() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try animexport(["info", archive], cwd: dir)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("dotLottie 1.0, 2 animations"))
        #expect(text.stdout.contains("\"intro\" (animations/intro.json) [shown below], \"outro\" (animations/outro.json)"))
        #expect(text.stdout.contains("\(archive): Lottie 5.7.0 \"intro\""))
        let json = try animexport(["info", archive, "--animation", "outro", "--json"], cwd: dir)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let a = try #require(object["archive"] as? [String: Any])
        #expect((a["animations"] as? [[String: String]])?.map { $0["id"] ?? "" } == ["intro", "outro"])
        #expect(a["selected"] as? String == "outro")
        #expect((object["animation"] as? [String: Any])?["name"] as? String == "outro")
    }

    @Test func animationPicksOne() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try animexport(["still", archive, "--animation", "outro", "--scale", "1", "out.png"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let png = try PNGReader.read(path: dir + "/out.png")
        func px(_ x: Int, _ y: Int) -> [UInt8] { Array(png.rgba[(y * png.width + x) * 4..<(y * png.width + x) * 4 + 4]) }
        #expect(png.width == 100 && png.height == 100)
        #expect(px(50, 50) == [0, 255, 0, 255])      // the solid covers [25, 75]²
        #expect(px(10, 10)[3] == 0)
        let bad = try animexport(["still", archive, "--animation", "nope", "bad.png"], cwd: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("no animation \"nope\"") && bad.stderr.contains("\"intro\", \"outro\""), "\(bad.stderr)")
        let onJSON = try animexport(["still", fixture("solid-layer"), "--animation", "x", "json.png"], cwd: dir)
        #expect(onJSON.status == 2 && onJSON.stderr.contains("--animation"), "\(onJSON.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.png") && !FileManager.default.fileExists(atPath: dir + "/json.png"))
    }

    /// A file of another name (lottie-ios's `.lot`, a download without an extension) is read by its
    /// first bytes: a zip is a dotLottie, a JSON object a Lottie file; a FIFO is never opened.
    @Test func otherExtensionsAreSniffed() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: archive, toPath: dir + "/anim.bin")
        try FileManager.default.copyItem(atPath: fixture("solid-layer"), toPath: dir + "/switch.lot")
        let zip = try animexport(["still", "anim.bin", "--animation", "outro", "--scale", "1", "zip.png"], cwd: dir)
        #expect(zip.status == 0, "\(zip.stderr)")
        let png = try PNGReader.read(path: dir + "/zip.png")
        #expect(Array(png.rgba[(50 * png.width + 50) * 4..<(50 * png.width + 50) * 4 + 4]) == [0, 255, 0, 255])
        let json = try animexport(["still", "switch.lot", "json.png"], cwd: dir)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/json.png"))
        #expect(mkfifo(dir + "/pipe.lot", 0o600) == 0)
        let pipe = try animexport(["still", "pipe.lot", "pipe.png"], cwd: dir)
        #expect(pipe.status == 2 && pipe.stderr.contains("pipe.lot: not a Lottie file"), "\(pipe.stderr)")
        try Data("not lottie".utf8).write(to: URL(fileURLWithPath: dir + "/text.lot"))
        let text = try animexport(["still", "text.lot", "text.png"], cwd: dir)
        #expect(text.status == 2 && text.stderr.contains("text.lot: not a Lottie file"), "\(text.stderr)")
        #expect(!["zip.png", "json.png"].contains { !FileManager.default.fileExists(atPath: dir + "/" + $0) })
        #expect(!["pipe.png", "text.png"].contains { FileManager.default.fileExists(atPath: dir + "/" + $0) })
    }

    @Test func imageProblemsWarnAndStrictRefuses() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try animexport(["still", fixture("image-problems"), "out.png"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.contains { $0.contains("layers[0] \"Missing\"") && $0.contains("images/nope.png") }, "\(run.stderr)")
        #expect(warnings.contains { $0.contains("layers[1] \"Escaping\"") && $0.contains("\"..\"") })
        #expect(warnings.contains { $0.contains("layers[2] \"NoAsset\"") && $0.contains("\"nothing\"") })
        let strict = try animexport(["still", fixture("image-problems"), "--strict", "strict.png"], cwd: dir)
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("--strict"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/strict.png"))
    }

    @Test func hostileArchivesAreRefused() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let media = URL(fileURLWithPath: renderTestsFolder).deletingLastPathComponent().appendingPathComponent("MediaTests/Fixtures").path
        try FileManager.default.copyItem(atPath: media + "/traversal.zip", toPath: dir + "/traversal.lottie")
        try FileManager.default.copyItem(atPath: media + "/bomb.zip", toPath: dir + "/bomb.lottie")
        try Data("{\"v\":\"5.7.0\"}".utf8).write(to: URL(fileURLWithPath: dir + "/json.lottie"))
        try FileManager.default.copyItem(atPath: media + "/normal.zip", toPath: dir + "/nomanifest.lottie")
        for (name, words) in [("traversal", ["../escape.txt", "refused"]), ("bomb", ["zip bomb"]), ("json", ["not a readable zip archive"]),
                              ("nomanifest", ["animation \"a\" is not in the archive"])] {
            let run = try animexport(["still", "\(name).lottie", "out.png"], cwd: dir)
            #expect(run.status == 2, "\(name): \(run.stderr)")
            for w in words { #expect(run.stderr.contains(w), "\(name): \(run.stderr)") }
            #expect(run.stderr.split(separator: "\n").count == 1, "\(name): one line: \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }
}
