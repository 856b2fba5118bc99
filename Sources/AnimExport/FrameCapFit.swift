// A default size over the frame cap, brought within it (issue 25 item 1).
//
// A plug-in that `fitsOutputLimits` (a Lottie file) is drawn at its default scale k₀ (1 px per
// point) unless that breaks the frame cap: each side ≤ Limits.maxSide and w·h ≤ Limits.maxPixels,
// after the even rounding 4:2:0 codecs need. Then the largest k ≤ k₀ within the cap is used,
//
//     k = min(k₀, S/w, S/h, √(P/(w·h)))     S = maxSide, P = maxPixels, w × h the canvas in points,
//
// lowered by 1/4096 steps while rounding (and even rounding) still lands over the cap, and
// the job says so in a note — as a target's size class scales an oversized frame down
// (Targets.swift). An explicit --scale, --size or preset scale is never changed: over the cap,
// it stays an error naming the cap.
import Foundation
import Scenes
import Video

/// k, or the largest scale at most k whose frame fits the cap (with a note; see the header).
func scaleWithinFrameCap(_ canvas: Size, scale k0: Double, evenSides even: Bool,
                         file: String, notices: inout [String]) -> Double {
    func pixels(_ k: Double) -> (Int, Int) {
        var w = Int((canvas.width * k).rounded()), h = Int((canvas.height * k).rounded())
        if even { w += w % 2; h += h % 2 }
        return (w, h)
    }
    func over(_ k: Double) -> Bool {
        let (w, h) = pixels(k)
        return w > Limits.maxSide || h > Limits.maxSide || w * h > Limits.maxPixels
    }
    guard canvas.width > 0, canvas.height > 0, over(k0) else { return k0 }
    var k = min(k0, Double(Limits.maxSide) / canvas.width, Double(Limits.maxSide) / canvas.height,
                (Double(Limits.maxPixels) / (canvas.width * canvas.height)).squareRoot())
    for _ in 0..<64 where over(k) { k *= 1 - 1 / Double(Limits.maxSide) }
    let (w0, h0) = pixels(k0), (w, h) = pixels(k)
    notices.append("\(file): \(format(canvas.width))×\(format(canvas.height)) pt at \(format(k0)) px per pt is \(w0)×\(h0) px, "
                   + "over the frame cap (each side ≤ \(Limits.maxSide) px, ≤ 4096×2304 px); "
                   + "rendering at \(String(format: "%.4g", k)) px per pt, \(w)×\(h) px (--scale or --size to choose)")
    return k
}
