// Colour-stop expressions (a gradient's `g.k` with `x`): `value` is the flat array (4 numbers per
// colour stop, 2 per opacity stop), the result must be one as long. Values worked out by hand.
import Foundation
import Testing
@testable import Lottie

private func escaped(_ x: String) -> String {
    x.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
}

/// A gradient fill with two colour stops — 0: green, 1: blue — and expression `x` on them.
private func stops(_ x: String) throws -> (LottieAnimation, FlatProperty?) {
    let g = #"{"p": 2, "k": {"a": 0, "k": [0, 0, 1, 0, 1, 0, 0, 1], "x": "\#(escaped(x))"}}"#
    let gf = #"{"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "o": {"a": 0, "k": 100}, "g": \#(g)}"#
    let layer = #"{"ty": 4, "ind": 1, "nm": "L", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(gf)]}"#
    let a = try decode(lottieJSON(layers: "[\(layer)]"))
    guard case .shapes(let items) = a.root.layers[0].content, case .gradientFill(let f)? = items.first else { return (a, nil) }
    return (a, f.paint.stops.values)
}

private func values(_ p: FlatProperty, at frame: Double) -> [Double] {
    var out: [Double] = []
    p.withValues(at: frame) { out = Array($0) }
    return out
}

@Suite("ExpressionGradients") struct ExpressionGradientTests {
    @Test func colourStopsFollowTheScript() throws {
        // The second stop's red rises with time: frame 15 = 0.5 s → 0.5; the first stop moves to 0.25.
        let (a, p) = try stops("var v = value; v[0] = 0.25; v[5] = Math.min(time, 1); v")
        #expect(!a.features.uses(.unrecognisedExpressions), "\(a.features.places(of: .unrecognisedExpressions))")
        let g = try #require(p)
        #expect(values(g, at: 15) == [0.25, 0, 1, 0, 1, 0.5, 0, 1])
        #expect(values(g, at: 60) == [0.25, 0, 1, 0, 1, 1, 0, 1])
    }

    @Test func aResultOfAnotherLengthIsReported() throws {
        let (a, p) = try stops("[1, 0, 0]")
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(places.count == 1 && places[0].contains("not the gradient's 8 numbers"), "\(places)")
        #expect(values(try #require(p), at: 0) == [0, 0, 1, 0, 1, 0, 0, 1])
    }
}
