// Blur and drop shadow σ over Raster's cap (README "Limits": σ ≤ GaussianBlur.maximumSigma, 60)
//
// EffectStage.swift maps a gaussian blur's blurriness b to σ = 0.3·b, a drop shadow's softness k
// to σ = k/4 and a drop shadow style's size s to σ = s/2 (layer pixels). The renderer blurs at
// most σ = 60 device pixels; a larger σ is drawn at 60, so a file asking for more is told,
// before anything is rendered (LottieCoverage; an error under --strict), naming the layer and
// the effect. The σ checked is the largest of the property's keyframe values (an easing that
// overshoots between them is not followed) — in the layer's own pixels: a scale applied later
// (the layer's transform, --scale) is the renderer's to report (RenderReport's filterSigma).

import Raster

extension LottieCoverage {
    /// One entry per layer effect or style whose σ exceeds the cap somewhere.
    static func sigmaOverCap(_ animation: LottieAnimation) -> [Entry] {
        let cap = GaussianBlur.maximumSigma
        var out: [Entry] = []
        func check(_ sigma: Double, _ place: String, _ what: String) {
            guard sigma > cap else { return }
            out.append(Entry(place: place, message: "\(what): σ \(formatNumber((sigma * 10).rounded() / 10)) px is over the cap "
                + "\(formatNumber(cap)) (README Limits; blurred at σ \(formatNumber(cap)))"))
        }
        for composition in animation.compositions {
            for layer in composition.layers {
                for e in layer.effects where e.enabled {
                    let label = "effect \"\(e.name.isEmpty ? e.matchName : e.name)\""
                    switch e.kind {
                    case .gaussianBlur: check(0.3 * largestScalar(e, 0), layer.place, "\(label) (blurriness)")
                    case .dropShadow: check(largestScalar(e, 4) / 4, layer.place, "\(label) (softness)")
                    default: continue
                    }
                }
                for (k, style) in layer.dropShadowStyles.enumerated() {
                    check(largest(style.size) / 2, layer.place, "drop shadow style \(k) (size)")
                }
            }
        }
        return out
    }

    /// The largest value of control `index` of `e` (0 when it is not a number).
    private static func largestScalar(_ e: LayerEffect, _ index: Int) -> Double {
        guard index < e.controls.count, case .scalar(let p) = e.controls[index].value else { return 0 }
        return largest(p)
    }

    /// The largest value a property takes at its keyframes (or its constant; at frame 0 for an expression).
    static func largest(_ p: ScalarProperty) -> Double {
        if p.expression != nil { return p.value(at: 0) }
        switch p.storage {
        case .constant(let v): return v
        case .keyframes(let track):
            var most = -Double.infinity
            for k in 0..<track.keyframeCount { most = max(most, track.starts[k * track.dimensions]) }
            return most
        }
    }
}
