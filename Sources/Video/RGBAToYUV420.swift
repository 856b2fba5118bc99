// RGBA8 → YUV420P (BT.709 matrix, limited range) in Swift, reproducing what
// libswscale 5.1 (FFmpeg 5.1, libswscale 6.7) computes for MP4Writer's setup:
// sws_getContext(w, h, RGBA, w, h, YUV420P, SWS_BILINEAR) plus
// sws_setColorspaceDetails(BT.709 table, src full range, BT.709 table, dst
// limited range). Established by reading FFmpeg's source (libswscale/utils.c
// initFilter, fill_rgb2yuv_table, get_local_pos; input.c rgb16_32To*_c;
// x86/yuv2yuvX.asm) and confirmed by probing sws_scale with noise, gradients,
// impulses and stripes at sizes from 2×2 to 1920×1080: on x86-64 the output
// is byte-identical to sws_scale's (see ColorConversionTests).
//
// The swscale model (all integer; r, g, b are the 8-bit source values; alpha
// is ignored; for RGB input swscale forces the source range to "limited", so
// only the destination range matters, and fill_rgb2yuv_table always builds
// limited-range coefficients):
//
// Coefficients (fill_rgb2yuv_table from sws_getCoefficients(SWS_CS_ITU709) =
// {117489, 138438, 13975, 34925}, in units of 2^-15):
//     RY  5983  GY  20127  BY  2032       (Kr·219/255, Kg·219/255, Kb·219/255)
//     RU -3298  GU -11094  BU  14392      (…·224/255)
//     RV 14392  GV -13073  BV -1320
//
// Luma (no filtering: the horizontal and vertical luma filters are identities):
//     Y14 = (RY·r + GY·g + BY·b + 2^19 + 2^8) >> 9     (rgbaToY, 14-bit intermediate, "·64")
//     Y15 = 2·Y14                                        (hScale16To15, shift 13)
//     Y   = (Y15 + 64) >> 7                              (yuv2plane1, dither "flat 64")
//   which is the same as Y = (RY·r + GY·g + BY·b + 540928) >> 15 (one rounding).
//
// Chroma, horizontally: swscale sets chrSrcHSubSample for RGB input, so the
// input stage sums each *pair* of pixels (2i, 2i+1) before the matrix
// (rgb32ToUV_half), and the horizontal chroma scaler is then an identity
// (same source and destination chroma position, xInc = 1.0):
//     rs = r(2i) + r(2i+1), gs = …, bs = …
//     U14 = (RU·rs + GU·gs + BU·bs + 2^23 + 2^9) >> 10  (evaluated mod 2^32, unsigned)
//     V14 = (RV·rs + GV·gs + BV·bs + 2^23 + 2^9) >> 10
//     U15 = 2·U14, V15 = 2·V14
// so the chroma sample sits *between* the two luma columns (centred, not the
// MPEG-2/H.264 "left" siting: swscale's default chroma position -513 means
// centred, get_local_pos gives 128/256 for both sides).
//
// Chroma, vertically: swscale scales the full-height chroma rows 2:1 with its
// bilinear filter, also centred (output row j sits at source row 2j + 0.5).
// Downscaling widens the bilinear tent to ±2 source rows, giving taps
// (1, 3, 3, 1)/8 on rows 2j-1 … 2j+2, as 12-bit coefficients
// (512, 1536, 1536, 512). At the edges the taps outside the picture are folded
// onto the first/last row: row 0 is (2048, 1536, 512) on rows 0, 1, 2 and the
// last row is (512, 1536, 2048) on rows H-3, H-2, H-1. For heights below 8
// swscale also truncates the filter (filterSize = min(5, H - 2)), which moves
// and reshapes it (H = 6, row 0: 1755, 1756, 585); `ChromaFilter` ports
// initFilter's arithmetic, so every height matches.
//
// The vertical sum is where x86 swscale differs from its own C code: with
// SWS_ACCURATE_RND unset it uses yuv2yuvX (MMX/SSE3/AVX2), which multiplies
// with pmulhw, i.e. truncates every product to 16 bits first, and adds a
// bias instead of rounding:
//     U = (B + Σk ((U15[row k] · c_k) >> 16)) >> 3,   B = (64 + 8·(taps-1)) >> 4  (= 5 for 4 taps)
// except on the last chroma row: swscale switches to the C output functions
// for the last two luma rows ("can't use MMX here without overwriting this
// array's tail"), which round exactly:
//     U = (2^18 + Σk U15[row k] · c_k) >> 19
// (with one tap, H = 2, that is also yuv2plane1's (U15 + 64) >> 7).
// Outputs are clipped to 0…255 by swscale; for 8-bit RGB input they never
// leave 16…235 (Y) and 16…240 (U, V).
//
// Implementations. `.scalar` follows the stages above literally, one sample
// at a time: the reference. The SIMD kernel converts one source row at a time
// (luma, plus the horizontal chroma pass into a 4-row ring of U14/V14) and
// emits each chroma row as soon as its taps are in the ring. Per 16 pixels it
// splits each RGBA word into 16-bit pairs (R, B) = px & 0x00FF00FF and
// (G, A) = (px >> 8) & 0x00FF00FF and does every product as a pair
// multiply-add (x86 pmaddwd): Y = madd((R,B), (RY,BY)) + madd((G,A), (GY,0));
// U and V the same way from the pixel-pair sums of those pairs (no carries:
// each 16-bit field stays ≤ 510). `.simd` spells the multiply-add in plain
// Swift SIMD (portable: no intrinsics, nothing that needs -target-cpu);
// `.sse2` (x86-64 only, and the default there) pins it and the narrowing
// packs to SSE2 intrinsics, because on 128-bit vectors LLVM rewrites the plain
// version into shuffle sequences that cost more than the multiplies (it merges
// pairs of pmaddwd whose high halves it can prove zero). All three give
// byte-identical output (tested). At 1920×1080 (AMD EPYC Zen 4, default
// x86-64 target, one thread): `.sse2` ≈ 0.9 ms, `.simd` ≈ 1.3 ms per frame,
// against ≈ 3.7 ms for sws_scale.

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Converts RGBA8 frames to planar YUV 4:2:0 (BT.709, limited range) exactly
/// the way libswscale does for `MP4Writer`'s settings (see the file header).
///
/// Holds the vertical chroma filter for its frame height and a small scratch
/// ring (4 rows of U/V values), allocated once: converting a frame allocates
/// nothing. Not thread-safe; use one converter per thread.
/// The base address of an RGBA8 image of `width × height` pixels with rows `bytesPerRow` apart,
/// after checking that the buffer holds it (the last row needs only width × 4 bytes).
func checkedRGBA(_ rgba: UnsafeRawBufferPointer, width: Int, height: Int,
                 bytesPerRow: Int) throws(VideoError) -> UnsafeRawPointer {
    guard bytesPerRow >= width * 4, bytesPerRow <= Int(Int32.max) else {
        throw .invalidInput("bytesPerRow \(bytesPerRow) is less than width × 4 = \(width * 4)")
    }
    let needed = bytesPerRow * (height - 1) + width * 4
    guard rgba.count >= needed, let base = rgba.baseAddress else {
        throw .invalidInput("RGBA buffer has \(rgba.count) bytes, \(width)x\(height) with \(bytesPerRow) bytes per row needs \(needed)")
    }
    return base
}

