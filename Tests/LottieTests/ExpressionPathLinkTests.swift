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
        // A script on a path that gives no path is reported (keyframes kept), naming why.
        let script = try decode(file("var p = thisProperty; p.points().length"))
        #expect(script.features.places(of: .unrecognisedExpressions).first?.contains("gives number, not a path") == true)
        #expect(points(paths(script)[1].value(at: 5)) == [Point(50, 50), Point(60, 50), Point(50, 60)])
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

/// Path values in scripts (Expressions/ScriptPaths.swift), each value worked out by hand. Shape 2's
/// triangle (50, 50) → (60, 50) → (50, 60), closed: sides 10, 10√2 = 14.1421, 10 (total 34.1421).
@Suite("ExpressionPathValues") struct ExpressionPathValueTests {
    private func run(_ x: String, at frame: Double = 5) throws -> BezierPath {
        let a = try decode(file(x))
        #expect(a.features.places(of: .unrecognisedExpressions).isEmpty, "\(a.features.places(of: .unrecognisedExpressions))")
        return paths(a)[1].value(at: frame)
    }

    /// The first vertex of the path a script gives: a probe for a number pair.
    private func probe(_ pair: String, at frame: Double = 5) throws -> Point {
        try #require(try run("var q = \(pair); createPath([q], [], [], false)", at: frame).vertices.first).point
    }

