// FrameRenderer — the only frame loop: reset the display list, let the source draw at t, render
// the list onto a canvas, keep what could not be drawn.
//
// One renderer and one display list serve every frame of a job (the list's storage is reused,
// the renderer's caches and damage tracking carry over: Render/Renderer), so a clip's frames
// allocate nothing once the first has been drawn. Videos (Exporter.swift, on the calling thread
// or the render thread of FramePipeline.swift), stills, posters, contact sheets and --null all
// draw through `render(at:on:)`; the report is the union over every frame drawn. A frame that
// stopped at its paint cap is an error (exit 2) at that frame, always; under --strict so is a
// frame whose source could not be built faithfully (a merge path refused, a dashed stroke over
// the dash cap: RenderReport.source); otherwise the caller warns once its output is written.
import Geometry
import Raster
import Render

final class FrameRenderer {
    let source: any FrameSource
    let background: RGBA
    /// Canvas points → pixels of the canvases drawn on.
    let transform: Transform
    /// The output errors name, and whether --strict holds.
    private let output: String
    private let strict: Bool
    private let renderer = Renderer()
    private var list = DisplayList()
    /// What could not be drawn, over every frame so far.
    private(set) var report = RenderReport()

    /// Frames of `job`'s source, with its background and transform (or `transform` instead).
    convenience init(_ job: ExportPlan, transform: Transform? = nil) {
        self.init(job.source, background: job.background, transform: transform ?? job.transform,
                  output: job.output, strict: job.strict)
    }

    /// Frames of `source` (errors name `output`).
    init(_ source: any FrameSource, background: RGBA, transform: Transform, output: String, strict: Bool) {
        self.source = source
        self.background = background
        self.transform = transform
        self.output = output
        self.strict = strict
    }

    /// Pixels the last frame composited (the paint cap counts them: Render's Renderer+PaintBudget).
    var compositedPixels: Int { renderer.rasterizer.compositedPixels }
    /// Edge rows the last frame scanned (the scan cap counts them: Render's Renderer+PaintBudget).
    var scannedEdgeRows: Int { renderer.rasterizer.scannedEdgeRows }

    /// Draws the source at time `t` onto `canvas` and returns the frame's report, errors or not
    /// (`info`'s forecast reads the paint cap's message instead of failing on it).
    @discardableResult
    func draw(at t: Double, on canvas: Canvas) -> RenderReport {
        list.reset()
        source.draw(at: t, into: &list)
        let frame = renderer.render(list, background: background, transform: transform, on: canvas)
        report.formUnion(frame)
        return frame
    }

    /// Draws the source at time `t` onto `canvas`; a frame stopped at its paint cap, or under
    /// --strict one built unfaithfully, is an error.
    func render(at t: Double, on canvas: Canvas) throws(ExportError) {
        let frame = draw(at: t, on: canvas)
        if let overflow = frame.paintOverflow { throw .usage("\(visible(output)): \(overflow.message)") }
        if strict, let problem = frame.source.firstProblem { throw .usage("\(visible(output)): \(problem); --strict") }
    }

    /// Draws what `build` appends (not the source: a contact sheet's labels) with the same renderer.
    func render(background: RGBA, transform: Transform, on canvas: Canvas, _ build: (inout DisplayList) -> Void) {
        list.reset()
        build(&list)
        renderer.render(list, background: background, transform: transform, on: canvas)
    }
}
