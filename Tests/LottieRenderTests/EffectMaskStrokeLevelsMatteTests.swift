// Golden renders of the effects lottie-web draws beyond the filter stage's first ones: stroke (22),
// pro levels (24) and set matte (28) (Fixtures/effect-stroke.json, effect-pro-levels.json,
// effect-set-matte.json, written for these tests: 100 × 100 pt, on transparent). Key pixels are
// worked out by hand from lottie-web's formulas (Build/StrokeEffect.swift, Raster's Levels.swift,
// Layers/SetMatte.swift); the whole frame is compared with Golden/<name>.png.
import Foundation
import Lottie
import Testing

let maskStrokeLevelsMatteFixtures: [GoldenFixture] = [
    // Pro levels on fills (51, 102, 153) = (0.2, 0.4, 0.6). "Composite": RGB input black 0.1,
    // white 0.9: (C − 0.1)/0.8 → 0.125, 0.375, 0.625 → 31.875, 95.625, 159.375 → (32, 96, 159).
    // "Channels": red output 0.2–0.8: 0.2 + 0.6·0.2 = 0.32 → 81.6 → 82; green gamma 2: √0.4 =
    // 0.6325 → 161.3 → 161; blue input black 0.8, white 0 (reversed): (0.6 − 0.8)/(0 − 0.8) =
    // 0.25 → 63.75 → 64; alpha output white 0.6 → 153.
    GoldenFixture(name: "effect-pro-levels", pixels: [
        (50, 25, Pixel(32, 96, 159, 255)), (11, 11, Pixel(32, 96, 159, 255)), (50, 5, .clear),
        (50, 70, Pixel(82, 161, 64, 153)), (89, 89, Pixel(82, 161, 64, 153)), (50, 95, .clear)], tolerance: 1),
    // "On transparent": mask "n" line (10, 20)–(90, 20), brush 4 → width 8, round caps: red over
    // y 16–24, x 6–94; the layer's own blue bar (y 5–12) is not drawn.
    // "On original": blue bar x 10–90, y 40–60 under an add mask (20, 30)–(80, 70) — kept, as
    // lottie-web keeps a clip-path; green brush 2 (width 4), all masks, start 0, end 50, spacing 0:
    // dashes [0, 0, 0, 0, (1, 0) × 100, 0, 2000, 0, 0] phase 1 on the outline of length 200 paint
    // [0, 99]: the top edge and the right edge down to y 69 — the inner half only (the mask clips).
    // "Reveal": yellow bar y 80–95 shown through a line at y 88, width 4, opacity ½: y 86–90, α 128.
    GoldenFixture(name: "effect-stroke", pixels: [
        (50, 8, .clear), (50, 20, .red), (50, 16, .red), (50, 23, .red), (50, 15, .clear), (50, 24, .clear),
        (7, 20, .red), (5, 20, .clear), (92, 20, .red), (95, 20, .clear),
        (50, 31, .green), (50, 29, .clear), (50, 33, .clear), (50, 50, .blue), (21, 50, .blue), (77, 50, .blue),
        (78, 50, .green), (79, 66, .green), (81, 50, .clear), (50, 69, .clear), (30, 69, .clear),
        (50, 88, Pixel(255, 255, 0, 128)), (50, 86, Pixel(255, 255, 0, 128)), (50, 85, .clear), (50, 90, .clear),
        (50, 82, .clear), (5, 88, .clear)], tolerance: 1),
    // Stroke effects on precomposition layers: "On transparent" (its precomposition a blue bar
    // y 10–40) draws only the red line (10, 25)–(90, 25), width 8: y 21–29; "On original" (blue
    // bar y 60–80) draws the bar and a green line at y 70, width 4: y 68–72.
    GoldenFixture(name: "effect-stroke-precomp", pixels: [
        (50, 25, .red), (50, 21, .red), (50, 15, .clear), (50, 35, .clear), (50, 20, .clear),
        (50, 65, .blue), (50, 70, .green), (50, 68, .green), (50, 73, .blue), (50, 50, .clear)], tolerance: 1),
    // "Source" (red at 50 %, x 40–60, y 0–70, drawn in place) is the alpha matte of "Matted" (blue,
    // y 20–60): blue at ½ under red at ½ → α 0.75 (191), colour (0.5·255, 0, 0.25·255)/0.75 =
    // (170, 0, 85); red alone at ½ elsewhere in the source; blue outside it is matted away.
    // "Hidden source" (hd, green x 0–20) is not drawn, but mattes "Matted by hidden" (yellow, y 85–95).
    GoldenFixture(name: "effect-set-matte", pixels: [
        (50, 40, Pixel(170, 0, 85, 191)), (50, 65, Pixel(255, 0, 0, 128)), (50, 10, Pixel(255, 0, 0, 128)),
        (30, 40, .clear), (70, 40, .clear), (10, 90, Pixel(255, 255, 0, 255)), (19, 90, Pixel(255, 255, 0, 255)),
        (30, 90, .clear), (10, 50, .clear)], tolerance: 1),
]

@Suite("LottieMaskStrokeLevelsMatte") struct EffectMaskStrokeLevelsMatteTests {
    @Test(arguments: maskStrokeLevelsMatteFixtures) func golden(_ c: GoldenFixture) throws {
        try checkGolden(c)
        let animation = try loadFixture(c.name)
        let coverage = LottieCoverage(animation)
        #expect(coverage.unrendered.isEmpty, "\(c): \(coverage.unrendered.map(\.message))")
        #expect(animation.warnings.isEmpty, "\(c): \(animation.warnings)")
        #expect(!animation.features.uses(.unrenderedEffects), "\(c)")
    }
}
