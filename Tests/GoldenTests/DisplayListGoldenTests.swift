// DisplayListGoldenTests.swift — the compositing goldens (CompositingGoldenCases.swift: masks,
// mattes, blend modes, image paints, drawn there with Raster's kernels called by hand) built as
// display lists and drawn by Render's renderer: its output must be the same PNG, byte for byte,
// with the scalar and the SIMD kernels and with and without the renderer's shortcuts. So each
// feature's wiring (which layer, which box, which order) is checked against the kernels' own
// golden; the goldens themselves are checked against the Double references in RasterTests.
// The cases of RenderGoldenCases.swift own their PNG (no Raster twin) and carry hand-computed
// pixels that every render must show.
import Foundation
import Geometry
import Raster
import Render
import Testing
import Video

struct DisplayListGoldenCase: Sendable, CustomStringConvertible {
    /// The name of the golden PNG the list must reproduce.
    let name: String
    let width: Int, height: Int
    /// Where the renderer folds a group's opacity into its one shape's paint instead of taking a
    /// layer (Renderer+Groups.swift): the same picture up to 8-bit rounding, so within ±2 there.
    var folded: PixelBox? = nil
    /// The PNG is this case's own (RenderGoldenCases.swift): written by ANIMEXPORT_UPDATE_GOLDEN=1
    /// from the scalar kernels without shortcuts; otherwise it is a Raster-level case's.
    var ownsGolden = false
    /// Pixels computed by hand that every render must show.
    var probes: [GoldenProbe] = []
    let build: @Sendable (inout DisplayList) throws -> Void
    var description: String { name }
}

let displayListGoldenCases: [DisplayListGoldenCase] = [
    DisplayListGoldenCase(name: "mask-modes", width: 240, height: 80) { list in
        let content = list.addGradient(Gradient(colors: [RGBA(hex: "#FF9500")!, RGBA(hex: "#AF52DE")!]))
        let circle = list.addPath(.circle(center: Point(16, 17), radius: 12))
        let rectangle = list.addPath(.rectangle(x: 14.5, y: 8.5, width: 20, height: 24))
        for (index, mode) in MaskMode.allCases.enumerated() {
            for inverted in [false, true] {
                let tile = Tile(column: index, row: inverted ? 1 : 0, size: 40)
                list.beginGroup(Group(transform: tile.origin))
                list.addMask(Mask(.add, path: circle))
                list.addMask(Mask(mode, path: rectangle, opacity: 0.8, inverted: inverted))
                list.fill(.rectangle(x: 2, y: 2, width: 36, height: 36),
                          paint: .linear(LinearGradient(content, start: Point(0, 0), end: Point(40, 40))))
                list.endGroup()
            }
        }
    },
    DisplayListGoldenCase(name: "matte-modes", width: 192, height: 48) { list in
        let matte = list.addGradient(Gradient(colors: [.white, RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1), RGBA(r: 0, g: 0, b: 0, a: 1),
                                                       RGBA(r: 1, g: 1, b: 1, a: 0)]))
        for (index, mode) in MatteMode.allCases.enumerated() {
            let tile = Tile(column: index, row: 0, size: 48)
            addChecker(tile.box, to: &list)
            list.beginGroup(Group(transform: tile.origin, matte: mode))
            list.beginMatte()
            list.fill(.circle(center: Point(24, 24), radius: 22),
                      paint: .radial(RadialGradient(matte, center: Point(24, 24), radius: 22)))
            list.endMatte()
            for stripe in 0..<6 {
                let colour = [RGBA(hex: "#FF3B30")!, RGBA(hex: "#34C759")!, RGBA(hex: "#0A84FF")!][stripe % 3]
                list.fill(.rectangle(x: Double(stripe * 8), y: 0, width: 8, height: 48), paint: .solid(colour))
            }
            list.endGroup()
        }
    },
    // The normal tile's group (one shape, opacity 0.9) is folded into the gradient's paint.
    DisplayListGoldenCase(name: "blend-modes", width: 240, height: 120, folded: PixelBox(x: 0, y: 0, width: 40, height: 40)) { list in
        let backdrop = list.addGradient(Gradient(colors: [RGBA(hex: "#0A84FF")!, RGBA(hex: "#FFD60A")!]))
        let source = list.addGradient(Gradient(colors: [RGBA(hex: "#FF2D55")!, RGBA(r: 0.2, g: 0.78, b: 0.35, a: 0.6)]))
        for (index, mode) in BlendMode.allCases.enumerated() {
            let tile = Tile(column: index % 6, row: index / 6, size: 40)
            list.group(Group(transform: tile.origin)) { list in
                list.fill(.rectangle(x: 1, y: 1, width: 38, height: 38),
                          paint: .linear(LinearGradient(backdrop, start: Point(2, 0), end: Point(38, 0))))
                list.fill(.circle(center: Point(12, 28), radius: 8), paint: .solid(RGBA(hex: "#1C1C1E")!))
                list.group(Group(opacity: 0.9, blendMode: mode)) { list in
                    list.fill(.circle(center: Point(22, 18), radius: 15),
                              paint: .radial(RadialGradient(source, center: Point(24, 16), radius: 22)))
                }
            }
        }
    },
]

