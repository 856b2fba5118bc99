// Layers as values: what a layer control gives, and a layer's index by name
//
// A layer control (an expression-control effect value of type 10, `effect("C")("Layer")`) holds
// a layer's `ind`; lottie-web's control returns that layer's interface (`compInterface(ind)`), so
// a script can keep it in an array and ask it for
//
//   L.index                         its `ind`
//   L.anchorPoint, L.position, L.scale, L.rotation, and the same under L.transform
//   L.toComp(p), L.fromComp(p), L.toWorld(p), L.fromWorld(p)   (ScriptLayerSpace.swift's math)
//
// The transform chains of the layers a layer's controls name are links resolved while decoding
// (Decoding/LayerSpaceDecoding.swift's layerControlChains); a control naming a layer that is not in
// the composition, or one whose value is animated, gives a catchable TypeError (lottie-web finds
// no layer there either). `thisLayer.index` is the layer's `ind`, `thisComp.layer("n").index` the
// `ind` of the first layer of that name.

/// The composition's layers as scripts see them: `ind` by name, and transform chains by `ind`.
struct ScriptLayers: Sendable {
    var indices: [String: Int] = [:]
    /// Link indices a₀, p₀, s₀, r₀, a₁, … of the layer and its parents (ScriptLayerSpace.swift).
    var chains: [Int: [Int]] = [:]
}

extension ScriptEnvironment {
    /// The value of link i: a path link as a path value, the own property as a path expression's own path.
    func linkValue(_ i: Int) -> ScriptValue {
        let target = context.links[i]
        if case .path(let p) = target { return .path(p) }
        if case .own = target, let p = binding.path { return .path(p) }
        return ScriptValue(target.value(at: frame, of: binding))
    }

    /// What a layer control's value gives: the layer whose `ind` it holds.
    func layerControl(_ value: EffectControlValue) throws(ScriptError) -> ScriptValue {
        let v = value.expressionValue(at: frame)[0]
        guard v == v.rounded(), abs(v) < 1e9, context.layers.chains[Int(v)] != nil else {
            throw .type("the layer control names no layer of the composition")
        }
        return .object(.layerIndex(Int(v)))
    }

    private static let transformNames = ["anchorPoint": 0, "position": 1, "scale": 2, "rotation": 3]

    func layerMember(_ ind: Int, _ name: String) throws(ScriptError) -> ScriptValue {
        if name == "index" { return .number(Double(ind)) }
        if name == "transform" { return .object(.layerIndex(ind)) }
        guard let chain = context.layers.chains[ind], let k = Self.transformNames[name] else {
            throw .unsupported("'.\(name.prefix(30))' of a layer a layer control gives is not supported")
        }
        return linkValue(chain[k])
    }

    func callLayer(_ ind: Int, _ name: String, _ a: [ScriptValue]) throws(ScriptError) -> ScriptValue {
        guard DecodeContext.layerSpaceFunctions.contains(name), let chain = context.layers.chains[ind] else {
            throw .unsupported("the method '.\(name.prefix(30))()' of a layer a layer control gives is not supported")
        }
        guard a.count == 1 else { throw .type("\(name) takes 1 argument (a point)") }
        return try layerSpace([.string(name), .array(chain.map { linkValue($0) }), a[0]])
    }
}
