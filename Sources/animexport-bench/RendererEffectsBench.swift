// RendererEffectsBench.swift — what the renderer's wired effects cost at 1920×1080 (`make bench`,
// `--only effects`): an image paint over the whole frame (rotated and magnified, bilinear), the
// same as ns per pixel, and a group with a mask, a matte and a blend mode nested. Each case
// rebuilds its list every frame and renders it with one Renderer onto one canvas
// (ListCaseTiming.swift, as DisplayListBench.swift's rows, which hold the single-feature masked,
// matted and blended rows);
// medians over rounds × frames after the warm-up, and heap allocations per frame.
import Foundation
import Geometry
import Raster
import Render

/// A 512×512 opaque test image (a colour ramp with a grid), made once.
private let benchBitmap: Bitmap = {
    var pixels: [PremultipliedRGBA8] = []
    pixels.reserveCapacity(512 * 512)
    for y in 0..<512 {
        for x in 0..<512 {
            let line = x % 64 == 0 || y % 64 == 0
            pixels.append(line ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
                               : PremultipliedRGBA8(r: UInt8(x / 2), g: UInt8(y / 2), b: UInt8((x + y) / 4), a: 255))
        }
    }
    return Bitmap(width: 512, height: 512, pixels: pixels)
}()

private let frameRectangle = Path.rectangle(x: 0, y: 0, width: 1920, height: 1080)
/// Made once: a `Gradient(colors:)` built per frame would be the case's own two allocations.
private let matteRamp = Gradient(colors: [.white, .black])

/// Image pixels → canvas: centred, magnified 4×, rotated by a few degrees that change per frame.
private func imageTransform(_ f: Int) -> Transform {
    Transform.translation(-256, -256).concatenating(.scale(4, 4))
        .concatenating(.rotation(radians: 0.3 + Double(f % 60) * 0.002)).concatenating(.translation(960, 540))
}

let effectCases: [DisplayListCase] = [
    DisplayListCase(label: "image paint, whole frame (rotated, 4×)") { list, f in
        let image = list.addImage(benchBitmap)
        list.fill(frameRectangle, paint: .image(ImagePattern(image, transform: imageTransform(f))))
    },
    DisplayListCase(label: "mask + matte + screen blend, nested") { list, f in
        let stops = list.addGradient(matteRamp)
        list.fill(frameRectangle, paint: .solid(RGBA(hex: "#203040")!))
        list.beginGroup(Group(blendMode: .screen))
        list.addMask(Mask(.add, path: list.addPath { $0.addCircle(center: Point(960 + Double(f % 60), 540), radius: 420) },
                          expansion: 0))
        list.beginGroup(Group(matte: .luma))
        list.beginMatte()
        list.fill(frameRectangle, paint: .linear(LinearGradient(stops, start: Point(400, 0), end: Point(1500, 0))))
        list.endMatte()
        list.fill(paint: .solid(RGBA(hex: "#FF375F")!)) { $0.addCircle(center: Point(960, 540), radius: 480) }
        list.endGroup()
        list.endGroup()
    },
]

/// Times the cases (those `--only` selects), one time, one allocation record each, and ns per
/// pixel for the image paint.
func runRendererEffectsBench() {
    let cases = effectCases.filter { c in options.only.map { $0.contains { ("effects " + c.label).contains($0) } } ?? true }
    guard !cases.isEmpty else { return }
    section("renderer effects at 1920×1080: reset + build + render per frame, one thread")
    var extra: [Record] = []
    for c in cases {
        let timing = timeListCase(c, name: "effects \(c.label)")
        guard timing.report.isFaithful else {
            print(pad("effects \(c.label)", 52) + "not drawn (\(timing.report.messages.joined(separator: ", ")))")
            continue
        }
        let samples = timing.samples, allocations = timing.allocations
        add(Record(name: "effects \(c.label)", unit: "ms", samples: samples))
        if c.label.hasPrefix("image paint") {
            // Every pixel of the frame is sampled (the image covers it): ms → ns per pixel.
            extra.append(Record(name: "effects image paint per pixel", unit: "ns/px",
                                samples: samples.map { $0 * 1e6 / Double(1920 * 1080) }))
        }
        extra.append(Record(name: "allocations/frame effects \(c.label)", unit: "count", samples: allocations))
    }
    for r in extra { add(r) }
}
