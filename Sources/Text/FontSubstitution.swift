// FontSubstitution.swift — the installed font for a family and style that may not be installed,
// with the substitute named (for files that name fonts the machine lacks: Lottie text layers).
//
//   1. `Font.match(family:style:)` (FontLocator.swift): the face of that family in that style,
//      never a substitute;
//   2. when the family or the style is not installed: fontconfig's closest match for the pair
//      (FcFontMatch after the configuration's substitutions, e.g. an unknown sans family →
//      DejaVu Sans, "Bold" kept as a weight) — returned with `substitute` set, so the caller
//      can say "font 'X Bold' not found, using 'DejaVu Sans Bold'" (never silently).
// Faces are loaded through Typesetter's per-process cache.

extension Font {
    /// The font of `family` in `style` at `size`, or fontconfig's closest installed font with
    /// `substitute` naming it ("DejaVu Sans Bold") when that family or style is not installed.
    public static func resolve(family: String, style: String, size: Double) throws(FontError)
        -> (font: Font, substitute: String?) {
        let found: FontMatch
        var substitute: String?
        do {
            found = try match(family: family, style: style)
        } catch {
            switch error {
            case .familyNotFound, .styleNotFound:
                found = try FontLocator.closestMatch(family: family, style: style)
                substitute = "\(found.families.first ?? "?") \(found.styles.first ?? "?")"
            default:
                throw error
            }
        }
        return (try Typesetter.font(.file(found.path, faceIndex: found.faceIndex), size: size), substitute)
    }
}
