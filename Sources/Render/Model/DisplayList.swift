// DisplayList.swift — one frame's picture: a tree of nodes stored as a flat command stream.
//
// Model. A frame is a tree drawn back to front (painter's order) onto the canvas:
//
//     group   transform, opacity, blend mode, colour filter, clip path, masks (in order), matte,
//             filters (blur, drop shadow, tritone, levels, colour matrix, in the order added);
//             children (Nodes.swift has what each property does and the order they apply in)
//     fill    path, fill rule, paint
//     stroke  path, stroke style (width, caps, joins, miter limit, dashes), paint
//
// Paints (Paints.swift): solid, linear gradient, radial gradient with a focal point, conic,
// image. Coordinates: the root's are canvas points, each group maps its own into its parent's,
// and a node's path and paint geometry are in its group's coordinates, so a node lands on
// device pixel p = T_root · T_group1 · … · T_groupN · q (the renderer's transform × the groups'
// transforms, outermost first).
//
// Storage. Building the list is per-frame work — every scene and the Lottie importer rebuild
// theirs for each frame, hundreds of shapes 60 times a second — so once its storage has grown a
// list is rebuilt without touching the heap:
//
//     commands    the tree in preorder: beginGroup … endGroup, beginMatte … endMatte, fill, stroke
//     groups, shapes, strokes, masks, filters    plain records the commands refer to by index
//     built paths one slot per path made with `addPath { … }`; slot k of this frame reuses the
//                 element array of slot k of the previous frame (its capacity is kept)
//     kept paths  paths the caller owns and passes whole (`addPath(path)`): retained, not copied
//     stops, dashes, images   arenas of plain values (images: references the caller keeps)
//
// `reset()` empties every array keeping its capacity. Each beginGroup's record learns, when the
// group ends, where it ends (so the renderer can skip a hidden subtree), how many fills and
// strokes it holds and which effects its descendants use; the renderer decides from these
// whether the group needs an off-screen layer (Renderer+Groups.swift).
//
// A list is a value: copying it shares its storage until one copy changes (copy-on-write), so
// keep one per render thread and rebuild it in place. Building is validated as it goes (a mask
// after a child, an unbalanced endGroup, a matte group without its source are programming
// errors and trap); numbers are sanitised where they are stored (gradient locations clamped to
// [0, 1] and made non-decreasing).
import Geometry
import Raster

/// A handle to a path stored in a display list (valid until the list's next `reset`).
public struct PathID: Hashable, Sendable {
    /// ≥ 0: slot of a built path; < 0: −1 − index of a kept path.
    let index: Int32
}

/// One frame's picture (see the file header).
public struct DisplayList {
    enum Command: Equatable {
        case beginGroup(Int32)
        case endGroup
        /// The matte source of the enclosing group; `end` is the index of its endMatte.
        case beginMatte(end: Int32)
        case endMatte
        case fill(Int32)
        case stroke(Int32)
    }

    /// What a group or its descendants do beyond transform and opacity.
    struct Effects: OptionSet {
        let rawValue: UInt8
        static let clip = Effects(rawValue: 1)
        static let masks = Effects(rawValue: 2)
        static let matte = Effects(rawValue: 4)
        static let blend = Effects(rawValue: 8)
        static let filter = Effects(rawValue: 16)
        static let image = Effects(rawValue: 32)
        /// Opacity < 1 (needs a layer unless it can be folded into the paints).
        static let opacity = Effects(rawValue: 64)
        /// A filter stage (blur, drop shadow, tritone: Filters.swift).
        static let filters = Effects(rawValue: 128)
    }

    struct GroupRecord {
        var group: Group
        var masks: Range<Int32>
        /// The group's filter stage, in `filters` (DisplayList+Filters.swift).
        var filters: Range<Int32> = 0..<0
        /// Index of the group's endGroup command.
        var end: Int32 = -1
        /// Fills and strokes in the subtree, matte sources excluded.
        var leaves: Int32 = 0
        /// The group's own effects.
        var effects: Effects
        /// The effects of every group and shape below it (matte sources included).
        var descendantEffects: Effects = []
    }

