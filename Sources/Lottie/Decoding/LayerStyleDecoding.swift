// Decoding a layer's styles (`sy`; Model/LayerStyles.swift has what each member means)
//
// Drop shadows (ty 1) are kept and recorded as `dropShadowStyles`; a style of another type, or a
// drop shadow with noise or a blend mode it cannot be drawn with, is recorded as
// `layerStyles` (not rendered). Styles count as JSON values (LottieLimits.maxJSONValues bounds them).

import JSON
import Raster

extension ScalarProperty {
    /// Whether the property is `value` at every frame.
    func isConstant(_ value: Double) -> Bool {
        if case .constant(let v) = storage, expression == nil { return v == value }
        return false
    }
}

extension DecodeContext {
    /// The drop shadow styles of the layer, in file order.
    func dropShadowStyles(_ l: JSONObject) throws(LottieError) -> [DropShadowStyle] {
        guard case .array(let styles)? = member(l, "sy"), !styles.isEmpty else { return [] }
        return try at("sy") { () throws(LottieError) -> [DropShadowStyle] in
            var out: [DropShadowStyle] = []
            for (k, element) in styles.enumerated() {
                guard case .object(let o) = element else { record(.layerStyles); continue }
                let style = try at(k) { () throws(LottieError) -> DropShadowStyle? in try dropShadowStyle(o) }
                if let style { out.append(style) }
            }
            return out
        }
    }

    private func dropShadowStyle(_ o: JSONObject) throws(LottieError) -> DropShadowStyle? {
        guard case .number(let type)? = o["ty"], type == 1 else {
            record(.layerStyles)
            return nil
        }
        let style = DropShadowStyle(color: try color(o, "c", default: RGBA(r: 0, g: 0, b: 0, a: 1)),
                                    opacity: try scalar(o, "o", default: 0.75, scale: 0.01),
                                    angle: try scalar(o, "a", default: 120), size: try scalar(o, "s", default: 5),
                                    distance: try scalar(o, "d", default: 5), choke: try scalar(o, "ch", default: 0))
        let noise = try scalar(o, "no", default: 0)
        let mode = try scalar(o, "bm", default: 5)
        var black = false
        if case .constant(let c) = style.color.storage, style.color.expression == nil { black = c.r == 0 && c.g == 0 && c.b == 0 }
        let modeDrawn = mode.isConstant(1) || (mode.isConstant(5) && black)
        if !noise.isConstantZero || !modeDrawn {
            record(.layerStyles)
        } else {
            record(.dropShadowStyles)
        }
        return style
    }
}
