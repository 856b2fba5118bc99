import Testing
@testable import Video

// RGBAToYUV420.update (only a changed box) against the scalar whole-frame reference, and
// EncoderFrame through MP4Writer against the RGBA path.

private struct Rng {
    var state: UInt64
    init(_ seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

@Suite struct RegionConversionTests {
    /// Frame B = frame A with the box rows × columns (clamped) refilled with noise.
    private func edited(_ a: [UInt8], _ w: Int, _ h: Int, rows: Range<Int>, columns: Range<Int>, _ rng: inout Rng) -> [UInt8] {
        var b = a
        for y in rows.clamped(to: 0..<h) {
            for x in columns.clamped(to: 0..<w) {
                for c in 0..<4 { b[(y * w + x) * 4 + c] = UInt8(truncatingIfNeeded: rng.next() >> 40) }
            }
        }
        return b
    }

    /// A run of random edits, each converted as a box update, stays byte-identical to the
    /// scalar conversion of the whole frame; both SIMD implementations, sizes from 2×2 up,
    /// boxes at the edges, one pixel wide, odd bounds, empty and partly outside the frame.
    @Test(arguments: [(2, 2), (6, 6), (8, 8), (18, 10), (34, 14), (66, 38), (130, 21 * 2), (320, 180)])
    func boxUpdatesEqualTheScalarWholeFrame(size: (Int, Int)) throws {
        let (w, h) = size
        let converter = try RGBAToYUV420(width: w, height: h)
        for implementation in [RGBAToYUV420.Implementation.simd, .sse2] {
            var rng = Rng(UInt64(w * 1000 + h) &+ (implementation == .simd ? 1 : 2))
            var current = Pattern.noise.pixels(w, h, seed: 3)
            let frame = try EncoderFrame(width: w, height: h)
            try current.withUnsafeBytes { try converter.convert(rgba: $0, bytesPerRow: w * 4, into: frame, using: implementation) }
            for step in 0..<40 {
                let y0 = rng.below(h + 2) - 1, x0 = rng.below(w + 2) - 1
                var rows = y0..<max(y0, y0 + 1 + rng.below(max(h / 3, 1))), columns = x0..<max(x0, x0 + 1 + rng.below(max(w / 3, 1)))
                switch step % 8 {
                case 0: rows = 0..<1                      // top row
                case 1: rows = (h - 1)..<h                // bottom row (the exactly rounded chroma row)
                case 2: columns = (w - 1)..<w             // last column alone (odd start)
                case 3: rows = 0..<h; columns = 0..<w     // everything
                case 4: columns = x0..<x0                 // empty
                default: break
                }
                current = edited(current, w, h, rows: rows, columns: columns, &rng)
                try current.withUnsafeBytes {
                    try converter.update(frame, from: $0, bytesPerRow: w * 4, changedRows: rows, changedColumns: columns,
                                         using: implementation)
                }
                let reference = try converter.convert(rgba: current, using: .scalar)
                let got = frame.yuv420Frame()
                #expect(got == reference, "\(w)x\(h) \(implementation) step \(step) box \(rows) × \(columns)")
                if got != reference { return }
            }
        }
    }

    /// Row-by-row updates (runs of changed rows, gaps shorter and longer than `runGap`, rows
    /// with nothing changed at the edges) stay byte-identical to the scalar whole conversion.
    @Test(arguments: [(2, 2), (8, 6), (40, 30), (66, 64), (130, 90)])
    func rowUpdatesEqualTheScalarWholeFrame(size: (Int, Int)) throws {
        let (w, h) = size
        let converter = try RGBAToYUV420(width: w, height: h)
        var rng = Rng(UInt64(w * 31 + h))
        var current = Pattern.gradient.pixels(w, h, seed: 2)
        let frame = try EncoderFrame(width: w, height: h)
        try current.withUnsafeBytes { try converter.convert(rgba: $0, bytesPerRow: w * 4, into: frame) }
        for step in 0..<30 {
            // Changed columns per row: a few bands of rows separated by gaps of 1…20 rows.
            var columns = [Range<Int>](repeating: 0..<0, count: h)
            var y = rng.below(h)
            while y < h {
                let band = 1 + rng.below(6)
                for r in y..<min(h, y + band) {
                    let x0 = rng.below(w), x1 = min(w, x0 + 1 + rng.below(max(w / 2, 1)))
                    columns[r] = x0..<x1
                }
                y += band + 1 + rng.below(20)
            }
            for r in 0..<h where !columns[r].isEmpty {
                current = edited(current, w, h, rows: r..<(r + 1), columns: columns[r], &rng)
            }
            let rows = step % 3 == 0 ? 0..<h : (columns.firstIndex { !$0.isEmpty } ?? 0)..<((columns.lastIndex { !$0.isEmpty } ?? -1) + 1)
            try current.withUnsafeBytes {
                try converter.update(frame, from: $0, bytesPerRow: w * 4, rows: rows, changedColumns: { columns[$0] },
                                     using: step % 2 == 0 ? .sse2 : .simd)
            }
            let got = frame.yuv420Frame(), reference = try converter.convert(rgba: current, using: .scalar)
            #expect(got == reference, "\(w)x\(h) step \(step)")
            if got != reference { return }
        }
    }

    @Test func updateChecksSizes() throws {
        let converter = try RGBAToYUV420(width: 8, height: 8)
        let small = try EncoderFrame(width: 8, height: 6)
        let rgba = [UInt8](repeating: 0, count: 8 * 8 * 4)
        let e = videoError {
            try rgba.withUnsafeBytes { try converter.update(small, from: $0, bytesPerRow: 32, changedRows: 0..<8, changedColumns: 0..<8) }
        }
        #expect(e == .invalidInput("encoder frame is 8x6, the converter 8x8"))
        let frame = try EncoderFrame(width: 8, height: 8)
        let short = videoError {
            try rgba.dropLast(4).withUnsafeBytes { try converter.update(frame, from: $0, bytesPerRow: 32, changedRows: 0..<1, changedColumns: 0..<1) }
        }
        #expect(short == .invalidInput("RGBA buffer has 252 bytes, 8x8 with 32 bytes per row needs 256"))
        #expect(videoError { _ = try EncoderFrame(width: 7, height: 8) } == .invalidSettings("size 7x8 must be positive, even and at most 16384 for yuv420p"))
    }

    @Test func encoderFramesStartBlack() throws {
        let f = try EncoderFrame(width: 10, height: 4)
        #expect(f.yuv420Frame() == YUV420Frame(width: 10, height: 4))
        try f.makeWritable()
        #expect(f.planes.yStride >= 10)
    }

    /// Sending encoder frames (one reused for every other frame, updated by boxes) writes the
    /// same file as sending the RGBA frames.
    @Test func appendEncoderFrameWritesTheSameFile() throws {
        let (w, h) = (96, 64)
        var rng = Rng(9)
        var input = [Pattern.noise.pixels(w, h, seed: 4)]
        var boxes: [(Range<Int>, Range<Int>)] = [(0..<h, 0..<w)]
        for _ in 1..<10 {
            let y0 = rng.below(h), x0 = rng.below(w)
            let box = (y0..<min(h, y0 + 1 + rng.below(20)), x0..<min(w, x0 + 1 + rng.below(30)))
            input.append(edited(input.last!, w, h, rows: box.0, columns: box.1, &rng))
            boxes.append(box)
        }
        let dir = TempDir()
        let s = settings(w, h)
        try encode(dir.file("rgba.mp4"), s, count: input.count) { input[$0] }
        let converter = try RGBAToYUV420(width: w, height: h)
        let writer = try MP4Writer(destination: dir.file("frames.mp4"), settings: s)
        let pictures = try (0..<2).map { _ in try EncoderFrame(width: w, height: h) }
        for i in input.indices {
            let picture = pictures[i % 2]
            try picture.makeWritable()
            try input[i].withUnsafeBytes { bytes in
                if i < 2 {
                    try converter.convert(rgba: bytes, bytesPerRow: w * 4, into: picture)
                } else {
                    // Frame i differs from frame i − 2 (which the picture holds) inside both boxes.
                    let a = boxes[i], b = boxes[i - 1]
                    let rows = min(a.0.lowerBound, b.0.lowerBound)..<max(a.0.upperBound, b.0.upperBound)
                    let columns = min(a.1.lowerBound, b.1.lowerBound)..<max(a.1.upperBound, b.1.upperBound)
                    try converter.update(picture, from: bytes, bytesPerRow: w * 4, changedRows: rows, changedColumns: columns)
                }
            }
            try writer.append(picture)
        }
        #expect(try writer.finish().frames == input.count)
        #expect(fileBytes(dir.file("frames.mp4")) == fileBytes(dir.file("rgba.mp4")))
        let wrong = try MP4Writer(destination: dir.file("wrong.mp4"), settings: s)
        #expect(videoError { try wrong.append(EncoderFrame(width: 32, height: 32)) } == .invalidInput("encoder frame is 32x32, the video 96x64"))
    }
}