    struct ShapeRecord {
        var path: PathID
        var paint: NodePaint
        var rule: FillRule
        /// Index into `strokes`, −1 for a fill.
        var stroke: Int32
    }

    struct GradientRecord {
        var colors: Range<Int32>
        var opacities: Range<Int32>
    }

    /// An open group or matte source while building.
    struct OpenNode {
        /// Index into `groups`; the group a matte source belongs to for a matte.
        var group: Int32
        var isMatte: Bool
        /// Index of the node's begin command.
        var start: Int32
        var leaves: Int32 = 0
        var effects: Effects = []
        /// No child or matte source has been added yet (masks may still be).
        var acceptsMasks = true
        var matteDone = false
    }

    var commands: [Command] = []
    var groups: [GroupRecord] = []
    var shapes: [ShapeRecord] = []
    var strokes: [StrokeRecord] = []
    var masks: [Mask] = []
    var filters: [Filter] = []
    var gradients: [GradientRecord] = []
    var colorStops: [ColorStop] = []
    var opacityStops: [OpacityStop] = []
    var dashes: [Double] = []
    var images: [Bitmap] = []
    /// Built path slots; `builtCount` of them are in use this frame.
    var builtPaths: [Path] = []
    var builtCount = 0
    var keptPaths: [Path] = []
    var openNodes: [OpenNode] = []
    /// What the source could not build faithfully in this frame (RenderReport.swift): the
    /// renderer copies it into its report.
    public var sourceReport = SourceReport()
    /// The source's names for runs of shapes (a Lottie layer's place): each mark names the shapes
    /// from its first to the next mark's, for messages (Renderer+PaintBudget.swift).
    var sourceMarks: [(firstShape: Int32, name: String)] = []

    public init() {}

    /// Names the shapes added from now on (until the next mark) `name`, for messages.
    public mutating func markSource(_ name: String) {
        sourceMarks.append((Int32(shapes.count), name))
    }

    /// The name the source gave shape `s` (nil when it marked none).
    func sourceMark(ofShape s: Int) -> String? {
        var lo = 0, hi = sourceMarks.count   // the first mark after s is at `lo` when done
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(sourceMarks[mid].firstShape) <= s { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? sourceMarks[lo - 1].name : nil
    }

    /// Removes every node, path, gradient and image, keeping the storage for the next frame.
    public mutating func reset() {
        commands.empty()
        groups.empty()
        shapes.empty()
        strokes.empty()
        masks.empty()
        filters.empty()
        gradients.empty()
        colorStops.empty()
        opacityStops.empty()
        dashes.empty()
        images.empty()
        keptPaths.empty()
        openNodes.empty()
        sourceMarks.removeAll(keepingCapacity: true)
        builtCount = 0
        if !sourceReport.isEmpty { sourceReport = SourceReport() }
    }

    /// True when the list draws nothing (no fill or stroke anywhere).
    public var isEmpty: Bool { shapes.isEmpty }

    /// The number of fills and strokes (matte sources included).
    public var shapeCount: Int { shapes.count }

    /// Whether every group opened has been closed.
    public var isComplete: Bool { openNodes.isEmpty }

    /// The path behind `id`.
    public func path(_ id: PathID) -> Path {
        id.index >= 0 ? builtPaths[Int(id.index)] : keptPaths[Int(-1 - id.index)]
    }

    /// Calls `body` with the path behind `id` without copying it.
    @inline(__always)
    func withPath<R, E: Error>(_ id: PathID, _ body: (Path) throws(E) -> R) throws(E) -> R {
        id.index >= 0 ? try body(builtPaths[Int(id.index)]) : try body(keptPaths[Int(-1 - id.index)])
    }

    func image(_ id: ImageID) -> Bitmap { images[Int(id.index)] }
}

extension Array {
    /// `removeAll(keepingCapacity: true)`, skipped when already empty: a list that never uses an
    /// array (most use few of the list's arrays) then runs no code for it per frame.
    @inline(__always)
    mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
