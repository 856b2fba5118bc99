import Testing
@testable import Video

// RGBAToYUV420 against its own scalar reference and against libswscale.

/// Deterministic xorshift64 bytes.
private struct Noise {
    var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 29) }
}

/// Test images, `width × height` RGBA8 with rows `stride` bytes apart
/// (padding bytes are noise too, so reading them would show).
enum Pattern: String, CaseIterable, CustomTestStringConvertible {
    case noise, gradient, edges, solids

    var testDescription: String { rawValue }

    func pixels(_ w: Int, _ h: Int, stride: Int? = nil, seed: UInt64 = 1) -> [UInt8] {
        let stride = stride ?? w * 4
        var rng = Noise(seed: seed &+ UInt64(w * 7919 + h))
        var px = (0..<(stride * h)).map { _ in rng.byte() }
        func set(_ x: Int, _ y: Int, _ r: Int, _ g: Int, _ b: Int) {
            let o = y * stride + 4 * x
            px[o] = UInt8(r); px[o + 1] = UInt8(g); px[o + 2] = UInt8(b)
        }
        switch self {
        case .noise:
            break  // alpha is noise as well: it must be ignored
        case .gradient:
            for y in 0..<h {
                for x in 0..<w {
                    set(x, y, x * 255 / max(w - 1, 1), y * 255 / max(h - 1, 1), (x + 2 * y) * 255 / max(w + 2 * h - 3, 1))
                }
            }
        case .edges:
            // Black/white and saturated colours switching every pixel, every
            // 3 pixels and every row: the worst case for chroma filtering.
            let colours = [(0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255)]
            for y in 0..<h {
                for x in 0..<w {
                    let k = (x < w / 2) ? (x + y) % 2 : (x / 3 + y * 5) % colours.count
                    let c = colours[k]
                    set(x, y, c.0, c.1, c.2)
                }
            }
        case .solids:
            // Vertical bands of flat colour, each a few pixels wide.
            let colours = [(229, 35, 68), (0, 0, 0), (255, 255, 255), (128, 128, 128), (255, 0, 0), (0, 255, 0), (0, 0, 255), (20, 30, 60)]
            for y in 0..<h {
                for x in 0..<w {
                    let c = colours[(x / 6 + y / 10) % colours.count]
                    set(x, y, c.0, c.1, c.2)
                }
            }
        }
        return px
    }
}

/// |a - b| histogram over all three planes: [0, 1, 2, ≥3].
private func differences(_ a: YUV420Frame, _ b: YUV420Frame) -> [Int] {
    var h = [0, 0, 0, 0]
    for (p, q) in [(a.y, b.y), (a.u, b.u), (a.v, b.v)] {
        for i in p.indices { h[min(abs(Int(p[i]) - Int(q[i])), 3)] += 1 }
    }
    return h
}

private let sizes = [(2, 2), (4, 4), (6, 6), (8, 8), (2, 10), (14, 10), (16, 16), (18, 12), (34, 18), (66, 38), (160, 90)]
private let simdKinds: [RGBAToYUV420.Implementation] = [.simd, .sse2]

