// Transparent frames end to end: `--background transparent` (and the preset value) gives an RGBA
// PNG whose untouched pixels have alpha 0 and whose anti-aliased edges un-premultiply to the
// paint's colour (no dark fringe); an MP4 asked for alpha is a one-line error, nothing written.
import Foundation
import Testing
import Raster
import Video

struct TransparentStill: Sendable, CustomStringConvertible {
    let name: String
    let args: [String]
    /// The straight colours the shapes are painted with (every edge pixel must be one of them).
    let paints: [String]
    var description: String { name }
}

let transparentStills: [TransparentStill] = [
    // t = 0.2: the disc near its peak opacity 0.8 (w ≈ 0.3).
    TransparentStill(name: "pulse", args: ["pulse", "--preset", "red", "--time", "0.2"], paints: ["#E52344"]),
    TransparentStill(name: "dots", args: ["dots", "--time", "2.55"], paints: ["#34C759"]),
    // A heart whose gradient is one colour, so every stroke pixel has it; the label is white.
    TransparentStill(name: "heart", args: ["heart", "--time", "0.4"], paints: ["#FF2D55", "#FFFFFF"]),
]

/// A preset for the heart case: one-colour gradient, no hue rotation.
private let flatHeart = ##"{"animation": "heart", "parameters": {"gradientColors": ["#FF2D55", "#FF2D55"], "hueFrom": 0, "hueTo": 0}}"##

@Test(arguments: transparentStills) func transparentStillsKeepAlpha(_ c: TransparentStill) throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    var args = c.args
    if c.name == "heart" {
        try flatHeart.write(toFile: folder + "/flat.json", atomically: true, encoding: .utf8)
        args += ["--preset", folder + "/flat.json"]
    }
    let out = folder + "/t.png"
    let r = try run(["still"] + args + ["--background", "transparent", out])
    #expect(r.status == 0, "\(r.stderr)")
    let png = try PNGReader.read(path: out)
    let w = png.width, h = png.height
    func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(png.rgba[(y * w + x) * 4 + $0]) } }
    for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
        #expect(pixel(x, y)[3] == 0, "\(c.name): corner (\(x), \(y)) = \(pixel(x, y))")
    }
    let paints = c.paints.map { hex in RGBA(hex: hex)!.hexString.dropFirst() }.map { h -> [Int] in
        stride(from: 0, to: 6, by: 2).map { Int(h.dropFirst($0).prefix(2), radix: 16)! }
    }
    // Edge pixels: partly covered (alpha well inside (0, max)). Half covered ones (alpha ≈ 128)
    // un-premultiply to their paint within ±2; every partly covered one above alpha 64 within ±4:
    // the premultiplied bytes are rounded (paint, then coverage), and un-premultiplying scales
    // that by 255/α.
    let maxAlpha = (0..<(w * h)).map { Int(png.rgba[$0 * 4 + 3]) }.max() ?? 0
    #expect(maxAlpha > 128, "\(c.name): nothing drawn")
    var half = 0
    for y in 0..<h {
        for x in 0..<w {
            let p = pixel(x, y)
            guard p[3] > 64 && p[3] < maxAlpha - 8 else { continue }
            let distance = paints.map { paint in (0..<3).map { abs(p[$0] - paint[$0]) }.max()! }.min()!
            let isHalf = (115...140).contains(p[3])
            if isHalf { half += 1 }
            #expect(distance <= (isHalf ? 2 : 4), "\(c.name): edge pixel (\(x), \(y)) = \(p) vs paints \(paints)")
        }
    }
    #expect(half >= 8, "\(c.name): only \(half) half-covered edge pixels found")
}

@Test func presetBackgroundsMayBeTransparent() throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    try #"{"animation": "dots", "background": "transparent"}"#.write(toFile: folder + "/t.json", atomically: true, encoding: .utf8)
    let r = try run(["still", "dots", "--preset", folder + "/t.json", "--time", "2.55", folder + "/t.png"])
    #expect(r.status == 0, "\(r.stderr)")
    let png = try PNGReader.read(path: folder + "/t.png")
    #expect(png.rgba[3] == 0)
    // #RRGGBBAA keeps its alpha too.
    let t = try run(["still", "dots", "--background", "#FF000080", "--time", "2.55", folder + "/h.png"])
    #expect(t.status == 0, "\(t.stderr)")
    let half = try PNGReader.read(path: folder + "/h.png")
    #expect(Array(half.rgba[0..<4]) == [255, 0, 0, 128])
}

@Test(arguments: [["--background", "transparent"], ["--background", "#FFFFFF80"], ["--preset", "PRESET"]])
func mp4CannotBeTransparent(_ flags: [String]) throws {
    let folder = try scratchFolder()
    defer { cleanup(folder) }
    try #"{"animation": "pulse", "background": "transparent"}"#.write(toFile: folder + "/t.json", atomically: true, encoding: .utf8)
    let before = listing(folder)
    let r = try run(["pulse"] + flags.map { $0 == "PRESET" ? folder + "/t.json" : $0 } + [folder + "/o.mp4"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("cannot hold transparency"), "\(r.stderr)")
    #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
    #expect(listing(folder) == before, "nothing written")
}
