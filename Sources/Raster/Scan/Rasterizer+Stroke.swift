// Rasterizer+Stroke.swift — stroking a path: its outline (Geometry), filled non-zero.
//
//   path (user space) ──Geometry's StrokeOutline.swift: contours, dash, flatten, offset──▶
//        closed outline contours (user space)
//        ──Rasterizer.fill(outline, transform, .nonZero)──▶ coverage, paint, source-over
//
// The outline is built in the path's own coordinates with the tolerance tol_device / σmax
// (σmax: the transform's larger singular value, StrokeOutline.swift), so the device error stays
// within `flatteningTolerance`. A zero or non-finite σmax (σmax = 0, NaN, ∞) draws nothing.
// Invalid dash patterns throw `StrokeError` before anything is drawn (Dash.swift); a line width
// that is not finite and > 0 draws nothing. The outline's scratch storage lives in the
// rasterizer (`strokeScratch`) and is reused, so steady-state stroking allocates nothing.

import Geometry

extension Rasterizer {
    /// Strokes `path` with `style` (line width and dash lengths in the path's units) and paints
    /// the stroke with `paint`, source-over, on `canvas`; `transform` maps the path and its
    /// stroke to device pixels. Throws (drawing nothing) for an invalid or excessive dash
    /// pattern; a line width that is not finite and > 0 draws nothing.
    public func stroke<P: Paint>(_ path: Path, style: StrokeStyle, transform: Transform = .identity, paint: P,
                                 on canvas: Canvas) throws(StrokeError) {
        let outline = try strokeOutline(path, style: style, transform: transform)
        guard !outline.isEmpty else { return }
        fill(outline, transform: transform, rule: .nonZero, paint: paint, on: canvas)
    }

    /// The coverage `stroke` would use, as an A8 mask: `width·height` bytes, row-major, 0…255.
    public func strokeCoverageMask(_ path: Path, style: StrokeStyle, transform: Transform = .identity,
                                   width: Int, height: Int) throws(StrokeError) -> [UInt8] {
        let outline = try strokeOutline(path, style: style, transform: transform)
        return coverageMask(outline, transform: transform, rule: .nonZero, width: width, height: height)
    }

    /// The user-space outline for a stroke under `transform`, flattened so that the device error
    /// stays within `flatteningTolerance`: the geometry stage of `stroke` (contours, dash, flatten,
    /// offset), public so that benchmarks can time it apart from coverage and compositing. The
    /// returned path is rebuilt in place by the next stroke of this rasterizer.
    public func strokeOutline(_ path: Path, style: StrokeStyle, transform: Transform) throws(StrokeError) -> Path {
        let scale = transform.maximumScale
        let tolerance = scale > 0 && scale.isFinite ? flatteningTolerance / scale : .nan
        let outline = try strokeScratch.buildOutline(path, style: style, tolerance: tolerance)
        return tolerance.isFinite ? outline : Path()
    }
}
