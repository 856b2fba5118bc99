// Compositor.swift — premultiplied source-over of a span of source pixels into the canvas.
//
// All math is 8-bit premultiplied integer math (ANIMATIONS.md §1.2: source-over in gamma-encoded
// sRGB, out = α·src + (1 − α)·dst). For a source pixel S (premultiplied bytes), coverage m
// (0…255) and destination pixel D, per channel c ∈ {r, g, b, a}:
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
//   * per-pixel colours (gradients), per-pixel coverage.
// SIMD: 4 pixels per step as SIMD16<UInt16> (16-bit lanes hold the products ≤ 65 025 and
// div255's intermediate ≤ 65 407). Blocks of 4 pixels with zero coverage are skipped; blocks
// with full coverage of an opaque uniform colour are stored directly.

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

        static func colorsMask(_ colors: UnsafePointer<PremultipliedRGBA8>, _ mask: UnsafePointer<UInt8>,
                               _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            for i in 0..<count {
                destination[i] = over(scale(colors[i], by: UInt32(mask[i])), destination[i])
            }
        }
    }

    // MARK: SIMD kernels (4 pixels = 16 channels per step)

    enum Vector {
        typealias Lanes = SIMD16<UInt16>

        @inline(__always)
        static func div255(_ x: Lanes) -> Lanes {
            let t = x &+ 128
            return (t &+ (t &>> 8)) &>> 8
        }

        @inline(__always)
        static func load(_ pixels: UnsafePointer<PremultipliedRGBA8>) -> Lanes {
            Lanes(truncatingIfNeeded: UnsafeRawPointer(pixels).loadUnaligned(as: SIMD16<UInt8>.self))
        }

        @inline(__always)
        static func store(_ lanes: Lanes, _ pixels: UnsafeMutablePointer<PremultipliedRGBA8>) {
            UnsafeMutableRawPointer(pixels).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: lanes),
                                                       as: SIMD16<UInt8>.self)
        }

        @inline(__always)
        static func repeated(_ p: PremultipliedRGBA8) -> Lanes {
            let r = UInt16(p.r), g = UInt16(p.g), b = UInt16(p.b), a = UInt16(p.a)
            return Lanes(r, g, b, a, r, g, b, a, r, g, b, a, r, g, b, a)
        }

        /// Each of 4 coverage bytes repeated over its pixel's 4 channels.
        @inline(__always)
        static func coverageLanes(_ mask: UnsafePointer<UInt8>) -> Lanes {
            let m0 = UInt16(mask[0]), m1 = UInt16(mask[1]), m2 = UInt16(mask[2]), m3 = UInt16(mask[3])
            return Lanes(m0, m0, m0, m0, m1, m1, m1, m1, m2, m2, m2, m2, m3, m3, m3, m3)
        }

        /// Each pixel's alpha lane repeated over its 4 channels.
        @inline(__always)
        static func alphaLanes(_ v: Lanes) -> Lanes {
            Lanes(v[3], v[3], v[3], v[3], v[7], v[7], v[7], v[7],
                  v[11], v[11], v[11], v[11], v[15], v[15], v[15], v[15])
        }

        @inline(__always)
        static func maskWord(_ mask: UnsafePointer<UInt8>) -> UInt32 {
            UnsafeRawPointer(mask).loadUnaligned(as: UInt32.self)
        }

        static func uniformConstant(_ color: PremultipliedRGBA8, _ coverage: UInt8,
                                    _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            let source = scale(color, by: UInt32(coverage))
            if source.a == 255 {
                destination.update(repeating: source, count: count)
                return
            }
            if source == .transparent { return }
            let sourceLanes = repeated(source)
            let inverse = Lanes(repeating: 255 &- UInt16(source.a))
            var i = 0
            while i &+ 4 <= count {
                let d = load(destination + i)
                store(sourceLanes &+ div255(d &* inverse), destination + i)
                i &+= 4
            }
            while i < count {
                destination[i] = over(source, destination[i])
                i &+= 1
            }
        }

        static func uniformMask(_ color: PremultipliedRGBA8, _ mask: UnsafePointer<UInt8>,
                                _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            let colorLanes = repeated(color)
            let alpha = Lanes(repeating: UInt16(color.a))
            let opaque = color.a == 255
            let full = SIMD16<UInt8>(truncatingIfNeeded: colorLanes)
            var i = 0
            while i &+ 4 <= count {
                let word = maskWord(mask + i)
                if word != 0 {
                    if opaque && word == 0xFFFF_FFFF {
                        UnsafeMutableRawPointer(destination + i).storeBytes(of: full, as: SIMD16<UInt8>.self)
                    } else {
                        let m = coverageLanes(mask + i)
                        let s = div255(colorLanes &* m)
                        let inverse = 255 &- div255(alpha &* m)
                        let d = load(destination + i)
                        store(s &+ div255(d &* inverse), destination + i)
                    }
                }
                i &+= 4
            }
            while i < count {
                destination[i] = over(scale(color, by: UInt32(mask[i])), destination[i])
                i &+= 1
            }
        }

        static func colorsMask(_ colors: UnsafePointer<PremultipliedRGBA8>, _ mask: UnsafePointer<UInt8>,
                               _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, _ count: Int) {
            var i = 0
            while i &+ 4 <= count {
                if maskWord(mask + i) != 0 {
                    let m = coverageLanes(mask + i)
                    let s = div255(load(colors + i) &* m)
                    let inverse = 255 &- alphaLanes(s)
                    let d = load(destination + i)
                    store(s &+ div255(d &* inverse), destination + i)
                }
                i &+= 4
            }
            while i < count {
                destination[i] = over(scale(colors[i], by: UInt32(mask[i])), destination[i])
                i &+= 1
            }
        }
    }
}
