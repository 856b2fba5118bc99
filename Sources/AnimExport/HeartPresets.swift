// The heart animation's "parameters" object (docs/ANIMATIONS.md §2.7), decoded strictly:
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
import Foundation
import Scenes
import Text

struct HeartSpec: Decodable {
    var parameters = HeartParameters()
    var fontFamily = "Inter"
    var fontStyle = "Bold"
    var fontPath: String?

    static let keys = ["size", "lineWidth", "dashOn", "dashOff", "scaleDash", "phaseFrom", "phaseTo", "period",
                       "gradientColors", "gradientStartFrom", "gradientStartTo", "hueFrom", "hueTo", "label",
                       "labelColor", "fontSize", "font", "labelHeight", "labelBaseline", "gap"]
    /// Dashes along one outline: L = 2.62067 × size; more than this many dashes is an error.
    static let maxDashes = 10_000.0

    init() {}

    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: Self.keys)
        struct Key: CodingKey {
            var stringValue: String; var intValue: Int? { nil }
            init(_ s: String) { stringValue = s }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        let c = try decoder.container(keyedBy: Key.self)
        var p = HeartParameters()
        func number(_ key: String, _ current: Double, _ range: ClosedRange<Double>, positive: Bool = false, unit: String = "") throws -> Double {
            guard let v = try c.decodeIfPresent(Double.self, forKey: Key(key)) else { return current }
            if positive { try checkPositive(v, max: range.upperBound, decoder, key, unit: unit) } else { try check(v, in: range, decoder, key, unit: unit) }
            return v
        }
        p.size = try number("size", p.size, 0...2000, positive: true, unit: " pt")
        p.lineWidth = try number("lineWidth", p.lineWidth, 0...500, positive: true, unit: " pt")
        p.dashOn = try number("dashOn", p.dashOn, 0...100_000, positive: true, unit: " pt")
        p.dashOff = try number("dashOff", p.dashOff, 0...100_000, unit: " pt")
        p.scaleDash = try c.decodeIfPresent(Bool.self, forKey: Key("scaleDash")) ?? p.scaleDash
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
        if let colors = try c.decodeIfPresent([ColorSpec].self, forKey: Key("gradientColors")) {
            guard (2...64).contains(colors.count) else {
                throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "gradientColors"),
                                          message: "needs 2 to 64 colours (a gradient), found \(colors.count)")
            }
            p.gradientColors = colors.map(\.rgba)
        }
        if c.contains(Key("label")) {
            if try c.decodeNil(forKey: Key("label")) {
                p.label = nil
            } else {
                let text = try c.decode(String.self, forKey: Key("label"))
                guard text.count <= 200 else {
                    throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "label"),
                                              message: "\(text.count) characters; at most 200")
                }
                p.label = text.isEmpty ? nil : text
            }
        }
        p.labelColor = try c.decodeIfPresent(ColorSpec.self, forKey: Key("labelColor"))?.rgba ?? p.labelColor
        let length = 2.62067 * p.size
        let period = (p.dashOn + p.dashOff) * (p.scaleDash ? p.size / 64 : 1)
        if length / period > Self.maxDashes {
            throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "dashOn"),
                                      message: "the pattern would draw \(Int(length / period)) dashes on the outline; at most \(Int(Self.maxDashes))")
        }
        parameters = p
        if c.contains(Key("font")) {
            let font = try c.superDecoder(forKey: Key("font"))
            try rejectUnknownKeys(font, known: ["family", "style", "path"])
            enum F: String, CodingKey { case family, style, path }
            let f = try font.container(keyedBy: F.self)
            fontPath = try f.decodeIfPresent(String.self, forKey: .path)
            fontFamily = try f.decodeIfPresent(String.self, forKey: .family) ?? fontFamily
            fontStyle = try f.decodeIfPresent(String.self, forKey: .style) ?? fontStyle
        }
    }

    /// The scene, with the label's font loaded from `fontPath` (--font), the preset's path
    /// (relative to the preset file) or fontconfig's family/style lookup.
    func scene(canvas: Size, fontPath override: String?, file: String?) throws(ExportError) -> HeartScene {
        var font: Font?
        if override != nil && parameters.label == nil {
            throw .usage("--font: this heart preset has no label, so no font is used")
        }
        if parameters.label != nil {
            do {
                if let path = override {
                    font = try Font(path: path, size: parameters.fontSize)
                } else if let path = fontPath {
                    let base = file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
                    let resolved = path.hasPrefix("/") || base == nil ? path : base!.appendingPathComponent(path).path
                    font = try Font(path: resolved, size: parameters.fontSize)
                } else {
                    font = try Font(family: fontFamily, style: fontStyle, size: parameters.fontSize)
                }
            } catch {
                if override != nil { throw .usage("--font: \(error)") }
                throw .invalid(file: file, field: "parameters.font", message: "\(error)")
            }
        }
        do {
            return try HeartScene(canvas: canvas, parameters: parameters, font: font)
        } catch {
            throw .invalid(file: file, field: "parameters", message: "\(error)")
        }
    }
}
