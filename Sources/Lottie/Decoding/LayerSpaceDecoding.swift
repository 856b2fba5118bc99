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
            guard let l = Self.spaceLayer(layer) else { return nil }
            (kind, start) = (f, l)
        default: return nil
        }
        guard args.count == 1 else { throw ExpressionFailure("\(kind) takes 1 argument (a point)") }
        var chain: [ScriptExpr] = []
        var layer = start
        var seen: Set<Int> = []
        while true {
            for property in ["anchorPoint", "position", "scale", "rotation"] {
                links.append(try linkTarget(PropertyLink(layer: layer, transform: true, property: property)))
                chain.append(.link(links.count - 1))
            }
            guard let parent = try parentIndex(of: layer) else { break }
            guard seen.insert(parent).inserted, seen.count < Self.maxChain else {
                throw ExpressionFailure("\(kind): a parent chain longer than \(Self.maxChain) layers or a cycle")
            }
            layer = .index(parent)
        }
        return .call(.name("$layerSpace"), [.string(kind), .array(chain), args[0]])
    }

    /// The layer a `L.toComp(…)` names, or nil.
    private static func spaceLayer(_ e: ScriptExpr) -> LinkLayer? {
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
        let exists = list.contains { v in
            guard case .object(let q) = v, case .number(let x)? = q["ind"] else { return false }
            return x == p
        }
        return exists ? Int(p) : nil
    }
}
