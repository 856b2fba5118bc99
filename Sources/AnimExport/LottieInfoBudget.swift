// LottieInfoBudget.swift — what `info` tells of one frame's budget before anything is rendered
// (docs/work-bounds.md): the work and display-list memory the decoder estimated (a file over
// either cap never gets here: info fails with the refusal, exit 2), and the paint cap, which is
// counted while drawing. Paint is predicted by drawing frames small: the pixels a frame writes
// scale with its area, so the ratio
//
//     painted(frame) / (w · h)   at w × h = the animation fitted in `side` × `side` pixels
//
// is the frame's paint in frames at any size (edges rounded out to whole pixels make it an
// over-estimate for tiny shapes: a shape writes at least one pixel); the renderer stops a frame
// whose ratio passes Renderer.maximumPaintedFrames, so a frame that passes it small is named
// here as the one an export would stop at. The scan (edge rows crossed, Renderer+PaintBudget)
// is reported per pixel row, which does not depend on the size drawn at (curves flattened at
// 64 px have fewer pieces: a lower bound for curved outlines). Frames are drawn in order, every
// one when there are at most `mostFrames` and the file's work allows, else evenly spaced so that frames ≤ mostFrames
// and frames × work ≤ `workBudget` (a spike between two drawn frames can be missed: "k of n
// frames drawn" says so).
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Scenes

struct PaintForecast {
    /// The heaviest frame drawn and its paint in frames' area.
    var heaviestFrame = 0.0
    var heaviestPaint = 0.0
    /// The frame whose scan crossed the most edge rows, in edges per pixel row (size-invariant:
    /// an edge's rows scale with the height, Render's Renderer+PaintBudget.swift).
    var heaviestScanFrame = 0.0
    var heaviestScan = 0.0
    /// The first frame drawn that would pass the paint cap, with the render's message.
    var refusal: (frame: Double, message: String)?
    var framesDrawn = 0
    var frames = 0

    static let side = 64.0
    static let workBudget = 4_000_000.0
    static let mostFrames = 60

    init(_ a: LottieAnimation) {
        let count = max(1, Int((a.outPoint - a.inPoint).rounded(.up)))
        let affordable = max(1, min(Self.mostFrames, Int(Self.workBudget / max(a.frameWork, 1))))
        frames = count
        let scale = Self.side / max(a.width, a.height, 1)
        let (w, h) = (max(1, Int((a.width * scale).rounded())), max(1, Int((a.height * scale).rounded())))
        // The file as an export draws it (the one frame loop), at its own rate: frame f at t = (f − ip)/r.
        let source = LottieSource(a, canvas: Size(width: a.width, height: a.height), file: "")
        let frames = FrameRenderer(source, background: .clear, transform: .scale(scale, scale), output: "", strict: false)
        let canvas = Canvas(width: w, height: h)
        let drawn = min(count, affordable)
        for k in 0..<drawn {
            let frame = a.inPoint + (drawn == count ? Double(k) : (Double(k) * Double(count - 1) / Double(max(drawn - 1, 1))).rounded(.down))
            let report = frames.draw(at: (frame - a.inPoint) / source.rate, on: canvas)
            framesDrawn += 1
            let paint = Double(frames.compositedPixels) / Double(w * h)
            if paint > heaviestPaint { (heaviestFrame, heaviestPaint) = (frame, paint) }
            let scan = Double(frames.scannedEdgeRows) / Double(h)
            if scan > heaviestScan { (heaviestScanFrame, heaviestScan) = (frame, scan) }
            if let overflow = report.paintOverflow {
                refusal = (frame, overflow.message)
                break
            }
        }
    }

    /// The text lines of `info`.
    func lines(_ a: LottieAnimation) -> [String] {
        let limits = LottieLimits.standard
        let sampled = framesDrawn < frames && refusal == nil ? ", \(framesDrawn) of \(frames) frames drawn" : ""
        var out = [
            "  per frame   work \(Int(a.frameWork)) of \(Int(limits.maxFrameWork)) (layers, items, vertices); display list ≈ \(FrameMemory.describe(a.frameMemory)) of \(FrameMemory.describe(limits.maxFrameMemory))",
            "              paint at most \(fixed(heaviestPaint, digits: 1)) × the frame's area (frame \(fixed(heaviestFrame, digits: 0)); cap \(Renderer.maximumPaintedFrames)\(sampled))",
            "              scan at most \(fixed(heaviestScan, digits: 1)) edges per pixel row (frame \(fixed(heaviestScanFrame, digits: 0)); cap \(Renderer.maximumEdgesPerRow))",
        ]
        if let r = refusal {
            out.append("  refused: frame \(fixed(r.frame, digits: 0)) would stop an export: \(r.message)")
        }
        return out
    }

    /// The `budget` object of `info --json`.
    func json(_ a: LottieAnimation) -> [String: Any] {
        var object: [String: Any] = [
            "work": a.frameWork, "workCap": LottieLimits.standard.maxFrameWork,
            "memoryBytes": a.frameMemory, "memoryCap": LottieLimits.standard.maxFrameMemory,
            "paintFrames": heaviestPaint, "paintFrame": heaviestFrame, "paintCap": Renderer.maximumPaintedFrames,
            "scanEdgesPerRow": heaviestScan, "scanFrame": heaviestScanFrame, "scanCap": Renderer.maximumEdgesPerRow,
            "framesDrawn": framesDrawn, "frames": frames,
        ]
        if let r = refusal { object["refused"] = ["frame": r.frame, "message": r.message] }
        return object
    }
}

private func fixed(_ x: Double, digits: Int) -> String {
    digits == 0 ? String(Int(x)) : String(format: "%.\(digits)f", x)
}
