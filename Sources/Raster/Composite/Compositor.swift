// Compositor.swift — premultiplied source-over of a span of source pixels into the canvas.
//
// All math is 8-bit premultiplied integer math (docs/ANIMATIONS.md §1.2: source-over in
// gamma-encoded sRGB, out = α·src + (1 − α)·dst). For a source pixel S (premultiplied bytes),
// coverage m (0…255) and destination pixel D, per channel c ∈ {r, g, b, a}:
//
//     S'_c  = div255(S_c · m)                         source scaled by coverage
//     out_c = S'_c + div255(D_c · (255 − S'_a))       source-over
//
//     div255(x) = (x + 128 + ((x + 128) >> 8)) >> 8   = round(x / 255) exactly for 0 ≤ x ≤ 255²
//
// Consequences: m = 255 leaves S unchanged (div255(255·S) = S), so an opaque colour at full
// coverage writes exactly its bytes; m = 0 leaves D unchanged; out_c ≤ out_a ≤ 255 whenever S and
// D are valid premultiplied pixels (colour ≤ alpha), so no clamping is needed. With a solid
// colour of straight alpha a over an opaque D the result is round-trip equal to
// a·src + (1 − a)·dst up to ±1 (one rounding when premultiplying, one in div255).
//
// Kernels (each has a scalar reference and a SIMD version; they are byte-identical because
// they evaluate the same integer formula, tested on random spans):
//   * uniform colour, constant coverage: S' and 255 − S'_a computed once per span; a span
//     whose S' is opaque is a plain fill;
//   * uniform colour, per-pixel coverage (the common case at shape edges);
//   * uniform colour, per-pixel coverage, over pixels known to hold one background colour B
//     (not drawn since the canvas was cleared to B): out = over(scale(colour, m), B) is computed
//     without reading the destination and written to every pixel (m = 0 writes B);
//   * per-pixel colours (gradients), per-pixel coverage;
//   * per-pixel colours, constant coverage (gradient interiors, layers composited with an
//     opacity): with m = 255 the scale step is skipped (div255(255·S) = S, so this is exact), and
//     8-pixel blocks of fully transparent source (empty parts of a layer) are skipped.
// SIMD: 8 pixels per step as SIMD16<UInt16> holding two channels per 16-bit lane ((r, b) and
// (g, a) pairs, see `Vector`); the lanes hold the products ≤ 65 025 and div255's intermediate
// ≤ 65 407. Blocks of 8 pixels with zero coverage are skipped; blocks with full coverage of a
// uniform colour skip the coverage multiply (an opaque one is stored directly).

enum SpanCompositor {
    // MARK: Dispatch

    /// Uniform source colour, constant coverage over `count` pixels.
    @inline(__always)
    static func sourceOver(uniform color: PremultipliedRGBA8, coverage: UInt8,
                           into destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                           kernels: RasterKernels) {
        switch kernels {
        case .scalar: Scalar.uniformConstant(color, coverage, destination, count)
        case .simd: Vector.uniformConstant(color, coverage, destination, count)
        }
    }

    /// Uniform source colour, per-pixel coverage `mask[0..<count]`.
    @inline(__always)
    static func sourceOver(uniform color: PremultipliedRGBA8, mask: UnsafePointer<UInt8>,
                           into destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                           kernels: RasterKernels) {
        switch kernels {
        case .scalar: Scalar.uniformMask(color, mask, destination, count)
        case .simd: Vector.uniformMask(color, mask, destination, count)
        }
    }

    /// Uniform source colour, per-pixel coverage `mask[0..<count]`, over `count` pixels that all
    /// hold `background` (they are not read; every one is written).
    @inline(__always)
    static func sourceOver(uniform color: PremultipliedRGBA8, mask: UnsafePointer<UInt8>,
                           overBackground background: PremultipliedRGBA8,
                           into destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                           kernels: RasterKernels) {
        sourceOver(OverBackground(color: color, background: background), mask: mask, into: destination,
                   count: count, kernels: kernels)
    }

    /// The same with the colour and background prepared once (per fill, not per span).
    @inline(__always)
    static func sourceOver(_ source: OverBackground, mask: UnsafePointer<UInt8>,
                           into destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                           kernels: RasterKernels) {
        switch kernels {
        case .scalar: Scalar.uniformMaskOverBackground(source.color, mask, source.background, destination, count)
        case .simd: Vector.uniformMaskOverBackground(source, mask, destination, count)
        }
    }

    /// A uniform colour over a known background, with the SIMD kernel's constant lanes.
    struct OverBackground {
        let color: PremultipliedRGBA8
        let background: PremultipliedRGBA8
        /// over(colour, background): the result at full coverage.
        let full: PremultipliedRGBA8
        let colorRB: Vector.Lanes, colorGA: Vector.Lanes
        let backRB: Vector.Lanes, backGA: Vector.Lanes
        /// 8 background pixels and 8 pixels of over(colour, background), as stored.
        let backPixels: Vector.Lanes, fullPixels: Vector.Lanes

