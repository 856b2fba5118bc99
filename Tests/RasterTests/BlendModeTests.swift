// BlendModeTests.swift — the blend modes on known values (the W3C formulas' defining cases), the
// region entry point, and the edge cases of both kernels. Random inputs: KernelAuditTests.

import Geometry
import Testing
@testable import Raster

@Suite struct BlendModeTests {
    static func grey(_ v: UInt8, alpha: UInt8 = 255) -> PremultipliedRGBA8 {
        let c = UInt8((Double(v) * Double(alpha) / 255).rounded())
        return PremultipliedRGBA8(r: c, g: c, b: c, a: alpha)
    }

    /// Composites one pixel with both kernels (which must agree) and returns the result.
    static func blend(_ mode: BlendMode, _ s: PremultipliedRGBA8, over d: PremultipliedRGBA8,
                      opacity: UInt8 = 255) -> PremultipliedRGBA8 {
        var results: [PremultipliedRGBA8] = []
        for kernels in RasterKernels.allCases {
            // 9 pixels: one SIMD block and a tail.
            let source = [PremultipliedRGBA8](repeating: s, count: 9)
            var out = [PremultipliedRGBA8](repeating: d, count: 9)
            source.withUnsafeBufferPointer { sp in
                out.withUnsafeMutableBufferPointer { dp in
                    Compositing.blend(mode, source: sp.baseAddress!, opacity: opacity, into: dp.baseAddress!, count: 9,
                                      kernels: kernels)
                }
            }
            #expect(Set(out).count == 1, "\(mode) \(kernels): block and tail differ")
            results.append(out[0])
        }
        #expect(results[0] == results[1], "\(mode): scalar \(results[0]) vs SIMD \(results[1])")
        return results[1]
    }

    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let colour = PremultipliedRGBA8(r: 200, g: 90, b: 30, a: 255)

    @Test func multiplyScreenAndTheirIdentities() {
        #expect(Self.blend(.multiply, Self.grey(128), over: Self.grey(128)) == Self.grey(64))   // 128·128/255 = 64.25
        #expect(Self.blend(.screen, Self.grey(128), over: Self.grey(128)) == Self.grey(192))    // 256 − 64.25
        #expect(Self.blend(.multiply, Self.grey(255), over: Self.colour) == Self.colour)
        #expect(Self.blend(.multiply, Self.grey(0), over: Self.colour) == Self.grey(0))
        #expect(Self.blend(.screen, Self.grey(0), over: Self.colour) == Self.colour)
        #expect(Self.blend(.screen, Self.grey(255), over: Self.colour) == Self.grey(255))
    }

    @Test func separableModesOnGreys() {
        // Cb = 0.25 (64), Cs = 0.75 (191): values from the §5.3 formulas.
        let b = Self.grey(64), s = Self.grey(191)
        func expect(_ mode: BlendMode, _ value: Double) {
            let got = Self.blend(mode, s, over: b)
            #expect(abs(Double(got.r) - value) <= 0.5 + 1e-9, "\(mode): \(got.r) vs \(value)")
        }
        let cb = 64.0 / 255, cs = 191.0 / 255
        expect(.darken, 64)
        expect(.lighten, 191)
        expect(.difference, 127)
        expect(.exclusion, 255 * (cb + cs - 2 * cb * cs))
        expect(.hardLight, 255 * (cb + (2 * cs - 1) - cb * (2 * cs - 1)))        // Cs > ½: screen
        expect(.overlay, 255 * (cs * (2 * cb)))                                     // Cb ≤ ½: multiply
        expect(.colorDodge, 255 * min(1, cb / (1 - cs)))
        expect(.colorBurn, 255 * (1 - min(1, (1 - cb) / cs)))
        expect(.softLight, 255 * (cb + (2 * cs - 1) * (cb.squareRoot() - cb)))     // Cb > ¼: √Cb
        expect(.add, 255)
    }

    @Test func edgeCasesOfTheSeparableFormulas() {
        #expect(Self.blend(.colorDodge, Self.grey(255), over: Self.grey(0)) == Self.grey(0))     // Cb = 0 → 0
        #expect(Self.blend(.colorDodge, Self.grey(255), over: Self.grey(10)) == Self.grey(255))  // Cs = 1 → 1
        #expect(Self.blend(.colorBurn, Self.grey(0), over: Self.grey(255)) == Self.grey(255))    // Cb = 1 → 1
        #expect(Self.blend(.colorBurn, Self.grey(0), over: Self.grey(200)) == Self.grey(0))      // Cs = 0 → 0
        #expect(Self.blend(.difference, Self.colour, over: Self.colour) == Self.grey(0))
        #expect(Self.blend(.exclusion, Self.grey(0), over: Self.colour) == Self.colour)
    }

