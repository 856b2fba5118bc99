// Golden renders of Lottie masks, track mattes, blend modes and merge paths (issue 14 items 1–4),
// from small files written for them (Fixtures/mask-*, matte-*, blend-*, merge-*.json; 100 × 100 pt,
// 1 px per point, transparent background). Key pixels are worked out by hand from the file (the
// comment beside each says how), then the frame is compared with Golden/<name>.png exactly.
//
// Masks: a full red layer with mask A = [10, 60]² (add) then mask B = [40, 90]² in the mode
// under test. Probes: p1 (25, 25) in A only, p2 (50, 50) in both, p3 (75, 75) in B only,
// p4 (25, 75) in neither (Model/LayerCompositing.swift has the fold).
// Mattes: source white [20, 80] × [20, 50] over black [20, 80] × [50, 80]; the matted layer is
// full red. Blend: red [0, 50] × [0, 100] over 50 % grey (128). Merge: R1 = [10, 60]²,
// R2 = [40, 90]², [R1, R2, merge, fill]: operand 0 is R1 (the topmost path, as in After Effects;
// Build/MergePathsEmitter.swift), so subtract = R1 \ R2.
//
import Foundation
import Geometry
@testable import Lottie
import Raster
import Render
import Testing
import Video

private let p1 = (25, 25), p2 = (50, 50), p3 = (75, 75), p4 = (25, 75)
private func at(_ p: (Int, Int), _ e: Pixel) -> (x: Int, y: Int, expected: Pixel) { (p.0, p.1, e) }
private let grey = Pixel(128, 128, 128, 255)

let maskFixtures: [GoldenFixture] = [
    GoldenFixture(name: "mask-add", pixels: [at(p1, .red), at(p2, .red), at(p3, .red), at(p4, .clear)]),
    GoldenFixture(name: "mask-subtract", pixels: [at(p1, .red), at(p2, .clear), at(p3, .clear), at(p4, .clear)]),
    GoldenFixture(name: "mask-intersect", pixels: [at(p1, .clear), at(p2, .red), at(p3, .clear), at(p4, .clear)]),
    GoldenFixture(name: "mask-lighten", pixels: [at(p1, .red), at(p2, .red), at(p3, .red), at(p4, .clear)]),
    GoldenFixture(name: "mask-darken", pixels: [at(p1, .clear), at(p2, .red), at(p3, .clear), at(p4, .clear)]),
    // A + m − 2·A·m: 0 where both cover.
    GoldenFixture(name: "mask-difference", pixels: [at(p1, .red), at(p2, .clear), at(p3, .red), at(p4, .clear)]),
    // Mode "n": B takes no part.
    GoldenFixture(name: "mask-none", pixels: [at(p1, .red), at(p2, .red), at(p3, .clear), at(p4, .clear)]),
    // A·(1 − (1 − B)) = A·B.
    GoldenFixture(name: "mask-subtract-inverted", pixels: [at(p1, .clear), at(p2, .red), at(p3, .clear), at(p4, .clear)]),
    // B at 50 %: A + 0.5 − 0.5·A: 1 in A, 0.5 in B only.
    GoldenFixture(name: "mask-add-opacity", pixels: [at(p1, .red), at(p2, .red), at(p3, Pixel(255, 0, 0, 128)), at(p4, .clear)]),
    // A expanded by 10: [0, 70]² (round corners, so probes away from them).
    GoldenFixture(name: "mask-expand", pixels: [(5, 30, .red), (65, 30, .red), (75, 30, .clear), (30, 65, .red)]),
    // A contracted by 10: [20, 50]².
    GoldenFixture(name: "mask-contract", pixels: [(15, 30, .clear), (25, 30, .red), (45, 45, .red), (55, 30, .clear)]),
    // The first mask subtracts: the whole layer minus B.
    GoldenFixture(name: "mask-first-subtract", pixels: [at(p1, .red), at(p2, .clear), at(p3, .clear), at(p4, .red)]),
    // A moves 30 right over frames 0 … 30, linearly: at frame 15, x ∈ [25, 75].
    GoldenFixture(name: "mask-animated", seconds: 0.5, pixels: [(20, 30, .clear), (30, 30, .red), (70, 30, .red), (80, 30, .clear)]),
]

