// The precomposition graph: which composition's layers show which precomposition.
//
// Checked once the reachable compositions are decoded:
//   • no cycle: a precomposition that shows itself, directly or through others, would recurse
//     forever; the error names the chain (assets[2] → assets[0] → assets[2]);
//   • depth: the longest chain of precompositions inside precompositions ≤ maxPrecompDepth;
//   • instances: layers once every reference is expanded,
//       I(c) = Σ_{l ∈ c} (l shows p ? 1 + I(p) : 1),
//     must stay ≤ maxLayerInstances (a precomp used 10 times by one used 10 times … grows
//     exponentially with little JSON);
//   • work: what one frame evaluates once every reference is expanded,
//       W(c) = Σ_{l ∈ c} (l shows p ? 1 + W(p) : 1 + R(l)·Σ_{items} (1 + vertices)),
//     with R(l) the layer's repeater load (ShapeDecoding.repeaterLoad), ≤ maxFrameWork — so a
//     file with many shapes in a precomposition shown many times cannot make each frame take
//     hours;
//   • coverage passes: the mask, matte and effect passes one frame makes, each over up to the
//     whole frame (Render's Renderer+Masks.swift, +Mattes.swift, +Filters.swift),
//       C(c) = Σ_{l ∈ c} (masks(l) + 3·feathered(l) + (l matted ? 8 : 0) + effects(l)) + (l shows p ? C(p) : 0),
//     ≤ maxCoveragePasses — a feathered mask counts 4 (its blur's three box passes), a matte 8,
//     effects as effectPasses says, so the pixels one frame's masks, mattes and effects touch are
//     at most maxCoveragePasses × the frame; the error names the layer with the most passes
//     (600 layers × 128 masks: 76 800 passes, 11.5 s per 1080² frame before this cap);
//   • memory: the bytes one frame's display list needs, M(c) = Σ_{l ∈ c} (l shows p ? M(p) :
//     FrameMemory.bytes(l)), ≤ maxFrameMemory (Layers/FrameMemory.swift); the error names the
//     layer that needs the most — a file that would need more is refused before any frame is
//     built, never an abort on a failed allocation (eight layers of 99 856 repeater copies each,
//     inside the work cap, would need ≈ 2.2 GB).
import JSON

