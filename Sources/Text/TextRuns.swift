// TextRuns.swift — splitting a line into runs of one font and one script (itemization).
//
// The unit is the character (Swift's `Character`: an extended grapheme cluster — a base with
// its marks, an emoji ZWJ sequence), so a base and its accent are never split across fonts.
// A character *needs* its scalars minus the default-ignorable ones (ZWJ, ZWNJ, variation
// selectors, soft hyphen …: HarfBuzz hides those itself), and goes to the first of:
//
//   1. the chosen font, when it has every needed scalar (as browsers do: a space between two
//      fallback characters is still the chosen font's space);
//   2. a fallback font already used on this line that has them, the current run's first;
//   3. the fallback fontconfig picks for them (FontFallback.swift), when fallback is on;
//   4. otherwise the chosen font, drawing .notdef for each scalar it lacks — with a warning
//      naming each such scalar (U+XXXX) and the text.
//   A character with no needed scalar (a lone ZWJ) stays in the current run.
//
// A run ends where the font changes or where two different real scripts meet; neutral
// characters take the script of the run they join. Each run's direction follows its script
// (Arabic, Hebrew … right to left; neutral-only text left to right). A line whose runs go both
// ways gets a warning: runs are placed in one direction, without the Unicode bidi algorithm.

import CHarfBuzz

/// A piece of a line set in one font and script.
struct TextRun {
    var range: Range<Int>
    var font: Font
    var script: hb_script_t
}

/// Something a reader of the output should know about how a text was set.
public enum TextIssue: Sendable, Equatable, CustomStringConvertible {
    /// No installed font has `scalar`; it is drawn as the chosen font's .notdef glyph.
    case missingGlyph(scalar: Unicode.Scalar, font: String, text: String)
    /// `scalars` are not in the chosen font; they are drawn with `fallback` (family and style, file).
    case fallback(scalars: [Unicode.Scalar], font: String, fallback: String, path: String, text: String)
    /// The line mixes left-to-right and right-to-left runs; they are placed in one direction.
    case mixedDirections(text: String)
    /// A glyph's outline could not be loaded; the glyph is left out (its advance is kept).
    case glyphFailed(glyph: UInt32, error: String, text: String)

    /// A warning means the output is not what the text asks for (--strict makes it an error);
    /// a note says how it was honoured.
    public var isWarning: Bool {
        if case .fallback = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .missingGlyph(let scalar, let font, let text):
            return "text \(quoted(text)): \(code(scalar)) \(quoted(String(scalar))) is in no installed font (not in \(font) nor any fallback fontconfig knows); drawn as .notdef"
        case .fallback(let scalars, let font, let fallback, let path, let text):
            let list = scalars.map { "\(code($0)) \(quoted(String($0)))" }.joined(separator: ", ")
            return "text \(quoted(text)): \(list) not in \(font); drawn with \(fallback) (\(path))"
        case .mixedDirections(let text):
            return "text \(quoted(text)) mixes left-to-right and right-to-left scripts; its runs are placed in one direction (no bidi reordering)"
        case .glyphFailed(let glyph, let error, let text):
            return "text \(quoted(text)): glyph \(glyph) left out: \(error)"
        }
    }
}

/// "U+00E9" — at least four hex digits.
func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// The text in double quotes, with control, format and separator characters escaped (\u{…}),
/// so a message stays one line and cannot reorder or restyle a terminal.
func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default:
            if scalar == "\"" || scalar == "\\" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

enum Itemizer {
    /// The runs of `text` (whose scalars are `scalars`) and what had to be said about them.
    static func runs(_ text: String, scalars: [Unicode.Scalar], primary: Font,
                     fallback: Bool) -> (runs: [TextRun], issues: [TextIssue]) {
        var runs: [TextRun] = []
        var issues: [TextIssue] = []
        var fallbacks: [Font] = []
        var fellBack: [(font: Font, scalars: [Unicode.Scalar])] = []
        var missing: [Unicode.Scalar] = []
        let primaryName = "\(primary.familyName) \(primary.styleName)"
        var start = 0
        for character in text {
            let count = character.unicodeScalars.count
            let range = start..<(start + count)
            start += count
            let needed = Array(character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
            let charScript = needed.map(script(of:)).first { !isNeutral($0) } ?? HB_SCRIPT_COMMON
            let current = runs.last
            var font: Font
            if let current, needed.isEmpty {
                font = current.font
            } else if needed.allSatisfy(primary.covers) {
                font = primary
            } else if let current, current.font !== primary, needed.allSatisfy(current.font.covers) {
                font = current.font
            } else if let used = fallbacks.first(where: { f in needed.allSatisfy(f.covers) }) {
                font = used
            } else if fallback, let face = FontFallback.face(covering: needed, for: primary) {
                font = Font(face: face, size: primary.size)
                fallbacks.append(font)
            } else {
                font = primary
                for scalar in needed where !primary.covers(scalar) && !missing.contains(scalar) {
                    missing.append(scalar)
                    issues.append(.missingGlyph(scalar: scalar, font: primaryName, text: text))
                }
            }
            if font !== primary {
                let lacking = needed.filter { !primary.covers($0) }
                if let i = fellBack.firstIndex(where: { $0.font === font }) {
                    for s in lacking where !fellBack[i].scalars.contains(s) { fellBack[i].scalars.append(s) }
                } else if !lacking.isEmpty {
                    fellBack.append((font, lacking))
                }
            }
            if let last = runs.last, last.font === font,
               isNeutral(charScript) || isNeutral(last.script) || last.script == charScript {
                runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
                if isNeutral(last.script) { runs[runs.count - 1].script = charScript }
            } else {
                runs.append(TextRun(range: range, font: font, script: charScript))
            }
        }
        for (font, lacking) in fellBack {
            issues.append(.fallback(scalars: lacking, font: primaryName, fallback: "\(font.familyName) \(font.styleName)",
                                    path: font.path, text: text))
        }
        let directions = Set(runs.filter { !isNeutral($0.script) }.map { direction(of: $0.script) })
        if directions.count > 1 { issues.append(.mixedDirections(text: text)) }
        return (runs, issues)
    }
}
