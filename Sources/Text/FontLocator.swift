// FontLocator.swift — finds an installed font file by family and style name through fontconfig.
//
// fontconfig's `FcFontMatch` never says "not found": it returns the *closest* font, which for an
// unknown family is some default (e.g. DejaVu Sans), and its style matching is literal
// ("SemiBold" does not match Inter's "Semi Bold" and yields Inter Regular). Rendering with a
// silent substitute would produce frames that look plausible but are wrong, so the lookup is:
//
//   1. FcFontList with the family alone (no configuration aliases are applied, so generic names
//      such as "sans-serif" find nothing) → every installed face of the family, each with all
//      its family names (FC_FAMILY, e.g. "Inter" and "Inter Thin") and style names (FC_STYLE,
//      e.g. "Semi Bold" and "Regular");
//   2. keep the faces whose family list contains the requested family and whose style list
//      contains the requested style, comparing case- and blank-insensitively
//      ("SemiBold" = "Semi Bold");
//   3. of several (e.g. the same face installed as .otf and .ttf), take the one FcFontMatch
//      prefers, else the first by path.
//   No face of the family → `.familyNotFound`, naming what FcFontMatch would have substituted;
//   the family without the style → `.styleNotFound`, listing the styles that exist.
//
// The default fontconfig configuration (loaded on first use) is used; every pattern, object set
// and font set built here is destroyed before returning. fontconfig (≥ 2.10) is thread-safe.

import CFreeType

/// An installed font face as fontconfig describes it.
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
    /// fontconfig. Throws `.familyNotFound` (naming the substitute fontconfig would have used) or
    /// `.styleNotFound` (listing the installed styles) rather than returning a substitute.
    public static func locate(family: String, style: String) throws(FontError) -> String {
        try match(family: family, style: style).path
    }

    /// Like `locate(family:style:)` but returns the whole match (face index, names).
    public static func match(family: String, style: String) throws(FontError) -> FontMatch {
        let wantedFamily = FontLocator.normalized(family)
        let wantedStyle = FontLocator.normalized(style)
        let faces = try FontLocator.list(family: family).filter {
            $0.families.contains { FontLocator.normalized($0) == wantedFamily }
        }
        guard !faces.isEmpty else {
            let closest = try? FontLocator.closestMatch(family: family, style: style)
            let offered = closest.map { "\"\($0.families.first ?? "?")\" \($0.styles.first ?? "?") (\($0.path))" }
            throw .familyNotFound(family: family, style: style, substitute: offered)
        }
        let candidates = faces.filter { $0.styles.contains { FontLocator.normalized($0) == wantedStyle } }
            .sorted { ($0.path, $0.faceIndex) < ($1.path, $1.faceIndex) }
        guard let first = candidates.first else {
            let styles = Set(faces.compactMap { $0.styles.first }).sorted()
            throw .styleNotFound(family: family, style: style, available: styles)
        }
        if let preferred = try? FontLocator.closestMatch(family: family, style: style),
           candidates.contains(where: { $0.path == preferred.path && $0.faceIndex == preferred.faceIndex }) {
            return preferred
        }
        return first
    }
}

/// The fontconfig calls behind `Font.locate`.
enum FontLocator {
    /// Every installed face whose family fontconfig considers equal to `family`.
    static func list(family: String) throws(FontError) -> [FontMatch] {
        guard let pattern = FcPatternCreate() else { throw .fontconfig("cannot create a pattern") }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { throw .fontconfig("cannot create an object set") }
        defer { FcObjectSetDestroy(objects) }
        guard addString(pattern, FC_FAMILY, family),
              ([FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE] as [String]).allSatisfy({ FcObjectSetAdd(objects, $0) != 0 }) else {
            throw .fontconfig("cannot build the query for \"\(family)\"")
        }
        guard let set = FcFontList(nil, pattern, objects) else {
            throw .fontconfig("font listing failed (no configuration?)")
        }
        defer { FcFontSetDestroy(set) }
        var faces: [FontMatch] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let face = describe(font) else { continue }
            faces.append(face)
        }
        return faces
    }

    /// fontconfig's closest font to `family` + `style` (a substitute if need be), unchecked.
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
            throw .fontconfig("no font matches \"\(family)\" \(style)")
        }
        defer { FcPatternDestroy(matched) }
        guard let face = describe(matched) else { throw .fontconfig("the match for \"\(family)\" has no file") }
        return face
    }

    /// File, index, families and styles of a font pattern; nil without a file.
    static func describe(_ pattern: OpaquePointer) -> FontMatch? {
        guard let path = strings(pattern, FC_FILE).first else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontMatch(path: path, faceIndex: Int(index), families: strings(pattern, FC_FAMILY),
                         styles: strings(pattern, FC_STYLE))
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