@Suite struct ColorConversionTests {
    @Test func coefficientsAreSwscales() {
        let table = RGBAToYUV420.rgb2yuvTable(inverse: SwscaleRGBAToYUV420.bt709InverseTable)
        #expect(SwscaleRGBAToYUV420.bt709InverseTable == [117489, 138438, 13975, 34925])
        #expect(table == [RGBAToYUV420.ry, RGBAToYUV420.gy, RGBAToYUV420.by,
                          RGBAToYUV420.ru, RGBAToYUV420.gu, RGBAToYUV420.bu,
                          RGBAToYUV420.rv, RGBAToYUV420.gv, RGBAToYUV420.bv])
        #expect(table == [5983, 20127, 2032, -3298, -11094, 14392, 14392, -13073, -1320])
    }

    @Test func chromaFilterMatchesSwscalesInitFilter() {
        // H ≥ 8: (1, 3, 3, 1)/8 centred between luma rows 2j and 2j+1, edges folded.
        let f8 = ChromaFilter(height: 8)
        #expect(f8.taps == 4 && f8.mmxBias == 5)
        #expect(f8.positions == [0, 1, 3, 4])
        #expect(f8.coefficients == [2048, 1536, 512, 0, 512, 1536, 1536, 512, 512, 1536, 1536, 512, 0, 512, 1536, 2048])
        let f1080 = ChromaFilter(height: 1080)
        #expect(f1080.positions.count == 540)
        for j in 1..<539 {
            #expect(f1080.positions[j] == 2 * j - 1)
            #expect(Array(f1080.coefficients[4 * j ..< 4 * j + 4]) == [512, 1536, 1536, 512])
        }
        // Small heights: swscale truncates the filter to H - 2 taps.
        let f6 = ChromaFilter(height: 6)
        #expect(f6.positions == [0, 1, 2])
        #expect(f6.coefficients == [1755, 1756, 585, 0, 512, 1536, 1536, 512, 0, 512, 1536, 2048])
        let f4 = ChromaFilter(height: 4)
        #expect(f4.taps == 2 && f4.positions == [0, 2] && f4.coefficients == [2048, 2048, 2048, 2048])
        let f2 = ChromaFilter(height: 2)
        #expect(f2.taps == 1 && f2.positions == [1] && f2.coefficients == [4096])
        for h in stride(from: 2, through: 40, by: 2) {
            let f = ChromaFilter(height: h)
            for j in 0..<(h / 2) {
                #expect(f.coefficients[j * f.taps ..< (j + 1) * f.taps].reduce(0, +) == 4096)
            }
        }
    }

    @Test func solidRedIsSwscales84_123_212() throws {
        let frame = solidFrame(width: 64, height: 32, r: 229, g: 35, b: 68)
        let converter = try RGBAToYUV420(width: 64, height: 32)
        var outputs = try RGBAToYUV420.Implementation.allCases.map { try converter.convert(rgba: frame, using: $0) }
        outputs.append(try SwscaleRGBAToYUV420(width: 64, height: 32).convert(rgba: frame))
        for out in outputs {
            #expect(Set(out.y) == [84])
            #expect(Set(out.u) == [123])
            #expect(Set(out.v) == [212])
        }
    }

    /// The SIMD kernels against the scalar reference, byte for byte, with
    /// padded rows and odd strides; bytes outside the planes stay untouched.
    @Test(arguments: [(2, 2), (4, 6), (14, 10), (16, 8), (18, 12), (30, 34), (66, 38), (130, 20), (320, 180)])
    func simdEqualsScalar(size: (Int, Int)) throws {
        let (w, h) = size
        let cw = w / 2, ch = h / 2
        let converter = try RGBAToYUV420(width: w, height: h)
        for (seed, bytesPerRow) in [(UInt64(1), w * 4), (2, w * 4 + 20), (3, w * 4 + 7)] {
            let pattern = seed == 3 ? Pattern.edges : .noise
            let px = pattern.pixels(w, h, stride: bytesPerRow, seed: seed)
            let (ys, us, vs) = (w + 5, cw + 3, cw + 9)
            func run(_ impl: RGBAToYUV420.Implementation) throws -> [[UInt8]] {
                var y = [UInt8](repeating: 0xAB, count: ys * h + 11)
                var u = [UInt8](repeating: 0xAB, count: us * ch + 11)
                var v = [UInt8](repeating: 0xAB, count: vs * ch + 11)
                try px.withUnsafeBytes { src in
                    try y.withUnsafeMutableBufferPointer { yb in
                        try u.withUnsafeMutableBufferPointer { ub in
                            try v.withUnsafeMutableBufferPointer { vb in
                                try converter.convert(rgba: src, bytesPerRow: bytesPerRow, y: yb, yStride: ys,
                                                      u: ub, uStride: us, v: vb, vStride: vs, using: impl)
                            }
                        }
                    }
                }
                return [y, u, v]
            }
            let reference = try run(.scalar)
            for impl in simdKinds {
                #expect(try run(impl) == reference, "\(impl) \(w)x\(h) bytesPerRow \(bytesPerRow)")
            }
            // Outside the visible area: still 0xAB.
            for (plane, stride, pw, ph) in [(reference[0], ys, w, h), (reference[1], us, cw, ch), (reference[2], vs, cw, ch)] {
                var outside = 0
                for i in plane.indices where i / stride >= ph || i % stride >= pw { outside += plane[i] == 0xAB ? 0 : 1 }
                #expect(outside == 0)
            }
        }
    }

    /// Every implementation against sws_scale with MP4Writer's setup: within
    /// ±1 everywhere; on x86-64 (where the model reproduces swscale's SSE/AVX2
    /// code paths) identical.
    @Test(arguments: Pattern.allCases)
    func matchesSwscale(pattern: Pattern) throws {
        var total = [0, 0, 0, 0]
        for (w, h) in sizes {
            let px = pattern.pixels(w, h)
            let reference = try SwscaleRGBAToYUV420(width: w, height: h).convert(rgba: px)
            let converter = try RGBAToYUV420(width: w, height: h)
            for impl in RGBAToYUV420.Implementation.allCases {
                let d = differences(try converter.convert(rgba: px, using: impl), reference)
                #expect(d[2] == 0 && d[3] == 0, "\(pattern) \(w)x\(h) \(impl): histogram \(d)")
                #if arch(x86_64)
                #expect(d[1] == 0, "\(pattern) \(w)x\(h) \(impl): histogram \(d)")
                #endif
                for k in 0..<4 { total[k] += d[k] }
            }
        }
        print("swscale vs RGBAToYUV420, \(pattern): |diff| 0/1/2/≥3 = \(total) samples")
    }

    @Test func fullHDNoiseMatchesSwscale() throws {
        // One 1920×1080 frame (fast kernel only: the scalar one is slow in debug builds).
        let (w, h) = (1920, 1080)
        let px = Pattern.noise.pixels(w, h, seed: 9)
        let reference = try SwscaleRGBAToYUV420(width: w, height: h).convert(rgba: px)
        let ours = try RGBAToYUV420(width: w, height: h).convert(rgba: px)
        let d = differences(ours, reference)
        #expect(d[2] == 0 && d[3] == 0, "\(d)")
        #if arch(x86_64)
        #expect(d[1] == 0, "\(d)")
        #endif
        print("swscale vs RGBAToYUV420, 1920x1080 noise: |diff| 0/1/2/≥3 = \(d) samples")
    }

    @Test func badSizesAndBuffersAreRejected() throws {
        for (w, h) in [(0, 2), (2, 0), (3, 2), (2, 5), (-2, 2), (16386, 2)] {
            #expect(videoError { _ = try RGBAToYUV420(width: w, height: h) } != nil, "\(w)x\(h)")
        }
        let converter = try RGBAToYUV420(width: 8, height: 4)
        let px = [UInt8](repeating: 0, count: 8 * 4 * 4)
        #expect(videoError { _ = try converter.convert(rgba: Array(px.dropLast())) } != nil)
        #expect(videoError { _ = try converter.convert(rgba: px, bytesPerRow: 31) } != nil)
        var small = YUV420Frame(width: 8, height: 2)
        #expect(videoError {
            try px.withUnsafeBytes { try converter.convert(rgba: $0, bytesPerRow: 32, into: &small) }
        } != nil)
        var broken = YUV420Frame(width: 8, height: 4)
        broken.u.removeLast()
        #expect(videoError {
            try px.withUnsafeBytes { try converter.convert(rgba: $0, bytesPerRow: 32, into: &broken) }
        } != nil)
        var y = [UInt8](repeating: 0, count: 32), u = [UInt8](repeating: 0, count: 8), v = u
        let e = videoError {
            try px.withUnsafeBytes { src in
                try y.withUnsafeMutableBufferPointer { yb in
                    try u.withUnsafeMutableBufferPointer { ub in
                        try v.withUnsafeMutableBufferPointer { vb in
                            try converter.convert(rgba: src, bytesPerRow: 32, y: yb, yStride: 8, u: ub, uStride: 3, v: vb, vStride: 4)
                        }
                    }
                }
            }
        }
        #expect(e == .invalidInput("U plane stride 3 is less than its width 4"))
    }

    @Test func yuvFrameStartsBlack() {
        let f = YUV420Frame(width: 4, height: 2)
        #expect(f.y == [16, 16, 16, 16, 16, 16, 16, 16] && f.u == [128, 128] && f.v == [128, 128])
        #expect(f.chromaWidth == 2 && f.chromaHeight == 1)
    }
}

