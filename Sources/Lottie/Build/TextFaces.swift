// Where a text document's glyphs come from: the file's `chars`, or an installed font
//
// A document names a font (`f` = an `fName` of `fonts.list`). When `chars` holds glyphs of that
// font's family and style, those outlines are drawn (size 100 units scaled by size/100, advance
// `w`·size/100); a character without one is set with the installed font the file names (or
// fontconfig's closest, and its per-glyph fallback), and reported naming that font
// (TextSetting.swift). Otherwise the font is
// found by family and style through fontconfig (Text's Font.resolve); when the machine lacks it,
// fontconfig's closest font is used and named: "font 'Gill Sans UltraBold' not found, using
// 'DejaVu Sans Bold'" (a warning; --strict refuses the file) — unless a preset names a font
// file for it ("fonts": {fName or family: file}; LottieAnimation.fontFiles), which then draws it. Text shapes with HarfBuzz (kerning
// kept) and takes outlines from FreeType. Installed fonts are resolved once per process.
//
// Ascent (first baseline of box text): `ascent` of fonts.list in % of the size; without it the
// installed font's ascender, or 75 % for file glyphs.

import JSON
import Geometry
import Synchronization
import Text

/// A document's source of glyphs.
enum TextFace {
    /// File glyphs: outlines at size 100 by character.
    case glyphs(FileGlyphs)
    /// An installed font (at size 100; `withSize` for the document's).
    case installed(Font)
    /// Nothing can draw it (fontconfig has no font at all).
    case none

    /// Ascender in points at `size`.
    func ascent(_ font: LottieFont?, size: Double) -> Double {
        if let a = font?.ascent { return a * size / 100 }
        if case .installed(let f) = self { return f.metrics.ascender / f.size * size }
        return 0.75 * size
    }
}

/// The outlines of one font's `chars`, at size 100.
final class FileGlyphs: Sendable {
    let outlines: [String: (path: Path, advance: Double)]

    init(_ glyphs: [LottieGlyph], family: String, style: String, builder: LottieBuilder) {
        var outlines: [String: (Path, Double)] = [:]
        let emitter = ShapeEmitter(builder: builder, frame: 0)
        for g in glyphs where g.family == family && g.style == style && outlines[g.character] == nil {
            var path = Path()
            emitter.gather(g.shapes, upTo: g.shapes.count, transform: .identity, into: &path)
            outlines[g.character] = (path, g.width)
        }
        self.outlines = outlines
    }

    static func has(_ glyphs: [LottieGlyph], family: String, style: String) -> Bool {
        glyphs.contains { $0.family == family && $0.style == style }
    }
}

/// The faces of an animation's fonts, and what had to be substituted.
final class TextFaces {
    private(set) var faces: [String: TextFace] = [:]
    /// One line per font that could not be used as named (a substitute, or nothing).
    private(set) var notes: [String: String] = [:]
    let fonts: [String: LottieFont]
    /// The preset's font files by fName or family (LottieAnimation.fontFiles).
    let files: [String: Font]

    /// The installed font for a file's font: fontconfig's exact family and style, else the
    /// preset's file for its fName or family (no note), else fontconfig's closest (named).
    func resolve(_ font: LottieFont) -> Result<(Font, String?), FontError> {
        let found = Self.installed(family: font.family, style: font.style)
        if case .success((_, nil)) = found { return found }
        if let file = files[font.name] ?? files[font.family], let f = try? file.withSize(100) { return .success((f, nil)) }
        return found
    }

    init(_ animation: LottieAnimation, builder: LottieBuilder) {
        var fonts: [String: LottieFont] = [:]
        for f in animation.fonts where fonts[f.name] == nil { fonts[f.name] = f }
        self.fonts = fonts
        files = animation.fontFiles
        for name in Self.usedFontNames(animation) {
            let font = fonts[name] ?? LottieFont(name: name, family: name, style: "Regular", ascent: nil)
            if fonts[name] == nil { notes[name] = "font \(quoted(name)) is not in the file's fonts list; looked up as the family \(quoted(name))" }
            if FileGlyphs.has(animation.glyphs, family: font.family, style: font.style) {
                faces[name] = .glyphs(FileGlyphs(animation.glyphs, family: font.family, style: font.style, builder: builder))
                continue
            }
            switch resolve(font) {
            case .success(let (f, substitute)):
                faces[name] = .installed(f)
                if let substitute { notes[name] = "font '\(font.family) \(font.style)' not found, using '\(substitute)'" }
            case .failure(let error):
                faces[name] = TextFace.none
                notes[name] = "font '\(font.family) \(font.style)' not found and no font can replace it (\(error)); its text is not drawn"
            }
        }
    }

    func face(_ name: String) -> TextFace { faces[name] ?? .none }

    /// Every font name a document of a text layer uses, in file order.
    static func usedFontNames(_ animation: LottieAnimation) -> [String] {
        var names: [String] = [], seen: Set<String> = []
        for composition in animation.compositions {
            for layer in composition.layers {
                guard case .text(let content) = layer.content else { continue }
                for d in content.documents.documents where seen.insert(d.fontName).inserted { names.append(d.fontName) }
            }
        }
        return names
    }

    private static let cache = Mutex<[String: Result<(Font, String?), FontError>]>([:])

    /// The installed font (at size 100) for a family and style, resolved once per process.
    static func installed(family: String, style: String) -> Result<(Font, String?), FontError> {
        let key = family + "\u{0}" + style
        if let known = cache.withLock({ $0[key] }) { return known }
        let result: Result<(Font, String?), FontError>
        do {
            let (font, substitute) = try Font.resolve(family: family, style: style, size: 100)
            result = .success((font, substitute))
        } catch {
            result = .failure(error)
        }
        cache.withLock { $0[key] = result }
        return result
    }
}
