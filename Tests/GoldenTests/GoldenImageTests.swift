// Golden images: small renders of the stroke, dash, cap/join, gradient, hue and text cases,
// made by the SCALAR reference kernels and stored as PNGs in Tests/Golden/. Each test renders
// its case again with the scalar kernels (must match the PNG exactly) and with the SIMD
// kernels (must match exactly too: every SIMD kernel performs the same integer and Float
// operations as its scalar reference, in the same order).
//
// To regenerate after an intended change: ANIMEXPORT_UPDATE_GOLDEN=1 swift test --filter Golden
// — then look at the PNGs before committing them.
import Geometry
import Foundation
import Testing
import Raster
import Text
import Video

let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden").path

struct GoldenCase: Sendable, CustomStringConvertible {
    let name: String
    let width: Int, height: Int
    let draw: @Sendable (Rasterizer, Canvas) throws -> Void
    var description: String { name }
}

let blueRedBlue = Gradient(colors: [RGBA(hex: "#005FFF")!, RGBA(hex: "#FF0000")!, RGBA(hex: "#005FFF")!])

func zigzag(_ y: Double) -> Path {
    var p = Path()
    p.move(to: Point(12, y + 20))
    p.line(to: Point(40, y))
    p.line(to: Point(68, y + 20))
    p.line(to: Point(96, y + 2))
    p.line(to: Point(116, y + 22))
    return p
}

let goldenCases: [GoldenCase] = [
    GoldenCase(name: "stroke-caps", width: 128, height: 96) { r, c in
        for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
            var line = Path()
            line.move(to: Point(24, 20 + 28 * Double(i)))
            line.line(to: Point(104, 24 + 28 * Double(i)))
            try r.stroke(line, style: StrokeStyle(lineWidth: 12, cap: cap), paint: SolidPaint(color: .white), on: c)
        }
    },
    GoldenCase(name: "stroke-joins", width: 128, height: 112) { r, c in
        for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
            try r.stroke(zigzag(8 + 34 * Double(i)), style: StrokeStyle(lineWidth: 8, cap: .butt, join: join),
                         paint: SolidPaint(color: RGBA(hex: "#FFCC00")!), on: c)
        }
    },
    GoldenCase(name: "dash-round", width: 128, height: 128) { r, c in
        var p = Path()
        p.move(to: Point(16, 110))
        p.cubic(to: Point(112, 100), control1: Point(20, 0), control2: Point(110, 10))
        try r.stroke(p, style: StrokeStyle(lineWidth: 6, cap: .round, join: .round, dash: [18, 9, 3, 9], dashPhase: -5.5),
                     paint: SolidPaint(color: RGBA(hex: "#34C759")!), on: c)
    },
    GoldenCase(name: "conic", width: 128, height: 128) { r, c in
        r.fill(.circle(center: Point(64.3, 63.7), radius: 52), paint: ConicGradientPaint(gradient: blueRedBlue, center: Point(64.3, 63.7), startAngle: 30), on: c)
    },
    GoldenCase(name: "conic-hue", width: 128, height: 128) { r, c in
        r.fill(.circle(center: Point(64, 64), radius: 52),
               paint: ConicGradientPaint(gradient: blueRedBlue, center: Point(64, 64), startAngle: 200, filter: .hueRotation(degrees: 120)), on: c)
    },
    GoldenCase(name: "linear-reflect", width: 128, height: 64) { r, c in
        r.fill(.rectangle(x: 4.5, y: 4.5, width: 119, height: 55),
               paint: LinearGradientPaint(gradient: blueRedBlue, start: Point(20, 0), end: Point(60, 30), extend: .reflect, opacity: 0.8), on: c)
    },
    GoldenCase(name: "radial", width: 128, height: 128) { r, c in
        let g = Gradient(colors: [.white, RGBA(hex: "#FF2D55")!, RGBA(hex: "#101018")!])
        r.fill(.circle(center: Point(64, 64), radius: 56), paint: RadialGradientPaint(gradient: g, center: Point(52, 50), radius: 70), on: c)
    },
    GoldenCase(name: "evenodd-transform", width: 128, height: 128) { r, c in
        var star = Path()
        for k in 0..<5 {
            let a = Double(k) * 4 * Double.pi / 5 - Double.pi / 2
            let p = Point(cos(a), sin(a))
            if k == 0 { star.move(to: p) } else { star.line(to: p) }
        }
        star.close()
        let t = Transform.scale(54, 54).concatenating(.rotation(radians: 0.2)).concatenating(.translation(64, 66))
        r.fill(star, transform: t, rule: .evenOdd, paint: SolidPaint(color: RGBA(hex: "#0A84FF")!, opacity: 0.9), on: c)
    },
    GoldenCase(name: "text", width: 176, height: 48) { r, c in
        let font = try Font(family: "Inter", style: "Bold", size: 24)
        let line = font.layout("Heart 72 bpm", origin: Point(8, 32))
        r.fill(line.path, rule: line.fillRule, paint: SolidPaint(color: .white), on: c)
    },
]

func render(_ c: GoldenCase, kernels: RasterKernels) throws -> Canvas {
    let canvas = Canvas(width: c.width, height: c.height)
    canvas.clear(to: RGBA(hex: "#202020")!)
    let rasterizer = Rasterizer()
    rasterizer.kernels = kernels
    try c.draw(rasterizer, canvas)
    return canvas
}

func bytes(_ canvas: Canvas) -> [UInt8] { canvas.straightRGBA8() }

@Test(arguments: goldenCases) func goldenImage(_ c: GoldenCase) throws { try checkGolden(c) }

/// Renders `c` with both kernel sets and compares them with its PNG in Tests/Golden.
func checkGolden(_ c: GoldenCase) throws {
    let path = goldenFolder + "/\(c.name).png"
    let reference = try render(c, kernels: .scalar)
    if ProcessInfo.processInfo.environment["ANIMEXPORT_UPDATE_GOLDEN"] == "1" {
        try bytes(reference).withUnsafeBytes { b in
            try PNGWriter.write(rgba: b, width: c.width, height: c.height, bytesPerRow: c.width * 4, to: path)
        }
    }
    guard FileManager.default.fileExists(atPath: path) else {
        Issue.record("missing golden image \(path); run with ANIMEXPORT_UPDATE_GOLDEN=1 and inspect it")
        return
    }
    let golden = try PNGReader.read(path: path)
    #expect(golden.width == c.width && golden.height == c.height)
    let scalar = bytes(reference), simd = bytes(try render(c, kernels: .simd))
    #expect(scalar == golden.rgba, "\(c.name): scalar render differs from \(path)")
    #expect(simd == golden.rgba, "\(c.name): SIMD render differs from \(path) (max diff \(zip(simd, golden.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0))")
    // Every golden image must actually show something.
    #expect(Set(golden.rgba).count > 8, "\(c.name) is nearly blank")
}
