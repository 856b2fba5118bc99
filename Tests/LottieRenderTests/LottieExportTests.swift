// End to end: `animexport FILE.json …` run as a process, and what it wrote decoded back.
//
//   • 60 fps from a 30 fps file: 60 frames, and frame i shows the file at t = i/60 exactly — the
//     fixture's rectangle moves x(t) = 20 + 60·t pt (1 px per frame at --scale 1), so every
//     frame is distinct and its centre is measured against the formula;
//   • a still at --frame F is the PNG sequence's frame F, byte for byte;
//   • --null renders and writes nothing; --strict refuses a file with unsupported features (a feathered mask)
//     (exit 2, nothing written), and without it each feature is one warning line naming where;
//   • backgrounds: transparent for formats with alpha, white for MP4; --size fits and centres
//     with sub-pixel offsets.
import Foundation
import Testing
import Video
import TestSupport

typealias Run = RunResult

/// Runs animexport (TestSupport.runProcess).
func animexport(_ args: [String], cwd: String) throws -> Run { try runProcess(args, cwd: cwd) }

func scratch() throws -> String {
    let path = NSTemporaryDirectory() + "animexport-lottie-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func fixture(_ name: String) -> String { "\(lottieFixtures)/\(name).json" }

func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

@Suite("LottieExport") struct LottieExportTests {
    @Test func sixtyFramesPerSecondFromAThirtyFramesFile() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try animexport([fixture("animated-position"), "--fps", "60", "--scale", "1", "out.mp4"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let reader = try MP4Reader(path: dir + "/out.mp4")
        #expect(reader.width == 100 && reader.height == 100)
        #expect(reader.avgFrameRate.num == 60 && reader.avgFrameRate.den == 1)
        var centres: [Double] = []
        let frames = try reader.decodeFrames { _, rgba, stride in
            // Row 50: red pixels (low green) on the white default background; their centre.
            var sum = 0.0, weight = 0.0
            for x in 0..<100 {
                let g = Double(rgba[50 * stride + x * 4 + 1])
                let w = max(0, 255 - g) / 255
                sum += (Double(x) + 0.5) * w
                weight += w
            }
            centres.append(weight > 0 ? sum / weight : .nan)
        }
        #expect(frames == 60)
        for (i, c) in centres.enumerated() {
            let expected = 20 + 60 * Double(i) / 60    // x(t) = 20 + 60·t, t = i/60
            #expect(abs(c - expected) < 0.75, "frame \(i): centre \(c), expected \(expected)")
        }
        #expect(Set(centres.map { ($0 * 4).rounded() }).count == 60, "60 distinct frames")
    }

    @Test func stillAtFrameEqualsTheSequenceFrame() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = try animexport([fixture("animated-position"), "--scale", "1", "f%02d.png"], cwd: dir)
        #expect(video.status == 0, "\(video.stderr)")
        #expect(files(in: dir).count == 30)
        let still = try animexport(["still", fixture("animated-position"), "--frame", "15", "--scale", "1", "still.png"], cwd: dir)
        #expect(still.status == 0, "\(still.stderr)")
        let a = try PNGReader.read(path: dir + "/still.png"), b = try PNGReader.read(path: dir + "/f15.png")
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.rgba == b.rgba, "the still at --frame 15 differs from the sequence's frame 15")
        let timed = try animexport(["still", fixture("animated-position"), "--time", "0.5", "--scale", "1", "-y", "still.png"], cwd: dir)
        #expect(timed.status == 0, "\(timed.stderr)")
        #expect(try PNGReader.read(path: dir + "/still.png").rgba == a.rgba, "--time 0.5 is --frame 15 at 30 fps")
    }

    @Test func nullWritesNothing() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try animexport([fixture("repeater"), "--null"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("30 frames") && run.stdout.contains("wrote nothing"), "\(run.stdout)")
        #expect(files(in: dir).isEmpty)
    }

    @Test func unsupportedFeaturesWarnOrRefuse() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let strict = try animexport([fixture("unsupported"), "--strict", "out.webm"], cwd: dir)
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("layers[0] \"Masked\""), "\(strict.stderr)")
        #expect(files(in: dir).isEmpty, "nothing written under --strict")
        let loose = try animexport([fixture("unsupported"), "--frames", "2", "out.webm"], cwd: dir)
        #expect(loose.status == 0, "\(loose.stderr)")
        let warnings = loose.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.contains { $0.contains("unequal horizontal and vertical mask feather is not supported yet") && $0.contains("layers[0] \"Masked\"") },
                "\(loose.stderr)")
        #expect(!loose.stderr.contains("trim paths"), "trim paths are drawn: \(loose.stderr)")
        #expect(files(in: dir) == ["out.webm"])
    }

    @Test func backgroundsAndFitting() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A PNG still holds alpha: transparent by default.
        #expect(try animexport(["still", fixture("rect-fill"), "--scale", "1", "a.png"], cwd: dir).status == 0)
        let a = try PNGReader.read(path: dir + "/a.png")
        #expect(a.rgba[(5 * 100 + 5) * 4 + 3] == 0)
        // --size 300x200: k = 2, centred by (50, 0); the rect x ∈ [20, 80] pt → [90, 210] px, y → [60, 140].
        #expect(try animexport(["still", fixture("rect-fill"), "--size", "300x200", "b.png"], cwd: dir).status == 0)
        let b = try PNGReader.read(path: dir + "/b.png")
        func px(_ img: (width: Int, height: Int, rgba: [UInt8]), _ x: Int, _ y: Int) -> [UInt8] {
            Array(img.rgba[((y * img.width + x) * 4)..<((y * img.width + x) * 4 + 4)])
        }
        #expect(b.width == 300 && b.height == 200)
        #expect(px(b, 90, 100) == [255, 0, 0, 255] && px(b, 209, 139) == [255, 0, 0, 255])
        #expect(px(b, 89, 100)[3] == 0 && px(b, 210, 100)[3] == 0 && px(b, 10, 100)[3] == 0)
        // --size 301x200: centred by (50.5, 0): the left edge column 90 is half covered.
        #expect(try animexport(["still", fixture("rect-fill"), "--size", "301x200", "c.png"], cwd: dir).status == 0)
        let c = try PNGReader.read(path: dir + "/c.png")
        #expect(abs(Int(px(c, 90, 100)[3]) - 128) <= 2, "sub-pixel centring: \(px(c, 90, 100))")
        // MP4 holds no alpha: white by default.
        #expect(try animexport([fixture("rect-fill"), "--scale", "1", "--frames", "1", "d.mp4"], cwd: dir).status == 0)
        var corner: [UInt8] = []
        _ = try MP4Reader(path: dir + "/d.mp4").decodeFrames { _, rgba, stride in
            corner = Array(rgba[(5 * stride + 5 * 4)..<(5 * stride + 5 * 4 + 3)])
        }
        #expect(corner.allSatisfy { $0 >= 250 }, "white background in MP4: \(corner)")
    }
}
