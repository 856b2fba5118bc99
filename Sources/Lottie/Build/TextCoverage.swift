// What of a file's text is not drawn as written (joins LottieCoverage's list)
//
//   • a font not installed (drawn with fontconfig's closest font, named), or not in fonts.list;
//   • characters no glyph source has: not in the file's chars nor the named font nor any
//     installed font (.notdef) — named with their layer, as U+XXXX and the character;
//     In a replaced text (Model/TextOverrides.swift, a text slot) they are `textErrors`: the
//     user's data, not the designer's file, asked for them (TextFit.swift);
//   • characters the file's chars lack, drawn with an installed font — naming that font;
// each at the first layer that uses it. Characters drawn with a fallback font (the document's
// font lacks them) are notes (`workarounds`), as Text reports them. Text on a path whose mask
// index names no mask of the layer is drawn straight and said here, naming the layer
// (TextOnPath.swift). The unsupported parts of text layers (expression selectors …) come from
// the feature inventory like every other feature.

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
                if let path = content.path, !layer.masks.indices.contains(path.mask) {
                    unrendered.append(Entry(place: layer.place, message: Self.missingPathMask(path.mask, masks: layer.masks.count)))
                }
                var missing: [Character] = []
                for (i, doc) in content.documents.documents.enumerated() {
                    if let note = emitter.faces.notes[doc.fontName], reported.insert(doc.fontName).inserted {
                        unrendered.append(Entry(place: layer.place, message: note))
                    }
                    if TextBidi.hasExplicitControls(doc.text), reported.insert("\(layer.place)\u{0}bidi").inserted {
                        unrendered.append(Entry(place: layer.place, message: "explicit bidi embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069) are not applied; characters placed by their scripts' directions"))
                    }
                    let frame = content.documents.frames[i]
                    let set = emitter.set(layer, content, frame: frame).1
                    if doc.isReplaced {   // TextFit.swift: errors, the face chosen, overflow
                        addReplaced(layer, doc, set, reported: &reported)
                        continue
                    }
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
                unrendered.append(Entry(place: layer.place, message: "\(what) no glyph in the file's chars, the font it names or any installed font; not drawn"))
            }
        }
    }
}

extension LottieCoverage {
    /// Text on a path naming a mask the layer does not have.
    static func missingPathMask(_ index: Int, masks: Int) -> String {
        let has = masks == 0 ? "has no masks" : "has \(masks) mask\(masks == 1 ? "" : "s")"
        let named = index == Int.min ? "a mask index that is not a whole number" : "mask \(index)"
        return "text on a path names \(named), but the layer \(has); drawn straight"
    }

    /// A replaced document: each character no font covers is an error; the face chosen instead
    /// of the file's chars is a note (a warning when the named font is not installed); box text
    /// that still overflows its box is a warning.
    mutating func addReplaced(_ layer: LottieLayer, _ doc: TextDocument, _ set: SetText, reported: inout Set<String>) {
        for c in set.missing {
            for scalar in c.unicodeScalars {
                let e = UncoveredTextCharacter(place: layer.place, layer: layer.name, character: scalar)
                if !textErrors.contains(e) { textErrors.append(e) }
            }
        }
        for note in set.fallbacks { workarounds.append("\(layer.place): \(note)") }
        if let note = set.faceNote, reported.insert("\(layer.place)\u{0}\(note)").inserted {
            if note.hasSuffix(" (warning)") {
                unrendered.append(Entry(place: layer.place, message: String(note.dropLast(" (warning)".count))))
            } else {
                workarounds.append("\(layer.place): \(note)")
            }
        }
        if set.overflows {
            let shrunk = set.fitScale < 1 ? " even at \(Int((set.fitScale * 100).rounded())) % of its size (the floor of \"fit\": \"shrink\")" : ""
            let box = doc.boxSize.map { "\(fmt($0.x)) × \(fmt($0.y)) pt" } ?? ""
            let hint = doc.fit == .shrink ? "" : " (\"fit\": \"shrink\" scales it down to fit)"
            unrendered.append(Entry(place: layer.place, message: "replaced text overflows its \(box) box\(shrunk)\(hint)"))
        }
    }

    private func fmt(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String((v * 10).rounded() / 10) }
}

