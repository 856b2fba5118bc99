// The pulse as a plug-in: its "parameters" object in a preset (docs/ANIMATIONS.md §3.4), decoded
// strictly and range-checked, and its defaults.
//
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
import Raster
import Motion

public enum PulsePlugin: ScenePlugin {
    public static let name = "pulse"
    public static let summary = "Core Animation pulse: expanding, fading discs (docs/ANIMATIONS.md §3)"
    public static let defaultPreset: String? = "red"
    public static let defaultBackground = RGBA.white

    public static var defaultParameters: PulseParameters {
        PulseParameters(layers: [PulseLayer(radius: 150, duration: 1,
                                            color: RGBA(r: 0.8993218541, g: 0.1372507513, b: 0.2670814395, a: 1))])
    }

    public static func defaultCanvas(for parameters: PulseParameters) -> Size { Size(width: 400, height: 400) }

    public static func decodeParameters(from decoder: any Decoder) throws -> PulseParameters {
        try StrictDecoding.rejectUnknownKeys(decoder, known: ["layers", "opacityValues", "opacityKeyTimes", "timingFunction"])
        enum K: String, CodingKey { case layers, opacityValues, opacityKeyTimes, timingFunction }
        let c = try decoder.container(keyedBy: K.self)
        let layers = try c.decode([PulseLayerDecoding].self, forKey: .layers).map(\.layer)
        guard (1...64).contains(layers.count) else {
            throw StrictDecoding.invalid(decoder, "layers", "needs 1 to 64 layers, found \(layers.count)")
        }
        var p = PulseParameters(layers: layers)
        if let v = try c.decodeIfPresent([Double].self, forKey: .opacityValues) { p.opacityValues = v }
        if let k = try c.decodeIfPresent([Double].self, forKey: .opacityKeyTimes) { p.opacityKeyTimes = k }
        do {
            _ = try Keyframes(values: p.opacityValues, keyTimes: p.opacityKeyTimes)
        } catch {
            throw StrictDecoding.invalid(decoder, "opacityKeyTimes", "\(error)")
        }
        if p.opacityValues.contains(where: { !(0...1).contains($0) }) {
            throw StrictDecoding.invalid(decoder, "opacityValues", "opacities must lie in [0, 1]")
        }
        if let f = try c.decodeIfPresent([Double].self, forKey: .timingFunction) {
            guard f.count == 4, f.allSatisfy(\.isFinite), (0...1).contains(f[0]), (0...1).contains(f[2]),
                  abs(f[1]) <= 10, abs(f[3]) <= 10 else {
                throw StrictDecoding.invalid(decoder, "timingFunction", "expected [x1, y1, x2, y2] with x1, x2 in [0, 1]")
            }
            p.timing = TimingCurve(f[0], f[1], f[2], f[3])
        }
        return p
    }

    public static func makeScene(_ parameters: PulseParameters, canvas: Size, context: SceneContext) throws(SceneError) -> any Scene {
        do {
            return try PulseScene(canvas: canvas, parameters: parameters)
        } catch {
            throw .invalidParameter(field: "parameters", message: "\(error)")
        }
    }

    public static let loopHelp: String? = """
          --loops N renders N × the period from --start (default 0). The period is the LCM of the
          durations of the layers running then: red 1 s, orange 1.2 s, blue 7 s (1 s and 1.4 s),
          which holds only until blue's 15-repeat layer ends at 21 s (at most 3 loops from 0);
          from --start 21 on, blue loops every 1 s. Frames = N × period × fps must be whole:
          orange at 24 fps is 28.8 frames per loop (use 25, 30, 50 or 60 fps, or --loops 5).
        """
}

/// One entry of "layers".
struct PulseLayerDecoding: Decodable {
    var layer: PulseLayer

    init(from decoder: any Decoder) throws {
        try StrictDecoding.rejectUnknownKeys(decoder, known: ["radius", "duration", "repeatCount", "color", "center", "startTime"])
        enum K: String, CodingKey { case radius, duration, repeatCount, color, center, startTime }
        let c = try decoder.container(keyedBy: K.self)
        let radius = try c.decode(Double.self, forKey: .radius)
        try StrictDecoding.checkPositive(radius, max: 10_000, decoder, "radius", unit: " pt")
        let duration = try c.decode(Double.self, forKey: .duration)
        try StrictDecoding.checkPositive(duration, max: 3600, decoder, "duration", unit: " s")
        var count = RepeatCount.infinite
        if c.contains(.repeatCount) {
            if let n = try? c.decode(Double.self, forKey: .repeatCount) {
                try StrictDecoding.checkPositive(n, max: 1_000_000, decoder, "repeatCount")
                count = .finite(n)
            } else if let s = try? c.decode(String.self, forKey: .repeatCount), s == "infinite" {
                count = .infinite
            } else {
                throw StrictDecoding.invalid(decoder, "repeatCount", "expected a number in (0, 1000000] or \"infinite\"")
            }
        }
        let color = try c.decode(ColorValue.self, forKey: .color).rgba
        var center: Point?
        if let xy = try c.decodeIfPresent([Double].self, forKey: .center) {
            guard xy.count == 2, xy.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) else {
                throw StrictDecoding.invalid(decoder, "center", "expected [x, y] in points, each within ±100000")
            }
            center = Point(x: xy[0], y: xy[1])
        }
        let start = try c.decodeIfPresent(Double.self, forKey: .startTime) ?? 0
        try StrictDecoding.check(start, in: 0...3600, decoder, "startTime", unit: " s")
        layer = PulseLayer(radius: radius, duration: duration, repeatCount: count, color: color,
                           center: center, startTime: start)
    }
}
