// --loops N: render N whole periods of the scene's seamless loop (docs/ANIMATIONS.md §1.5).
//
// The scene says what its loop is (Scenes' `SceneLoop`): a period P and a window
// [periodicFrom, validUntil) in which the drawing repeats every P seconds, plus a default
// start (pulse: 0; dots: the first whole cycle once every dot repeats, 2.0 s for three dots).
// The clip is
//
//     frames = N·P·fps       (must be a whole number, within 1e-9)
//     frame i at t = start + i/fps,  i = 0 ..< frames
//
// so the frame that would follow the last one, at start + N·P, is the first one again, and
// no frame is repeated. Conditions, each an exit-2 error naming the problem:
//   * --loops conflicts with --seconds and --frames;
//   * --start T (default: the loop's start) must lie in a loop window, and the N loops must
//     end inside it: periodicFrom ≤ T and T + N·P ≤ validUntil (pulse blue: 7 s loops only
//     until its 15-repeat layer ends at 21 s; from 21 s on its window is the 1 s loop);
//   * N·P·fps must be whole: pulse orange (1.2 s) at 24 fps is 28.8 frames per loop — the
//     message suggests frame rates at which one loop is whole (25, 30, 50, 60 …) and, if one
//     exists, the smallest --loops that is whole at the given rate (5 × 1.2 s at 24 fps = 144).
import Foundation
import Scenes

/// How a `--loops` clip was laid out.
public struct LoopPlan: Sendable, Equatable {
    /// N.
    public var loops: Int
    /// The scene's loop the clip repeats.
    public var loop: SceneLoop
    /// Time of frame 0.
    public var start: Double
    /// N·P·fps.
    public var frames: Int
}

/// The frame rates suggested when a loop is not a whole number of frames.
let commonFrameRates: [Int32] = [24, 25, 30, 48, 50, 60, 90, 100, 120, 240]

/// N from `--loops`, or nil without it; rejects --loops together with --seconds or --frames.
func parseLoopCount(_ args: ParsedArguments, command: String) throws(ExportError) -> Int? {
    guard let text = args.value("--loops") else { return nil }
    for other in ["--seconds", "--frames"] where args.has(other) {
        throw .usage("\(command): give --loops or \(other), not both (--loops N renders N whole loops)")
    }
    return try parseInt(text, flag: "--loops", range: 1...Limits.maxFrames)
}

/// Lays out N loops of `scene` at `fps`, from `start` (nil = the loop's own start).
/// `label` names the animation and preset in messages ("pulse orange").
func planLoops(_ n: Int, start requested: Double?, scene: any Scene, fps: FrameRateSpec,
               label: String, command: String) throws(ExportError) -> LoopPlan {
    guard let primary = scene.loop else {
        throw .usage("\(command): \(label) has no seamless loop (its durations have no common period of at most 60 s on a 1 ms grid); use --seconds or --frames")
    }
    // The window: the one containing --start, else the scene's loop.
    let loop: SceneLoop
    if let t = requested {
        guard let l = scene.loop(containing: t) else {
            let why = primary.note.map { " (\($0))" } ?? ""
            let window = primary.validUntil.isFinite
                ? "on [\(seconds(primary.periodicFrom)), \(seconds(primary.validUntil))) s"
                : "from t = \(seconds(primary.periodicFrom)) s"
            throw .usage("--start: \(label) loops every \(seconds(primary.period)) s only \(window)\(why); --start \(seconds(t)) is outside it (default start \(seconds(primary.start)) s)")
        }
        loop = l
    } else {
        loop = primary
    }
    let start = requested ?? loop.start
    let p = loop.period
    guard loop.admits(start: start, loops: n) else {
        let end = start + Double(n) * p
        let fit = loop.maxLoops(from: start)
        let latest = loop.validUntil - Double(n) * p
        var hint: [String] = []
        if fit >= 1 { hint.append("--loops \(fit) from t = \(seconds(start))") }
        if latest >= loop.periodicFrom - SceneLoop.tolerance { hint.append("--start ≤ \(seconds(latest)) for \(n) loop\(n == 1 ? "" : "s")") }
        let why = loop.note.map { " (\($0))" } ?? ""
        let clip = n == 1 ? "1 loop of \(seconds(p)) s from t = \(seconds(start)) ends" : "\(n) loops of \(seconds(p)) s from t = \(seconds(start)) end"
        throw .usage("--loops: \(clip) at \(seconds(end)) s, but \(label) loops every \(seconds(p)) s only until t = \(seconds(loop.validUntil)) s\(why)\(hint.isEmpty ? "" : "; use " + hint.joined(separator: ", or "))")
    }

    // Whole frames: N·P·fps.
    let exact = Double(n) * p * fps.value
    let frames = exact.rounded()
    guard abs(exact - frames) <= 1e-9 * max(1, exact) else { throw notWholeFrames(n, period: p, fps: fps, label: label) }
    guard frames >= 1, frames <= Double(Limits.maxFrames), Double(n) * p <= Limits.maxSeconds + SceneLoop.tolerance else {
        throw .usage("--loops: \(n) loops of \(seconds(p)) s are \(frameText(frames)) frames (\(seconds(Double(n) * p)) s); the cap is \(Limits.maxFrames) frames and \(format(Limits.maxSeconds)) s")
    }
    return LoopPlan(loops: n, loop: loop, start: start, frames: Int(frames))
}

/// N loops of period p are not a whole number of frames at `fps`: the error, with the rates and
/// the loop count that would be.
private func notWholeFrames(_ n: Int, period p: Double, fps: FrameRateSpec, label: String) -> ExportError {
    let rate = fps.value
    let exact = Double(n) * p * rate
    let fpsText = fps.den == 1 ? "\(fps.num)" : "\(fps.num)/\(fps.den)"
    let count = n == 1 ? "that is" : "\(n) loops are"
    let good = commonFrameRates.filter { r in
        let f = p * Double(r)
        return Double(r) <= Limits.maxFPS && abs(f - f.rounded()) <= 1e-9 * max(1, f) && f.rounded() >= 1
    }
    var message = "--fps: \(label) loops every \(seconds(p)) s; at \(fpsText) fps \(count) \(frameText(exact)) frames ✗ (not a whole number, so the clip could not loop seamlessly)"
    if let best = good.first(where: { $0 >= 25 }) ?? good.first {
        message += " — at \(best) fps one loop is \(frameText(p * Double(best))) frames ✓; try --fps \(alternatives(good.prefix(5).map { "\($0)" }))"
    }
    // The smallest loop count that is whole at this rate, if it is short enough.
    if let k = (1...1000).first(where: { k in
        let f = Double(k) * p * rate
        return abs(f - f.rounded()) <= 1e-9 * max(1, f)
    }), Double(k) * p <= Limits.maxSeconds, Double(k) * p * rate <= Double(Limits.maxFrames) {
        message += "\(good.isEmpty ? "; try" : ", or") --loops \(k) (\(frameText(Double(k) * p * rate)) frames at \(fpsText) fps)"
    }
    return .usage(message)
}

/// "1.2", "7", "1.1" — seconds without float noise.
func seconds(_ v: Double) -> String {
    if !v.isFinite { return "∞" }
    let r = (v * 1e9).rounded() / 1e9
    return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
}

/// 28.8, 30, 29.97 (three decimals at most).
func frameText(_ v: Double) -> String {
    let r = (v * 1000).rounded() / 1000
    return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
}

/// "a", "a or b", "a, b or c".
func alternatives(_ items: [String]) -> String {
    items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
}
