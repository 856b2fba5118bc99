// PaintTestSupport.swift — colour comparisons and random gradients for the paint tests.

import TestSupport
import Geometry
import Raster

/// Largest per-channel difference of two pixels (alpha included).
func channelDistance(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8) -> Int {
    max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
}

/// Largest per-channel difference between an opaque pixel's colour and expected 8-bit values.
func channelDistance(_ p: PremultipliedRGBA8, rgb expected: (Double, Double, Double)) -> Double {
    max(abs(Double(p.r) - expected.0), abs(Double(p.g) - expected.1), abs(Double(p.b) - expected.2))
}

/// The opaque pixel of a `#RRGGBB` colour.
func pixel(hex: String) -> PremultipliedRGBA8 {
    PremultipliedRGBA8(RGBA(hex: hex)!)
}

/// All pixels of a canvas, row-major.
func pixels(_ canvas: Canvas) -> [PremultipliedRGBA8] {
    var result: [PremultipliedRGBA8] = []
    result.reserveCapacity(canvas.width * canvas.height)
    for y in 0..<canvas.height {
        for x in 0..<canvas.width { result.append(canvas[x, y]) }
    }
    return result
}

/// The §2.4 heart gradient: blue #005FFF at 0, red at 0.5, blue at 1.
let heartGradient = Gradient(colors: [RGBA(hex: "#005FFF")!, RGBA(hex: "#FF0000")!, RGBA(hex: "#005FFF")!])

func randomColor(opaque: Bool, using rng: inout SeededGenerator) -> RGBA {
    RGBA(r: .random(in: 0...1, using: &rng), g: .random(in: 0...1, using: &rng), b: .random(in: 0...1, using: &rng),
         a: opaque ? 1 : .random(in: 0...1, using: &rng))
}

/// `count` evenly spaced random colours; `closed` repeats the first colour at the end (a seamless
/// gradient for repeat and conic).
func randomGradient(stops count: Int, opaque: Bool, closed: Bool = false, using rng: inout SeededGenerator) -> Gradient {
    var colors = (0..<count).map { _ in randomColor(opaque: opaque, using: &rng) }
    if closed && count > 1 { colors[count - 1] = colors[0] }
    return Gradient(colors: colors)
}

/// A random invertible user → device transform: rotation, anisotropic scale, translation.
func randomTransform(using rng: inout SeededGenerator) -> Transform {
    Transform.scale(.random(in: 0.5...2, using: &rng), .random(in: 0.5...2, using: &rng))
        .concatenating(.rotation(radians: .random(in: -3...3, using: &rng)))
        .concatenating(.translation(.random(in: -20...60, using: &rng), .random(in: -20...60, using: &rng)))
}
