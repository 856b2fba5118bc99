// Caps on what a Lottie file may ask for (README "Limits"). A file is committed by anyone and
// runs in CI: each cap turns a hang or an exhausted machine into a one-line error naming the
// file, the JSON path and the allowed range. Caps bound work and memory, never geometry: sizes
// (solids, precompositions, text) are drawn clipped to the canvas whatever they are, and only
// values past ±maxFrame are clamped, with a warning (Decoding/DecodeContext.swift).
// Reviewed against the real files of lottie-ios' test set and ThorVG's examples (327 files,
// issue 22 item 5): the largest has 3.3 MB, 297 layers in one composition, 1 141 vertices in one
// path, 600 keyframes in one property, 9 masks on a layer, a repeater of 45 copies, 15 gradient
// stops, 4 dash entries, 28 chars, a 1 956-character expression, JSON 21 levels deep; its largest
// canvas is 5 800 × 6 075 pt, solid 5 100 × 3 300 pt, precomposition 99 999 pt, rate 100 fps.
import JSON

public struct LottieLimits: Sendable {
    /// File size in bytes: checked before reading (a pipe or /dev/zero is refused too).
    public var maxFileBytes = 32 << 20
    /// Nesting of JSON arrays and objects (bounds recursion; groups nest two levels each).
    public var maxJSONDepth = 256
    /// JSON values in the file (≈ 60 bytes of memory each once parsed and modelled).
    public var maxJSONValues = 4_000_000
    /// Layers in one composition.
    public var maxLayersPerComposition = 10_000
    /// Layers after expanding every precomposition reference (a precomp used twice counts
    /// twice): what one frame may have to evaluate.
    public var maxLayerInstances = 100_000
    /// Layers, shape items and path vertices one frame evaluates, precompositions and
    /// repeaters expanded (Layers/PrecompGraph.swift): bounds the time per frame.
    public var maxFrameWork = 4_000_000.0
    /// Bytes one frame's display list may need, estimated before rendering from the shapes,
    /// styles and repeaters (Layers/FrameMemory.swift): with the off-screen layers (≤ 16 frames)
    /// and the encoder this keeps a 1080² frame under 2 GiB (docs/work-bounds.md).
    public var maxFrameMemory = 1e9
    /// Precompositions inside precompositions.
    public var maxPrecompDepth = 32
    /// Keyframes of one property.
    public var maxKeyframes = 100_000
    /// Vertices of one path (and of one generated star).
    public var maxPathVertices = 100_000
    /// Copies of one repeater, and of nested repeaters multiplied together.
    public var maxRepeaterCopies = 1_000
    public var maxNestedRepeaterCopies = 100_000
    /// The root canvas's sides in points (the frame: a file larger than the output's frame cap is
    /// scaled down to it). Precomposition, solid and text sizes are geometry, bounded by maxFrame.
    public var maxCanvasSide = 10_000.0
    /// Frames per second.
    public var maxFrameRate = 1_000.0
    /// |frame numbers| (in/out points, keyframe times, start times).
    public var maxFrame = 1e7
    /// Colour stops of one gradient.
    public var maxGradientStops = 1_000
    /// Entries of one dash pattern.
    public var maxDashEntries = 64
    /// Masks of one layer (each costs an off-screen coverage pass per frame).
    public var maxMasksPerLayer = 128
    /// Mask, matte and effect coverage passes in one frame, precompositions expanded (a feathered
    /// mask counts 4, a matte 8, a blur 64; Layers/PrecompGraph.swift): each pass covers up to the whole frame, so this
    /// bounds the pixels masks and mattes touch per frame (README "Limits").
    public var maxCoveragePasses = 4_096
    /// One expression: characters, nesting depth and terms (Expressions/ExpressionSyntax.swift;
    /// the longest corpus expression has 2 400 characters, the recognised ones under 100).
    public var maxExpressionLength = 16_384
    public var maxExpressionDepth = 256
    public var maxExpressionTerms = 4_096
    /// Interpreted expressions (Expressions/ScriptInterpreter.swift): steps of one evaluation (one
    /// property at one frame), nested calls of user functions, and interpreted expressions per file
    /// (so one frame takes at most maxExpressionSteps × maxInterpretedExpressions steps).
    public var maxExpressionSteps = 20_000
    public var maxExpressionCallDepth = 32
    public var maxInterpretedExpressions = 512
    /// Property links (Decoding/LinkDecoding.swift): links chained, linked properties decoded per
    /// file, and steps of one evaluation with its links (an interpreted program counts
    /// maxExpressionSteps). The corpus chains 1 deep and links 28 properties.
    public var maxExpressionLinkDepth = 8
    public var maxExpressionLinks = 4_096
    public var maxExpressionLinkCost = 65_536
    /// Characters of one text document (text layers), and glyphs of one `chars` list.
    public var maxTextCharacters = 20_000
    /// Characters of every text document of the file together (each is set once and kept).
    public var maxTotalTextCharacters = 200_000

    public init() {}

    public static let standard = LottieLimits()
}
