// Mask feather `f` as Render's Mask.feather
//
// Lottie's `f` is After Effects' mask feather [x, y] in layer pixels: the width of the soft band
// across the mask's edge. Render blurs the mask's coverage by a gaussian of σ = feather/2 (in
// device pixels through the layer's mean scale; Renderer+Masks.swift), so an edge fades from
// ≈ 16 % to 84 % across ±f/2 — half the band inside the outline, half outside, the edge itself
// at 50 % (docs/mask-feather.md has the model, the comparison with a linear ramp of width f and
// the measured error of the three-box blur).
//
// The x and y widths are drawn as one, their mean (|x| + |y|)/2: a blur with different
// horizontal and vertical σ is reported (`anisotropicMaskFeather`), never silent.

import Geometry

enum MaskFeather {
    /// The feather width at `frame` (0 when absent or not finite).
    static func width(_ feather: VectorProperty?, at frame: Double) -> Double {
        guard let feather else { return 0 }
        let f = feather.value(at: frame)
        let w = (abs(f.x) + abs(f.y)) / 2
        return w.isFinite ? w : 0
    }
}

extension DecodeContext {
    /// Records a mask feather, and an anisotropic one (x ≠ y at some keyframe) as not drawn exactly.
    func recordMaskFeather(_ f: VectorProperty) {
        record(.maskFeather)
        switch f.storage {
        case .constant(let p):
            if abs(p.x) != abs(p.y) { record(.anisotropicMaskFeather) }
        case .keyframes(let track):
            let d = track.dimensions
            guard d >= 2 else { return }
            for k in 0..<track.keyframeCount where abs(track.starts[k * d]) != abs(track.starts[k * d + 1]) {
                record(.anisotropicMaskFeather)
                return
            }
        }
    }
}
