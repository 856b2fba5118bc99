// Shape items of a shape layer or group, and Lottie's stacking rules
//
// A shape list (a shape layer's `shapes`, a group's `it`) is a render stack read as After
// Effects does (spec shapes.md "Shape Rendering Model"):
//
//   • Items earlier in the list are drawn ON TOP of later ones: paint the list from last to first.
//   • A style (fill, stroke, gradient fill/stroke) applies to every path BEFORE it in its list,
//     including the paths inside groups before it (at any depth). A path with no style after it
//     draws nothing. Two styles after the same path draw it twice, the earlier style on top.
//   • A modifier (trim, repeater, rounded corners; merge, offset … later) applies to every path
//     before it in its list, including inside earlier groups, and only to those; modifiers
//     compose in list order (document order, so a modifier inside a group acts before one after
//     the group): for paths p, then trim t, then round r:  r(t(p)).
//     Where the styles sit does not matter to modifiers: every style that applies to a path
//     draws the path as changed by ALL the modifiers after the path in its scope — [path, stroke,
//     trim] draws a trimmed stroke (spec: for each (shape, style), each modifier with
//     Index(shape) < Index(modifier) in the shape's scope; lottie-web applies a path's modifiers
//     to its one shape data, which every style then draws; After Effects' "Add ▸ Trim Paths"
//     puts the trim below the stroke it trims).
//   • A group's transform (its `tr`, here `ShapeGroup.transform`) maps everything in the group,
//     nested transforms compose outermost last; a style is evaluated in ITS group's space (a
//     stroke's width scales with the transform of the group holding the stroke).
//   • A group's opacity applies to the composited result of its contents, not item by item.
//   • The repeater copies everything before it in its list (paths and styles together), each
//     copy with the repeater's transform applied i + offset times (Model/RepeaterCopies.swift).
//   • Hidden items (`hd`) are dropped by the decoder: they take no part in any rule.
//   • A blend mode (`bm`) on a group or a style blends that group's composited contents, or that
//     style's one drawing of its paths, onto what lies under it (lottie-web's SVG renderer sets
//     CSS mix-blend-mode on the group's or the style's element): Build/ShapeEmitter.swift.
//
// So a display-list builder walks a list from the end: keep the styles and the modifiers met so
// far (entering a group with those of the enclosing lists); at a path, pass it once through the
// modifiers met (the nearest first), then emit it once per style met (the last style lowest).
// Sequential trim (`m` = 2) needs every path of its scope before it can cut any of them.

import Geometry
import Raster

/// One item of a shape list.
public indirect enum ShapeItem: Sendable {
    case group(ShapeGroup)
    case path(PathShape)
    case rectangle(RectangleShape)
    case ellipse(EllipseShape)
    case polystar(PolystarShape)
    case fill(Fill)
    case stroke(Stroke)
    case gradientFill(GradientFill)
    case gradientStroke(GradientStroke)
    case trim(TrimPath)
    case repeater(Repeater)
    case roundedCorners(RoundedCorners)
    /// Merge paths (`mm`): the paths before it combined into one (Build/MergePathsEmitter.swift).
    case merge(MergePaths)
    /// A shape item the model does not represent (offset path, pucker/bloat, twist,
    /// zig-zag, no-style, unknown types); reported by the feature inventory.
    case unsupported(UnsupportedShape)
}

/// Which way a generated shape (rectangle, ellipse, polystar) is drawn; matters to trim paths.
public enum ShapeDirection: Sendable, Equatable {
    /// `d` = 1 (or absent): clockwise on screen.
    case clockwise
    /// `d` = 3.
    case counterClockwise
}

public struct ShapeGroup: Sendable {
    public var name: String?
    /// The items, without the group's transform.
    public var items: [ShapeItem]
    /// The group's `tr` item (identity when the file has none).
    public var transform: LottieTransform
    /// `bm` (Model/LayerCompositing.swift's codes): how the drawing blends onto what is under it.
    public var blendMode: BlendMode = .normal
}

public struct PathShape: Sendable {
    public var name: String?
    public var shape: ShapeProperty
    public var direction: ShapeDirection
}

public struct RectangleShape: Sendable {
    public var name: String?
    /// The centre.
    public var position: PositionProperty
    public var size: VectorProperty
    /// Corner radius in points (clamped to half the smaller side when drawn).
    public var roundness: ScalarProperty
    public var direction: ShapeDirection
}

public struct EllipseShape: Sendable {
    public var name: String?
    /// The centre.
    public var position: PositionProperty
    public var size: VectorProperty
    public var direction: ShapeDirection
}

public struct PolystarShape: Sendable {
    public enum Kind: Sendable, Equatable { case star, polygon }
    public var name: String?
    public var kind: Kind
    public var position: PositionProperty
    /// Number of points (rounded to a whole number when drawn).
    public var points: ScalarProperty
    /// Degrees.
    public var rotation: ScalarProperty
    public var outerRadius: ScalarProperty
    /// 0 … 1 (file percent).
    public var outerRoundness: ScalarProperty
    /// Stars only.
    public var innerRadius: ScalarProperty
    /// 0 … 1, stars only.
    public var innerRoundness: ScalarProperty
    public var direction: ShapeDirection
}

