// What `info` tells a preset author (issue 25 item 3), from the decoded model:
//
//   colour paths  every fill, stroke and solid layer a `colors` key can name (docs/presets.md
//                 "Colours"): layer name, group names, item name, joined by "/" with "/" and
//                 "\" escaped as the preset reads them (`\/`, `\\`); a precomposition layer's
//                 name continues into its composition. Unnamed items cannot be named (only
//                 reached by a wider path or a wildcard) and are not listed. At most
//                 `maxColorPaths` are listed, the rest counted.
//   slots         each `sid` with the kinds of property that carry it and its default value
//                 (Lottie's Decoding/SlotInventory.swift)
//   text layers   each text layer (composition, index, name) with its documents' strings and fonts
//   fonts         each font a document uses, and where its glyphs come from — the rule the text
//                 builder follows (Lottie's Build/TextFaces.swift): "embedded" when `chars` has
//                 glyphs of its family and style (characters of the text without a glyph are
//                 listed), else "installed" when fontconfig has that family and style, else
//                 "missing": the text is drawn in fontconfig's substitute, named
//   images        image assets: id, size, embedded (data: URL) or external (folder + file)
//   markers       name, start frame and duration in frames and seconds (start from the in point)
import Foundation
import Lottie
import Raster
import Text

let maxColorPaths = 500

struct ColorPath { var path: String; var kind: String; var color: String }

struct FontStatus {
    var name: String, family: String, style: String
    /// "embedded", "installed" or "missing".
    var status: String
    var file: String?
    var substitute: String?
    var glyphs = 0
    /// Characters of the text in this font with no embedded glyph.
    var missingGlyphs: [String] = []
}

struct TextLayerInfo { var composition: String?; var index: Int; var name: String; var texts: [String]; var fonts: [String] }

/// A `colors` path element: "/" and "\" escaped.
func escapedPathName(_ name: String) -> String {
    name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "/", with: "\\/")
}

/// "#RRGGBB" (or "#RRGGBBAA" when not opaque).
func hexColor(_ c: RGBA) -> String {
    let parts = c.a < 1 ? [c.r, c.g, c.b, c.a] : [c.r, c.g, c.b]
    return "#" + parts.map { String(format: "%02X", Int((min(max($0, 0), 1) * 255).rounded())) }.joined()
}

private func colorText(_ p: ColorProperty) -> String { p.constantValue.map(hexColor) ?? "animated" }

/// The colour paths of `a` (at most `maxColorPaths`) and how many more there are.
func colorPaths(_ a: LottieAnimation) -> (paths: [ColorPath], more: Int) {
    var out: [ColorPath] = [], more = 0, visits = 0
    func add(_ path: [String], _ kind: String, _ color: String) {
        if out.count < maxColorPaths { out.append(ColorPath(path: path.map(escapedPathName).joined(separator: "/"), kind: kind, color: color)) } else { more += 1 }
    }
    func items(_ list: [ShapeItem], _ prefix: [String]) {
        for item in list {
            visits += 1
            switch item {
            case .group(let g): if let n = g.name, !n.isEmpty { items(g.items, prefix + [n]) }
            case .fill(let f): if let n = f.name, !n.isEmpty { add(prefix + [n], "fill", colorText(f.color)) }
            case .stroke(let s): if let n = s.name, !n.isEmpty { add(prefix + [n], "stroke", colorText(s.color)) }
            default: break
            }
        }
    }
    func composition(_ c: Int, _ prefix: [String], depth: Int) {
        guard depth < 32, a.compositions.indices.contains(c) else { return }
        for layer in a.compositions[c].layers where !layer.name.isEmpty && visits < 1_000_000 {
            visits += 1
            let path = prefix + [layer.name]
            switch layer.content {
            case .shapes(let list): items(list, path)
            case .solid(let color, _, _): add(path, "solid", hexColor(color))
            case .precomp(let k, _, _, _): composition(k, path, depth: depth + 1)
            default: break
            }
        }
    }
    composition(0, [], depth: 0)
    return (out, more)
}

