// ImageDecoder: PNG, JPEG and WebP decoded by libavcodec to straight RGBA; refusals.
import Testing
@testable import Media

@Suite struct ImageDecoderTests {
    @Test func pngDecodesExactly() throws {
        let image = try ImageDecoder.decode(try Fixture.bytes("rgba4x2.png"))
        #expect(image.width == 4 && image.height == 2)
        for (i, expected) in rgba4x2.enumerated() {
            #expect(Array(image.rgba[4 * i..<4 * i + 4]) == expected, "pixel \(i)")
        }
    }

    @Test func losslessWebPDecodesExactly() throws {
        let image = try ImageDecoder.decode(try Fixture.bytes("rgba4x2.webp"))
        #expect(image.width == 4 && image.height == 2)
        for (i, expected) in rgba4x2.enumerated() {
            let got = Array(image.rgba[4 * i..<4 * i + 4])
            // A fully transparent pixel's colour is not kept by the lossless encoder.
            if expected[3] == 0 { #expect(got[3] == 0) } else { #expect(got == expected, "pixel \(i)") }
        }
    }

    @Test func jpegDecodesItsQuadrantsOpaque() throws {
        let image = try ImageDecoder.decode(try Fixture.bytes("quadrants16.jpg"))
        #expect(image.width == 16 && image.height == 16)
        func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(image.rgba[4 * (y * 16 + x) + $0]) } }
        // Centres of the quadrants, away from the edges where JPEG rings.
        let expected: [((Int, Int), [Int])] = [((3, 3), [255, 0, 0]), ((12, 3), [0, 255, 0]), ((3, 12), [0, 0, 255]), ((12, 12), [255, 255, 255])]
        for ((x, y), rgb) in expected {
            let p = pixel(x, y)
            #expect(p[3] == 255)
            for c in 0..<3 { #expect(abs(p[c] - rgb[c]) <= 12, "(\(x), \(y)) channel \(c): \(p) vs \(rgb)") }
        }
    }

    @Test func unknownBytesAreRefused() {
        #expect(throws: MediaError.self) { try ImageDecoder.decode(Array("GIF89a not supported".utf8)) }
        #expect(throws: MediaError.self) { try ImageDecoder.decode([]) }
    }

    @Test func truncatedPNGIsAnError() throws {
        let png = try Fixture.bytes("rgba4x2.png")
        for length in [8, 20, 33, 60, png.count - 13] {
            #expect(throws: MediaError.self, "\(length) bytes") { try ImageDecoder.decode(Array(png.prefix(length))) }
        }
    }

    @Test func pixelCapRefusesBeforeDecoding() throws {
        var limits = MediaLimits.standard
        limits.maxImagePixels = 7   // the fixture has 8
        let error = #expect(throws: MediaError.self) { try ImageDecoder.decode(try Fixture.bytes("rgba4x2.png"), limits: limits) }
        #expect(error?.message.contains("cap of 7 pixels") == true)
        limits.maxImagePixels = 8
        #expect(try ImageDecoder.decode(try Fixture.bytes("rgba4x2.png"), limits: limits).width == 4)
    }

    @Test func encodedSizeCap() throws {
        var limits = MediaLimits.standard
        limits.maxEncodedImageBytes = 100   // the PNG is 107 bytes
        let error = #expect(throws: MediaError.self) { try ImageDecoder.decode(try Fixture.bytes("rgba4x2.png"), limits: limits) }
        #expect(error?.message.contains("over the cap of 100 bytes") == true)
    }

    /// A PNG whose IHDR announces 100000 × 100000 pixels (CRC fixed up) is refused by the cap,
    /// not allocated.
    @Test func hugeAnnouncedSizeIsRefused() throws {
        var png = try Fixture.bytes("rgba4x2.png")
        let big: [UInt8] = [0x00, 0x01, 0x86, 0xA0]
        png.replaceSubrange(16..<20, with: big)
        png.replaceSubrange(20..<24, with: big)
        let crc = crc32(Array(png[12..<29]))
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(throws: MediaError.self) { try ImageDecoder.decode(png) }
    }
}

/// CRC-32 (ISO-HDLC, as PNG chunks use), bitwise.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = (c >> 1) ^ (c & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return ~c
}
