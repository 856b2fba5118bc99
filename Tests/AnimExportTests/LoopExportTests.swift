// --loops N (docs/ANIMATIONS.md §1.5): for every shipped preset, N·P·fps frames from the loop's
// start; the frame after the last (t = start + N·P) is frame 0 again, byte for byte on the
// RGBA canvas, while frame 1 differs; the binary writes exactly that many frames and the first
// and last encoded frames differ. Bad loop requests fail with one line, exit 2, nothing written.
// Also the dots-blue "stills" of §4.5 via --start … --frames 1 and MP4Reader.
import Foundation
import Testing
import Raster
import Render
import Scenes
import Video
@testable import AnimExport

func loopJob(_ animation: AnimationKind, _ args: [String]) throws(ExportError) -> ExportPlan {
    try resolvePlan(animation: animation, args: try parseArguments(args, flags: renderFlags, command: animation.rawValue),
                   library: library)
}

/// The RGBA canvas bytes of `job` at time t.
func canvasBytes(_ job: ExportPlan, at t: Double) -> [UInt8] {
    let canvas = Canvas(width: job.width, height: job.height)
    Renderer().render(job.source.displayList(at: t), background: job.background, transform: job.transform, on: canvas)
    return canvas.withUnsafeBytes { Array($0) }
}

struct LoopCase: Sendable, CustomStringConvertible {
    let animation: AnimationKind
    let preset: String
    let period: Double
    /// The loop's default start (§1.5), used when `startFlag` is nil.
    let start: Double
    /// --start, if given.
    var startFlag: Double? = nil
    var args: [String] { ["--preset", preset, "--loops", "2", "--scale", "0.5"] + (startFlag.map { ["--start", String($0)] } ?? []) }
    var description: String { "\(animation.rawValue) \(preset)\(startFlag.map { " --start \($0)" } ?? "")" }
}

/// Every shipped preset with its §1.5 loop: pulse red 1 s, orange 1.2 s, blue 7 s (valid until
/// 21 s); dots 1 s from the first whole cycle after 0.2(n − 1) + 0.7. Plus starts inside the
/// window: a pulse loop from its default start begins and ends on blank frames (radius 0 at
/// u = 0; α < 1/255 for the last frames before the wrap), so first ≠ last is checked there.
let loopCases: [LoopCase] = [
    .init(animation: .pulse, preset: "red", period: 1.0, start: 0),
    .init(animation: .pulse, preset: "orange", period: 1.2, start: 0),
    .init(animation: .pulse, preset: "blue", period: 7.0, start: 0),
    .init(animation: .dots, preset: "dots", period: 1.0, start: 2),
    .init(animation: .dots, preset: "blue", period: 1.0, start: 2),
    .init(animation: .dots, preset: "five", period: 1.0, start: 2),    // periodic from 1.5
    .init(animation: .pulse, preset: "red", period: 1.0, start: 0, startFlag: 0.25),
    .init(animation: .pulse, preset: "orange", period: 1.2, start: 0, startFlag: 0.25),
    .init(animation: .pulse, preset: "blue", period: 7.0, start: 0, startFlag: 0.25),
    .init(animation: .dots, preset: "blue", period: 1.0, start: 2, startFlag: 1.5),
]

@Test(arguments: loopCases) func loopJobIsWholePeriodsAndSeamless(_ c: LoopCase) throws {
    let job = try loopJob(c.animation, c.args + ["out.mp4"])
    let plan = try #require(job.loopPlan)
    #expect(plan.loop.period == c.period && plan.loops == 2)
    let start = c.startFlag ?? c.start
    #expect(job.startTime == start)
    let frames = Int((2 * c.period * 60).rounded())
    #expect(job.frameCount == frames)
    #expect(job.time(ofFrame: 0) == start)
    // The frame that would follow the last one is the first one; frame 1 is not.
    let first = canvasBytes(job, at: job.time(ofFrame: 0))
    let wrapped = canvasBytes(job, at: job.time(ofFrame: frames)) == first
    let wrappedExact = canvasBytes(job, at: start + 2 * c.period) == first
    let secondDiffers = canvasBytes(job, at: job.time(ofFrame: 1)) != first
    #expect(wrapped, "\(c): frame \(frames) (t = \(job.time(ofFrame: frames))) ≠ frame 0")
    #expect(wrappedExact, "\(c): frame at start + 2P ≠ frame 0")
    #expect(secondDiffers, "\(c): frame 1 = frame 0")
    // And so on through the clip: frame i + N·P·fps = frame i while inside the loop's window,
    // and frame i one period on.
    for i in [1, 7, frames / 3, frames / 2 + 1, frames - 1] {
        let a = canvasBytes(job, at: job.time(ofFrame: i))
        if job.time(ofFrame: i + frames) < plan.loop.validUntil {
            let same = canvasBytes(job, at: job.time(ofFrame: i + frames)) == a
            #expect(same, "\(c): frame \(i) + \(frames)")
        }
        if job.time(ofFrame: i) + c.period < plan.loop.validUntil {
            let samePeriod = canvasBytes(job, at: job.time(ofFrame: i) + c.period) == a
            #expect(samePeriod, "\(c): frame \(i) one period on")
        }
    }
}

