// Layer effects (`ef`, spec effects.md): what the model keeps of them
//
// An effect has a type `ty`, a name `nm`, a match name `mn` (After Effects' internal name) and
// a list of values `ef`, each a property of a value type: 0 slider, 1 angle, 2 colour, 3 point,
// 4 checkbox, 6 ignored, 7 drop-down, 10 layer, 11 mask (an index, 1-based). Effect types the model interprets:
//   5  with an expression-control match name (ADBE Slider Control, … Angle, Color, Point,
//      Checkbox, Layer, Dropdown Control, or a pseudo effect "Pseudo/…"): read so expressions can
//      use its values; draws nothing;
//   20 tint, 21 fill: colour filters on the layer (Build/EffectFilters.swift);
//   23 tritone, 24 pro levels, 25 drop shadow, 29 gaussian blur: the layer group's filter stage
//      (Build/EffectStage.swift);
//   22 stroke: strokes of the layer's masks drawn with its content (Build/StrokeEffect.swift);
//   28 set matte: another layer of the composition as this layer's alpha matte (Layers/SetMatte.swift);
//   anything else (26 radial wipe, 35 transform, puppet, plug-ins …) is named in a warning, once
//   per effect (LottieCoverage.swift).
// `en` 0 disables an effect (read, not drawn).

import Geometry
import Raster

/// One value of an effect.
public enum EffectControlValue: Sendable {
    case scalar(ScalarProperty)
    case point(VectorProperty)
    case color(ColorProperty)
    /// Type 6 (a separator) or a value type the model does not read.
    case none

    /// The value in the file's units (as expressions see it): a number, [x, y] or [r, g, b, a].
    func expressionValue(at frame: Double) -> ExpressionValue {
        switch self {
        case .scalar(let p): return ExpressionValue(p.value(at: frame))
        case .point(let p):
            let v = p.value(at: frame)
            return ExpressionValue(SIMD4(v.x, v.y, 0, 0), count: 2)
        case .color(let p):
            let c = p.value(at: frame)
            return ExpressionValue(SIMD4(c.r, c.g, c.b, c.a), count: 4)
        case .none: return ExpressionValue(0)
        }
    }

    var count: Int {
        switch self {
        case .scalar, .none: return 1
        case .point: return 2
        case .color: return 4
        }
    }
}

public struct EffectControl: Sendable {
    public var name: String
    public var matchName: String
    public var type: Int
    public var value: EffectControlValue
}

public struct LayerEffect: Sendable {
    public enum Kind: Sendable, Equatable {
        case expressionControl
        case tint
        case fill
        /// 23 tritone, 25 drop shadow, 29 gaussian blur: Render's filter stage (Build/EffectStage.swift).
        case tritone
        case dropShadow
        case gaussianBlur
        /// 24 pro levels: the filter stage too.
        case proLevels
        /// 22 stroke: strokes of the layer's masks (Build/StrokeEffect.swift).
        case stroke
        /// 28 set matte: resolved into the layer's matte when decoded (Layers/SetMatte.swift).
        case setMatte
        case unsupported
    }

    public var type: Int
    public var name: String
    public var matchName: String
    public var enabled: Bool
    public var kind: Kind
    public var controls: [EffectControl]

    /// The control named `key` (by `nm` or `mn`), or the `key`-th (1-based).
    func control(_ key: ExpressionKey) -> EffectControl? {
        switch key {
        case .name(let s): return controls.first { $0.name == s || $0.matchName == s }
        case .index(let i): return i >= 1 && i <= controls.count ? controls[i - 1] : nil
        }
    }

    /// Whether a type-5 effect with this match name is an expression control (draws nothing).
    static func isExpressionControl(matchName: String) -> Bool {
        matchName.hasPrefix("Pseudo/") || [
            "ADBE Slider Control", "ADBE Angle Control", "ADBE Color Control", "ADBE Point Control",
            "ADBE Point3D Control", "ADBE Checkbox Control", "ADBE Layer Control", "ADBE Dropdown Control",
        ].contains(matchName)
    }
}

/// An effect or control named in an expression: by name or 1-based index.
enum ExpressionKey: Equatable, Sendable {
    case name(String)
    case index(Int)
}
