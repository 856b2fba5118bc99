// What of a file the builder does not draw faithfully, said before a frame is rendered
//
// One entry per feature, naming the first place that uses it and how many do:
//   • the feature inventory's unsupported features (`LottieFeature.isSupported`: offset paths,
//     pucker/bloat, twist, zig-zag, layer styles, 3D rotations of groups, motion blur, conic
//     gradients, unrecognised expressions, effects not drawn, parts of text layers …), which
//     the builder skips or draws without;
//   • image layers whose image could not be loaded (Images/ImageLoading.swift), and all image
//     layers if the renderer did not draw image paints;
//   • blur and drop shadow effects and styles whose σ is over Raster's cap (EffectSigmaCap.swift);
//   • effects not drawn: one entry per effect (name and type), naming its first layer;
//   • radial gradients with a highlight, if the renderer did not draw focal gradients.
// What the renderer draws is its declaration, `Renderer.capabilities` (RendererCapabilities.swift),
// which Render's tests hold true — not learnt by rendering probes.
// The exporter prints them as warnings, or refuses the file under --strict, before anything is
// written. `workarounds` are the decoder's notes (a parent naming no layer …).

import Render

public struct LottieCoverage: Sendable {
    /// A feature not rendered: where (the first place), and the sentence.
    public struct Entry: Sendable, Equatable {
        public var place: String
        public var message: String
    }

    public var unrendered: [Entry] = []
    public var workarounds: [String] = []
    /// Characters of replaced texts no font covers: errors, not warnings (TextFit.swift).
    public var textErrors: [UncoveredTextCharacter] = []

    public init(_ animation: LottieAnimation) {
        for (feature, places) in animation.features.unsupported {
            switch feature {
            case .unrecognisedExpressions: add("expressions", places, "not recognised (the keyframed values are used)")
            case .expressionVariables:
                add("expressions", places, "reading a variable the player assigns, which the file does not define "
                    + "(the keyframed values are used; give it with --expression-var NAME=VALUE or a preset's \"expressionVariables\")")
            case .unrenderedEffects:   // once per effect (name and type), naming its first layer
                for group in animation.features.unrenderedEffectsByName { add("effects", group.places, "not rendered") }
            default: add(feature.rawValue, places, "not supported yet")
            }
        }
        if !Self.rendererDrawsFocalGradients {
            add("radial gradient highlights", Self.placesWithHighlights(animation),
                "not supported yet by the renderer (drawn concentric)")
        }
        for problem in animation.imageProblems { unrendered.append(Entry(place: problem.place, message: problem.message)) }
        if !Self.rendererDrawsImages {
            add("image layers", animation.features.places(of: .imageLayers), "not drawn yet by the renderer")
        }
        unrendered.append(contentsOf: Self.sigmaOverCap(animation))   // EffectSigmaCap.swift
        // Out-of-range values read as the players read them (Decoding/DecodeContext.swift).
        unrendered.append(contentsOf: animation.repairs.map { Entry(place: $0.path, message: $0.message) })
        workarounds = animation.warnings
        addText(animation)   // fonts substituted, characters without a glyph (TextCoverage.swift)
    }

    /// Whether Render draws image paints (its declaration).
    static let rendererDrawsImages = Renderer.capabilities.contains(.imagePaints)

    private mutating func add(_ feature: String, _ places: [String], _ what: String) {
        guard let first = places.first else { return }
        let more = places.count > 1 ? " (\(places.count) layers)" : ""
        unrendered.append(Entry(place: first, message: "\(feature) \(feature.hasSuffix("s") ? "are" : "is") \(what)\(more)"))
    }

    /// Whether Render draws a focal radial gradient (its declaration).
    static let rendererDrawsFocalGradients = Renderer.capabilities.contains(.focalGradients)

    /// The layers (places) holding a radial gradient whose highlight is not always 0.
    static func placesWithHighlights(_ animation: LottieAnimation) -> [String] {
        var places: [String] = []
        for composition in animation.compositions {
            for layer in composition.layers {
                guard case .shapes(let items) = layer.content, hasHighlight(items) else { continue }
                places.append(layer.place)
            }
        }
        return places
    }

    private static func hasHighlight(_ items: [ShapeItem]) -> Bool {
        items.contains { item in
            switch item {
            case .group(let g): return hasHighlight(g.items)
            case .gradientFill(let f): return f.paint.kind == .radial && !f.paint.highlightLength.isConstantZero
            case .gradientStroke(let s): return s.paint.kind == .radial && !s.paint.highlightLength.isConstantZero
            default: return false
            }
        }
    }
}
