// Text layers (`ty` 5, spec text.md): the text document, its animators, fonts and glyphs
//
// A text layer's `t` holds:
//   d   the text document, keyframed by holds only (`d.k` = [{s: document, t: frame}]): at
//       frame f the document of the last keyframe with t ≤ f (the first before it);
//   a   animators, each a range selector `s` and the properties `a` it moves;
//   m   "more options" (anchor point grouping `g`, grouping alignment `a`);
//   p   text on a path: `m` a mask of the layer, margins `f` and `l`, `r` reverse, `a` force
//       alignment, `p` perpendicular to the path (TextPathOptions; Build/TextOnPath.swift).
// A document: `t` text (lines split at CR, LF or U+0003), `s` size (points), `f` font name
// (an `fName` of `fonts.list`), `j` justification, `tr` tracking (1/1000 em), `lh` line height
// (points), `ls` baseline shift (points, up), `fc`/`sc` fill and stroke colours (absent: none),
// `sw` stroke width, `of` stroke over fill, `sz`/`ps` box size and top-left (box text), `ca`
// caps (0 regular, 1 all caps, 2 small caps).
//
// `fonts.list` names fonts (`fName`, `fFamily`, `fStyle`, `ascent` in % of the size); `chars`
// are glyph outlines in the file: shapes per character (`ch`, `fFamily`, `style`), in units
// where the font size is 100, with advance `w`.

import Geometry
import Raster

public struct TextDocument: Sendable, Equatable {
    public var text: String = ""
    public var size: Double = 10
    public var fontName: String = ""
    public var justification: TextJustification = .left
    /// 1/1000 em.
    public var tracking: Double = 0
    /// Points between baselines; nil: 1.2 × size (lottie-web's default).
    public var lineHeight: Double?
    /// Points, positive up.
    public var baselineShift: Double = 0
    public var fillColor: RGBA?
    public var strokeColor: RGBA?
    public var strokeWidth: Double = 0
    public var strokeOverFill: Bool = true
    /// Box text: the box's size and top-left corner in the layer (nil: point text).
    public var boxSize: Point?
    public var boxPosition: Point = .zero
    public var caps: TextCaps = .regular
    /// Set when a preset, flag or variant row replaced the text (issue 26): its characters come
    /// from the user's data, so one no font covers is an error, not a warning.
    public var isReplaced: Bool = false
    /// How replaced box text that overflows its box is handled (issue 26 item 3).
    public var fit: TextFit = .keep

    public init() {}
}

/// `j`: 0 left, 1 right, 2 centre, 3–5 justified with the last line left, right or centred,
/// 6 every line justified.
public enum TextJustification: Int, Sendable {
    case left = 0, right, center, justifyLastLeft, justifyLastRight, justifyLastCenter, justifyAll

    /// Where a line that is not stretched sits in its width: 0 left, ½ centre, 1 right.
    var factor: Double {
        switch self {
        case .left, .justifyLastLeft, .justifyAll: return 0
        case .center, .justifyLastCenter: return 0.5
        case .right, .justifyLastRight: return 1
        }
    }

    var isJustified: Bool { rawValue >= 3 }
}

/// Box text longer than its box: `keep` draws it as set (a warning names the layer; --strict
/// refuses), `shrink` scales the document's size down until it fits.
public enum TextFit: String, Sendable {
    case keep, shrink
}

public enum TextCaps: Int, Sendable {
    case regular = 0, allCaps, smallCaps
}

/// The documents of a layer, switched by hold keyframes.
public struct TextDocumentTrack: Sendable {
    public var frames: [Double]
    public var documents: [TextDocument]
    /// A sourceText expression: the text shown at a frame (Expressions/TextExpression.swift).
    public internal(set) var expression: TextExpression?

    /// The document shown at `frame` (its text from the expression when there is one) and
    /// whether the expression gave it.
    public func document(at frame: Double) -> (index: Int, document: TextDocument, computed: Bool) {
        let i = index(at: frame)
        guard let expression else { return (i, documents[i], false) }
        var d = documents[i]
        d.text = expression.text(at: frame, keyframed: d.text)
        return (i, d, true)
    }

