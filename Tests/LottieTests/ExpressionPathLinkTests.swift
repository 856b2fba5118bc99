// Path links (Decoding/PathLinkDecoding.swift) and thisProperty.propertyGroup(1)(P)
// (Expressions/PropertyLinks.swift): values worked out by hand from small files.
import Foundation
import Geometry
import Testing
@testable import Lottie

private func q(_ x: String) -> String {
    "\"" + x.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\""
}

/// A one-vertex-triple path `[[x0, y0], [x1, y1], [x2, y2]]`, no tangents, closed.
private func shape(_ p: [[Double]]) -> String {
    let z = p.map { _ in "[0, 0]" }.joined(separator: ", ")
    let v = p.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ")
    return #"{"c": true, "v": [\#(v)], "i": [\#(z)], "o": [\#(z)]}"#
}

/// Layer "L": group "Shape 1" whose "Path 1" moves from a triangle at 0 to one 10 units right at
/// frame 10 (linear); group "Shape 2" whose "Path 1" is a static other triangle with `x2`
/// (when given) as its expression.
private func file(_ x2: String?, x1: String? = nil) -> String {
    let a = shape([[0, 0], [10, 0], [0, 10]]), b = shape([[10, 0], [20, 0], [10, 10]]), c = shape([[50, 50], [60, 50], [50, 60]])
    let e1 = x1.map { #", "x": \#(q($0))"# } ?? "", e2 = x2.map { #", "x": \#(q($0))"# } ?? ""
    let path1 = #"{"ty": "sh", "nm": "Path 1", "ks": {"a": 1\#(e1), "k": [{"t": 0, "s": [\#(a)], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [\#(b)]}]}}"#
    let path2 = #"{"ty": "sh", "nm": "Path 1", "ks": {"a": 0\#(e2), "k": \#(c)}}"#
    let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
    let tr = #"{"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}"#
    let layer = """
    {"ty": 4, "ind": 1, "nm": "L", "ip": 0, "op": 60, "st": 0, "ks": {},
     "shapes": [{"ty": "gr", "nm": "Shape 1", "it": [\(path1), \(fill), \(tr)]}, {"ty": "gr", "nm": "Shape 2", "it": [\(path2), \(fill), \(tr)]}]}
    """
    return lottieJSON(layers: "[\(layer)]")
}

private func paths(_ a: LottieAnimation) -> [ShapeProperty] {
    guard case .shapes(let items) = a.root.layers[0].content else { return [] }
    return items.compactMap { item -> ShapeProperty? in
        guard case .group(let g) = item, case .path(let p) = g.items[0] else { return nil }
        return p.shape
    }
}

private func points(_ p: BezierPath) -> [Point] { p.vertices.map(\.point) }

@Suite("ExpressionPathLinks") struct ExpressionPathLinkTests {
    @Test func pathLinkGivesTheLinkedPath() throws {
        for x in ["var $bm_rt;\n$bm_rt = content('Shape 1').content('Path 1').path;",
                  "thisComp.layer('L')('ADBE Root Vectors Group')(1)('ADBE Vectors Group')(1)('ADBE Vector Shape')"] {
            let a = try decode(file(x))
            #expect(a.features.places(of: .unrecognisedExpressions).isEmpty, "\(a.features.places(of: .unrecognisedExpressions))")
            let p = paths(a)
            // Shape 1 at frame 5 is halfway: the first triangle moved 5 right. Shape 2 follows it.
            #expect(points(p[1].value(at: 5)) == [Point(5, 0), Point(15, 0), Point(5, 10)])
            #expect(points(p[1].value(at: 0)) == points(p[0].value(at: 0)))
        }
    }

    @Test func ownPathAndCyclesKeepTheKeyframes() throws {
        // A link to itself is its own keyframes, not reported.
        let own = try decode(file("content('Shape 2').content('Path 1').path"))
        #expect(own.features.places(of: .unrecognisedExpressions).isEmpty)
        #expect(points(paths(own)[1].value(at: 5)) == [Point(50, 50), Point(60, 50), Point(50, 60)])
        // Path 1 of Shape 1 reads Shape 2's and that reads Shape 1's: a cycle, reported, keyframes kept.
        let cycle = try decode(file("content('Shape 1').content('Path 1').path", x1: "content('Shape 2').content('Path 1').path"))
        let places = cycle.features.places(of: .unrecognisedExpressions)
        #expect(!places.isEmpty && places.allSatisfy { $0.contains("reference cycle") }, "\(places)")
        #expect(points(paths(cycle)[1].value(at: 5)) == [Point(50, 50), Point(60, 50), Point(50, 60)])
        // A script on a path is reported (keyframes kept), naming why.
        let script = try decode(file("var p = thisProperty; createPath(p.points(), [], [], true)"))
        #expect(script.features.places(of: .unrecognisedExpressions).first?.contains("path expressions are evaluated only as a link") == true)
    }

    @Test func propertyGroupReadsASibling() throws {
        // intelia_logo_animation's form: an ellipse's position = its size / 2 + its value.
        // Size [20, 40] ("ix": 2), position [1, 2]: [11, 22]; by name "Size" the same.
        for x in ["var $bm_rt;\n$bm_rt = sum(div(thisProperty.propertyGroup(1)(2), 2), value);",
                  "thisProperty.propertyGroup(1)('Size') / 2 + value"] {
            let el = #"{"ty": "el", "nm": "E", "s": {"a": 0, "k": [20, 40], "ix": 2}, "p": {"a": 0, "k": [1, 2], "ix": 3, "x": \#(q(x))}}"#
            let layer = #"{"ty": 4, "ind": 1, "nm": "L", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(el)]}"#
            let a = try decode(lottieJSON(layers: "[\(layer)]"))
            #expect(a.features.places(of: .unrecognisedExpressions).isEmpty, "\(a.features.places(of: .unrecognisedExpressions))")
            guard case .shapes(let items) = a.root.layers[0].content, case .ellipse(let e) = items[0] else { Issue.record("structure"); return }
            #expect(e.position.value(at: 0) == Point(11, 22))
        }
    }
}
