// BlendKernels.swift — exact 8-bit kernels for the blend modes whose premultiplied form needs no
// division: normal, multiply, screen, darken, lighten and add.
//
// With 8-bit premultiplied channels s (source, already scaled by the opacity), d (destination)
// and alphas sa, da, the general formula (BlendMode.swift) times 255 is, per channel:
//
//     255·co = s·(255 − da) + d·(255 − sa) + B′,     B′ = 255·αs·αb·B(Cb, Cs)·255
//
//     multiply  B′ = s·d                     co = div255(s·(255 − da) + d·(255 − sa) + s·d)
//     screen    B′ = s·da + d·sa − s·d       co = s + d − div255(s·d)
//     darken    B′ = min(s·da, d·sa)         co = s + d − div255(max(s·da, d·sa))
//     lighten   B′ = max(s·da, d·sa)         co = s + d − div255(min(s·da, d·sa))
//     add       B′ = min(sa·da, d·sa + s·da) co = d + div255(s·(255 − da) + min(sa·(da − d), s·da))
//     normal    B′ = s·da                    co = s + div255(d·(255 − sa))   (Compositor.swift)
//
// (add: min(sa·da, d·sa + s·da) = d·sa + min(sa·(da − d), s·da), and d·(255 − sa) + d·sa = 255·d.)
// Each is one rounding of the exact value (div255 is round(x/255), x ≤ 255², Compositor.swift), so
// at full opacity the result is within ½ of the exact one. The same formulas with s = sa and
// d = da give the alpha channel, αo = sa + da − sa·da/255, so one formula serves all four lanes.
// Bounds: every intermediate is ≤ 255² = 65 025 (multiply: the sum is 255²·αo; add: the second
// term is ≤ 255·s), so the SIMD kernel's 16-bit lanes do not overflow.
//
// Opacity o8 < 255 first scales the source, S′ = div255(S·o8) (one more rounding per channel, at
// most 127/255 each); the result then stays within 1.5 of the exact one, hence within ±1 of the
// rounded reference (measured per mode in the tests).
//
// SIMD: 8 pixels per step in the channel-pair lanes of Compositor.swift ((r, b) and (g, a) in
// 16-bit lanes); blocks of 8 transparent source pixels are skipped (every formula gives d there).

/// One of the exact integer blend formulas above, on a channel and on channel-pair lanes.
protocol IntegerBlendFunction {
    /// The result channel from source channel s, destination channel d and their alphas.
    static func channel(_ s: UInt32, _ d: UInt32, _ sa: UInt32, _ da: UInt32) -> UInt32
    /// The same on 16-bit lanes (each pixel's alpha in both of its lanes).
    static func lanes(_ s: SpanCompositor.Vector.Lanes, _ d: SpanCompositor.Vector.Lanes,
                      _ sa: SpanCompositor.Vector.Lanes, _ da: SpanCompositor.Vector.Lanes) -> SpanCompositor.Vector.Lanes
}

typealias BlendLanes = SpanCompositor.Vector.Lanes

@inline(__always) private func div255(_ x: UInt32) -> UInt32 { SpanCompositor.div255(x) }
@inline(__always) private func div255(_ x: BlendLanes) -> BlendLanes { SpanCompositor.Vector.div255(x) }
@inline(__always) private func larger(_ a: BlendLanes, _ b: BlendLanes) -> BlendLanes { a.replacing(with: b, where: a .< b) }
@inline(__always) private func smaller(_ a: BlendLanes, _ b: BlendLanes) -> BlendLanes { a.replacing(with: b, where: b .< a) }

enum IntegerMultiply: IntegerBlendFunction {
    @inline(__always) static func channel(_ s: UInt32, _ d: UInt32, _ sa: UInt32, _ da: UInt32) -> UInt32 {
        div255(s &* (255 &- da) &+ d &* (255 &- sa) &+ s &* d)
    }
    @inline(__always) static func lanes(_ s: BlendLanes, _ d: BlendLanes, _ sa: BlendLanes, _ da: BlendLanes) -> BlendLanes {
        div255(s &* (255 &- da) &+ d &* (255 &- sa) &+ s &* d)
    }
}

enum IntegerScreen: IntegerBlendFunction {
    @inline(__always) static func channel(_ s: UInt32, _ d: UInt32, _ sa: UInt32, _ da: UInt32) -> UInt32 {
        s &+ d &- div255(s &* d)
    }
    @inline(__always) static func lanes(_ s: BlendLanes, _ d: BlendLanes, _ sa: BlendLanes, _ da: BlendLanes) -> BlendLanes {
        s &+ d &- div255(s &* d)
    }
}

enum IntegerDarken: IntegerBlendFunction {
    @inline(__always) static func channel(_ s: UInt32, _ d: UInt32, _ sa: UInt32, _ da: UInt32) -> UInt32 {
        s &+ d &- div255(Swift.max(s &* da, d &* sa))
    }
    @inline(__always) static func lanes(_ s: BlendLanes, _ d: BlendLanes, _ sa: BlendLanes, _ da: BlendLanes) -> BlendLanes {
        s &+ d &- div255(larger(s &* da, d &* sa))
    }
}

