// What of a file's text is not drawn as written (joins LottieCoverage's list)
//
//   • a font not installed (drawn with fontconfig's closest font, named), or not in fonts.list;
//   • characters no glyph source has: not in the file's chars, or in no installed font
//     (.notdef) — named with their layer;
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
                for (i, doc) in content.documents.documents.enumerated() {
                    if let note = emitter.faces.notes[doc.fontName], reported.insert(doc.fontName).inserted {
                        unrendered.append(Entry(place: layer.place, message: note))
                    }
                    let frame = content.documents.frames[i]
                    let set = emitter.set(layer, content, frame: frame).1
                    for c in set.missing where !missing.contains(c) { missing.append(c) }
                    for note in set.fallbacks { workarounds.append("\(layer.place): \(note)") }
                }
                guard !missing.isEmpty else { continue }
                let list = missing.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ") + (missing.count > 8 ? " …" : "")
                unrendered.append(Entry(place: layer.place, message: "characters \(list) have no glyph in the file's chars or any installed font; not drawn"))
            }
        }
    }
}
