// The frame's dash budget (Build/DashBudget.swift, issue 28): dashed strokes are costed before
// any dash is cut — D = Σ (⌊L/p⌋ + 2) · on entries — against 1 000 000 dashes per frame, across
// all the frame's strokes. A stroke that does not fit is drawn undashed (as Skia-based players
// draw a pattern past their cap) and reported naming the layer. Canvas 1 100 × 1 100 pt, a
// circle of diameter 1 000 pt (L ≈ 3 141.6) centred at (550, 550), drawn at 1/10 scale.
import Foundation
import Geometry
@testable import Lottie
import Raster
import Render
import Testing

@Suite struct DashBudgetTests {
    /// One shape layer per dash length (nil: solid), each a 1 000-pt circle stroked 20 pt wide.
    func json(_ dashes: [Double?]) -> String {
        let layers = dashes.enumerated().map { i, dash -> String in
            let d = dash.map { #", "d": [{"n": "d", "v": {"a": 0, "k": \#($0)}}, {"n": "g", "v": {"a": 0, "k": \#($0)}}]"# } ?? ""
            return #"{"ty": 4, "ind": \#(i + 1), "nm": "ring \#(i)", "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [{"ty": "el", "p": {"a": 0, "k": [550, 550]}, "s": {"a": 0, "k": [1000, 1000]}}, {"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 20}, "lc": 1, "lj": 1\#(d)}]}"#
        }
        return #"{"v": "5.7.4", "fr": 10, "ip": 0, "op": 10, "w": 1100, "h": 1100, "assets": [], "layers": [\#(layers.joined(separator: ", "))]}"#
    }

    /// The frame's list, the builder (its dash counter) and the pixels at 1/10 scale.
    func build(_ dashes: [Double?], cap: Double = LottieBuilder.maximumFrameDashes) throws -> (DisplayList, LottieBuilder, [UInt8]) {
        let animation = try LottieDecoder.decode(Array(json(dashes).utf8), file: "dash.json")
        var list = DisplayList()
        let builder = LottieBuilder(animation)
        builder.frameDashCap = cap
        builder.build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: 110, height: 110)
        let report = Renderer().render(list, background: .clear, transform: .scale(0.1, 0.1), on: canvas)
        #expect(report.refusedStrokes == 0)
        return (list, builder, canvas.straightRGBA8())
    }

    @Test func aPatternOverTheCapIsDrawnUndashedAndReported() throws {
        // 0.0001-pt dashes: D ≈ 3 141.7 / 0.0002 ≈ 15.7 million (the four-cubic circle is 3 141.7
        // long, its cubics bulge up to 0.027 % outside the circle), refused before any is cut.
        let (list, builder, pixels) = try build([0.0001])
        #expect(builder.frameDashes == 0)
        #expect(list.sourceReport.undashedStrokes == 1)
        let reason = list.sourceReport.firstUndashedStroke ?? ""
        #expect(reason.hasPrefix("layers[0] \"ring 0\": its dash pattern would cut the stroke into about 15708"), "\(reason)")
        #expect(reason.hasSuffix(" dashes; with the 0 already cut in this frame that exceeds the cap of 1000000 dashes per frame"), "\(reason)")
        #expect(list.sourceReport.firstProblem?.hasSuffix("(the stroke would be drawn undashed)") == true)
        // Drawn as the same circle without dashes, pixel for pixel.
        let (solidList, _, solid) = try build([nil])
        #expect(solidList.sourceReport.isEmpty)
        #expect(pixels == solid)
    }

    @Test func strokesInsideTheCapAreChargedAndDashed() throws {
        // 1-pt dashes: D = ⌊3 141.6 / 2⌋ + 2 = 1 572, charged; the ring is dashed (not solid).
        let (list, builder, pixels) = try build([1])
        #expect(builder.frameDashes == 1572)
        #expect(list.sourceReport.isEmpty)
        #expect(pixels != (try build([nil])).2)
    }

    @Test func theCapHoldsAcrossTheFramesStrokes() throws {
        // A cap of 3 000 dashes (the real one, 1 000 000, takes seconds to cut in a debug build).
        // 1-pt dashes: D = ⌊3 141.7 / 2⌋ + 2 = 1 572; 2-pt: ⌊3 141.7 / 4⌋ + 2 = 787. Layers are drawn
        // bottom first: layers[2] (1 572) fits, layers[1] would make 3 144: drawn undashed and
        // named; layers[0] (787) still fits, 2 359 in all.
        let (list, builder, pixels) = try build([2, 1, 1], cap: 3000)
        #expect(builder.frameDashes == 2359)
        #expect(list.sourceReport.undashedStrokes == 1)
        #expect(list.sourceReport.firstUndashedStroke?.hasPrefix("layers[1] \"ring 1\": its dash pattern would cut the stroke into about 1572 dashes; with the 1572 already cut") == true,
                "\(list.sourceReport.firstUndashedStroke ?? "")")
        // The same rings with layers[1] solid draw the same pixels.
        let (_, _, expected) = try build([2, nil, 1], cap: 3000)
        #expect(pixels == expected)
        // Built again (the next frame), the budget starts afresh: the same verdict, not a second refusal.
        var again = DisplayList()
        builder.build(atSeconds: 0.1, into: &again)
        #expect(again.sourceReport.undashedStrokes == 1)
        #expect(builder.frameDashes == 2359)
    }
}
