// Layers named by a path of `nm` names, for the overrides that name a layer (issue 26: a
// preset's "texts" and "images"; colours name deeper, ColorOverrides.swift).
//
// The path starts in the root composition: a layer name first; a precomposition layer's name
// continues into its composition's layers ("Card/Title" is the layer "Title" inside the layer
// "Card"'s composition). As in colour paths (lottie-ios' AnimationKeypath): "*" matches any one
// name at its level, "**" any number of levels (zero included), so "**/Title" is every layer
// named "Title" at any depth. Several layers with the same name at one level all match. A
// precomposition shown by several layers is one composition, so a layer inside it is found once
// (the result is a set of (composition, layer) places). Cycles are refused by the decoder, and
// at most `ColorOverride.maxDeepWildcards` "**" per path keep the walk bounded.

/// A layer of the model: `compositions[composition].layers[layer]`.
public struct LayerPlace: Hashable, Sendable {
    public var composition: Int
    public var layer: Int
}

extension LottieAnimation {
    /// The layers `names` reaches from the root (see the header), in composition order.
    public func layers(matching names: [String]) -> [LayerPlace] {
        var found = Set<LayerPlace>()
        collect(composition: 0, names[...], into: &found)
        return found.sorted { ($0.composition, $0.layer) < ($1.composition, $1.layer) }
    }

    private func collect(composition c: Int, _ names: ArraySlice<String>, into found: inout Set<LayerPlace>) {
        guard let first = names.first else { return }
        let layers = compositions[c].layers
        if first == "**" {
            // Zero levels: the rest names these layers; one level more: "**" goes on inside each precomposition.
            collect(composition: c, names.dropFirst(), into: &found)
            for layer in layers {
                if case .precomp(let inner, _, _, _) = layer.content { collect(composition: inner, names, into: &found) }
            }
            return
        }
        let rest = names.dropFirst()
        for (i, layer) in layers.enumerated() where first == "*" || layer.name == first {
            if rest.isEmpty {
                found.insert(LayerPlace(composition: c, layer: i))
            } else if case .precomp(let inner, _, _, _) = layer.content {
                collect(composition: inner, rest, into: &found)
            }
        }
    }
}