    @Test func pointsAndTangentsRebuildAPath() throws {
        // Shape 1's own path (the Create Nulls From Paths form) shifted 100 right: at frame 5 it is
        // halfway, (5, 0) (15, 0) (5, 10), so (105, 0) (115, 0) (105, 10), closed as Shape 1's.
        let x = """
        var $bm_rt; var p = content('Shape 1').content('Path 1').path;
        var pts = p.points(); for (var i = 0; i < pts.length; i++) { pts[i] = [pts[i][0] + 100, pts[i][1]]; }
        $bm_rt = createPath(pts, p.inTangents(), p.outTangents(), p.isClosed());
        """
        let r = try run(x)
        #expect(points(r) == [Point(105, 0), Point(115, 0), Point(105, 10)] && r.closed)
        // points(t): Shape 1 at 1/3 s (frame 10) is the second triangle; createPath without isClosed is open (lottie-web).
        let t = try run("createPath(content('Shape 1').content('Path 1').path.points(1/3), [[1, 2]], [[3, 4]])")
        #expect(points(t) == [Point(10, 0), Point(20, 0), Point(10, 10)] && !t.closed)
        #expect(t.vertices[0].inTangent == Point(1, 2) && t.vertices[0].outTangent == Point(3, 4) && t.vertices[1].inTangent == .zero)
        // The own path: `value` and `thisProperty` are Shape 2's triangle; in/out tangents are zero.
        #expect(points(try run("var v = value; createPath(thisProperty.points(), v.inTangents(), [], true)"))
                == [Point(50, 50), Point(60, 50), Point(50, 60)])
    }

    @Test func pointOnPathByLength() throws {
        // 0.25 of 34.1421 = 8.5355 along the first side: (58.536, 50), rounded to 1/1000 as lottie-web does.
        let a = try probe("thisProperty.pointOnPath(0.25)")
        #expect(abs(a.x - 58.536) <= 0.002 && a.y == 50, "\(a)")
        // 0.5: 17.0711 = 10 + 7.0711, the middle of the hypotenuse: (55, 55).
        let b = try probe("thisProperty.pointOnPath(0.5)")
        #expect(abs(b.x - 55) <= 0.002 && abs(b.y - 55) <= 0.002, "\(b)")
        // 1 on a closed path: the first vertex.
        #expect(try probe("thisProperty.pointOnPath(1)") == Point(50, 50))
        // Shape 1 at frame 5 (5, 0) (15, 0) (5, 10): 0.25 of 34.1421 is (13.536, 0); with a time, 0 s: (8.536, 0).
        let c = try probe("content('Shape 1').content('Path 1').path.pointOnPath(0.25)")
        #expect(abs(c.x - 13.536) <= 0.002 && c.y == 0, "\(c)")
        let d = try probe("content('Shape 1').content('Path 1').path.pointOnPath(0.25, 0)")
        #expect(abs(d.x - 8.536) <= 0.002 && d.y == 0, "\(d)")
    }

    @Test func tangentAndNormal() throws {
        // Along the first side the tangent is (1, 0), the normal [−y, x] = (0, 1).
        let t = try probe("thisProperty.tangentOnPath(0.25)"), n = try probe("thisProperty.normalOnPath(0.25)")
        #expect(abs(t.x - 1) < 1e-9 && abs(t.y) < 1e-9 && abs(n.x) < 1e-9 && abs(n.y - 1) < 1e-9, "\(t) \(n)")
        // On the hypotenuse (0.5): (−1, 1)/√2.
        let h = try probe("thisProperty.tangentOnPath(0.5)")
        #expect(abs(h.x + 0.5.squareRoot()) < 1e-3 && abs(h.y - 0.5.squareRoot()) < 1e-3, "\(h)")
        // lottie-web's ends: 0 is read at 0.999 (the last side, going up to the start): (0, −1).
        let z = try probe("thisProperty.tangentOnPath(0)")
        #expect(abs(z.x) < 1e-9 && abs(z.y + 1) < 1e-9, "\(z)")
    }

    @Test func hostilePathScriptsStop() throws {
        // Each is refused by the step budget or the point cap, reported with the keyframes kept.
        for x in ["while (true) { thisProperty.pointOnPath(0.5); }",
                  "var p = []; for (var i = 0; i < 5000; i++) { p.push([i, i]); } createPath(p, [], [], true)",
                  "var a = []; for (var i = 0; i < 4096; i++) { a[i] = [i, 0]; } var p = createPath(a, [], [], true); p.pointOnPath(0.5)"] {
            let start = Date()
            let a = try decode(file(x))
            #expect(Date().timeIntervalSince(start) < 5)
            let places = a.features.places(of: .unrecognisedExpressions)
            #expect(places.count == 1 && places[0].contains("steps") || places.first?.contains("4096") == true, "\(places)")
            #expect(points(paths(a)[1].value(at: 5)) == [Point(50, 50), Point(60, 50), Point(50, 60)])
        }
    }

    @Test func pathScriptsReadingEachOtherAreACycle() throws {
        // Shape 1's path script reads Shape 2's points and Shape 2's reads Shape 1's: a reference
        // cycle, both reported, both keep their keyframes — no endless recursion.
        let a = try decode(file("createPath(content('Shape 1').content('Path 1').path.points(), [], [], true)",
                                x1: "createPath(content('Shape 2').content('Path 1').path.points(), [], [], true)"))
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(!places.isEmpty && places.allSatisfy { $0.contains("reference cycle") }, "\(places)")
        #expect(points(paths(a)[0].value(at: 5)) == [Point(5, 0), Point(15, 0), Point(5, 10)])
        #expect(points(paths(a)[1].value(at: 5)) == [Point(50, 50), Point(60, 50), Point(50, 60)])
    }

    @Test func readingAPathIsChargedPerVertex() throws {
        // A 300-vertex path read 100 times by isClosed() is 30 000 steps: over the budget of 20 000,
        // reported — though the loop itself takes only ~600 steps.
        let v = (0..<300).map { "[\($0), 0]" }.joined(separator: ", "), z = (0..<300).map { _ in "[0, 0]" }.joined(separator: ", ")
        let big = #"{"c": true, "v": [\#(v)], "i": [\#(z)], "o": [\#(z)]}"#
        let x = "var n = 0; while (thisProperty.isClosed() && n < 100) { n++; } createPath([[n, 0]], [], [], false)"
        let mask = #"{"mode": "a", "pt": {"a": 0, "k": \#(big), "x": \#(q(x))}, "o": {"a": 0, "k": 100}}"#
        let layer = #"{"ty": 4, "ind": 1, "nm": "L", "ip": 0, "op": 60, "st": 0, "ks": {}, "hasMask": true, "masksProperties": [\#(mask)], "shapes": []}"#
        let a = try decode(lottieJSON(layers: "[\(layer)]"))
        let places = a.features.places(of: .unrecognisedExpressions)
        #expect(places.count == 1 && places[0].contains("20000 evaluation steps"), "\(places)")
        #expect(try #require(a.root.layers[0].masks.first).path.value(at: 0).vertices.count == 300)
    }

    @Test func maskPathScript() throws {
        // A mask's `pt` runs the same way: its own square's points moved by the layer's index (1) × 10.
        let x = "var p = thisProperty.points(); for (var i = 0; i < p.length; i++) { p[i] = p[i] + [index * 10, 0]; } createPath(p, [], [], true)"
        let square = #"{"c": true, "v": [[0, 0], [4, 0], [4, 4], [0, 4]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
        let mask = #"{"mode": "a", "pt": {"a": 0, "k": \#(square), "x": \#(q(x))}, "o": {"a": 0, "k": 100}}"#
        let layer = #"{"ty": 4, "ind": 1, "nm": "L", "ip": 0, "op": 60, "st": 0, "ks": {}, "hasMask": true, "masksProperties": [\#(mask)], "shapes": []}"#
        let a = try decode(lottieJSON(layers: "[\(layer)]"))
        #expect(a.features.places(of: .unrecognisedExpressions).isEmpty, "\(a.features.places(of: .unrecognisedExpressions))")
        let m = try #require(a.root.layers[0].masks.first).path.value(at: 3)
        #expect(points(m) == [Point(10, 0), Point(14, 0), Point(14, 4), Point(10, 4)] && m.closed)
    }
}
