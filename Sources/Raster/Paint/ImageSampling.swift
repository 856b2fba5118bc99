// ImageSampling.swift — the bilinear sampling kernel of ImagePaint.swift (formulas there).
//
// Per span: the sample position of the first pixel in image space, f₀ = M⁻¹(x + ½, y + ½) − ½,
// and its step per pixel (the first column of M⁻¹). Per block of 8 pixels starting at pixel i:
//
//     base = f₀ + i·step                          (Double; clamped to ±2²⁰, NaN → −2²⁰)
//     ib = ⌊base⌋ (integer), o = Float(base − ib) ∈ [0, 1)
//     lane k:  p = o + k·step (Float),  ⌊p⌋ and w = p − ⌊p⌋ (LaneMath.floor, |p| < 2²²)
//     texel index = ib + ⌊p⌋ (integer), per axis
//
// then the four texels per lane are gathered (range-checked: transparent outside, or clamped:
// pad) and interpolated on Float lanes. The scalar reference computes every pixel with the same
// block decomposition and operations (pixel j uses block j & ~7, lane j & 7).

import Geometry

/// The reference-free part of an image shader (valid while its `RGBAImage` lives; the public
/// `ImageShader` keeps that reference).
struct ImageSampler: PaintShader, @unchecked Sendable {  // points into an immutable image
    let texels: UnsafePointer<PremultipliedRGBA8>
    let width: Int
    let height: Int
    /// Device pixel → image pixel.
    let inverse: Transform
    let opacity: Float
    let edge: ImageEdge
    let isOpaque: Bool
    var uniformColor: PremultipliedRGBA8? { nil }

    static let positionLimit = 1_048_576.0  // 2²⁰
    /// Lane positions are clamped to [−2²¹, 2²¹ − 1] (so floor + 2²¹ is a valid rounding index).
    static let laneLimit: Float = 2_097_152  // 2²¹

    init(image: RGBAImage, deviceToImage: Transform, opacity: Double, edge: ImageEdge) {
        texels = UnsafePointer(image.pixels)
        width = image.width
        height = image.height
        inverse = deviceToImage
        let o = RGBA.clamp01(opacity)
        self.opacity = Float(o)
        self.edge = edge
        isOpaque = image.isOpaque && edge == .pad && o == 1
    }

