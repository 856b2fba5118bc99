// The drop shadow's kernels (Shadow.swift) against its header's formulas written out per pixel
// here: the bilinear shift of α (canvas edges read as 0) and the composite through a colour
// table with its opaque / transparent / no-shadow shortcuts — both must be exact, on seeded
// layers holding opaque, transparent and partly covered pixels, for offsets whole and fractional,
// inside and past the canvas.
import Testing
@testable import Raster
import TestSupport

@Suite struct ShadowKernelTests {
    func inside(_ b: PixelBox, _ x: Int, _ y: Int) -> Bool { x >= b.minX && x < b.maxX && y >= b.minY && y < b.maxY }

    /// A w×h layer: a quarter each of opaque, transparent and random premultiplied pixels, in runs.
    func layer(_ w: Int, _ h: Int, seed: UInt64) -> Canvas {
        var rng = SeededGenerator(seed: seed)
        let canvas = Canvas(width: w, height: h)
        var i = 0
        while i < w * h {
            let run = Int.random(in: 1...20, using: &rng), kind = Int.random(in: 0..<4, using: &rng)
            for k in i..<min(w * h, i + run) {
                let a = kind == 0 ? 255 : kind == 1 ? 0 : UInt8.random(in: 0...255, using: &rng)
                canvas.pixels[k] = PremultipliedRGBA8(r: UInt8.random(in: 0...a, using: &rng), g: UInt8.random(in: 0...a, using: &rng),
                                                      b: UInt8.random(in: 0...a, using: &rng), a: a)
            }
            i += run
        }
        return canvas
    }

    /// S(x, y) of Shadow.swift's header, with α = 0 beyond the canvas.
    func referenceShift(_ l: Canvas, dx: Double, dy: Double, x: Int, y: Int) -> UInt8 {
        var i = Int(dx.rounded(.down)), j = Int(dy.rounded(.down))
        var u = UInt32(((dx - Double(i)) * 256).rounded()), v = UInt32(((dy - Double(j)) * 256).rounded())
        if u == 256 { u = 0; i += 1 }
        if v == 256 { v = 0; j += 1 }
        func a(_ x: Int, _ y: Int) -> UInt32 {
            x >= 0 && x < l.width && y >= 0 && y < l.height ? UInt32(l.pixels[y * l.width + x].a) : 0
        }
        let sx = x - i, sy = y - j
        let sum = (256 - u) * (256 - v) * a(sx, sy) + u * (256 - v) * a(sx - 1, sy) + (256 - u) * v * a(sx, sy - 1) + u * v * a(sx - 1, sy - 1)
        return UInt8((sum + 32768) >> 16)
    }

    @Test(arguments: [(0.0, 0.0), (3, -2), (2.25, 1.5), (-4.7, 3.3), (0.999, -0.001), (40, 5), (-9.5, -30)])
    func shiftedAlphaIsTheBilinearFormula(_ offset: (Double, Double)) {
        let l = layer(37, 23, seed: 5)
        let mask = CoverageMask(width: 37, height: 23)
        mask.fill(201, in: .whole(width: 37, height: 23))
        let box = PixelBox(minX: 2, minY: 1, maxX: 35, maxY: 22)
        Shadow.loadShiftedAlpha(of: l, dx: offset.0, dy: offset.1, into: mask, in: box)
        for y in 0..<23 {
            for x in 0..<37 {
                let expected = inside(box, x, y) ? referenceShift(l, dx: offset.0, dy: offset.1, x: x, y: y) : 201
                #expect(mask[x, y] == expected, "offset \(offset) at (\(x), \(y))")
            }
        }
    }

    @Test(arguments: [(false, 0.0), (false, 0.4), (true, 0.0), (true, 0.25)])
    func compositeIsTheHeaderFormulaAtEveryPixel(_ mode: (shadowOnly: Bool, spread: Double)) {
        let w = 45, h = 17
        let before = layer(w, h, seed: 9), after = layer(w, h, seed: 9)
        var rng = SeededGenerator(seed: 21)
        let mask = CoverageMask(width: w, height: h)
        mask.withUnsafeMutableBytes { b in
            for k in 0..<b.count { b[k] = Bool.random(using: &rng) ? 0 : UInt8.random(in: 0...255, using: &rng) }
        }
        let color = PremultipliedRGBA8(r: 20, g: 90, b: 130, a: 160)
        let box = PixelBox(minX: 3, minY: 2, maxX: 44, maxY: 16)
        Shadow.composite(mask, color: color, under: after, in: box, shadowOnly: mode.shadowOnly, spread: mode.spread)
        let k = UInt32((65536 / (1 - mode.spread)).rounded())
        func mul(_ a: UInt8, _ b: UInt32) -> UInt8 { UInt8((UInt32(a) * b + 127) / 255) }
        var partial = 0
        for y in 0..<h {
            for x in 0..<w {
                let l = before.pixels[y * w + x]
                var expected = l
                if inside(box, x, y) {
                    let c = UInt32(mask[x, y])
                    let m = mode.spread == 0 ? c : min(255, (c * k + 32768) >> 16)
                    let s = PremultipliedRGBA8(r: mul(color.r, m), g: mul(color.g, m), b: mul(color.b, m), a: mul(color.a, m))
                    let f = 255 - UInt32(l.a)
                    if l.a != 0 && l.a != 255 && m != 0 { partial += 1 }
                    expected = mode.shadowOnly ? s : PremultipliedRGBA8(r: l.r + mul(s.r, f), g: l.g + mul(s.g, f),
                                                                        b: l.b + mul(s.b, f), a: l.a + mul(s.a, f))
                }
                #expect(after.pixels[y * w + x] == expected, "\(mode) at (\(x), \(y))")
            }
        }
        #expect(partial > 20, "the test reaches the products (\(partial) partly covered pixels under a shadow)")
    }
}
