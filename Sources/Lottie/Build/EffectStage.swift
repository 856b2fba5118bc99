// Drop shadow, gaussian blur, tritone and pro levels effects and drop shadow layer styles as the filter
// stage of the layer's group (Render's Model/Filters.swift)
//
// Parameters are mapped as lottie-web's SVG filters do (player/js/elements/svgElements/effects),
// in the layer's coordinates (lottie-web sets the filter on the transformed layer element, so
// offsets and σ turn and scale with the layer; After Effects renders effects in layer space too):
//
//   drop shadow (ty 25): 0 colour c (its alpha unused), 1 opacity o ∈ [0, 255], 2 direction θ
//       (degrees, 0 = up, clockwise), 3 distance r, 4 softness k, 5 shadow only:
//       offset = r·(cos(θ − 90°), sin(θ − 90°)) (y down), σ = k/4, opacity o/255
//       (SVGDropShadowEffect: feGaussianBlur stdDeviation k/4, feOffset, feFlood opacity o/255).
//       lottie-web ignores "shadow only"; here it draws the shadow without the layer, as AE does.
//   gaussian blur (ty 29): 0 blurriness b, 1 dimensions (1 both, 2 horizontal, 3 vertical),
//       2 repeat edge pixels: σ = 0.3·b (SVGGaussianBlurEffect's "empirical value, matching AE's
//       blur appearance"); repeat edge pixels on extends the edge at the canvas's edges (AE's
//       meaning; lottie-web writes edgeMode "wrap", which browsers ignore), off: transparent.
//   tritone (ty 23): 0 highlights H, 1 midtones M, 2 shadows S, 3 blend with original b (percent;
//       lottie-web ignores it, AE mixes): Raster's Tritone (the grey in linear light, then the
//       table S M H — SVGTritoneFilter).
//   pro levels (ty 24): values 3–7 the composite (RGB) levels, 10–14 red, 17–21 green, 24–28
//       blue, 31–35 alpha — each input black, input white, gamma, output black, output white, in
//       [0, 1] units (defaults 0, 1, 1, 0, 1): Raster's Levels (lottie-web's SVGProLevelsFilter:
//       the channels' tables, then the composite's).
//   fill (21) and tint (20) on such a layer: their colour matrices, at their place in the chain
//       (EffectFilters.swift; the group's own colour filter is then nil).
//   drop shadow style (sy ty 1, after every effect — AE draws layer styles after effects):
//       offset = d·(−cos a, sin a) (y down: the light at angle a, counter-clockwise from +x, casts
//       the shadow opposite), σ = s/2 (the size read as the blur's radius, the CSS/Figma
//       convention radius = 2σ), opacity o/100, choke ch/100 as the shadow's spread.
//
// Effects run in file order, each on the result of the one before (lottie-web chains its filter
// primitives the same way); disabled ones are skipped.

import Geometry
import Raster
import Render
#if canImport(Glibc)
import Glibc
#endif

enum EffectStage {
    /// Whether `effects` holds an enabled drop shadow, blur, tritone or levels (the layer then takes a filter stage).
    static func usesStage(_ effects: [LayerEffect]) -> Bool {
        effects.contains { e in
            guard e.enabled else { return false }
            switch e.kind {
            case .dropShadow, .gaussianBlur, .tritone, .proLevels: return true
            case .expressionControl, .tint, .fill, .stroke, .setMatte, .unsupported: return false
            }
        }
    }

    /// Adds the layer's filters (the header) to the group just opened.
    static func addFilters(of layer: LottieLayer, frame: Double, into list: inout DisplayList) {
        if usesStage(layer.effects) {
            for e in layer.effects where e.enabled {
                switch e.kind {
                case .fill, .tint:
                    if let f = EffectFilters.colorFilter(CollectionOfOne(e), frame: frame) { list.addFilter(.colorMatrix(f)) }
                case .dropShadow: list.addFilter(.dropShadow(dropShadow(e, frame)))
                case .gaussianBlur: list.addFilter(blur(e, frame))
                case .tritone: list.addFilter(.tritone(tritone(e, frame)))
                case .proLevels: list.addFilter(.levels(levels(e, frame)))
                case .expressionControl, .stroke, .setMatte, .unsupported: continue
                }
            }
        }
        for style in layer.dropShadowStyles {
            list.addFilter(.dropShadow(dropShadow(style, frame)))
        }
    }

    static func dropShadow(_ e: LayerEffect, _ frame: Double) -> DropShadow {
        let color = EffectFilters.color(e, 0, frame, default: RGBA(r: 0, g: 0, b: 0, a: 1))
        let opacity = EffectFilters.scalar(e, 1, frame, default: 127.5) / 255
        let theta = (EffectFilters.scalar(e, 2, frame, default: 135) - 90) * .pi / 180
        let distance = EffectFilters.scalar(e, 3, frame, default: 5)
        let softness = EffectFilters.scalar(e, 4, frame, default: 0)
        let only = EffectFilters.scalar(e, 5, frame, default: 0)
        return DropShadow(color: color, opacity: opacity, offset: Point(distance * cos(theta), distance * sin(theta)),
                          sigma: softness / 4, shadowOnly: only != 0)
    }

    static func blur(_ e: LayerEffect, _ frame: Double) -> Filter {
        let sigma = 0.3 * EffectFilters.scalar(e, 0, frame, default: 0)
        let axes: BlurAxes
        switch EffectFilters.scalar(e, 1, frame, default: 1).rounded() {
        case 2: axes = .horizontal
        case 3: axes = .vertical
        default: axes = .both
        }
        let repeatEdges = EffectFilters.scalar(e, 2, frame, default: 0) != 0
        return .blur(sigma: sigma, axes: axes, edge: repeatEdges ? .extend : .transparent)
    }

    static func tritone(_ e: LayerEffect, _ frame: Double) -> TritoneColors {
        TritoneColors(highlights: EffectFilters.color(e, 0, frame, default: RGBA(r: 1, g: 1, b: 1, a: 1)),
                      midtones: EffectFilters.color(e, 1, frame, default: RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1)),
                      shadows: EffectFilters.color(e, 2, frame, default: RGBA(r: 0, g: 0, b: 0, a: 1)),
                      blend: EffectFilters.scalar(e, 3, frame, default: 0) / 100)
    }

    static func levels(_ e: LayerEffect, _ frame: Double) -> LevelsParameters {
        func channel(_ first: Int) -> LevelsChannel {
            LevelsChannel(inputBlack: EffectFilters.scalar(e, first, frame, default: 0),
                          inputWhite: EffectFilters.scalar(e, first + 1, frame, default: 1),
                          gamma: EffectFilters.scalar(e, first + 2, frame, default: 1),
                          outputBlack: EffectFilters.scalar(e, first + 3, frame, default: 0),
                          outputWhite: EffectFilters.scalar(e, first + 4, frame, default: 1))
        }
        return LevelsParameters(composite: channel(3), red: channel(10), green: channel(17), blue: channel(24), alpha: channel(31))
    }

    static func dropShadow(_ style: DropShadowStyle, _ frame: Double) -> DropShadow {
        let a = style.angle.value(at: frame) * .pi / 180
        let d = style.distance.value(at: frame)
        return DropShadow(color: style.color.value(at: frame), opacity: style.opacity.value(at: frame),
                          offset: Point(-d * cos(a), d * sin(a)), sigma: style.size.value(at: frame) / 2,
                          spread: style.choke.value(at: frame) / 100)
    }
}
