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
    init(_ job: ExportPlan, transform: Transform? = nil) {
        source = job.source
        background = job.background
        self.transform = transform ?? job.transform
        output = job.output
        strict = job.strict
    }

    /// Draws the source at time `t` onto `canvas`.
    func render(at t: Double, on canvas: Canvas) throws(ExportError) {
        list.reset()
        source.draw(at: t, into: &list)
        let frame = renderer.render(list, background: background, transform: transform, on: canvas)
        report.formUnion(frame)
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
