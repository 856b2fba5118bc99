// CanvasColorFilter.swift — a colour filter applied in place to a box of a canvas.
//
// The same per-pixel kernels as the layer composite's filter (ColorFilter.swift: P' = F(P) on
// premultiplied pixels, byte-identical SIMD and scalar paths), run over each row of the box and
// written back, for a filter that must run at a point of a filter chain rather than when the
// layer is composited (Render's filter stage: a fill or tint effect between a blur and a shadow).

extension ColorFilter {
    /// Replaces each pixel of `canvas` inside `box` (clipped) by its filtered value.
    public func apply(to canvas: Canvas, in box: PixelBox, kernels: RasterKernels = .simd) {
        let region = box.clipped(width: canvas.width, height: canvas.height)
        guard !region.isEmpty else { return }
        canvas.resolvePendingClear()
        let kernel = PixelColorFilter(self)
        for y in region.minY..<region.maxY {
            let row = canvas.pixels + y * canvas.width + region.minX
            kernel.apply(UnsafePointer(row), into: row, count: region.width, kernels: kernels)
        }
        canvas.noteDrawn(region.bounds)
    }
}
