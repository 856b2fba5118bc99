// One expression fuzz case: bytes → an expression (as UTF-8 text) on seven properties of a small
// Lottie file (a keyframed opacity, a spatial keyframed position, a static scale, a fill colour, gradient colour stops,
// an ellipse size, a trim start, two paths (`.path` links between them make path chains and
// cycles), the rotation of a second layer, and a text layer's position and source text — the text
// layer is parented, so parent/hasParent/toComp reach a chain) with expression controls (a layer control among them)
// beside it and named items links can reach (`thisComp.layer("Shape").content("G").content("E")
// .size`, `comp("Main")…`: the same expression on several properties makes chains and cycles) → the decoder (parser, compiler, binding) → every
// property evaluated at a few frames, loops and wiggle included. Compiled into the
// ExpressionFuzz module (Fuzz/build.sh) and replayed by a unit test over
// Fuzz/regressions/expression (Tests/LottieTests/FuzzReplay links to this file). Unrecognised
// expressions are fine; crashes, hangs and runaway memory are not.
import JSON
import Lottie

/// `s` as the text of a JSON string literal (JSON.stringify's quoting, the JSON module's).
func jsonStringLiteral(_ s: String) -> String {
    var out = ""
    writeJSONString(s, into: &out)
    return out
}

func expressionFuzzFile(_ expression: String) -> String {
    let x = jsonStringLiteral(expression)
    let controls = #"""
    [{"ty": 5, "nm": "Slider Control", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider", "v": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 20, "s": [100]}]}}]},
     {"ty": 5, "nm": "Color Control", "mn": "ADBE Color Control", "ef": [{"ty": 2, "nm": "Color", "v": {"a": 0, "k": [0.2, 0.4, 0.6, 1]}}]},
     {"ty": 5, "nm": "Point Control", "mn": "ADBE Point Control", "ef": [{"ty": 3, "nm": "Point", "v": {"a": 0, "k": [10, 20]}}]},
     {"ty": 5, "nm": "Layer Control", "mn": "ADBE Layer Control", "ef": [{"ty": 10, "nm": "Layer", "mn": "ADBE Layer Control-0001", "v": {"a": 0, "k": 2}}]}]
    """#
    return """
    {"v": "5.7.4", "nm": "Main", "fr": 30, "ip": 0, "op": 60, "w": 64, "h": 64, "layers": [
     {"ty": 4, "ind": 1, "nm": "Shape", "ip": 0, "op": 60, "st": 0, "ef": \(controls),
      "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 5, "h": 1, "s": [50]}, {"t": 10, "s": [100]}], "x": \(x)},
             "p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [10, 0], "ti": [0, 10], "o": {"x": 0.5, "y": 0}, "i": {"x": 0.5, "y": 1}}, {"t": 30, "s": [64, 64]}], "x": \(x)},
             "s": {"a": 0, "k": [100, 100], "x": \(x)}},
      "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                 {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1], "x": \(x)}, "o": {"a": 0, "k": 100}},
                 {"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "o": {"a": 0, "k": 100},
                  "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1], "x": \(x)}}},
                 {"ty": "gr", "nm": "G", "it": [
                   {"ty": "el", "nm": "E", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 1, "k": [{"t": 0, "s": [4, 4], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}}, {"t": 20, "s": [30, 10]}], "x": \(x)}},
                   {"ty": "tm", "nm": "T", "s": {"a": 0, "k": 10, "x": \(x)}, "e": {"a": 0, "k": 90}, "o": {"a": 0, "k": 0}},
                   {"ty": "st", "nm": "S", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}},
                   {"ty": "sh", "nm": "P", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [9, 0], [0, 9]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}, "x": \(x)}},
                   {"ty": "sh", "nm": "Q", "ks": {"a": 1, "k": [{"t": 0, "s": [{"c": false, "v": [[1, 1], [5, 5]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}], "o": {"x": 0.5, "y": 0}, "i": {"x": 0.5, "y": 1}}, {"t": 20, "s": [{"c": false, "v": [[9, 1], [2, 7]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}]}], "x": \(x)}},
                   {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "o": {"a": 0, "k": 100}}]}]},
     {"ty": 3, "ind": 2, "nm": "Controls", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 0, "k": 15, "x": \(x)}}, "ef": \(controls)},
     {"ty": 5, "ind": 3, "nm": "Text", "parent": 2, "ip": 0, "op": 60, "st": 0, "ef": \(controls), "ks": {"p": {"a": 0, "k": [1, 2], "x": \(x)}},
      "t": {"d": {"k": [{"s": {"s": 10, "f": "F", "t": "AB", "j": 0, "tr": 0, "lh": 12, "ls": 0, "fc": [0, 0, 0]}, "t": 0},
                        {"s": {"s": 10, "f": "F", "t": "CD", "j": 0, "tr": 0, "lh": 12, "ls": 0, "fc": [0, 0, 0]}, "t": 30}], "x": \(x)},
            "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": []}}]}
    """
}

func runExpressionCase(_ bytes: [UInt8]) {
    let json = expressionFuzzFile(String(decoding: bytes.prefix(20_000), as: UTF8.self))
    guard let animation = try? LottieDecoder.decode(Array(json.utf8), file: "fuzz.json", limits: LottieLimits()) else { return }
    let evaluator = PropertyEvaluator(animation)
    for t in [0, 0.1, 0.5, 1.0, 1.99, -1, 7, 1e6] { _ = evaluator.evaluateAll(atSeconds: t) }
    if case .text(let content)? = animation.root.layers.last?.content {
        for f in [0, 3, 29.5, 30, 59, -5, 1e6] { _ = content.documents.document(at: f) }
    }
    _ = animation.features.warnings
}
