// RGBAToYUV10.swift — straight RGBA8 → 10-bit YUV 4:2:2 / 4:4:4 (+ alpha), BT.709, limited range:
// what ProRes is fed (yuv422p10le for 422 HQ, yuva444p10le for 4444).
//
// With Kr = 0.2126, Kb = 0.0722, Kg = 1 − Kr − Kb and r, g, b the 8-bit straight samples,
// BT.709 limited range at 10 bits is
//
//     Y  =  64 + 876/255 · (Kr·r + Kg·g + Kb·b)
//     Cb = 512 + 896/255 · (b − Y′) / (2·(1 − Kb))        Y′ = Kr·r + Kg·g + Kb·b
//     Cr = 512 + 896/255 · (r − Y′) / (2·(1 − Kr))
//     A  = round(a · 1023 / 255)                          (alpha is full range)
//
// computed in 16.16 fixed point with coefficients rounded to 2^-16, one rounding per sample:
//     Y = (RY·r + GY·g + BY·b + 2^15) >> 16 + 64,   Cb = (RU·r + GU·g + BU·b + (512 << 16) + 2^15) >> 16 …
// For 4:2:2 each chroma sample is made from the pair (2i, 2i+1) — its mean, i.e. the sums
// rs = r₂ᵢ + r₂ᵢ₊₁ … with one more bit of shift: (RU·rs + GU·gs + BU·bs + (1024 << 16) + 2^16) >> 17.
// That is centred siting, as libswscale does for RGB input (it sums pixel pairs before its
// matrix). Outputs stay inside 64…940 (Y) and 64…960 (Cb, Cr) for 8-bit input.
//
// `convertScalar` is the reference (one sample at a time); `convertSIMD` does 8 pixels per step
// with Swift SIMD and gives the same samples (tested), and both are compared with libswscale
// (within one code value: swscale rounds through a 15-bit intermediate).

/// Fixed-point BT.709 limited-range coefficients for 10-bit output (units of 2^-16).
enum BT709Ten {
    static let kr = 0.2126, kb = 0.0722, kg = 1 - 0.2126 - 0.0722
    static func q(_ x: Double) -> Int32 { Int32((x * 65536).rounded()) }
    static let ry = q(kr * 876 / 255), gy = q(kg * 876 / 255), by = q(kb * 876 / 255)
    static let ru = q(-kr / (2 * (1 - kb)) * 896 / 255), gu = q(-kg / (2 * (1 - kb)) * 896 / 255), bu = q(0.5 * 896 / 255)
    static let rv = q(0.5 * 896 / 255), gv = q(-kg / (2 * (1 - kr)) * 896 / 255), bv = q(-kb / (2 * (1 - kr)) * 896 / 255)
}

/// Planes of one 10-bit frame (samples in UInt16, rows `stride` samples apart).
struct YUV10Planes {
    var y: UnsafeMutablePointer<UInt16>, yStride: Int
    var u: UnsafeMutablePointer<UInt16>, uStride: Int
    var v: UnsafeMutablePointer<UInt16>, vStride: Int
    var a: UnsafeMutablePointer<UInt16>?, aStride: Int
    /// 4:2:2 (one chroma sample per pixel pair) when true, else 4:4:4.
    var halfChroma: Bool
}

enum RGBAToYUV10 {
    /// Reference conversion of one straight RGBA8 row (`width` pixels; even width for 4:2:2).
    static func convertRowScalar(_ s: UnsafePointer<UInt8>, width: Int, row: Int, _ p: YUV10Planes) {
        typealias C = BT709Ten
        let yRow = p.y + row * p.yStride, uRow = p.u + row * p.uStride, vRow = p.v + row * p.vStride
        for x in 0..<width {
            let r = Int32(s[4 * x]), g = Int32(s[4 * x + 1]), b = Int32(s[4 * x + 2])
            yRow[x] = UInt16((C.ry * r + C.gy * g + C.by * b + 32768) >> 16 + 64)
            if let a = p.a { a[row * p.aStride + x] = UInt16((Int32(s[4 * x + 3]) * 1023 + 127) / 255) }
            if !p.halfChroma {
                uRow[x] = UInt16((C.ru * r + C.gu * g + C.bu * b + (512 << 16) + 32768) >> 16)
                vRow[x] = UInt16((C.rv * r + C.gv * g + C.bv * b + (512 << 16) + 32768) >> 16)
            }
        }
        guard p.halfChroma else { return }
        for i in 0..<width / 2 {
            let l = s + 8 * i
            let r = Int32(l[0]) + Int32(l[4]), g = Int32(l[1]) + Int32(l[5]), b = Int32(l[2]) + Int32(l[6])
            uRow[i] = UInt16((C.ru * r + C.gu * g + C.bu * b + (1024 << 16) + 65536) >> 17)
            vRow[i] = UInt16((C.rv * r + C.gv * g + C.bv * b + (1024 << 16) + 65536) >> 17)
        }
    }

