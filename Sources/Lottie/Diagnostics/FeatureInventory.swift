// Which Lottie features a file uses, where, and which of them are not rendered
//
// Every feature is recorded with the places that use it (a layer: `layers[3] "Shape Layer 2"`,
// in a precomposition: `assets[0] "comp_0" layers[1] "Dots"`; each place once). `isSupported`
// says whether the renderer draws it (issue 13's list); the others are reported, one warning
// per feature naming the first place and how many there are.

public enum LottieFeature: String, CaseIterable, Sendable {
    // Layers and time.
    case shapeLayers = "shape layers"
    case solidLayers = "solid layers"
    case nullLayers = "null layers"
    case precompositions = "precompositions"
    case nestedPrecompositions = "nested precompositions"
    case parenting = "parenting"
    case hiddenLayers = "hidden layers"
    case autoOrient = "auto-orient"
    case timeStretch = "time stretch"
    case timeRemap = "time remap"
    case markers = "markers"
    case slots = "slots"
    // Properties.
    case animatedProperties = "animated properties"
    case holdKeyframes = "hold keyframes"
    case spatialTangents = "spatial tangents"
    case splitPosition = "split position"
    case skew = "skew"
    // Shapes.
    case groups = "groups"
    case paths = "paths"
    case rectangles = "rectangles"
    case ellipses = "ellipses"
    case stars = "stars"
    case polygons = "polygons"
    case fills = "fills"
    case evenOddFills = "even-odd fills"
    case strokes = "strokes"
    case dashedStrokes = "dashed strokes"
    case linearGradients = "linear gradients"
    case radialGradients = "radial gradients"
    case gradientStrokes = "gradient strokes"
    case trimPaths = "trim paths"
    case sequentialTrimPaths = "sequential trim paths"
    case repeaters = "repeaters"
    case roundedCorners = "rounded corners"
    // Compositing, modifiers, layer types, expressions, effects, 3D (most are drawn; `isSupported`
    // below names the ones that are not).
    case masks = "masks"
    case mattes = "track mattes"
    case mergePaths = "merge paths"
    case maskFeather = "mask feather"
    case anisotropicMaskFeather = "unequal horizontal and vertical mask feather"
    case hardMixBlend = "the hard mix blend mode"
    case shapeBlendModes = "blend mode codes above 17 on shapes"
    case offsetPaths = "offset paths"
    case puckerBloat = "pucker/bloat"
    case twist = "twist"
    case zigZag = "zig-zag"
    case noStyle = "no-style shapes"
    case unknownShapes = "unknown shape types"
    case imageLayers = "image layers"
    case textLayers = "text layers"
    case otherLayers = "audio, camera and other layer types"
    case expressions = "expressions"
    case unrecognisedExpressions = "unrecognised expressions"
    case expressionVariables = "expressions reading variables the player assigns"
    case effects = "effects"
    case expressionControls = "expression controls"
    case colorEffects = "fill and tint effects"
    case filterEffects = "drop shadow, gaussian blur, tritone and pro levels effects"
    case strokeEffects = "stroke effects (strokes of the layer's masks)"
    case setMatteEffects = "set matte effects"
    case unrenderedEffects = "unrendered effects"
    case flatThreeD = "flat 3D layers"
    case layerStyles = "layer styles"
    case dropShadowStyles = "drop shadow layer styles"
    case blendModes = "blend modes"
    case threeD = "3D rotations of shape groups"
    case depthLayers = "3D layers (drawn without perspective: the 3D matrix with z dropped)"
    case motionBlur = "motion blur"
    case conicGradients = "conic gradients"
    case collapsedTransformations = "collapse transformations on precompositions (clipped to w × h, as the players draw them)"
    // Text on a mask path is drawn (Build/TextOnPath.swift); the other parts of text layers
    // below are not (text layers themselves are: Build/TextEmitter.swift).
    case textPaths = "text on a path"
    case textSelectors = "expression and wiggly text selectors, index ranges without an end"
    case textRandomOrder = "randomized text selectors"
    case textAnimatorProperties = "text animator properties other than opacity, position, anchor, scale, rotation, colours, stroke width and tracking"
    case textGrouping = "text anchor grouping other than by character"

    /// Whether the builder draws it.
    public var isSupported: Bool {
        switch self {
        case .anisotropicMaskFeather, .hardMixBlend, .shapeBlendModes, .offsetPaths, .puckerBloat, .twist, .zigZag, .noStyle,
             .unknownShapes, .otherLayers, .unrecognisedExpressions, .expressionVariables, .unrenderedEffects,
             .layerStyles, .threeD, .motionBlur, .conicGradients,
             .textSelectors, .textRandomOrder, .textAnimatorProperties, .textGrouping:
            return false
        default:
            return true
        }
    }
}

/// Features and the places that use them.
public struct FeatureInventory: Sendable {
    private var places: [LottieFeature: [String]] = [:]
    private var seen: Set<PlaceKey> = []

    private struct PlaceKey: Hashable { let feature: LottieFeature; let place: String }

    public init() {}

    /// Records that `place` uses `feature` (each place once per feature).
    public mutating func record(_ feature: LottieFeature, at place: String) {
        guard seen.insert(PlaceKey(feature: feature, place: place)).inserted else { return }
        places[feature, default: []].append(place)
    }

    /// Effects not drawn, one entry per effect (its name and type, `"Puppet" (type 7)`) with the
    /// places of the layers that use it, in file order: the coverage warns once per effect.
    public private(set) var unrenderedEffectsByName: [(effect: String, places: [String])] = []

    /// Records an effect the builder does not draw, on the layer at `layer`.
    public mutating func recordUnrenderedEffect(_ effect: String, layer: String) {
        let place = "\(layer) effect \(effect)"
        guard seen.insert(PlaceKey(feature: .unrenderedEffects, place: place)).inserted else { return }
        places[.unrenderedEffects, default: []].append(place)
        if let i = unrenderedEffectsByName.firstIndex(where: { $0.effect == effect }) {
            unrenderedEffectsByName[i].places.append(place)
        } else {
            unrenderedEffectsByName.append((effect, [place]))
        }
    }

    /// Whether the file uses `feature`.
    public func uses(_ feature: LottieFeature) -> Bool { places[feature] != nil }

    /// The places that use `feature`, in file order.
    public func places(of feature: LottieFeature) -> [String] { places[feature] ?? [] }

    /// Every feature used, in declaration order, with its places.
    public var used: [(feature: LottieFeature, places: [String])] {
        LottieFeature.allCases.compactMap { f in places[f].map { (f, $0) } }
    }

    /// The features used that are not rendered.
    public var unsupported: [(feature: LottieFeature, places: [String])] {
        used.filter { !$0.feature.isSupported }
    }

    /// One line per unsupported feature (per effect for effects not drawn):
    /// `layers[3] "Shape Layer 2": masks are not supported yet (2 layers)`.
    public var warnings: [String] {
        unsupported.flatMap { entry in
            entry.feature == .unrenderedEffects ? unrenderedEffectsByName.map { ($0.places, "effects") } : [(entry.places, entry.feature.rawValue)]
        }.map { (places, what) in
            let more = places.count > 1 ? " (\(places.count) layers)" : ""
            return "\(places[0]): \(what) \(what.hasSuffix("s") ? "are" : "is") not supported yet\(more)"
        }
    }
}
