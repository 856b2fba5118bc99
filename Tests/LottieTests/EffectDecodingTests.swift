// The effects lottie-web draws are read as drawn; the others are warned once per effect (name and
// type), naming the first layer and how many use it; set matte's resolution and its warnings
// (Layers/SetMatte.swift); stroke effects on precompositions named.
import Foundation
import Testing
@testable import Lottie

@Suite struct EffectDecodingTests {
    func effect(_ ty: Int, _ name: String, _ values: String = "[]") -> String {
        #"{"ty": \#(ty), "nm": "\#(name)", "mn": "ADBE \#(name)", "en": 1, "ef": \#(values)}"#
    }

    func layer(_ ind: Int, _ effects: [String], extra: String = "") -> String {
        shapeLayer("[]", ind: ind, name: "L\(ind)", extra: #", "ef": [\#(effects.joined(separator: ", "))]\#(extra)"#)
    }

    @Test func effectsNotDrawnAreWarnedOncePerEffect() throws {
        let a = try decode(lottieJSON(layers: "[" + [
            layer(1, [effect(7, "Puppet")]), layer(2, [effect(7, "Puppet"), effect(26, "Radial Wipe")]),
            layer(3, [effect(7, "Puppet")]), layer(4, [effect(22, "Stroke"), effect(24, "Levels"), effect(28, "Set Matte")]),
        ].joined(separator: ", ") + "]"))
        let messages = LottieCoverage(a).unrendered.map { "\($0.place): \($0.message)" }
        #expect(messages == [#"layers[0] "L1" effect "Puppet" (type 7): effects are not rendered (3 layers)"#,
                             #"layers[1] "L2" effect "Radial Wipe" (type 26): effects are not rendered"#], "\(messages)")
        #expect(a.features.warnings.filter { $0.contains("effects") }.count == 2, "\(a.features.warnings)")
        #expect(a.features.uses(.strokeEffects) && a.features.uses(.filterEffects) && a.features.uses(.setMatteEffects))
    }

    func setMatte(_ ind: Int, channel: Int = 4, invert: Int = 0) -> String {
        effect(28, "Set Matte", #"[{"ty": 10, "nm": "Take Matte From Layer", "v": {"a": 0, "k": \#(ind)}},"#
            + #" {"ty": 7, "nm": "Use For Matte", "v": {"a": 0, "k": \#(channel)}}, {"ty": 7, "nm": "Invert Matte", "v": {"a": 0, "k": \#(invert)}}]"#)
    }

    @Test func setMatteBecomesAnAlphaMatteOnTheNamedLayer() throws {
        let a = try decode(lottieJSON(layers: "[" + [layer(5, []), layer(6, [setMatte(5)]), layer(7, [setMatte(5, channel: 5, invert: 1)]),
                                                     layer(8, [setMatte(9)]), layer(9, [setMatte(9)])].joined(separator: ", ") + "]"))
        let layers = a.compositions[0].layers
        #expect(layers[1].matte?.source == 0 && layers[1].matte?.mode == .alpha)
        #expect(layers[2].matte?.source == 0 && layers[2].matte?.mode == .alpha)
        #expect(!layers[0].isMatteSource)
        #expect(layers[3].matte?.source == 4)
        #expect(layers[4].matte == nil, "a layer cannot be its own matte")
        #expect(a.warnings.contains { $0.contains(#"layers[2] "L7""#) && $0.contains("use for matte luminance, invert matte") }, "\(a.warnings)")
        #expect(a.warnings.contains { $0.contains(#"layers[4] "L9""#) && $0.contains("names layer 9") }, "\(a.warnings)")
        #expect(a.warnings.count == 2, "\(a.warnings)")
    }

    @Test func setMatteCycleIsDroppedNotRefused() throws {
        let a = try decode(lottieJSON(layers: "[" + [layer(1, [setMatte(2)]), layer(2, [setMatte(1)])].joined(separator: ", ") + "]"))
        let layers = a.compositions[0].layers
        #expect(layers[0].matte?.source == 1)
        #expect(layers[1].matte == nil)
        #expect(a.warnings.contains { $0.contains(#"layers[1] "L2""#) && $0.contains("leads back") }, "\(a.warnings)")
    }

    @Test func strokeEffectPathWrittenAsAPointTypeIsANumber() throws {
        let stroke = effect(22, "Stroke", #"[{"ty": 3, "nm": "Path", "v": {"k": 2}}]"#)
        let a = try decode(lottieJSON(layers: "[" + layer(1, [stroke]) + "]"))
        guard case .scalar(let p) = a.compositions[0].layers[0].effects[0].controls[0].value else {
            Issue.record("not read as a number")
            return
        }
        #expect(p.value(at: 0) == 2)
    }

    /// lottie-web removes the layer's SVG `mask` under paint style 1 or 2, but a `clip-path` (add
    /// and none masks only, not inverted, a constant 100 %) stays (Build/StrokeEffect.swift).
    @Test func strokeEffectKeepsMasksAsLottieWebDoes() throws {
        func layerWith(style: Int, mode: String, inverted: Bool = false, opacity: String = "100") throws -> LottieLayer {
            let stroke = effect(22, "Stroke", #"[{"ty": 10, "v": {"a": 0, "k": 1}}, {"ty": 7, "v": {"a": 0, "k": 0}}, {"ty": 7, "v": {"a": 0, "k": 1}},"#
                + #" {"ty": 2, "v": {"a": 0, "k": [1, 0, 0, 1]}}, {"ty": 0, "v": {"a": 0, "k": 2}}, {"ty": 0, "v": {"a": 0, "k": 1}},"#
                + #" {"ty": 0, "v": {"a": 0, "k": 1}}, {"ty": 0, "v": {"a": 0, "k": 0}}, {"ty": 0, "v": {"a": 0, "k": 100}},"#
                + #" {"ty": 7, "v": {"a": 0, "k": 15}}, {"ty": 7, "v": {"a": 0, "k": \#(style)}}]"#)
            let mask = #"{"mode": "\#(mode)", "inv": \#(inverted), "o": {"a": 0, "k": \#(opacity)}, "pt": {"a": 0, "k": {"i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]], "v": [[0, 0], [10, 0], [10, 10]], "c": true}}}"#
            let a = try decode(lottieJSON(layers: "[" + layer(1, [stroke], extra: #", "masksProperties": [\#(mask)]"#) + "]"))
            return a.compositions[0].layers[0]
        }
        #expect(StrokeEffect.keepsMasks(try layerWith(style: 1, mode: "a"), 0))
        #expect(StrokeEffect.keepsMasks(try layerWith(style: 2, mode: "n"), 0))
        #expect(!StrokeEffect.keepsMasks(try layerWith(style: 1, mode: "s"), 0))
        #expect(!StrokeEffect.keepsMasks(try layerWith(style: 2, mode: "a", inverted: true), 0))
        #expect(!StrokeEffect.keepsMasks(try layerWith(style: 1, mode: "a", opacity: "50"), 0))
        #expect(StrokeEffect.keepsMasks(try layerWith(style: 3, mode: "s"), 0), "reveal keeps every mask")
        #expect(!StrokeEffect.drawsContent(try layerWith(style: 2, mode: "a"), 0))
        #expect(StrokeEffect.drawsContent(try layerWith(style: 1, mode: "a"), 0))
    }
}
