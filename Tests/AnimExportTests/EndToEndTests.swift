// End to end: run the real binary, decode the MP4 it wrote in-process (libavformat/libavcodec)
// and compare stream facts, frame counts and pixels with docs/ANIMATIONS.md §3.5 and with the
// frames rendered in-process by the same job.
import Foundation
import Testing
import Raster
import Render
import Scenes
import Video
@testable import AnimExport

/// The decoded RGB at pixel (x, y) of every frame.
func decodedPixels(_ path: String, at points: [(Int, Int)]) throws -> [[[Int]]] {
    var out: [[[Int]]] = []
    _ = try MP4Reader(path: path).decodeFrames { _, rgba, stride in
        out.append(points.map { (x, y) in
            let o = y * stride + x * 4
            return [Int(rgba[o]), Int(rgba[o + 1]), Int(rgba[o + 2])]
        })
    }
    return out
}

func rgb(_ hex: String) -> [Int] {
    let c = RGBA(hex: hex)!
    return [c.r, c.g, c.b].map { Int(($0 * 255).rounded()) }
}

func close(_ a: [Int], _ b: [Int], _ tolerance: Int) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

/// The container and stream facts every export must have (the issue's ffprobe checks, in-process):
/// h264 High yuv420p avc1, BT.709 ×3, range tv, 60/1, level ≤ 4.2, exact length, moov before
/// mdat, every frame decodes without an error.
func expectPlayableStream(_ path: String, width: Int, height: Int, frames: Int, seconds: Double,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reader = try MP4Reader(path: path)
    #expect(reader.codecName == "h264" && reader.profileName == "High" && reader.pixelFormat == "yuv420p"
            && reader.codecTag == "avc1", sourceLocation: sourceLocation)
    #expect(reader.colorPrimaries == "bt709" && reader.colorTransfer == "bt709" && reader.colorSpace == "bt709"
            && reader.colorRange == "tv", sourceLocation: sourceLocation)
    #expect(reader.width == width && reader.height == height, sourceLocation: sourceLocation)
    #expect(reader.rFrameRate == FrameRate(num: 60, den: 1) && reader.level <= 42, sourceLocation: sourceLocation)
    #expect(abs((reader.durationSeconds ?? 0) - seconds) < 0.0005, "duration \(String(describing: reader.durationSeconds))",
            sourceLocation: sourceLocation)
    #expect(abs(reader.startTime ?? 1) < 1e-9, sourceLocation: sourceLocation)
    let boxes = try MP4Inspector.topLevelBoxes(path: path)
    let moov = try #require(boxes.firstIndex(of: "moov")), mdat = try #require(boxes.firstIndex(of: "mdat"))
    #expect(moov < mdat, "boxes: \(boxes)", sourceLocation: sourceLocation)
    let report = try reader.checkDecode()
    #expect(report.frames == frames && report.errors == 0, "\(report.frames) frames, \(report.errorLines)",
            sourceLocation: sourceLocation)
}

