// Each animation's "parameters" object in a preset, decoded strictly and range-checked,
// then turned into the Scenes module's parameter types. Scenes know nothing of JSON.
//
// pulse (docs/ANIMATIONS.md §3.4):
//     "parameters": {
//       "layers": [                          // front to back
//         {"radius": 100, "duration": 1.0, "repeatCount": "infinite", "color": "#396CFF",
//          "center": [200, 200], "startTime": 0},
//         {"radius": 200, "duration": 1.4, "repeatCount": 15, "color": "#FF5D26"}
//       ],
//       "opacityValues": [0.4, 0.8, 0], "opacityKeyTimes": [0, 0.3, 1],   // advanced
//       "timingFunction": [0.25, 0.1, 0.25, 1.0]                          // advanced
//     }
import Geometry
import Foundation
import Raster
import Motion
import Scenes

/// The animations animexport can render.
public enum AnimationKind: String, CaseIterable, Sendable {
    case pulse
    case dots
    case heart

    /// The preset used when `--preset` is not given.
    public var defaultPreset: String {
        switch self {
        case .pulse: return "red"
        case .dots: return "dots"
        case .heart: return "heart"
        }
    }

    public var summary: String {
        switch self {
        case .pulse: return "Core Animation pulse: expanding, fading discs (docs/ANIMATIONS.md §3)"
        case .dots: return "SwiftUI progress dots: a staggered grow/shrink wave (docs/ANIMATIONS.md §4)"
        case .heart: return "heart-rate outline: dashed gradient stroke, hue rotation, label (docs/ANIMATIONS.md §2)"
        }
    }

    var defaultCanvas: Size {
        switch self {
        case .pulse: return Size(width: 400, height: 400)
        case .dots: return DotsParameters().defaultCanvas     // 240 × 120; see SceneParameters.defaultCanvas
        case .heart: return Size(width: 320, height: 180)
        }
    }

    var defaultBackground: RGBA {
        switch self {
        case .pulse, .dots: return .white
        case .heart: return .black
        }
    }
}

/// Decoded parameters for one of the animations.
enum SceneParameters {
    case pulse(PulseParameters)
    case dots(DotsParameters)
    case heart(HeartSpec)

    init(kind: AnimationKind, from decoder: Decoder) throws {
        switch kind {
        case .pulse: self = .pulse(try PulseSpec(from: decoder).parameters)
        case .dots: self = .dots(try DotsSpec(from: decoder).parameters)
        case .heart: self = .heart(try HeartSpec(from: decoder))
        }
    }

    static func defaults(for kind: AnimationKind) -> SceneParameters {
        switch kind {
        case .pulse:
            return .pulse(PulseParameters(layers: [PulseLayer(radius: 150, duration: 1, color: RGBA(r: 0.8993218541, g: 0.1372507513, b: 0.2670814395, a: 1))]))
        case .dots:
            return .dots(DotsParameters())
        case .heart:
            return .heart(HeartSpec())
        }
    }

    /// Binds the parameters to a canvas: the scene to render. `fontPath` (from --font)
    /// overrides the preset's font.
    func scene(canvas: Size, fontPath: String? = nil, file: String? = nil) throws -> any Scene {
        switch self {
        case .pulse(let p): return try PulseScene(canvas: canvas, parameters: p)
        case .dots(let p): return try DotsScene(canvas: canvas, parameters: p)
        case .heart(let spec): return try spec.scene(canvas: canvas, fontPath: fontPath, file: file)
        }
    }
}

// MARK: - pulse

/// Checks `value` ∈ range, or throws naming the field.
func check(_ value: Double, in range: ClosedRange<Double>, _ decoder: Decoder, _ key: String, unit: String = "") throws {
    guard value.isFinite, range.contains(value) else {
        throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: key),
                                  message: "\(value)\(unit) is outside the allowed range \(format(range.lowerBound))…\(format(range.upperBound))\(unit)")
    }
}

