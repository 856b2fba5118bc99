// Layers of a composition (spec layers.md)
//
// A composition's `layers` list is a render stack like a shape list: the first layer is drawn on
// top, so paint from the last to the first. Layer types (`ty`): 0 precomposition, 1 solid,
// 2 image, 3 null, 4 shape, 5 text, 6 audio, 13 camera …; the model carries what part 1 renders
// (shape, solid, null, precomp) in full, and image and text layers enough to name them.
//
// Parenting: `parent` names another layer of the same composition by its `ind`; the decoder
// resolves it to that layer's position in the list and refuses cycles. The world matrix of a
// layer is its own matrix followed by its parent's world matrix (CTM = CTM(parent)·M(layer)).
// Hidden layers (`hd`) are not drawn but still act as parents.
//
// Time: see Time/LayerTime.swift (in/out points, start time, stretch, time remap).

import Geometry
import Raster

public struct LottieLayer: Sendable {
    /// `ind`, the number parenting refers to.
    public var index: Int?
    public var name: String
    /// Where the layer is in the file, for messages: `layers[3] "Shape Layer 2"` (a precomp's
    /// layers: `assets[0] "comp_0" layers[1] "Dots"`).
    public var place: String
    /// Position of the parent layer in the same composition's list.
    public var parent: Int?
    /// Frames of the composition holding the layer: visible while inPoint ≤ f < outPoint.
    public var inPoint: Double
    public var outPoint: Double
    /// `st`: where the precomposition's frame 0 sits in this composition (precomp layers).
    public var startTime: Double
    /// `sr`: precomp frames advance 1/stretch per frame of this composition (precomp layers).
    public var timeStretch: Double
    /// `hd`: not drawn (still a parent).
    public var hidden: Bool
    public var transform: LottieTransform
    /// `ao`: rotate along the direction of travel of the position.
    public var autoOrient: Bool
    public var content: LayerContent
    /// Masks, track matte and blend mode (Model/LayerCompositing.swift).
    public var masks: [LayerMask] = []
    public var matte: LayerMatte? = nil
    /// `td`: a matte source, never drawn on its own.
    public var isMatteSource = false
    public var blendMode: BlendMode = .normal
    /// A shape item of the layer's content blends (`bm` ≠ 0 on a group, fill, stroke or
    /// gradient): the layer is drawn isolated, so the item blends with what is below it in this
    /// layer only, as After Effects renders each layer on its own (docs/lottie-render.md).
    public var contentBlends = false
    /// `ef` (Model/LayerEffects.swift).
    public var effects: [LayerEffect] = []
    /// Drop shadow layer styles of `sy` (Model/LayerStyles.swift).
    public var dropShadowStyles: [DropShadowStyle] = []
}

public enum LayerContent: Sendable {
    case shapes([ShapeItem])
    /// A rectangle (0, 0, width, height) in the layer's space filled with `color`.
    case solid(color: RGBA, width: Double, height: Double)
    /// Another composition (an index into `LottieAnimation.compositions`), clipped to
    /// (0, 0, width, height); `timeRemap` maps this composition's frames to precomp seconds.
    case precomp(composition: Int, width: Double, height: Double, timeRemap: ScalarProperty?)
    /// A transform only (a parent for other layers).
    case null
    /// Not drawn by part 1; named by the feature inventory.
    case image(assetID: String)
    /// The documents and animators of a text layer (Model/TextLayer.swift).
    case text(TextLayerContent)
    case other(type: Int)
}

/// A list of layers with its own frame space: the root animation, or a precomposition asset.
public struct Composition: Sendable {
    /// The asset `id` (nil for the root).
    public var id: String?
    public var name: String?
    public var layers: [LottieLayer]
}
