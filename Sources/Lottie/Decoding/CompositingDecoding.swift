// Decoding a layer's masks, track matte and blend mode (Model/LayerCompositing.swift has the
// meaning of each member; spec helpers mask.json, layers.md "Mattes", constants).
//
//   masksProperties[k]   mode (a s i l d f n; absent: i), pt (bezier, animated), o (percent,
//                        absent 100), inv (absent false), x (absent 0), f feather ([x, y], absent 0)
//   tt 0…4, tp (an `ind`, resolved by Layers/Mattes.swift), td (0/1)
//   bm 0…17; on a shape group or style (ShapeDecoding.swift) the same codes, 0…1000 read (codes
//   past 17 are reported and drawn normal); `bm` on other shape items (paths, modifiers) is not
//   a property After Effects has and lottie-web ignores it: not read
//
// A mode outside these is an error naming the member and the allowed values; more masks than
// LottieLimits.maxMasksPerLayer is an error.

import JSON
import Raster

extension DecodeContext {
    /// The layer's masks (mode "n" kept as nil-mode entries: they take no part).
    func layerMasks(_ l: JSONObject) throws(LottieError) -> [LayerMask] {
        guard let value = member(l, "masksProperties") else { return [] }
        return try at("masksProperties") { () throws(LottieError) -> [LayerMask] in
            let list = try array(value, "an array of masks")
            guard list.count <= limits.maxMasksPerLayer else {
                throw error("\(list.count) masks, over the cap of \(limits.maxMasksPerLayer) per layer")
            }
            var masks: [LayerMask] = []
            for (k, element) in list.enumerated() {
                masks.append(try at(k) { () throws(LottieError) -> LayerMask in try mask(try object(element, "a mask object")) })
            }
            if !masks.isEmpty { record(.masks) }
            return masks
        }
    }

    private func mask(_ o: JSONObject) throws(LottieError) -> LayerMask {
        let code = try optionalString(o, "mode") ?? "i"
        guard let mode = LottieCompositingCodes.maskMode(code) else {
            throw error("mask mode must be one of a, s, i, l, d, f, n, got \"\(code)\"", member: "mode")
        }
        guard member(o, "pt") != nil else { throw error("missing mask path (\"pt\")") }
        let path = try shape(o, "pt")
        let opacity = try scalar(o, "o", default: 1, scale: 0.01)
        let inverted = try optionalBool(o, "inv") ?? false
        let expansion = try scalar(o, "x", default: 0)
        var feather: VectorProperty?
        if member(o, "f") != nil {
            let f = try vector(o, "f", default: .zero)
            if !f.isConstantZero { feather = f; recordMaskFeather(f) }
        }
        return LayerMask(mode: mode, path: path, opacity: opacity, inverted: inverted, expansion: expansion,
                         feather: feather)
    }

    /// `tt` as a matte mode (its source resolved later), nil when 0 or absent.
    func layerMatteMode(_ l: JSONObject) throws(LottieError) -> MatteMode? {
        guard let tt = try optionalEnumeration(l, "tt", in: 0...4, fallback: 0), tt != 0 else { return nil }
        record(.mattes)
        return LottieCompositingCodes.matteMode(tt)
    }

    /// `td` = 1: the layer is a matte source.
    func isMatteSource(_ l: JSONObject) throws(LottieError) -> Bool {
        try optionalBool(l, "td") ?? false
    }

    /// `tp`: the `ind` of the matte source (newer files).
    func matteParent(_ l: JSONObject) throws(LottieError) -> Int? {
        try optionalInteger(l, "tp", in: Int(Int32.min)...Int(Int32.max))
    }

    /// `bm` of a layer; hard mix (17) is recorded as unsupported and drawn normal.
    func layerBlendMode(_ l: JSONObject) throws(LottieError) -> BlendMode {
        guard let bm = try optionalEnumeration(l, "bm", in: 0...17, fallback: 0) else { return .normal }
        return blendMode(code: bm)
    }

    /// `bm` of a shape group or style (fill, stroke, gradient fill or stroke): the layer codes.
    /// Older files carry codes past 17 here, which no player knows: recorded and drawn normal.
    func shapeBlendMode(_ s: JSONObject) throws(LottieError) -> BlendMode {
        guard let bm = try optionalInteger(s, "bm", in: 0...1000) else { return .normal }
        guard bm <= 17 else {
            record(.shapeBlendModes)
            return .normal
        }
        return blendMode(code: bm)
    }

    /// The mode of code `bm` in 0…17, recorded in the inventory.
    private func blendMode(code bm: Int) -> BlendMode {
        if bm == 0 { return .normal }
        guard let mode = LottieCompositingCodes.blendMode(bm) else {
            record(.hardMixBlend)
            return .normal
        }
        record(.blendModes)
        return mode
    }
}

extension DecodeContext {
    /// Sets the layer's masks, matte mode (its source is resolved with the composition:
    /// Layers/Mattes.swift), matte-source flag and blend mode.
    func decodeCompositing(_ l: JSONObject, into layer: inout LottieLayer) throws(LottieError) {
        layer.masks = try layerMasks(l)
        if let mode = try layerMatteMode(l) { layer.matte = LayerMatte(mode: mode, source: -1) }
        layer.isMatteSource = try isMatteSource(l)
        layer.blendMode = try layerBlendMode(l)
    }
}
