// The visual order of a line's characters (a reduced Unicode bidi algorithm, UAX #9 levels 0–2)
//
// Each character (grapheme) is strong right-to-left R (its first letter scalar is in the Hebrew,
// Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic blocks, the Hebrew and Arabic presentation
// forms, or the RTL blocks of plane 1), strong left-to-right L (any other letter), a number N
// (a decimal digit), or neutral (spaces, punctuation, symbols, marks).
//
//   paragraph level  p = 1 when the paragraph's first strong character is R, else 0 (rule P2–P3);
//   levels           R → 1; L → 2 in an RTL paragraph, 0 in an LTR one; numbers → 2 in an RTL
//                    paragraph or after R in an LTR one, else 0 (W2/I1–I2 simplified: a number is
//                    always read left to right); a neutral between two characters of the same
//                    direction takes it (N1), else the paragraph's (N2) — its level then is p;
//   reorder          rule L2: from the highest level down to 1, reverse every maximal run of
//                    characters at that level or higher.
//
// Not handled: explicit embeddings and isolates (U+202A–U+202E, U+2066–U+2069), mirrored
// brackets (L4), the European/Arabic number separators (ES/CS/ET). Glyph shapes (Arabic joining)
// come from HarfBuzz, which shapes each run with its direction; this only places the characters.

enum TextBidi {
    enum Strength { case rtl, ltr, number, neutral }

    static func strength(_ c: Character) -> Strength {
        for s in c.unicodeScalars {
            let v = s.value
            if s.properties.numericType == .decimal { return .number }
            guard s.properties.isAlphabetic else { continue }
            let rtl = (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
                || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
            return rtl ? .rtl : .ltr
        }
        return .neutral
    }

    /// Whether a text holds explicit bidi embeddings, overrides or isolates (not applied).
    static func hasExplicitControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }

    /// Whether the paragraph reads right to left (its first strong character is R).
    static func isRTL(_ characters: [Character]) -> Bool {
        for c in characters {
            switch strength(c) {
            case .rtl: return true
            case .ltr: return false
            default: continue
            }
        }
        return false
    }

    /// Whether any character of the run reads right to left.
    static func hasRTL(_ characters: ArraySlice<Character>) -> Bool {
        characters.contains { strength($0) == .rtl }
    }

    /// The indices of `characters` (one line, logical order) in visual order, left to right.
    static func visualOrder(_ characters: ArraySlice<Character>, paragraphRTL: Bool) -> [Int] {
        let indices = Array(characters.indices)
        let p = paragraphRTL ? 1 : 0
        var levels = [Int](repeating: -1, count: indices.count)
        var lastStrong: Strength = paragraphRTL ? .rtl : .ltr
        for (k, i) in indices.enumerated() {
            switch strength(characters[i]) {
            case .rtl: levels[k] = 1; lastStrong = .rtl
            case .ltr: levels[k] = paragraphRTL ? 2 : 0; lastStrong = .ltr
            case .number: levels[k] = paragraphRTL || lastStrong == .rtl ? 2 : 0
            case .neutral: break
            }
        }
        // Neutrals: the level of their neighbours when both read the same way, else the paragraph's.
        var k = 0
        while k < levels.count {
            guard levels[k] < 0 else { k += 1; continue }
            var end = k
            while end < levels.count && levels[end] < 0 { end += 1 }
            let before = k > 0 ? levels[k - 1] : p, after = end < levels.count ? levels[end] : p
            let direction = { (level: Int) in level % 2 }
            let level = direction(before) == direction(after) ? (direction(before) == 1 ? 1 : (p == 1 ? 2 : 0)) : p
            for j in k..<end { levels[j] = level }
            k = end
        }
        var order = Array(0..<indices.count)
        let top = levels.max() ?? 0
        var level = top
        while level >= 1 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var end = i
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order.map { indices[$0] }
    }
}
