// Text and image overrides by layer path (issue 26 item 1): a preset's "texts" and "images"
// replace a text layer's source text or an image asset's pixels without editing the file.
//
// Text: every document of each matched text layer's track takes the new text; its style (font,
// size, colours, box, justification) and its animators stay — as lottie-ios' TextProvider and
// lottie-android's TextDelegate replace the string and keep the rest. A sourceText expression
// on the layer is dropped: the caller's text is what the variant must show (the players'
// providers also win over the file's text). The documents are marked `isReplaced`, so a
// character no font covers is an error (TextCoverage), not a warning. The frame-work and text
// caps are checked again with the new text (32 work units a character, LottieLimits).
//
// Image: the asset's pixels are replaced and drawn in the asset's `w` × `h` as lottie-web draws
// an image whose pixels have another shape — `preserveAspectRatio` "xMidYMid slice", its default
// (player/js/renderers/SVGRenderer.js, CanvasRenderer.js `imagePreserveAspectRatio`): scaled
// uniformly to cover the box, centred, the overflow cropped. The crop is done here, on the
// pixels, for every image the file loads (Images/ImageLoading.swift), so a replaced image and
// an edited file naming the same image draw the same.
//
// A path that matches nothing of the right kind is an error naming the override.

/// A text layer's new source text, by layer path (LayerPaths.swift).
public struct TextOverride: Sendable, Equatable {
    public var names: [String]
    public var text: String

    public init(names: [String], text: String) {
        self.names = names
        self.text = text
    }

    /// How the override is named in messages: `"Card" / "Title"`.
    public var label: String { names.map { "\"\($0.prefix(64))\"" }.joined(separator: " / ") }
}

extension LottieAnimation {
    /// The animation with `override` applied; throws when no text layer matches.
    public func replacingText(_ override: TextOverride, file: String, limits: LottieLimits = .standard) throws(LottieError) -> LottieAnimation {
        guard !override.names.isEmpty, override.names.filter({ $0 == "**" }).count <= ColorOverride.maxDeepWildcards else {
            throw LottieError(file: file, path: "", message: "text override \(override.label): give a layer path with at most \(ColorOverride.maxDeepWildcards) \"**\"")
        }
        var out = self
        let places = layers(matching: override.names)
        var replaced = 0, added = 0.0
        for place in places {
            guard case .text(var content) = out.compositions[place.composition].layers[place.layer].content else { continue }
            let old = content.frameWork
            for i in content.documents.documents.indices {
                content.documents.documents[i].text = override.text
                content.documents.documents[i].isReplaced = true
            }
            content.documents.expression = nil
            added += content.frameWork - old
            out.compositions[place.composition].layers[place.layer].content = .text(content)
            replaced += 1
        }
        guard replaced > 0 else {
            let what = places.isEmpty ? "no layer matches (names: layers from the root; a precomposition layer continues into its layers)"
                                      : "\(places.count) layer\(places.count == 1 ? "" : "s") match\(places.count == 1 ? "es" : ""), none a text layer"
            throw LottieError(file: file, path: "", message: "text override \(override.label): \(what)")
        }
        out.frameWork += max(0, added)
        guard out.frameWork <= limits.maxFrameWork else {
            throw LottieError(file: file, path: "", message: "text override \(override.label): the new text makes one frame's work \(Int(out.frameWork)), over the cap of \(Int(limits.maxFrameWork))")
        }
        return out
    }

    /// The image assets `key` names: an asset id, else the assets of the image layers the path
    /// `names` matches. Empty when neither matches.
    public func imageAssets(id key: String, names: [String]) -> [String] {
        if images.contains(where: { $0.id == key }) { return [key] }
        var ids: [String] = []
        for place in layers(matching: names) {
            if case .image(let id) = compositions[place.composition].layers[place.layer].content, !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// The assets `ids` drawn from `pixels` (see the header: covered, centred, cropped to each
    /// asset's w × h, as every image is: Images/ImageLoading.swift). Throws when the pixels are
    /// malformed.
    public mutating func replaceImages(_ ids: [String], with pixels: LottieImagePixels) throws {
        for id in ids {
            guard let asset = images.first(where: { $0.id == id }) else { continue }
            bitmaps[id] = try Self.loadedImage(pixels, asset)
        }
    }
}

extension LottieImagePixels {
    /// The centred crop of these pixels with aspect ratio `aspect` (width / height) — what
    /// "xMidYMid slice" shows of them in a box of that shape.
    func sliced(toAspect aspect: Double) -> LottieImagePixels {
        guard width > 0, height > 0, aspect.isFinite, aspect > 0 else { return self }
        var (w, h) = (width, height)
        if Double(width) / Double(height) > aspect {
            w = max(1, min(width, Int((Double(height) * aspect).rounded())))
        } else {
            h = max(1, min(height, Int((Double(width) / aspect).rounded())))
        }
        guard w != width || h != height else { return self }
        let x0 = (width - w) / 2, y0 = (height - h) / 2
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let src = ((y0 + y) * width + x0) * 4
            out.replaceSubrange(y * w * 4..<(y + 1) * w * 4, with: rgba[src..<src + w * 4])
        }
        return LottieImagePixels(width: w, height: h, rgba: out)
    }
}
