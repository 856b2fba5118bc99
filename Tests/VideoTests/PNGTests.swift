import Testing
import Glibc
@testable import Video

@Suite struct PNGTests {
    /// Every pixel different, alpha from 0 to 255 (straight, not premultiplied).
    private func testImage(_ w: Int, _ h: Int) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            px[4 * i] = UInt8(truncatingIfNeeded: i * 37)
            px[4 * i + 1] = UInt8(truncatingIfNeeded: i * 11 + 5)
            px[4 * i + 2] = UInt8(truncatingIfNeeded: 255 - i * 3)
            px[4 * i + 3] = UInt8(truncatingIfNeeded: i * 255 / (w * h - 1))
        }
        return px
    }

    @Test func roundTripIsExact() throws {
        let dir = TempDir()
        let (w, h) = (13, 7)
        let px = testImage(w, h)
        let path = dir.file("still.png")
        try PNGWriter.write(rgba: px, width: w, height: h, to: path)
        let back = try PNGReader.read(path: path)
        #expect(back.width == w && back.height == h)
        #expect(back.rgba == px)
        #expect(dir.entries() == ["still.png"])
        // A real PNG with an RGBA (colour type 6) header.
        let bytes = try #require(fileBytes(path))
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        #expect(bytes[25] == 6)
    }

    @Test func paddedRowsAndReplacement() throws {
        let dir = TempDir()
        let (w, h, stride) = (5, 4, 5 * 4 + 12)
        let tight = testImage(w, h)
        var padded = [UInt8](repeating: 0xEE, count: stride * h)
        for y in 0..<h { padded.replaceSubrange((y * stride)..<(y * stride + w * 4), with: tight[(y * w * 4)..<((y + 1) * w * 4)]) }
        let path = dir.file("p.png")
        writeFile(path, Array("old".utf8))
        try padded.withUnsafeBytes {
            try PNGWriter.write(rgba: $0, width: w, height: h, bytesPerRow: stride, to: path)
        }
        #expect(try PNGReader.read(path: path).rgba == tight)
        #expect(dir.entries() == ["p.png"])
    }

    @Test func errors() throws {
        let dir = TempDir()
        let px = testImage(4, 4)
        guard case .invalidInput? = videoError({ try PNGWriter.write(rgba: Array(px.prefix(20)), width: 4, height: 4, to: dir.file("a.png")) }) else {
            Issue.record("short buffer accepted"); return
        }
        guard case .io? = videoError({ try PNGWriter.write(rgba: px, width: 4, height: 4, to: dir.file("no/a.png")) }) else {
            Issue.record("missing directory accepted"); return
        }
        writeFile(dir.file("fake.png"), Array("not a png at all".utf8))
        guard case .invalidFile? = videoError({ _ = try PNGReader.read(path: dir.file("fake.png")) }) else {
            Issue.record("non-PNG accepted"); return
        }
        #expect(dir.entries() == ["fake.png"])
    }

    /// PNGs that are not RGBA8 (RGB8, gray8) go through swscale to RGBA.
    @Test(arguments: [(UInt8(2), 3), (UInt8(0), 1)])
    func readsOtherPixelFormats(colourType: UInt8, channels: Int) throws {
        let dir = TempDir()
        let (w, h) = (3, 2)
        let samples: [UInt8] = (0..<(w * h * channels)).map { UInt8(truncatingIfNeeded: 17 + $0 * 29) }
        let path = dir.file("other.png")
        writeFile(path, handMadePNG(width: w, height: h, colourType: colourType, samples: samples))
        let image = try PNGReader.read(path: path)
        #expect(image.width == w && image.height == h)
        var expected: [UInt8] = []
        for i in 0..<(w * h) {
            if channels == 3 {
                expected += samples[(3 * i)..<(3 * i + 3)]
            } else {
                expected += [samples[i], samples[i], samples[i]]
            }
            expected.append(255)
        }
        #expect(image.rgba == expected)
    }
}

/// A minimal 8-bit PNG with one stored (uncompressed) deflate block.
private func handMadePNG(width: Int, height: Int, colourType: UInt8, samples: [UInt8]) -> [UInt8] {
    func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
    func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffff_ffff
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let tb = Array(type.utf8) + body
        return be32(UInt32(body.count)) + tb + be32(crc32(tb))
    }
    let rowBytes = samples.count / height
    var raw: [UInt8] = []
    for y in 0..<height { raw.append(0); raw += samples[(y * rowBytes)..<((y + 1) * rowBytes)] }
    var a: UInt32 = 1, b: UInt32 = 0
    for x in raw { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
    let len = UInt16(raw.count)
    let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(len & 0xff), UInt8(len >> 8), UInt8(~len & 0xff), UInt8(~len >> 8)]
        + raw + be32(b << 16 | a)
    let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [8, colourType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
}