@Suite(.serialized) struct EndToEnd {
    @Test func pulseRedFiveSeconds() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let out = folder + "/out.mp4"
        let r = try run(["pulse", "--preset", "red", "--seconds", "5", "out.mp4"], cwd: folder)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("out.mp4"))
        #expect(listing(folder) == ["out.mp4"], "no temporaries left")

        try expectPlayableStream(out, width: 800, height: 800, frames: 300, seconds: 5)

        // §3.5 centre colours at t = 0.10, 0.25, 0.50 s → frames 6, 15, 30.
        let centre = try decodedPixels(out, at: [(400, 400)])
        #expect(centre.count == 300)
        for (frame, hex) in [(6, "#F18B9D"), (15, "#EE6A81"), (30, "#F9CDD5"), (60, "#FFFFFF"), (78, "#F18597")] {
            #expect(close(centre[frame][0], rgb(hex), 3), "frame \(frame): \(centre[frame][0]) vs \(hex)")
            print("figure: pulse red decoded centre, frame \(frame): \(centre[frame][0]) want \(hex) \(rgb(hex))")
        }
    }

    @Test func decodedFramesMatchRenderedFramesAbove40dB() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let args = ["--preset", "red", "--seconds", "1", "out.mp4"]
        let r = try run(["pulse"] + args, cwd: folder)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // Render the same job in-process, frame by frame, and compare with the decoded frames.
        let job = try resolvePlan(animation: .pulse, args: try parseArguments(args, flags: renderFlags, command: "pulse"),
                                 library: PresetLibrary(folders: [presetsFolder]))
        let canvas = Canvas(width: job.width, height: job.height)
        let renderer = Renderer()
        var worst = Double.infinity
        let n = try MP4Reader(path: folder + "/out.mp4").decodeFrames { i, rgba, stride in
            renderer.render(job.source.displayList(at: job.time(ofFrame: i)), background: job.background,
                            transform: job.transform, on: canvas)
            var sse = 0.0
            canvas.withUnsafeBytes { src in
                for y in 0..<job.height {
                    for x in 0..<(job.width * 4) where x % 4 != 3 {
                        let d = Double(src[y * canvas.bytesPerRow + x]) - Double(rgba[y * stride + x])
                        sse += d * d
                    }
                }
            }
            let mse = sse / Double(job.width * job.height * 3)
            worst = min(worst, mse == 0 ? 99 : 10 * log10(255 * 255 / mse))
        }
        #expect(n == 60)
        #expect(worst >= 40, "worst frame PSNR \(worst) dB")
        print("figure: pulse red, worst decoded-frame PSNR vs rendered RGBA: \(worst) dB")
    }

    @Test func pulseBlueTableAtTheTimesAFourSecondClipReaches() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let r = try run(["pulse", "--preset", "blue", "--seconds", "4", "--x264-preset", "veryfast", "blue.mp4"], cwd: folder)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        // Centre (200, 200) pt and 90 pt out (290, 200) pt at scale 2.
        let px = try decodedPixels(folder + "/blue.mp4", at: [(400, 400), (580, 400)])
        #expect(px.count == 240)
        for (t, centre, out90) in [(0.5, "#D2A7B6", "#FFB8A0"), (0.7, "#F2D3D1", "#F2D3D1"),
                                   (2.0, "#FFCBBA", "#FFCBBA"), (3.5, "#D2C2D9", "#FFDACE")] {
            let f = Int((t * 60).rounded())
            #expect(close(px[f][0], rgb(centre), 3), "t=\(t) centre \(px[f][0]) vs \(centre)")
            #expect(close(px[f][1], rgb(out90), 3), "t=\(t) 90pt \(px[f][1]) vs \(out90)")
        }
    }

    @Test func rationalFrameRateAndOddSize() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let r = try run(["pulse", "--frames", "30", "--fps", "30000/1001", "--size", "161x91", "--x264-preset", "ultrafast", "o.mp4"], cwd: folder)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("rounded up to 162×92"))
        let reader = try MP4Reader(path: folder + "/o.mp4")
        #expect(reader.width == 162 && reader.height == 92)
        #expect(reader.rFrameRate == FrameRate(num: 30000, den: 1001))
        #expect(abs((reader.durationSeconds ?? 0) - 30 * 1001 / 30000.0) < 0.0005)
        #expect(try reader.checkDecode().frames == 30)
    }

    @Test func overwriteOnlyWithY() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let out = folder + "/o.mp4"
        _ = FileManager.default.createFile(atPath: out, contents: Data("keep me".utf8))
        let r = try run(["pulse", "--frames", "2", "o.mp4"], cwd: folder)
        #expect(r.status == 2)
        #expect(r.stderr.contains("already exists"))
        #expect(FileManager.default.contents(atPath: out) == Data("keep me".utf8))
        let y = try run(["pulse", "--frames", "2", "-y", "o.mp4"], cwd: folder)
        #expect(y.status == 0, "stderr: \(y.stderr)")
        #expect(try MP4Reader(path: out).checkDecode().frames == 2)
        #expect(listing(folder) == ["o.mp4"])
    }

    @Test func stillWritesThePNGOfOneFrame() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let r = try run(["still", "pulse", "--preset", "blue", "--time", "0.5", "s.png"], cwd: folder)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let png = try PNGReader.read(path: folder + "/s.png")
        #expect(png.width == 800 && png.height == 800)
        func at(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(png.rgba[(y * png.width + x) * 4 + $0]) } }
        // §3.5 blue at t = 0.5: centre #D2A7B6, 90 pt out #FFB8A0 (two 8-bit layers: ±2).
        #expect(close(Array(at(400, 400).prefix(3)), rgb("#D2A7B6"), 2) && at(400, 400)[3] == 255, "\(at(400, 400))")
        #expect(close(Array(at(580, 400).prefix(3)), rgb("#FFB8A0"), 2), "\(at(580, 400))")
        // Odd sizes are kept for stills (no 4:2:0 constraint).
        let odd = try run(["still", "pulse", "--size", "101x51", "odd.png"], cwd: folder)
        #expect(odd.status == 0, "stderr: \(odd.stderr)")
        let small = try PNGReader.read(path: folder + "/odd.png")
        #expect(small.width == 101 && small.height == 51)
        #expect(listing(folder) == ["odd.png", "s.png"])
        let bad = try run(["still", "pulse", "--time", "-1", "x.png"], cwd: folder)
        #expect(bad.status == 2 && bad.stderr.contains("--time"))
        let wrongExt = try run(["still", "pulse", "x.mp4"], cwd: folder)
        #expect(wrongExt.status == 2 && wrongExt.stderr.contains(".png"))
        #expect(listing(folder) == ["odd.png", "s.png"])
    }

    @Test func helpVersionAndList() throws {
        let h = try run(["pulse", "--help"])
        #expect(h.status == 0 && h.stdout.contains("--seconds") && h.stdout.contains("--x264-preset"))
        let v = try run(["--version"])
        #expect(v.status == 0 && v.stdout.hasPrefix("animexport "))
        let l = try run(["list"])
        #expect(l.status == 0)
        for name in ["pulse", "red", "orange", "blue"] { #expect(l.stdout.contains(name)) }
        let none = try run([])
        #expect(none.status == 2 && none.stderr.contains("Usage"))
    }
}