public final class RGBAToYUV420 {
    /// Which implementation `convert` runs.
    public enum Implementation: String, Sendable, CaseIterable {
        /// The SIMD kernel in portable Swift SIMD.
        case simd
        /// The same kernel with its multiply-adds as SSE2 pmaddwd (x86-64
        /// only; elsewhere this runs `.simd`).
        case sse2
        /// The sample-by-sample reference.
        case scalar

        /// The fastest implementation for this build: `.sse2` on x86-64, else `.simd`.
        public static var fastest: Implementation {
            #if arch(x86_64)
            return .sse2
            #else
            return .simd
            #endif
        }
    }

    /// Frame size in pixels (both even).
    public let width: Int
    public let height: Int
    /// Chroma plane size: width / 2 × height / 2.
    public var chromaWidth: Int { width / 2 }
    public var chromaHeight: Int { height / 2 }

    let filter: ChromaFilter
    /// 4 rows of U14 then 4 rows of V14, `chromaWidth` values each.
    private let ring: UnsafeMutablePointer<UInt16>

    /// - Throws: `VideoError.invalidSettings` unless width and height are
    ///   positive, even and at most 16384.
    public init(width: Int, height: Int) throws(VideoError) {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0,
              width <= 16384, height <= 16384 else {
            throw .invalidSettings("size \(width)x\(height) must be positive, even and at most 16384 for yuv420p")
        }
        self.width = width
        self.height = height
        self.filter = ChromaFilter(height: height)
        ring = .allocate(capacity: 8 * (width / 2))
        ring.initialize(repeating: 0, count: 8 * (width / 2))
    }

    deinit { ring.deallocate() }

    // MARK: - public entry points

    /// Converts one frame into three planes.
    ///
    /// - Parameters:
    ///   - rgba: `height` rows of `width` RGBA8 pixels, `bytesPerRow` apart
    ///     (≥ width × 4; the last row needs only width × 4 bytes). Alpha is ignored.
    ///   - y: the luma plane, `height` rows of `width` bytes, `yStride` apart.
    ///   - u, v: the chroma planes, `height / 2` rows of `width / 2` bytes.
    /// - Throws: `VideoError.invalidInput` when a stride or buffer is too small.
    public func convert(rgba: UnsafeRawBufferPointer, bytesPerRow: Int,
                        y: UnsafeMutableBufferPointer<UInt8>, yStride: Int,
                        u: UnsafeMutableBufferPointer<UInt8>, uStride: Int,
                        v: UnsafeMutableBufferPointer<UInt8>, vStride: Int,
                        using implementation: Implementation = .fastest) throws(VideoError) {
        try check(rgba: rgba, bytesPerRow: bytesPerRow)
        let cw = chromaWidth, ch = chromaHeight
        try checkPlane("Y", y.count, yStride, width, height)
        try checkPlane("U", u.count, uStride, cw, ch)
        try checkPlane("V", v.count, vStride, cw, ch)
        guard let src = rgba.baseAddress, let yp = y.baseAddress, let up = u.baseAddress,
              let vp = v.baseAddress else { return }  // unreachable: sizes are positive
        convertUnchecked(src, bytesPerRow, yp, yStride, up, uStride, vp, vStride, implementation)
    }

