// Text from presets and file names on the terminal and in CI logs (issue 15 item 4).
//
// A name or a message may carry control characters — ESC sequences that recolour or clear a
// terminal, a CR or LF that forges a log line, bidirectional overrides that reorder what is
// shown. Output names with them are refused (normalizeOutputName); everything printed as a
// diagnostic shows them as visible escapes (`\u{1B}`), so no preset can write raw escapes.
import Foundation

/// C0 and C1 controls, DEL, format characters (bidi overrides, zero-width joiners …) and the
/// Unicode line and paragraph separators.
func isControlCharacter(_ c: Unicode.Scalar) -> Bool {
    switch c.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
}

/// `text` with every control character shown as `\u{XX}`; `keepNewlines` keeps "\n" as is
/// (for multi-line diagnostics built by animexport itself).
func visible(_ text: String, keepNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: isControlCharacter) else { return text }
    var out = ""
    for c in text.unicodeScalars {
        if isControlCharacter(c) && !(keepNewlines && c == "\n") {
            out += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
        } else {
            out.unicodeScalars.append(c)
        }
    }
    return out
}
