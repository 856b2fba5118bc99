// toComp / fromComp / toWorld / fromWorld: a point between a layer's space and its composition's
//
// Layer l with anchor a, position p, scale s (percent) and rotation r (degrees, clockwise on
// screen, y down) maps a point q of its space into its parent's space (LottieTransform.swift):
//
//   M_l(q) = R(r) · diag(s_x/100, s_y/100) · (q − a) + p,    R(r) = [cos r  −sin r; sin r  cos r]
//
// and the composition's space is reached through the chain l₀ (the layer), l₁ (its parent), …:
//
//   toComp(q)   = M_lₙ(… M_l₁(M_l₀(q)))
//   fromComp(q) = M_l₀⁻¹(M_l₁⁻¹(… M_lₙ⁻¹(q))),   M⁻¹(q) = diag(100/s_x, 100/s_y) · R(−r) · (q − p) + a
//
// toWorld and fromWorld are the same here (2D layers, no camera). A z component passes through
// unchanged; a layer scaled to 0 has no inverse (a TypeError, caught by `catch`).
// The chain's properties are links resolved while decoding (Decoding/LayerSpaceDecoding.swift).

import Foundation

extension ScriptEnvironment {
    /// `$layerSpace(kind, [a₀, p₀, s₀, r₀, …], q)`.
    func layerSpace(_ a: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        guard a.count == 3, case .string(let kind) = a[0], case .array(let chain) = a[1], chain.count % 4 == 0,
              let q = a[2].components, q.count >= 2 else {
            throw .type("toComp/fromComp takes a point [x, y] or [x, y, z]")
        }
        var layers: [(anchor: [Double], position: [Double], scale: [Double], rotation: Double)] = []
        for i in stride(from: 0, to: chain.count, by: 4) {
            guard let an = chain[i].components, an.count >= 2, let po = chain[i + 1].components, po.count >= 2,
                  let sc = chain[i + 2].components, sc.count >= 2, let ro = chain[i + 3].number else {
                throw .type("\(kind): a layer's transform is not a point")
            }
            layers.append((an, po, sc, ro))
        }
        var x = q[0], y = q[1]
        let inverse = kind.hasPrefix("from")     // fromComp, fromWorld, fromCompToSurface
        for l in inverse ? layers.reversed() : layers {
            let r = l.rotation * .pi / 180, c = cos(r), s = sin(r)
            let sx = l.scale[0] / 100, sy = l.scale[1] / 100
            if inverse {
                guard sx != 0, sy != 0 else { throw .type("\(kind) through a layer scaled to 0") }
                let dx = x - l.position[0], dy = y - l.position[1]
                x = (c * dx + s * dy) / sx + l.anchor[0]
                y = (-s * dx + c * dy) / sy + l.anchor[1]
            } else {
                let dx = (x - l.anchor[0]) * sx, dy = (y - l.anchor[1]) * sy
                x = c * dx - s * dy + l.position[0]
                y = s * dx + c * dy + l.position[1]
            }
        }
        return .array([.number(x), .number(y)] + q.dropFirst(2).map { .number($0) })
    }
}