/// Bad input: one line naming the problem, exit 2 (1 for runtime failures), nothing written.
@Suite struct BadInput {
    struct Case: Sendable, CustomStringConvertible {
        let args: [String]; let status: Int32; let message: String
        var preset: String? = nil
        var description: String { args.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(args: ["blink", "o.mp4"], status: 2, message: "unknown command or animation 'blink'"),
        Case(args: ["pulse", "--preset", "purple", "o.mp4"], status: 2, message: "unknown pulse preset 'purple'"),
        Case(args: ["pulse", "--preset", "bad.json", "o.mp4"], status: 2, message: "bad.json: line 1, column 24: malformed JSON: unexpected end of file in an object",
             preset: ##"{"animation": "pulse", "##),
        Case(args: ["pulse", "--preset", "bad.json", "o.mp4"], status: 2, message: "bad.json: parameters.layers[0].radious: unknown key (did you mean 'radius'?)",
             preset: ##"{"animation": "pulse", "parameters": {"layers": [{"radious": 3, "duration": 1, "color": "#000000"}]}}"##),
        Case(args: ["pulse", "--seconds", "0", "o.mp4"], status: 2, message: "--seconds: '0' is not a number in (0, 600]"),
        Case(args: ["pulse", "--seconds", "-2", "o.mp4"], status: 2, message: "--seconds"),
        Case(args: ["pulse", "--seconds", "601", "o.mp4"], status: 2, message: "(0, 600]"),
        Case(args: ["pulse", "--fps", "0", "o.mp4"], status: 2, message: "--fps"),
        Case(args: ["pulse", "--fps", "241", "o.mp4"], status: 2, message: "[1, 240] fps"),
        Case(args: ["pulse", "--size", "0x0", "o.mp4"], status: 2, message: "--size"),
        Case(args: ["pulse", "--size", "8000x8000", "o.mp4"], status: 2, message: "[1, 4096]"),
        Case(args: ["pulse", "--scale", "0", "o.mp4"], status: 2, message: "--scale"),
        Case(args: ["pulse", "no/such/folder/o.mp4"], status: 2, message: "does not exist"),
        Case(args: ["pulse", "/proc/animexport-test.mp4"], status: 2, message: "not writable"),
        Case(args: ["pulse", "o.avi"], status: 2, message: ".avi is not a known output format"),
        Case(args: ["pulse", "--param", "no-such-x264-option=1", "--frames", "2", "o.mp4"], status: 2, message: "no-such-x264-option"),
        Case(args: ["pulse", "--param", "aq-mode=zz", "--frames", "2", "o.mp4"], status: 2, message: "Error setting option aq-mode to value zz"),
        Case(args: ["pulse", "--bogus", "o.mp4"], status: 2, message: "unknown option --bogus"),
    ]

    @Test(arguments: cases) func rejected(_ c: Case) throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        if let p = c.preset { _ = FileManager.default.createFile(atPath: folder + "/bad.json", contents: Data(p.utf8)) }
        let before = listing(folder)
        let r = try run(c.args, cwd: folder)
        #expect(r.status == c.status, "\(c): status \(r.status), stderr \(r.stderr)")
        #expect(r.stderr.contains(c.message), "\(c): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("x264 [") }
        #expect(lines.count == 1, "one line: \(r.stderr)")
        #expect(listing(folder) == before, "nothing written")
    }
}

/// The heart through the binary: a one-loop clip decodes to 150 frames, and the §2.8 probe
/// A at t = 0 (#802F7F after hue) shows up in the still and (within ±3) in the decoded video.
@Suite(.serialized) struct HeartEndToEnd {
    @Test func heartClipAndStill() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let five = try run(["heart", "--seconds", "5", "--x264-preset", "veryfast", "heart.mp4"], cwd: folder)
        #expect(five.status == 0, "stderr: \(five.stderr)")
        try expectPlayableStream(folder + "/heart.mp4", width: 640, height: 360, frames: 300, seconds: 5)
        let r = try run(["heart", "--loops", "1", "--crf", "12", "--x264-preset", "veryfast", "h.mp4"], cwd: folder)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        try expectPlayableStream(folder + "/h.mp4", width: 640, height: 360, frames: 150, seconds: 2.5)
        // Probe A (31.754, 57.307) in the heart frame, whose origin is ((320 − Wt)/2, 73.485)
        // with Wt = 180.90 (Inter Bold 17 with kerning): canvas (101.30, 130.79) → px (202, 261).
        let s = try run(["still", "heart", "--time", "0", "h.png"], cwd: folder)
        #expect(s.status == 0, "stderr: \(s.stderr)")
        let png = try PNGReader.read(path: folder + "/h.png")
        let o = (261 * png.width + 202) * 4
        #expect(close([Int(png.rgba[o]), Int(png.rgba[o + 1]), Int(png.rgba[o + 2])], rgb("#802F7F"), 3))
        let px = try decodedPixels(folder + "/h.mp4", at: [(202, 261), (10, 10)])
        #expect(close(px[0][0], rgb("#802F7F"), 4), "decoded probe A \(px[0][0])")
        #expect(close(px[0][1], [0, 0, 0], 2), "background \(px[0][1])")
        let badFont = try run(["heart", "--font", "/no/such/font.otf", "x.mp4"], cwd: folder)
        #expect(badFont.status == 2 && badFont.stderr.contains("/no/such/font.otf"))
        let noLabel = try run(["heart", "--preset", "icon", "--font", "/no/such/font.otf", "x.mp4"], cwd: folder)
        #expect(noLabel.status == 2 && noLabel.stderr.contains("no label"))
        #expect(listing(folder) == ["h.mp4", "h.png", "heart.mp4"])
    }
}
