// Replaced text (issue 26 item 3): which face draws it, whether its box overflows, shrinking to fit
//
// Face. A replaced document (`isReplaced`: a preset, flag or variant row gave its text) is drawn
// with the file's `chars` only when they hold a glyph for every non-space character of the new
// text (after caps); otherwise the whole text is set with the installed font the file names
// (fontconfig, exact family and style; else the preset's "fonts" file for it; else fontconfig's
// closest, named in a warning — TextFaces.resolve). The two
// designs are never mixed within a replaced text: the file's glyphs are drawings of one font, and
// a new word half in those drawings and half in a substitute reads as a mistake. Original text
// keeps today's rule (chars, and the installed font for a character they lack, reported).
//
// Overflow. Box text (`sz` = (W, H), `ps` = (X, Y)) overflows when the control-point bounds of
// its set outlines (which contain the curves) reach below Y + H or left of X or right of X + W by
// more than ε = 0.01 pt. The top is not checked: the first baseline is Y + ascent·S/100, so a
// glyph rising above Y does so at every size, and shrinking cannot help it. Point text never
// overflows (it grows with its text, one line per paragraph, as in After Effects).
//
// Shrink (`fit == .shrink`, replaced box text only). For a scale k the document is set with size
// S·k, line height L·k (the default 1.2·S·k follows), baseline shift b·k; tracking is in 1/1000
// em and scales with the size by itself; wrapping is recomputed for each k. If k = 1 fits nothing
// changes. Else bisection on k over [k_min, 1], k_min = max(0.1, 1 pt / S) (the floor): the
// invariant is fits(lo), ¬fits(hi); it stops when hi − lo ≤ 0.01 (1 % of the size), at most 7
// steps, and draws at lo — the largest size within 1 % at which the text fits (assuming that a
// smaller size never wraps into more lines, which greedy wrapping gives except in rare ties).
// When even k_min overflows the text is drawn at k_min and still reported.

import Geometry
import Text

/// How a replaced box text was fitted.
struct TextFitResult {
    /// The document as drawn (size, line height and baseline shift scaled).
    var document: TextDocument
    var set: SetText
    /// The scale applied to the size (1: as written).
    var scale: Double = 1
    /// Whether the drawn text still overflows its box.
    var overflows = false
}

extension TextFaces {
    /// The face that draws `doc` (see the header): for a replaced text whose characters the file's
    /// chars do not all hold, the installed font the file names; and the note saying so.
    func face(for doc: TextDocument) -> (face: TextFace, note: String?) {
        let face = self.face(doc.fontName)
        guard doc.isReplaced, case .glyphs(let glyphs) = face else { return (face, nil) }
        let lacking = Self.lacking(doc, glyphs)
        guard !lacking.isEmpty else { return (face, nil) }
        let font = fonts[doc.fontName] ?? LottieFont(name: doc.fontName, family: doc.fontName, style: "Regular", ascent: nil)
        let list = lacking.unicodeScalars.prefix(8).map { "\(TextSetter.codePoint($0)) \"\($0)\"" }.joined(separator: ", ")
        switch resolve(font) {
        case .success(let (installed, substitute)):
            let by = substitute.map { "'\($0)' (the closest to '\(font.family) \(font.style)', not installed)" } ?? "'\(font.family) \(font.style)'"
            return (.installed(installed), "replaced text: the file's glyphs (chars) lack \(list); the whole text is set with the installed font \(by)"
                    + (substitute == nil ? "" : " (warning)"))
        case .failure:
            return (face, nil)
        }
    }

    /// The non-space characters of the document's text (caps applied) the file's glyphs lack.
    static func lacking(_ doc: TextDocument, _ glyphs: FileGlyphs) -> String {
        var out = ""
        for paragraph in TextSetter.paragraphs(doc.text) {
            for c in TextSetter.applyCaps(paragraph, doc.caps).0 where !c.isWhitespace && glyphs.outlines[String(c)] == nil {
                if !out.contains(c) { out.append(c) }
            }
        }
        return out
    }
}

enum TextFitter {
    static let epsilon = 0.01
    static let minScale = 0.1
    static let tolerance = 0.01

    /// The document set, fitted to its box when it is replaced box text (see the header).
    static func set(_ doc: TextDocument, face: TextFace, font: LottieFont?) -> TextFitResult {
        let whole = TextSetter.set(doc, face: face, font: font)
        guard doc.isReplaced, doc.boxSize != nil else { return TextFitResult(document: doc, set: whole) }
        guard !fits(whole, doc) else { return TextFitResult(document: doc, set: whole) }
        guard doc.fit == .shrink, doc.size > 0 else { return TextFitResult(document: doc, set: whole, overflows: true) }
        let floor = min(1, max(minScale, 1 / doc.size))
        let low = scaled(doc, floor)
        let lowSet = TextSetter.set(low, face: face, font: font)
        guard fits(lowSet, low) else { return TextFitResult(document: low, set: lowSet, scale: floor, overflows: true) }
        var lo = (k: floor, doc: low, set: lowSet), hi = 1.0
        while hi - lo.k > tolerance {
            let mid = (lo.k + hi) / 2
            let d = scaled(doc, mid)
            let s = TextSetter.set(d, face: face, font: font)
            if fits(s, d) { lo = (mid, d, s) } else { hi = mid }
        }
        return TextFitResult(document: lo.doc, set: lo.set, scale: lo.k)
    }

    /// The document with its size, line height and baseline shift scaled by `k`.
    static func scaled(_ doc: TextDocument, _ k: Double) -> TextDocument {
        var d = doc
        d.size = doc.size * k
        d.lineHeight = doc.lineHeight.map { $0 * k }
        d.baselineShift = doc.baselineShift * k
        return d
    }

    /// Whether the set outlines stay within the box's bottom, left and right (see the header).
    static func fits(_ set: SetText, _ doc: TextDocument) -> Bool {
        guard let box = doc.boxSize, let b = set.path.controlPointBounds else { return true }
        let x = doc.boxPosition.x, y = doc.boxPosition.y
        return b.maxY <= y + box.y + epsilon && b.minX >= x - epsilon && b.maxX <= x + box.x + epsilon
    }
}

/// A character of a replaced text that no font covers (the file's chars, the font it names,
/// fontconfig's fallback): an error. Structured so a caller can prefix it (a preset, a variant
/// row): `description` is "layers[0] \"Title\": replaced text: character U+E8FF \"\u{E8FF}\"
/// has no glyph in the file's chars, the font it names or any installed font".
public struct UncoveredTextCharacter: Error, Sendable, Equatable, CustomStringConvertible {
    /// The layer's place ("layers[0] \"Title\"", precompositions included) and its name (`nm`).
    public var place: String
    public var layer: String
    public var character: Unicode.Scalar

    public var codePoint: String { TextSetter.codePoint(character) }
    public var message: String {
        "replaced text: character \(codePoint) \"\(character)\" has no glyph in the file's chars, the font it names or any installed font"
    }
    public var description: String { "\(place): \(message)" }
}
