// Tritone.swift — maps a layer's brightness onto three colours (After Effects' Tritone effect
// as lottie-web draws it: a grey conversion in linear light, then a three-entry table).
//
// On the straight (un-premultiplied) colour C = (R, G, B) of each pixel, alpha kept:
//
//     Y  = enc((lin(R) + lin(G) + lin(B)) / 3)        lin/enc: the sRGB transfer functions
//     T  = S + (M − S)·2Y             for Y ≤ ½        (S shadows, M midtones, H highlights)
//          M + (H − M)·(2Y − 1)       for Y > ½
//     C' = (1 − b)·T + b·C                             b: blend with original, in [0, 1]
//
// (SVG's feColorMatrix with 1/3 in every colour row under color-interpolation-filters linearRGB,
// then feComponentTransfer type "table" with tableValues S M H in sRGB.) In 8 bits: lin is a
// 256-entry table of 16-bit linear values, the mean is encoded back through a 4096-entry table
// indexed by its top 12 bits, and T is a 256-entry table per channel, built once per call;
// C' is premultiplied back with round(c·a/255). A scalar kernel (runs once per layer).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tritone colour mapping (the header) on premultiplied canvases.
public final class Tritone {
    private var linear = [UInt16](repeating: 0, count: 256)
    private var encode = [UInt8](repeating: 0, count: 4096)
    private var table = [UInt8](repeating: 0, count: 3 * 256)

    public init() {
        for k in 0..<256 {
            let c = Double(k) / 255
            let l = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            linear[k] = UInt16((l * 65535).rounded())
        }
        for k in 0..<4096 {
            let l = (Double(k) + 0.5) / 4096
            let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
            encode[k] = UInt8((Swift.min(Swift.max(c, 0), 1) * 255).rounded())
        }
    }

    /// Applies the mapping to the pixels of `canvas` inside `box` (clipped).
    public func apply(to canvas: Canvas, highlights: RGBA, midtones: RGBA, shadows: RGBA, blend: Double,
                      in box: PixelBox) {
        let region = box.clipped(width: canvas.width, height: canvas.height)
        guard !region.isEmpty else { return }
        canvas.resolvePendingClear()
        buildTable(highlights: highlights, midtones: midtones, shadows: shadows)
        let b = UInt32((Swift.min(Swift.max(blend.isNaN ? 0 : blend, 0), 1) * 256).rounded())
        let width = canvas.width
        linear.withUnsafeBufferPointer { lin in
            encode.withUnsafeBufferPointer { enc in
                table.withUnsafeBufferPointer { t in
                    for y in region.minY..<region.maxY {
                        let row = canvas.pixels + y * width
                        for x in region.minX..<region.maxX where row[x].a != 0 {
                            let (r, g, bl, a) = row[x].straight
                            let sum = UInt32(lin[Int(r)]) + UInt32(lin[Int(g)]) + UInt32(lin[Int(bl)])
                            let grey = Int(enc[Int(sum / 3) >> 4])
                            @inline(__always) func channel(_ c: UInt8, _ k: Int) -> UInt8 {
                                let mapped = UInt32(t[k * 256 + grey])
                                let mixed = (mapped * (256 - b) + UInt32(c) * b + 128) >> 8
                                return Shadow.mul255(mixed, UInt32(a))
                            }
                            row[x] = PremultipliedRGBA8(r: channel(r, 0), g: channel(g, 1), b: channel(bl, 2), a: a)
                        }
                    }
                }
            }
        }
    }

    private func buildTable(highlights h: RGBA, midtones m: RGBA, shadows s: RGBA) {
        let rows: [(Double, Double, Double)] = [(s.r, m.r, h.r), (s.g, m.g, h.g), (s.b, m.b, h.b)]
        for (k, (sv, mv, hv)) in rows.enumerated() {
            for grey in 0..<256 {
                let y = Double(grey) / 255
                let value = y <= 0.5 ? sv + (mv - sv) * 2 * y : mv + (hv - mv) * (2 * y - 1)
                let clamped = Swift.min(Swift.max(value.isNaN ? 0 : value, 0), 1)
                table[k * 256 + grey] = UInt8((clamped * 255).rounded())
            }
        }
    }
}