/// Every text layer of every composition, in file order.
func textLayers(_ a: LottieAnimation) -> [TextLayerInfo] {
    var out: [TextLayerInfo] = []
    for c in a.compositions {
        for (i, layer) in c.layers.enumerated() {
            guard case .text(let t) = layer.content else { continue }
            var texts: [String] = [], fonts: [String] = []
            for d in t.documents.documents {
                if !texts.contains(d.text) { texts.append(d.text) }
                if !fonts.contains(d.fontName) { fonts.append(d.fontName) }
            }
            out.append(TextLayerInfo(composition: c.id, index: i, name: layer.name, texts: texts, fonts: fonts))
        }
    }
    return out
}

/// Where each font the text uses gets its glyphs (see the header), fonts.list order first.
func fontStatuses(_ a: LottieAnimation, texts: [TextLayerInfo]) -> [FontStatus] {
    var names: [String] = a.fonts.map(\.name)
    for t in texts { for f in t.fonts where !names.contains(f) { names.append(f) } }
    var seen = Set<String>(), out: [FontStatus] = []
    for name in names where seen.insert(name).inserted {
        // A name missing from fonts.list is looked up as a family in Regular (as the text builder does).
        let listed = a.fonts.first { $0.name == name }
        let font = (family: listed?.family ?? name, style: listed?.style ?? "Regular")
        var s = FontStatus(name: name, family: font.family, style: font.style, status: "missing")
        let glyphs = Set(a.glyphs.filter { $0.family == font.family && $0.style == font.style }.map(\.character))
        if !glyphs.isEmpty {
            s.status = "embedded"
            s.glyphs = glyphs.count
            var missing: [String] = []
            for t in texts where t.fonts.contains(name) {
                for text in t.texts { for ch in text where !ch.isNewline && !glyphs.contains(String(ch)) && !missing.contains(String(ch)) { missing.append(String(ch)) } }
            }
            s.missingGlyphs = missing
        } else if let m = try? Font.match(family: font.family, style: font.style) {
            s.status = "installed"
            s.file = m.path
        } else {
            s.substitute = (try? Font.resolve(family: font.family, style: font.style, size: 100))?.substitute
        }
        out.append(s)
    }
    return out
}

/// Seconds from the in point of frame `f`.
func seconds(_ a: LottieAnimation, frame f: Double) -> Double { (f - a.inPoint) / a.frameRate }

/// The slot's default as text: "#FF0000" for a colour, numbers otherwise, "animated".
func slotValueText(_ s: LottieSlot) -> String {
    if s.kinds == ["text"] { return "(a text document)" }
    if s.kinds == ["image"] { return "(an image asset)" }
    guard let v = s.value else { return "animated" }
    if s.kinds == ["color"], (3...4).contains(v.count) {
        return hexColor(RGBA(r: v[0], g: v[1], b: v[2], a: v.count == 4 ? v[3] : 1))
    }
    return v.count == 1 ? format(v[0]) : "[" + v.map(format).joined(separator: ", ") + "]"
}

