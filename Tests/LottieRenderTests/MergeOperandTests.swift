// Merge paths as After Effects merges them (issue 22; Build/MergePathsEmitter.swift): every path
// above the merge is its own operand — paths inside nested groups through the groups' transforms,
// an earlier merge's result as one —, taken top to bottom and folded from the first. Fixtures
// written for these tests (100 × 100 pt, 1 px per point, transparent background), red fill:
//
//   merge-operands-<mode>.json   [A, G1[B, G2[C]], merge, fill]: A = [10, 60]² a path wound
//       clockwise; B = [40, 90] × [10, 60] in G1 (moved 10 right), clockwise; C = [25, 75] ×
//       [40, 90] in G2 inside G1 (scaled 50 %, moved 20 down), counter-clockwise. B and C wind
//       in opposite directions, so as one compound operand (the old rule) their overlap cancels.
//       One probe per region of the Venn diagram (pixel centres, all ≥ 5 from every edge):
//       A only (15, 15), B only (85, 15), C only (50, 85), A∩B only (50, 20), A∩C only (30, 50),
//       B∩C only (70, 50), A∩B∩C (50, 50), none (5, 95).
//   merge-operands-nested-merge.json   [G[P, Q, add], R, subtract]: P = [10, 40]², Q = [60, 90] ×
//       [10, 40] (disjoint), R = [20, 80] × [25, 90]; G's merge is one operand: (P ∪ Q) \ R.
//   merge-operands-repeater.json   [rect [10, 50] × [30, 70], repeater (2 copies, 20 apart), intersect]:
//       each copy is an operand, so copy 0 ∩ copy 1 = [30, 50] × [30, 70].
//   merge-intersect-group.json   the repro (the shared lottie repros, written for this
//       project): a disc of radius 100 at (150, 150) intersected with a group holding two copies
//       of a 240 × 240 square wound in opposite directions — the disc (300 × 300 canvas).
//   merge-glyphs.json   a text layer "OI" drawn from chars at size 100 from (5, 50): "O" = outer
//       [0, 40] × [−40, 0] minus inner [10, 30] × [−30, −10], both clockwise (mode 3): a ring at
//       [5, 45] × [10, 50] with a hole [15, 35] × [20, 40]; "I" (from x = 55) = a bar [0, 30] ×
//       [−40, 0] intersected with a group of two opposite copies of a larger square: the bar,
//       [55, 85] × [10, 50].
import Foundation
import Geometry
@testable import Lottie
import Render
import Testing

private let aOnly = (15, 15), bOnly = (85, 15), cOnly = (50, 85), ab = (50, 20), ac = (30, 50), bc = (70, 50),
            abc = (50, 50), none = (5, 95)
private func at(_ p: (Int, Int), _ inked: Bool) -> (x: Int, y: Int, expected: Pixel) { (p.0, p.1, inked ? .red : .clear) }
/// The eight Venn probes, red where `inked` says (in the order A, B, C, AB, AC, BC, ABC, none).
private func venn(_ inked: [Bool]) -> [(x: Int, y: Int, expected: Pixel)] {
    zip([aOnly, bOnly, cOnly, ab, ac, bc, abc, none], inked).map { at($0, $1) }
}

let mergeOperandFixtures: [GoldenFixture] = [
    // Mode 1: one compound path, non-zero: windings A +1, B +1, C −1 — 0 in A∩C only and B∩C only.
    GoldenFixture(name: "merge-operands-merge", pixels: venn([true, true, true, true, false, false, true, false])),
    GoldenFixture(name: "merge-operands-add", pixels: venn([true, true, true, true, true, true, true, false])),
    // The topmost path A minus B minus C.
    GoldenFixture(name: "merge-operands-subtract", pixels: venn([true, false, false, false, false, false, false, false])),
    GoldenFixture(name: "merge-operands-intersect", pixels: venn([false, false, false, false, false, false, true, false])),
    // Points inside an odd number of operands.
    GoldenFixture(name: "merge-operands-exclude", pixels: venn([true, true, true, false, false, false, true, false])),
    // (P ∪ Q) \ R: P and Q outside R red; inside R clear; R alone clear.
    GoldenFixture(name: "merge-operands-nested-merge", pixels: [(15, 15, .red), (30, 30, .clear), (85, 15, .red),
                                                               (70, 30, .clear), (50, 50, .clear), (50, 15, .clear)]),
    GoldenFixture(name: "merge-operands-repeater", pixels: [(40, 50, .red), (20, 50, .clear), (60, 50, .clear), (40, 25, .clear)]),
    // The disc (fill [0.1, 0.6, 1] → (26, 153, 255)): centre, 94.5 from it, and outside the
    // disc but inside the squares (109.5 from the centre; a corner).
    GoldenFixture(name: "merge-intersect-group", pixels: [(150, 150, Pixel(26, 153, 255, 255)), (150, 55, Pixel(26, 153, 255, 255)),
                                                         (40, 150, .clear), (45, 45, .clear), (259, 259, .clear)]),
    // "O": ring red, hole clear; "I": the bar red, outside it clear (the gap, right of it, below).
    GoldenFixture(name: "merge-glyphs", pixels: [(8, 30, .red), (25, 30, .clear), (40, 15, .red), (25, 45, .red),
                                                (70, 30, .red), (50, 30, .clear), (90, 30, .clear), (70, 55, .clear)]),
]

@Suite struct MergeOperandTests {
    @Test(arguments: mergeOperandFixtures) func mergeOperands(_ c: GoldenFixture) throws { try checkGolden(c) }

    /// Nothing in these files is reported as not drawn, and no merge was refused.
    @Test func coverage() throws {
        for c in mergeOperandFixtures {
            #expect(LottieCoverage(try loadFixture(c.name)).unrendered.isEmpty, "\(c.name)")
        }
        let builder = LottieBuilder(try loadFixture("merge-operands-exclude"))
        var list = DisplayList()
        builder.build(atSeconds: 0, into: &list)
        #expect(builder.refusedMerges == 0)
    }

    /// The operands' boundaries: a path cut at the recorded starts, empty pieces dropped, and
    /// elements before the first start kept as an operand of their own.
    @Test func operandsSplitAtTheRecordedStarts() {
        var all = Path()
        all.appendRectangle(width: 1, height: 1)            // 5 elements: move, 3 lines, close
        let n = all.elements.count
        all.appendRectangle(width: 2, height: 2)
        #expect(ShapeEmitter.operands(all, starts: [0, n, n, 2 * n]).map(\.path.elements.count) == [n, n])
        #expect(ShapeEmitter.operands(all, starts: [n]).map(\.path.elements.count) == [n, n])
        #expect(ShapeEmitter.operands(Path(), starts: []).isEmpty)
    }
}
