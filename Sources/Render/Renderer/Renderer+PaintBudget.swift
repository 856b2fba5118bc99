// Renderer+PaintBudget.swift — the frame's paint budget: how many pixels one frame may write.
//
// A fill or stroke costs time in proportion to the pixels it writes (its coverage spans are
// shaded and composited pixel by pixel), and an off-screen group in proportion to the box it
// drew (cleared, then composited). The work caps of a Lottie file count layers, items and
// vertices, which bound the *number* of shapes but not their *area*: 100 000 repeater copies of a
// full-canvas rectangle are 400 000 vertices, well inside the caps, and 100 000 passes over the
// frame. So the renderer counts, for one frame of W × H pixels,
//
//     A = Σ over fills and strokes of the pixels of their coverage spans
//       + Σ over off-screen groups of the pixels of the box composited
//
// (Raster's `Rasterizer.compositedPixels`: one addition per span, none per pixel) and checks,
// after each shape, that A ≤ N · W · H with N = `maximumPaintedFrames` (4 096, the same number
// of frame-sized passes as the mask and matte cap). A shape can add at most one frame's pixels
// (its spans never repeat a pixel), so a frame's paint work is bounded by (N + 1) · W · H pixels
// whatever the list holds. Once over, the rest of the frame's shapes are not drawn and
// `RenderReport.paintOverflow` says so, naming the Lottie layer of the shape that passed the cap
// when the list's source marked it (DisplayList.sourceMarks); the exporter makes it an error — an
// incomplete frame is never written. No frame of the 197 files of the lottie-ios samples and
// repros reaches the cap; docs/work-bounds.md has the figures.
//
// Painting is not the only work that grows without the vertex caps noticing: the scan walks each
// clipped edge row by row (Raster's CoverageRasterizer), so its work is
//
//     R = Σ over the frame's rasterized edge segments of the pixel rows each crosses
//
// (`Rasterizer.scannedEdgeRows`, one addition per segment). 1 000 full-height rectangles under
// 1 000 fills are 4 000 000 vertices — inside the caps — and 4 000 000 edges × 1 080 rows at
// 1080²: 47 s of scanning (≈ 11 ns per edge row). R grows with the frame's height, not its area
// (an edge's rows scale with the height, its cells per row stay one or two), so the cap is
// R ≤ E · H with E = `maximumEdgesPerRow` (131 072 edges crossing each row on average: ≈ 1.6 s
// at 1080 rows). The count is taken before a shape's edges are scanned, and a shape that would
// pass the cap is not scanned at all (one path of 4 000 000 full-height edges, inside the vertex
// caps, would otherwise be 47 s alone); then the frame stops as for paint, and the report says
// which measure was passed.

extension Renderer {
    /// Most pixels one frame's fills, strokes and layer composites may write, in frames.
    public static let maximumPaintedFrames = 4096
    /// Most edge rows one frame's scan may cross, per pixel row of the canvas (see the header).
    public static let maximumEdgesPerRow = 131_072

    /// Starts a frame's count on a canvas of `width` × `height` pixels.
    func beginPaintBudget(width: Int, height: Int) {
        rasterizer.compositedPixels = 0
        rasterizer.scannedEdgeRows = 0
        let frames = paintedFramesCap
        let area = max(1, width) * max(1, height)
        paintLimit = area > Int.max / max(1, frames) ? Int.max : area * frames
        scanLimit = max(1, height) * max(1, edgesPerRowCap)
        rasterizer.scannedEdgeRowLimit = scanLimit
    }

    /// After drawing shape `s`: over the cap, the frame stops drawing and the report says where.
    @inline(__always)
    func checkPaintBudget(after s: Int, of list: DisplayList) {
        guard report.paintOverflow == nil else { return }
        if rasterizer.compositedPixels > paintLimit {
            report.paintOverflow = RenderReport.PaintOverflow(pixels: rasterizer.compositedPixels, cap: paintedFramesCap,
                                                              source: list.sourceMark(ofShape: s))
        } else if rasterizer.scannedEdgeRows > scanLimit {
            report.paintOverflow = RenderReport.PaintOverflow(pixels: rasterizer.scannedEdgeRows, cap: edgesPerRowCap,
                                                              source: list.sourceMark(ofShape: s), measure: .edgeRows)
        }
    }
}
