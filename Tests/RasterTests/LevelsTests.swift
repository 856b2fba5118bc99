// Raster's Levels (Filter/Levels.swift): lottie-web's Pro Levels table, entries worked out by hand,
// and the kernel on premultiplied pixels (channel tables, then the composite, alpha, premultiply).
import Testing
@testable import Raster

@Suite struct LevelsTests {
    @Test func tableEntries() {
        let levels = Levels()
        // Input 0.1–0.9: (C − 0.1)/0.8; 25/255 = 0.098 is below input black, 230/255 = 0.902 above white.
        let stretch = levels.table(LevelsChannel(inputBlack: 0.1, inputWhite: 0.9))
        #expect(stretch[0] == 0 && stretch[25] == 0 && stretch[230] == 255 && stretch[255] == 255)
        #expect(stretch[51] == 32 && stretch[102] == 96 && stretch[153] == 159)   // 31.875, 95.625, 159.375
        // Gamma 2: √C; 102/255 = 0.4 → 0.6325 → 161.3; 51 → √0.2 = 0.4472 → 114.0.
        let gamma = levels.table(LevelsChannel(gamma: 2))
        #expect(gamma[102] == 161 && gamma[51] == 114 && gamma[0] == 0 && gamma[255] == 255)
        // Output 0.2–0.8: 0.2 + 0.6·C; reversed input (black 0.8, white 0): (C − 0.8)/(−0.8).
        let output = levels.table(LevelsChannel(outputBlack: 0.2, outputWhite: 0.8))
        #expect(output[0] == 51 && output[51] == 82 && output[255] == 204)
        let reversed = levels.table(LevelsChannel(inputBlack: 0.8, inputWhite: 0))
        #expect(reversed[153] == 64 && reversed[0] == 255 && reversed[255] == 0 && reversed[204] == 0)
        #expect(levels.table(.identity) == (0..<256).map { UInt8($0) })
        // A gamma that makes the curve not finite: identity (the browser rejects the table).
        #expect(levels.table(LevelsChannel(inputBlack: .nan)) == (0..<256).map { UInt8($0) })
    }

    @Test func kernelOnPremultipliedPixels() {
        let canvas = Canvas(width: 3, height: 1)
        canvas.pixels[0] = PremultipliedRGBA8(r: 51, g: 102, b: 153, a: 255)
        canvas.pixels[1] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
        canvas.pixels[2] = PremultipliedRGBA8(r: 51, g: 0, b: 0, a: 102)   // straight (128, 0, 0), α 0.4
        // Red output 0.2–0.8, then the composite's input white 0.5 (×2, clamped); alpha ×0.5.
        let p = LevelsParameters(composite: LevelsChannel(inputWhite: 0.5), red: LevelsChannel(outputBlack: 0.2, outputWhite: 0.8),
                                 alpha: LevelsChannel(outputWhite: 0.5))
        Levels().apply(p, to: canvas, in: PixelBox(minX: 0, minY: 0, maxX: 3, maxY: 1))
        // Pixel 0: red 51 → 82 → 164; green 102 → 204; blue 153 → 255; alpha 255 → 127: lottie-web's
        // last table position is 255·(256/255) summed, 0.9999999999999969·256, not 256, so the
        // value is 0.5·0.99999… → 127.4999… (exactly what its table holds); premultiplied round(c·127/255).
        #expect(canvas.pixels[0] == PremultipliedRGBA8(r: 82, g: 102, b: 127, a: 127))
        #expect(canvas.pixels[1] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
        // Pixel 2: red 128 → 0.2 + 0.6·128/255 = 0.5012 → 128 → 255·(128/127.5) → 255; alpha 102 → 51.
        #expect(canvas.pixels[2] == PremultipliedRGBA8(r: 51, g: 0, b: 0, a: 51))
    }
}
