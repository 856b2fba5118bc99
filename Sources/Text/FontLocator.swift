// FontLocator.swift — finds an installed font file by family and style name through fontconfig.
//
// fontconfig never says "not found": `FcFontMatch` always returns the *closest* font, which for an
// unknown family is some default (e.g. DejaVu Sans). Rendering with a silent substitute would
// produce frames that look plausible but are wrong, so the match is checked: its family list
// (FC_FAMILY, all values — fonts list several, e.g. "Inter" and "Inter Thin") must contain the
// requested family, and its style list (FC_STYLE) the requested style, both compared ignoring
// case and blanks as fontconfig does. Otherwise the lookup fails with what was offered.
// Consequently generic aliases ("sans-serif", "monospace") are refused too — name a real family
// or pass a file path (`--font PATH`).
//
// The default fontconfig configuration (FcConfigGetCurrent, loaded on first use) is used; the
// patterns built here are destroyed before returning. fontconfig (≥ 2.10) is thread-safe.

import CFreeType

/// What fontconfig matched for a family/style query.
public struct FontMatch: Equatable, Sendable {
    /// The font file.
    public var path: String
    /// Face index inside the file (non-zero for collections).
    public var faceIndex: Int
    /// Every family name fontconfig lists for the font.
    public var families: [String]
    /// Every style name fontconfig lists for the font.
    public var styles: [String]
}

extension Font {
    /// The path of the installed font of `family` in `style` (e.g. "Inter", "Bold"), found with
    /// fontconfig. Throws `.familyNotFound` / `.styleNotFound` (naming what fontconfig offered)
    /// rather than returning a substitute.
    public static func locate(family: String, style: String) throws(FontError) -> String {
        try match(family: family, style: style).path
    }

    /// Like `locate(family:style:)` but returns the whole match (face index, names).
    public static func match(family: String, style: String) throws(FontError) -> FontMatch {
        let found = try FontLocator.closestMatch(family: family, style: style)
        let wantedFamily = FontLocator.normalized(family)
        guard found.families.contains(where: { FontLocator.normalized($0) == wantedFamily }) else {
            let offered = "\"\(found.families.first ?? "?")\" \(found.styles.first ?? "?") (\(found.path))"
            throw .familyNotFound(family: family, style: style, substitute: offered)
        }
        let wantedStyle = FontLocator.normalized(style)
        guard found.styles.contains(where: { FontLocator.normalized($0) == wantedStyle }) else {
            throw .styleNotFound(family: family, style: style, offered: found.styles.first ?? "?", path: found.path)
        }
        return found
    }
}

/// The fontconfig calls behind `Font.locate`.
enum FontLocator {
    /// fontconfig's closest font to `family` + `style`, unchecked.
    static func closestMatch(family: String, style: String) throws(FontError) -> FontMatch {
        guard let pattern = FcPatternCreate() else { throw .fontconfig("cannot create a pattern") }
        defer { FcPatternDestroy(pattern) }
        guard addString(pattern, FC_FAMILY, family), addString(pattern, FC_STYLE, style) else {
            throw .fontconfig("cannot build the query for \"\(family)\" \(style)")
        }
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else {
            throw .fontconfig("no configuration could be loaded")
        }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result), result == FcResultMatch else {
            throw .familyNotFound(family: family, style: style, substitute: nil)
        }
        defer { FcPatternDestroy(matched) }
        guard let path = strings(matched, FC_FILE).first else {
            throw .fontconfig("the match for \"\(family)\" \(style) has no file")
        }
        var index: Int32 = 0
        if FcPatternGetInteger(matched, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontMatch(path: path, faceIndex: Int(index), families: strings(matched, FC_FAMILY),
                         styles: strings(matched, FC_STYLE))
    }

    /// Lower-cased with blanks removed (fontconfig's FcStrCmpIgnoreBlanksAndCase).
    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" })
    }

    private static func addString(_ pattern: OpaquePointer, _ object: String, _ value: String) -> Bool {
        let bytes = Array(value.utf8) + [0]
        return bytes.withUnsafeBufferPointer { FcPatternAddString(pattern, object, $0.baseAddress) != 0 }
    }

    /// All string values of `object` in `pattern`.
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        while true {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { break }
            values.append(String(cString: value))
            n += 1
        }
        return values
    }
}
