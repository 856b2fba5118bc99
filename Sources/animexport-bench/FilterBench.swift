// FilterBench.swift — what the filter stage costs at 1920×1080 (`make bench`, `--only filters`):
// a 1200×600 card moving a pixel a frame, drawn plain, with a soft drop shadow (σ 8, offset
// (12, 18)) and with a gaussian blur (σ 6), side by side in one run. Each frame rebuilds the list
// and renders it with one Renderer onto one canvas (damage on, as exports run); medians over
// rounds × frames after the warm-up, and heap allocations per frame.
import Foundation
import Geometry
import Raster
import Render
import CAllocCounter

private let backdrop = Path.rectangle(x: 0, y: 0, width: 1920, height: 1080)

private func card(_ list: inout DisplayList, _ f: Int, _ filter: Filter?) {
    list.fill(backdrop, paint: .solid(RGBA(hex: "#F2F2F7")!))
    list.beginGroup(Group(transform: .translation(360 + Double(f % 60), 240)))
    if let filter { list.addFilter(filter) }
    list.fill(paint: .solid(RGBA(hex: "#0A84FF")!)) {
        $0.move(to: Point(0, 0)); $0.line(to: Point(1200, 0)); $0.line(to: Point(1200, 600)); $0.line(to: Point(0, 600)); $0.close()
    }
    list.endGroup()
}

let filterCases: [DisplayListCase] = [
    DisplayListCase(label: "1200×600 card, no filter") { list, f in card(&list, f, nil) },
    DisplayListCase(label: "1200×600 card, drop shadow σ 8") { list, f in
        card(&list, f, .dropShadow(DropShadow(color: .black, opacity: 0.35, offset: Point(12, 18), sigma: 8)))
    },
    DisplayListCase(label: "1200×600 card, gaussian blur σ 6") { list, f in card(&list, f, .blur(sigma: 6)) },
]

/// Times the cases (those `--only` selects), one time and one allocation record each.
func runFilterBench() {
    let cases = filterCases.filter { c in options.only.map { $0.contains { ("filters " + c.label).contains($0) } } ?? true }
    guard !cases.isEmpty else { return }
    section("filter stage at 1920×1080: reset + build + render per frame, one thread")
    var extra: [Record] = []
    for c in cases {
        var player = ListCasePlayer(c)
        func draw() { player.draw() }
        for _ in 0..<warmUp { draw() }
        let (samples, allocations) = timedRounds(rounds, frames: renderFrames, draw)
        add(Record(name: "filters \(c.label)", unit: "ms", samples: samples))
        extra.append(Record(name: "allocations/frame filters \(c.label)", unit: "count", samples: allocations))
    }
    for r in extra { add(r) }
}