@Suite struct WriterConversionTests {
    private func frames(_ w: Int, _ h: Int) -> [[UInt8]] {
        (0..<6).map { gradientFrame(width: w, height: h, index: $0) }
            + [Pattern.edges.pixels(w, h), Pattern.noise.pixels(w, h, seed: 5), Pattern.solids.pixels(w, h)]
    }

    @Test func settingsDefaultToTheSwiftConverter() {
        #expect(H264Settings(width: 64, height: 64).colorConversion == .swift)
        #expect(ColorConversion.allCases == [.swift, .swscale])
    }

    #if arch(x86_64)
    /// Same frames through either converter: identical YUV, hence identical files.
    @Test func swiftAndSwscaleWriteIdenticalFiles() throws {
        let (w, h) = (160, 90)
        let input = frames(w, h)
        let dir = TempDir()
        var bytes: [[UInt8]] = []
        for conversion in ColorConversion.allCases {
            var s = settings(w, h)
            s.colorConversion = conversion
            let path = dir.file("\(conversion).mp4")
            try encode(path, s, count: input.count) { input[$0] }
            bytes.append(try #require(fileBytes(path)))
        }
        #expect(bytes[0] == bytes[1])
    }
    #endif

    /// Pre-converted frames (and a mix of both kinds) give the same file as RGBA frames.
    @Test func appendYUVWritesTheSameFile() throws {
        let (w, h) = (96, 64)
        let input = frames(w, h)
        let converter = try RGBAToYUV420(width: w, height: h)
        let yuv = try input.map { try converter.convert(rgba: $0) }
        let dir = TempDir()
        let s = settings(w, h)
        try encode(dir.file("rgba.mp4"), s, count: input.count) { input[$0] }
        let writer = try MP4Writer(destination: dir.file("yuv.mp4"), settings: s)
        for f in yuv { try writer.append(yuv: f) }
        #expect(try writer.finish().frames == input.count)
        let mixed = try MP4Writer(destination: dir.file("mixed.mp4"), settings: s)
        for i in input.indices {
            if i % 2 == 0 { try mixed.append(yuv: yuv[i]) } else { try mixed.append(rgba: input[i]) }
        }
        try mixed.finish()
        let reference = try #require(fileBytes(dir.file("rgba.mp4")))
        #expect(fileBytes(dir.file("yuv.mp4")) == reference)
        #expect(fileBytes(dir.file("mixed.mp4")) == reference)
    }

    @Test func appendYUVOfTheWrongSizeFailsTheWriter() throws {
        let dir = TempDir()
        let writer = try MP4Writer(destination: dir.file("out.mp4"), settings: settings(64, 64))
        try writer.append(yuv: YUV420Frame(width: 64, height: 64))
        let e = videoError { try writer.append(yuv: YUV420Frame(width: 64, height: 32)) }
        #expect(e == .invalidInput("YUV frame is 64x32, the video 64x64"))
        #expect(videoError { try writer.append(yuv: YUV420Frame(width: 64, height: 64)) } == .closed)
        #expect(dir.entries().isEmpty)
    }

    @Test func swscaleConversionStillWorks() throws {
        // The old path, selected explicitly: solid red decodes to 84/123/212.
        let dir = TempDir()
        var s = settings(64, 64)
        s.colorConversion = .swscale
        let path = dir.file("sws.mp4")
        try encode(path, s, count: 3) { _ in solidFrame(width: 64, height: 64, r: 229, g: 35, b: 68) }
        var yuv: [(UInt8, UInt8, UInt8)] = []
        try MP4Reader(path: path).decode { f in
            yuv.append((f.plane(0).bytes[32 * f.plane(0).bytesPerRow + 32], f.plane(1).bytes[16 * f.plane(1).bytesPerRow + 16],
                        f.plane(2).bytes[16 * f.plane(2).bytesPerRow + 16]))
        }
        #expect(yuv.count == 3)
        #expect(yuv.allSatisfy { abs(Int($0.0) - 84) <= 1 && abs(Int($0.1) - 123) <= 1 && abs(Int($0.2) - 212) <= 1 })
    }
}
