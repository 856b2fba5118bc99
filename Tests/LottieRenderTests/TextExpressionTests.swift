// sourceText expressions (Expressions/TextExpression.swift): the text-glyphs fixture ("AB" from the
// file's chars) with an expression on its document, rendered at several times and compared
// pixel for pixel with the same file whose document holds the expected text literally.
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Testing

private func render(_ json: String, atSeconds t: Double) throws -> (Frame, LottieAnimation) {
    let animation = try LottieDecoder.decode(Array(json.utf8), file: "text-expression.json")
    return (renderFrame(animation, atFrame: animation.frame(atSeconds: t)), animation)
}

private func withExpression(_ base: String, _ x: String) -> String {
    let escaped = x.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return base.replacingOccurrences(of: #""t":0}]}"#, with: #""t":0}],"x":"\#(escaped)"}"#)
}

@Suite("LottieTextExpression") struct TextExpressionTests {
    @Test func sourceTextFollowsTheExpression() throws {
        let base = try fixtureText("text-glyphs")
        #expect(base.contains(#""t":"AB""#) && base.contains(#""t":0}]}"#))
        let literal = { (s: String) in base.replacingOccurrences(of: #""t":"AB""#, with: #""t":"\#(s)""#) }
        // The keyframed "AB" read three ways; "B" before 0.5 s, "A" after, "BA" from 0.8 s (a number
        // and a string joined as JavaScript joins them: 1 + 'B' is "1B" — "1" has no glyph, so the
        // count in the middle is checked on its own below).
        let x = "var s = text.sourceText.value; time < 0.5 ? value.slice(1) : (time < 0.8 ? thisLayer.text.sourceText.slice(0, 1) : s[1] + s[0])"
        let file = withExpression(base, x)
        for (t, expected) in [(0.0, "B"), (0.6, "A"), (0.9, "BA")] {
            let (got, animation) = try render(file, atSeconds: t)
            #expect(!animation.features.uses(.unrecognisedExpressions), "\(animation.features.places(of: .unrecognisedExpressions))")
            let (want, _) = try render(literal(expected), atSeconds: t)
            #expect(got.rgba == want.rgba, "at \(t) s the text should be \(expected)")
            #expect(!got.inkColumns.isEmpty)
        }
        // A counter as real files write it (Bodymovin's $bm_sum): "0+" … "10+".
        let counter = "$bm_rt = $bm_sum($bm_sum('', Math.round(linear(time, 0, 1, 0, 10))), '+');"
        let a = try LottieDecoder.decode(Array(withExpression(base, counter).utf8), file: "counter.json")
        guard case .text(let content) = a.root.layers[0].content else { Issue.record("not a text layer"); return }
        #expect(content.documents.document(at: 0).document.text == "0+")
        #expect(content.documents.document(at: 15).document.text == "5+")      // 0.5 s at 30 fps
        #expect(content.documents.document(at: 29).document.text == "10+")
    }

    @Test func aFailingTextExpressionIsReportedAndTheTextKept() throws {
        let base = try fixtureText("text-glyphs")
        for (x, reason) in [("undefined", "gives undefined, not a text"), ("while (true) {}", "evaluation steps"),
                            ("thisComp.layer('Nope').transform.position", "the layer is not in the composition")] {
            let a = try LottieDecoder.decode(Array(withExpression(base, x).utf8), file: "bad.json")
            let places = a.features.places(of: .unrecognisedExpressions)
            #expect(places.count == 1 && places[0].contains(reason) && places[0].contains("layers[0].t.d.x"), "\(x): \(places)")
            guard case .text(let content) = a.root.layers[0].content else { Issue.record("not a text layer"); continue }
            #expect(content.documents.document(at: 3).document.text == "AB")
        }
    }
}