    func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>) {
        shade(y: y, x: x, count: count, into: colors, kernels: .simd)
    }

    /// Start of a span: the first pixel's sample position and the step per pixel.
    struct SpanStart {
        let fx: Double, fy: Double
        let stepX: Double, stepY: Double
    }

    @inline(__always)
    func spanStart(y: Int, x: Int) -> SpanStart {
        let u = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
        return SpanStart(fx: u.x - 0.5, fy: u.y - 0.5, stepX: inverse.a, stepY: inverse.b)
    }

    /// One axis of a block: the integer base and the Float offset of lane 0.
    @inline(__always)
    static func blockBase(_ start: Double, _ step: Double, _ i: Int) -> (Int, Float) {
        var p = start + step * Double(i)
        if !(p > -positionLimit) { p = -positionLimit }  // also NaN
        if p > positionLimit { p = positionLimit }
        let base = p.rounded(.down)
        return (Int(base), Float(p - base))
    }

    /// The lane positions' floor (as Float) and fraction for offset o and step s: the same
    /// operations for each lane of `lanes` and for the scalar lane k.
    @inline(__always)
    static func split(_ p: SIMD8<Float>) -> (floor: SIMD8<Float>, fraction: SIMD8<Float>) {
        var q = p.replacing(with: -laneLimit, where: .!(p .> -laneLimit))
        q = q.replacing(with: laneLimit - 1, where: q .> laneLimit - 1)
        let f = LaneMath.floor(q)
        return (f, q - f)
    }

    @inline(__always)
    static func split(_ p: Float) -> (floor: Float, fraction: Float) {
        var q = p > -laneLimit ? p : -laneLimit
        q = q > laneLimit - 1 ? laneLimit - 1 : q
        let f = LaneMath.floor(q)
        return (f, q - f)
    }

    @inline(__always)
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<PremultipliedRGBA8>,
               kernels: RasterKernels) {
        let start = spanStart(y: y, x: x)
        let stepX = Float(start.stepX), stepY = Float(start.stepY)
        switch kernels {
        case .simd:
            simdShade(transparentEdge: edge == .transparent, start, count, out)
        case .scalar:
            for j in 0..<count {
                let block = j & ~7, lane = Float(j & 7)
                let (bx, ox) = ImageSampler.blockBase(start.fx, start.stepX, block)
                let (by, oy) = ImageSampler.blockBase(start.fy, start.stepY, block)
                let sx = ImageSampler.split(ox + lane * stepX)
                let sy = ImageSampler.split(oy + lane * stepY)
                let (x, y) = (bx &+ Int(sx.floor), by &+ Int(sy.floor))
                let raw = UnsafeRawPointer(texels)
                let c = edge == .pad ? PadEdge.corners(raw, width, height, x, y)
                    : TransparentEdge.corners(raw, width, height, x, y)
                @inline(__always) func lanes(_ w: UInt32) -> PixelLanes<ScalarLane> {
                    PixelLanes(r: ScalarLane(Float(w & 0xFF)), g: ScalarLane(Float((w >> 8) & 0xFF)),
                               b: ScalarLane(Float((w >> 16) & 0xFF)), a: ScalarLane(Float(w >> 24)))
                }
                let v = interpolate(lanes(c.0), lanes(c.1), lanes(c.2), lanes(c.3), ScalarLane(sx.fraction),
                                    ScalarLane(sy.fraction), ScalarLane(opacity))
                @inline(__always) func byte(_ l: ScalarLane) -> UInt8 { UInt8(truncatingIfNeeded: LaneMath.roundedIndex(l.value)) }
                out[j] = PremultipliedRGBA8(r: byte(v.r), g: byte(v.g), b: byte(v.b), a: byte(v.a))
            }
        }
    }

    /// The SIMD path: per block of 8 pixels the texel indices as Int32 lanes (the floor's
    /// integer via the rounding magic number, offset by 2²¹ to stay non-negative), clamped into
    /// the image and turned into offsets in SIMD; the four texels of each lane are then loaded
    /// without branches into a stack buffer (scalar loads; SIMD lanes are never written one at a
    /// time) and, for transparent edges, the out-of-image corners zeroed with lane masks.
    @inline(__always)
    private func simdShade(transparentEdge: Bool, _ start: SpanStart, _ count: Int,
                           _ out: UnsafeMutablePointer<PremultipliedRGBA8>) {
        let stepX = Float(start.stepX), stepY = Float(start.stepY)
        let offset = SIMD8<Float>(repeating: ImageSampler.laneLimit)
        let bias = Int32(ImageSampler.laneLimit)
        let w = Int32(truncatingIfNeeded: width), h = Int32(truncatingIfNeeded: height)
        let zero = SIMD8<Int32>(repeating: 0), lastX = SIMD8<Int32>(repeating: w &- 1)  // zero: for clamping
        let lastY = SIMD8<Int32>(repeating: h &- 1)
        @inline(__always) func clamped(_ v: SIMD8<Int32>, _ last: SIMD8<Int32>) -> SIMD8<Int32> {
            let low = v.replacing(with: zero, where: v .< zero)
            return low.replacing(with: last, where: low .> last)
        }
        let texel = UnsafeRawPointer(texels).assumingMemoryBound(to: UInt32.self)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { scratch in
            let words = scratch.baseAddress!
            let offsets = UnsafeMutableRawPointer(words + 32)
            var i = 0
            while i < count {
                let (bx, ox) = ImageSampler.blockBase(start.fx, start.stepX, i)
                let (by, oy) = ImageSampler.blockBase(start.fy, start.stepY, i)
                let sx = ImageSampler.split(SIMD8(repeating: ox) + LaneMath.ramp * stepX)
                let sy = ImageSampler.split(SIMD8(repeating: oy) + LaneMath.ramp * stepY)
                let ix = unsafeBitCast(LaneMath.roundedIndex(sx.floor + offset), to: SIMD8<Int32>.self)
                    &+ (Int32(truncatingIfNeeded: bx) &- bias)
                let iy = unsafeBitCast(LaneMath.roundedIndex(sy.floor + offset), to: SIMD8<Int32>.self)
                    &+ (Int32(truncatingIfNeeded: by) &- bias)
                let x0 = clamped(ix, lastX), x1 = clamped(ix &+ 1, lastX)
                let row0 = clamped(iy, lastY) &* w, row1 = clamped(iy &+ 1, lastY) &* w
                offsets.storeBytes(of: row0 &+ x0, as: SIMD8<Int32>.self)
                offsets.storeBytes(of: row0 &+ x1, toByteOffset: 32, as: SIMD8<Int32>.self)
                offsets.storeBytes(of: row1 &+ x0, toByteOffset: 64, as: SIMD8<Int32>.self)
                offsets.storeBytes(of: row1 &+ x1, toByteOffset: 96, as: SIMD8<Int32>.self)
                let index = offsets.assumingMemoryBound(to: Int32.self)
                for k in 0..<32 { words[k] = texel[Int(index[k])] }
                var t00 = UnsafeRawPointer(words).loadUnaligned(as: SIMD8<UInt32>.self)
                var t10 = UnsafeRawPointer(words + 8).loadUnaligned(as: SIMD8<UInt32>.self)
                var t01 = UnsafeRawPointer(words + 16).loadUnaligned(as: SIMD8<UInt32>.self)
                var t11 = UnsafeRawPointer(words + 24).loadUnaligned(as: SIMD8<UInt32>.self)
                if transparentEdge {
                    // v ∈ [0, n) ⇔ v | (n − 1 − v) ≥ 0; the sign, spread by an arithmetic
                    // shift and inverted, is an all-ones lane mask of the corners to keep.
                    @inline(__always) func inside(_ v: SIMD8<Int32>, _ last: SIMD8<Int32>) -> SIMD8<Int32> {
                        ~((v | (last &- v)) &>> 31)
                    }
                    let x0in = inside(ix, lastX), x1in = inside(ix &+ 1, lastX)
                    let y0in = inside(iy, lastY), y1in = inside(iy &+ 1, lastY)
                    t00 &= unsafeBitCast(x0in & y0in, to: SIMD8<UInt32>.self)
                    t10 &= unsafeBitCast(x1in & y0in, to: SIMD8<UInt32>.self)
                    t01 &= unsafeBitCast(x0in & y1in, to: SIMD8<UInt32>.self)
                    t11 &= unsafeBitCast(x1in & y1in, to: SIMD8<UInt32>.self)
                }
                let result = interpolate(BlendFloatKernel.unpack(t00), BlendFloatKernel.unpack(t10),
                                         BlendFloatKernel.unpack(t01), BlendFloatKernel.unpack(t11),
                                         VectorLanes(sx.fraction), VectorLanes(sy.fraction), VectorLanes.splat(opacity))
                let packed = BlendFloatKernel.pack(result)
                let lanes = Swift.min(8, count &- i)
                if lanes == 8 {
                    UnsafeMutableRawPointer(out + i).storeBytes(of: packed, as: SIMD8<UInt32>.self)
                } else {
                    UnsafeMutableRawPointer(words).storeBytes(of: packed, as: SIMD8<UInt32>.self)
                    UnsafeMutableRawPointer(out + i).copyMemory(from: words, byteCount: lanes &* 4)
                }
                i &+= 8
            }
        }
    }

    /// Bilinear interpolation of four texels by (wx, wy), times the opacity, in 8-bit units.
    @inline(__always)
    func interpolate<V: FloatLanes>(_ t00: PixelLanes<V>, _ t10: PixelLanes<V>, _ t01: PixelLanes<V>,
                                    _ t11: PixelLanes<V>, _ wx: V, _ wy: V, _ o: V) -> PixelLanes<V> {
        let one = V.splat(1)
        let ix = one - wx, iy = one - wy
        let scaled = opacity != 1
        @inline(__always) func channel(_ a: V, _ b: V, _ c: V, _ d: V) -> V {
            let top = a * ix + b * wx
            let bottom = c * ix + d * wx
            let v = top * iy + bottom * wy
            return scaled ? v * o : v
        }
        return PixelLanes(r: channel(t00.r, t10.r, t01.r, t11.r), g: channel(t00.g, t10.g, t01.g, t11.g),
                          b: channel(t00.b, t10.b, t01.b, t11.b), a: channel(t00.a, t10.a, t01.a, t11.a))
    }

    /// The exact colour of pixel (x, y): the formula of ImagePaint.swift in Double.
    func exactColor(x: Int, y: Int) -> PremultipliedRGBA8 {
        let u = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
        let fx = u.x - 0.5, fy = u.y - 0.5
        let i = fx.rounded(.down), j = fy.rounded(.down)
        let wx = fx - i, wy = fy - j
        func texel(_ tx: Int, _ ty: Int) -> PremultipliedRGBA8 {
            switch edge {
            case .pad:
                return texels[Swift.min(Swift.max(ty, 0), height - 1) * width + Swift.min(Swift.max(tx, 0), width - 1)]
            case .transparent:
                return tx >= 0 && tx < width && ty >= 0 && ty < height ? texels[ty * width + tx] : .transparent
            }
        }
        guard abs(i) < 1e9, abs(j) < 1e9 else { return edge == .pad ? texel(i < 0 ? 0 : width, j < 0 ? 0 : height) : .transparent }
        let (ii, jj) = (Int(i), Int(j))
        let t = (texel(ii, jj), texel(ii + 1, jj), texel(ii, jj + 1), texel(ii + 1, jj + 1))
        let o = Double(opacity)
        func channel(_ k: KeyPath<PremultipliedRGBA8, UInt8>) -> UInt8 {
            let top = Double(t.0[keyPath: k]) * (1 - wx) + Double(t.1[keyPath: k]) * wx
            let bottom = Double(t.2[keyPath: k]) * (1 - wx) + Double(t.3[keyPath: k]) * wx
            return UInt8(((top * (1 - wy) + bottom * wy) * o).rounded())
        }
        return PremultipliedRGBA8(r: channel(\.r), g: channel(\.g), b: channel(\.b), a: channel(\.a))
    }
}