enum IntegerLighten: IntegerBlendFunction {
    @inline(__always) static func channel(_ s: UInt32, _ d: UInt32, _ sa: UInt32, _ da: UInt32) -> UInt32 {
        s &+ d &- div255(Swift.min(s &* da, d &* sa))
    }
    @inline(__always) static func lanes(_ s: BlendLanes, _ d: BlendLanes, _ sa: BlendLanes, _ da: BlendLanes) -> BlendLanes {
        s &+ d &- div255(smaller(s &* da, d &* sa))
    }
}

enum IntegerAdd: IntegerBlendFunction {
    @inline(__always) static func channel(_ s: UInt32, _ d: UInt32, _ sa: UInt32, _ da: UInt32) -> UInt32 {
        d &+ div255(s &* (255 &- da) &+ Swift.min(sa &* (da &- d), s &* da))
    }
    @inline(__always) static func lanes(_ s: BlendLanes, _ d: BlendLanes, _ sa: BlendLanes, _ da: BlendLanes) -> BlendLanes {
        d &+ div255(s &* (255 &- da) &+ smaller(sa &* (da &- d), s &* da))
    }
}

enum BlendIntegerKernel {
    /// Composites `source[0..<count]` at `opacity` onto `destination[0..<count]`; `mode` must have
    /// an integer kernel (`BlendMode.hasIntegerKernel`).
    static func composite(_ mode: BlendMode, _ source: UnsafePointer<PremultipliedRGBA8>, opacity: UInt8,
                          _ destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                          kernels: RasterKernels) {
        switch mode {
        case .normal:
            SpanCompositor.sourceOver(colors: source, coverage: opacity, into: destination, count: count,
                                      kernels: kernels)
        case .multiply: run(IntegerMultiply.self, source, opacity, destination, count, kernels)
        case .screen: run(IntegerScreen.self, source, opacity, destination, count, kernels)
        case .darken: run(IntegerDarken.self, source, opacity, destination, count, kernels)
        case .lighten: run(IntegerLighten.self, source, opacity, destination, count, kernels)
        case .add: run(IntegerAdd.self, source, opacity, destination, count, kernels)
        default: preconditionFailure("\(mode) has no integer kernel")
        }
    }

    @inline(__always)
    static func run<F: IntegerBlendFunction>(_ f: F.Type, _ source: UnsafePointer<PremultipliedRGBA8>,
                                             _ opacity: UInt8, _ destination: UnsafeMutablePointer<PremultipliedRGBA8>,
                                             _ count: Int, _ kernels: RasterKernels) {
        guard opacity != 0 else { return }
        switch kernels {
        case .scalar:
            for i in 0..<count { destination[i] = scalarPixel(f, source[i], opacity, destination[i]) }
        case .simd:
            simd(f, source, opacity, destination, count)
        }
    }

    /// One pixel: S′ = div255(S·o8) (skipped at o8 = 255), then the formula on each channel.
    @inline(__always)
    static func scalarPixel<F: IntegerBlendFunction>(_ f: F.Type, _ source: PremultipliedRGBA8, _ opacity: UInt8,
                                                     _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        let s = opacity == 255 ? source : SpanCompositor.scale(source, by: UInt32(opacity))
        let sa = UInt32(s.a), da = UInt32(d.a)
        @inline(__always) func channel(_ sc: UInt8, _ dc: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: F.channel(UInt32(sc), UInt32(dc), sa, da))
        }
        return PremultipliedRGBA8(r: channel(s.r, d.r), g: channel(s.g, d.g), b: channel(s.b, d.b),
                                  a: channel(s.a, d.a))
    }

    @inline(__always)
    static func simd<F: IntegerBlendFunction>(_ f: F.Type, _ source: UnsafePointer<PremultipliedRGBA8>,
                                              _ opacity: UInt8, _ destination: UnsafeMutablePointer<PremultipliedRGBA8>,
                                              _ count: Int) {
        typealias V = SpanCompositor.Vector
        let scaled = opacity != 255
        let o = BlendLanes(repeating: UInt16(opacity))
        var i = 0
        while i &+ V.pixelsPerStep <= count {
            let src = V.load(source + i)
            let words = unsafeBitCast(src, to: SIMD4<UInt64>.self)
            if (words[0] | words[1] | words[2] | words[3]) != 0 {
                var srb = src & 0x00FF
                var sga = src &>> 8
                if scaled {
                    srb = V.div255(srb &* o)
                    sga = V.div255(sga &* o)
                }
                let dst = V.load(destination + i)
                let drb = dst & 0x00FF, dga = dst &>> 8
                let sa = V.alphaLanes(sga), da = V.alphaLanes(dga)
                let rb = F.lanes(srb, drb, sa, da)
                let ga = F.lanes(sga, dga, sa, da)
                V.store(rb | (ga &<< 8), destination + i)
            }
            i &+= V.pixelsPerStep
        }
        while i < count {
            destination[i] = scalarPixel(f, source[i], opacity, destination[i])
            i &+= 1
        }
    }
}