    /// Converts one frame into `frame`'s planes (which must have this converter's size).
    public func convert(rgba: UnsafeRawBufferPointer, bytesPerRow: Int, into frame: inout YUV420Frame,
                        using implementation: Implementation = .fastest) throws(VideoError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidInput("YUV frame is \(frame.width)x\(frame.height), the converter \(width)x\(height)")
        }
        try frame.validate()
        try check(rgba: rgba, bytesPerRow: bytesPerRow)
        let (w, cw) = (width, chromaWidth)
        frame.y.withUnsafeMutableBufferPointer { yb in
            frame.u.withUnsafeMutableBufferPointer { ub in
                frame.v.withUnsafeMutableBufferPointer { vb in
                    convertUnchecked(rgba.baseAddress!, bytesPerRow, yb.baseAddress!, w,
                                     ub.baseAddress!, cw, vb.baseAddress!, cw, implementation)
                }
            }
        }
    }

    /// Converts an RGBA8 array (rows `bytesPerRow` apart, default width × 4) into a new frame.
    public func convert(rgba: [UInt8], bytesPerRow: Int? = nil,
                        using implementation: Implementation = .fastest) throws(VideoError) -> YUV420Frame {
        var frame = YUV420Frame(width: width, height: height)
        let stride = bytesPerRow ?? width * 4
        var result: Result<Void, VideoError> = .success(())
        rgba.withUnsafeBytes { buf in
            do throws(VideoError) {
                try convert(rgba: buf, bytesPerRow: stride, into: &frame, using: implementation)
            } catch { result = .failure(error) }
        }
        try result.get()
        return frame
    }

    // MARK: - checks

    private func check(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError) {
        _ = try checkedRGBA(rgba, width: width, height: height, bytesPerRow: bytesPerRow)
    }

    private func checkPlane(_ name: String, _ count: Int, _ stride: Int, _ w: Int, _ h: Int) throws(VideoError) {
        guard stride >= w else {
            throw .invalidInput("\(name) plane stride \(stride) is less than its width \(w)")
        }
        let needed = stride * (h - 1) + w
        guard count >= needed else {
            throw .invalidInput("\(name) plane has \(count) bytes, \(w)x\(h) with stride \(stride) needs \(needed)")
        }
    }

    /// No checks: the caller guarantees the sizes (MP4Writer's own AVFrame).
    func convertUnchecked(_ src: UnsafeRawPointer, _ bytesPerRow: Int,
                          _ y: UnsafeMutablePointer<UInt8>, _ yStride: Int,
                          _ u: UnsafeMutablePointer<UInt8>, _ uStride: Int,
                          _ v: UnsafeMutablePointer<UInt8>, _ vStride: Int,
                          _ implementation: Implementation) {
        switch implementation {
        case .simd:
            convertSIMD(PortableMultiplyAdd.self, src, bytesPerRow, y, yStride, u, uStride, v, vStride,
                        rows: 0..<height, columns: 0..<width)
        case .sse2:
            #if arch(x86_64)
            convertSIMD(SSE2MultiplyAdd.self, src, bytesPerRow, y, yStride, u, uStride, v, vStride,
                        rows: 0..<height, columns: 0..<width)
            #else
            convertSIMD(PortableMultiplyAdd.self, src, bytesPerRow, y, yStride, u, uStride, v, vStride,
                        rows: 0..<height, columns: 0..<width)
            #endif
        case .scalar:
            convertScalar(src, bytesPerRow, y, yStride, u, uStride, v, vStride)
        }
    }

    // MARK: - coefficients (BT.709, limited range, 2^-15 units; see the file header)

    static let ry = 5983, gy = 20127, by = 2032
    static let ru = -3298, gu = -11094, bu = 14392
    static let rv = 14392, gv = -13073, bv = -1320

    /// swscale's fill_rgb2yuv_table for a destination in limited range, from
    /// an inverse table as returned by sws_getCoefficients (for tests: the
    /// constants above must equal `rgb2yuvTable(inverse: [117489, 138438, 13975, 34925])`).
    /// Returns [RY, GY, BY, RU, GU, BU, RV, GV, BV].
    static func rgb2yuvTable(inverse t: [Int32]) -> [Int] {
        func roundedDiv(_ a: Int64, _ b: Int64) -> Int64 { (a >= 0 ? a + (b >> 1) : a - (b >> 1)) / b }
        let vr = Int64(t[0]), ub = Int64(t[1]), ug = -Int64(t[2]), vg = -Int64(t[3])
        let one: Int64 = 65536
        let cy = one * 255 / 219
        let w = roundedDiv(one * one * ug, ub)
        let v = roundedDiv(one * one * vg, vr)
        let z = one * one - w - v
        let cY = roundedDiv(cy * z, one), cU = roundedDiv(ub * z, one), cV = roundedDiv(vr * z, one)
        let s: Int64 = 1 << 15
        let table: [Int64] = [
            -roundedDiv(s * v, cY), roundedDiv(s * one * one, cY), -roundedDiv(s * w, cY),
            roundedDiv(s * v, cU), -roundedDiv(s * one * one, cU), roundedDiv(s * (z + w), cU),
            roundedDiv(s * (v + z), cV), -roundedDiv(s * one * one, cV), roundedDiv(s * w, cV),
        ]
        return table.map { Int($0) }
    }

    // MARK: - scalar reference

    /// Literal per-sample model of swscale's stages (see the file header).
    private func convertScalar(_ src: UnsafeRawPointer, _ bytesPerRow: Int,
                               _ yPlane: UnsafeMutablePointer<UInt8>, _ yStride: Int,
                               _ uPlane: UnsafeMutablePointer<UInt8>, _ uStride: Int,
                               _ vPlane: UnsafeMutablePointer<UInt8>, _ vStride: Int) {
        let s = src.assumingMemoryBound(to: UInt8.self)
        func clip(_ x: Int) -> UInt8 { UInt8(min(max(x, 0), 255)) }
        for row in 0..<height {
            let p = s + row * bytesPerRow
            for x in 0..<width {
                let r = Int(p[4 * x]), g = Int(p[4 * x + 1]), b = Int(p[4 * x + 2])
                let y14 = (Self.ry * r + Self.gy * g + Self.by * b + (1 << 19) + (1 << 8)) >> 9
                yPlane[row * yStride + x] = clip((2 * y14 + 64) >> 7)
            }
        }
        // U14/V14 of chroma column i on source row `row`.
        func chroma14(_ row: Int, _ i: Int) -> (u: Int, v: Int) {
            let p = s + row * bytesPerRow + 8 * i
            let rs = Int(p[0]) + Int(p[4]), gs = Int(p[1]) + Int(p[5]), bs = Int(p[2]) + Int(p[6])
            let uSum = UInt32(truncatingIfNeeded: Self.ru * rs + Self.gu * gs + Self.bu * bs) &+ (1 << 23) &+ (1 << 9)
            let vSum = UInt32(truncatingIfNeeded: Self.rv * rs + Self.gv * gs + Self.bv * bs) &+ (1 << 23) &+ (1 << 9)
            return (Int(uSum >> 10), Int(vSum >> 10))
        }
        let taps = filter.taps
        for j in 0..<chromaHeight {
            let first = filter.positions[j]
            let exact = j == chromaHeight - 1  // swscale's C output path
            for i in 0..<chromaWidth {
                var su = exact ? 1 << 18 : filter.mmxBias
                var sv = su
                for k in 0..<taps {
                    let c = filter.coefficients[j * taps + k]
                    guard c != 0 else { continue }  // (zero taps may lie past the last row)
                    let (u14, v14) = chroma14(first + k, i)
                    if exact {
                        su += 2 * u14 * c
                        sv += 2 * v14 * c
                    } else {  // pmulhw: 16 × 16 → high 16 bits, then a 16-bit add
                        su += Int(Int16(truncatingIfNeeded: (2 * u14 * c) >> 16))
                        sv += Int(Int16(truncatingIfNeeded: (2 * v14 * c) >> 16))
                    }
                }
                uPlane[j * uStride + i] = clip(exact ? su >> 19 : su >> 3)
                vPlane[j * vStride + i] = clip(exact ? sv >> 19 : sv >> 3)
            }
        }
    }

    // MARK: - SIMD

    /// The SIMD conversion of the source rows `rows` and pixel columns `columns` (even bounds,
    /// both non-empty): luma of those pixels, and every chroma sample whose inputs lie in them
    /// (chroma rows whose filter taps reach into `rows`, chroma columns columns/2). Whole
    /// ranges convert the frame; smaller ones update a frame that differs only there
    /// (RGBAToYUV420+Region.swift). Luma of the filter's extra rows around `rows` is rewritten
    /// too, with the values it already has.
    func convertSIMD<M: PairMultiplyAdd>(_ m: M.Type, _ src: UnsafeRawPointer, _ bytesPerRow: Int,
                                         _ yPlane: UnsafeMutablePointer<UInt8>, _ yStride: Int,
                                         _ uPlane: UnsafeMutablePointer<UInt8>, _ uStride: Int,
                                         _ vPlane: UnsafeMutablePointer<UInt8>, _ vStride: Int,
                                         rows: Range<Int>, columns: Range<Int>) {
        let h = height, cw = chromaWidth, ch = chromaHeight
        let x0 = columns.lowerBound, n = columns.count, cx0 = x0 / 2, cn = n / 2
        let src = src + 4 * x0, yPlane = yPlane + x0, uPlane = uPlane + cx0, vPlane = vPlane + cx0
        let ringU = ring + cx0, ringV = ring + 4 * cw + cx0
        let taps = filter.taps
        filter.coefficients.withUnsafeBufferPointer { coefficients in
            filter.positions.withUnsafeBufferPointer { positions in
                // Chroma rows jFirst...jLast read a row of `rows` (positions never decrease).
                var jFirst = 0
                while jFirst < ch - 1 && min(positions[jFirst] + taps, h) <= rows.lowerBound { jFirst += 1 }
                var jLast = ch - 1
                while jLast > jFirst && positions[jLast] >= rows.upperBound { jLast -= 1 }
                // Source rows converted so far: the ring fills from the first row chroma row jFirst reads.
                var done = positions[jFirst]
                // (Luma-only rows of `rows` above that row; their ring rows are overwritten below.)
                var r = rows.lowerBound
                while r < min(done, rows.upperBound) {
                    Kernels.row(m, src + r * bytesPerRow, n, yPlane + r * yStride, ringU, ringV)
                    r += 1
                }
                for j in jFirst...jLast {
                    let first = positions[j]
                    // Rows first ..< first + taps must be in the ring (rows past
                    // the end only ever have zero coefficients).
                    let need = min(first + taps, h)
                    while done < need {
                        let slot = (done & 3) * cw
                        Kernels.row(m, src + done * bytesPerRow, n, yPlane + done * yStride,
                                    ringU + slot, ringV + slot)
                        done += 1
                    }
                    // Taps past `taps` get coefficient 0 (and any valid row).
                    @inline(__always) func slot(_ k: Int) -> Int { (min(first + k, h - 1) & 3) * cw }
                    @inline(__always) func coefficient(_ k: Int) -> Int32 {
                        k < taps ? Int32(coefficients[j * taps + k]) : 0
                    }
                    let rows = (ringU + slot(0), ringU + slot(1), ringU + slot(2), ringU + slot(3))
                    let c = (coefficient(0), coefficient(1), coefficient(2), coefficient(3))
                    Kernels.vertical(m, rows, vOffset: ringV - ringU, c, cn, uPlane + j * uStride, vPlane + j * vStride,
                                     exact: j == ch - 1, bias: Int32(filter.mmxBias))
                }
                while done < rows.upperBound {  // (luma rows below the last chroma row's taps, if any)
                    let slot = (done & 3) * cw
                    Kernels.row(m, src + done * bytesPerRow, n, yPlane + done * yStride, ringU + slot, ringV + slot)
                    done += 1
                }
            }
        }
    }
}

