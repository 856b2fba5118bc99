// ListCaseTiming.swift — the timing loop the display-list rows share (DisplayListBench.swift,
// RendererEffectsBench.swift): one case's list reset, built and rendered frame after frame with
// one Renderer onto one 1920×1080 canvas on white.
//
// After `warmUp` frames (which also fill the renderer's pools and caches), `rounds` rounds of
// `renderFrames` frames are timed one frame at a time (milliseconds per frame, the rows' medians
// are over all of them) and the heap allocations of each round divided by its frames (the
// steady-state allocations per frame). With --trace-allocations one more frame is rendered with
// the allocation counter printing each allocation's stack. A case whose warm-up frames the
// renderer reports as not drawn faithfully is not timed: the caller prints why.
import Foundation
import Raster
import Render
import CAllocCounter

struct ListCaseTiming {
    /// What the renderer reported over the warm-up frames.
    var report = RenderReport()
    /// Milliseconds per frame (empty when the report is not faithful).
    var samples: [Double] = []
    /// Heap allocations per frame, one figure per round.
    var allocations: [Double] = []
}

/// One case played frame after frame: its list reset and rebuilt, rendered by one Renderer onto
/// one canvas on white (what every display-list row times or counts).
struct ListCasePlayer {
    let c: DisplayListCase
    let canvas: Canvas
    let renderer = Renderer()
    var list = DisplayList()
    var frame = 0

    init(_ c: DisplayListCase, width: Int = 1920, height: Int = 1080) {
        self.c = c
        canvas = Canvas(width: width, height: height)
    }

    /// Draws the next frame.
    @discardableResult
    mutating func draw() -> RenderReport {
        list.reset()
        c.build(&list, frame)
        frame += 1
        return renderer.render(list, background: .white, transform: .identity, on: canvas)
    }
}

/// Renders `c` as the file header describes; `name` labels the allocation trace.
func timeListCase(_ c: DisplayListCase, name: String, width: Int = 1920, height: Int = 1080) -> ListCaseTiming {
    var player = ListCasePlayer(c, width: width, height: height)
    var timing = ListCaseTiming()
    func draw() -> RenderReport { player.draw() }
    for _ in 0..<warmUp { timing.report.formUnion(draw()) }
    if options.traceAllocations {
        fputs("=== allocations of one frame: \(name)\n", stderr)
        alloc_counter_trace(1)
        _ = draw()
        alloc_counter_trace(0)
    }
    guard timing.report.isFaithful else { return timing }
    (timing.samples, timing.allocations) = timedRounds(rounds, frames: renderFrames) { _ = draw() }
    return timing
}
