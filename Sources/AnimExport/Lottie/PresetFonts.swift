// A Lottie preset's text options (issue 26 item 3; docs/lottie-text.md "Replaced text"):
//
//     "fonts": {"Raleway-Medium": "fonts/Raleway-Medium.ttf"},   // key: an fName or a family
//     "fit": "shrink"                                             // or "keep" (the default)
//
// "fonts": a font file for a font the Lottie file names, used when fontconfig has no exact match
// for its family and style (the file's `chars`, when they cover a text, come first). Each key
// must be an `fName` or `fFamily` of the file's fonts list — a key that matches nothing is an
// error naming it. Each file is a relative path inside the preset's folder (no absolute path, no
// "..", no symlink out of it: Media's ContainedFile), a regular file of at most FontFile.maxBytes
// (64 MiB), at most `maxFontFiles` (16) of them; FreeType parses it from memory (an invalid font
// is an error naming the key and the file). Its bytes join the preset's input digest (batch
// re-renders when a font file changes).
//
// "fit": how replaced box text that overflows its box is handled, for every replaced text
// document of the preset (TextDocument.fit): "keep" draws it as set with a warning naming the
// layer (--strict: error), "shrink" scales it down to the largest size that fits
// (Lottie/Build/TextFit.swift).

import Lottie
import Media
import Text

struct PresetTextOptions {
    var fonts: [(key: String, file: String)] = []
    var fit: TextFit?

    static let keys = ["fonts", "fit"]
    static let maxFontFiles = 16

    init(from decoder: Decoder) throws {
        enum K: String, CodingKey { case fonts, fit }
        let c = try decoder.container(keyedBy: K.self)
        let table = try c.decodeIfPresent([String: String].self, forKey: .fonts) ?? [:]
        guard table.count <= Self.maxFontFiles else {
            throw ExportError.invalid(file: nil, field: "fonts", message: "\(table.count) font files is over the cap of \(Self.maxFontFiles)")
        }
        fonts = table.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if let fit = try c.decodeIfPresent(String.self, forKey: .fit) {
            guard let value = TextFit(rawValue: fit) else {
                throw ExportError.invalid(file: nil, field: "fit", message: "'\(visible(fit))' is not a fit; use \"keep\" or \"shrink\"")
            }
            self.fit = value
        }
    }

    /// The animation with the preset's font files loaded and its replaced texts' fit set.
    func apply(to animation: LottieAnimation, presetPath: String, folder: String,
               digest: InputDigest) throws(ExportError) -> LottieAnimation {
        var out = animation
        for (key, file) in fonts {
            let field = "fonts.\"\(visible(key))\""
            guard animation.fonts.contains(where: { $0.name == key || $0.family == key }) else {
                let names = animation.fonts.map { "\($0.name) (\($0.family))" }.joined(separator: ", ")
                throw .invalid(file: presetPath, field: field, message: "matches no font of the file's fonts list (\(names.isEmpty ? "none" : names))")
            }
            let bytes: [UInt8]
            do { bytes = try ContainedFile.read(file, inFolder: folder, maxBytes: FontFile.maxBytes) } catch {
                throw .invalid(file: presetPath, field: field, message: "\(error.description) (a font file must be inside the preset's folder, \(folder))")
            }
            do { out.fontFiles[key] = try Font(bytes: bytes, name: file, size: 100) } catch {
                throw .invalid(file: presetPath, field: field, message: "\(visible(file)) is not a font FreeType can read: \(error)")
            }
            digest.add("font \(key)", bytes)
        }
        if let fit { out.setReplacedTextFit(fit) }
        return out
    }
}

extension LottieAnimation {
    /// Sets `fit` on every text document (it acts on replaced ones only, whenever they are replaced).
    mutating func setReplacedTextFit(_ fit: TextFit) {
        for c in compositions.indices {
            for l in compositions[c].layers.indices {
                guard case .text(var content) = compositions[c].layers[l].content else { continue }
                for d in content.documents.documents.indices {
                    content.documents.documents[d].fit = fit
                }
                compositions[c].layers[l].content = .text(content)
            }
        }
    }
}
