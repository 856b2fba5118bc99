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
// each product rounded as ⌊(a·b + 128)·257 / 2¹⁶⌋ = round(a·b/255).
//
// Kernels (one pass over the box each, both exact — the same integers at every pixel):
//   • shift: the two source rows' alphas (α = the top byte of a pixel word) are read through
//     row pointers, with the canvas edge handled by clipping the x range (no test per sample);
//     a whole-pixel offset copies α;
//   • composite: s depends on m only, so the 256 shadow pixels are a table built once per call;
//     a pixel with m = 0 or an opaque layer pixel (L.a = 255) is left as it is (s·(1 − L.a) = 0),
//     a transparent one becomes s, only the partly covered ones take the products — tested 8
//     pixels at a time (a layer's inside is opaque, its outside transparent).

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
        let weights = ShiftWeights(w00: (256 - u) * (256 - v), w10: u * (256 - v), w01: (256 - u) * v, w11: u * v)
        let width = layer.width, height = layer.height
        let words = UnsafeRawPointer(layer.pixels)
        for y in region.minY..<region.maxY {
            let sy = y - j0
            // Rows sy (weights w00, w10) and sy − 1 (w01, w11); nil beyond the canvas (α = 0).
            let upper = sy >= 0 && sy < height ? words + 4 * sy * width : nil
            let lower = sy - 1 >= 0 && sy - 1 < height ? words + 4 * (sy - 1) * width : nil
            shiftRow(upper, lower, into: mask.bytes + y * width, from: region.minX, to: region.maxX, shift: i0,
                     width: width, weights: weights)
        }
    }

    struct ShiftWeights { var w00, w10, w01, w11: UInt32 }

    /// One mask row x ∈ [x0, x1) of the shift: source columns sx = x − i and sx − 1 of two rows.
    private static func shiftRow(_ upper: UnsafeRawPointer?, _ lower: UnsafeRawPointer?, into out: UnsafeMutablePointer<UInt8>,
                                 from x0: Int, to x1: Int, shift i: Int, width: Int, weights w: ShiftWeights) {
        @inline(__always) func alpha(_ row: UnsafeRawPointer?, _ sx: Int) -> UInt32 {
            guard let row, sx >= 0, sx < width else { return 0 }
            return UInt32(row.load(fromByteOffset: 4 * sx + 3, as: UInt8.self))
        }
        @inline(__always) func sample(_ x: Int) -> UInt8 {
            let sx = x - i
            let sum = w.w00 * alpha(upper, sx) + w.w10 * alpha(upper, sx - 1) + w.w01 * alpha(lower, sx) + w.w11 * alpha(lower, sx - 1)
            return UInt8((sum + 32768) >> 16)
        }
        guard upper != nil || lower != nil else {
            (out + x0).update(repeating: 0, count: x1 - x0)
            return
        }
        // Inside [a, b) both source columns sx − 1 and sx lie on the canvas: no tests. A row beyond
        // the canvas reads the other row with weight 0.
        let a = Swift.min(Swift.max(x0, i + 1), x1), b = Swift.max(Swift.min(x1, i + width), a)
        for x in x0..<a { out[x] = sample(x) }
        let top = upper ?? lower!, bottom = lower ?? upper!
        let w00 = upper == nil ? 0 : w.w00, w10 = upper == nil ? 0 : w.w10
        let w01 = lower == nil ? 0 : w.w01, w11 = lower == nil ? 0 : w.w11
        if w10 == 0 && w01 == 0 && w11 == 0 {
            for x in a..<b { out[x] = UInt8((w00 * UInt32(top.load(fromByteOffset: 4 * (x - i) + 3, as: UInt8.self)) + 32768) >> 16) }
        } else {
            for x in a..<b {
                let o = 4 * (x - i) + 3
                let sum = w00 * UInt32(top.load(fromByteOffset: o, as: UInt8.self))
                    &+ w10 * UInt32(top.load(fromByteOffset: o - 4, as: UInt8.self))
                    &+ w01 * UInt32(bottom.load(fromByteOffset: o, as: UInt8.self))
                    &+ w11 * UInt32(bottom.load(fromByteOffset: o - 4, as: UInt8.self))
                out[x] = UInt8(truncatingIfNeeded: (sum &+ 32768) >> 16)
            }
        }
        for x in b..<x1 { out[x] = sample(x) }
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
        withUnsafeTemporaryAllocation(of: PremultipliedRGBA8.self, capacity: 256) { table in
            for coverage in 0..<256 {
                let m = c == 0 ? UInt32(coverage) : Swift.min(255, (UInt32(coverage) * k + 32768) >> 16)
                table[coverage] = PremultipliedRGBA8(r: mul255(UInt32(color.r), m), g: mul255(UInt32(color.g), m),
                                                     b: mul255(UInt32(color.b), m), a: mul255(UInt32(color.a), m))
            }
            for y in region.minY..<region.maxY {
                let row = layer.pixels + y * width, coverage = mask.bytes + y * width
                if shadowOnly {
                    for x in region.minX..<region.maxX { row[x] = table[Int(coverage[x])] }
                } else {
                    compositeRow(row, coverage, from: region.minX, to: region.maxX, table: UnsafePointer(table.baseAddress!))
                }
            }
        }
        layer.noteDrawn(region.bounds)
    }

    /// L' = L + s·(1 − L.a) for x ∈ [x0, x1), s = table[m] (the header's fast cases first).
    private static func compositeRow(_ row: UnsafeMutablePointer<PremultipliedRGBA8>, _ coverage: UnsafePointer<UInt8>,
                                     from x0: Int, to x1: Int, table: UnsafePointer<PremultipliedRGBA8>) {
        let words = UnsafeRawPointer(row)
        var x = x0
        while x < x1 {
            if x + 8 <= x1 {
                // Eight pixels with no shadow or an opaque layer stay as they are.
                let m = UnsafeRawPointer(coverage + x).loadUnaligned(as: UInt64.self)
                let p = words.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                if m == 0 || (p & 0xFF00_0000) == SIMD8(repeating: 0xFF00_0000) { x += 8; continue }
            }
            let l = row[x], s = table[Int(coverage[x])]
            if l.a == 0 {
                row[x] = s
            } else if l.a != 255 && s.a != 0 {
                let k = 255 - UInt32(l.a)
                row[x] = PremultipliedRGBA8(r: l.r &+ mul255(UInt32(s.r), k), g: l.g &+ mul255(UInt32(s.g), k),
                                            b: l.b &+ mul255(UInt32(s.b), k), a: l.a &+ mul255(UInt32(s.a), k))
            }
            x += 1
        }
    }

    /// round(a·b/255) for a, b ≤ 255.
    @inline(__always) static func mul255(_ a: UInt32, _ b: UInt32) -> UInt8 {
        let t = a * b + 128
        return UInt8((t + (t >> 8)) >> 8)
    }
}
