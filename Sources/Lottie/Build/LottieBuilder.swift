// A Lottie animation at one instant as a display list (the layers; ShapeEmitter.swift the shapes)
//
// Output time t (seconds after the in-point) is walked by FrameWalker (Layers/FrameWalk.swift):
// layers bottom to top, each with its frame, its world matrix within its composition (parenting
// applied) and its opacity. The list is, in the composition's points:
//
//   group  clip (0, 0, w, h)                         the composition is clipped to its canvas
//     group  transform M_layer, opacity o_layer      per visible shape or solid layer
//            filter (fill and tint effects, EffectFilters.swift)
//       …shapes (ShapeEmitter)                       or the solid's rectangle (0, 0, sw, sh),
//                                                    with the stroke effect's mask strokes
//                                                    (StrokeEffect.swift)
//     group  transform M_pre, opacity o_pre, clip (0, 0, pw, ph)   per precomposition layer
//       …its layers, at the precomposition's frame C′ (Time/LayerTime.swift)
//
// Each layer group carries the layer's blend mode and masks; a matted layer is wrapped in a
// matte group holding its source (LayerCompositingEmitter.swift).
//
// A layer group's opacity is the renderer's to fold or take off-screen (Render/Renderer.swift
// decides). Null layers only parent (the walker never visits them); hidden layers and layers
// outside [ip, op) are skipped by the walker. Image layers draw their loaded bitmap
// (ImageEmitter.swift); text layers: Build/TextEmitter.swift. Other layers are not drawn: the
// feature inventory names them (LottieCoverage.swift turns that into the warnings).
//
// Steady state allocates nothing for a shape-only file: the list's paths are rebuilt in their
// reused slots (DisplayList.addPath with a closure), the Bezier and stop scratch keep their
// storage, and the walker keeps its matrices.

import Geometry
import Raster
import Render

/// Builds display lists from one animation; keep one per render thread and reuse it.
public final class LottieBuilder {
    public let animation: LottieAnimation
    let walker: FrameWalker
    /// Scratch reused by every shape: the Bezier form of a generated shape, gradient stops and
    /// the stroke style whose dash array keeps its storage.
    var bezier = BezierPath()
    var stops = GradientStops()
    var strokeStyle = StrokeStyle()
    /// The enclosing lists while a group is walked, the sequential trims' layouts of the
    /// picture being built (SequentialTrim.swift), and the corner rounder's scratch.
    var levels: [ShapeLevel] = []
    var sequential = SequentialLayouts()
    var rounder = CornerRounder()
    /// Shape modifiers' reusable storage (ShapeModifiers.swift): the trimmer, the length
    /// measure, and pools of scratch paths and level chains (as many as the deepest nesting).
    var trimmer = Trimmer()
    var measure = PathMeasure()
    var pathPool: [Path] = []
    var levelPool: [[ShapeLevel]] = []
    /// The sizes of the compositions entered while a picture is built, the top one first
    /// (PrecompClip.swift).
    var compositionSizes: [(Double, Double)] = []
    /// The precomposition layers entered, with their frames, while their stroke effects are open
    /// (StrokeEffect.swift; nil for one without).
    var strokeEffectLayers: [(LottieLayer, Double)?] = []
    /// While a merge gathers its operands, where each begins in the gathered path (nil otherwise;
    /// MergePathsEmitter.swift).
    var operandStarts: [Int]?
    /// Merge paths Geometry refused (drawn unmerged), and the first reason (MergePathsEmitter.swift),
    /// over every frame built; `frameReport` has the current frame's, which `build` hands to the
    /// list (DisplayList.sourceReport) for the renderer's report and the exporter's warning.
    public internal(set) var refusedMerges = 0
    public internal(set) var firstMergeError: String?
    var frameReport = SourceReport()
    /// What the boolean operations of one frame may cost together (Geometry's BooleanCost.swift),
    /// reset by `build`.
    let booleanBudget = BooleanBudget()
    /// The dashes the frame's strokes have been cut into so far (DashBudget.swift), reset by `build`.
    var frameDashes = 0.0
    /// The most dashes one frame may hold (`maximumFrameDashes`; tests set a smaller one).
    var frameDashCap = LottieBuilder.maximumFrameDashes
    /// The layer being emitted (its `place`), for messages.
    var currentLayer = ""
    /// The last undashed-stroke message and its layer, reused while the same layer is over the
    /// cap frame after frame (no allocation per frame; the figures are those of its first frame).
    var undashedMessage: (layer: String, text: String)?
    /// Text layers: fonts, set documents and per-character scratch (TextEmitter.swift).
    private(set) lazy var text = TextEmitter(animation, builder: self)
    /// sourceRectAtTime() of text layers, bound while a frame is built (TextRectMeasurer.swift).
    private lazy var textRects = TextRectMeasurer(builder: self)

    public init(_ animation: LottieAnimation) {
        self.animation = animation
        walker = FrameWalker(animation)
    }

    /// The canvas in points.
    public var width: Double { animation.width }
    public var height: Double { animation.height }

    /// Appends the picture `seconds` after the in-point to `list` (callers reset it between frames).
    public func build(atSeconds seconds: Double, into list: inout DisplayList) {
        build(atFrame: animation.frame(atSeconds: seconds), into: &list)
    }