let matteFixtures: [GoldenFixture] = [
    GoldenFixture(name: "matte-alpha", pixels: [(50, 30, .red), (50, 70, .red), (10, 10, .clear), (90, 50, .clear)]),
    GoldenFixture(name: "matte-alpha-inverted", pixels: [(50, 30, .clear), (50, 70, .clear), (10, 10, .red)]),
    // Luma: white 1, black 0, transparent 0.
    GoldenFixture(name: "matte-luma", pixels: [(50, 30, .red), (50, 70, .clear), (10, 10, .clear)]),
    GoldenFixture(name: "matte-luma-inverted", pixels: [(50, 30, .clear), (50, 70, .red), (10, 10, .red)]),
    // `tp` names the source two layers up; the blue bar [0, 100] × [80, 100] between them is drawn as itself.
    GoldenFixture(name: "matte-parent", pixels: [(50, 30, .red), (50, 90, .blue), (10, 10, .clear), (10, 90, .blue)]),
    // The source is a precomposition moved 10 right: [30, 90] × [20, 80].
    GoldenFixture(name: "matte-precomp", pixels: [(25, 30, .clear), (85, 30, .red), (50, 70, .red)]),
    // The source's op is 10: at frame 15 the alpha matte is empty.
    GoldenFixture(name: "matte-ended", seconds: 0.5, pixels: [(50, 30, .clear), (50, 70, .clear)]),
    GoldenFixture(name: "matte-ended", pixels: [(50, 30, .red)]),
]

let blendFixtures: [GoldenFixture] = [
    GoldenFixture(name: "blend-multiply", pixels: [(25, 50, Pixel(128, 0, 0, 255)), (75, 50, grey)]),
    GoldenFixture(name: "blend-screen", pixels: [(25, 50, Pixel(255, 128, 128, 255)), (75, 50, grey)]),
    GoldenFixture(name: "blend-difference", pixels: [(25, 50, grey), (75, 50, grey)]),
    GoldenFixture(name: "blend-darken", pixels: [(25, 50, Pixel(128, 0, 0, 255))]),
    GoldenFixture(name: "blend-lighten", pixels: [(25, 50, Pixel(255, 128, 128, 255))]),
    GoldenFixture(name: "blend-add", pixels: [(25, 50, Pixel(255, 128, 128, 255))]),
    // Alpha matte, then the matted red multiplies the grey: (128, 0, 0) inside the source.
    GoldenFixture(name: "matte-blend", pixels: [(50, 50, Pixel(128, 0, 0, 255)), (10, 10, grey)]),
]

let mergeFixtures: [GoldenFixture] = [
    GoldenFixture(name: "merge-merge", pixels: [at(p1, .red), at(p2, .red), at(p3, .red), at(p4, .clear)]),
    GoldenFixture(name: "merge-add", pixels: [at(p1, .red), at(p2, .red), at(p3, .red), at(p4, .clear)]),
    GoldenFixture(name: "merge-subtract", pixels: [at(p1, .red), at(p2, .clear), at(p3, .clear), at(p4, .clear)]),
    GoldenFixture(name: "merge-intersect", pixels: [at(p1, .clear), at(p2, .red), at(p3, .clear), at(p4, .clear)]),
    GoldenFixture(name: "merge-exclude", pixels: [at(p1, .red), at(p2, .clear), at(p3, .red), at(p4, .clear)]),
    // A 4-wide stroke after an add outlines the union: R1's left edge x = 10 and its right edge
    // x = 60 above y = 40 are outline, x = 60 at y = 50 is inside R2 (not outline).
    GoldenFixture(name: "merge-stroke", pixels: [(10, 30, .white), (60, 20, .white), (60, 50, .clear), (40, 75, .white),
                                                 (50, 50, .clear), (25, 25, .clear)]),
    // R1 inside a group: its path is the topmost operand, the same as merge-subtract.
    GoldenFixture(name: "merge-group-subtract", pixels: [at(p1, .red), at(p2, .clear), at(p3, .clear), at(p4, .clear)]),
]

@Suite("LottieCompositingGolden") struct CompositingGoldenTests {
    @Test(arguments: mergeFixtures) func mergePaths(_ c: GoldenFixture) throws { try checkGolden(c) }

    @Test(arguments: maskFixtures)
    func masks(_ c: GoldenFixture) throws { try checkGolden(c) }

    @Test(arguments: matteFixtures)
    func mattes(_ c: GoldenFixture) throws { try checkGolden(c) }

    @Test(arguments: blendFixtures)
    func blendModes(_ c: GoldenFixture) throws { try checkGolden(c) }
}
