// toComp / fromComp / toWorld / fromWorld inside interpreted scripts, resolved while decoding
//
// `L.toComp(p)` with L one of `thisLayer`, `parent`, `thisLayer.parent`, `thisComp.layer(name
// or index)` (literal), or a bare `toComp(p)` (the expression's layer; `fromCompToSurface` is
// `fromComp`, as lottie-web binds it), is replaced by
//
//     $layerSpace(kind, [a₀, p₀, s₀, r₀, a₁, p₁, s₁, r₁, …], p)
//
// where (aᵢ, pᵢ, sᵢ, rᵢ) are links (ScriptExpr.link) to the anchor point, position, scale and
// rotation of L and then of each of its parents in turn, read at the frame the script runs at
// (ScriptLayerSpace.swift has the math). The chain is found in the file's `parent` members as
// Parenting.swift finds it (the first layer with that `ind`), at most maxChain layers long: a
// longer chain, or a cycle, is reported. Skew, auto-orient and 3D rotations are not applied
// (reported by the layer's own features; `toWorld` is `toComp`: no camera).

extension DecodeContext {
    static let layerSpaceFunctions: Set<String> = ["toComp", "fromComp", "toWorld", "fromWorld", "fromCompToSurface"]
    private static let maxChain = 32

    /// The rewritten call, or nil when `x` is not such a call.
    func layerSpace(_ x: ScriptExpr, _ links: inout [LinkTarget]) throws(ExpressionFailure) -> ScriptExpr? {
        guard case let .call(callee, args) = x else { return nil }
        let kind: String, start: LinkLayer
        switch callee {
        case .name(let f) where Self.layerSpaceFunctions.contains(f): (kind, start) = (f, .current)
        case let .member(layer, f) where Self.layerSpaceFunctions.contains(f):
            var layer = layer
            if case .name(let n) = layer, let aliased = scriptAliases.layers[n] { layer = aliased }     // ScriptLinkDecoding.swift
            guard let l = Self.spaceLayer(layer) else { return nil }
            (kind, start) = (f, l)
        default: return nil
        }
        guard args.count == 1 else { throw ExpressionFailure("\(kind) takes 1 argument (a point)") }
        let chain = try transformChain(from: start, kind, &links).map { ScriptExpr.link($0) }
        return .call(.name("$layerSpace"), [.string(kind), .array(chain), args[0]])
    }

    /// Links to the anchor point, position, scale and rotation of `start` and of each of its parents in turn.
    func transformChain(from start: LinkLayer, _ kind: String, _ links: inout [LinkTarget]) throws(ExpressionFailure) -> [Int] {
        var chain: [Int] = []
        var layer = start
        var seen: Set<Int> = []
        while true {
            for property in ["anchorPoint", "position", "scale", "rotation"] {
                links.append(try linkTarget(PropertyLink(layer: layer, transform: true, property: property)))
                chain.append(links.count - 1)
            }
            guard let parent = try parentIndex(of: layer) else { break }
            guard seen.insert(parent).inserted, seen.count < Self.maxChain else {
                throw ExpressionFailure("\(kind): a parent chain longer than \(Self.maxChain) layers or a cycle")
            }
            layer = .index(parent)
        }
        return chain
    }

    /// The transform chains of the layers the expression's layer's layer controls (effect value
    /// type 10, a constant `ind`) name, by `ind`, when the script calls `effect`: what
    /// `effect(E)(V)` gives is that layer (its index, anchorPoint, position, toComp …), as
    /// lottie-web's layer control returns the layer. At most maxLayerControls layers.
    func layerControlChains(_ source: String, _ links: inout [LinkTarget]) throws(ExpressionFailure) -> [Int: [Int]] {
        guard source.contains("effect") else { return [:] }
        var chains: [Int: [Int]] = [:]
        for effect in expressionScope.effects(ofLayer: nil) {
            for c in effect.controls where c.type == 10 {
                guard case .scalar(let p) = c.value, let v = p.constantValue, v == v.rounded(), abs(v) < 1e9,
                      chains[Int(v)] == nil, layerExists(Int(v)) else { continue }
                guard chains.count < Self.maxLayerControls else {
                    throw ExpressionFailure("more than \(Self.maxLayerControls) layer controls on the layer")
                }
                chains[Int(v)] = try transformChain(from: .index(Int(v)), "a layer control", &links)
            }
        }
        return chains
    }

    private static let maxLayerControls = 64

    /// Whether the expression's composition has a layer with this `ind`.
    private func layerExists(_ ind: Int) -> Bool {
        expressionScope.layers.contains { v in
            guard case .object(let q) = v, case .number(let x)? = q["ind"] else { return false }
            return x == Double(ind)
        }
    }

    /// Layer names → `ind` in the expression's composition (the first of each name).
    func layerIndices() -> [String: Int] {
        var out: [String: Int] = [:]
        for case .object(let o) in expressionScope.layers {
            guard let n = name(o), out[n] == nil, case .number(let x)? = o["ind"], x == x.rounded(), abs(x) < 1e9 else { continue }
            out[n] = Int(x)
        }
        return out
    }

    /// The layer a `L.toComp(…)` names, or nil.
    static func spaceLayer(_ e: ScriptExpr) -> LinkLayer? {
        switch e {
        case .name("thisLayer"): return .current
        case .name("parent"), .member(.name("thisLayer"), "parent"): return .parent
        case let .call(.member(.name("thisComp"), "layer"), args) where args.count == 1:
            switch args[0] {
            case .string(let s): return .name(s)
            case .number(let n) where n == n.rounded() && abs(n) < 1e9: return .index(Int(n))
            default: return nil
            }
        default: return nil
        }
    }

    /// The `ind` of the parent of the layer `layer` names (in the expression's composition), or nil.
    private func parentIndex(of layer: LinkLayer) throws(ExpressionFailure) -> Int? {
        let list = expressionScope.layers
        let position: Int?
        switch layer {
        case .current: position = expressionScope.layerPosition
        case .parent: position = expressionScope.parentPosition
        case .name(let n): position = list.firstIndex { if case .object(let o) = $0 { return name(o) == n } else { return false } }
        case .index(let i):
            position = list.firstIndex { v in
                guard case .object(let o) = v, case .number(let x)? = o["ind"] else { return false }
                return x == Double(i)
            }
        }
        guard let position, position < list.count, case .object(let o) = list[position],
              case .number(let p)? = o["parent"], p == p.rounded(), abs(p) < 1e9 else { return nil }
        return layerExists(Int(p)) ? Int(p) : nil
    }
}