    /// Appends the picture at the root composition's frame `frame` (callers reset `list` between frames).
    public func build(atFrame frame: Double, into list: inout DisplayList) {
        sequential.removeAll()
        booleanBudget.reset()
        frameDashes = 0
        if !frameReport.isEmpty { frameReport = SourceReport() }
        list.beginGroup(Group(clip: Clip(list.addPath { $0.appendRectangle(width: width, height: height) })))
        compositionSizes.removeAll(keepingCapacity: true)
        compositionSizes.append((width, height))
        strokeEffectLayers.removeAll(keepingCapacity: true)
        var visitor = LayerEmitter(builder: self, list: DisplayList())
        swap(&list, &visitor.list)      // the visitor owns the list while it walks (moved, not copied)
        if animation.measuredTextPlaces.isEmpty {
            walker.walk(composition: 0, frame: frame, &visitor)
        } else {
            TextRects.$current.withValue(TextRects.Binding(measurer: textRects)) { walker.walk(composition: 0, frame: frame, &visitor) }
        }
        swap(&list, &visitor.list)
        list.endGroup()
        if !frameReport.isEmpty { list.sourceReport = frameReport }
    }

    /// Emits the layers the walker visits.
    struct LayerEmitter: LayerVisitor {
        unowned let builder: LottieBuilder
        var list: DisplayList
        /// The next layer group is a matted layer's: its blend mode is on the matte group.
        var matteTakesBlend = false

        mutating func visit(_ layer: LottieLayer, frame: Double, matrix: Transform, opacity: Double) {
            guard opacity > 0 else { return }
            switch layer.content {
            case .shapes(let items):
                drawLayer(layer, frame: frame, matrix: matrix, opacity: opacity) { this in
                    ShapeEmitter(builder: this.builder, frame: frame).emit(items, upTo: items.count, into: &this.list)
                }
            case let .solid(color, w, h):
                guard color.a > 0 || layer.effects.contains(where: StrokeEffect.isStroke) else { return }
                drawLayer(layer, frame: frame, matrix: matrix, opacity: opacity) { this in
                    this.list.fill(paint: .solid(color)) { $0.appendRectangle(width: w, height: h) }
                }
            case .image(let id):
                guard let image = builder.animation.bitmaps[id] else { return }
                drawLayer(layer, frame: frame, matrix: matrix, opacity: opacity) { this in this.list.emitImage(image) }
            case .text(let content):
                drawLayer(layer, frame: frame, matrix: matrix, opacity: opacity) { this in
                    this.builder.text.emit(layer, content, frame: frame, into: &this.list)
                }
            case .precomp, .null, .other:
                return   // precompositions come through enterPrecomposition; the rest is reported
            }
        }

        /// The layer's group: its content (unless a stroke effect paints on transparent) between
        /// its stroke effects' wrappers and strokes (StrokeEffect.swift).
        private mutating func drawLayer(_ layer: LottieLayer, frame: Double, matrix: Transform, opacity: Double,
                                        content: (inout Self) -> Void) {
            builder.currentLayer = layer.place
            list.markSource(layer.place)
            beginLayerGroup(layer, frame: frame, Group(transform: matrix, opacity: opacity,
                                                       filter: EffectFilters.filter(layer.effects, frame: frame),
                                                       isolated: layer.contentBlends))
            beginStrokeEffects(layer, frame: frame)
            if StrokeEffect.drawsContent(layer, frame) { content(&self) }
            endStrokeEffects(layer, frame: frame)
            list.endGroup()
        }

        mutating func enterPrecomposition(_ layer: LottieLayer, composition: Int, frame: Double, innerFrame: Double,
                                          matrix: Transform, opacity: Double, width: Double, height: Double) {
            let (outerWidth, outerHeight) = builder.compositionSizes[builder.compositionSizes.count - 1]
            builder.compositionSizes.append((width, height))
            if LottieBuilder.precompClipHolds(outerWidth: outerWidth, outerHeight: outerHeight, matrix: matrix,
                                              width: width, height: height) {
                // The clip changes nothing.
                beginLayerGroup(layer, frame: frame, Group(transform: matrix, opacity: max(0, opacity),
                                                           filter: EffectFilters.filter(layer.effects, frame: frame)))
                beginPrecompStrokeEffects(layer, frame: frame)
                return
            }
            let clip = Clip(list.addPath { $0.appendRectangle(width: width, height: height) })
            beginLayerGroup(layer, frame: frame, Group(transform: matrix, opacity: max(0, opacity),
                                                       filter: EffectFilters.filter(layer.effects, frame: frame), clip: clip))
            beginPrecompStrokeEffects(layer, frame: frame)
        }

        mutating func exitPrecomposition() {
            builder.compositionSizes.removeLast()
            endPrecompStrokeEffects()
            list.endGroup()
        }
    }
}

extension Path {
    /// Appends the closed rectangle (0, 0) – (width, height), clockwise on screen.
    mutating func appendRectangle(width: Double, height: Double) {
        move(to: Point(0, 0))
        line(to: Point(width, 0))
        line(to: Point(width, height))
        line(to: Point(0, height))
        close()
    }
}
