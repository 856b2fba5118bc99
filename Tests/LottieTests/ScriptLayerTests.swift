// Layers as values in scripts (issue 23): a layer kept in a variable (Decoding/ScriptLinkDecoding.swift's
// aliases), what a layer control gives (Expressions/ScriptLayers.swift), `thisLayer.index`, and
// `thisProperty.propertyGroup(1)(K)` on an effect's control. Values worked out by hand.
import Foundation
import Geometry
import Testing
@testable import Lottie

private func escaped(_ x: String) -> String {
    x.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
}

/// "Arm" (ind 1): position (100, 100), scale 200 %, rotation 0 → 90° over frames 0–10; "Hand" (ind 2,
/// parent 1): anchor (5, 0), position (10, 0) — Hand's anchor is (100, 120) in the composition at
/// frame 10 (ScriptLanguageTests' toComp case). "Probe" (ind 3) carries `position` and `rotation`
/// expressions and the effects `effects` (JSON array text).
private func file(position: String, rotation: String = "0", effects: String = "[]") -> String {
    let k = #"[{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [90]}]"#
    let layers = #"[{"ty": 3, "ind": 1, "nm": "Arm", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [200, 200]}, "r": {"a": 1, "k": \#(k)}}},"#
        + #"{"ty": 3, "ind": 2, "nm": "Hand", "parent": 1, "ip": 0, "op": 60, "st": 0, "ks": {"a": {"a": 0, "k": [5, 0]}, "p": {"a": 0, "k": [10, 0]}}},"#
        + #"{"ty": 3, "ind": 3, "nm": "Probe", "ip": 0, "op": 60, "st": 0, "ef": \#(effects), "ks": {"p": {"a": 0, "k": [0, 0], "x": "\#(escaped(position))"}, "r": {"a": 0, "k": 0, "x": "\#(escaped(rotation))"}}}]"#
    return lottieJSON(layers: layers)
}

/// A layer control effect "name" whose value is the layer `ind`.
private func layerControl(_ name: String, _ ind: Int) -> String {
    #"{"ty": 5, "nm": "\#(name)", "mn": "ADBE Layer Control", "ef": [{"ty": 10, "nm": "Layer", "mn": "ADBE Layer Control-0001", "v": {"a": 0, "k": \#(ind)}}]}"#
}

@Suite("ScriptLayers") struct ScriptLayerTests {
    @Test func aLayerInAVariableIsALink() throws {
        // 67449_arrow_right's form: the layer in a variable, its toComp and its transform read through it.
        let a = try decode(file(position: "var H = thisComp.layer('Hand'); var $bm_rt = H.toComp([5, 0]);",
                                rotation: "var A = thisComp.layer('Arm'); A.transform.rotation + A('Transform')('Position')[0]"))
        #expect(!a.features.uses(.unrecognisedExpressions), "\(a.features.places(of: .unrecognisedExpressions))")
        let p = a.root.layers[2].transform.position.value(at: 10)
        #expect(abs(p.x - 100) < 1e-9 && abs(p.y - 120) < 1e-9, "\(p)")
        #expect(abs(a.root.layers[2].transform.rotation.value(at: 5) - 145) < 1e-9)       // 45° + 100
    }

    @Test func aReassignedLayerVariableIsNotAnAlias() throws {
        // H names another layer later: no alias, so H.toComp is the interpreter's — reported, not guessed.
        let a = try decode(file(position: "var H = thisComp.layer('Hand'); if (time > 1) { H = thisComp.layer('Arm'); } H.toComp([5, 0])"))
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(places.count == 1 && places[0].contains("toComp"), "\(places)")
    }

    @Test func aLayerControlGivesTheLayer() throws {
        // Create Nulls From Paths' form: the control "C" names Hand (ind 2); its anchor in the
        // composition at frame 10 is (100, 120). "D" names ind 9, which is not there: a TypeError, caught.
        let x = """
        var L = effect('C')('ADBE Layer Control-0001'); var p = L.toComp(L.anchorPoint);
        var missing; try { missing = effect('D')('Layer').index; } catch (err) { missing = -1; }
        [p[0] + L.index * 1000 + (L.index != thisLayer.index ? 0 : 1e6), p[1] + missing]
        """
        let a = try decode(file(position: x, rotation: "thisLayer.index * 10 + thisComp.layer('Arm').index",
                                effects: "[\(layerControl("C", 2)), \(layerControl("D", 9))]"))
        #expect(!a.features.uses(.unrecognisedExpressions), "\(a.features.places(of: .unrecognisedExpressions))")
        let p = a.root.layers[2].transform.position.value(at: 10)
        #expect(abs(p.x - 2100) < 1e-9 && abs(p.y - 119) < 1e-9, "\(p)")
        #expect(a.root.layers[2].transform.rotation.value(at: 0) == 31)
    }

