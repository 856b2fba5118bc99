// The heart as a plug-in: its "parameters" object (docs/ANIMATIONS.md §2.7), decoded strictly, and
// how its label's font is found.
//
//     "parameters": {
//       "size": 64, "lineWidth": 5, "dashOn": 150, "dashOff": 15, "scaleDash": true,
//       "phaseFrom": 83, "phaseTo": -83, "period": 2.5,
//       "gradientColors": ["#005FFF", "#FF0000", "#005FFF"],
//       "gradientStartFrom": 0, "gradientStartTo": 360, "hueFrom": 360, "hueTo": 0,
//       "label": "Measuring Heart Rate",          // or null for no label
//       "labelColor": "#FFFFFF", "fontSize": 17,
//       "font": {"family": "Inter", "style": "Bold"},   // or {"path": "fonts/X.otf"}
//       "labelHeight": 20.33, "labelBaseline": 16.19, "gap": 10.64   // advanced (§2.1)
//     }
//
// The font: --font PATH, else the preset's path (relative to the preset file), else fontconfig's
// best match for family and style.
import Geometry
import Raster
import Text

/// The heart's preset parameters: the scene's own plus the label's font.
public struct HeartPreset: Sendable {
    public var parameters = HeartParameters()
    public var fontFamily = "Inter"
    public var fontStyle = "Bold"
    /// A font file, relative to the preset unless absolute.
    public var fontPath: String?

    public init() {}
}

public enum HeartPlugin: ScenePlugin {
    public static let name = "heart"
    public static let summary = "heart-rate outline: dashed gradient stroke, hue rotation, label (docs/ANIMATIONS.md §2)"
    public static let defaultPreset: String? = "heart"
    public static let defaultBackground = RGBA.black
    public static var defaultParameters: HeartPreset { HeartPreset() }
    public static func defaultCanvas(for parameters: HeartPreset) -> Size { Size(width: 320, height: 180) }

    static let keys = ["size", "lineWidth", "dashOn", "dashOff", "scaleDash", "phaseFrom", "phaseTo", "period",
                       "gradientColors", "gradientStartFrom", "gradientStartTo", "hueFrom", "hueTo", "label",
                       "labelColor", "fontSize", "font", "labelHeight", "labelBaseline", "gap"]
    /// Dashes along one outline: L = 2.62067 × size; more than this many dashes is an error.
    static let maxDashes = 10_000.0

    public static func decodeParameters(from decoder: any Decoder) throws -> HeartPreset {
        try StrictDecoding.rejectUnknownKeys(decoder, known: keys)
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        var preset = HeartPreset()
        var p = HeartParameters()
        func number(_ key: String, _ current: Double, _ range: ClosedRange<Double>, positive: Bool = false, unit: String = "") throws -> Double {
            guard let v = try c.decodeIfPresent(Double.self, forKey: AnyCodingKey(key)) else { return current }
            if positive {
                try StrictDecoding.checkPositive(v, max: range.upperBound, decoder, key, unit: unit)
            } else {
                try StrictDecoding.check(v, in: range, decoder, key, unit: unit)
            }
            return v
        }
        p.size = try number("size", p.size, 0...2000, positive: true, unit: " pt")
        p.lineWidth = try number("lineWidth", p.lineWidth, 0...500, positive: true, unit: " pt")
        p.dashOn = try number("dashOn", p.dashOn, 0...100_000, positive: true, unit: " pt")
        p.dashOff = try number("dashOff", p.dashOff, 0...100_000, unit: " pt")
        p.scaleDash = try c.decodeIfPresent(Bool.self, forKey: AnyCodingKey("scaleDash")) ?? p.scaleDash
        p.phaseFrom = try number("phaseFrom", p.phaseFrom, -1e6...1e6, unit: " pt")
        p.phaseTo = try number("phaseTo", p.phaseTo, -1e6...1e6, unit: " pt")
        p.period = try number("period", p.period, 0...3600, positive: true, unit: " s")
        p.gradientStartFrom = try number("gradientStartFrom", p.gradientStartFrom, -1e5...1e5, unit: "°")
        p.gradientStartTo = try number("gradientStartTo", p.gradientStartTo, -1e5...1e5, unit: "°")
        p.hueFrom = try number("hueFrom", p.hueFrom, -1e5...1e5, unit: "°")
        p.hueTo = try number("hueTo", p.hueTo, -1e5...1e5, unit: "°")
        p.fontSize = try number("fontSize", p.fontSize, 0...500, positive: true, unit: " pt")
        p.labelHeight = try number("labelHeight", p.labelHeight, 0...1000, unit: " pt")
        p.labelBaseline = try number("labelBaseline", p.labelBaseline, 0...1000, unit: " pt")
        p.gap = try number("gap", p.gap, 0...1000, unit: " pt")
        if let colors = try c.decodeIfPresent([ColorValue].self, forKey: AnyCodingKey("gradientColors")) {
            guard (2...64).contains(colors.count) else {
                throw StrictDecoding.invalid(decoder, "gradientColors", "needs 2 to 64 colours (a gradient), found \(colors.count)")
            }
            p.gradientColors = colors.map(\.rgba)
        }
        if c.contains(AnyCodingKey("label")) {
            if try c.decodeNil(forKey: AnyCodingKey("label")) {
                p.label = nil
            } else {
                let text = try c.decode(String.self, forKey: AnyCodingKey("label"))
                guard text.count <= 200 else {
                    throw StrictDecoding.invalid(decoder, "label", "\(text.count) characters; at most 200")
                }
                p.label = text.isEmpty ? nil : text
            }
        }
        p.labelColor = try c.decodeIfPresent(ColorValue.self, forKey: AnyCodingKey("labelColor"))?.rgba ?? p.labelColor
        let length = 2.62067 * p.size
        let period = (p.dashOn + p.dashOff) * (p.scaleDash ? p.size / 64 : 1)
        if length / period > maxDashes {
            throw StrictDecoding.invalid(decoder, "dashOn", "the pattern would draw \(Int(length / period)) dashes on the outline; at most \(Int(maxDashes))")
        }
        preset.parameters = p
        if c.contains(AnyCodingKey("font")) {
            let font = try c.superDecoder(forKey: AnyCodingKey("font"))
            try StrictDecoding.rejectUnknownKeys(font, known: ["family", "style", "path"])
            enum F: String, CodingKey { case family, style, path }
            let f = try font.container(keyedBy: F.self)
            preset.fontPath = try f.decodeIfPresent(String.self, forKey: .path)
            preset.fontFamily = try f.decodeIfPresent(String.self, forKey: .family) ?? preset.fontFamily
            preset.fontStyle = try f.decodeIfPresent(String.self, forKey: .style) ?? preset.fontStyle
        }
        return preset
    }

