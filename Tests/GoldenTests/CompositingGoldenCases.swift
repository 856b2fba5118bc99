// CompositingGoldenCases.swift — Raster-level goldens of the compositing kernels: every blend
// mode, every mask mode (plain and inverted), every matte mode, image paint under rotation and
// scale, focal gradients with opacity stops. Checked like the other goldens (GoldenImageTests:
// the scalar kernels must reproduce the PNG, the SIMD kernels too, byte for byte). The display
// list goldens come with the renderer.

import Foundation
import Geometry
import Raster

/// A 40×40-ish tile's box and its origin as a translation.
struct Tile {
    let box: PixelBox
    var origin: Transform { .translation(Double(box.minX), Double(box.minY)) }

    init(column: Int, row: Int, size: Int) {
        box = PixelBox(x: column * size, y: row * size, width: size, height: size)
    }
}

/// A grey checkerboard of 4-px squares over `box`, to show what is translucent.
func checker(_ r: Rasterizer, _ c: Canvas, _ box: PixelBox) {
    var squares = Path()
    var y = box.minY
    while y < box.maxY {
        var x = box.minX + ((y / 4) % 2) * 4
        while x < box.maxX {
            squares.addRect(x: Double(x), y: Double(y), width: 4, height: 4)
            x += 8
        }
        y += 4
    }
    r.fill(squares, paint: SolidPaint(color: RGBA(hex: "#5A5A5A")!), on: c)
}

extension Path {
    mutating func addRect(x: Double, y: Double, width: Double, height: Double) {
        move(to: Point(x, y))
        line(to: Point(x + width, y))
        line(to: Point(x + width, y + height))
        line(to: Point(x, y + height))
        close()
    }
}

/// A small test image: a colour ramp with a transparent texel, a half-transparent row and a
/// white border column (straight RGBA).
func testImage() throws -> RGBAImage {
    let width = 8, height = 6
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            if x == 5 && y == 2 { bytes += [255, 0, 255, 0]; continue }
            let a: UInt8 = y == 4 ? 128 : 255
            if x == 7 { bytes += [255, 255, 255, a]; continue }
            bytes += [UInt8(x * 36), UInt8(255 - y * 40), UInt8((x + y) % 2 == 0 ? 220 : 40), a]
        }
    }
    return try RGBAImage(width: width, height: height, straightRGBA: bytes)
}

