// Delivery targets that fit the frame to their limits: `x` renders an oversized frame smaller
// (aspect kept, with a note) instead of refusing it; a target that scales down to fit its bytes
// and cannot is an error (exit 2) with nothing written; `maxLevel` holds for HEVC as for H.264.
import Foundation
import Testing
import Video

@Suite struct TargetFitTests {
    @Test func xScalesAnOversizedFrameDown() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let out = folder + "/x.mp4"
        let r = try run(["heart", "--target", "x", "--size", "2000x1000", "--seconds", "0.5", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("2000×1000 is over its 1280×720 class; rendering at 1280×640"), "\(r.stderr)")
        let reader = try MP4Reader(path: out)
        #expect(reader.width == 1280 && reader.height == 640)
    }

    private func customTargets(_ folder: String, _ json: [String: String]) throws -> [String: String] {
        let dir = folder + "/targets"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in json { try Data(text.utf8).write(to: URL(fileURLWithPath: "\(dir)/\(name).json")) }
        return ["ANIMEXPORT_TARGETS": dir]
    }

    @Test func aGIFThatCannotFitIsAnError() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let env = try customTargets(folder, ["tiny-gif": #"{"description": "a GIF under 2 KB", "spec": "test", "extensions": ["gif"], "fps": 25, "maxBytes": 2000, "scaleDownToFit": true}"#])
        let out = folder + "/tiny.gif"
        let r = try run(["heart", "--target", "tiny-gif", "--seconds", "2", out], environment: env)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("target tiny-gif needs at most 2.0 KB; even at"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".gif") }
        #expect(left.isEmpty, "no temporary left: \(left)")
    }

    @Test func maxLevelHoldsForHEVC() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let env = try customTargets(folder, ["hevc-3": #"{"description": "HEVC ≤ 3", "spec": "test", "extensions": ["mp4"], "codec": "hevc", "maxLevel": "3"}"#])
        let out = folder + "/h.mp4"
        let r = try run(["pulse", "--target", "hevc-3", "--size", "1920x1080", "--seconds", "0.5", out], environment: env)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("needs hevc level 4"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let ok = try run(["pulse", "--target", "hevc-3", "--size", "640x360", "--seconds", "0.5", out], environment: env)
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test func appStoreTargetsTakeProRes422HQ() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let out = folder + "/preview.mov"
        let r = try run(["pulse", "--target", "appstore-iphone", "--codec", "prores-hq", "--seconds", "1", out])
        #expect(r.status == 0, "\(r.stderr)")
        let reader = try MP4Reader(path: out)
        #expect(reader.codecName == "prores" && reader.profileName == "HQ", "\(reader.codecName) \(reader.profileName ?? "")")
        #expect(reader.width == 886 && reader.height == 1920)
        #expect(reader.audio != nil)
        let wrong = try run(["pulse", "--target", "appstore-iphone", "--codec", "hevc", "--seconds", "1", folder + "/h.mp4"])
        #expect(wrong.status == 2 && wrong.stderr.contains("takes h264 or prores-hq"), "\(wrong.stderr)")
    }
}