@Test func loopsAtOtherRatesAndStarts() throws {
    // 5 loops of 1.2 s at 24 fps: 144 frames, although one loop alone would be 28.8.
    let o = try loopJob(.pulse, ["--preset", "orange", "--loops", "5", "--fps", "24", "out.mp4"])
    #expect(o.frameCount == 144)
    let j = try loopJob(.pulse, ["--preset", "orange", "--loops", "3", "--fps", "25", "out.mp4"])
    #expect(j.frameCount == 90)
    // pulse blue: 3 loops of 7 s fill [0, 21) exactly; from 21 s the 1 s loop of layer A alone.
    #expect(try loopJob(.pulse, ["--preset", "blue", "--loops", "3", "out.mp4"]).frameCount == 1260)
    let tail = try loopJob(.pulse, ["--preset", "blue", "--loops", "2", "--start", "21", "out.mp4"])
    #expect(tail.loopPlan?.loop.period == 1 && tail.frameCount == 120 && tail.startTime == 21)
    #expect(canvasBytes(tail, at: tail.time(ofFrame: 120)) == canvasBytes(tail, at: 21))
    // dots from any time in the window, not only a whole cycle.
    let d = try loopJob(.dots, ["--preset", "blue", "--loops", "1", "--start", "1.1", "--scale", "0.5", "out.mp4"])
    #expect(d.startTime == 1.1 && d.frameCount == 60)
    for i in [0, 1, 30] {
        #expect(canvasBytes(d, at: d.time(ofFrame: i)) == canvasBytes(d, at: d.time(ofFrame: i + 60)), "frame \(i)")
    }
    // NTSC rate with a 7 s period: 7 × 30000/1001 is not whole, but 1001 loops… are too long.
    #expect(throws: ExportError.self) { try loopJob(.pulse, ["--preset", "blue", "--loops", "1", "--fps", "30000/1001", "out.mp4"]) }
}

@Test func badLoopRequestsNameTheProblem() {
    let cases: [(AnimationKind, [String], String)] = [
        (.pulse, ["--preset", "orange", "--loops", "1", "--fps", "24", "out.mp4"],
         "pulse orange loops every 1.2 s; at 24 fps that is 28.8 frames ✗"),
        (.pulse, ["--preset", "orange", "--loops", "2", "--fps", "24", "out.mp4"], "try --fps 25, 30"),
        (.pulse, ["--preset", "orange", "--loops", "2", "--fps", "24", "out.mp4"], "--loops 5 (144 frames at 24 fps)"),
        (.dots, ["--loops", "1", "--fps", "30000/1001", "out.mp4"], "at 30000/1001 fps that is 29.97 frames ✗"),
        (.pulse, ["--preset", "blue", "--loops", "4", "out.mp4"], "only until t = 21 s (layer 2 (1.4 s × 15) ends at 21 s)"),
        (.pulse, ["--preset", "blue", "--loops", "2", "--start", "10", "out.mp4"], "--start ≤ 7 for 2 loops"),
        (.dots, ["--preset", "blue", "--loops", "1", "--start", "0.5", "out.mp4"], "only from t = 1.1 s"),
        (.dots, ["--loops", "0", "out.mp4"], "--loops: '0' is not an integer in [1, 144000]"),
        (.dots, ["--loops", "-2", "out.mp4"], "--loops: '-2'"),
        (.dots, ["--loops", "two", "out.mp4"], "--loops: 'two'"),
        (.dots, ["--loops", "2", "--seconds", "3", "out.mp4"], "give --loops or --seconds, not both"),
        (.dots, ["--loops", "2", "--frames", "3", "out.mp4"], "give --loops or --frames, not both"),
        (.dots, ["--loops", "601", "out.mp4"], "the cap is 144000 frames and 600 s"),
    ]
    for (animation, args, text) in cases {
        do {
            _ = try loopJob(animation, args)
            Issue.record("\(args) should fail")
        } catch {
            #expect(error.exitCode == 2, "\(args)")
            #expect(error.description.contains(text), "\(args): \(error)")
            #expect(!error.description.contains("\n"), "\(args): one line")
        }
    }
}