// MARK: - kernels

/// a[2i]·c[2i] + a[2i+1]·c[2i+1] for Int16 pairs packed in 32-bit lanes
/// (x86's pmaddwd), giving Int32 lanes.
/// Also the narrowing steps, whose inputs are known to be in range (Y and
/// chroma 0…255, U14/V14 0…2^14): saturating packs where there are some.
protocol PairMultiplyAdd {
    static func madd(_ a: SIMD4<UInt32>, _ c: SIMD4<UInt32>) -> SIMD4<Int32>
    static func narrow(_ a: SIMD16<Int32>) -> SIMD16<UInt8>
    static func narrow(_ a: SIMD8<Int32>) -> SIMD8<UInt16>
    static func narrow(_ a: SIMD16<UInt16>) -> SIMD16<UInt8>
    /// (3a) >> 6 per 16-bit lane, for a < 2^14.
    static func threeSixtyFourths(_ a: SIMD16<UInt16>) -> SIMD16<UInt16>
}

/// Plain Swift SIMD: sign-extend the even and odd 16-bit halves, multiply, add.
enum PortableMultiplyAdd: PairMultiplyAdd {
    @inline(__always)
    static func madd(_ a: SIMD4<UInt32>, _ c: SIMD4<UInt32>) -> SIMD4<Int32> {
        let a16 = unsafeBitCast(a, to: SIMD8<Int16>.self), c16 = unsafeBitCast(c, to: SIMD8<Int16>.self)
        return SIMD4<Int32>(truncatingIfNeeded: a16.evenHalf) &* SIMD4<Int32>(truncatingIfNeeded: c16.evenHalf)
            &+ SIMD4<Int32>(truncatingIfNeeded: a16.oddHalf) &* SIMD4<Int32>(truncatingIfNeeded: c16.oddHalf)
    }
    @inline(__always) static func narrow(_ a: SIMD16<Int32>) -> SIMD16<UInt8> { SIMD16<UInt8>(truncatingIfNeeded: a) }
    @inline(__always) static func narrow(_ a: SIMD8<Int32>) -> SIMD8<UInt16> { SIMD8<UInt16>(truncatingIfNeeded: a) }
    @inline(__always) static func narrow(_ a: SIMD16<UInt16>) -> SIMD16<UInt8> { SIMD16<UInt8>(truncatingIfNeeded: a) }
    @inline(__always) static func threeSixtyFourths(_ a: SIMD16<UInt16>) -> SIMD16<UInt16> {
        (a &* SIMD16<UInt16>(repeating: 3)) &>> 6
    }
}

