// The dots as a plug-in: the "parameters" object in a preset (docs/ANIMATIONS.md §4.4), decoded
// strictly, and the defaults.
//
//     "parameters": {
//       "numberOfDots": 3,             // 1 … 64
//       "color": "#007AFF",            // default SwiftUI green #34C759 (the component's default)
//       "dotSize": 50,                 // pt: frame side and circle diameter (base radius dotSize/2)
//       "spacing": 8,                  // pt between frames
//       "stagger": 0.2,                // s, per-dot delay of the grow
//       "hold": 0.4,                   // s, grow → shrink
//       "cycle": 1.0,                  // s, repeat interval (= the loop period)
//       "bigScale": 1.0, "smallScale": 0.2,
//       "threshold": 0.7,              // model scale ≥ threshold → opacity 1, else dimOpacity
//       "dimOpacity": 0.7,
//       "baseDuration": 0.35, "speed": 0.5,   // each change animates over baseDuration/speed s
//       "curve": [0.42, 0, 0.58, 1]    // cubic Bézier timing curve (easeInOut)
//     }
//
// Every key is optional. Without a preset "canvas" the canvas is the row plus margins:
// (n·dotSize + (n − 1)·spacing + 74) × (dotSize + 70) pt, 240 × 120 for the defaults.
import Raster
import Motion

public enum DotsPlugin: ScenePlugin {
    public static let name = "dots"
    public static let summary = "SwiftUI progress dots: a staggered grow/shrink wave (docs/ANIMATIONS.md §4)"
    public static let defaultPreset: String? = "dots"
    public static let defaultBackground = RGBA.white
    public static var defaultParameters: DotsParameters { DotsParameters() }

    /// The row plus margins (240 × 120 for three 50-pt dots).
    public static func defaultCanvas(for parameters: DotsParameters) -> Size { parameters.defaultCanvas }

    static let keys = ["numberOfDots", "color", "dotSize", "spacing", "stagger", "hold", "cycle", "bigScale",
                       "smallScale", "threshold", "dimOpacity", "baseDuration", "speed", "curve"]

    public static func decodeParameters(from decoder: any Decoder) throws -> DotsParameters {
        try StrictDecoding.rejectUnknownKeys(decoder, known: keys)
        enum K: String, CodingKey {
            case numberOfDots, color, dotSize, spacing, stagger, hold, cycle, bigScale, smallScale, threshold,
                 dimOpacity, baseDuration, speed, curve
        }
        let c = try decoder.container(keyedBy: K.self)
        var p = DotsParameters()
        // Decoded as a number, so that 2.5 is refused with the range of dots in the message.
        if let n = try c.decodeIfPresent(Double.self, forKey: .numberOfDots) {
            guard n == n.rounded(), abs(n) <= 1_000_000 else {
                throw StrictDecoding.invalid(decoder, "numberOfDots", "\(n) is not a whole number of dots (1…\(DotsParameters.maxDots))")
            }
            p.numberOfDots = Int(n)
        }
        if let color = try c.decodeIfPresent(ColorValue.self, forKey: .color) { p.color = color.rgba }
        let numbers: [(K, WritableKeyPath<DotsParameters, Double>)] = [
            (.dotSize, \.dotSize), (.spacing, \.spacing), (.stagger, \.stagger), (.hold, \.hold), (.cycle, \.cycle),
            (.bigScale, \.bigScale), (.smallScale, \.smallScale), (.threshold, \.threshold),
            (.dimOpacity, \.dimOpacity), (.baseDuration, \.baseDuration), (.speed, \.speed),
        ]
        for (key, path) in numbers {
            if let v = try c.decodeIfPresent(Double.self, forKey: key) { p[keyPath: path] = v }
        }
        if let f = try c.decodeIfPresent([Double].self, forKey: .curve) {
            guard f.count == 4, let curve = try? TimingCurve(validating: f[0], f[1], f[2], f[3]),
                  abs(f[1]) <= 10, abs(f[3]) <= 10 else {
                throw StrictDecoding.invalid(decoder, "curve", "expected [x1, y1, x2, y2] with x1, x2 in [0, 1] and |y1|, |y2| ≤ 10 (easeInOut is [0.42, 0, 0.58, 1])")
            }
            p.curve = curve
        }
        if let e = p.validationError() {
            throw StrictDecoding.invalid(decoder, e.field, e.message)
        }
        return p
    }

    public static func makeScene(_ parameters: DotsParameters, canvas: Size, context: SceneContext) throws(SceneError) -> any Scene {
        do {
            return try DotsScene(canvas: canvas, parameters: parameters)
        } catch {
            throw .invalidParameter(field: "parameters", message: "\(error)")
        }
    }

    public static let loopHelp: String? = """
          --loops N renders N cycles (1 s by default). Every dot repeats with the cycle once its
          first grow has finished: from t = stagger·(n − 1) + baseDuration/speed (1.1 s for 3
          dots), so loops start at the next whole cycle (2 s for 3 or 5 dots) unless --start T
          (≥ that time) is given. Presets: dots (green, the default), blue (the tutorial), five.
        """
}
