// StrictDecoding.swift — the tools scenes decode their preset parameters with.
//
// Swift's decoders ignore keys a type does not declare. Presets are edited by hand by many
// people, so a misspelt key ("radious") must be an error, not a silent default: each decoder
// lists its keys and `rejectUnknownKeys` names the nearest known key (edit distance).
// Range checks throw `SceneError.invalidParameter` naming the field by its coding path
// ("parameters.layers[0].radius") and the allowed range; the app adds the file name.
import Raster

/// Any string key, to list every key present in a JSON object.
public struct AnyCodingKey: CodingKey {
    public var stringValue: String
    public var intValue: Int?
    public init(_ string: String) { stringValue = string }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

/// Thrown from `init(from:)` when an object has a key its type does not know.
public struct UnknownKeyError: Error {
    public let path: [CodingKey]
    public let key: String
    public let suggestion: String?
}

public enum StrictDecoding {
    /// Throws `UnknownKeyError` if the object being decoded has a key outside `known`.
    public static func rejectUnknownKeys(_ decoder: any Decoder, known: [String]) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw UnknownKeyError(path: decoder.codingPath, key: key.stringValue,
                                  suggestion: nearest(to: key.stringValue, in: known))
        }
    }

    /// The candidate closest to `word`, if it is plausibly a typo of it: compared without leading
    /// dashes, at most 1 edit for names of 3 to 5 characters and 2 for longer ones (a swap of two
    /// neighbours is one edit), and never for names of 1 or 2 characters — `-o` is not a typo of
    /// `-y`.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        func bare(_ s: String) -> String { String(s.drop { $0 == "-" }).lowercased() }
        let w = bare(word)
        let limit = w.count <= 2 ? 0 : w.count <= 5 ? 1 : 2
        let scored = candidates.map { ($0, editDistance(w, bare($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= limit || best.1 == 0 ? best.0 : nil
    }

    /// Edit distance between two strings (by Unicode scalars): insertions, deletions,
    /// substitutions and swaps of adjacent characters (optimal string alignment).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// "layers[0].radius" from a coding path.
    public static func fieldPath(_ path: [CodingKey], appending last: String? = nil) -> String {
        var out = ""
        for key in path {
            if let i = key.intValue { out += "[\(i)]" } else { out += out.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        if let last { out += out.isEmpty ? last : ".\(last)" }
        return out.isEmpty ? "(top level)" : out
    }

    /// The error for field `key` of the object `decoder` is decoding.
    public static func invalid(_ decoder: any Decoder, _ key: String, _ message: String) -> SceneError {
        .invalidParameter(field: fieldPath(decoder.codingPath, appending: key), message: message)
    }

    /// Checks `value` ∈ range, or throws naming the field.
    public static func check(_ value: Double, in range: ClosedRange<Double>, _ decoder: any Decoder, _ key: String,
                             unit: String = "") throws(SceneError) {
        guard value.isFinite, range.contains(value) else {
            throw invalid(decoder, key, "\(value)\(unit) is outside the allowed range \(format(range.lowerBound))…\(format(range.upperBound))\(unit)")
        }
    }

    /// Like `check` but the lower bound is exclusive: (0, max].
    public static func checkPositive(_ value: Double, max: Double, _ decoder: any Decoder, _ key: String,
                                     unit: String = "") throws(SceneError) {
        guard value.isFinite, value > 0, value <= max else {
            throw invalid(decoder, key, "\(format(value))\(unit) is outside the allowed range (0, \(format(max))]\(unit)")
        }
    }

    /// 3 → "3", 2.5 → "2.5".
    public static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// A colour in a preset: "#RRGGBB", "#RRGGBBAA", "transparent", or {"r": 0.9, "g": 0.1, "b": 0.2,
/// "a": 1} with straight sRGB components in [0, 1] (for the tutorials' exact literals).
public struct ColorValue: Decodable, Equatable, Sendable {
    public var rgba: RGBA

    public init(_ rgba: RGBA) { self.rgba = rgba }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            if text.lowercased() == "transparent" {
                rgba = .clear
                return
            }
            guard let c = RGBA(hex: text) else {
                throw SceneError.invalidParameter(field: StrictDecoding.fieldPath(decoder.codingPath),
                                                  message: "'\(text)' is not a colour (use #RRGGBB, #RRGGBBAA or transparent)")
            }
            rgba = c
            return
        }
        try StrictDecoding.rejectUnknownKeys(decoder, known: ["r", "g", "b", "a"])
        enum K: String, CodingKey { case r, g, b, a }
        let c = try decoder.container(keyedBy: K.self)
        var comps: [Double] = []
        for k in [K.r, .g, .b] { comps.append(try c.decode(Double.self, forKey: k)) }
        let a = try c.decodeIfPresent(Double.self, forKey: .a) ?? 1
        for (k, v) in zip(["r", "g", "b", "a"], comps + [a]) where !(0...1).contains(v) {
            throw SceneError.invalidParameter(field: StrictDecoding.fieldPath(decoder.codingPath, appending: k),
                                              message: "\(v) is outside [0, 1]")
        }
        rgba = RGBA(r: comps[0], g: comps[1], b: comps[2], a: a)
    }
}