/// `c` drawn by a fresh renderer, twice (the second frame reuses the pooled layers and masks).
func renderListGolden(_ c: DisplayListGoldenCase, kernels: RasterKernels, shortcuts: Renderer.Shortcuts) throws -> [UInt8] {
    let canvas = Canvas(width: c.width, height: c.height)
    let renderer = Renderer()
    renderer.rasterizer.kernels = kernels
    renderer.shortcuts = shortcuts
    var list = DisplayList()
    for _ in 0..<2 {
        list.reset()
        try c.build(&list)
        let report = renderer.render(list, background: RGBA(hex: "#202020")!, transform: .identity, on: canvas)
        #expect(report.isFaithful, "\(c.name): \(report.messages)")
    }
    return canvas.straightRGBA8()
}

@Test(arguments: displayListGoldenCases + renderGoldenCases)
func displayListGolden(_ c: DisplayListGoldenCase) throws {
    let path = goldenFolder + "/\(c.name).png"
    if c.ownsGolden && ProcessInfo.processInfo.environment["ANIMEXPORT_UPDATE_GOLDEN"] == "1" {
        let reference = try renderListGolden(c, kernels: .scalar, shortcuts: [])
        try reference.withUnsafeBytes { b in
            try PNGWriter.write(rgba: b, width: c.width, height: c.height, bytesPerRow: c.width * 4, to: path)
        }
    }
    let golden = try PNGReader.read(path: path)
    #expect(Set(golden.rgba).count > 8, "\(c.name) is nearly blank")
    for kernels in [RasterKernels.scalar, .simd] {
        for shortcuts in [Renderer.Shortcuts.all, []] {
            let got = try renderListGolden(c, kernels: kernels, shortcuts: shortcuts)
            for probe in c.probes {
                let i = (probe.y * c.width + probe.x) * 4
                let value = (Double(got[i]), Double(got[i + 1]), Double(got[i + 2]))
                let off = max(abs(value.0 - probe.rgb.0), abs(value.1 - probe.rgb.1), abs(value.2 - probe.rgb.2))
                #expect(off <= probe.tolerance,
                        "\(c.name) (\(kernels), shortcuts \(shortcuts.rawValue)) at (\(probe.x), \(probe.y)), \(probe.why): \(value), want \(probe.rgb)")
            }
            let diff = zip(got, golden.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
            var differing: [Int] = []
            for i in 0..<min(got.count, golden.rgba.count) where got[i] != golden.rgba[i] {
                let x = i / 4 % c.width, y = i / 4 / c.width
                if let box = c.folded, box.contains(x: x, y: y), abs(Int(got[i]) - Int(golden.rgba[i])) <= 2 { continue }
                differing.append(i / 4)
            }
            let first = differing.first.map { "(\($0 % c.width), \($0 / c.width))" } ?? "-"
            #expect(got.count == golden.rgba.count && differing.isEmpty,
                    "\(c.name) (\(kernels), shortcuts \(shortcuts.rawValue)): \(Set(differing).count) pixels differ, max diff \(diff), first at \(first)")
            if !differing.isEmpty, let out = ProcessInfo.processInfo.environment["ANIMEXPORT_GOLDEN_OUT"] {
                try got.withUnsafeBytes { b in
                    try PNGWriter.write(rgba: b, width: c.width, height: c.height, bytesPerRow: c.width * 4,
                                        to: out + "/\(c.name).png")
                }
            }
        }
    }
}

/// The checkerboard of `checker(_:_:_:)` as a display-list fill.
func addChecker(_ box: PixelBox, to list: inout DisplayList) {
    list.fill(paint: .solid(RGBA(hex: "#5A5A5A")!)) { squares in
        var y = box.minY
        while y < box.maxY {
            var x = box.minX + ((y / 4) % 2) * 4
            while x < box.maxX {
                squares.addRect(x: Double(x), y: Double(y), width: 4, height: 4)
                x += 8
            }
            y += 4
        }
    }
}

extension PixelBox {
    func contains(x: Int, y: Int) -> Bool { x >= minX && x < maxX && y >= minY && y < maxY }
}
