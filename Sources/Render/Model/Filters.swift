// Filters.swift — the filter stage of a group: image operations on the group's layer.
//
// The group's filters run on its layer L in the order added, each on the result of the one
// before (a drop shadow after a blur is the shadow of the blurred layer). Lengths are in the group's coordinates and become device pixels through the
// group's device transform T (Renderer+Filters.swift):
//
//     blur(σ, axes, edge)     L ← G_σ' * L,  σ' = σ·√|det T| (the mean scale; exact under
//                             similarity transforms), along both axes or one (then the axis's
//                             own scale |T·e| is used); `edge`: what lies past the canvas
//                             (transparent, or the edge pixel repeated)
//     dropShadow(colour c, opacity o, offset d, softness σ, shadowOnly, spread k)
//                             S  = G_σ' * α(L) moved by T·d (the linear part: the offset turns
//                                  and scales with the group), S ← min(1, S/(1 − k)), s = c·o·S
//                             L ← L over s   (shadowOnly: L ← s)
//     tritone(H, M, S, b)     each pixel's brightness mapped onto shadows S (black), midtones M,
//                             highlights H (white), mixed with the original by b (Raster's
//                             Tritone.swift has the exact mapping)
//     levels(P)               each channel of each pixel's straight colour through its own
//                             levels, then r, g, b through the composite levels (Raster's
//                             Levels.swift: lottie-web's Pro Levels table, exactly)
//     colorMatrix(F)          L ← F(L) (Raster's colour filter kernels, in place)
//
// Where this stage sits among a group's effects: Nodes.swift, "The order of a group's effects".
// Colour filters that must run in a chain with others (Lottie's fill,
// tint, tritone and levels effects between a blur and a shadow) are filters here, in file order;
// strokes an effect adds to a layer (Lottie's stroke effect) are children, so every filter sees
// them; a matte an effect sets (Lottie's set matte) is the group's matte, after every filter.
//
// A blur or shadow spreads the layer beyond its shapes: the renderer grows the layer's drawn
// box by the filter's reach (and, for a shadow, its offset), so the parts outside the shapes'
// bounds are drawn — with the damage shortcut too.
import Geometry
import Raster

/// A drop shadow (see the file header).
public struct DropShadow: Sendable, Equatable {
    /// The shadow's colour (its alpha is ignored: `opacity` says how strong it is).
    public var color: RGBA
    /// In [0, 1].
    public var opacity: Double
    /// Where the shadow lies relative to the layer, in the group's units.
    public var offset: Point
    /// The gaussian's σ in the group's units (0: a sharp shadow).
    public var sigma: Double
    /// Draws the shadow alone, without the layer.
    public var shadowOnly: Bool
    /// In [0, 1): the blurred coverage m becomes min(1, m/(1 − spread)) (a layer style's choke).
    public var spread: Double

    public init(color: RGBA, opacity: Double, offset: Point, sigma: Double, shadowOnly: Bool = false, spread: Double = 0) {
        self.spread = spread
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.sigma = sigma
        self.shadowOnly = shadowOnly
    }
}

/// A tritone mapping (see the file header).
public struct TritoneColors: Sendable, Equatable {
    public var highlights: RGBA
    public var midtones: RGBA
    public var shadows: RGBA
    /// Blend with the original, in [0, 1] (0: the mapped colour only).
    public var blend: Double

    public init(highlights: RGBA, midtones: RGBA, shadows: RGBA, blend: Double = 0) {
        self.highlights = highlights
        self.midtones = midtones
        self.shadows = shadows
        self.blend = blend
    }
}

/// One filter of a group's filter stage (see the file header).
public enum Filter: Sendable, Equatable {
    /// A gaussian blur of σ (group units).
    case blur(sigma: Double, axes: BlurAxes = .both, edge: BlurEdge = .transparent)
    case dropShadow(DropShadow)
    case tritone(TritoneColors)
    /// Levels per channel and composite (Raster's LevelsParameters).
    case levels(LevelsParameters)
    /// A colour matrix at this point of the chain (`Group.filter` runs after every filter, when
    /// the layer is composited; this one runs in order).
    case colorMatrix(ColorFilter)
}