enum PrecompGraph {
    /// Returns the root's work W(root) and memory M(root) in bytes.
    @discardableResult
    static func check(_ compositions: [Composition], file: String, limits: LottieLimits,
                      features: inout FeatureInventory) throws(LottieError) -> (work: Double, memory: Double) {
        let n = compositions.count
        var children: [[Int]] = Array(repeating: [], count: n)
        for (c, composition) in compositions.enumerated() {
            for layer in composition.layers {
                if case .precomp(let p, _, _, _) = layer.content { children[c].append(p) }
            }
        }
        // Depth-first with colours; postorder gives depth and instance counts.
        var state = [UInt8](repeating: 0, count: n)      // 0 new, 1 on the path, 2 done
        var depth = [Int](repeating: 0, count: n)
        var instances = [Double](repeating: 0, count: n)
        var work = [Double](repeating: 0, count: n)
        var passes = [Double](repeating: 0, count: n)
        var memory = [Double](repeating: 0, count: n)
        var stack: [(node: Int, next: Int)] = [(0, 0)]
        state[0] = 1
        while let top = stack.last {
            let c = top.node
            if top.next < children[c].count {
                stack[stack.count - 1].next += 1
                let p = children[c][top.next]
                switch state[p] {
                case 1:
                    let start = stack.firstIndex { $0.node == p }!
                    let chain = (stack[start...].map(\.node) + [p]).map { name(compositions[$0]) }
                    throw LottieError(file: file, path: "", message: "precomposition cycle: \(chain.joined(separator: " → ")) (a precomposition may not show itself)")
                case 0:
                    state[p] = 1
                    stack.append((p, 0))
                default:
                    break
                }
                continue
            }
            stack.removeLast()
            state[c] = 2
            var d = 0, count = 0.0, cost = 0.0, coverage = 0.0, bytes = 0.0
            var heaviest: (passes: Double, place: String) = (0, "")
            var largest: (bytes: Double, place: String) = (0, "")
            for layer in compositions[c].layers {
                count += 1
                cost += 1
                var own = coveragePasses(layer)
                var held = FrameMemory.bytes(layer)
                if case .precomp(let p, _, _, _) = layer.content { own += passes[p]; held = memory[p] + FrameMemory.bytesPerNode }
                coverage += own
                bytes += held
                if own > heaviest.passes { heaviest = (own, layer.place) }
                if held > largest.bytes { largest = (held, layer.place) }
                switch layer.content {
                case .precomp(let p, _, _, _):
                    d = max(d, depth[p] + 1)
                    count += instances[p]
                    cost += work[p]
                case .shapes(let items):
                    cost += repeaterLoad(items) * itemWork(items)
                case .text(let text):
                    cost += text.frameWork
                default:
                    break
                }
            }
            depth[c] = d
            instances[c] = count
            work[c] = cost
            passes[c] = coverage
            memory[c] = bytes
            guard d <= limits.maxPrecompDepth else {
                throw LottieError(file: file, path: "", message: "precompositions nest \(d) deep in \(name(compositions[c])), over the cap of \(limits.maxPrecompDepth)")
            }
            guard count <= Double(limits.maxLayerInstances) else {
                throw LottieError(file: file, path: "", message: "precompositions expand to \(formatNumber(count)) layers in \(name(compositions[c])), over the cap of \(limits.maxLayerInstances) per frame")
            }
            guard cost <= limits.maxFrameWork else {
                throw LottieError(file: file, path: "", message: "one frame of \(name(compositions[c])) would evaluate \(formatNumber(cost.rounded())) layers, shapes and vertices (precompositions and repeaters expanded), over the cap of \(formatNumber(limits.maxFrameWork))")
            }
            guard coverage <= Double(limits.maxCoveragePasses) else {
                throw LottieError(file: file, path: "", message: "one frame of \(name(compositions[c])) would make \(formatNumber(coverage)) mask, matte and effect coverage passes, each over up to the whole frame (the most, \(formatNumber(heaviest.passes)), for \(heaviest.place); a feathered mask counts 4, a matte 8, a blur 64), over the cap of \(formatNumber(Double(limits.maxCoveragePasses))) per frame")
            }
            guard bytes <= limits.maxFrameMemory else {
                throw LottieError(file: file, path: "", message: "one frame of \(name(compositions[c])) would need about \(FrameMemory.describe(bytes)) for its shapes (styles × the paths they draw, repeaters and precompositions expanded; the most, \(FrameMemory.describe(largest.bytes)), for \(largest.place)), over the cap of \(FrameMemory.describe(limits.maxFrameMemory)) per frame")
            }
        }
        if depth[0] >= 2 {
            for (c, composition) in compositions.enumerated() where c > 0 && depth[c] >= 1 {
                for layer in composition.layers {
                    if case .precomp = layer.content { features.record(.nestedPrecompositions, at: layer.place) }
                }
            }
        }
        return (work[0], memory[0])
    }

    /// The layer's own mask and matte passes: 1 per mask taking part (4 when feathered) and 8
    /// for a track matte (its source and its layer are two frame-sized off-screen layers and a
    /// composite: measured 12 ms a matte against 1.4 ms a mask per 1080² frame).
    static func coveragePasses(_ layer: LottieLayer) -> Double {
        var total = layer.matte == nil ? 0.0 : 8.0
        for mask in layer.masks where mask.mode != nil { total += mask.feather == nil ? 1 : 4 }
        for effect in layer.effects where effect.enabled { total += effectPasses(effect.kind) }
        return total + 72 * Double(layer.dropShadowStyles.count)
    }

    /// An effect's passes over up to the whole frame, weighed by time against a mask's pass
    /// (0.6 ms at 1080², release): a colour effect draws its layer off-screen and maps it once,
    /// like a matte (8); a gaussian blur measured 42 ms over a full 1080² layer (512 of them took
    /// 21.6 s), so 64 — the box passes cost the same whatever the radius, which is capped at σ 60;
    /// a drop shadow is a blur and one more composite (72, as a shadow layer style). The stroke
    /// effect's pixels are counted by the paint cap; set matte becomes the layer's matte.
    static func effectPasses(_ kind: LayerEffect.Kind) -> Double {
        switch kind {
        case .tint, .fill, .tritone, .proLevels: return 8
        case .gaussianBlur: return 64
        case .dropShadow: return 72
        case .stroke, .setMatte, .expressionControl, .unsupported: return 0
        }
    }

    /// Σ (1 + vertices) over the items, groups included.
    static func itemWork(_ items: [ShapeItem]) -> Double {
        var total = 0.0
        for item in items {
            total += 1
            switch item {
            case .group(let g): total += itemWork(g.items)
            case .path(let p): total += Double(p.shape.vertexCount)
            case .polystar(let s):
                let most = largestValue(s.points, otherwise: 0)
                total += max(most, 0) * (s.kind == .star ? 2 : 1)
            default: break
            }
        }
        return total
    }

    static func name(_ c: Composition) -> String {
        c.id.map { "precomposition \(quoted($0))" } ?? "the root composition"
    }
}
