// Shared helpers for LottieTests.
import Foundation
@testable import Lottie

/// |a − b| ≤ tol.
func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// Decodes a JSON text written in a test.
func decode(_ json: String, file: String = "test.json", limits: LottieLimits = .standard) throws -> LottieAnimation {
    try LottieDecoder.decode(Array(json.utf8), file: file, limits: limits)
}

/// The error a JSON text decodes to, or nil.
func decodeError(_ json: String, limits: LottieLimits = .standard) -> LottieError? {
    do {
        _ = try LottieDecoder.decode(Array(json.utf8), file: "anim.json", limits: limits)
        return nil
    } catch {
        return error
    }
}

/// Folder of this test target's fixtures.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A minimal Lottie document around `layers` (a JSON array text).
func lottieJSON(layers: String, assets: String = "[]", fr: Double = 30, ip: Double = 0, op: Double = 60,
                w: Double = 100, h: Double = 100, extra: String = "") -> String {
    """
    {"v": "5.7.4", "fr": \(fr), "ip": \(ip), "op": \(op), "w": \(w), "h": \(h), "assets": \(assets), "layers": \(layers)\(extra)}
    """
}

/// A shape layer with `shapes` (a JSON array text) and optional extra members.
func shapeLayer(_ shapes: String, ind: Int = 1, name: String = "Shape", extra: String = "") -> String {
    """
    {"ty": 4, "ind": \(ind), "nm": "\(name)", "ip": 0, "op": 60, "st": 0,
     "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
            "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
     "shapes": \(shapes)\(extra)}
    """
}

/// The first shape layer's items.
func shapeItems(_ animation: LottieAnimation) -> [ShapeItem] {
    for layer in animation.root.layers { if case .shapes(let items) = layer.content { return items } }
    return []
}