/// The text lines of the details (appended to `info`'s text).
func lottieInfoDetailLines(_ a: LottieAnimation) -> [String] {
    var lines: [String] = []
    let (paths, more) = colorPaths(a)
    if !paths.isEmpty {
        lines.append("  colour paths (preset \"colors\" keys):")
        for p in paths { lines.append("    \(p.path)  \(p.kind) \(p.color)") }
        if more > 0 { lines.append("    … and \(more) more") }
    }
    if !a.slots.isEmpty {
        lines.append("  slots (sid; a preset's \"slots\", --slot or a variant row set them, docs/presets.md):")
        for s in a.slots {
            lines.append("    \(s.id)  \(s.kinds.joined(separator: ", ")) \(slotValueText(s))\(s.defined ? "" : " (not in the slots table: the property's own value)"), used \(s.uses)×")
        }
    }
    let texts = textLayers(a)
    if !texts.isEmpty {
        lines.append("  text layers:")
        for t in texts {
            let strings = t.texts.map { "\"" + $0.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n") + "\"" }
            lines.append("    \(t.composition.map { "assets \"\($0)\" " } ?? "")layers[\(t.index)] \"\(t.name)\": \(strings.joined(separator: ", ")) in \(t.fonts.joined(separator: ", "))")
        }
    }
    let fonts = fontStatuses(a, texts: texts)
    if !fonts.isEmpty {
        lines.append("  fonts:")
        for f in fonts { lines.append("    \(f.name) (\(f.family) \(f.style))  \(fontStatusText(f))") }
    }
    if !a.images.isEmpty {
        lines.append("  images:")
        for i in a.images {
            let size = i.width.flatMap { w in i.height.map { "\(format(w)) × \(format($0))" } } ?? "size not given"
            lines.append("    \(i.id)  \(size), \(i.isEmbedded ? "embedded" : "external \(i.folder + i.path)")")
        }
    }
    if !a.markers.isEmpty {
        lines.append("  markers:")
        for m in a.markers {
            lines.append("    \(m.name)  frame \(format(m.frame)), \(format(m.duration)) frames (\(String(format: "%.3f", seconds(a, frame: m.frame))) s, \(String(format: "%.3f", m.duration / a.frameRate)) s long)")
        }
    }
    return lines
}

func fontStatusText(_ f: FontStatus) -> String {
    switch f.status {
    case "embedded":
        return "embedded, \(f.glyphs) glyph\(f.glyphs == 1 ? "" : "s")" + (f.missingGlyphs.isEmpty ? "" : "; no glyph for \(f.missingGlyphs.map { "'\($0)'" }.joined(separator: " "))")
    case "installed": return "installed (\(f.file ?? "?"))"
    default: return "missing: drawn in \(f.substitute.map { "'\($0)'" } ?? "no font at all")"
    }
}

/// The JSON members of the details.
func lottieInfoDetailJSON(_ a: LottieAnimation) -> [String: Any] {
    let (paths, more) = colorPaths(a)
    let texts = textLayers(a)
    let fonts = fontStatuses(a, texts: texts)
    func opt(_ v: Any?) -> Any { v ?? NSNull() }
    return [
        "colorPaths": paths.map { ["path": $0.path, "kind": $0.kind, "color": $0.color] },
        "colorPathsNotListed": more,
        "slots": a.slots.map { s -> [String: Any] in
            ["id": s.id, "kinds": s.kinds, "value": opt(s.value), "default": slotValueText(s), "defined": s.defined, "uses": s.uses, "where": s.places]
        },
        "textLayers": texts.map { ["composition": opt($0.composition), "index": $0.index, "name": $0.name, "texts": $0.texts, "fonts": $0.fonts] as [String: Any] },
        "fonts": fonts.map { f -> [String: Any] in
            ["name": f.name, "family": f.family, "style": f.style, "status": f.status, "file": opt(f.file),
             "substitute": opt(f.substitute), "glyphs": f.glyphs, "missingGlyphs": f.missingGlyphs]
        },
        "images": a.images.map { i -> [String: Any] in
            ["id": i.id, "width": opt(i.width), "height": opt(i.height), "embedded": i.isEmbedded, "file": i.isEmbedded ? NSNull() : i.folder + i.path]
        },
        "markers": a.markers.map { m -> [String: Any] in
            ["name": m.name, "frame": m.frame, "duration": m.duration, "start": seconds(a, frame: m.frame), "seconds": m.duration / a.frameRate]
        },
    ]
}

/// Fonts whose text is drawn in a substitute or loses characters: what "not supported" must not hide.
func substitutedFonts(_ a: LottieAnimation) -> [String] {
    fontStatuses(a, texts: textLayers(a)).compactMap { f in
        if f.status == "missing" { return "font \(f.name) (\(f.family) \(f.style)) is not installed: \(fontStatusText(f))" }
        if !f.missingGlyphs.isEmpty { return "font \(f.name): \(fontStatusText(f))" }
        return nil
    }
}
