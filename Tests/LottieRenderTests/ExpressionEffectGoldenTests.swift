// Golden renders of the expression forms and the rendered effects (Fixtures/expr-*.json,
// effect-*.json, written for these tests:
// 100 × 100 pt, 30 fps). Each case checks key pixels worked out by hand (comments), then the
// whole frame against Golden/<name>.png exactly (LottieGoldenTests' machinery and update flag).
import Foundation
import Lottie
import Testing

let expressionGoldenFixtures: [GoldenFixture] = [
    // t = 0.4 s = frame 12; keyframes at 0 and 10, linear; 20 × 20 squares centred on the position.
    // cycle 20→80: v(2) = 32 → x ∈ [22, 42];  pingpong 20→80: odd cycle, v(10 − 2) = 68 → [58, 78];
    // offset 20→40: v(2) + 1·(40 − 20) = 44 → [34, 54];  continue 20→50: 50 + 2·3 = 56 → [46, 66].
    GoldenFixture(name: "expr-loops", seconds: 0.4, pixels: [
        (32, 15, .red), (22, 15, .red), (41, 15, .red), (21, 15, .clear), (42, 15, .clear),
        (68, 38, .red), (58, 38, .red), (77, 38, .red), (57, 38, .clear), (78, 38, .clear),
        (34, 61, .red), (53, 61, .red), (33, 61, .clear), (54, 61, .clear),
        (46, 84, .red), (65, 84, .red), (45, 84, .clear), (66, 84, .clear)]),
    // t = 0.3 s: position [20 + 0.3·100, 20] = (50, 20) → x ∈ [40, 60];
    // opacity sin(0.3π)·100 = 80.9 % → blue at α 206; rotation 0.3·300 = 90°: the 40 × 8 green
    // bar at (75, 70) stands upright, x ∈ [71, 79], y ∈ [50, 90]. (The wiggling white square is
    // pinned by the golden image and by the unit tests' bounds.)
    GoldenFixture(name: "expr-time", seconds: 0.3, pixels: [
        (50, 20, .red), (40, 20, .red), (59, 20, .red), (39, 20, .clear), (60, 20, .clear),
        (20, 80, Pixel(0, 0, 255, 206)),
        (75, 52, .green), (71, 70, .green), (78, 88, .green), (70, 70, .clear), (75, 49, .clear), (75, 90, .clear)]),
    // t = 0.5 s = frame 15: the slider runs 10 → 70 over frames 0–30: 40, so the square sits at
    // x ∈ [30, 50], y ∈ [20, 40], coloured by the colour control (blue); the checkbox is 0, so the
    // other square's opacity is 0.
    GoldenFixture(name: "expr-controls", seconds: 0.5, pixels: [
        (40, 30, .blue), (30, 30, .blue), (49, 39, .blue), (29, 30, .clear), (50, 30, .clear),
        (50, 75, .clear)]),
    // Fill: red → blue at opacity 1; green at opacity 0.5 (α 128). Tint black → blue, white →
    // yellow: stripes black, 0.5 grey, white at x 30, 50, 70: amount 100 → blue, (128, 128, 128),
    // yellow; amount 50 → (0, 0, 128), (128, 128, 128), (255, 255, 128).
    // A corpus file (Fixtures/CORPUS.md): twelve trim properties under loopOut('Cycle'), 1 s in,
    // when three of its four arcs are past their last keyframe and cycling. Corners stay clear;
    // the loops themselves are checked below against the same file without its expressions.
    GoldenFixture(name: "corpus-loading-gradient-strokes", seconds: 1, pixels: [(0, 0, .clear), (199, 199, .clear)]),
    GoldenFixture(name: "effect-fill-tint", pixels: [
        (25, 20, .blue), (75, 20, Pixel(0, 255, 0, 128)),
        (30, 50, .blue), (50, 50, Pixel(128, 128, 128, 255)), (70, 50, Pixel(255, 255, 0, 255)),
        (30, 80, Pixel(0, 0, 128, 255)), (50, 80, Pixel(128, 128, 128, 255)), (70, 80, Pixel(255, 255, 128, 255))]),
]

@Suite("LottieExpressionGolden") struct ExpressionEffectGoldenTests {
    @Test(arguments: expressionGoldenFixtures) func golden(_ c: GoldenFixture) throws {
        try LottieGoldenTests().golden(c)
        // Every expression and effect in these files is recognised: nothing is reported.
        let coverage = LottieCoverage(try loadFixture(c.name))
        #expect(coverage.unrendered.isEmpty, "\(c): \(coverage.unrendered.map(\.message))")
    }

    /// The corpus file with and without its loopOut expressions: the same picture until the first
    /// arc passes its last keyframe (frame 21 at 60 fps), different once the loops run.
    @Test func corpusLoopsChangeThePictureOnlyAfterTheLastKeyframe() throws {
        for (seconds, same) in [(0.0, true), (0.3, true), (0.5, false), (1.0, false)] {
            let with = try renderFixture("corpus-loading-gradient-strokes", atSeconds: seconds)
            let without = try renderFixture("corpus-loading-gradient-strokes-no-expressions", atSeconds: seconds)
            #expect((with.rgba == without.rgba) == same, "at \(seconds) s")
        }
    }
}
