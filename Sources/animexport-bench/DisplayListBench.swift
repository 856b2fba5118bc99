// DisplayListBench.swift — the display list's group features at 1920×1080 (`make bench`,
// `--only list`): a group with opacity folded into its one shape and one drawn off-screen, clips
// (a disc through a layer, a pixel-aligned rectangle as a scissor, a fractional rectangle as span
// coverage), 200 gradient and dashed-stroke shapes in 20 groups, a masked group, a luma matte and
// a multiply blend.
//
// Each case rebuilds its list every frame (reset + build, as scenes do) and renders it with one
// Renderer onto one canvas (ListCaseTiming.swift): per-frame time (median over rounds × frames
// after the warm-up, like the scene rows) and heap allocations per frame in steady state — 0 is
// the renderer's promise (Renderer.swift). A case the renderer reports as not drawn faithfully
// prints why instead of a figure. Add a case: append to `displayListCases`.
import Foundation
import Geometry
import Raster
import Render

struct DisplayListCase {
    var label: String
    /// Builds frame `frame` into the (reset) list.
    var build: (inout DisplayList, Int) -> Void
}

/// A disc of radius r (px) at (x, y).
private func disc(_ list: inout DisplayList, _ x: Double, _ y: Double, _ r: Double, _ paint: NodePaint) {
    list.fill(paint: paint) { $0.addCircle(center: Point(x, y), radius: r) }
}

private let benchBlue = RGBA(hex: "#0A84FF")!, benchRed = RGBA(hex: "#FF375F")!
private let square = Path.rectangle(x: 560, y: 140, width: 800, height: 800)
private let blueToRed = Gradient(colors: [benchBlue, benchRed]), whiteToBlack = Gradient(colors: [.white, .black])

let displayListCases: [DisplayListCase] = [
    DisplayListCase(label: "group α 0.5, one disc (folded)") { list, f in
        list.group(Group(opacity: 0.5)) { list in disc(&list, 900 + Double(f % 60), 540, 300, .solid(benchBlue)) }
    },
    DisplayListCase(label: "group α 0.5, 2 discs (off-screen)") { list, f in
        list.group(Group(opacity: 0.5)) { list in
            disc(&list, 760 + Double(f % 60), 540, 300, .solid(benchBlue))
            disc(&list, 1160 - Double(f % 60), 540, 300, .solid(benchRed))
        }
    },
    DisplayListCase(label: "clip: gradient through a disc") { list, f in
        let stops = list.addGradient(blueToRed)
        let clip = list.addPath { $0.addCircle(center: Point(960, 540), radius: 260 + Double(f % 60)) }
        list.group(Group(clip: Clip(clip))) { list in
            list.fill(square,
                      paint: .linear(LinearGradient(stops, start: Point(560, 140), end: Point(1360, 940))))
        }
    },
    DisplayListCase(label: "clip: aligned rectangle (scissor)") { list, f in
        let stops = list.addGradient(blueToRed)
        // Built in the list (a `Path.rectangle` made per frame would be the frame's one allocation).
        let x = 660 + Double(f % 60)
        let clip = list.addPath { p in
            p.move(to: Point(x, 240)); p.line(to: Point(x + 600, 240)); p.line(to: Point(x + 600, 840))
            p.line(to: Point(x, 840)); p.close()
        }
        list.group(Group(clip: Clip(clip))) { list in
            list.fill(square, paint: .linear(LinearGradient(stops, start: Point(560, 140), end: Point(1360, 940))))
        }
    },
    DisplayListCase(label: "clip: fractional rectangle (span coverage)") { list, f in
        let stops = list.addGradient(blueToRed)
        let x = 660.25 + Double(f % 60) / 3
        let clip = list.addPath { p in
            p.move(to: Point(x, 240.5)); p.line(to: Point(x + 600, 240.5)); p.line(to: Point(x + 600, 840.75))
            p.line(to: Point(x, 840.75)); p.close()
        }
        list.group(Group(clip: Clip(clip))) { list in
            list.fill(square, paint: .linear(LinearGradient(stops, start: Point(560, 140), end: Point(1360, 940))))
        }
    },
    DisplayListCase(label: "200 shapes in 20 groups") { list, f in
        let stops = list.addGradient { g in
            g.color(0, benchBlue)
            g.opacity(0.3, 1)
            g.color(1, benchRed)
            g.opacity(1, 0.4)
        }
        for g in 0..<20 {
            let gx = Double(g % 5) * 380 + 40, gy = Double(g / 5) * 260 + 20
            list.group(Group(transform: .translation(gx, gy), opacity: g % 3 == 0 ? 0.8 : 1)) { list in
                for s in 0..<10 {
                    let x = Double(s % 5) * 70 + 30, y = Double(s / 5) * 110 + 50 + Double((f + s) % 20)
                    if s % 2 == 0 {
                        disc(&list, x, y, 28, .radial(RadialGradient(stops, center: Point(x, y), radius: 28)))
                    } else {
                        list.stroke(list.addPath { $0.addCircle(center: Point(x, y), radius: 26) },
                                    style: StrokeStyle(lineWidth: 4, cap: .round, dash: [12, 6], dashPhase: Double(f)),
                                    paint: .solid(benchBlue))
                    }
                }
            }
        }
    },
    // Rows for the features Raster's kernels will draw (reported "not drawn yet" until wired).
    DisplayListCase(label: "masked group (add, subtract)") { list, f in
        let outer = list.addPath { $0.addCircle(center: Point(960, 540), radius: 320) }
        let inner = list.addPath { $0.addCircle(center: Point(960 + Double(f % 60), 540), radius: 140) }
        list.beginGroup(Group())
        list.addMask(Mask(.add, path: outer))
        list.addMask(Mask(.subtract, path: inner, opacity: 0.8))
        list.fill(square, paint: .solid(benchBlue))
        list.endGroup()
    },
    DisplayListCase(label: "luma matte") { list, f in
        let stops = list.addGradient(whiteToBlack)
        list.beginGroup(Group(matte: .luma))
        list.beginMatte()
        list.fill(square,
                  paint: .linear(LinearGradient(stops, start: Point(560 + Double(f % 60), 0), end: Point(1360, 0))))
        list.endMatte()
        disc(&list, 960, 540, 380, .solid(benchRed))
        list.endGroup()
    },
    DisplayListCase(label: "multiply blend") { list, f in
        disc(&list, 860, 540, 300, .solid(benchBlue))
        list.group(Group(blendMode: .multiply)) { list in disc(&list, 1060 - Double(f % 60), 540, 300, .solid(benchRed)) }
    },
]

/// Times every case (those `--only` selects) at 1920×1080 on white; one record of time and one of
/// allocations per case.
func runDisplayListBench() {
    let cases = displayListCases.filter { c in options.only.map { $0.contains { ("list " + c.label).contains($0) } } ?? true }
    guard !cases.isEmpty else { return }
    section("display list at 1920×1080: reset + build + render per frame, one thread")
    var allocationRecords: [Record] = []
    for c in cases {
        let timing = timeListCase(c, name: "list \(c.label)")
        guard timing.report.isFaithful else {
            print(pad("list \(c.label)", 52) + "not drawn (\(timing.report.messages.joined(separator: ", ")))")
            continue
        }
        add(Record(name: "list \(c.label)", unit: "ms", samples: timing.samples))
        allocationRecords.append(Record(name: "allocations/frame list \(c.label)", unit: "count", samples: timing.allocations))
    }
    for r in allocationRecords { add(r) }
}
