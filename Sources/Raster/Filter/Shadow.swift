// Shadow.swift — a drop shadow of a premultiplied layer: its alpha moved by a sub-pixel offset
// into an A8 mask (blurred by the caller with GaussianBlur), then put under (or in place of) the
// layer in the shadow's colour.
//
// Shift. With the offset (dx, dy) split as dx = i + u, dy = j + v (i = ⌊dx⌋, u ∈ [0, 1)), the
// shadow coverage is the layer's alpha α sampled bilinearly at (x − dx, y − dy):
//
//     S(x, y) = (1−u)(1−v)·α(x−i, y−j) + u(1−v)·α(x−i−1, y−j) + (1−u)v·α(x−i, y−j−1) + uv·α(x−i−1, y−j−1)
//
// with α = 0 outside the canvas; in 8 bits the weights are U = round(256u), V = round(256v)
// (w00 = (256−U)(256−V), … summing to 2¹⁶) and S = (Σ w·α + 2¹⁵) >> 16. A whole-pixel offset
// (U = V = 0) moves α exactly. The integral of S equals that of α (the weights sum to one),
// except what moves past the canvas edge.
//
// Composite. With P the shadow colour premultiplied by its opacity (8 bits), m = S after the
// blur, spread by c ∈ [0, 1) (a layer style's choke: m ← min(1, m/(1 − c)), in 8 bits
// min(255, (m·k + 2¹⁵) >> 16) with k = round(2¹⁶/(1 − c))), the shadow pixel is s = P·m/255 and
//
//     under:        L' = L + s·(1 − L.a)        (the layer source-over its shadow)
//     shadow only:  L' = s
//
// each product rounded as ⌊(a·b + 128)·257 / 2¹⁶⌋ = round(a·b/255). Scalar kernels (no SIMD:
// they run once per shadowed layer, not per shape).

/// Drop-shadow kernels on a canvas and an A8 mask of the same size.
public enum Shadow {
    /// Writes into `mask` inside `box` the alpha of `layer` moved by (dx, dy) pixels (the header);
    /// pixels of `mask` outside `box` are not written.
    public static func loadShiftedAlpha(of layer: Canvas, dx: Double, dy: Double, into mask: CoverageMask,
                                        in box: PixelBox) {
        precondition(mask.width == layer.width && mask.height == layer.height, "shadow: mask and layer sizes differ")
        let region = box.clipped(width: mask.width, height: mask.height)
        guard !region.isEmpty else { return }
        layer.resolvePendingClear()
        let fx = dx.isFinite ? dx : 0, fy = dy.isFinite ? dy : 0
        let limit = Double(Int32.max / 4)
        let i = Int(Swift.min(Swift.max(fx.rounded(.down), -limit), limit))
        let j = Int(Swift.min(Swift.max(fy.rounded(.down), -limit), limit))
        var u = UInt32(((fx - Double(i)) * 256).rounded()), v = UInt32(((fy - Double(j)) * 256).rounded())
        var i0 = i, j0 = j
        if u == 256 { u = 0; i0 += 1 }
        if v == 256 { v = 0; j0 += 1 }
        let w00 = (256 - u) * (256 - v), w10 = u * (256 - v), w01 = (256 - u) * v, w11 = u * v
        let width = layer.width, height = layer.height, pixels = layer.pixels
        @inline(__always) func alpha(_ x: Int, _ y: Int) -> UInt32 {
            x >= 0 && x < width && y >= 0 && y < height ? UInt32(pixels[y * width + x].a) : 0
        }
        for y in region.minY..<region.maxY {
            let row = mask.bytes + y * width
            let sy = y - j0
            for x in region.minX..<region.maxX {
                let sx = x - i0
                let sum = w00 * alpha(sx, sy) + w10 * alpha(sx - 1, sy) + w01 * alpha(sx, sy - 1) + w11 * alpha(sx - 1, sy - 1)
                row[x] = UInt8((sum + 32768) >> 16)
            }
        }
    }

    /// Puts the shadow `color` (premultiplied with its opacity) through `mask` under the pixels of
    /// `layer` inside `box`, or in their place when `shadowOnly` (the header).
    public static func composite(_ mask: CoverageMask, color: PremultipliedRGBA8, under layer: Canvas, in box: PixelBox,
                                 shadowOnly: Bool, spread: Double = 0) {
        precondition(mask.width == layer.width && mask.height == layer.height, "shadow: mask and layer sizes differ")
        let region = box.clipped(width: layer.width, height: layer.height)
        guard !region.isEmpty else { return }
        layer.resolvePendingClear()
        let width = layer.width
        let c = spread.isFinite ? Swift.min(Swift.max(spread, 0), 0.99) : 0
        let k = UInt32((65536 / (1 - c)).rounded())
        for y in region.minY..<region.maxY {
            let row = layer.pixels + y * width
            let coverage = mask.bytes + y * width
            for x in region.minX..<region.maxX {
                let m = c == 0 ? UInt32(coverage[x]) : Swift.min(255, (UInt32(coverage[x]) * k + 32768) >> 16)
                let s = PremultipliedRGBA8(r: mul255(UInt32(color.r), m), g: mul255(UInt32(color.g), m),
                                           b: mul255(UInt32(color.b), m), a: mul255(UInt32(color.a), m))
                if shadowOnly {
                    row[x] = s
                } else {
                    let l = row[x]
                    let k = 255 - UInt32(l.a)
                    row[x] = PremultipliedRGBA8(r: l.r &+ mul255(UInt32(s.r), k), g: l.g &+ mul255(UInt32(s.g), k),
                                                b: l.b &+ mul255(UInt32(s.b), k), a: l.a &+ mul255(UInt32(s.a), k))
                }
            }
        }
        layer.noteDrawn(region.bounds)
    }

    /// round(a·b/255) for a, b ≤ 255.
    @inline(__always) static func mul255(_ a: UInt32, _ b: UInt32) -> UInt8 {
        let t = a * b + 128
        return UInt8((t + (t >> 8)) >> 8)
    }
}
