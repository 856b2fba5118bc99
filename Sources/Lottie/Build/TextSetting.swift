// Setting a text document: characters → glyph outlines placed on lines (before animators)
//
// In the layer's points (y down), for a document of size S, tracking τ = tr·S/1000, line
// height L (`lh`, default 1.2·S) and baseline shift b (`ls`):
//
//   text      caps applied (all caps: upper-cased; small caps: upper-cased, and the characters
//             that were lower-case set at 0.7·S), split into paragraphs at CR, LF, CR LF, U+0003;
//   glyphs    per character (grapheme): its outline and advance a_i — from the file's chars
//             (w·S/100, outline ×S/100) or HarfBuzz's shaping of the paragraph with the installed
//             font (kerning included in a_i, a character's glyphs kept together). A character
//             the file's chars lack is set, with each run of such characters shaped together,
//             in the font the file names (fontconfig: installed, or its closest), whose own
//             per-glyph fallback covers other scripts (Text's FontFallback); the warning names
//             the font that drew it (issue 25 item 4);
//   width     of a run of characters: w = Σ a_i + τ·(n − 1), trailing spaces not counted;
//   lines     point text: one per paragraph. Box text (`sz` = (W, H), `ps` = top-left (X, Y)):
//             greedy wrapping — a line takes words (a word with the spaces after it) while its
//             width ≤ W; a word wider than W alone is broken between characters;
//   baseline  y_k = y_0 + k·L − b,   y_0 = 0 (point text) or Y + ascent (box text, TextFaces);
//   pen       x_k = −f·w_k (point text) or X + f·(W − w_k) (box text), f = 0 left, ½ centre,
//             1 right; a justified box line (j 3–5: every line but a paragraph's last; j 6: every
//             line) starts at X and spreads W − w_k equally over its inner spaces;
//   next      x_{i+1} = x_i + a_i + τ (+ the justification share after a space).
//
// Each placed glyph records its unit indices for range selectors (TextAnimators.swift): the
// character index (line breaks not counted), the index among non-space characters, the word
// and the line, in logical order; pens advance in visual order (TextBidi.swift: right-to-left
// runs reversed, a right-to-left paragraph read from the right), so the justification keeps
// its literal side: j 0 puts the line's left edge at the anchor whatever its direction.

import Geometry
import Raster
import Text

/// One character placed.
struct SetGlyph {
    /// Outline in points, origin at the glyph's pen position on its baseline.
    var outline: Path
    var rule: FillRule
    /// Pen position on the baseline (layer points, before animators).
    var origin: Point
    var advance: Double
    var isSpace: Bool
    var character: Int
    /// Index among non-space characters (−1 for a space).
    var nonSpace: Int
    var word: Int
    var line: Int
}

/// A document set, cached per document by TextEmitter.
struct SetText {
    var glyphs: [SetGlyph] = []
    /// Units counted for each selector basis: characters, non-space characters, words, lines.
    var counts = (characters: 0, nonSpace: 0, words: 0, lines: 0)
    /// The alignment factor f of each line (a tracking animator's widening moves a line by −f·Δw).
    var lineFactors: [Double] = []
    /// Each line's pen start x and width w_k (text on a path measures along the line from its start).
    var lineStarts: [Double] = []
    var lineWidths: [Double] = []
    /// y_0, the first line's baseline before the baseline shift.
    var firstBaseline = 0.0
    /// Every outline placed, as one path (drawn as is when no animator applies).
    var path = Path()
    var rule = FillRule.nonZero
    /// Characters no glyph source has.
    var missing: [Character] = []
    /// Characters the file's chars lack, drawn with an installed font: one line each run
    /// ("U+0915 \"क\" … not in the file's chars for Roboto Regular; drawn with …").
    var substituted: [String] = []
    /// Characters the document's font lacks, drawn with a fallback font (Text's notes).
    var fallbacks: [String] = []
    /// The installed faces that drew glyphs ("Noto Sans Devanagari Regular"), in order of use.
    var drawnBy: [String] = []
    /// Replaced text (TextFit.swift): the face chosen instead of the file's chars, why; whether
    /// box text still overflows; the scale `fit: shrink` applied.
    var faceNote: String?
    var overflows = false
    var fitScale = 1.0
}

enum TextSetter {
    /// A character's outline and advance at the document's size.
    private struct Unit {
        var character: Character
        var outline: Path
        var rule: FillRule
        var advance: Double
        var isSpace: Bool
    }