    /// The index of the document shown at `frame`.
    public func index(at frame: Double) -> Int {
        var i = 0
        while i + 1 < frames.count && frames[i + 1] <= frame { i += 1 }
        return i
    }
}

/// A range selector (`s` of an animator, type `t` 0): which characters an animator moves, and how much.
public struct TextRangeSelector: Sendable {
    /// `r`: start, end and offset are percentages of the units (1) or unit indices (2).
    public enum Units: Int, Sendable { case percentage = 1, index = 2 }
    /// `b`: 1 characters, 2 characters excluding spaces, 3 words, 4 lines.
    public enum BasedOn: Int, Sendable { case characters = 1, charactersExcludingSpaces, words, lines }
    /// `sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
    public enum Shape: Int, Sendable { case square = 1, rampUp, rampDown, triangle, round, smooth }

    public var units: Units = .percentage
    public var basedOn: BasedOn = .characters
    public var shape: Shape = .square
    public var start = ScalarProperty(0)
    public var end = ScalarProperty(100)
    public var offset = ScalarProperty(0)
    /// `a`, as a fraction (file percent).
    public var amount = ScalarProperty(1)
    /// `xe`, `ne`: ease high and low, percent (−100 … 100).
    public var easeHigh = ScalarProperty(0)
    public var easeLow = ScalarProperty(0)
    /// `sm`: smoothness, percent (100: none).
    public var smoothness = ScalarProperty(100)
    /// `rn`: randomize order (not applied: reported).
    public var randomize = false
}

/// What an animator moves (`a` of an animator), each as the value at full selection.
public struct TextAnimatorProperties: Sendable {
    /// Fraction (file percent).
    public var opacity: ScalarProperty?
    public var position: VectorProperty?
    public var anchor: VectorProperty?
    /// Factors (file percent).
    public var scale: VectorProperty?
    /// Degrees, clockwise.
    public var rotation: ScalarProperty?
    public var fillColor: ColorProperty?
    public var strokeColor: ColorProperty?
    public var strokeWidth: ScalarProperty?
    /// 1/1000 em added after each selected character.
    public var tracking: ScalarProperty?

    public var movesGlyphs: Bool { position != nil || anchor != nil || scale != nil || rotation != nil }
}

public struct TextAnimator: Sendable {
    public var name: String
    public var selector: TextRangeSelector
    public var properties: TextAnimatorProperties
}

/// Text on a path (`t.p`), each option at a frame as lottie-web reads it (Build/TextOnPath.swift).
public struct TextPathOptions: Sendable {
    /// `m`: the index of the layer's mask whose path the text follows (Int.min when not a whole number).
    public var mask: Int
    /// `f`, `l`: first and last margin, points along the path. The last margin is read but not
    /// applied (lottie-web and ThorVG ignore it).
    public var firstMargin = ScalarProperty(0)
    public var lastMargin = ScalarProperty(0)
    /// `r`, `a`, `p`: reverse the path, force alignment, perpendicular to the path (non-zero: on).
    public var reversed = ScalarProperty(0)
    public var forceAlignment = ScalarProperty(0)
    public var perpendicular = ScalarProperty(0)

    public init(mask: Int) { self.mask = mask }
}

/// What a text layer draws.
public struct TextLayerContent: Sendable {
    public var documents: TextDocumentTrack
    public var animators: [TextAnimator]
    /// Text on a path; nil: set straight.
    public var path: TextPathOptions? = nil

    /// What a frame of the layer costs for the frame-work cap (Layers/PrecompGraph.swift): 32
    /// (a glyph's outline points, roughly) per character of its longest document.
    public var frameWork: Double {
        32 * Double(documents.documents.map { $0.text.unicodeScalars.count }.max() ?? 0)
    }
}

/// A font of `fonts.list`.
public struct LottieFont: Sendable, Equatable {
    public var name: String
    public var family: String
    public var style: String
    /// Ascender in % of the size; nil when the file does not say.
    public var ascent: Double?
}

/// A glyph outline of `chars`, in units where the size is 100 (y down, origin on the baseline).
public struct LottieGlyph: Sendable {
    public var character: String
    public var family: String
    public var style: String
    /// Advance at size 100.
    public var width: Double
    public var shapes: [ShapeItem]
}
