// Decoding layer effects (`ef`) and the expression scope of a composition
//
// Before a composition's layers are decoded, every layer's effects are read (scanEffects), so
// an expression may name an effect of any layer of its composition (`thisComp.layer("Controls")
// .effect("Speed")("Slider")`), above or below it. Effects are kept by layer place; the layer
// decoder picks its own up (LottieLayer.effects). Model/LayerEffects.swift says what each
// effect type becomes. Caps: a layer's effects and an effect's values count as JSON values
// (LottieLimits.maxJSONValues bounds them).

import JSON
import Raster

/// What expressions of the properties being decoded can refer to.
struct ExpressionScope {
    var frameRate = 1.0
    /// The current layer's in- and out-point (loopOutDuration(…, 0), loopInDuration(…, 0)).
    var layerInPoint = 0.0
    var layerOutPoint = 0.0
    /// The current layer's name and the effects of every layer of the current composition.
    var layerName = ""
    var effectsByPlace: [String: [LayerEffect]] = [:]
    /// Layer names of the composition, top first, with their places (`thisComp.layer(name)`: the first).
    var placesByName: [String: String] = [:]
    var currentPlace = ""
    /// The composition's layer list, its JSON path and place prefix, and the current layer's
    /// position in it (property links: Decoding/LinkDecoding.swift).
    var layers: [JSONValue] = []
    var layersPath: [JSONPathComponent] = []
    var placePrefix = ""
    var layerPosition = 0
    /// The current layer's `ind` and the root composition's size (expressions' index, thisComp.width/height).
    var layerIndex = 0
    var compWidth = 0.0
    /// The root composition's length in seconds ((op − ip)/fr: thisComp.duration).
    var compDuration = 0.0
    var compHeight = 0.0

    /// The position of the current layer's parent in `layers` (its `parent` is an `ind` there: the
    /// first layer with it, as Parenting.swift), or nil.
    var parentPosition: Int? {
        guard layerPosition < layers.count, case .object(let l) = layers[layerPosition],
              case .number(let wanted)? = l["parent"] else { return nil }
        return layers.firstIndex { v in
            guard case .object(let o) = v, case .number(let x)? = o["ind"] else { return false }
            return x == wanted
        }
    }

    func effects(ofLayer name: String?) -> [LayerEffect] {
        guard let place = name.map({ placesByName[$0] }) ?? currentPlace else { return [] }
        return effectsByPlace[place] ?? []
    }
}

extension DecodeContext {
    /// Reads the effects of every layer in `list` (at path `layers`) into the expression scope.
    func scanEffects(_ list: [JSONValue], placePrefix: String) throws(LottieError) {
        expressionScope.effectsByPlace = [:]
        expressionScope.placesByName = [:]
        (expressionScope.layers, expressionScope.layersPath, expressionScope.placePrefix) = (list, path + [.key("layers")], placePrefix)
        let saved = place
        defer { place = saved }
        try at("layers") { () throws(LottieError) in
            for (i, element) in list.enumerated() {
                guard case .object(let l) = element else { continue }
                let name = self.name(l) ?? ""
                let layerPlace = "\(placePrefix)layers[\(i)] \(quoted(name))"
                if expressionScope.placesByName[name] == nil { expressionScope.placesByName[name] = layerPlace }
                guard case .array(let effects)? = member(l, "ef"), !effects.isEmpty else { continue }
                place = layerPlace
                expressionScope.currentPlace = layerPlace
                expressionScope.layerPosition = i     // an effect value's expression reads its own layer
                let decoded = try at(i) { () throws(LottieError) -> [LayerEffect] in
                    try at("ef") { () throws(LottieError) -> [LayerEffect] in
                        var out: [LayerEffect] = []
                        for (j, e) in effects.enumerated() {
                            out.append(try at(j) { () throws(LottieError) -> LayerEffect in try effect(try object(e, "an effect object")) })
                        }
                        return out
                    }
                }
                expressionScope.effectsByPlace[layerPlace] = decoded
            }
        }
    }

    /// One effect and its values; records what it is in the feature inventory.
    func effect(_ o: JSONObject) throws(LottieError) -> LayerEffect {
        let type = Self.effectType(o)
        let name = try optionalString(o, "nm") ?? ""
        let matchName = try optionalString(o, "mn") ?? ""
        let enabled = try optionalBool(o, "en") ?? true
        var controls: [EffectControl] = []
        if case .array(let values)? = member(o, "ef") {
            try at("ef") { () throws(LottieError) in
                for (j, v) in values.enumerated() {
                    guard case .object(let c) = v else { continue }
                    controls.append(try at(j) { () throws(LottieError) -> EffectControl in try effectControl(c) })
                }
            }
        }
        let kind: LayerEffect.Kind
        switch type {
        case 5 where LayerEffect.isExpressionControl(matchName: matchName): kind = .expressionControl
        case 20: kind = .tint
        case 21: kind = .fill
        case 22: kind = .stroke
        case 23: kind = .tritone
        case 24: kind = .proLevels
        case 25: kind = .dropShadow
        case 28: kind = .setMatte
        case 29: kind = .gaussianBlur
        default: kind = .unsupported
        }
        record(.effects)
        switch kind {
        case .expressionControl: record(.expressionControls)
        case .tint, .fill: if enabled { record(.colorEffects) }
        case .tritone, .dropShadow, .gaussianBlur, .proLevels: if enabled { record(.filterEffects) }
        case .stroke: if enabled { record(.strokeEffects) }
        case .setMatte: if enabled { record(.setMatteEffects) }
        case .unsupported:
            if enabled { features.recordUnrenderedEffect("\"\(name.isEmpty ? matchName : name)\" (type \(type))", layer: place) }
        }
        return LayerEffect(type: type, name: name, matchName: matchName, enabled: enabled, kind: kind, controls: controls)
    }

    /// `ty` as a whole number, or −1 (unknown: groups of plug-in effects write "" there).
    static func effectType(_ o: JSONObject) -> Int {
        guard case .number(let n)? = o["ty"], n == n.rounded(), abs(n) <= 1000 else { return -1 }
        return Int(n)
    }

    /// Whether the control's value `v.k` is a plain number (not a vector, not keyframes).
    static func holdsNumber(_ c: JSONObject) -> Bool {
        guard case .object(let v)? = c["v"], case .number? = v["k"] else { return false }
        return true
    }

    func effectControl(_ c: JSONObject) throws(LottieError) -> EffectControl {
        let type = Self.effectType(c)
        let value: EffectControlValue
        switch type {
        case 0, 1, 4, 7, 10, 11: value = .scalar(try scalar(c, "v", default: 0))
        case 2: value = .color(try color(c, "v", default: RGBA(r: 0, g: 0, b: 0, a: 1)))
        // Older exporters write some one-number values (the stroke effect's "Path") as type 3
        // with a number: read as a number (lottie-web reads whatever `k` holds).
        case 3 where Self.holdsNumber(c): value = .scalar(try scalar(c, "v", default: 0))
        case 3: value = .point(try vector(c, "v", default: .zero))
        default: value = .none
        }
        return EffectControl(name: try optionalString(c, "nm") ?? "", matchName: try optionalString(c, "mn") ?? "",
                             type: type, value: value)
    }
}