    @Test func nonSeparableModes() {
        // color: pure red onto grey 128, L = 128/255 = 0.50196. SetLum(red, L): red + (L − 0.3) =
        // (1.20196, 0.20196, 0.20196), clipped towards L by (1 − L)/(x − L) = 0.49804/0.7:
        // (1, 0.28851, 0.28851) → (255, 73.57 → 74, 74).
        #expect(Self.blend(.color, Self.red, over: Self.grey(128)) == PremultipliedRGBA8(r: 255, g: 74, b: 74, a: 255))
        // luminosity of black: SetLum(Cb, 0) clips every colour to black.
        #expect(Self.blend(.luminosity, Self.grey(0), over: Self.colour) == Self.grey(0))
        // hue of a grey: SetSat(grey, s) = (0, 0, 0), then the backdrop's luminosity: a grey.
        let hue = Self.blend(.hue, Self.grey(100), over: Self.colour)
        #expect(hue.r == hue.g && hue.g == hue.b)
        let luminosity: Double = 0.3 * 200 + 0.59 * 90 + 0.11 * 30
        #expect(abs(Double(hue.r) - luminosity) <= 1)
        // saturation of a grey source desaturates the backdrop to its own luminosity.
        let saturation = Self.blend(.saturation, Self.grey(77), over: Self.colour)
        #expect(saturation == hue)
    }

    @Test func everyModeOverTransparentIsTheSource() {
        // αb = 0: co = cs for every mode, at any opacity the source is scaled by it.
        let s = PremultipliedRGBA8(r: 60, g: 100, b: 20, a: 128)
        for mode in BlendMode.allCases {
            #expect(Self.blend(mode, s, over: .transparent) == s, "\(mode)")
            #expect(Self.blend(mode, .transparent, over: Self.colour) == Self.colour, "\(mode) transparent source")
        }
    }

    @Test func addIsAfterEffectsAddNotPlus() {
        // 50 % layer opacity, Cb = 0.8, Cs = 0.5: lerp(0.8, min(1, 1.3), 0.5) = 0.9 (plus would give 1).
        let got = Self.blend(.add, Self.grey(128), over: Self.grey(204), opacity: 128)
        let expected: Double = 255 * (0.8 + 0.2 * 128 / 255)
        #expect(abs(Double(got.r) - expected) <= 1)
        #expect(got.r < 250)
    }

    @Test func opacityScalesTheSource() {
        for mode in BlendMode.allCases {
            #expect(Self.blend(mode, Self.red, over: Self.colour, opacity: 0) == Self.colour, "\(mode) at 0")
            let full = Self.blend(mode, Self.red, over: Self.colour)
            let reference = BlendReference.composite(mode, source: Self.red, opacity: 255, destination: Self.colour)
            #expect(channelDistance(full, reference) <= 1, "\(mode)")
        }
    }

    @Test func regionEntryPointTouchesOnlyTheBox() {
        let source = Canvas(width: 20, height: 10), destination = Canvas(width: 20, height: 10)
        source.clear(to: RGBA(r: 1, g: 0, b: 0))
        destination.clear(to: RGBA(r: 0.5, g: 0.5, b: 0.5))
        let box = PixelBox(x: 3, y: 2, width: 9, height: 4)
        Compositing.blend(source, onto: destination, mode: .multiply, in: box)
        for y in 0..<10 {
            for x in 0..<20 {
                let inside = x >= 3 && x < 12 && y >= 2 && y < 6
                let expected = inside ? PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255) : Self.grey(128)
                #expect(destination[x, y] == expected, "(\(x), \(y))")
            }
        }
        // A box reaching outside the canvas is clipped.
        Compositing.blend(source, onto: destination, mode: .screen, in: PixelBox(x: -5, y: -5, width: 100, height: 100))
        #expect(destination[0, 0] == PremultipliedRGBA8(r: 255, g: 128, b: 128, a: 255))
    }

    @Test func regionEntryPointsSeeDeferredClears() {
        // A destination whose last clear is still deferred (drawn, then cleared to the same
        // colour: the drawn rows are rewritten lazily) must composite like a freshly cleared one.
        let source = Canvas(width: 24, height: 12)
        Rasterizer().fill(.circle(center: Point(12, 6), radius: 5), paint: SolidPaint(color: RGBA(r: 0.9, g: 0.2, b: 0.4, a: 0.7)),
                          on: source)
        let deferred = Canvas(width: 24, height: 12), fresh = Canvas(width: 24, height: 12)
        deferred.clear(to: RGBA(r: 0.3, g: 0.6, b: 0.9))
        Rasterizer().fill(.rectangle(x: 2, y: 2, width: 18, height: 8), paint: SolidPaint(color: .black), on: deferred)
        deferred.clear(to: RGBA(r: 0.3, g: 0.6, b: 0.9))
        fresh.clear(to: RGBA(r: 0.3, g: 0.6, b: 0.9))
        for canvas in [deferred, fresh] {
            Compositing.blend(source, onto: canvas, mode: .hardLight, opacity: 0.8, in: .whole(width: 24, height: 12))
        }
        #expect(pixels(deferred) == pixels(fresh))
        // And the composited box counts as drawn: the next clear restores the background there.
        deferred.clear(to: RGBA(r: 0.3, g: 0.6, b: 0.9))
        #expect(pixels(deferred).allSatisfy { $0 == PremultipliedRGBA8(RGBA(r: 0.3, g: 0.6, b: 0.9)) })
    }
}