    @Test func propertyGroupOfAnEffectControl() throws {
        // The Trace Path preset's form: Progress reads its effect's "Loop" checkbox. Loop 1: 50; Loop 0: value (20).
        for (loop, expected) in [(1, 50.0), (0, 20.0)] {
            let progress = escaped("thisProperty.propertyGroup(1)('Pseudo/Trace-0002') == true ? 50 : value")
            let effect = #"{"ty": 5, "nm": "Trace", "mn": "Pseudo/Trace", "ef": [{"ty": 0, "nm": "Progress", "mn": "Pseudo/Trace-0001", "v": {"a": 0, "k": 20, "x": "\#(progress)"}}, {"ty": 7, "nm": "Loop", "mn": "Pseudo/Trace-0002", "v": {"a": 0, "k": \#(loop)}}]}"#
            let a = try decode(file(position: "[0, 0]", rotation: "effect('Trace')('Progress')", effects: "[\(effect)]"))
            #expect(!a.features.uses(.unrecognisedExpressions), "\(a.features.places(of: .unrecognisedExpressions))")
            #expect(a.root.layers[2].transform.rotation.value(at: 0) == expected)
        }
    }

    @Test func sourceRectAtTimeAsLottieWebAnswers() throws {
        // A shape layer: lottie-web's placeholder {0, 0, 100, 100}; a solid: its sw × sh; a null: undefined.
        let x = escaped("""
        var b = thisComp.layer('Box').sourceRectAtTime(time, true), s = thisComp.layer('Solid').sourceRectAtTime();
        var n = sourceRectAtTime(0, false);
        [b.width + b.height + b.top + b.left + (n === undefined ? 1 : 0), s.width * 1000 + s.height]
        """)
        let text = escaped("thisComp.layer('Words').sourceRectAtTime().width")
        let layers = #"[{"ty": 4, "ind": 1, "nm": "Box", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": []},"#
            + ##"{"ty": 1, "ind": 2, "nm": "Solid", "sc": "#ff0000", "sw": 40, "sh": 30, "ip": 0, "op": 60, "st": 0, "ks": {}},"##
            + #"{"ty": 3, "ind": 3, "nm": "Probe", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "x": "\#(x)"}, "r": {"a": 0, "k": 7, "x": "\#(text)"}}},"#
            + #"{"ty": 5, "ind": 4, "nm": "Words", "ip": 0, "op": 60, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "s": 10, "f": "F", "fc": [0, 0, 0], "j": 0}}]}}}]"#
        let a = try decode(lottieJSON(layers: layers, extra: #", "fonts": {"list": [{"fName": "F", "fFamily": "Sans", "fStyle": "Regular"}]}"#))
        let p = a.root.layers[2].transform.position.value(at: 0)
        #expect(p == Point(201, 40_030), "\(p)")
        // A text layer's rectangle is measured by the builder (TextRectTests): recognised, and
        // outside a build (here) the keyframed value stands.
        #expect(!a.features.uses(.unrecognisedExpressions), "\(a.features.places(of: .unrecognisedExpressions))")
        #expect(a.root.layers[2].transform.rotation.value(at: 0) == 7)
    }

    @Test func sourceRectAtTimeOfAnImageLayerIsItsAssetsSize() throws {
        // lottie-web's IImageElement: {0, 0, w, h} of the asset, whatever the time.
        let x = escaped("var r = thisComp.layer('Logo').sourceRectAtTime(time); [r.width * 1000 + r.height, r.top + r.left]")
        let layers = #"[{"ty": 2, "ind": 1, "nm": "Logo", "refId": "img", "ip": 0, "op": 60, "st": 0, "ks": {}},"#
            + #"{"ty": 3, "ind": 2, "nm": "Probe", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0], "x": "\#(x)"}}}]"#
        let assets = #", "assets": [{"id": "img", "w": 120, "h": 45, "u": "", "p": "data:image/png;base64,", "e": 1}]"#
        let a = try decode(lottieJSON(layers: layers, extra: assets))
        #expect(a.root.layers[1].transform.position.value(at: 0) == Point(120_045, 0))
        #expect(!a.features.places(of: .unrecognisedExpressions).contains { $0.contains("sourceRectAtTime") })
    }
}
