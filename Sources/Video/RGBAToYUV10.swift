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
// `convertRowScalar` is the reference (one sample at a time, from the straight row
// Unpremultiply.swift makes). `convertRowFused` is the fast kernel: it reads the *premultiplied*
// canvas row itself and, per run of 8 pixels, either writes the constants of transparent black
// (Y 64, Cb = Cr = 512, A 0 — what the reference gives for (0, 0, 0, 0)) when all 8 are
// transparent, converts them as they are when all 8 are opaque (un-premultiplying is the
// identity there), or un-premultiplies the 8 through Unpremultiply.swift's exact quotient table
// first; then the matrix in 8 × Int32 lanes (256-bit in the release build's AVX2), narrowed to
// UInt16 with SSE2's packssdw (values ≤ 1023, so the signed saturation never bites). For 4:2:2
// the chroma sums are taken after the matrix, lane pairs (2i, 2i + 1): the matrix is linear, so
// RU·(r₂ᵢ + r₂ᵢ₊₁) + … = (RU·r₂ᵢ + …) + (RU·r₂ᵢ₊₁ + …) exactly, in Int32. It gives the same samples
// as un-premultiply + `convertRowScalar` (tested, and checked in the release build by the bench's
// "fast − scalar" rows), and both are compared with libswscale (within one code value: swscale
// rounds through a 15-bit intermediate). Both convert any even-aligned span of columns, so only
// changed pixels need converting (FrameConverter.update).
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Fixed-point BT.709 limited-range coefficients for 10-bit output (units of 2^-16): literal
/// constants (a computed `static let` costs a lazy-initialisation check at every use, which had
/// made the kernel 10× slower), equal to `derived` (tested).
enum BT709Ten {
    static let ry: Int32 = 47864, gy: Int32 = 161017, by: Int32 = 16255
    static let ru: Int32 = -26383, gu: Int32 = -88755, bu: Int32 = 115138
    static let rv: Int32 = 115138, gv: Int32 = -104580, bv: Int32 = -10557

    /// The coefficients from the formulas of the file header, rounded to 2^-16.
    static var derived: [Int32] {
        let kr = 0.2126, kb = 0.0722, kg = 1 - 0.2126 - 0.0722
        func q(_ x: Double) -> Int32 { Int32((x * 65536).rounded()) }
        return [q(kr * 876 / 255), q(kg * 876 / 255), q(kb * 876 / 255),
                q(-kr / (2 * (1 - kb)) * 896 / 255), q(-kg / (2 * (1 - kb)) * 896 / 255), q(0.5 * 896 / 255),
                q(0.5 * 896 / 255), q(-kg / (2 * (1 - kr)) * 896 / 255), q(-kb / (2 * (1 - kr)) * 896 / 255)]
    }
    static var literals: [Int32] { [ry, gy, by, ru, gu, bu, rv, gv, bv] }
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

    /// The reference on columns `columns` of a row only: `s` is the straight RGBA of pixel
    /// `columns.lowerBound` (even for 4:2:2); samples of other columns are left as they are.
    static func convertSpanScalar(_ s: UnsafePointer<UInt8>, columns: Range<Int>, row: Int, _ p: YUV10Planes) {
        convertRowScalar(s, width: columns.count, row: 0, shifted(p, row: row, x: columns.lowerBound))
    }

    /// The planes of `p` seen from pixel (x, row) as row 0, column 0 (x even for 4:2:2).
    static func shifted(_ p: YUV10Planes, row: Int, x: Int) -> YUV10Planes {
        var t = p
        t.y = p.y + row * p.yStride + x; t.yStride = 0
        t.u = p.u + row * p.uStride + (p.halfChroma ? x / 2 : x); t.uStride = 0
        t.v = p.v + row * p.vStride + (p.halfChroma ? x / 2 : x); t.vStride = 0
        if let a = p.a { t.a = a + row * p.aStride + x; t.aStride = 0 }
        return t
    }