        init(color: PremultipliedRGBA8, background: PremultipliedRGBA8) {
            self.color = color
            self.background = background
            full = over(color, background)
            (colorRB, colorGA) = Vector.channelPairs(color)
            (backRB, backGA) = Vector.channelPairs(background)
            backPixels = Vector.splat(background)
            fullPixels = Vector.splat(full)
        }
    }

    /// Per-pixel source colours `colors[0..<count]`, per-pixel coverage `mask[0..<count]`.
    @inline(__always)
    static func sourceOver(colors: UnsafePointer<PremultipliedRGBA8>, mask: UnsafePointer<UInt8>,
                           into destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                           kernels: RasterKernels) {
        switch kernels {
        case .scalar: Scalar.colorsMask(colors, mask, destination, count)
        case .simd: Vector.colorsMask(colors, mask, destination, count)
        }
    }

    /// Per-pixel source colours `colors[0..<count]`, constant coverage.
    @inline(__always)
    static func sourceOver(colors: UnsafePointer<PremultipliedRGBA8>, coverage: UInt8,
                           into destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                           kernels: RasterKernels) {
        switch kernels {
        case .scalar: Scalar.colorsConstant(colors, coverage, destination, count)
        case .simd: Vector.colorsConstant(colors, coverage, destination, count)
        }
    }