@Suite(.serialized) struct LoopEndToEnd {
    @Test(arguments: loopCases) func binaryWritesTwoWholeLoops(_ c: LoopCase) throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let r = try run([c.animation.rawValue] + c.args + ["--x264-preset", "ultrafast", "loop.mp4"], cwd: folder)
        #expect(r.status == 0, "\(c): \(r.stderr)")
        #expect(listing(folder) == ["loop.mp4"])
        let frames = Int((2 * c.period * 60).rounded())
        var first: [UInt8] = [], last: [UInt8] = []
        let reader = try MP4Reader(path: folder + "/loop.mp4")
        let n = try reader.decodeFrames { i, rgba, stride in
            let bytes = Array(rgba.prefix(stride * reader.height))
            if i == 0 { first = bytes }
            last = bytes
        }
        #expect(n == frames, "\(c): \(n) frames decoded, want 2 × \(c.period) × 60 = \(frames)")
        #expect(abs((reader.durationSeconds ?? 0) - 2 * c.period) < 0.0005, "\(c): duration \(String(describing: reader.durationSeconds))")
        // The last frame is the one before the wrap, not a copy of the first — except that a pulse
        // loop from t = 0 starts and ends on blank frames (see loopCases), where both are white.
        let job = try loopJob(c.animation, c.args + ["out.mp4"])
        let blankSeam = canvasBytes(job, at: job.time(ofFrame: 0)) == canvasBytes(job, at: job.time(ofFrame: frames - 1))
        if blankSeam {
            #expect(c.animation == .pulse && c.startFlag == nil, "\(c): unexpected identical first and last frames")
            #expect(first.allSatisfy { $0 >= 250 }, "\(c): frame 0 should be blank")
        } else {
            let differ = !first.isEmpty && first != last
            #expect(differ, "\(c): first and last encoded frames should differ")
        }
        // Decoded frames are the rendered ones (first and last, within the codec's error).
        for (i, decoded) in [(0, first), (frames - 1, last)] {
            let rendered = canvasBytes(job, at: job.time(ofFrame: i))
            var sse = 0.0
            for y in 0..<job.height {
                for x in 0..<(job.width * 4) where x % 4 != 3 {
                    let d = Double(rendered[y * job.width * 4 + x]) - Double(decoded[y * (decoded.count / job.height) + x])
                    sse += d * d
                }
            }
            let mse = sse / Double(job.width * job.height * 3)
            let psnr = mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
            #expect(psnr >= 30, "\(c): frame \(i) vs its render: PSNR \(psnr) dB")
        }
    }

    /// §4.5 "stills" of dots-blue through the binary: one frame at --start t, dot 0's centre
    /// (62, 60) pt = (124, 120) px, decoded within ±3. At t = 2.05 the dot is only 10.8 px in
    /// radius and CRF 18 decodes its centre 3 (ultrafast) to 4 (medium) off #4BA1FF, so these
    /// single frames are encoded at CRF 12 (within 1): the check is the colour pipeline, not the
    /// rate control.
    @Test(arguments: [(0.55, "#0E81FF"), (2.05, "#4BA1FF"), (2.55, "#0E81FF")])
    func dotsBlueCentreColours(_ t: Double, _ hex: String) throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let r = try run(["dots", "--preset", "blue", "--start", String(t), "--frames", "1", "--x264-preset", "ultrafast", "--crf", "12", "still.mp4"], cwd: folder)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let px = try decodedPixels(folder + "/still.mp4", at: [(124, 120), (120, 60)])
        #expect(px.count == 1)
        #expect(close(px[0][0], rgb(hex), 3), "t=\(t): centre \(px[0][0]) vs \(hex)")
        #expect(close(px[0][1], rgb("#FFFFFF"), 3), "t=\(t): background \(px[0][1])")
    }

    /// The same §4.5 checkpoints as PNG stills (`animexport still`): no encoder in the way.
    @Test(arguments: [(0.55, "#0E81FF"), (2.05, "#4BA1FF"), (2.55, "#0E81FF")])
    func dotsBlueStills(_ t: Double, _ hex: String) throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let r = try run(["still", "dots", "--preset", "blue", "--time", String(t), "s.png"], cwd: folder)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let png = try PNGReader.read(path: folder + "/s.png")
        let o = (120 * png.width + 124) * 4
        let centre = [Int(png.rgba[o]), Int(png.rgba[o + 1]), Int(png.rgba[o + 2])]
        #expect(close(centre, rgb(hex), 3), "t=\(t): centre \(centre) vs \(hex)")
    }

    @Test func helpAndListShowDotsAndLoops() throws {
        let h = try run(["dots", "--help"])
        #expect(h.status == 0 && h.stdout.contains("--loops N") && h.stdout.contains("progress dots"))
        let g = try run(["--help"])
        #expect(g.stdout.contains("dots"))
        let l = try run(["list"])
        #expect(l.status == 0)
        for text in ["dots —", "blue", "five", "dots-blue.json", "dots.json"] { #expect(l.stdout.contains(text), "\(text)") }
    }
}

