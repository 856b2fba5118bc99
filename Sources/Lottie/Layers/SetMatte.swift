// The set matte effect (ty 28, After Effects' "Set Matte"): another layer of the composition as
// this layer's matte, as lottie-web draws it (player/js/elements/svgElements/effects/SVGMatte3Effect.js)
//
// Values: 0 take matte from layer (its `ind`), 1 use for matte (1 red, 2 green, 3 blue, 4 alpha,
// 5 luminance, 6 hue, 7 lightness, 8 saturation, 9 full, 10 off), 2 invert matte, 3 stretch the
// matte to fit when the sizes differ, 4 composite the matte with the original, 5 premultiply the
// matte layer. lottie-web reads value 0 once and sets the first layer of the composition whose
// `ind` it is as the layer's SVG mask with mask-type alpha, after the layer's filters — every
// other value is ignored. So here: the layer gets an alpha track matte (LayerMatte, mode alpha)
// whose source is that layer; the renderer applies it after the filter stage (Render's
// Filters.swift says where). Unlike a track matte source (`td`), the source is still drawn in its
// own place (lottie-web draws it in place through a `use` of the same symbol); a hidden source
// (`hd`) is drawn only as the matte, as in lottie-web.
//
// Warned (drawn as lottie-web draws it): a channel other than alpha, invert on, stretch on,
// composite with original off; a layer index naming no layer, or the layer itself (drawn without
// the matte — lottie-web draws it without one too when no layer matches); a layer that also has a
// track matte (`tt`: the track matte is kept); a source whose matte chain comes back to the layer
// (dropped). The value is read at frame 0 (lottie-web reads it on the first frame it draws).

enum SetMatte {
    /// Gives each layer with an enabled set matte effect (and no track matte) its matte.
    static func resolve(_ layers: inout [LottieLayer], warnings: inout [String]) {
        var byIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let ind = layer.index, byIndex[ind] == nil { byIndex[ind] = position }
        }
        for position in layers.indices {
            guard let effect = layers[position].effects.last(where: { $0.enabled && $0.kind == .setMatte }) else { continue }
            let place = layers[position].place
            let label = "set matte effect \"\(effect.name.isEmpty ? effect.matchName : effect.name)\""
            guard layers[position].matte == nil else {
                warnings.append("\(place): \(label) ignored: the layer has a track matte (\"tt\"), which is kept")
                continue
            }
            let wanted = EffectFilters.scalar(effect, 0, 0, default: 0)
            guard wanted.isFinite, abs(wanted) <= Double(Int32.max), let source = byIndex[Int(wanted.rounded())],
                  source != position else {
                warnings.append("\(place): \(label) names layer \(formatNumber(wanted)), which is not another layer of this composition; drawn without the matte")
                continue
            }
            var chain = [position, source]
            var next = layers[source].matte?.source
            var loops = false
            while let c = next, chain.count <= Mattes.maxChain {
                if chain.contains(c) { loops = true; break }
                chain.append(c)
                next = layers[c].matte?.source
            }
            guard !loops, chain.count <= Mattes.maxChain else {
                warnings.append("\(place): \(label): the matte of \(layers[source].place) leads back to this layer (or nests over \(Mattes.maxChain) deep); drawn without the matte")
                continue
            }
            layers[position].matte = LayerMatte(mode: .alpha, source: source)
            let ignored = ignoredValues(effect)
            if !ignored.isEmpty {
                warnings.append("\(place): \(label): \(ignored.joined(separator: ", ")) — lottie-web ignores \(ignored.count > 1 ? "these" : "this") and so do we (the source's alpha is the matte)")
            }
        }
    }

    /// The values set to something lottie-web does not draw.
    static func ignoredValues(_ e: LayerEffect) -> [String] {
        var out: [String] = []
        let channel = EffectFilters.scalar(e, 1, 0, default: 4)
        if channel != 4 {
            let names = [1: "red", 2: "green", 3: "blue", 5: "luminance", 6: "hue", 7: "lightness", 8: "saturation", 9: "full", 10: "off"]
            out.append("use for matte \(names[Int(channel.isFinite && abs(channel) < 100 ? channel.rounded() : 0)] ?? formatNumber(channel))")
        }
        if EffectFilters.scalar(e, 2, 0, default: 0) != 0 { out.append("invert matte") }
        if EffectFilters.scalar(e, 3, 0, default: 0) != 0 { out.append("stretch matte to fit") }
        if EffectFilters.scalar(e, 4, 0, default: 1) == 0 { out.append("composite matte with original off") }
        return out
    }
}
