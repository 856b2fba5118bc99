// `animexport info FILE.json [--json]` on real files and broken ones (through the binary).
import Foundation
import Testing

private let lottieFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("LottieTests/Fixtures")

@Suite struct LottieInfoTests {
    @Test func textDescribesTheFile() throws {
        let r = try run(["info", lottieFixtures.appendingPathComponent("timeremap.json").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("size        300 × 300 pt"))
        #expect(r.stdout.contains("frame rate  23.9759979248047 fps"))
        #expect(r.stdout.contains("duration    2.044 s"))
        #expect(r.stdout.contains("layers      5 (1 precomposition)"))
        #expect(r.stdout.contains("not supported: nothing"))
    }

    @Test func jsonListsWhatIsNotSupported() throws {
        let unsupportedFile = lottieFixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LottieRenderTests/Fixtures/unsupported.json")
        let r = try run(["info", "--json", unsupportedFile.path])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let unsupported = object["unsupported"] as! [[String: Any]]
        #expect(unsupported.contains { $0["feature"] as? String == "unequal horizontal and vertical mask feather" && !(($0["where"] as? [String]) ?? []).isEmpty })
        #expect((object["frameRate"] as? Double).map { $0 > 0 } == true)
        #expect(object["layers"] as? Int == 1)
    }

    @Test func brokenFilesAreOneLineAndExitTwo() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let bad = folder + "/anim.json"
        try #"{"fr": 30, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 4, "ks": {}, "shapes": [{"ty": "sh", "ks": {"a": 0, "k": {"v": "x"}}}]}]}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try run(["info", bad])
        #expect(r.status == 2)
        #expect(r.stderr == "animexport: \(bad): layers[0].shapes[0].ks.k.v: expected an array of [x, y] points, got a string\n")
        #expect(r.stdout.isEmpty)
        let zero = try run(["info", "/dev/zero"])
        #expect(zero.status == 2 && zero.stderr.contains("not a regular file"))
        let usage = try run(["info", "a.json", "b.json"])
        #expect(usage.status == 2 && usage.stderr.contains("expected one FILE.json"))
    }
}
