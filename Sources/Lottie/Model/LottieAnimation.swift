// A decoded Lottie file (spec composition.md "Animation")
//
// `fr` frames per second; the animation plays from frame `ip` to frame `op` (exclusive), which
// may be fractional: its length is (op − ip)/fr seconds. `w` × `h` is the canvas in points.
// Time t seconds after the in-point is frame ip + t·fr of the root composition, sampled
// exactly (Time/LayerTime.swift).

import Raster
import Text

public struct LottieAnimation: Sendable {
    /// `v`, the Bodymovin version that wrote the file.
    public var version: String?
    public var name: String?
    /// Frames per second.
    public var frameRate: Double
    public var inPoint: Double
    public var outPoint: Double
    public var width: Double
    public var height: Double
    /// compositions[0] is the root; the others are precomposition assets, referred to by
    /// `LayerContent.precomp(composition:)`.
    public var compositions: [Composition]
    public var markers: [Marker]
    /// Image assets by id.
    public var images: [ImageAsset]
    /// Which features the file uses, and where.
    public var features: FeatureInventory
    /// Problems in the file that were worked around, one line each (`layers[0] "NULL": its
    /// parent ("ind" 1) is not in this composition; drawn without a parent`).
    public var warnings: [String]
    /// Out-of-range values read as the players read them (Decoding/DecodeContext.swift):
    /// warnings, and errors under --strict.
    public var repairs: [ValueRepair] = []
    /// An upper bound on the layers, shape items and vertices one frame evaluates
    /// (Layers/PrecompGraph.swift; capped by LottieLimits.maxFrameWork).
    public var frameWork: Double
    /// An estimate of the bytes one frame's display list needs (Layers/FrameMemory.swift;
    /// capped by LottieLimits.maxFrameMemory).
    public var frameMemory: Double = 0
    /// Decoded images by asset id, and the image layers that cannot be drawn (`loadImages`,
    /// Images/ImageLoading.swift; empty until it is called).
    public var bitmaps: [String: LoadedImage] = [:]
    public var imageProblems: [ImageProblem] = []
    /// `fonts.list` and `chars` (Model/TextLayer.swift).
    public var fonts: [LottieFont] = []
    public var glyphs: [LottieGlyph] = []
    /// Font files a preset names ("fonts"), by `fName` or family: used when fontconfig has no
    /// exact match for a font the file names (Build/TextFaces.swift).
    public var fontFiles: [String: Font] = [:]
    /// The slot ids properties carry, in the order first read (Decoding/SlotInventory.swift).
    public var slots: [LottieSlot] = []
    /// The caller's expression variables some expression of the file reads
    /// (Expressions/ExpressionVariables.swift).
    public var readVariables: Set<String> = []
    /// Text layers (by place) whose sourceRectAtTime a script reads: the builder measures them
    /// while it builds a frame (Expressions/TextRectLink.swift).
    var measuredTextPlaces: Set<String> = []

    /// The root composition.
    public var root: Composition { compositions[0] }

    /// (op − ip)/fr seconds.
    public var duration: Double { (outPoint - inPoint) / frameRate }

    /// Layers in the file, precompositions counted once.
    public var layerCount: Int { compositions.reduce(0) { $0 + $1.layers.count } }
}

/// A value outside its range, and what was used instead.
public struct ValueRepair: Sendable, Equatable {
    /// The JSON path (`layers[27].t.a[0].s.sh`).
    public var path: String
    /// "expected a whole number in 1…6, got 0; used 1".
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

/// A named time range (`markers`): `tm` frames, `dr` frames long.
public struct Marker: Sendable, Equatable {
    public var name: String
    public var frame: Double
    public var duration: Double
}

public struct ImageAsset: Sendable, Equatable {
    public var id: String
    public var width: Double?
    public var height: Double?
    /// `p` (a file name or a data: URL) and `u` (a folder).
    public var path: String
    public var folder: String
    public var isEmbedded: Bool
    /// `sid`: the slot that may replace the image (Decoding/SlotValues.swift).
    public var slot: String?

    public init(id: String, width: Double?, height: Double?, path: String, folder: String, isEmbedded: Bool, slot: String? = nil) {
        (self.id, self.width, self.height, self.path, self.folder, self.isEmbedded, self.slot) = (id, width, height, path, folder, isEmbedded, slot)
    }
}
