// `--end T` and `--marker NAME` (issue 25 item 5): a clip that ends at an animation time, or
// plays a Lottie marker's segment.
//
// --end T       frames = round((T − start)·fps), frame i at start + i/fps (T exclusive).
// --marker NAME the file's `markers[]` entry whose `cm` is NAME: it starts at frame `tm` and
//               lasts `dr` frames (lottie-docs "Markers"; `dr` 0 — a point marker — plays to op):
//                 start  = (tm − ip)/r        r the file's frame grid (LottieSource.swift)
//                 frames = round(dr·fps/r)    per loop (exactly dr at the file's own rate)
//               With --loops N the segment is played N times: frame i shows the segment's frame
//               i mod frames, so a marker named for its loop ("loop") loops seamlessly.
//               The segment must lie within ip…op. A preset output takes "marker" and "end".
// --end conflicts with --seconds, --frames and --loops; --marker with --start, --end,
// --seconds and --frames (each pair is an exit-2 error naming both).
import Foundation
import Lottie
import Scenes

/// A marker's segment as the job plays it.
struct MarkerSegment {
    var start: Double
    /// All frames of the clip (framesPerLoop × loops).
    var frames: Int
    var framesPerLoop: Int
    /// What was played, for the job's notes.
    var note: String
}

/// The conflicts in the header.
func checkSegmentFlags(_ args: ParsedArguments, command: String) throws(ExportError) {
    for other in ["--seconds", "--frames", "--loops"] where args.has("--end") && args.has(other) {
        throw .usage("\(command): give --end or \(other), not both")
    }
    for other in ["--start", "--end", "--seconds", "--frames"] where args.has("--marker") && args.has(other) {
        throw .usage("\(command): give --marker or \(other), not both (the marker sets the clip's start and length)")
    }
}

/// The segment of marker `name` in `scene` (a Lottie file), `loops` times at `fps`.
func markerSegment(_ name: String, source: any FrameSource, fps: FrameRateSpec, loops: Int, command: String) throws(ExportError) -> MarkerSegment {
    guard let lottie = source as? LottieSource else {
        throw .usage("--marker: \(command) has no markers (a Lottie file names its segments with markers)")
    }
    let a = lottie.animation
    let file = lottie.file
    guard let m = a.markers.first(where: { $0.name == name }) else {
        let names = a.markers.map { "\"\(visible($0.name))\"" }
        throw .usage("--marker: \(file) has no marker \"\(visible(name))\"; "
                     + (names.isEmpty ? "it has no markers" : "its markers: \(names.joined(separator: ", "))"))
    }
    let from = m.frame, to = m.duration > 0 ? m.frame + m.duration : a.outPoint
    guard m.duration >= 0, from >= a.inPoint, to <= a.outPoint + 1e-9, to > from else {
        throw .usage("--marker: \"\(visible(name))\" spans frames \(formatSeconds(from))…\(formatSeconds(to)) (tm \(formatSeconds(m.frame)), dr \(formatSeconds(m.duration))); "
                     + "\(file) plays frames \(formatSeconds(a.inPoint))…\(formatSeconds(a.outPoint)) (ip…op)")
    }
    let exact = (to - from) * fps.value / lottie.rate
    let perLoop = max(1, Int(exact.rounded()))
    let total = perLoop * loops
    guard total <= Limits.maxFrames else {
        throw .usage("--marker: \(loops) × \(perLoop) frames is over the cap of \(Limits.maxFrames)")
    }
    let start = (from - a.inPoint) / lottie.rate
    var note = "marker \"\(visible(name))\": frames \(formatSeconds(from))…\(formatSeconds(to)) of \(file), from t = \(formatSeconds(start)) s, "
        + "\(perLoop) frames" + (loops > 1 ? " × \(loops) loops" : "")
    if abs(exact - Double(perLoop)) > 1e-9 * max(1, exact) {
        note += " (\(frameText(exact)) frames at \(fps.num)/\(fps.den) fps, rounded)"
    }
    return MarkerSegment(start: start, frames: total, framesPerLoop: perLoop, note: note)
}
