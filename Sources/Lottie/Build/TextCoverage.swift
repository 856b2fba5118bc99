// What of a file's text is not drawn as written (joins LottieCoverage's list)
//
//   • a font not installed (drawn with fontconfig's closest font, named), or not in fonts.list;
//   • characters no glyph source has: not in the file's chars nor the named font nor any
//     installed font (.notdef) — named with their layer, as U+XXXX and the character;
//     In a replaced text (Model/TextOverrides.swift, a text slot) they are `errors`: the
//     user's data, not the designer's file, asked for them;
//   • characters the file's chars lack, drawn with an installed font — naming that font;
// each at the first layer that uses it. Characters drawn with a fallback font (the document's
// font lacks them) are notes (`workarounds`), as Text reports them. The unsupported parts of text layers (text on a path,
// expression selectors …) come from the feature inventory like every other feature.

import Text

extension LottieCoverage {
    mutating func addText(_ animation: LottieAnimation) {
        guard animation.features.uses(.textLayers) else { return }
        let builder = LottieBuilder(animation)
        let emitter = builder.text
        var reported: Set<String> = []
        for composition in animation.compositions {
            for layer in composition.layers {
                guard case .text(let content) = layer.content else { continue }
                var missing: [Character] = []
                let replaced = content.documents.documents.contains(where: \.isReplaced)
                for (i, doc) in content.documents.documents.enumerated() {
                    if let note = emitter.faces.notes[doc.fontName], reported.insert(doc.fontName).inserted {
                        unrendered.append(Entry(place: layer.place, message: note))
                    }
                    let frame = content.documents.frames[i]
                    let set = emitter.set(layer, content, frame: frame).1
                    for c in set.missing where !missing.contains(c) { missing.append(c) }
                    for note in set.fallbacks { workarounds.append("\(layer.place): \(note)") }
                    for line in set.substituted where reported.insert("\(layer.place)\u{0}\(line)").inserted {
                        unrendered.append(Entry(place: layer.place, message: line))
                    }
                }
                guard !missing.isEmpty else { continue }
                let scalars = missing.flatMap(\.unicodeScalars)
                let list = scalars.prefix(8).map { "\(TextSetter.codePoint($0)) \"\($0)\"" }.joined(separator: ", ") + (scalars.count > 8 ? " …" : "")
                let what = scalars.count == 1 ? "character \(list) has" : "characters \(list) have"
                if replaced {
                    errors.append(Entry(place: layer.place, message: "the replaced text's \(what) no glyph in the file's chars, the font it names or any installed font (install a font that has it, or name one in the preset's \"fonts\")"))
                } else {
                    unrendered.append(Entry(place: layer.place, message: "\(what) no glyph in the file's chars, the font it names or any installed font; not drawn"))
                }
            }
        }
    }
}
