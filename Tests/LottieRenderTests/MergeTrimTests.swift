// A sequential trim (m = 2) after a merge path cuts the merged outline: the merge is one shape of
// the trim's layout (Build/ShapeModifiers.swift). Fixtures/merge-sequential-trim(-full).json:
// two 30 × 30 squares added (mm 2), trimmed sequentially 0–50 % (and 0–100 %), stroked 4 wide.
import Foundation
import Lottie
import Testing

@Suite struct MergeTrimTests {
    func inked(_ frame: Frame) -> Int {
        (0..<frame.height).reduce(0) { sum, y in sum + (0..<frame.width).filter { frame.pixel($0, y).a > 0 }.count }
    }

    @Test func sequentialTrimAfterAMergeDrawsTheMergedOutlineCut() throws {
        let half = try renderFixture("merge-sequential-trim", atSeconds: 0)
        let full = try renderFixture("merge-sequential-trim-full", atSeconds: 0)
        let (h, f) = (inked(half), inked(full))
        // The full outline: two squares' perimeters (240 units) 4 wide ≈ 960 pixels; the half ≈ 480.
        #expect(f > 900 && f < 1100, "full \(f)")
        #expect(Double(h) > 0.42 * Double(f) && Double(h) < 0.58 * Double(f), "half \(h) of \(f)")
        // The half is part of the full outline: nothing outside it.
        for y in 0..<100 {
            for x in 0..<100 where half.pixel(x, y).a > 0 { #expect(full.pixel(x, y).a > 0, "(\(x), \(y))") }
        }
        try checkGolden(GoldenFixture(name: "merge-sequential-trim", pixels: [(0, 0, .clear)]))
        #expect(LottieCoverage(try loadFixture("merge-sequential-trim")).unrendered.isEmpty)
    }
}