    /// The preset's font path resolved against the preset file's folder.
    static func resolvedFontPath(_ path: String, presetPath: String?) -> String {
        guard !path.hasPrefix("/"), let presetPath, let slash = presetPath.lastIndex(of: "/") else { return path }
        return String(presetPath[...slash]) + path
    }

    /// The label's font: --font, the preset's path, or fontconfig's family/style match.
    public static func makeScene(_ preset: HeartPreset, canvas: Size, context: SceneContext) throws(SceneError) -> any Scene {
        var parameters = preset.parameters
        if !context.loadsFonts { parameters.label = nil }
        var font: Font?
        if context.fontOverride != nil && parameters.label == nil {
            throw .invalidOption(flag: "--font", message: "this heart preset has no label, so no font is used")
        }
        if parameters.label != nil {
            do {
                if let path = context.fontOverride {
                    font = try Font(path: path, size: parameters.fontSize)
                } else if let path = preset.fontPath {
                    font = try Font(path: resolvedFontPath(path, presetPath: context.presetPath), size: parameters.fontSize)
                } else {
                    font = try Font(family: preset.fontFamily, style: preset.fontStyle, size: parameters.fontSize)
                }
            } catch {
                if context.fontOverride != nil { throw .invalidOption(flag: "--font", message: "\(error)") }
                throw .invalidParameter(field: "parameters.font", message: "\(error)")
            }
        }
        do {
            return try HeartScene(canvas: canvas, parameters: parameters, font: font)
        } catch {
            throw .invalidParameter(field: "parameters", message: "\(error)")
        }
    }

    /// The font files the label is drawn with (batch hashes them): its font, then any fallback
    /// fonts its characters are drawn with (Text's TextRuns.swift).
    public static func inputFiles(_ preset: HeartPreset, context: SceneContext) -> [String] {
        guard let label = preset.parameters.label else { return [] }
        let path = preset.fontPath.map { resolvedFontPath($0, presetPath: context.presetPath) }
        let font = try? path.map { p throws(FontError) in try Font(path: p, size: preset.parameters.fontSize) }
            ?? Font(family: preset.fontFamily, style: preset.fontStyle, size: preset.parameters.fontSize)
        guard let font else { return path.map { [$0] } ?? [] }
        var files = [font.path]
        for glyph in font.layout(label).glyphs where !files.contains(glyph.font.path) { files.append(glyph.font.path) }
        return files
    }

    /// The label: fallback fonts (notes), missing characters (warnings; errors with --strict),
    /// and whether it fits the canvas (HeartLabelReview.swift).
    public static func review(_ scene: any Scene, context: SceneContext) throws(SceneError) -> SceneReview {
        guard let heart = scene as? HeartScene else { return SceneReview() }
        return try reviewLabel(of: heart, strict: context.strict)
    }

    public static var extraHelp: String? { heartLabelHelp }
}
