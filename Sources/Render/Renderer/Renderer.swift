// Renderer.swift — draws a display list onto a canvas.
//
// The walk. Commands are read in order with a stack of open groups. Each entry holds the group's
// device transform (the root transform, points → pixels, composed with every group transform
// down to it: device = T_group.concatenating(T_parent)), where its shapes draw (the frame canvas
// or an off-screen layer) and the opacity and colour filter folded into its shapes' paints.
// A shape resolves its paint to one of Raster's (Renderer+Shapes.swift) and is filled or stroked
// with the entry's transform onto the entry's canvas. A group is, by what it needs
// (Renderer+Groups.swift):
//
//     skipped     opacity 0, or nothing drawn in it
//     in place    transform only; or opacity and filter folded into the paints, when that gives
//                 the same picture: one shape, or shapes whose device bounds do not overlap
//     off-screen  drawn into a pooled layer (LayerPool.swift), then composited onto the canvas
//                 below with its opacity and filter — through its clip path when it has one
// and a clip that is an axis-aligned device rectangle multiplies the shapes' coverage spans by its
// area coverage instead of taking a layer (Renderer+Scissor.swift).
//
// Masks: a group with masks is drawn off-screen and its layer multiplied by the masks' combined
// coverage (each expanded, feathered by a gaussian blur, inverted, at its opacity) before it is
// composited (Renderer+Masks.swift).
//
// Mattes: the matte source (beginMatte … endMatte) is drawn into its own pooled layer, never
// onto the canvas, and the group's layer is multiplied by its matte value at `endGroup`
// (Renderer+Mattes.swift).
//
// Blend modes: a group whose mode is not normal is drawn off-screen (isolated) and its layer
// blended onto the canvas below with Raster's blend kernels at `endGroup` (Renderer+Blending.swift).
//
// Filters: a group with a filter stage (blur, drop shadow, tritone, levels …) is drawn off-screen and the
// filters run on its layer (Renderer+Filters.swift).
//
// The order in which a group's clip, masks, filters, matte, colour filter, opacity and blend
// apply is stated once, in Nodes.swift ("The order of a group's effects").
//
// Image paints: Raster's bilinear ImagePaint with the pattern's transform (Renderer+Shapes.swift).
//
// Not yet drawn (reported in the frame's RenderReport, never silently): nearest-neighbour image
// sampling (drawn bilinear).
//
// Speed shortcuts — this file and its extensions are the only place that decides them; Raster
// offers the mechanisms. With `shortcuts` empty every frame is drawn the plain way, and the tests
// compare both pixel for pixel:
//     damage             the canvas's damage (Raster's Damage.swift) is kept: clears rewrite only
//                        what was drawn since the last clear, fills over not-yet-drawn pixels
//                        skip reading them, layers clear and composite only their drawn region,
//                        the exporter converts only changed rows; without it the renderer clears
//                        every pixel and forgets the damage
//     deferredClears     with damage, the frame's clear is deferred row by row into the next
//                        writes of each row (Canvas.clearDamage)
//     recordedCoverage   a fill identical to its previous frame's replays its coverage
//                        (CoverageRecording, one per shape index)
//
// Steady state allocates nothing: the stack, the per-shape recordings and gradient slots, the
// merged-stop and stroke-style scratch keep their storage, layers come from the pool, and colour
// tables are rebuilt in place (Renderer+Shapes.swift).
import Geometry
import Raster