    static func set(_ doc: TextDocument, face: TextFace, font: LottieFont?) -> SetText {
        var out = SetText()
        guard doc.size > 0 else { return out }
        let tracking = doc.tracking * doc.size / 1000
        let lineHeight = doc.lineHeight ?? 1.2 * doc.size
        let box = doc.boxSize
        let y0 = box == nil ? 0 : doc.boxPosition.y + face.ascent(font, size: doc.size)
        out.firstBaseline = y0
        var lineIndex = 0, character = 0, nonSpace = 0, word = -1
        for paragraph in paragraphs(doc.text) {
            let (text, small) = applyCaps(paragraph, doc.caps)
            let units = self.units(text, small: small, size: doc.size, face: face, font: font ?? LottieFont(name: doc.fontName, family: doc.fontName, style: "Regular", ascent: nil),
                                   into: &out)
            let rtl = TextBidi.isRTL(units.map(\.character))
            var xs = [Double](repeating: 0, count: units.count)   // pen x per unit (this paragraph)
            let lines = box.map { wrap(units, width: $0.x, tracking: tracking) } ?? [0..<units.count]
            for (k, range) in lines.enumerated() {
                let w = width(units[range], tracking: tracking)
                let lastOfParagraph = k == lines.count - 1
                let justify = box != nil && doc.justification.isJustified
                    && (!lastOfParagraph || doc.justification == .justifyAll)
                let f = doc.justification.factor
                var x: Double
                if let box { x = doc.boxPosition.x + (justify ? 0 : f * (box.x - w)) } else { x = -f * w }
                out.lineStarts.append(x)
                out.lineWidths.append(w)
                let inner = innerSpaces(units[range])
                let share = justify && inner > 0 ? max(0, box!.x - w) / Double(inner) : 0
                let y = y0 + Double(lineIndex) * lineHeight - doc.baselineShift
                var previousSpace = true
                let lastInk = units[range].lastIndex { !$0.isSpace } ?? range.lowerBound - 1
                // Pen positions in visual order (TextBidi.swift), glyphs recorded in logical order.
                let characters = units[range].map(\.character)
                let order = rtl || TextBidi.hasRTL(characters[...])
                    ? TextBidi.visualOrder(characters[...], paragraphRTL: rtl).map { range.lowerBound + $0 } : Array(range)
                let firstInk = units[range].firstIndex { !$0.isSpace } ?? range.upperBound
                for i in order {
                    xs[i] = x
                    guard i <= lastInk else { continue }   // trailing spaces take no room
                    x += units[i].advance + tracking + (units[i].isSpace && i > firstInk ? share : 0)
                }
                for i in range {
                    let u = units[i]
                    let x = xs[i]
                    if !u.isSpace && previousSpace { word += 1 }
                    previousSpace = u.isSpace
                    out.glyphs.append(SetGlyph(outline: u.outline, rule: u.rule, origin: Point(x, y), advance: u.advance,
                                               isSpace: u.isSpace, character: character, nonSpace: u.isSpace ? -1 : nonSpace,
                                               word: max(word, 0), line: lineIndex))
                    if !u.outline.isEmpty {
                        out.path.append(u.outline.transformed(by: .translation(x, y)))
                        if u.rule == .evenOdd { out.rule = .evenOdd }
                    }
                    character += 1
                    if !u.isSpace { nonSpace += 1 }
                }
                out.lineFactors.append(justify ? 0 : f)
                lineIndex += 1
            }
        }
        out.counts = (character, nonSpace, word + 1, lineIndex)
        return out
    }