    // MARK: Shared formula

    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// S' = div255(S·m) per channel.
    @inline(__always)
    static func scale(_ s: PremultipliedRGBA8, by m: UInt32) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(r: UInt8(truncatingIfNeeded: div255(UInt32(s.r) &* m)),
                           g: UInt8(truncatingIfNeeded: div255(UInt32(s.g) &* m)),
                           b: UInt8(truncatingIfNeeded: div255(UInt32(s.b) &* m)),
                           a: UInt8(truncatingIfNeeded: div255(UInt32(s.a) &* m)))
    }

    /// out = S' + div255(D·(255 − S'_a)) for an already coverage-scaled source S'.
    @inline(__always)
    static func over(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        let inverse = 255 &- UInt32(s.a)
        return PremultipliedRGBA8(r: UInt8(truncatingIfNeeded: UInt32(s.r) &+ div255(UInt32(d.r) &* inverse)),
                                  g: UInt8(truncatingIfNeeded: UInt32(s.g) &+ div255(UInt32(d.g) &* inverse)),
                                  b: UInt8(truncatingIfNeeded: UInt32(s.b) &+ div255(UInt32(d.b) &* inverse)),
                                  a: UInt8(truncatingIfNeeded: UInt32(s.a) &+ div255(UInt32(d.a) &* inverse)))
    }

    // MARK: Scalar reference kernels

    enum Scalar {
        static func uniformConstant(_ color: PremultipliedRGBA8, _ coverage: UInt8,
                                    _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            let source = scale(color, by: UInt32(coverage))
            for i in 0..<count {
                destination[i] = over(source, destination[i])
            }
        }

        static func uniformMask(_ color: PremultipliedRGBA8, _ mask: UnsafePointer<UInt8>,
                                _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            for i in 0..<count {
                destination[i] = over(scale(color, by: UInt32(mask[i])), destination[i])
            }
        }

        static func uniformMaskOverBackground(_ color: PremultipliedRGBA8, _ mask: UnsafePointer<UInt8>,
                                              _ background: PremultipliedRGBA8,
                                              _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            for i in 0..<count {
                destination[i] = over(scale(color, by: UInt32(mask[i])), background)
            }
        }

        static func colorsMask(_ colors: UnsafePointer<PremultipliedRGBA8>, _ mask: UnsafePointer<UInt8>,
                               _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            for i in 0..<count {
                destination[i] = over(scale(colors[i], by: UInt32(mask[i])), destination[i])
            }
        }

        static func colorsConstant(_ colors: UnsafePointer<PremultipliedRGBA8>, _ coverage: UInt8,
                                   _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            for i in 0..<count {
                destination[i] = over(scale(colors[i], by: UInt32(coverage)), destination[i])
            }
        }
    }

    // MARK: SIMD kernels (8 pixels per step, two channels per 16-bit lane)

    /// Eight pixels (32 bytes) seen as SIMD16<UInt16>: lane 2k = r_k | g_k << 8 and lane 2k+1 =
    /// b_k | a_k << 8 (little-endian). `& 0xFF` gives the (r, b) channels, `>> 8` the (g, a)
    /// channels, each in its own 16-bit lane ready for the 8 × 8 → 16-bit products, so no
    /// widening or packing instructions are needed (the generic SIMD widening conversions are
    /// outlined calls, docs/research/rasterizers.md §6). Results are recombined as rb | ga << 8.
    enum Vector {
        typealias Lanes = SIMD16<UInt16>
        static let pixelsPerStep = 8

        @inline(__always)
        static func div255(_ x: Lanes) -> Lanes {
            let t = x &+ 128
            return (t &+ (t &>> 8)) &>> 8
        }

        @inline(__always)
        static func load(_ pixels: UnsafePointer<PremultipliedRGBA8>) -> Lanes {
            UnsafeRawPointer(pixels).loadUnaligned(as: Lanes.self)
        }

        @inline(__always)
        static func store(_ lanes: Lanes, _ pixels: UnsafeMutablePointer<PremultipliedRGBA8>) {
            UnsafeMutableRawPointer(pixels).storeBytes(of: lanes, as: Lanes.self)
        }

        /// The colour's (r, b) and (g, a) channel pairs repeated for 8 pixels.
        @inline(__always)
        static func channelPairs(_ p: PremultipliedRGBA8) -> (rb: Lanes, ga: Lanes) {
            // One 32-bit word per pixel (low lane first), broadcast: no per-lane inserts.
            let rb = UInt32(p.r) | UInt32(p.b) &<< 16
            let ga = UInt32(p.g) | UInt32(p.a) &<< 16
            return (unsafeBitCast(SIMD8<UInt32>(repeating: rb), to: Lanes.self),
                    unsafeBitCast(SIMD8<UInt32>(repeating: ga), to: Lanes.self))
        }

        /// Coverage of 8 pixels, each repeated in its pixel's two lanes: (m0, m0, m1, m1, …).
        @inline(__always)
        static func coverageLanes(_ mask: UnsafePointer<UInt8>) -> Lanes {
            let m = UnsafeRawPointer(mask).loadUnaligned(as: SIMD8<UInt8>.self)
            let low = SIMD16<UInt8>(m[0], 0, m[0], 0, m[1], 0, m[1], 0, m[2], 0, m[2], 0, m[3], 0, m[3], 0)
            let high = SIMD16<UInt8>(m[4], 0, m[4], 0, m[5], 0, m[5], 0, m[6], 0, m[6], 0, m[7], 0, m[7], 0)
            return unsafeBitCast(SIMD32<UInt8>(lowHalf: low, highHalf: high), to: Lanes.self)
        }

        /// From (g, a) lane pairs, each pixel's alpha in both of its lanes: (a0, a0, a1, a1, …).
        @inline(__always)
        static func alphaLanes(_ ga: Lanes) -> Lanes {
            let words = unsafeBitCast(ga, to: SIMD8<UInt32>.self)
            return unsafeBitCast((words &>> 16) | (words & 0xFFFF_0000), to: Lanes.self)
        }

        @inline(__always)
        static func maskWord(_ mask: UnsafePointer<UInt8>) -> UInt64 {
            UnsafeRawPointer(mask).loadUnaligned(as: UInt64.self)
        }

        /// out = S' + div255(D·inverse) for 8 destination pixels, S' given as channel pairs.
        @inline(__always)
        static func blend(sourceRB: Lanes, sourceGA: Lanes, inverse: Lanes,
                          _ destination: UnsafeMutablePointer<PremultipliedRGBA8>) {
            let d = load(destination)
            let rb = sourceRB &+ div255((d & 0x00FF) &* inverse)
            let ga = sourceGA &+ div255((d &>> 8) &* inverse)
            store(rb | (ga &<< 8), destination)
        }

        static func uniformConstant(_ color: PremultipliedRGBA8, _ coverage: UInt8,
                                    _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            let source = scale(color, by: UInt32(coverage))
            if source.a == 255 {
                PixelFill.fill(destination, count: count, with: source)
                return
            }
            if source == .transparent { return }
            let pairs = channelPairs(source)
            let inverse = Lanes(repeating: 255 &- UInt16(source.a))
            var i = 0
            while i &+ pixelsPerStep <= count {
                blend(sourceRB: pairs.rb, sourceGA: pairs.ga, inverse: inverse, destination + i)
                i &+= pixelsPerStep
            }
            while i < count {
                destination[i] = over(source, destination[i])
                i &+= 1
            }
        }

        static func uniformMask(_ color: PremultipliedRGBA8, _ mask: UnsafePointer<UInt8>,
                                _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            let pairs = channelPairs(color)
            let opaque = color.a == 255
            let full = pairs.rb | (pairs.ga &<< 8)
            let fullInverse = Lanes(repeating: 255 &- UInt16(color.a))
            var i = 0
            while i &+ pixelsPerStep <= count {
                let word = maskWord(mask + i)
                if word != 0 {
                    if word == UInt64.max {
                        // m = 255: S' = S exactly, so the coverage multiply is skipped.
                        if opaque {
                            store(full, destination + i)
                        } else {
                            blend(sourceRB: pairs.rb, sourceGA: pairs.ga, inverse: fullInverse, destination + i)
                        }
                    } else {
                        let m = coverageLanes(mask + i)
                        let rb = div255(pairs.rb &* m)
                        let ga = div255(pairs.ga &* m)
                        blend(sourceRB: rb, sourceGA: ga, inverse: 255 &- alphaLanes(ga), destination + i)
                    }
                }
                i &+= pixelsPerStep
            }
            while i < count {
                destination[i] = over(scale(color, by: UInt32(mask[i])), destination[i])
                i &+= 1
            }
        }

        /// The destination's channel pairs are the background's, in registers: no load. Blocks of
        /// coverage 0 store B and blocks of coverage 255 store over(colour, B), the values the
        /// formula gives there.
        @inline(__always)
        static func uniformMaskOverBackground(_ source: OverBackground, _ mask: UnsafePointer<UInt8>,
                                              _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            var i = 0
            while i &+ pixelsPerStep <= count {
                let word = maskWord(mask + i)
                if word == 0 {
                    store(source.backPixels, destination + i)
                } else if word == UInt64.max {
                    store(source.fullPixels, destination + i)
                } else {
                    let m = coverageLanes(mask + i)
                    let rb = div255(source.colorRB &* m)
                    let ga = div255(source.colorGA &* m)
                    let inverse = 255 &- alphaLanes(ga)
                    let outRB = rb &+ div255(source.backRB &* inverse)
                    let outGA = ga &+ div255(source.backGA &* inverse)
                    store(outRB | (outGA &<< 8), destination + i)
                }
                i &+= pixelsPerStep
            }
            while i < count {
                destination[i] = over(scale(source.color, by: UInt32(mask[i])), source.background)
                i &+= 1
            }
        }

        /// One pixel repeated 8 times, as stored lanes.
        @inline(__always)
        static func splat(_ p: PremultipliedRGBA8) -> Lanes {
            unsafeBitCast(SIMD8<UInt32>(repeating: unsafeBitCast(p, to: UInt32.self)), to: Lanes.self)
        }

        static func colorsMask(_ colors: UnsafePointer<PremultipliedRGBA8>, _ mask: UnsafePointer<UInt8>,
                               _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            var i = 0
            while i &+ pixelsPerStep <= count {
                if maskWord(mask + i) != 0 {
                    let m = coverageLanes(mask + i)
                    let source = load(colors + i)
                    let rb = div255((source & 0x00FF) &* m)
                    let ga = div255((source &>> 8) &* m)
                    blend(sourceRB: rb, sourceGA: ga, inverse: 255 &- alphaLanes(ga), destination + i)
                }
                i &+= pixelsPerStep
            }
            while i < count {
                destination[i] = over(scale(colors[i], by: UInt32(mask[i])), destination[i])
                i &+= 1
            }
        }

        static func colorsConstant(_ colors: UnsafePointer<PremultipliedRGBA8>, _ coverage: UInt8,
                                   _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            if coverage == 0 { return }
            let full = coverage == 255
            let m = Lanes(repeating: UInt16(coverage))
            var i = 0
            while i &+ pixelsPerStep <= count {
                let source = load(colors + i)
                let words = unsafeBitCast(source, to: SIMD4<UInt64>.self)
                if (words[0] | words[1] | words[2] | words[3]) != 0 {
                    var rb = source & 0x00FF
                    var ga = source &>> 8
                    if !full {
                        rb = div255(rb &* m)
                        ga = div255(ga &* m)
                    }
                    blend(sourceRB: rb, sourceGA: ga, inverse: 255 &- alphaLanes(ga), destination + i)
                }
                i &+= pixelsPerStep
            }
            let m32 = UInt32(coverage)
            while i < count {
                destination[i] = over(scale(colors[i], by: m32), destination[i])
                i &+= 1
            }
        }
    }
}

/// Filling runs of pixels with one colour (opaque spans, canvas clears).
enum PixelFill {
    /// Writes `color` to `count` pixels: 32 bytes per store (one AVX2 store; two on the portable
    /// build), then 16 bytes, then single pixels.
    @inline(__always)
    static func fill(_ destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                     with color: PremultipliedRGBA8) {
        let word = unsafeBitCast(color, to: UInt32.self)
        let wide = SIMD8<UInt32>(repeating: word)
        let block = SIMD4<UInt32>(repeating: word)
        let raw = UnsafeMutableRawPointer(destination)
        var i = 0
        while i &+ 8 <= count {
            raw.storeBytes(of: wide, toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
            i &+= 8
        }
        if i &+ 4 <= count {
            raw.storeBytes(of: block, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            raw.storeBytes(of: word, toByteOffset: i &* 4, as: UInt32.self)
            i &+= 1
        }
    }
}