public struct Fill: Sendable {
    public var name: String?
    public var color: ColorProperty
    /// 0 … 1.
    public var opacity: ScalarProperty
    public var rule: FillRule
    /// `bm` (Model/LayerCompositing.swift's codes): how the drawing blends onto what is under it.
    public var blendMode: BlendMode = .normal
}

/// One entry of a stroke's dash pattern (`d`): dash lengths and gaps alternate; the offset
/// shifts the pattern along the path.
public struct DashEntry: Sendable {
    public enum Kind: Sendable, Equatable { case dash, gap, offset }
    public var kind: Kind
    public var length: ScalarProperty
}

/// The geometry of a stroke, shared by solid and gradient strokes (the spec's "Base Stroke");
/// caps, joins and fill rules are Geometry's enums.
public struct BaseStroke: Sendable {
    public var width: ScalarProperty
    public var cap: LineCap
    public var join: LineJoin
    /// Miter limit (ratio); animated in newer files (`ml2`).
    public var miterLimit: ScalarProperty
    /// Empty: a solid line.
    public var dashes: [DashEntry]
}

public struct Stroke: Sendable {
    public var name: String?
    public var color: ColorProperty
    /// 0 … 1.
    public var opacity: ScalarProperty
    public var style: BaseStroke
    /// `bm` (Model/LayerCompositing.swift's codes): how the drawing blends onto what is under it.
    public var blendMode: BlendMode = .normal
}

public enum GradientKind: Sendable, Equatable {
    case linear
    /// Radial from `start` out to `end`, with a focal point moved by the highlight.
    case radial
}

/// The paint of a gradient fill or stroke.
public struct GradientPaint: Sendable {
    public var kind: GradientKind
    public var start: PositionProperty
    public var end: PositionProperty
    /// Radial only: how far the focal point moves from `start` towards the rim, −1 … 1 (file
    /// percent −100 … 100).
    public var highlightLength: ScalarProperty
    /// Radial only: the focal point's direction, degrees from the start → end line.
    public var highlightAngle: ScalarProperty
    public var stops: GradientProperty
}

public struct GradientFill: Sendable {
    public var name: String?
    public var paint: GradientPaint
    /// 0 … 1.
    public var opacity: ScalarProperty
    public var rule: FillRule
    /// `bm` (Model/LayerCompositing.swift's codes): how the drawing blends onto what is under it.
    public var blendMode: BlendMode = .normal
}

public struct GradientStroke: Sendable {
    public var name: String?
    public var paint: GradientPaint
    /// 0 … 1.
    public var opacity: ScalarProperty
    public var style: BaseStroke
    /// `bm` (Model/LayerCompositing.swift's codes): how the drawing blends onto what is under it.
    public var blendMode: BlendMode = .normal
}

public struct TrimPath: Sendable {
    public enum Mode: Sendable, Equatable {
        /// `m` = 1: each path trimmed on its own.
        case parallel
        /// `m` = 2: the paths trimmed as one path, in stacking order.
        case sequential
    }
    public var name: String?
    /// 0 … 1 of the length (file percent).
    public var start: ScalarProperty
    /// 0 … 1.
    public var end: ScalarProperty
    /// Degrees: 360 shifts the trimmed piece once around the path.
    public var offset: ScalarProperty
    public var mode: Mode
}

public struct Repeater: Sendable {
    public enum Composite: Sendable, Equatable {
        /// `m` = 1: each copy is drawn underneath the previous one (copy 0 on top).
        case below
        /// `m` = 2: each copy is drawn on top of the previous one (the last copy on top).
        case above
    }
    public var name: String?
    public var copies: ScalarProperty
    public var offset: ScalarProperty
    public var composite: Composite
    public var transform: RepeaterTransform
    /// The most copies the repeater makes at any frame (⌈c⌉'s largest value, easing overshoot
    /// included), checked against the caps at decode time; `copyCount` never exceeds it, so
    /// nested repeaters' product stays within the checked load.
    public var mostCopies = maxGeneratedCopies
}

/// A repeater's per-copy transform and its opacity ramp from the first copy to the last.
public struct RepeaterTransform: Sendable {
    public var transform: LottieTransform
    /// 0 … 1.
    public var startOpacity: ScalarProperty
    /// 0 … 1.
    public var endOpacity: ScalarProperty
}

public struct RoundedCorners: Sendable {
    public var name: String?
    /// Radius in points.
    public var radius: ScalarProperty
}

/// A shape item without a model here; `type` is its `ty`.
public struct UnsupportedShape: Sendable {
    public var name: String?
    public var type: String
}

/// Merge paths (`mm`, mode `mm` 1…5; absent: 1).
public struct MergePaths: Sendable {
    public var name: String?
    public var mode: MergeMode
}

extension ShapeItem {
    /// Whether any item of `items`, groups included at any depth, has a blend mode.
    static func anyBlends(_ items: [ShapeItem]) -> Bool {
        items.contains { item in
            switch item {
            case .group(let g): return g.blendMode != .normal || anyBlends(g.items)
            case .fill(let f): return f.blendMode != .normal
            case .stroke(let s): return s.blendMode != .normal
            case .gradientFill(let f): return f.blendMode != .normal
            case .gradientStroke(let s): return s.blendMode != .normal
            default: return false
            }
        }
    }
}
