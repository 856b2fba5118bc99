// Nodes.swift — the properties of the display list's nodes (DisplayList.swift has the model).
//
// A group composes its children into one layer and puts that layer onto what lies under it.
//
// The order of a group's effects — stated here and only here; the renderer runs them in this
// order (Renderer+Groups.swift `endGroup`, Renderer+Filters.swift `applyLayerStages`), and the
// other files point here:
//
//     1. L   = children drawn back to front, source-over, onto transparent black, in the group's
//              coordinates (device = parent ∘ transform); a clip path that is an axis-aligned
//              device rectangle cuts them to it here (Renderer+Scissor.swift)
//     2. with filters:    L ← masks(L), then each filter in the order added, then matte(L)
//                         (After Effects' order: a layer's masks, its effects, its track matte)
//        without filters: L ← matte(L), then masks(L) (both are products: the order changes
//                         only 8-bit rounding)
//     3. L'  = the colour filter F (a colour matrix on un-premultiplied pixels) and the clip
//              path's coverage c: F(L)·c for a normal group, F(L·c) for a blend group
//              (Renderer+Blending.swift); the same when F commutes with opacity
//     4. out = blend(L'·opacity, under)   (blend mode; normal = source-over)
//
// Masks (After Effects / Lottie layer masks): each mask is a path with an opacity, an inversion
// flag and an expansion (the outline offset outwards by that many units, inwards when negative).
// With m(p) the coverage of mask k (inverted: 1 − m, times its opacity) and A the mask value
// accumulated over masks 0 … k − 1 (A starts at 1 — the whole layer — when the first mask
// subtracts, intersects or darkens, else at 0; Raster's MaskCombination.swift has the sources):
//
//     add: A ∪ m = A + m − A·m      subtract: A·(1 − m)    intersect: A·m
//     lighten: max(A, m)            darken: min(A, m)      difference: A + m − 2·A·m
//
// and the group's pixels are multiplied by the final A. Mattes (Lottie track mattes) show the
// group through another node's pixels S: alpha uses S.a, luma the luminance of S (as Raster's
// matte kernel defines it), and the inverted forms 1 − that value. The matte source itself is
// not drawn. (The exact mask and matte arithmetic is Raster's, written at the top of its
// kernels, MaskCombination.swift and Matte.swift; the renderer wires them in: Renderer.swift, "Not yet drawn".)
import Geometry
import Raster

// BlendMode, MaskMode and MatteMode are Raster's (Composite/BlendMode.swift, MaskCombination.swift,
// Matte.swift): the display list names the kernels' own modes.

/// A clip path in the group's coordinates: only pixels inside it (by `rule`) show the group.
public struct Clip: Sendable, Equatable {
    public var path: PathID
    public var rule: FillRule

    public init(_ path: PathID, rule: FillRule = .nonZero) {
        self.path = path
        self.rule = rule
    }
}

/// One mask of a group (see the file header): a path in the group's coordinates.
public struct Mask: Sendable, Equatable {
    public var mode: MaskMode
    public var path: PathID
    /// Multiplies the mask's coverage, in [0, 1].
    public var opacity: Double
    /// Uses 1 − coverage.
    public var inverted: Bool
    /// The outline offset by this many units (outwards when positive).
    public var expansion: Double
    /// The width of the soft edge (Lottie's mask feather `f`), in the group's units: the coverage
    /// is blurred, the width turned into device pixels by the group's mean device scale √|det T|
    /// (exact under similarity transforms; Renderer+Masks.swift has the blur). 0: sharp.
    public var feather: Double

    public init(_ mode: MaskMode = .add, path: PathID, opacity: Double = 1, inverted: Bool = false,
                expansion: Double = 0, feather: Double = 0) {
        self.mode = mode
        self.path = path
        self.opacity = opacity
        self.inverted = inverted
        self.expansion = expansion
        self.feather = feather
    }
}

/// The properties of a group node. Masks are added with `DisplayList.addMask` and a matte's
/// source between `beginMatte` and `endMatte`, right after `beginGroup`.
public struct Group: Sendable, Equatable {
    /// Maps the group's coordinates to its parent's.
    public var transform: Transform
    /// Multiplies the group's layer, in [0, 1] (values outside are clamped).
    public var opacity: Double
    public var blendMode: BlendMode
    /// A colour matrix applied to the group's layer (e.g. a hue rotation).
    public var filter: ColorFilter?
    public var clip: Clip?
    /// Set when the group is shown through a matte (its source follows `beginGroup`).
    public var matte: MatteMode?
    /// Draws the children into a layer of their own even when nothing else asks for one, so
    /// that blend modes inside blend only with what the group itself drew (an After Effects
    /// layer whose shapes carry blend modes: Lottie's LayerCompositingEmitter.swift).
    public var isolated: Bool

    public init(transform: Transform = .identity, opacity: Double = 1, blendMode: BlendMode = .normal,
                filter: ColorFilter? = nil, clip: Clip? = nil, matte: MatteMode? = nil, isolated: Bool = false) {
        self.transform = transform
        self.opacity = opacity
        self.blendMode = blendMode
        self.filter = filter
        self.clip = clip
        self.matte = matte
        self.isolated = isolated
    }
}

/// How a stroke is drawn: Raster's `StrokeStyle` with the dash array kept in the list's storage
/// (so a style with dashes costs no allocation per frame).
struct StrokeRecord {
    var lineWidth: Double
    var cap: LineCap
    var join: LineJoin
    var miterLimit: Double
    var dashes: Range<Int32>
    var dashPhase: Double
}
