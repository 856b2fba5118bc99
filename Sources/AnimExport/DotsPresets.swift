// The dots animation's "parameters" object in a preset (docs/ANIMATIONS.md §4.4), decoded strictly.
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
import Foundation
import Motion
import Scenes

struct DotsSpec: Decodable {
    var parameters: DotsParameters

    static let keys = ["numberOfDots", "color", "dotSize", "spacing", "stagger", "hold", "cycle", "bigScale",
                       "smallScale", "threshold", "dimOpacity", "baseDuration", "speed", "curve"]

    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: Self.keys)
        enum K: String, CodingKey {
            case numberOfDots, color, dotSize, spacing, stagger, hold, cycle, bigScale, smallScale, threshold,
                 dimOpacity, baseDuration, speed, curve
        }
        let c = try decoder.container(keyedBy: K.self)
        var p = DotsParameters()
        // Decoded as a number: JSONDecoder reports 2.5 for an Int as malformed JSON, without a field.
        if let n = try c.decodeIfPresent(Double.self, forKey: .numberOfDots) {
            guard n == n.rounded(), abs(n) <= 1_000_000 else {
                throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "numberOfDots"),
                                          message: "\(n) is not a whole number of dots (1…\(DotsParameters.maxDots))")
            }
            p.numberOfDots = Int(n)
        }
        if let color = try c.decodeIfPresent(ColorSpec.self, forKey: .color) { p.color = color.rgba }
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
                throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: "curve"),
                                          message: "expected [x1, y1, x2, y2] with x1, x2 in [0, 1] and |y1|, |y2| ≤ 10 (easeInOut is [0.42, 0, 0.58, 1])")
            }
            p.curve = curve
        }
        if let e = p.validationError() {
            throw ExportError.invalid(file: nil, field: fieldPath(decoder.codingPath, appending: e.field), message: e.message)
        }
        parameters = p
    }
}

extension SceneParameters {
    /// The canvas an animation gets when the preset has none, if it depends on the parameters
    /// (dots: the row plus margins); nil = `AnimationKind.defaultCanvas`.
    var defaultCanvas: Size? {
        if case .dots(let p) = self { return p.defaultCanvas }
        return nil
    }
}
