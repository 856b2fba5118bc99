// A contact sheet: a grid of evenly spaced frames of a clip, each labelled with its time.
//
// n = min(12, frames) frames, frame k at index ⌊k · frames / n⌋ (k = 0 … n−1), so the
// first frame is frame 0 and the spacing is even over the clip. Thumbnails are at most
// 320 px wide (the video's own size if smaller), in up to 4 columns, 8 px apart on a dark
// grey (#202020) sheet; under each, its animation time ("1.250 s", the time the frame is
// sampled at) in Inter Bold 13 px, white, centred — set with the Text module (kerned
// layout → path) and filled by our rasterizer like any other drawing.
import Geometry
import Foundation
import Raster
import Render
import Scenes
import Text            // reached through Scenes; Package.swift is left as it is

struct SheetImage { var width: Int; var height: Int; var rgba: [UInt8] }

func sheetFrames(_ frames: Int) -> [Int] {
    let n = min(12, frames)
    return (0..<n).map { $0 * frames / n }
}

func contactSheet(_ job: ExportPlan) throws(ExportError) -> SheetImage {
    let indices = sheetFrames(job.frameCount)
    let columns = min(4, indices.count)
    let rows = (indices.count + columns - 1) / columns
    let tw = min(320, job.width)
    let f = Double(tw) / Double(job.width)
    let th = max(1, Int((Double(job.height) * f).rounded()))
    let pad = 8, labelHeight = 22
    let width = columns * tw + (columns + 1) * pad
    let height = rows * (th + labelHeight) + (rows + 1) * pad
    let grey = RGBA(r: 0x20 / 255.0, g: 0x20 / 255.0, b: 0x20 / 255.0)
    var sheet = [UInt8](repeating: 0x20, count: width * height * 4)
    for i in stride(from: 3, to: sheet.count, by: 4) { sheet[i] = 255 }

    let font: Font
    do { font = try Font(family: "Inter", style: "Bold", size: 13) } catch {
        throw .runtime("contact sheet: the label font Inter Bold was not found (\(error)); install fonts-inter")
    }
    // One renderer draws thumbnails and labels (FrameRenderer: the frame loop of every output).
    let frames = FrameRenderer(job, transform: job.transform.concatenating(.scale(f, f)))
    let thumb = Canvas(width: tw, height: th)
    let label = Canvas(width: tw, height: labelHeight)

    func blit(_ pixels: [UInt8], w: Int, h: Int, x: Int, y: Int) {
        for row in 0..<h {
            let src = row * w * 4, dst = ((y + row) * width + x) * 4
            sheet.replaceSubrange(dst..<(dst + w * 4), with: pixels[src..<(src + w * 4)])
        }
    }

    for (k, index) in indices.enumerated() {
        let x = pad + (k % columns) * (tw + pad)
        let y = pad + (k / columns) * (th + labelHeight + pad)
        let t = job.time(ofFrame: index)
        try frames.render(at: t, on: thumb)
        blit(thumb.straightRGBA8(), w: tw, h: th, x: x, y: y)

        let text = String(format: "%.3f s", t)
        let probe = font.layout(text, origin: .zero)
        let line = font.layout(text, origin: Point(x: ((Double(tw) - probe.advanceWidth) / 2).rounded(), y: 16))
        frames.render(background: grey, transform: .identity, on: label) { list in
            list.fill(line.path, rule: line.fillRule, paint: .solid(.white))
        }
        blit(label.straightRGBA8(), w: tw, h: labelHeight, x: x, y: y + th)
    }
    return SheetImage(width: width, height: height, rgba: sheet)
}