/// Draws display lists; owns the rasterizer, the layer pool and the per-shape caches, so keep one
/// per render thread and reuse it for every frame.
public final class Renderer {
    /// The speed shortcuts the renderer may take (see the file header).
    public struct Shortcuts: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let deferredClears = Shortcuts(rawValue: 1)
        public static let damage = Shortcuts(rawValue: 2)
        public static let recordedCoverage = Shortcuts(rawValue: 4)
        public static let all: Shortcuts = [.deferredClears, .damage, .recordedCoverage]
    }

    /// Off-screen groups nested deeper than this are drawn in place (and reported): each holds a
    /// frame-sized canvas (8 MB at 1920×1080).
    public static let maximumLayerDepth = 16

    public let rasterizer = Rasterizer()
    /// The frame's paint cap in frames (`maximumPaintedFrames`; tests set a smaller one) and in
    /// pixels for the canvas being drawn (Renderer+PaintBudget.swift).
    public var paintedFramesCap = Renderer.maximumPaintedFrames
    var paintLimit = Int.max
    /// The frame's scan cap in edges per pixel row (`maximumEdgesPerRow`; tests set a smaller
    /// one) and in edge rows for the canvas being drawn.
    public var edgesPerRowCap = Renderer.maximumEdgesPerRow
    var scanLimit = Int.max
    /// Shortcuts in use; the pixels are the same with any set.
    public var shortcuts: Shortcuts = .all

    struct Entry {
        var transform: Transform
        /// Folded into the paints of the shapes below.
        var opacity: Double
        var filter: ColorFilter?
        var target: Canvas
        /// Set for an off-screen group: composited onto the canvas below at `endGroup`.
        var layer: Layer?
        var layerOpacity: Double = 1
        var layerFilter: ColorFilter?
        var clip: Clip?
        /// Shapes below write only inside this rectangle, at its edge coverage (a rectangle clip).
        var scissor: Scissor?
        /// A layer's fractional rectangle clip, multiplied into the layer at `endGroup`.
        var edgeCoverage: Scissor?
        /// The group (index into the list's groups) whose layer this is; −1 otherwise.
        var group = -1
        /// The layer a matte source draws into (Renderer+Mattes.swift): closed by endMatte.
        var isMatteSource = false
        /// The group's drawn matte source, applied at `endGroup`.
        var matte: Layer?
    }

    var stack: [Entry] = []
    var layerDepth = 0
    let layers = LayerPool()
    /// Per shape index: the recorded coverage of that shape's fill.
    var recordings: [CoverageRecording] = []
    /// Per shape index: the gradient and Raster paint last resolved for it.
    var gradientSlots: [GradientSlot] = []
    var strokeStyle = StrokeStyle()
    /// Device bounds of shapes, for the overlap test of folded groups.
    var shapeBounds: [Rect] = []
    var boundsTransforms: [Transform] = []
    var report = RenderReport()
    /// A8 surfaces and expanded outlines for masks (Renderer+Masks.swift).
    let maskSurfaces = MaskSurfaces()
    var expandedOutlines: [ExpandedOutline] = []
    /// Mask feather (Raster's GaussianBlur; its scratch is kept).
    let blur = GaussianBlur()
    /// The tritone filter's tables (Renderer+Filters.swift).
    let tritone = Tritone()
    /// The levels filter's tables (Renderer+Filters.swift).
    let levels = Levels()

    public init() {}

    /// Clears `canvas` to `background` (transparent allowed) and draws `list` with `transform`
    /// (the list's root coordinates → device pixels). Returns what could not be drawn.
    @discardableResult
    public func render(_ list: DisplayList, background: RGBA, transform: Transform, on canvas: Canvas) -> RenderReport {
        precondition(list.isComplete, "render: the display list has open groups")
        report = RenderReport()
        if !list.sourceReport.isEmpty { report.source = list.sourceReport }
        clear(canvas, to: background)
        beginPaintBudget(width: canvas.width, height: canvas.height)
        prepareCaches(shapeCount: list.shapes.count)
        stack.empty()
        stack.append(Entry(transform: transform, opacity: 1, filter: nil, target: canvas))
        layerDepth = 0
        var i = 0
        let count = list.commands.count
        while i < count {
            switch list.commands[i] {
            case .beginGroup(let g):
                i = beginGroup(Int(g), of: list, at: i)
            case .endGroup:
                endGroup(list)
                i += 1
            case .beginMatte(let end):
                i = beginMatte(at: i, end: Int(end))
            case .endMatte:
                endMatte()
                i += 1
            case .fill(let s), .stroke(let s):
                if report.paintOverflow == nil {
                    drawShape(Int(s), of: list)
                    checkPaintBudget(after: Int(s), of: list)
                }
                i += 1
            }
        }
        stack.empty()
        rasterizer.scissor = nil
        // The deferred clear's rows nothing drew over: written now, so the frame holds the whole clear.
        canvas.resolvePendingClear()
        return report
    }

    /// The frame's clear: damage-limited (and deferred) when the shortcuts allow; otherwise every
    /// pixel, and the damage forgotten so that nothing below relies on it.
    private func clear(_ canvas: Canvas, to background: RGBA) {
        if shortcuts.contains(.damage) {
            canvas.clearDamage(to: background, deferred: shortcuts.contains(.deferredClears))
        } else {
            canvas.clear(to: background)
            canvas.forgetDamage()
        }
    }

    private func prepareCaches(shapeCount: Int) {
        while recordings.count < shapeCount { recordings.append(CoverageRecording()) }
        while gradientSlots.count < shapeCount { gradientSlots.append(GradientSlot()) }
    }
}