#if arch(x86_64)
/// SSE2's pmaddwd through its intrinsic (SSE2 is part of x86-64: no
/// -target-cpu needed). Spelled out because LLVM rewrites the portable
/// version, on 128-bit vectors, into shuffles that cost more than the
/// multiplies (it merges pairs of pmaddwd whose high halves it can prove zero).
enum SSE2MultiplyAdd: PairMultiplyAdd {
    @inline(__always)
    static func madd(_ a: SIMD4<UInt32>, _ c: SIMD4<UInt32>) -> SIMD4<Int32> {
        unsafeBitCast(_mm_madd_epi16(unsafeBitCast(a, to: __m128i.self), unsafeBitCast(c, to: __m128i.self)),
                      to: SIMD4<Int32>.self)
    }
    @inline(__always) static func m(_ a: SIMD4<Int32>) -> __m128i { unsafeBitCast(a, to: __m128i.self) }
    @inline(__always) static func narrow(_ a: SIMD16<Int32>) -> SIMD16<UInt8> {
        let lo = _mm_packs_epi32(m(a.lowHalf.lowHalf), m(a.lowHalf.highHalf))
        let hi = _mm_packs_epi32(m(a.highHalf.lowHalf), m(a.highHalf.highHalf))
        return unsafeBitCast(_mm_packus_epi16(lo, hi), to: SIMD16<UInt8>.self)
    }
    @inline(__always) static func narrow(_ a: SIMD8<Int32>) -> SIMD8<UInt16> {
        unsafeBitCast(_mm_packs_epi32(m(a.lowHalf), m(a.highHalf)), to: SIMD8<UInt16>.self)
    }
    @inline(__always) static func narrow(_ a: SIMD16<UInt16>) -> SIMD16<UInt8> {
        unsafeBitCast(_mm_packus_epi16(unsafeBitCast(a.lowHalf, to: __m128i.self), unsafeBitCast(a.highHalf, to: __m128i.self)),
                      to: SIMD16<UInt8>.self)
    }
    /// pmulhuw by 3072: (a · 3 · 1024) >> 16 = (3a) >> 6 exactly.
    @inline(__always) static func threeSixtyFourths(_ a: SIMD16<UInt16>) -> SIMD16<UInt16> {
        let k = _mm_set1_epi16(3072)
        let lo = _mm_mulhi_epu16(unsafeBitCast(a.lowHalf, to: __m128i.self), k)
        let hi = _mm_mulhi_epu16(unsafeBitCast(a.highHalf, to: __m128i.self), k)
        return SIMD16<UInt16>(lowHalf: unsafeBitCast(lo, to: SIMD8<UInt16>.self), highHalf: unsafeBitCast(hi, to: SIMD8<UInt16>.self))
    }
}
#endif

/// The SIMD inner loops. Everything is `@inline(__always)` so that the
/// vectors stay in registers, and works on raw pointers taken once per frame.
enum Kernels {
    typealias Ptr16 = UnsafeMutablePointer<UInt16>

    /// One source row: its luma, and U14/V14 of its pixel pairs.
    @inline(__always)
    static func row<M: PairMultiplyAdd>(_ m: M.Type, _ src: UnsafeRawPointer, _ width: Int,
                                        _ y: UnsafeMutablePointer<UInt8>, _ u14: Ptr16, _ v14: Ptr16) {
        #if _endian(little)
        let simd = width >= 16
        #else
        let simd = false
        #endif
        if simd {
            // 16 pixels a step; the last step overlaps the previous one
            // (recomputing identical values) instead of a scalar tail.
            var x = 0
            while true {
                block16(m, src + 4 &* x, y + x, u14 + (x &>> 1), v14 + (x &>> 1))
                if x == width &- 16 { break }
                x = min(x &+ 16, width &- 16)
            }
        } else {
            var x = 0
            while x < width {
                pair(src + 4 * x, y + x, u14 + x / 2, v14 + x / 2)
                x += 2
            }
        }
    }

