// ColorTests.swift — RGBA parsing, premultiplication and the canvas' byte layout.

import Testing
@testable import Raster

@Suite struct ColorTests {
    @Test func hexParsing() throws {
        let red = try #require(RGBA(hex: "#E52344"))
        #expect(red == RGBA(r: 229.0 / 255, g: 35.0 / 255, b: 68.0 / 255, a: 1))
        #expect(RGBA(hex: "e52344") == red)
        #expect(RGBA(hex: "#e52344FF") == red)
        let translucent = try #require(RGBA(hex: "#00ff0080"))
        #expect(translucent.a == 128.0 / 255 && translucent.g == 1)
        for bad in ["", "#", "#12345", "#1234567", "#GGGGGG", "12 456", "#123456789", "##123456",
                    "#12345é", "#１２３４５６", "#12345\u{301}6", "123456#"] {
            #expect(RGBA(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func hexStringRoundTrip() {
        #expect(RGBA(hex: "#e52344")?.hexString == "#E52344")
        #expect(RGBA(hex: "#00FF0080")?.hexString == "#00FF0080")
        #expect(RGBA.white.hexString == "#FFFFFF" && RGBA.black.hexString == "#000000")
    }

    @Test func componentsAreClamped() {
        let c = RGBA(r: 1.5, g: -2, b: .nan, a: 2)
        #expect(c == RGBA(r: 1, g: 0, b: 0, a: 1))
    }

    @Test func premultiplication() {
        #expect(PremultipliedRGBA8(RGBA(hex: "#E52344")!) == PremultipliedRGBA8(r: 229, g: 35, b: 68, a: 255))
        // round(c·a·255): 0.4·0.5·255 = 51, alpha round(127.5) = 128.
        #expect(PremultipliedRGBA8(RGBA(r: 0.4, g: 1, b: 0, a: 0.5)) == PremultipliedRGBA8(r: 51, g: 128, b: 0, a: 128))
        #expect(PremultipliedRGBA8(RGBA.clear) == .transparent)
        #expect(SolidPaint(color: .white, opacity: 0.25).premultiplied == PremultipliedRGBA8(r: 64, g: 64, b: 64, a: 64))
    }

    @Test func straightAlphaRoundTrip() {
        #expect(PremultipliedRGBA8(r: 51, g: 128, b: 0, a: 128).straight == (102, 255, 0, 128))
        #expect(PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255).straight == (1, 2, 3, 255))
        #expect(PremultipliedRGBA8.transparent.straight == (0, 0, 0, 0))
        // Every straight colour survives premultiply → unpremultiply within ±(255/a)/2 + 1.
        for a in stride(from: 1, through: 255, by: 7) {
            for c in stride(from: 0, through: 255, by: 5) {
                let color = RGBA(r: Double(c) / 255, g: 0, b: 1, a: Double(a) / 255)
                let back = PremultipliedRGBA8(color).straight
                #expect(abs(Double(back.r) - Double(c)) <= 127.5 / Double(a) + 1)
                #expect(back.a == UInt8(a))
            }
        }
    }
}

@Suite struct CanvasTests {
    @Test func layoutAndClear() {
        let canvas = Canvas(width: 3, height: 2)
        #expect(canvas.bytesPerRow == 12)
        #expect(canvas[2, 1] == .transparent)
        canvas.clear(to: RGBA(hex: "#E5234480")!)
        let expected = PremultipliedRGBA8(RGBA(hex: "#E5234480")!)
        #expect(canvas[0, 0] == expected && canvas[2, 1] == expected)
        let bytes = canvasBytes(canvas)
        #expect(bytes.count == 24)
        #expect(Array(bytes[20..<24]) == [expected.r, expected.g, expected.b, expected.a])
    }

    @Test func pixelIsFourBytesRGBA() {
        #expect(MemoryLayout<PremultipliedRGBA8>.size == 4 && MemoryLayout<PremultipliedRGBA8>.stride == 4)
        let p = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)
        #expect(withUnsafeBytes(of: p) { Array($0) } == [1, 2, 3, 4])
    }

    @Test func mutableBytesAreRGBAInMemoryOrder() {
        let canvas = Canvas(width: 2, height: 2)
        canvas.withUnsafeMutableBytes { bytes in
            bytes[4 * 3 + 0] = 10
            bytes[4 * 3 + 1] = 20
            bytes[4 * 3 + 2] = 30
            bytes[4 * 3 + 3] = 40
        }
        #expect(canvas[1, 1] == PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 40))
    }

    @Test func straightExportUnpremultipliesAndKeepsOpaquePixels() {
        let canvas = Canvas(width: 2, height: 1)
        canvas.withUnsafeMutableBytes { bytes in
            for (i, v) in [229, 35, 68, 255, 51, 128, 0, 128].enumerated() { bytes[i] = UInt8(v) }
        }
        #expect(canvas.straightRGBA8() == [229, 35, 68, 255, 102, 255, 0, 128])
    }

    @Test func emptyCanvas() {
        let canvas = Canvas(width: 0, height: 0)
        canvas.clear(to: .white)
        #expect(canvas.straightRGBA8().isEmpty)
        canvas.withUnsafeBytes { #expect($0.count == 0) }
    }
}