    /// The same samples as `convertRowScalar`, 8 pixels per step.
    static func convertRowSIMD(_ s: UnsafePointer<UInt8>, width: Int, row: Int, _ p: YUV10Planes) {
        typealias C = BT709Ten
        typealias V = SIMD8<Int32>
        let yRow = p.y + row * p.yStride, uRow = p.u + row * p.uStride, vRow = p.v + row * p.vStride
        let aRow = p.a.map { $0 + row * p.aStride }
        let raw = UnsafeRawPointer(s)
        let mask = V(repeating: 0xFF)
        var x = 0
        while x + 8 <= width {
            let px = V(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self))
            let r = px & mask, g = (px &>> 8) & mask, b = (px &>> 16) & mask, a = (px &>> 24) & mask
            let y = (C.ry &* r &+ C.gy &* g &+ C.by &* b &+ 32768) &>> 16 &+ 64
            store(y, yRow + x)
            // (a·1023 + 127) / 255 = 4a + (3a + 127) / 255, and x / 255 = (x·257) >> 16 for x < 1024.
            if let aRow { store((a &<< 2) &+ (((a &* 3 &+ 127) &* 257) &>> 16), aRow + x) }
            if p.halfChroma {
                // Pair sums of lanes (0,1), (2,3), … as 4 lanes.
                let rs = pairSums(r), gs = pairSums(g), bs = pairSums(b)
                let u = (C.ru &* rs &+ C.gu &* gs &+ C.bu &* bs &+ (1024 << 16) &+ 65536) &>> 17
                let v = (C.rv &* rs &+ C.gv &* gs &+ C.bv &* bs &+ (1024 << 16) &+ 65536) &>> 17
                store4(u, uRow + x / 2)
                store4(v, vRow + x / 2)
            } else {
                store((C.ru &* r &+ C.gu &* g &+ C.bu &* b &+ (512 << 16) &+ 32768) &>> 16, uRow + x)
                store((C.rv &* r &+ C.gv &* g &+ C.bv &* b &+ (512 << 16) &+ 32768) &>> 16, vRow + x)
            }
            x += 8
        }
        if x < width {
            // The tail (fewer than 8 pixels; even for 4:2:2) through the reference on a shifted view.
            var tail = p
            tail.y = yRow + x; tail.yStride = 0
            tail.u = uRow + (p.halfChroma ? x / 2 : x); tail.uStride = 0
            tail.v = vRow + (p.halfChroma ? x / 2 : x); tail.vStride = 0
            if let aRow { tail.a = aRow + x; tail.aStride = 0 }
            convertRowScalar(s + 4 * x, width: width - x, row: 0, tail)
        }
    }

    @inline(__always) static func pairSums(_ v: SIMD8<Int32>) -> SIMD4<Int32> {
        v.evenHalf &+ v.oddHalf
    }

    @inline(__always) static func store(_ v: SIMD8<Int32>, _ p: UnsafeMutablePointer<UInt16>) {
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD8<UInt16>(truncatingIfNeeded: v), as: SIMD8<UInt16>.self)
    }

    @inline(__always) static func store4(_ v: SIMD4<Int32>, _ p: UnsafeMutablePointer<UInt16>) {
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: v), as: SIMD4<UInt16>.self)
    }
}