let compositingGoldenCases: [GoldenCase] = [
    GoldenCase(name: "blend-modes", width: 240, height: 120) { r, c in
        let backdrop = LinearGradientPaint(gradient: Gradient(colors: [RGBA(hex: "#0A84FF")!, RGBA(hex: "#FFD60A")!]),
                                           start: Point(2, 0), end: Point(38, 0))
        let source = RadialGradientPaint(gradient: Gradient(colors: [RGBA(hex: "#FF2D55")!, RGBA(r: 0.2, g: 0.78, b: 0.35, a: 0.6)]),
                                         center: Point(24, 16), radius: 22)
        for (index, mode) in BlendMode.allCases.enumerated() {
            let tile = Tile(column: index % 6, row: index / 6, size: 40)
            r.fill(.rectangle(x: 1, y: 1, width: 38, height: 38), transform: tile.origin, paint: backdrop, on: c)
            r.fill(.circle(center: Point(12, 28), radius: 8), transform: tile.origin,
                   paint: SolidPaint(color: RGBA(hex: "#1C1C1E")!), on: c)
            let layer = Canvas(width: c.width, height: c.height)
            r.fill(.circle(center: Point(22, 18), radius: 15), transform: tile.origin, paint: source, on: layer)
            Compositing.blend(layer, onto: c, mode: mode, opacity: 0.9, in: tile.box, kernels: r.kernels)
        }
    },
    GoldenCase(name: "mask-modes", width: 240, height: 80) { r, c in
        let content = LinearGradientPaint(gradient: Gradient(colors: [RGBA(hex: "#FF9500")!, RGBA(hex: "#AF52DE")!]),
                                          start: Point(0, 0), end: Point(40, 40))
        for (index, mode) in MaskMode.allCases.enumerated() {
            for inverted in [false, true] {
                let tile = Tile(column: index, row: inverted ? 1 : 0, size: 40)
                let first = CoverageMask(width: c.width, height: c.height)
                let second = CoverageMask(width: c.width, height: c.height)
                let accumulated = CoverageMask(width: c.width, height: c.height)
                r.fill(.circle(center: Point(16, 17), radius: 12), transform: tile.origin, into: first)
                r.fill(.rectangle(x: 14.5, y: 8.5, width: 20, height: 24), transform: tile.origin, into: second)
                Compositing.beginMasks(accumulated, firstMode: .add, in: tile.box)
                Compositing.combineMask(first, mode: .add, into: accumulated, in: tile.box, kernels: r.kernels)
                Compositing.combineMask(second, mode: mode, opacity: 0.8, inverted: inverted, into: accumulated,
                                        in: tile.box, kernels: r.kernels)
                let layer = Canvas(width: c.width, height: c.height)
                r.fill(.rectangle(x: 2, y: 2, width: 36, height: 36), transform: tile.origin, paint: content, on: layer)
                Compositing.applyMask(accumulated, to: layer, in: tile.box, kernels: r.kernels)
                Compositing.blend(layer, onto: c, mode: .normal, in: tile.box, kernels: r.kernels)
            }
        }
    },
    GoldenCase(name: "matte-modes", width: 192, height: 48) { r, c in
        let matte = RadialGradientPaint(gradient: Gradient(colors: [.white, RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1),
                                                                    RGBA(r: 0, g: 0, b: 0, a: 1), RGBA(r: 1, g: 1, b: 1, a: 0)]),
                                        center: Point(24, 24), radius: 22)
        for (index, mode) in MatteMode.allCases.enumerated() {
            let tile = Tile(column: index, row: 0, size: 48)
            checker(r, c, tile.box)
            let matteLayer = Canvas(width: c.width, height: c.height), layer = Canvas(width: c.width, height: c.height)
            r.fill(.circle(center: Point(24, 24), radius: 22), transform: tile.origin, paint: matte, on: matteLayer)
            for stripe in 0..<6 {
                let colour = [RGBA(hex: "#FF3B30")!, RGBA(hex: "#34C759")!, RGBA(hex: "#0A84FF")!][stripe % 3]
                r.fill(.rectangle(x: Double(stripe * 8), y: 0, width: 8, height: 48), transform: tile.origin,
                       paint: SolidPaint(color: colour), on: layer)
            }
            Compositing.applyMatte(matteLayer, mode: mode, to: layer, in: tile.box, kernels: r.kernels)
            Compositing.blend(layer, onto: c, mode: .normal, in: tile.box, kernels: r.kernels)
        }
    },
    GoldenCase(name: "image-transform", width: 160, height: 96) { r, c in
        let image = try testImage()
        checker(r, c, .whole(width: 160, height: 96))
        // Rotated 30°, scaled 6 (magnified), transparent edges; the fill is the image's rectangle
        // grown by a texel so the anti-aliased edge is included.
        let big = Transform.translation(-4, -3).concatenating(.scale(6, 6)).concatenating(.rotation(radians: Double.pi / 6))
            .concatenating(.translation(48, 46))
        r.fill(.rectangle(x: -1, y: -1, width: 10, height: 8), transform: big, paint: ImagePaint(image: image), on: c)
        // Rotated −20°, scaled (3.5, 2.5), pad edges, clipped to a circle.
        let padded = Transform.translation(-4, -3).concatenating(.scale(3.5, 2.5))
            .concatenating(.rotation(radians: -Double.pi / 9)).concatenating(.translation(118, 34))
        r.fill(.circle(center: Point(118, 34), radius: 24), paint: ImagePaint(image: image, transform: padded, edge: .pad), on: c)
        // Minified to 0.7, half opacity.
        let small = Transform.scale(0.7, 0.7).concatenating(.rotation(radians: 0.4)).concatenating(.translation(112, 70))
        r.fill(.rectangle(x: -1, y: -1, width: 10, height: 8), transform: small,
               paint: ImagePaint(image: image, opacity: 0.5), on: c)
    },
    GoldenCase(name: "focal-opacity-stops", width: 192, height: 64) { r, c in
        let gradient = try Gradient(
            colorStops: [GradientStop(location: 0, color: RGBA(hex: "#FFCC00")!), GradientStop(location: 0.45, color: RGBA(hex: "#FF2D55")!),
                         GradientStop(location: 1, color: RGBA(hex: "#5856D6")!)],
            opacityStops: [GradientOpacityStop(location: 0, opacity: 1), GradientOpacityStop(location: 0.3, opacity: 0.25),
                           GradientOpacityStop(location: 0.7, opacity: 1), GradientOpacityStop(location: 1, opacity: 0.6)])
        checker(r, c, .whole(width: 192, height: 64))
        // Focal point half a radius from the centre at 45°.
        r.fill(.rectangle(x: 2, y: 2, width: 60, height: 60),
               paint: RadialGradientPaint(gradient: gradient, center: Point(32, 32), radius: 28,
                                          focalPoint: Point(32 + 14 * 0.7071, 32 - 14 * 0.7071)), on: c)
        // Lottie highlight: start (96, 32), end (124, 32), h = 80 %, α = −60° → f = s + 22.4·(cos −60°, sin −60°).
        r.fill(.rectangle(x: 66, y: 2, width: 60, height: 60),
               paint: RadialGradientPaint(gradient: gradient, center: Point(96, 32), radius: 28,
                                          focalPoint: Point(96 + 22.4 * 0.5, 32 - 22.4 * 0.8660254), extend: .reflect), on: c)
        // Focal point on the circle: nothing behind it.
        r.fill(.rectangle(x: 130, y: 2, width: 60, height: 60),
               paint: RadialGradientPaint(gradient: gradient, center: Point(160, 32), radius: 22, focalPoint: Point(182, 32)), on: c)
    },
]