    /// 16 pixels. Each 32-bit pixel R G B A (bytes in memory order) gives two
    /// pairs of 16-bit fields: rb = (R, B) = px & 0x00FF00FF and
    /// ga = (G, A) = (px >> 8) & 0x00FF00FF. A pair multiply-add (pmaddwd on
    /// x86) with (RY, BY) and (GY, 0) gives luma without any horizontal step;
    /// adding neighbouring lanes (fields ≤ 510, no carry between them) gives
    /// the pixel-pair sums, and two more multiply-adds per plane give U and V.
    /// All sums are exact Int32 values (|Σ| < 2^24).
    @inline(__always)
    static func block16<M: PairMultiplyAdd>(_ m: M.Type, _ s: UnsafeRawPointer, _ yOut: UnsafeMutablePointer<UInt8>,
                                            _ uOut: Ptr16, _ vOut: Ptr16) {
        let px = s.loadUnaligned(as: SIMD16<UInt32>.self)  // little-endian: R is the low byte
        let mask = SIMD16<UInt32>(repeating: 0x00FF00FF)
        let rb = px & mask, ga = (px &>> 8) & mask
        let y = (madd(m, rb, Coefficients.yRB) &+ madd(m, ga, Coefficients.yGA) &+ SIMD16<Int32>(repeating: 540928)) &>> 15
        UnsafeMutableRawPointer(yOut).storeBytes(of: M.narrow(y), as: SIMD16<UInt8>.self)
        let rbs = rb.evenHalf &+ rb.oddHalf, gas = ga.evenHalf &+ ga.oddHalf
        let bias = SIMD8<Int32>(repeating: (1 << 23) + (1 << 9))
        let u = (madd(m, rbs, Coefficients.uRB) &+ madd(m, gas, Coefficients.uGA) &+ bias) &>> 10
        let v = (madd(m, rbs, Coefficients.vRB) &+ madd(m, gas, Coefficients.vGA) &+ bias) &>> 10
        UnsafeMutableRawPointer(uOut).storeBytes(of: M.narrow(u), as: SIMD8<UInt16>.self)
        UnsafeMutableRawPointer(vOut).storeBytes(of: M.narrow(v), as: SIMD8<UInt16>.self)
    }

    @inline(__always)
    static func madd<M: PairMultiplyAdd>(_ m: M.Type, _ a: SIMD16<UInt32>, _ c: SIMD4<UInt32>) -> SIMD16<Int32> {
        SIMD16<Int32>(lowHalf: madd(m, a.lowHalf, c), highHalf: madd(m, a.highHalf, c))
    }

    @inline(__always)
    static func madd<M: PairMultiplyAdd>(_ m: M.Type, _ a: SIMD8<UInt32>, _ c: SIMD4<UInt32>) -> SIMD8<Int32> {
        SIMD8<Int32>(lowHalf: M.madd(a.lowHalf, c), highHalf: M.madd(a.highHalf, c))
    }

    /// Multiply-add constants as 16-bit pairs (low, high) in each 32-bit lane.
    enum Coefficients {
        @inline(__always) static func pair(_ lo: Int16, _ hi: Int16) -> SIMD4<UInt32> {
            SIMD4<UInt32>(repeating: UInt32(UInt16(bitPattern: lo)) | UInt32(UInt16(bitPattern: hi)) << 16)
        }
        static var yRB: SIMD4<UInt32> { pair(5983, 2032) }
        static var yGA: SIMD4<UInt32> { pair(20127, 0) }
        static var uRB: SIMD4<UInt32> { pair(-3298, 14392) }
        static var uGA: SIMD4<UInt32> { pair(-11094, 0) }
        static var vRB: SIMD4<UInt32> { pair(14392, -1320) }
        static var vGA: SIMD4<UInt32> { pair(-13073, 0) }
    }

    /// Two pixels (rows narrower than 16, big-endian hosts): same arithmetic as `block16`.
    @inline(__always)
    static func pair(_ s: UnsafeRawPointer, _ yOut: UnsafeMutablePointer<UInt8>, _ uOut: Ptr16, _ vOut: Ptr16) {
        let p = s.assumingMemoryBound(to: UInt8.self)
        let r0 = Int32(p[0]), g0 = Int32(p[1]), b0 = Int32(p[2])
        let r1 = Int32(p[4]), g1 = Int32(p[5]), b1 = Int32(p[6])
        yOut[0] = UInt8(truncatingIfNeeded: (r0 &* 5983 &+ g0 &* 20127 &+ b0 &* 2032 &+ 540928) &>> 15)
        yOut[1] = UInt8(truncatingIfNeeded: (r1 &* 5983 &+ g1 &* 20127 &+ b1 &* 2032 &+ 540928) &>> 15)
        let rs = r0 &+ r1, gs = g0 &+ g1, bs = b0 &+ b1
        let bias: Int32 = (1 << 23) + (1 << 9)
        uOut[0] = UInt16(truncatingIfNeeded: (rs &* -3298 &+ gs &* -11094 &+ bs &* 14392 &+ bias) &>> 10)
        vOut[0] = UInt16(truncatingIfNeeded: (rs &* 14392 &+ gs &* -13073 &+ bs &* -1320 &+ bias) &>> 10)
    }

    /// One chroma output row of U and of V from up to 4 ring rows each
    /// (unused taps have c = 0). The V rows are the U rows + `vOffset`.
    @inline(__always)
    static func vertical<M: PairMultiplyAdd>(_ m: M.Type, _ rows: (Ptr16, Ptr16, Ptr16, Ptr16), vOffset: Int,
                                             _ c: (Int32, Int32, Int32, Int32), _ count: Int,
                                             _ outU: UnsafeMutablePointer<UInt8>, _ outV: UnsafeMutablePointer<UInt8>,
                                             exact: Bool, bias: Int32) {
        if !exact && c == (512, 1536, 1536, 512) {
            verticalStandard(m, rows, vOffset, count, outU, outV)
        } else {
            let rowsV = (rows.0 + vOffset, rows.1 + vOffset, rows.2 + vOffset, rows.3 + vOffset)
            verticalGeneral(rows, c, count, outU, exact: exact, bias: bias)
            verticalGeneral(rowsV, c, count, outV, exact: exact, bias: bias)
        }
    }

