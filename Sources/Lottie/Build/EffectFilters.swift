// Fill and tint effects as the colour filter of the layer's group (Render's Group.filter)
//
// Both act on the layer's straight colour C = (R, G, B) and leave alpha A unchanged except
// fill's opacity; as 4×5 colour matrices (Raster/Paint/ColorFilter.swift):
//
//   fill (ty 21; value 2 colour F, value 6 opacity o ∈ [0, 1]):
//       C' = F,  A' = o·A                        (lottie-web's and ThorVG's fill: the colour
//                                                 replaced, the layer's coverage kept)
//   tint (ty 20; value 0 "map black to" K, 1 "map white to" W, 2 amount a ∈ [0, 100] %):
//       L  = 0.2126 R + 0.7152 G + 0.0722 B      (Rec.709 luma, as ColorFilter's hue rotation)
//       C' = (1 − a/100)·C + (a/100)·(K + (W − K)·L)
//
// Several effects compose in file order (M = M_n ⋯ M_1: affine maps of colours in [0, 1] stay in
// [0, 1], so composing equals applying one after another). Disabled effects (`en` 0) and
// expression controls are skipped; other effects are reported by the decoder, not drawn. A layer
// with a drop shadow, blur, tritone or pro levels takes its fill and tint effects into its filter stage
// instead, in file order among the others (EffectStage.swift): then this filter is nil.

import Raster

enum EffectFilters {
    /// The combined filter of `effects` at `frame`, or nil when none applies.
    static func filter(_ effects: [LayerEffect], frame: Double) -> ColorFilter? {
        guard !EffectStage.usesStage(effects) else { return nil }
        return colorFilter(effects, frame: frame)
    }

    /// The combined filter of the fill and tint effects among `effects`.
    static func colorFilter(_ effects: some Collection<LayerEffect>, frame: Double) -> ColorFilter? {
        var result: ColorMatrix?
        for e in effects where e.enabled {
            let m: ColorMatrix
            switch e.kind {
            case .fill: m = fill(e, frame)
            case .tint: m = tint(e, frame)
            case .expressionControl, .unsupported, .tritone, .dropShadow, .gaussianBlur, .proLevels, .stroke, .setMatte: continue
            }
            result = result.map { compose(m, after: $0) } ?? m
        }
        return result.map { ColorFilter(matrix: $0) }
    }

    static func fill(_ e: LayerEffect, _ frame: Double) -> ColorMatrix {
        let f = color(e, 2, frame, default: RGBA(r: 1, g: 0, b: 0, a: 1))
        let o = min(max(scalar(e, 6, frame, default: 1), 0), 1)
        var m = ColorMatrix()
        (m.r1, m.r5) = (0, f.r)
        (m.g2, m.g5) = (0, f.g)
        (m.b3, m.b5) = (0, f.b)
        m.a4 = o
        return m
    }

    static func tint(_ e: LayerEffect, _ frame: Double) -> ColorMatrix {
        let k = color(e, 0, frame, default: RGBA(r: 0, g: 0, b: 0, a: 1))
        let w = color(e, 1, frame, default: RGBA(r: 1, g: 1, b: 1, a: 1))
        let a = min(max(scalar(e, 2, frame, default: 100) / 100, 0), 1)
        let luma = (0.2126, 0.7152, 0.0722)
        func row(_ kc: Double, _ wc: Double, own: Int) -> (Double, Double, Double, Double) {
            let d = wc - kc
            return ((own == 0 ? 1 - a : 0) + a * d * luma.0, (own == 1 ? 1 - a : 0) + a * d * luma.1,
                    (own == 2 ? 1 - a : 0) + a * d * luma.2, a * kc)
        }
        var m = ColorMatrix()
        (m.r1, m.r2, m.r3, m.r5) = row(k.r, w.r, own: 0)
        (m.g1, m.g2, m.g3, m.g5) = row(k.g, w.g, own: 1)
        (m.b1, m.b2, m.b3, m.b5) = row(k.b, w.b, own: 2)
        return m
    }

    /// b ∘ a: the matrix of applying `a`, then `b`.
    static func compose(_ b: ColorMatrix, after a: ColorMatrix) -> ColorMatrix {
        let rb = b.rows, ra = a.rows
        var rows = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 4)
        for i in 0..<4 {
            for j in 0..<5 {
                var s = j == 4 ? rb[i][4] : 0
                for k in 0..<4 { s += rb[i][k] * ra[k][j] }
                rows[i][j] = s
            }
        }
        return ColorMatrix(rows: rows)
    }

    static func scalar(_ e: LayerEffect, _ index: Int, _ frame: Double, default value: Double) -> Double {
        guard index < e.controls.count, case .scalar(let p) = e.controls[index].value else { return value }
        return p.value(at: frame)
    }

    static func color(_ e: LayerEffect, _ index: Int, _ frame: Double, default value: RGBA) -> RGBA {
        guard index < e.controls.count, case .color(let p) = e.controls[index].value else { return value }
        return p.value(at: frame)
    }
}
