// Typesetting.swift — the entry point for setting text from a description (Lottie text layers,
// presets): a string, a font found by family and style or given as a file, a size, tracking,
// line height and alignment → lines of positioned glyph outlines.
//
// Layout, in points (y down), for the text split at hard line breaks (LF, CR, CR LF, U+2028,
// U+2029; Lottie uses CR):
//
//   line k (k = 0, 1, …) is laid out by `Font.layout` (itemize → fallback → HarfBuzz → place,
//   tracking τ = tracking·size/1000 between characters) with its baseline at
//       y_k = origin.y + k·lineHeight        (lineHeight default: the font's ascender +
//                                              descender + line gap, FontMetrics.lineHeight)
//   and its pen start at
//       x_k = origin.x − a·w_k,   a = 0 (left), ½ (center), 1 (right),  w_k = its advance width
//   — the alignment point is `origin.x`, as Lottie's "j" justifies around the layer's anchor.
//
// Not yet: line breaking inside a box and justification. They will enter as a `TextBox`
// argument (width, height, as Lottie's "sz"/"ps") to `typeset`, breaking lines at UAX #14
// opportunities before placing them, and as `TextAlignment.justified`; the result type stays
// `TextBlock` (lines of `TextLine`), so callers written against it keep working.
//
// Fonts are loaded once per source (file + face, or family + style) and size changes share the
// face (`Font.withSize`), so a text re-set every frame costs layout, not font loading.

import Geometry
import Synchronization

/// Where a text's font comes from.
public enum FontSource: Sendable, Hashable, CustomStringConvertible {
    /// An installed font found with fontconfig by family and style, never a substitute
    /// (`Font.match(family:style:)`).
    case family(String, style: String)
    /// A font file (read with FontFile's checks) and the face inside it.
    case file(String, faceIndex: Int)

    public var description: String {
        switch self {
        case .family(let family, let style): return "\(family) \(style)"
        case .file(let path, let index): return index == 0 ? path : "\(path) (face \(index))"
        }
    }
}

/// Where each line sits relative to the alignment point.
public enum TextAlignment: Sendable, Equatable {
    case left
    case center
    case right

    var factor: Double {
        switch self {
        case .left: return 0
        case .center: return 0.5
        case .right: return 1
        }
    }
}

/// How a text is set. Units: points, and thousandths of an em for tracking.
public struct TextStyle: Sendable {
    public var font: FontSource
    public var size: Double
    /// Space added between characters, in 1/1000 em (After Effects / Lottie "tr").
    public var tracking: Double = 0
    /// Baseline-to-baseline distance in points; nil: the font's line height.
    public var lineHeight: Double? = nil
    public var alignment: TextAlignment = .left
    /// OpenType features on top of HarfBuzz's defaults ("kern=0", "tnum", …).
    public var features: [FontFeature] = []
    /// BCP 47 language for language-specific forms; "und" (none) by default, never the locale.
    public var language = "und"
    /// Draw characters the font lacks with a fallback font (else .notdef with a warning).
    public var fallback = true

    public init(font: FontSource, size: Double) {
        self.font = font
        self.size = size
    }
}

/// A glyph of a block with where it belongs in the whole text.
public struct BlockGlyph: Sendable {
    /// Which line it is on.
    public let line: Int
    /// Index of its character (extended grapheme cluster) in the whole text, line breaks counted.
    public let characterIndex: Int
    public let glyph: PlacedGlyph
}

/// Set text: its lines, in order, each a `TextLine` placed per the file header.
public struct TextBlock: Sendable {
    public let text: String
    public let font: Font
    public let lines: [TextLine]
    /// Index in the whole text of each line's first character.
    public let lineStarts: [Int]
    public let lineHeight: Double

    /// Every glyph of every line, in line order.
    public var glyphs: [BlockGlyph] {
        lines.indices.flatMap { k in
            lines[k].glyphs.map { BlockGlyph(line: k, characterIndex: lineStarts[k] + $0.characterIndex, glyph: $0) }
        }
    }

    /// What each line's layout had to say (fallback fonts, missing characters …).
    public var warnings: [TextIssue] { lines.flatMap(\.warnings) }

    /// All outlines, placed, as one path (fill it non-zero unless `fillRule` says otherwise).
    public var path: Path {
        var path = Path()
        for line in lines { path.append(line.path) }
        return path
    }

    public var fillRule: FillRule { lines.contains { $0.fillRule == .evenOdd } ? .evenOdd : .nonZero }

    /// Exact ink bounds of every line, nil when nothing has ink.
    public var inkBounds: Rect? {
        lines.compactMap(\.inkBounds).reduce(nil) { (sum: Rect?, r: Rect) in
            sum.map { Rect(minX: min($0.minX, r.minX), minY: min($0.minY, r.minY),
                           maxX: max($0.maxX, r.maxX), maxY: max($0.maxY, r.maxY)) } ?? r
        }
    }
}

public enum Typesetter {
    private static let faces = Mutex<[FontSource: Font]>([:])

    /// The font for `source` at `size`; faces are loaded once per process and shared.
    public static func font(_ source: FontSource, size: Double) throws(FontError) -> Font {
        guard size.isFinite, size > 0 else { throw .invalidSize(size) }
        if let known = faces.withLock({ $0[source] }) { return try known.withSize(size) }
        let font: Font
        switch source {
        case .family(let family, let style): font = try Font(family: family, style: style, size: size)
        case .file(let path, let index): font = try Font(path: path, size: size, faceIndex: index)
        }
        faces.withLock { $0[source] = $0[source] ?? font }
        return font
    }

    /// Sets `text` in `style` with the first baseline's alignment point at `origin`.
    public static func typeset(_ text: String, style: TextStyle, origin: Point = .zero) throws(FontError) -> TextBlock {
        typeset(text, font: try font(style.font, size: style.size), style: style, origin: origin)
    }

    /// The same with a font already loaded (`style.font` and `style.size` are not used).
    public static func typeset(_ text: String, font: Font, style: TextStyle, origin: Point = .zero) -> TextBlock {
        let lineHeight = style.lineHeight ?? font.metrics.lineHeight
        var lines: [TextLine] = []
        var starts: [Int] = []
        var start = 0
        for (k, line) in hardLines(text).enumerated() {
            let y = origin.y + Double(k) * lineHeight
            let probe = font.layout(line.text, origin: Point(0, y), tracking: style.tracking, features: style.features,
                                    fallback: style.fallback, language: style.language)
            let x = origin.x - style.alignment.factor * probe.advanceWidth
            lines.append(style.alignment == .left && origin.x == 0 ? probe
                : font.layout(line.text, origin: Point(x, y), tracking: style.tracking, features: style.features,
                              fallback: style.fallback, language: style.language))
            starts.append(start)
            start += line.text.count + line.breakLength
        }
        return TextBlock(text: text, font: font, lines: lines, lineStarts: starts, lineHeight: lineHeight)
    }

    /// The lines of `text` and the number of characters of the break that ends each (0 for the
    /// last). CR LF is one character in Swift, so every break counts as one.
    static func hardLines(_ text: String) -> [(text: String, breakLength: Int)] {
        var lines: [(String, Int)] = []
        var current = ""
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n"
                || character == "\u{2028}" || character == "\u{2029}" {
                lines.append((current, 1))
                current = ""
            } else {
                current.append(character)
            }
        }
        lines.append((current, 0))
        return lines
    }
}
