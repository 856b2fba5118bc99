// The conversions from the premultiplied canvas: each fast kernel against its scalar reference,
// and each pixel format against libswscale converting the straight image.
import TestSupport
import Testing
import CFFmpeg
@testable import Video

/// Random premultiplied RGBA (colour ≤ alpha), with runs of opaque and transparent pixels so the
/// fast kernel's whole-run paths are taken too. Seeded.
func randomPremultiplied(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var rng = SeededGenerator(seed: seed)
    var px = [UInt8](repeating: 0, count: width * height * 4)
    var i = 0
    while i < width * height {
        let run = Int(rng.next() % 20) + 1, kind = rng.next() % 4
        for k in i..<min(i + run, width * height) {
            let a: UInt8 = kind == 0 ? 255 : kind == 1 ? 0 : UInt8(truncatingIfNeeded: rng.next())
            px[4 * k + 3] = a
            for c in 0..<3 { px[4 * k + c] = a == 0 ? 0 : UInt8(rng.next() % (UInt64(a) + 1)) }
        }
        i += run
    }
    return px
}

@Suite struct PixelConversionTests {
    @Test func unpremultiplyFastEqualsScalarOnEveryPair() {
        // Every (c', a) with c' ≤ a, 4 pixels per pair so the SIMD path and the tail both run.
        var src: [UInt8] = []
        for a in 0...255 { for c in 0...a { src += [UInt8(c), UInt8(255 - c < a ? c : c), UInt8(c / 2), UInt8(a)] } }
        var fast = [UInt8](repeating: 1, count: src.count), slow = fast
        let n = src.count / 4
        src.withUnsafeBufferPointer { s in
            fast.withUnsafeMutableBufferPointer { unpremultiplyFast(s.baseAddress!, $0.baseAddress!, count: n) }
            slow.withUnsafeMutableBufferPointer { unpremultiplyScalar(s.baseAddress!, $0.baseAddress!, count: n) }
        }
        #expect(fast == slow)
        // The formula: opaque is the identity, transparent is black, c' = a gives 255.
        for k in 0..<n {
            let a = Int(src[4 * k + 3]), c = Int(src[4 * k])
            if a == 255 { #expect(slow[4 * k] == src[4 * k]) }
            if a == 0 { #expect(slow[4 * k] == 0) }
            if a > 0 && c == a { #expect(slow[4 * k] == 255) }
        }
    }

    @Test(arguments: [false, true])
    func unpremultiplyRandomFrames(_ swap: Bool) {
        let src = randomPremultiplied(width: 77, height: 13, seed: 12)
        var fast = [UInt8](repeating: 0, count: src.count), slow = fast
        src.withUnsafeBufferPointer { s in
            fast.withUnsafeMutableBufferPointer { unpremultiplyFast(s.baseAddress!, $0.baseAddress!, count: 77 * 13, swapRB: swap) }
            slow.withUnsafeMutableBufferPointer { unpremultiplyScalar(s.baseAddress!, $0.baseAddress!, count: 77 * 13, swapRB: swap) }
        }
        #expect(fast == slow)
    }

    /// Every converted format: fast == scalar, and within `tolerance` of libswscale on the straight image.
    @Test(arguments: [(PixelFormat.yuva420p, 1), (.yuv422p10le, 1), (.yuv444p10le, 1), (.yuva444p10le, 1), (.rgba, 0), (.bgra, 0)])
    func converterMatchesReferenceAndSwscale(_ c: (PixelFormat, Int)) throws {
        let (format, tolerance) = c
        let w = 46, h = 18
        let src = randomPremultiplied(width: w, height: h, seed: 99)
        let converter = try FrameConverter(width: w, height: h, format: format)
        let fast = try EncoderFrame(width: w, height: h, pixelFormat: format)
        let slow = try EncoderFrame(width: w, height: h, pixelFormat: format)
        try src.withUnsafeBytes { b in try converter.convert(rgba: b, bytesPerRow: 4 * w, into: fast) }
        converter.implementation = .scalar
        try src.withUnsafeBytes { b in try converter.convert(rgba: b, bytesPerRow: 4 * w, into: slow) }
        let planes = planeShapes(format, w, h)
        for p in planes {
            #expect(samples(fast, p) == samples(slow, p), "plane \(p.index) fast = scalar")
        }
        // libswscale on the straight frame.
        var straight = [UInt8](repeating: 0, count: src.count)
        src.withUnsafeBufferPointer { s in straight.withUnsafeMutableBufferPointer { unpremultiplyScalar(s.baseAddress!, $0.baseAddress!, count: w * h) } }
        let sws = try #require(sws_getContext(Int32(w), Int32(h), AV_PIX_FMT_RGBA, Int32(w), Int32(h), format.av, SWS_BILINEAR, nil, nil, nil))
        defer { sws_freeContext(sws) }
        if format.isYUV { _ = cff_sws_set_matrix(sws, SWS_CS_ITU709, 1, 0) }
        let theirs = try EncoderFrame(width: w, height: h, pixelFormat: format)
        straight.withUnsafeBufferPointer { p in _ = cff_sws_rgba_to_frame(sws, p.baseAddress, Int32(4 * w), Int32(h), theirs.avFrame) }
        for p in planes {
            // yuva420p's Y/U/V come from RGBAToYUV420, libswscale's yuv420p samples exactly
            // (ColorConversionTests); libswscale's own yuva420p path rounds some by one more.
            let a = samples(fast, p), b = samples(theirs, p)
            let worst = zip(a, b).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= tolerance, "\(format) plane \(p.index): |ours − swscale| ≤ \(tolerance), got \(worst)")
        }
    }

    @Test func tenBitLevelsAreLimitedRange() throws {
        // Black, white and the primaries at the BT.709 10-bit codes.
        let px: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 255, 0, 0, 255, 255]
        let converter = try FrameConverter(width: 4, height: 1, format: .yuva444p10le)
        let f = try EncoderFrame(width: 4, height: 1, pixelFormat: .yuva444p10le)
        try px.withUnsafeBytes { try converter.convert(rgba: $0, bytesPerRow: 16, into: f) }
        let y = samples(f, (0, 4, 1, true)), u = samples(f, (1, 4, 1, true)), v = samples(f, (2, 4, 1, true)), a = samples(f, (3, 4, 1, true))
        #expect(y[0] == 64 && y[1] == 940, "black 64, white 940")
        #expect(u[0] == 512 && v[0] == 512 && u[1] == 512 && v[1] == 512, "greys are neutral")
        #expect(v[2] == 960, "red has Cr 960")
        #expect(u[3] == 960, "blue has Cb 960")
        #expect(a == [1023, 1023, 1023, 1023])
    }
}

typealias PlaneShape = (index: Int, width: Int, rows: Int, wide: Bool)

func planeShapes(_ f: PixelFormat, _ w: Int, _ h: Int) -> [PlaneShape] {
    switch f {
    case .yuv420p: return [(0, w, h, false), (1, w / 2, h / 2, false), (2, w / 2, h / 2, false)]
    case .yuva420p: return [(0, w, h, false), (1, w / 2, h / 2, false), (2, w / 2, h / 2, false), (3, w, h, false)]
    case .yuv422p10le: return [(0, w, h, true), (1, w / 2, h, true), (2, w / 2, h, true)]
    case .yuv444p10le: return [(0, w, h, true), (1, w, h, true), (2, w, h, true)]
    case .yuva444p10le: return [(0, w, h, true), (1, w, h, true), (2, w, h, true), (3, w, h, true)]
    case .rgba, .bgra: return [(0, 4 * w, h, false)]
    }
}

func samples(_ f: EncoderFrame, _ p: PlaneShape) -> [Int] {
    let (base, stride) = f.plane(p.index)
    var out: [Int] = []
    for y in 0..<p.rows {
        for x in 0..<p.width {
            if p.wide {
                out.append(Int(UnsafeRawPointer(base + y * stride).load(fromByteOffset: 2 * x, as: UInt16.self)))
            } else {
                out.append(Int(base[y * stride + x]))
            }
        }
    }
    return out
}