    /// Interior rows, taps (512, 1536, 1536, 512), pmulhw semantics:
    /// (2a·512) >> 16 = a >> 6 and (2a·1536) >> 16 = 3a >> 6, in 16-bit lanes
    /// (a < 2^14, so 3a < 2^16); result (5 + Σ) >> 3. U and V in one pass.
    @inline(__always)
    static func verticalStandard<M: PairMultiplyAdd>(_ m: M.Type, _ rows: (Ptr16, Ptr16, Ptr16, Ptr16), _ vOffset: Int,
                                                     _ count: Int, _ outU: UnsafeMutablePointer<UInt8>,
                                                     _ outV: UnsafeMutablePointer<UInt8>) {
        guard count >= 16 else {
            for (o, out) in [(0, outU), (vOffset, outV)] {
                for i in 0..<count {
                    let a0 = rows.0[o + i] >> 6, a1 = (3 &* rows.1[o + i]) >> 6
                    let a2 = (3 &* rows.2[o + i]) >> 6, a3 = rows.3[o + i] >> 6
                    out[i] = UInt8(truncatingIfNeeded: (5 &+ a0 &+ a1 &+ a2 &+ a3) >> 3)
                }
            }
            return
        }
        @inline(__always) func one(_ o: Int) -> SIMD16<UInt8> {
            let a0 = UnsafeRawPointer(rows.0 + o).loadUnaligned(as: SIMD16<UInt16>.self)
            let a1 = UnsafeRawPointer(rows.1 + o).loadUnaligned(as: SIMD16<UInt16>.self)
            let a2 = UnsafeRawPointer(rows.2 + o).loadUnaligned(as: SIMD16<UInt16>.self)
            let a3 = UnsafeRawPointer(rows.3 + o).loadUnaligned(as: SIMD16<UInt16>.self)
            var s = SIMD16<UInt16>(repeating: 5)
            s &+= a0 &>> 6
            s &+= M.threeSixtyFourths(a1)
            s &+= M.threeSixtyFourths(a2)
            s &+= a3 &>> 6
            return M.narrow(s &>> 3)
        }
        var i = 0
        while true {
            UnsafeMutableRawPointer(outU + i).storeBytes(of: one(i), as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(outV + i).storeBytes(of: one(vOffset + i), as: SIMD16<UInt8>.self)
            if i == count &- 16 { break }
            i = min(i &+ 16, count &- 16)
        }
    }

    /// Any coefficients: pmulhw semantics (bias + Σ (2a·c) >> 16) >> 3, or
    /// with `exact` swscale's C rounding (2^18 + Σ 2a·c) >> 19.
    @inline(__always)
    static func verticalGeneral(_ rows: (Ptr16, Ptr16, Ptr16, Ptr16), _ c: (Int32, Int32, Int32, Int32),
                                _ count: Int, _ out: UnsafeMutablePointer<UInt8>, exact: Bool, bias: Int32) {
        let c0 = UInt32(c.0), c1 = UInt32(c.1), c2 = UInt32(c.2), c3 = UInt32(c.3)
        let b = UInt32(bias)
        @inline(__always) func one(_ i: Int) -> UInt8 {
            let a0 = UInt32(rows.0[i]) << 1, a1 = UInt32(rows.1[i]) << 1
            let a2 = UInt32(rows.2[i]) << 1, a3 = UInt32(rows.3[i]) << 1
            if exact {
                return UInt8(truncatingIfNeeded: ((1 << 18) + a0 * c0 + a1 * c1 + a2 * c2 + a3 * c3) >> 19)
            }
            return UInt8(truncatingIfNeeded: (b + (a0 * c0) >> 16 + (a1 * c1) >> 16 + (a2 * c2) >> 16 + (a3 * c3) >> 16) >> 3)
        }
        guard count >= 8 else {
            for i in 0..<count { out[i] = one(i) }
            return
        }
        let v0 = SIMD8<UInt32>(repeating: c0), v1 = SIMD8<UInt32>(repeating: c1)
        let v2 = SIMD8<UInt32>(repeating: c2), v3 = SIMD8<UInt32>(repeating: c3)
        @inline(__always) func load(_ p: Ptr16, _ i: Int) -> SIMD8<UInt32> {
            SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(p + i).loadUnaligned(as: SIMD8<UInt16>.self)) &<< 1
        }
        var i = 0
        while true {
            let a0 = load(rows.0, i), a1 = load(rows.1, i), a2 = load(rows.2, i), a3 = load(rows.3, i)
            let s: SIMD8<UInt32>
            if exact {
                s = (SIMD8<UInt32>(repeating: 1 << 18) &+ a0 &* v0 &+ a1 &* v1 &+ a2 &* v2 &+ a3 &* v3) &>> 19
            } else {
                s = (SIMD8<UInt32>(repeating: b) &+ ((a0 &* v0) &>> 16) &+ ((a1 &* v1) &>> 16)
                     &+ ((a2 &* v2) &>> 16) &+ ((a3 &* v3) &>> 16)) &>> 3
            }
            UnsafeMutableRawPointer(out + i).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: s), as: SIMD8<UInt8>.self)
            if i == count &- 8 { break }
            i = min(i &+ 8, count &- 8)
        }
    }
}

// MARK: - vertical chroma filter

