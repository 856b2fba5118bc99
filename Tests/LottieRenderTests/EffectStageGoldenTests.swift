// Golden renders of the effects drawn by the filter stage — drop shadow, gaussian blur, tritone,
// the drop shadow layer style — and of mask feather (Fixtures/effect-*.json, style-*.json,
// mask-feather.json, written for these tests: 100 × 100 pt, 30 fps, on transparent). Key pixels
// are worked out by hand (comments, from Build/EffectStage.swift's mapping); the whole frame is
// compared with Golden/<name>.png (LottieGoldenTests' machinery and update flag).
import Foundation
import Lottie
import Testing

let effectStageFixtures: [GoldenFixture] = [
    // "Shadowed": red square x 30–50, y 30–50; shadow blue, opacity 127.5/255 = ½ (α 128),
    // direction 135° → r·(cos 45°, sin 45°) with r = 10√2 = (10, 10): blue at x 40–60, y 40–60
    // under the square. "Rotated": green square x 70–80, y 15–25 in a layer turned 90°; shadow
    // black, opacity 255, direction 90° → (8, 0) in the layer = (0, 8) on the canvas: y 23–33.
    GoldenFixture(name: "effect-drop-shadow", pixels: [
        (40, 40, .red), (49, 49, .red), (55, 55, Pixel(0, 0, 255, 128)), (45, 55, Pixel(0, 0, 255, 128)),
        (59, 59, Pixel(0, 0, 255, 128)), (60, 59, .clear), (59, 60, .clear), (35, 55, .clear), (55, 35, .clear),
        (75, 20, .green), (75, 30, Pixel(0, 0, 0, 255)), (75, 32, Pixel(0, 0, 0, 255)), (75, 33, .clear),
        (83, 20, .clear), (69, 30, .clear)]),
    // Blurriness 10 → σ = 3. "Blurred": red square x 30–70, y 20–60: a pixel next to an edge holds
    // Φ(±0.5/3) of the alpha — 144 inside, 111 outside — the same on both sides; 10 px out, 0.
    // "Horizontal" (dimensions 2): green bar x 20–80, y 80–90 blurred along x only — its top and
    // bottom edges stay sharp.
    GoldenFixture(name: "effect-blur", pixels: [
        (50, 40, .red), (30, 40, Pixel(255, 0, 0, 144)), (29, 40, Pixel(255, 0, 0, 111)),
        (69, 40, Pixel(255, 0, 0, 144)), (70, 40, Pixel(255, 0, 0, 111)), (50, 20, Pixel(255, 0, 0, 144)),
        (50, 19, Pixel(255, 0, 0, 111)), (20, 40, .clear), (50, 10, .clear),
        (50, 80, .green), (50, 89, .green), (50, 79, .clear), (50, 90, .clear),
        (20, 85, Pixel(0, 255, 0, 144)), (19, 85, Pixel(0, 255, 0, 111))], tolerance: 5),
    // Highlights yellow, midtones green, shadows blue; stripes black, grey 0.5 (128) and white at
    // x 20–40, 40–60, 60–80. Black → blue, white → yellow, grey Y = 128/255 past the midtones:
    // M + (H − M)(2Y − 1) = (1, 255, 0). "Blended" (50 % of the original): (0, 0, 128),
    // (64.5, 191.5, 64), (255, 255, 128).
    GoldenFixture(name: "effect-tritone", pixels: [
        (30, 25, .blue), (50, 25, Pixel(1, 255, 0, 255)), (70, 25, Pixel(255, 255, 0, 255)),
        (30, 75, Pixel(0, 0, 128, 255)), (50, 75, Pixel(65, 192, 64, 255)), (70, 75, Pixel(255, 255, 128, 255)),
        (10, 25, .clear)], tolerance: 1),
    // Drop shadow style, opacity 50 % (α 128), black, size 0, distance 10. "Below": angle 90°
    // (light from above) → (0, 10): red square x 30–50, y 20–40, shadow y 30–50. "Right":
    // angle 180° → (10, 0): blue square x 15–35, y 65–85, shadow x 25–45.
    GoldenFixture(name: "style-drop-shadow", pixels: [
        (40, 35, .red), (40, 45, Pixel(0, 0, 0, 128)), (40, 49, Pixel(0, 0, 0, 128)), (40, 50, .clear),
        (29, 45, .clear), (25, 75, .blue), (40, 75, Pixel(0, 0, 0, 128)), (44, 84, Pixel(0, 0, 0, 128)),
        (45, 75, .clear), (40, 64, .clear)]),
    // A black 100 × 100 layer, mask x ≥ 50 with feather 8 → σ = 4: at the edge the coverage
    // passes ½ — pixel 50 (centre 50.5) Φ(0.5/4) = 0.55 → 140, pixel 49 0.45 → 115; 10 px either
    // side Φ(∓9.5/4) → 2 and 253; 20 px, 0 and 255.
    GoldenFixture(name: "mask-feather", pixels: [
        (50, 50, Pixel(0, 0, 0, 140)), (49, 50, Pixel(0, 0, 0, 115)), (40, 50, Pixel(0, 0, 0, 2)),
        (60, 50, Pixel(0, 0, 0, 253)), (30, 50, .clear), (70, 50, Pixel(0, 0, 0, 255))], tolerance: 5),
]

@Suite("LottieEffectStageGolden") struct EffectStageGoldenTests {
    @Test(arguments: effectStageFixtures) func golden(_ c: GoldenFixture) throws {
        try checkGolden(c)
        let coverage = LottieCoverage(try loadFixture(c.name))
        #expect(coverage.unrendered.isEmpty, "\(c): \(coverage.unrendered.map(\.message))")
    }
}