/// How texels outside the image are read: as the nearest edge texel, or as transparent.
protocol ImageEdgeRule {
    /// The four texels around integer position (i, j) of a width×height image, as 32-bit words:
    /// (i, j), (i+1, j), (i, j+1), (i+1, j+1).
    static func corners(_ texels: UnsafeRawPointer, _ width: Int, _ height: Int, _ i: Int, _ j: Int)
        -> (UInt32, UInt32, UInt32, UInt32)
}

@inline(__always)
private func texel(_ texels: UnsafeRawPointer, _ width: Int, _ x: Int, _ y: Int) -> UInt32 {
    texels.load(fromByteOffset: (y &* width &+ x) &* 4, as: UInt32.self)
}

enum PadEdge: ImageEdgeRule {
    @inline(__always)
    static func corners(_ texels: UnsafeRawPointer, _ width: Int, _ height: Int, _ i: Int, _ j: Int)
        -> (UInt32, UInt32, UInt32, UInt32) {
        let x0 = Swift.min(Swift.max(i, 0), width &- 1), x1 = Swift.min(Swift.max(i &+ 1, 0), width &- 1)
        let y0 = Swift.min(Swift.max(j, 0), height &- 1), y1 = Swift.min(Swift.max(j &+ 1, 0), height &- 1)
        return (texel(texels, width, x0, y0), texel(texels, width, x1, y0), texel(texels, width, x0, y1),
                texel(texels, width, x1, y1))
    }
}

enum TransparentEdge: ImageEdgeRule {
    @inline(__always)
    static func corners(_ texels: UnsafeRawPointer, _ width: Int, _ height: Int, _ i: Int, _ j: Int)
        -> (UInt32, UInt32, UInt32, UInt32) {
        // Inside the image's interior all four are in range (the common case): no checks.
        if i >= 0 && i &+ 1 < width && j >= 0 && j &+ 1 < height {
            return (texel(texels, width, i, j), texel(texels, width, i &+ 1, j), texel(texels, width, i, j &+ 1),
                    texel(texels, width, i &+ 1, j &+ 1))
        }
        let inX0 = i >= 0 && i < width, inX1 = i >= -1 && i &+ 1 < width
        let inY0 = j >= 0 && j < height, inY1 = j >= -1 && j &+ 1 < height
        return (inX0 && inY0 ? texel(texels, width, i, j) : 0, inX1 && inY0 ? texel(texels, width, i &+ 1, j) : 0,
                inX0 && inY1 ? texel(texels, width, i, j &+ 1) : 0, inX1 && inY1 ? texel(texels, width, i &+ 1, j &+ 1) : 0)
    }
}