    /// Paragraphs at CR, LF, CR LF (one Character in Swift) and U+0003.
    static func paragraphs(_ text: String) -> [String] {
        var out: [String] = [], current = ""
        for c in text {
            if c == "\r" || c == "\n" || c == "\r\n" || c == "\u{3}" || c == "\u{2028}" || c == "\u{2029}" {
                out.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        out.append(current)
        return out
    }

    /// The text with caps applied and, for small caps, which characters are set small.
    static func applyCaps(_ text: String, _ caps: TextCaps) -> (String, [Bool]) {
        switch caps {
        case .regular: return (text, [])
        case .allCaps: return (text.uppercased(), [])
        case .smallCaps:
            var out = "", small: [Bool] = []
            for c in text {
                let upper = c.uppercased()
                let isLower = c.isLowercase && upper != String(c)
                for u in upper { out.append(u); small.append(isLower) }
            }
            return (out, small)
        }
    }

    private static func units(_ text: String, small: [Bool], size: Double, face: TextFace, font: LottieFont,
                              into out: inout SetText) -> [Unit] {
        switch face {
        case .glyphs(let glyphs):
            return fileUnits(text, small: small, size: size, glyphs: glyphs, font: font, into: &out)
        case .installed(let font100):
            return shaped(text, small: small, size: size, font100: font100, into: &out)
        case .none:
            return []
        }
    }

    /// Units from the file's chars; runs of characters it lacks shaped with the named font.
    private static func fileUnits(_ text: String, small: [Bool], size: Double, glyphs: FileGlyphs, font: LottieFont,
                                  into out: inout SetText) -> [Unit] {
        var units: [Unit] = [], lacking: [Int] = []
        for (i, c) in text.enumerated() {
            let s = size / 100 * (i < small.count && small[i] ? 0.7 : 1)
            let isSpace = c.isWhitespace
            guard let g = glyphs.outlines[String(c)] else {
                if !isSpace { lacking.append(i) }
                // A space the file has no glyph for advances by a quarter em.
                units.append(Unit(character: c, outline: Path(), rule: .nonZero, advance: isSpace ? 0.25 * size : 0, isSpace: isSpace))
                continue
            }
            units.append(Unit(character: c, outline: g.path.transformed(by: .scale(s, s)), rule: .nonZero,
                              advance: g.advance * s, isSpace: isSpace))
        }
        guard !lacking.isEmpty else { return units }
        guard case .success(let (font100, _)) = TextFaces.installed(family: font.family, style: font.style) else {
            for i in lacking where !out.missing.contains(units[i].character) { out.missing.append(units[i].character) }
            return units
        }
        // Consecutive lacking characters are shaped together (a Devanagari cluster stays one).
        var k = 0
        while k < lacking.count {
            var end = k + 1
            while end < lacking.count && lacking[end] == lacking[end - 1] + 1 { end += 1 }
            let range = lacking[k]...lacking[end - 1]
            let run = String(units[range].map(\.character))
            var set = SetText()
            let shapedRun = shaped(run, small: Array(small.dropFirst(range.lowerBound).prefix(range.count)), size: size,
                                   font100: font100, into: &set)
            for (j, u) in shapedRun.enumerated() where j < range.count { units[range.lowerBound + j] = u }
            for c in set.missing where !out.missing.contains(c) { out.missing.append(c) }
            let drawn = run.filter { !set.missing.contains($0) }
            if !drawn.isEmpty {
                let list = drawn.unicodeScalars.prefix(8).map { "\(codePoint($0)) \"\($0)\"" }.joined(separator: ", ")
                    + (drawn.unicodeScalars.count > 8 ? " …" : "")
                let by = set.drawnBy.isEmpty ? "\(font100.familyName) \(font100.styleName)" : set.drawnBy.joined(separator: ", ")
                out.substituted.append("\(list) not in the file's glyphs (chars) for \(font.family) \(font.style); drawn with \(by)")
            }
            k = end
        }
        return units
    }

    /// Units shaped with an installed font (HarfBuzz, fontconfig's fallback per missing glyph).
    private static func shaped(_ text: String, small: [Bool], size: Double, font100: Font, into out: inout SetText) -> [Unit] {
        guard let font = try? font100.withSize(size) else { return [] }
        let line = font.layout(text, kerning: true)
        for issue in line.warnings {
            switch issue {
            case .missingGlyph(let scalar, _, _): out.missing.append(Character(scalar))
            case .fallback: out.fallbacks.append(issue.description)
            default: break
            }
        }
        let characters = Array(text)
        var units = characters.map { Unit(character: $0, outline: Path(), rule: .nonZero, advance: 0, isSpace: $0.isWhitespace) }
        var starts = [Double](repeating: .nan, count: characters.count)
        var pen = 0.0
        for g in line.glyphs where g.characterIndex < units.count {
            let i = g.characterIndex
            if starts[i].isNaN { starts[i] = pen }
            if !g.outline.isEmpty {
                units[i].outline.append(g.outline.transformed(by: .translation(g.position.x - starts[i], g.position.y)))
                if g.fillRule == .evenOdd { units[i].rule = .evenOdd }
                let name = "\(g.font.familyName) \(g.font.styleName)"
                if !out.drawnBy.contains(name) { out.drawnBy.append(name) }
            }
            units[i].advance += g.advance
            pen += g.advance
        }
        for i in units.indices where i < small.count && small[i] {
            units[i].outline = units[i].outline.transformed(by: .scale(0.7, 0.7))
            units[i].advance *= 0.7
        }
        return units
    }

    /// "U+0915".
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Width of a run: advances and the tracking between characters, trailing spaces left out.
    private static func width(_ run: ArraySlice<Unit>, tracking: Double) -> Double {
        guard let last = run.lastIndex(where: { !$0.isSpace }) else { return 0 }
        var w = 0.0
        for i in run.startIndex...last { w += run[i].advance + (i < last ? tracking : 0) }
        return w
    }

    /// Spaces between the first and last non-space characters.
    private static func innerSpaces(_ run: ArraySlice<Unit>) -> Int {
        guard let first = run.firstIndex(where: { !$0.isSpace }), let last = run.lastIndex(where: { !$0.isSpace }) else { return 0 }
        return run[first...last].filter(\.isSpace).count
    }

    /// Greedy wrapping into lines no wider than `width` (see the header).
    private static func wrap(_ units: [Unit], width maxWidth: Double, tracking: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0, i = 0
        while i < units.count {
            // The next word: non-spaces, then the spaces after it.
            var end = i
            while end < units.count && !units[end].isSpace { end += 1 }
            while end < units.count && units[end].isSpace { end += 1 }
            if start < i && width(units[start..<end], tracking: tracking) > maxWidth {
                lines.append(start..<i)
                start = i
            }
            // A word too wide alone: break it between characters.
            while width(units[start..<end], tracking: tracking) > maxWidth {
                var cut = start + 1
                while cut < end && width(units[start..<(cut + 1)], tracking: tracking) <= maxWidth { cut += 1 }
                if cut >= end || units[cut...].prefix(end - cut).allSatisfy(\.isSpace) { break }
                lines.append(start..<cut)
                start = cut
            }
            i = end
        }
        lines.append(start..<units.count)
        return lines
    }
}
