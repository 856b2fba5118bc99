// FontFallback.swift — the installed font that draws the characters a text's font lacks.
//
// For a character (a grapheme: base plus marks, minus default-ignorable scalars such as ZWJ
// and variation selectors) that the chosen font does not map, fontconfig is asked what it would
// use for the chosen font's family *looking like the chosen face*:
//
//   pattern = family of the chosen font, its weight (OS/2 usWeightClass → FcWeightFromOpenType),
//             slant (italic or roman) and width (OS/2 usWidthClass → FC_WIDTH), and a charset
//             holding the character's scalars;
//   FcConfigSubstitute + FcDefaultSubstitute (the system's fallback rules: "Inter" is a
//             sans-serif, so sans-serif's preferred families follow it);
//   FcFontSort → every installed face in fontconfig's order of preference;
//   the first face that is scalable (FC_OUTLINE), is not the chosen font, has every scalar in
//             its FC_CHARSET, and loads (FontFile's checks, FreeType, HarfBuzz) is the fallback.
//
// No face has them → nil: the caller draws .notdef and warns naming the character. Answers are
// cached per process (key: chosen face + appearance + scalars), and so are the loaded fallback
// faces (key: file + face index), so a label laid out every frame asks fontconfig once.

import CFreeType
import Synchronization

/// How a face looks, in the terms fontconfig matches on (read from OS/2 and FreeType's flags).
struct FontAppearance: Sendable, Hashable {
    /// OS/2 usWeightClass, 1 … 1000 (400 regular, 700 bold); 400 without OS/2.
    var weight: Int
    var italic: Bool
    /// OS/2 usWidthClass, 1 … 9 (5 normal).
    var widthClass: Int

    init(_ face: FT_Face, path: String, index: Int) {
        weight = 400
        widthClass = 5
        italic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version != 0xFFFF {
                if (1...1000).contains(Int(os2.usWeightClass)) { weight = Int(os2.usWeightClass) }
                if (1...9).contains(Int(os2.usWidthClass)) { widthClass = Int(os2.usWidthClass) }
            }
        }
    }

    /// fontconfig's FC_WIDTH for the OS/2 width class.
    var fontconfigWidth: Int32 {
        [50, 63, 75, 87, 100, 113, 125, 150, 200][widthClass - 1]
    }
}

enum FontFallback {
    private struct Key: Hashable {
        var family: String
        var appearance: FontAppearance
        var excluded: String
        var scalars: [UInt32]
    }

    private static let answers = Mutex<[Key: FontMatch?]>([:])
    private static let faces = Mutex<[String: FreeTypeFace]>([:])

    /// A face other than `primary` that maps every scalar in `scalars`, as fontconfig prefers
    /// it for `primary`'s family and look; nil when no installed font has them all.
    static func face(covering scalars: [Unicode.Scalar], for primary: Font) -> FreeTypeFace? {
        let excluded = "\(primary.path)#\(primary.faceIndex)"
        let key = Key(family: primary.familyName, appearance: primary.face.info.appearance, excluded: excluded,
                      scalars: scalars.map(\.value))
        let known = answers.withLock { $0[key] }
        let match: FontMatch?
        if let known {
            match = known
        } else {
            match = search(key, scalars: scalars)
            answers.withLock { $0[key] = .some(match) }
        }
        return match.flatMap { try? load($0) }
    }

    /// The loaded face for `match`, from the cache when it was loaded before.
    private static func load(_ match: FontMatch) throws(FontError) -> FreeTypeFace {
        let key = "\(match.path)#\(match.faceIndex)"
        if let face = faces.withLock({ $0[key] }) { return face }
        let face = try FreeTypeFace(path: match.path, faceIndex: match.faceIndex)
        return faces.withLock { cache in
            if let other = cache[key] { return other }
            cache[key] = face
            return face
        }
    }

    /// fontconfig's sorted candidates, filtered as the file header says.
    private static func search(_ key: Key, scalars: [Unicode.Scalar]) -> FontMatch? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let charset = FcCharSetCreate() else { return nil }
        defer { FcCharSetDestroy(charset) }
        for scalar in scalars { _ = FcCharSetAddChar(charset, scalar.value) }
        let family = Array(key.family.utf8) + [0]
        let added = family.withUnsafeBufferPointer { FcPatternAddString(pattern, FC_FAMILY, $0.baseAddress) != 0 }
            && FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(key.appearance.weight))) != 0
            && FcPatternAddInteger(pattern, FC_SLANT, key.appearance.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN) != 0
            && FcPatternAddInteger(pattern, FC_WIDTH, key.appearance.fontconfigWidth) != 0
            && FcPatternAddCharSet(pattern, FC_CHARSET, charset) != 0
        guard added, FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, FcFalse, nil, &result) else { return nil }
        defer { FcFontSetSortDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let candidate = sorted.pointee.fonts[i], covers(candidate, scalars),
                  let match = FontLocator.describe(candidate),
                  "\(match.path)#\(match.faceIndex)" != key.excluded else { continue }
            var outline: FcBool = FcFalse
            if FcPatternGetBool(candidate, FC_OUTLINE, 0, &outline) == FcResultMatch, outline == FcFalse { continue }
            if (try? load(match)) != nil { return match }
        }
        return nil
    }

    private static func covers(_ pattern: OpaquePointer, _ scalars: [Unicode.Scalar]) -> Bool {
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return false }
        return scalars.allSatisfy { FcCharSetHasChar(charset, $0.value) != 0 }
    }
}