    /// The fast kernel (see the file header): the same samples as un-premultiplying columns
    /// `columns` of the premultiplied row `s` (pixel 0 of the row) and `convertSpanScalar`.
    /// `table` is `unpremultiplyTable`'s storage.
    static func convertRowFused(_ s: UnsafePointer<UInt8>, columns: Range<Int>, row: Int, _ p: YUV10Planes,
                                _ table: UnsafePointer<UInt8>) {
        typealias C = BT709Ten
        typealias V = SIMD8<Int32>
        let yRow = p.y + row * p.yStride, uRow = p.u + row * p.uStride, vRow = p.v + row * p.vStride
        let aRow = p.a.map { $0 + row * p.aStride }
        let raw = UnsafeRawPointer(s)
        let mask = V(repeating: 0xFF)
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        var straight = SIMD8<UInt32>()
        var x = columns.lowerBound
        while x + 8 <= columns.upperBound {
            let q0 = raw.loadUnaligned(fromByteOffset: 4 * x, as: UInt64.self)
            let q1 = raw.loadUnaligned(fromByteOffset: 4 * x + 8, as: UInt64.self)
            let q2 = raw.loadUnaligned(fromByteOffset: 4 * x + 16, as: UInt64.self)
            let q3 = raw.loadUnaligned(fromByteOffset: 4 * x + 24, as: UInt64.self)
            let px: V
            if ((q0 | q1 | q2 | q3) & alphas) == 0 {
                store(V(repeating: 64), yRow + x)
                if let aRow { store(V(repeating: 0), aRow + x) }
                if p.halfChroma {
                    storeHalves(SIMD4(repeating: 512), SIMD4(repeating: 512), uRow + x / 2, vRow + x / 2)
                } else {
                    store(V(repeating: 512), uRow + x)
                    store(V(repeating: 512), vRow + x)
                }
                x += 8
                continue
            } else if (q0 & q1 & q2 & q3 & alphas) == alphas {
                px = V(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self))
            } else {
                for k in 0..<8 {
                    let l = s + 4 * (x + k), a = Int(l[3]) << 8
                    straight[k] = UInt32(table[a | Int(l[0])]) | UInt32(table[a | Int(l[1])]) << 8
                        | UInt32(table[a | Int(l[2])]) << 16 | UInt32(l[3]) << 24
                }
                px = V(truncatingIfNeeded: straight)
            }
            let r = px & mask, g = (px &>> 8) & mask, b = (px &>> 16) & mask, a = (px &>> 24) & mask
            store((C.ry &* r &+ C.gy &* g &+ C.by &* b &+ 32768) &>> 16 &+ 64, yRow + x)
            // (a·1023 + 127) / 255 = 4a + (3a + 127) / 255, and x / 255 = (x·257) >> 16 for x < 1024.
            if let aRow { store((a &<< 2) &+ (((a &* 3 &+ 127) &* 257) &>> 16), aRow + x) }
            if p.halfChroma {
                let u = C.ru &* r &+ C.gu &* g &+ C.bu &* b, v = C.rv &* r &+ C.gv &* g &+ C.bv &* b
                let bias = SIMD4<Int32>(repeating: (1024 << 16) + 65536)
                storeHalves((pairSums(u) &+ bias) &>> 17, (pairSums(v) &+ bias) &>> 17, uRow + x / 2, vRow + x / 2)
            } else {
                store((C.ru &* r &+ C.gu &* g &+ C.bu &* b &+ (512 << 16) &+ 32768) &>> 16, uRow + x)
                store((C.rv &* r &+ C.gv &* g &+ C.bv &* b &+ (512 << 16) &+ 32768) &>> 16, vRow + x)
            }
            x += 8
        }
        if x < columns.upperBound {
            // The tail (fewer than 8 pixels; even for 4:2:2) through the reference.
            var tail = SIMD8<UInt32>()
            withUnsafeMutableBytes(of: &tail) { t in
                let straight = t.baseAddress!.assumingMemoryBound(to: UInt8.self)
                unpremultiplyScalar(s + 4 * x, straight, count: columns.upperBound - x)
                convertSpanScalar(UnsafePointer(straight), columns: x..<columns.upperBound, row: row, p)
            }
        }
    }

    /// Lane pairs (0, 1), (2, 3), … summed: 4 lanes.
    @inline(__always) static func pairSums(_ v: SIMD8<Int32>) -> SIMD4<Int32> {
        SIMD4(v[0], v[2], v[4], v[6]) &+ SIMD4(v[1], v[3], v[5], v[7])
    }

    /// 8 Int32 lanes (each 0…1023) as 8 UInt16.
    @inline(__always) static func narrow(_ v: SIMD8<Int32>) -> SIMD8<UInt16> {
        #if arch(x86_64)
        unsafeBitCast(_mm_packs_epi32(unsafeBitCast(v.lowHalf, to: __m128i.self), unsafeBitCast(v.highHalf, to: __m128i.self)),
                      to: SIMD8<UInt16>.self)
        #else
        SIMD8<UInt16>(truncatingIfNeeded: v)
        #endif
    }

    @inline(__always) static func store(_ v: SIMD8<Int32>, _ p: UnsafeMutablePointer<UInt16>) {
        UnsafeMutableRawPointer(p).storeBytes(of: narrow(v), as: SIMD8<UInt16>.self)
    }

    /// `a` (4 lanes) at `pa` and `b` at `pb`, narrowed together.
    @inline(__always) static func storeHalves(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>,
                                              _ pa: UnsafeMutablePointer<UInt16>, _ pb: UnsafeMutablePointer<UInt16>) {
        let n = narrow(SIMD8(lowHalf: a, highHalf: b))
        UnsafeMutableRawPointer(pa).storeBytes(of: n.lowHalf, as: SIMD4<UInt16>.self)
        UnsafeMutableRawPointer(pb).storeBytes(of: n.highHalf, as: SIMD4<UInt16>.self)
    }
}
