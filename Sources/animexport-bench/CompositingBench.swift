// CompositingBench.swift — per-frame cost at 1920×1080 of the compositing kernels (Raster/Composite,
// Raster/Paint): a full layer composited with each blend mode, a mask combination, a mask and a
// matte applied to a full layer, and an image paint under rotation. One thread, release build;
// median/min/max over `rounds` × 20 calls after 3 warm-up calls, like the render rows. Runs in
// the full bench and with `--only compositing`.
import Foundation
import Geometry
import Raster

func compositingBench() {
    guard options.only.map({ $0.contains("compositing") }) ?? true else { return }
    let width = 1920, height = 1080
    let box = PixelBox.whole(width: width, height: height)
    let calls = options.quick ? 5 : 20
    func time(_ name: String, _ body: () -> Void) {
        for _ in 0..<3 { body() }
        var samples: [Double] = []
        for _ in 0..<(rounds * calls) {
            let start = nowNanoseconds()
            body()
            samples.append(ms(start, nowNanoseconds()))
        }
        add(Record(name: name, unit: "ms", samples: samples))
    }

    // A backdrop (opaque gradient) and a full-frame layer: a translucent radial gradient with an
    // opaque core, transparent in its corners (so the transparent-block shortcuts count as in a
    // real layer).
    let rasterizer = Rasterizer()
    let everything = Path.rectangle(x: 0, y: 0, width: Double(width), height: Double(height))
    let backdrop = Canvas(width: width, height: height)
    rasterizer.fill(everything, paint: LinearGradientPaint(
        gradient: Gradient(colors: [RGBA(hex: "#0A84FF")!, RGBA(hex: "#FFD60A")!]), start: Point(0, 0),
        end: Point(Double(width), Double(height))), on: backdrop)
    let layer = Canvas(width: width, height: height)
    rasterizer.fill(.circle(center: Point(960, 540), radius: 620), paint: RadialGradientPaint(
        gradient: Gradient(colors: [RGBA(hex: "#FF2D55")!, RGBA(r: 0.2, g: 0.8, b: 0.4, a: 0.5)]),
        center: Point(960, 540), radius: 620), on: layer)

    section("compositing kernels at 1920×1080, one thread (per call)")
    for mode in BlendMode.allCases {
        time("blend \(mode.rawValue), full layer") {
            Compositing.blend(layer, onto: backdrop, mode: mode, in: box)
        }
    }
    time("blend multiply at opacity 0.6, full layer") {
        Compositing.blend(layer, onto: backdrop, mode: .multiply, opacity: 0.6, in: box)
    }

    let first = CoverageMask(width: width, height: height), second = CoverageMask(width: width, height: height)
    let accumulated = CoverageMask(width: width, height: height)
    let circle = Path.circle(center: Point(900, 500), radius: 450)
    let rectangle = Path.rectangle(x: 700.5, y: 300.25, width: 900, height: 600)
    time("mask: fill 2 paths into masks") {
        first.fill(0, in: box)
        second.fill(0, in: box)
        rasterizer.fill(circle, into: first)
        rasterizer.fill(rectangle, into: second)
    }
    time("mask: combine add + subtract (inverted, 0.8), full frame") {
        Compositing.beginMasks(accumulated, firstMode: .add, in: box)
        Compositing.combineMask(first, mode: .add, into: accumulated, in: box)
        Compositing.combineMask(second, mode: .subtract, opacity: 0.8, inverted: true, into: accumulated, in: box)
    }
    let masked = Canvas(width: width, height: height)
    time("mask: apply to a full layer") {
        Compositing.applyMask(accumulated, to: masked, in: box)
    }
    for mode in [MatteMode.alpha, .luma] {
        time("matte \(mode.rawValue): apply to a full layer") {
            Compositing.applyMatte(layer, mode: mode, to: masked, in: box)
        }
    }

    // A 512×512 image rotated 30° and scaled 2.4 (magnified), covering most of the frame.
    var bytes = [UInt8](repeating: 255, count: 512 * 512 * 4)
    for y in 0..<512 {
        for x in 0..<512 {
            let i = 4 * (y * 512 + x)
            bytes[i] = UInt8(x / 2); bytes[i + 1] = UInt8(y / 2); bytes[i + 2] = UInt8((x ^ y) & 255)
        }
    }
    let image = try! RGBAImage(width: 512, height: 512, straightRGBA: bytes)
    let placement = Transform.translation(-256, -256).concatenating(.scale(2.4, 2.4))
        .concatenating(.rotation(radians: Double.pi / 6)).concatenating(.translation(960, 540))
    let target = Canvas(width: width, height: height)
    for edge in [ImageEdge.transparent, .pad] {
        time("image paint rotated 30°, scaled 2.4 (\(edge)), fill of its rectangle") {
            target.clear(to: .white)
            rasterizer.fill(.rectangle(x: -1, y: -1, width: 514, height: 514), transform: placement,
                            paint: ImagePaint(image: image, edge: edge), on: target)
        }
    }
}