/// Like `check` but the lower bound is exclusive: (lower, upper].
func checkPositive(_ value: Double, max: Double, _ decoder: Decoder, _ key: String, unit: String = "") throws {
    guard value.isFinite, value > 0, value <= max else {
        throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: key),
                                  message: "\(format(value))\(unit) is outside the allowed range (0, \(format(max))]\(unit)")
    }
}

func format(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}

struct PulseLayerSpec: Decodable {
    var layer: PulseLayer
    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: ["radius", "duration", "repeatCount", "color", "center", "startTime"])
        enum K: String, CodingKey { case radius, duration, repeatCount, color, center, startTime }
        let c = try decoder.container(keyedBy: K.self)
        let radius = try c.decode(Double.self, forKey: .radius)
        try checkPositive(radius, max: 10_000, decoder, "radius", unit: " pt")
        let duration = try c.decode(Double.self, forKey: .duration)
        try checkPositive(duration, max: 3600, decoder, "duration", unit: " s")
        var count = RepeatCount.infinite
        if c.contains(.repeatCount) {
            if let n = try? c.decode(Double.self, forKey: .repeatCount) {
                try checkPositive(n, max: 1_000_000, decoder, "repeatCount")
                count = .finite(n)
            } else if let s = try? c.decode(String.self, forKey: .repeatCount), s == "infinite" {
                count = .infinite
            } else {
                throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "repeatCount"),
                                          message: "expected a number in (0, 1000000] or \"infinite\"")
            }
        }
        let color = try c.decode(ColorSpec.self, forKey: .color).rgba
        var center: Point?
        if let xy = try c.decodeIfPresent([Double].self, forKey: .center) {
            guard xy.count == 2, xy.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) else {
                throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "center"),
                                          message: "expected [x, y] in points, each within ±100000")
            }
            center = Point(x: xy[0], y: xy[1])
        }
        let start = try c.decodeIfPresent(Double.self, forKey: .startTime) ?? 0
        try check(start, in: 0...3600, decoder, "startTime", unit: " s")
        layer = PulseLayer(radius: radius, duration: duration, repeatCount: count, color: color,
                           center: center, startTime: start)
    }
}

struct PulseSpec: Decodable {
    var parameters: PulseParameters
    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: ["layers", "opacityValues", "opacityKeyTimes", "timingFunction"])
        enum K: String, CodingKey { case layers, opacityValues, opacityKeyTimes, timingFunction }
        let c = try decoder.container(keyedBy: K.self)
        let layers = try c.decode([PulseLayerSpec].self, forKey: .layers).map(\.layer)
        guard (1...64).contains(layers.count) else {
            throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "layers"),
                                      message: "needs 1 to 64 layers, found \(layers.count)")
        }
        var p = PulseParameters(layers: layers)
        if let v = try c.decodeIfPresent([Double].self, forKey: .opacityValues) { p.opacityValues = v }
        if let k = try c.decodeIfPresent([Double].self, forKey: .opacityKeyTimes) { p.opacityKeyTimes = k }
        do {
            _ = try Keyframes(values: p.opacityValues, keyTimes: p.opacityKeyTimes)
        } catch {
            throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "opacityKeyTimes"),
                                      message: "\(error)")
        }
        if p.opacityValues.contains(where: { !(0...1).contains($0) }) {
            throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "opacityValues"),
                                      message: "opacities must lie in [0, 1]")
        }
        if let f = try c.decodeIfPresent([Double].self, forKey: .timingFunction) {
            guard f.count == 4, f.allSatisfy(\.isFinite), (0...1).contains(f[0]), (0...1).contains(f[2]),
                  abs(f[1]) <= 10, abs(f[3]) <= 10 else {
                throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "timingFunction"),
                                          message: "expected [x1, y1, x2, y2] with x1, x2 in [0, 1]")
            }
            p.timing = TimingCurve(f[0], f[1], f[2], f[3])
        }
        parameters = p
    }
}
