// Property links (Expressions/PropertyLinks.swift, Decoding/LinkDecoding.swift): values worked out
// by hand from small files, the forms (dot and call, by name and index, thisLayer, comp(name),
// valueAtTime), reference cycles, chain and cost caps.
import Foundation
import Geometry
import Testing
@testable import Lottie

/// A keyframe list (linear) from (frame, [values]).
private func keys(_ list: [(Double, [Double])]) -> String {
    "[" + list.enumerated().map { i, kv in
        let s = "[" + kv.1.map { "\($0)" }.joined(separator: ", ") + "]"
        return i < list.count - 1 ? #"{"t": \#(kv.0), "s": \#(s), "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}"#
            : #"{"t": \#(kv.0), "s": \#(s)}"#
    }.joined(separator: ", ") + "]"
}

/// `x` as a JSON string member value.
private func q(_ x: String) -> String { "\"" + x.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

/// Layer "Source" (ind 5): opacity 0 → 100 over frames 0–10, position [10, 20], scale [50, 200],
/// rotation `time * 60`; group "G" with ellipse "E" (size [10, 10] → [30, 50] over 0–10), trim "T"
/// (25, 75, 90), stroke "S" (width 4) and a transform (position [3, 4], opacity 40); ellipse "Own"
/// reads its own layer's `content('G').content('E').size`. Layer "Reader" reads them.
private func linkFile(reader: String) -> String {
    let source = """
    {"ty": 4, "ind": 5, "nm": "Source", "ip": 0, "op": 60, "st": 0,
     "ks": {"o": {"a": 1, "k": \(keys([(0, [0]), (10, [100])]))}, "p": {"a": 0, "k": [10, 20]},
            "s": {"a": 0, "k": [50, 200]}, "r": {"a": 0, "k": 0, "x": \(q("time * 60"))}},
     "shapes": [{"ty": "gr", "nm": "G", "it": [
        {"ty": "el", "nm": "E", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 1, "k": \(keys([(0, [10, 10]), (10, [30, 50])]))}},
        {"ty": "tm", "nm": "T", "s": {"a": 0, "k": 25}, "e": {"a": 0, "k": 75}, "o": {"a": 0, "k": 90}},
        {"ty": "st", "nm": "S", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}},
        {"ty": "tr", "p": {"a": 0, "k": [3, 4]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
         "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 40}}]},
      {"ty": "el", "nm": "Own", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [1, 1], "x": \(q("content('G').content('E').size"))}}]}
    """
    return lottieJSON(layers: "[\(source), \(reader)]")
}

private func reader(ks: String = "{}", shapes: String = "[]") -> String {
    #"{"ty": 4, "ind": 1, "nm": "Reader", "ip": 0, "op": 60, "st": 0, "ks": \#(ks), "shapes": \#(shapes)}"#
}

private func unrecognised(_ a: LottieAnimation) -> [String] { a.features.places(of: .unrecognisedExpressions) }

@Suite("ExpressionLinks") struct ExpressionLinkTests {
    @Test func layerTransformLinks() throws {
        let ks = """
        {"o": {"a": 0, "k": 100, "x": \(q("var $bm_rt; $bm_rt = thisComp.layer('Source').transform.opacity;"))},
         "p": {"a": 0, "k": [0, 0], "x": \(q("thisComp.layer(5).transform.position + [1, 1]"))},
         "s": {"a": 0, "k": [100, 100], "x": \(q("thisComp.layer(\"Source\")(\"Transform\")(\"Scale\")"))},
         "r": {"a": 0, "k": 0, "x": \(q("thisComp.layer('Source').transform.opacity.valueAtTime(time + 0.1)"))}}
        """
        let a = try decode(linkFile(reader: reader(ks: ks)))
        #expect(unrecognised(a).isEmpty, "\(unrecognised(a))")
        let t = a.root.layers[1].transform
        // Opacity 0 → 100 over frames 0–10: 50 at frame 5 (model units: 0.5).
        #expect(abs(t.opacity.value(at: 5) - 0.5) < 1e-12)
        #expect(t.position.value(at: 7) == Point(11, 21))
        #expect(t.scale.value(at: 0) == Point(0.5, 2))
        // Frame 2 is 1/15 s; 0.1 s later is frame 5: opacity 50 (a rotation of 50°).
        #expect(abs(t.rotation.value(at: 2) - 50) < 1e-9)
    }

    @Test func linkedExpressionsAreEvaluated() throws {
        // Source's rotation is `time * 60`: at frame 15 (0.5 s), 30°; the link reads that, not its 0.
        let ks = #"{"r": {"a": 0, "k": 0, "x": \#(q("thisComp.layer('Source').transform.rotation"))}}"#
        let a = try decode(linkFile(reader: reader(ks: ks)))
        #expect(unrecognised(a).isEmpty, "\(unrecognised(a))")
        #expect(abs(a.root.layers[1].transform.rotation.value(at: 15) - 30) < 1e-9)
    }

    @Test func shapeContentLinks() throws {
        let shapes = """
        [{"ty": "gr", "nm": "R", "it": [
          {"ty": "el", "nm": "E2", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [1, 1], "x": \(q("thisComp.layer('Source').content('G').content('E').size"))}},
          {"ty": "tm", "nm": "T2", "s": {"a": 0, "k": 0, "x": \(q("thisComp.layer('Source').content('G').content('T').start"))},
           "e": {"a": 0, "k": 100, "x": \(q("thisComp.layer('Source').content('G').content(2).end"))},
           "o": {"a": 0, "k": 0, "x": \(q("thisComp.layer('Source')('Contents')('G')('Contents')('T')('Offset')"))}},
          {"ty": "st", "nm": "S2", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100},
           "w": {"a": 0, "k": 1, "x": \(q("thisComp.layer('Source').content('G').content('S').strokeWidth * 2"))}},
          {"ty": "tr", "p": {"a": 0, "k": [0, 0], "x": \(q("thisComp.layer('Source').content('G').transform.position"))},
           "o": {"a": 0, "k": 100, "x": \(q("thisComp.layer('Source').content('G').transform.opacity.value"))}}]}]
        """
        let a = try decode(linkFile(reader: reader(shapes: shapes)))
        #expect(unrecognised(a).isEmpty, "\(unrecognised(a))")
        guard case .shapes(let items) = a.root.layers[1].content, case .group(let g) = items[0],
              case .ellipse(let e) = g.items[0], case .trim(let trim) = g.items[1], case .stroke(let stroke) = g.items[2],
              case .shapes(let own) = a.root.layers[0].content, case .ellipse(let ownEllipse) = own[1] else {
            Issue.record("unexpected structure"); return
        }
        // Size [10, 10] → [30, 50] over frames 0–10: [20, 30] at frame 5.
        #expect(e.size.value(at: 5) == Point(20, 30))
        #expect(ownEllipse.size.value(at: 5) == Point(20, 30))      // content(…) of its own layer
        #expect(abs(trim.start.value(at: 0) - 0.25) < 1e-12 && abs(trim.end.value(at: 0) - 0.75) < 1e-12)
        #expect(abs(trim.offset.value(at: 0) - 90) < 1e-12)
        #expect(abs(stroke.style.width.value(at: 0) - 8) < 1e-12)
        #expect(g.transform.position.value(at: 0) == Point(3, 4))
        #expect(abs(g.transform.opacity.value(at: 0) - 0.4) < 1e-12)
    }

    @Test func compositionByName() throws {
        // comp("Main") is the root (its nm); comp("Inner") a precomposition asset, read at the same frame.
        let inner = #"[{"id": "p", "nm": "Inner", "layers": [{"ty": 3, "nm": "N", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 1, "k": \#(keys([(0, [0]), (10, [90])]))}}}]}]"#
        let layers = """
        [{"ty": 3, "nm": "Base", "ip": 0, "op": 60, "st": 0, "ks": {"o": {"a": 0, "k": 30}}},
         {"ty": 4, "nm": "Reader", "ip": 0, "op": 60, "st": 0, "shapes": [],
          "ks": {"o": {"a": 0, "k": 100, "x": \(q("comp('Main').layer('Base').transform.opacity"))},
                 "r": {"a": 0, "k": 0, "x": \(q("comp('Inner').layer('N').transform.rotation"))}}}]
        """
        let a = try decode(lottieJSON(layers: layers, assets: inner, extra: #", "nm": "Main""#))
        #expect(unrecognised(a).isEmpty, "\(unrecognised(a))")
        #expect(abs(a.root.layers[1].transform.opacity.value(at: 0) - 0.3) < 1e-12)
        #expect(abs(a.root.layers[1].transform.rotation.value(at: 5) - 45) < 1e-9)
        // A name no composition has is reported, naming it.
        let missing = try decode(lottieJSON(layers: layers, assets: inner, extra: #", "nm": "Other""#))
        #expect(unrecognised(missing).contains { $0.contains("comp(\"Main\"): no composition has that name") }, "\(unrecognised(missing))")
        // With the root unnamed, the root is the only composition it can be (TypeFace/U.json):
        // read as the root, and said once.
        let unnamedRoot = try decode(lottieJSON(layers: layers, assets: inner))
        #expect(unrecognised(unnamedRoot).isEmpty, "\(unrecognised(unnamedRoot))")
        #expect(abs(unnamedRoot.root.layers[1].transform.opacity.value(at: 0) - 0.3) < 1e-12)
        #expect(unnamedRoot.warnings.filter { $0.contains("comp(\"Main\") names no composition of the file: read as the root") }.count == 1,
                "\(unnamedRoot.warnings)")
        // lottie-web's names: a precomposition layer's `nm` names the asset it shows (this asset has no `nm`).
        let unnamed = inner.replacingOccurrences(of: #""nm": "Inner", "#, with: "")
        let precomp = #"{"ty": 0, "nm": "Inner", "refId": "p", "ip": 0, "op": 60, "st": 0, "w": 10, "h": 10, "ks": {}}"#
        let viaLayer = try decode(lottieJSON(layers: "[\(precomp), " + layers.dropFirst(), assets: unnamed, extra: #", "nm": "Main""#))
        #expect(unrecognised(viaLayer).isEmpty, "\(unrecognised(viaLayer))")
        #expect(abs(viaLayer.root.layers[2].transform.rotation.value(at: 5) - 45) < 1e-9)
    }

    @Test func whatLinksDoNotReadIsReported() throws {
        let ks = """
        {"o": {"a": 0, "k": 100, "x": \(q("thisComp.layer('Nobody').transform.opacity"))},
         "r": {"a": 0, "k": 0, "x": \(q("thisComp.layer('Source').content('G').content('Missing').rotation"))}}
        """
        let a = try decode(linkFile(reader: reader(ks: ks)))
        let places = unrecognised(a)
        #expect(places.contains { $0.contains("layer('Nobody')") && $0.contains("the layer is not in the composition") }, "\(places)")
        #expect(places.contains { $0.contains("no such item in the layer's contents") }, "\(places)")
        // The keyframed values stay.
        #expect(a.root.layers[1].transform.opacity.value(at: 0) == 1)
    }

    @Test func referenceCyclesAreReported() throws {
        // A reads B and B reads A: both reported, both keep their keyframes; C reads A (into the
        // cycle); C's rotation reads itself: its value before the expression, not a cycle.
        let layers = """
        [{"ty": 3, "nm": "A", "ip": 0, "op": 60, "st": 0, "ks": {"o": {"a": 0, "k": 20, "x": \(q("thisComp.layer('B').transform.opacity"))}}},
         {"ty": 3, "nm": "B", "ip": 0, "op": 60, "st": 0, "ks": {"o": {"a": 0, "k": 70, "x": \(q("thisComp.layer('A').transform.opacity"))}}},
         {"ty": 3, "nm": "C", "ip": 0, "op": 60, "st": 0, "ks": {"o": {"a": 0, "k": 90, "x": \(q("thisComp.layer('A').transform.opacity"))},
                                                               "r": {"a": 0, "k": 12, "x": \(q("thisComp.layer('C').transform.rotation * 2"))}}}]
        """
        let a = try decode(lottieJSON(layers: layers))
        let places = unrecognised(a)
        #expect(places.count == 3, "\(places)")
        #expect(places.allSatisfy { $0.contains("reference cycle") }, "\(places)")
        #expect(zip(a.root.layers.map { $0.transform.opacity.value(at: 0) }, [0.2, 0.7, 0.9]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(a.root.layers[2].transform.rotation.value(at: 0) == 24)    // reads itself: 12 · 2
    }

    @Test func chainsAreCapped() throws {
        // L1 reads L2 + 1, …, L9 reads L10 + 1; L10's rotation is 5. L1's chain has 9 links (over
        // the cap of 8), L2's 8: L2 = 5 + 8 = 13, whatever order the layers are decoded in.
        func layer(_ i: Int) -> String {
            let x = i < 10 ? #", "x": \#(q("thisComp.layer('L\(i + 1)').transform.rotation + 1"))"# : ""
            return #"{"ty": 3, "nm": "L\#(i)", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 0, "k": \#(i == 10 ? 5 : 0)\#(x)}}}"#
        }
        for order in [Array(1...10), Array((1...10).reversed())] {
            let a = try decode(lottieJSON(layers: "[" + order.map(layer).joined(separator: ", ") + "]"))
            let byName = Dictionary(uniqueKeysWithValues: a.root.layers.map { ($0.name, $0.transform.rotation.value(at: 0)) })
            #expect(byName["L1"] == 0 && byName["L2"] == 13 && byName["L9"] == 6 && byName["L10"] == 5, "\(order[0]): \(byName)")
            let places = unrecognised(a)
            #expect(places.count == 1 && places[0].contains("\"L1\"") && places[0].contains("links chained more than 8 deep"), "\(places)")
        }
    }

    @Test func evaluationCostIsCapped() throws {
        // Each layer reads the next 20 times: M4 costs 59 steps, M3 1 219, M2 24 419, M1 488 419 (over 65 536).
        func layer(_ i: Int) -> String {
            let term = "thisComp.layer('M\(i + 1)').transform.rotation"
            let x = i < 5 ? #", "x": \#(q(Array(repeating: term, count: 20).joined(separator: " + ")))"# : ""
            return #"{"ty": 3, "nm": "M\#(i)", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 0, "k": 1\#(x)}}}"#
        }
        let a = try decode(lottieJSON(layers: "[" + (1...5).map(layer).joined(separator: ", ") + "]"))
        let places = unrecognised(a)
        #expect(places.count == 1 && places[0].contains("\"M1\"") && places[0].contains("over the cap of 65536"), "\(places)")
        // M2 = 20 · M3 = 400 · M4 = 8 000 · M5 (1).
        #expect(a.root.layers[1].transform.rotation.value(at: 0) == 8_000)
    }
}