/// Bad dots and loop input through the binary: one line, exit 2, nothing written.
@Suite struct BadLoopInput {
    static let cases: [BadInput.Case] = [
        .init(args: ["dots", "--preset", "bad.json", "o.mp4"], status: 2, message: "bad.json: parameters.numberOfDots: 0 is outside the allowed range 1…64",
              preset: ##"{"animation": "dots", "parameters": {"numberOfDots": 0}}"##),
        .init(args: ["dots", "--preset", "bad.json", "o.mp4"], status: 2, message: "bad.json: parameters.numberOfDots: -3 is outside the allowed range 1…64",
              preset: ##"{"animation": "dots", "parameters": {"numberOfDots": -3}}"##),
        .init(args: ["dots", "--preset", "bad.json", "o.mp4"], status: 2, message: "bad.json: parameters.cycle: 0.0 is outside the allowed range (0, 60]",
              preset: ##"{"animation": "dots", "parameters": {"cycle": 0}}"##),
        .init(args: ["dots", "--preset", "bad.json", "o.mp4"], status: 2, message: "bad.json: parameters.cycle: -1.0 is outside the allowed range (0, 60]",
              preset: ##"{"animation": "dots", "parameters": {"cycle": -1}}"##),
        .init(args: ["dots", "--preset", "bad.json", "o.mp4"], status: 2, message: "bad.json: parameters.numberOfDot: unknown key (did you mean 'numberOfDots'?)",
              preset: ##"{"animation": "dots", "parameters": {"numberOfDot": 4}}"##),
        .init(args: ["dots", "--loops", "0", "o.mp4"], status: 2, message: "--loops: '0' is not an integer"),
        .init(args: ["dots", "--loops", "-1", "o.mp4"], status: 2, message: "--loops: '-1' is not an integer"),
        .init(args: ["pulse", "--preset", "orange", "--loops", "1", "--fps", "24", "o.mp4"], status: 2,
              message: "pulse orange loops every 1.2 s; at 24 fps that is 28.8 frames ✗"),
        .init(args: ["dots", "--loops", "2", "--seconds", "3", "o.mp4"], status: 2, message: "give --loops or --seconds, not both"),
        .init(args: ["dots", "--loops", "2", "--frames", "30", "o.mp4"], status: 2, message: "give --loops or --frames, not both"),
        .init(args: ["dots", "--loops", "1", "--start", "1", "o.mp4"], status: 2, message: "only from t = 1.1 s"),
        .init(args: ["pulse", "--preset", "blue", "--loops", "4", "o.mp4"], status: 2, message: "only until t = 21 s"),
    ]

    @Test(arguments: cases) func rejected(_ c: BadInput.Case) throws {
        try BadInput().rejected(c)
    }
}
