// The export engine as a library caller meets it (Engine/): a scene given in code rendered
// through SceneExport with an observer and a stop condition, the one fit, and the one frame loop
// giving a still the same pixels as the video's frame.
import Foundation
import Geometry
import Raster
import Render
import Scenes
import Testing
import Video
@testable import AnimExport

/// A red square sliding right at 10 pt/s on a 40 × 20 pt canvas.
private struct Slide: Scene {
    var canvas = Size(width: 40, height: 20)
    func draw(at t: Double, into list: inout DisplayList) {
        let square = Path.rectangle(x: 10 * t, y: 5, width: 10, height: 10)
        list.fill(square, paint: .solid(RGBA(r: 1, g: 0, b: 0)))
    }
    var loopPeriod: Double? { nil }
}

/// Records every event in order (on the exporting thread; the stop condition reads it there too).
private final class Recorder: ExportObserver, @unchecked Sendable {
    var events: [String] = []
    func start(output: String, frames: Int, width: Int, height: Int) { events.append("start \(frames) \(width)x\(height)") }
    func frame(_ done: Int, of total: Int) { events.append("frame \(done)/\(total)") }
    func note(_ message: String) { events.append("note") }
    func warning(_ message: String) { events.append("warning \(message)") }
    func done(_ result: ExportResult) { events.append("done \(result.frames)") }
}

private func options(frames: Int) -> ExportOptions {
    var o = ExportOptions()
    o.frames = frames
    o.fps = (10, 1)
    o.encoder.preset = "ultrafast"
    return o
}

@Test func observerHearsStartEveryFrameAndDoneInOrder() throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let recorder = Recorder()
    let result = try SceneExport.video(Slide(), to: folder + "/slide.mp4", options: options(frames: 5), observer: recorder)
    // 40 × 20 pt at the default 2 px per pt; 5 frames at 10 fps.
    #expect(recorder.events == ["start 5 80x40"] + (1...5).map { "frame \($0)/5" } + ["done 5"])
    #expect(result.frames == 5 && result.width == 80 && result.height == 40)
    #expect(try MP4Reader(path: folder + "/slide.mp4").checkDecode().frames == 5)
}

@Test func aStopConditionEndsTheExportAndLeavesNothing() throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let recorder = Recorder()
    // Stop once the third frame has been handed to the encoder.
    let stop = ExportStop { [recorder] in recorder.events.contains("frame 3/50") ? 7 : nil }
    var caught: ExportError?
    do {
        try SceneExport.video(Slide(), to: folder + "/slide.mp4", options: options(frames: 50), observer: recorder, stop: stop)
    } catch { caught = error }
    guard case .interrupted(let signal)? = caught else { Issue.record("expected .interrupted, got \(String(describing: caught))"); return }
    #expect(signal == 7)
    #expect(!recorder.events.contains("frame 5/50") && !recorder.events.contains { $0.hasPrefix("done") })
    // Neither the output nor a temporary beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
}

@Test func theStillIsTheVideoFrameAtTheSameTime() throws {
    // One frame loop (FrameRenderer) draws both: the still at t = 0.3 s is the video's frame 3.
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    var o = options(frames: 5)
    o.background = .clear
    try SceneExport.still(Slide(), at: 0.3, to: folder + "/still.png", options: o)
    let png = try PNGReader.read(path: folder + "/still.png")
    #expect(png.width == 80 && png.height == 40)
    // The square spans x 3…13 pt at t = 0.3: pixels 6…26, rows 10…30 (2 px per pt).
    func alpha(_ x: Int, _ y: Int) -> UInt8 { png.rgba[(y * 80 + x) * 4 + 3] }
    #expect(alpha(6, 10) == 255 && alpha(25, 29) == 255)
    #expect(alpha(5, 20) == 0 && alpha(26, 20) == 0 && alpha(15, 9) == 0 && alpha(15, 30) == 0)
}

@Test func theFitIsUniformAndCentredExactlyOrOnWholePixels() {
    let inner = Size(width: 100, height: 50), outer = Size(width: 301, height: 301)
    // k = min(301/100, 301/50) = 3.01; the inner 301 × 150.5 is centred: dy = (301 − 150.5)/2.
    let exact = fit(inner, into: outer, wholePixels: false)
    #expect(exact.apply(Point(x: 0, y: 0)) == Point(x: 0, y: 75.25))
    #expect(exact.apply(Point(x: 100, y: 50)) == Point(x: 301, y: 225.75))
    let whole = fit(inner, into: outer, wholePixels: true)
    #expect(whole.apply(Point(x: 0, y: 0)) == Point(x: 0, y: 75))
    // Sizes that agree: the identity (exact), the same through the whole-pixel rule.
    #expect(fit(inner, into: inner, wholePixels: false).isIdentity)
    #expect(fit(inner, into: inner, wholePixels: true).apply(Point(x: 7, y: 9)) == Point(x: 7, y: 9))
}

@Test func aLottieFileIsASourceOfItsOwn() throws {
    // No preset around it: the plan's source is the decoded file, with its defaults.
    let json = #"{"v":"5.7.0","fr":25,"ip":0,"op":50,"w":64,"h":48,"layers":[]}"#
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    let path = folder + "/empty.json"
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    var args = ParsedArguments()
    args.positionals = [folder + "/out.mp4"]
    let plan = try lottieJob(path, args, video: true)
    #expect(plan.source is LottieSource)
    #expect(plan.width == 64 && plan.height == 48 && plan.fps.num == 25 && plan.fps.den == 1 && plan.frameCount == 50)
    #expect(plan.source.loopPeriod == 2)
}