/// swscale's vertical chroma filter for RGB → 4:2:0 at a given height: a port
/// of libswscale 5.1 initFilter for SWS_BILINEAR, source height H, destination
/// H/2, xInc = 2.0, source and destination chroma positions 128 (centred),
/// 12-bit coefficients, x86 filter alignment 2. For H ≥ 8 every interior row
/// is (512, 1536, 1536, 512) at 2j - 1.
struct ChromaFilter: Equatable {
    /// Filter length (the same for every row; 4 for H ≥ 6).
    let taps: Int
    /// First source row of each chroma row.
    let positions: [Int]
    /// `taps` coefficients per chroma row, summing to 4096.
    let coefficients: [Int]

    /// yuv2yuvX's starting value: (dither 64 + (taps - 1)·8) >> 4.
    var mmxBias: Int { (64 + (taps - 1) * 8) >> 4 }

    init(height srcW: Int) {
        precondition(srcW >= 2 && srcW % 2 == 0)
        let dstW = srcW / 2
        let xInc: Int64 = 1 << 17
        let srcPos: Int64 = 128, dstPos: Int64 = 128
        let one: Int64 = 1 << 12
        var filterAlign = 2
        let fone: Int64 = 1 << (54 - min(Self.log2(srcW / dstW), 8))
        let cutoff = 0.002 * Double(fone)  // SWS_MAX_REDUCE_CUTOFF

        // Bilinear, downscaling (sizeFactor 2).
        var filterSize = 1 + (2 * srcW + dstW - 1) / dstW
        filterSize = max(min(filterSize, srcW - 2), 1)
        var filter = [Int64](repeating: 0, count: dstW * filterSize)
        var pos = [Int](repeating: 0, count: dstW)
        var xDstInSrc = ((dstPos * xInc) >> 7) - ((srcPos * 0x10000) >> 7)
        for i in 0..<dstW {
            var xx = Int((xDstInSrc - Int64(filterSize - 2) * (1 << 16)) / (1 << 17))
            pos[i] = xx
            for j in 0..<filterSize {
                var d = abs(Int64(xx) * (1 << 17) - xDstInSrc) << 13
                d = d * Int64(dstW) / Int64(srcW)
                var coeff = (1 << 30) - d
                if coeff < 0 { coeff = 0 }
                coeff *= fone >> 30
                filter[i * filterSize + j] = coeff
                xx += 1
            }
            xDstInSrc += 2 * xInc
        }

        // Reduce: drop near-zero coefficients on the left (shifting), count them on the right.
        let filter2Size = filterSize
        var minFilterSize = 0
        for i in stride(from: dstW - 1, through: 0, by: -1) {
            var minSize = filter2Size
            var cut: Int64 = 0
            for _ in 0..<filter2Size {
                cut += abs(filter[i * filter2Size])
                if Double(cut) > cutoff { break }
                if i < dstW - 1 && pos[i] >= pos[i + 1] { break }
                for k in 1..<filter2Size { filter[i * filter2Size + k - 1] = filter[i * filter2Size + k] }
                filter[i * filter2Size + filter2Size - 1] = 0
                pos[i] += 1
            }
            cut = 0
            for j in stride(from: filter2Size - 1, to: 0, by: -1) {
                cut += abs(filter[i * filter2Size + j])
                if Double(cut) > cutoff { break }
                minSize -= 1
            }
            minFilterSize = max(minFilterSize, minSize)
        }
        if minFilterSize == 1 && filterAlign == 2 { filterAlign = 1 }
        filterSize = (minFilterSize + (filterAlign - 1)) & ~(filterAlign - 1)
        var f = [Int64](repeating: 0, count: dstW * filterSize)
        for i in 0..<dstW {
            for j in 0..<filterSize where j < filter2Size {
                f[i * filterSize + j] = filter[i * filter2Size + j]
            }
        }

        // Fix borders: fold taps outside 0 ..< srcW onto the edge rows.
        for i in 0..<dstW {
            if pos[i] < 0 {
                for j in 1..<max(filterSize, 1) {
                    let left = max(j + pos[i], 0)
                    f[i * filterSize + left] += f[i * filterSize + j]
                    f[i * filterSize + j] = 0
                }
                pos[i] = 0
            }
            if pos[i] + filterSize > srcW {
                let shift = pos[i] + min(filterSize - srcW, 0)
                var acc: Int64 = 0
                for j in stride(from: filterSize - 1, through: 0, by: -1) where pos[i] + j >= srcW {
                    acc += f[i * filterSize + j]
                    f[i * filterSize + j] = 0
                }
                for j in stride(from: filterSize - 1, through: 0, by: -1) {
                    f[i * filterSize + j] = j < shift ? 0 : f[i * filterSize + j - shift]
                }
                pos[i] -= shift
                f[i * filterSize + srcW - 1 - pos[i]] += acc
            }
        }

        // Normalise to `one` with error diffusion.
        func roundedDiv(_ a: Int64, _ b: Int64) -> Int64 { (a >= 0 ? a + (b >> 1) : a - (b >> 1)) / b }
        var out = [Int](repeating: 0, count: dstW * filterSize)
        for i in 0..<dstW {
            var sum: Int64 = 0
            for j in 0..<filterSize { sum += f[i * filterSize + j] }
            sum = (sum + one / 2) / one
            if sum == 0 { sum = 1 }
            var error: Int64 = 0
            for j in 0..<filterSize {
                let v = f[i * filterSize + j] + error
                let intV = roundedDiv(v, sum)
                out[i * filterSize + j] = Int(intV)
                error = v - intV * sum
            }
        }
        taps = filterSize
        positions = pos
        coefficients = out
        precondition(taps <= 4, "bilinear 2:1 filter longer than 4 taps")
    }

    private static func log2(_ v: Int) -> Int { v <= 1 ? 0 : Int.bitWidth - 1 - v.leadingZeroBitCount }
}
