// The frame's dash budget: dashed strokes are costed before any dash is cut.
//
// A stroke with dash pattern P (period p = Σ lengths, k on entries) on a path whose subpaths have
// arc lengths L₁ … Lₙ (in the path's own units, as the pattern) is cut into at most
//
//     D = Σᵢ (⌊Lᵢ / p⌋ + 2) · k                       (Geometry's DashPattern.estimatedDashCount)
//
// pieces, each stroked with its caps and joins (time and memory ∝ D). Every dashed stroke the
// builder emits in one frame — precompositions and repeaters expanded, since each emission is
// counted — draws D from the frame's budget of `maximumFrameDashes` (1 000 000, Skia's cap for
// one path, here for the whole frame) before the list holds it. A stroke whose D does not fit in
// what is left is drawn **undashed** (solid) and reported, naming the layer (a warning; an error
// under --strict): Skia's SkDashPathEffect gives up past 1 000 000 dashes and the path is then
// stroked as it is, so Chrome's lottie-web, skottie and lottie-android draw such a stroke solid
// too. A dash of 0.0001 pt on a 1 000-pt circle (31 million dashes) ran 34 s in a debug build
// before this budget; docs/work-bounds.md has the figures.

import Geometry

extension LottieBuilder {
    /// Most dashes all the strokes of one frame may be cut into.
    static let maximumFrameDashes = Double(DashPattern.maximumDashCount)

    /// D for `path` stroked with the builder's stroke style (0 when it is solid or invalid).
    func estimatedDashes(_ path: Path) -> Double {
        guard let pattern = try? DashPattern(strokeStyle.dash, phase: strokeStyle.dashPhase), !pattern.isSolid else {
            return 0
        }
        measure.remeasure(path)
        var total = 0.0
        for contour in 0..<measure.contourCount {
            total += pattern.estimatedDashCount(length: measure.length(ofContour: contour))
        }
        return total
    }

    /// Takes `dashes` from the frame's budget, or clears the stroke style's dashes (the stroke is
    /// drawn solid) and reports the layer when they do not fit.
    func chargeDashes(_ dashes: Double) {
        guard dashes > 0 else { return }
        if dashes <= frameDashCap - frameDashes {
            frameDashes += dashes
            return
        }
        strokeStyle.dash.removeAll(keepingCapacity: true)
        strokeStyle.dashPhase = 0
        if undashedMessage?.layer != currentLayer {
            let estimate = dashes < 1e15 ? formatNumber(dashes.rounded()) : "more than 10¹⁵"
            undashedMessage = (currentLayer, "\(currentLayer): its dash pattern would cut the stroke into about \(estimate) dashes; with the \(formatNumber(frameDashes.rounded())) already cut in this frame that exceeds the cap of \(formatNumber(frameDashCap)) dashes per frame")
        }
        frameReport.noteUndashedStroke(undashedMessage!.text)
    }
}
