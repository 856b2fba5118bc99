// The feature inventory, shape decoding and the generated shapes' paths.
import Foundation
import Testing
@testable import Lottie
import Geometry

private let maskPath = #"{"a": 0, "k": {"c": true, "v": [[0, 0], [1, 0], [1, 1]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}"#

@Suite struct FeatureAndShapeTests {
    @Test func inventoryNamesPlacesAndUnsupportedFeatures() throws {
        let layers = """
        [\(shapeLayer(#"[{"ty": "gr", "it": [{"ty": "rc", "s": {"a": 0, "k": [10, 10]}}, {"ty": "mm", "mm": 1}, {"ty": "fl"}, {"ty": "tr"}]}]"#, ind: 1, name: "Shape Layer 2", extra: #", "masksProperties": [{"pt": \#(maskPath)}]"#)),
         \(shapeLayer(#"[{"ty": "el", "s": {"a": 0, "k": [5, 5]}}, {"ty": "st"}, {"ty": "tm", "m": 2}]"#, ind: 2, name: "Other", extra: #", "masksProperties": [{"pt": \#(maskPath)}, {"pt": \#(maskPath)}]"#)),
         {"ty": 5, "nm": "Title", "ks": {}, "t": {"d": {"k": [{"s": {"t": "Hi"}, "t": 0}]}, "p": {"m": 1}}}]
        """
        let a = try decode(lottieJSON(layers: layers))
        let f = a.features
        #expect(f.places(of: .masks) == ["layers[0] \"Shape Layer 2\"", "layers[1] \"Other\""])
        #expect(f.places(of: .mergePaths) == ["layers[0] \"Shape Layer 2\""])
        #expect(f.uses(.rectangles) && f.uses(.ellipses) && f.uses(.groups) && f.uses(.sequentialTrimPaths))
        // Masks and merge paths are drawn (issue 14), text too, and text on a path: used, not
        // unsupported (its mask index naming no mask is a coverage warning, TextOnPathTests).
        #expect(f.uses(.textLayers))
        #expect(f.places(of: .textPaths) == ["layers[2] \"Title\""])
        #expect(f.unsupported.isEmpty)
        #expect(f.warnings.isEmpty)
    }

    @Test func groupsTakeTheirTransformAndDropHiddenItems() throws {
        let shapes = #"[{"ty": "gr", "nm": "G", "it": [{"ty": "el", "hd": true}, {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 0], [1, 1]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}, {"ty": "tr", "p": {"a": 0, "k": [5, 6]}, "o": {"a": 0, "k": 40}}]}]"#
        guard case .group(let g) = shapeItems(try decode(lottieJSON(layers: "[\(shapeLayer(shapes))]"))).first else {
            Issue.record("no group"); return
        }
        #expect(g.name == "G")
        #expect(g.items.count == 1)
        #expect(g.transform.position.value(at: 0) == Point(5, 6))
        #expect(g.transform.opacity.value(at: 0) == 0.4)
    }

    @Test func rectangleFollowsTheSpec() throws {
        let r = RectangleShape(name: nil, position: PositionProperty(Point(10, 20)), size: VectorProperty(Point(8, 4)),
                               roundness: ScalarProperty(0), direction: .clockwise)
        var path = BezierPath()
        r.evaluate(at: 0, into: &path)
        #expect(path.closed)
        #expect(path.vertices.map(\.point) == [Point(14, 18), Point(14, 22), Point(6, 22), Point(6, 18)])
        var reversed = r
        reversed.direction = .counterClockwise
        reversed.evaluate(at: 0, into: &path)
        #expect(path.vertices.map(\.point) == [Point(14, 18), Point(6, 18), Point(6, 22), Point(14, 22)])
        // Rounded: 8 vertices, radius clamped to half the shorter side (2).
        var rounded = r
        rounded.roundness = ScalarProperty(5)
        rounded.evaluate(at: 0, into: &path)
        #expect(path.vertices.count == 8)
        #expect(path.vertices[0].point == Point(14, 20) && path.vertices[0].inTangent == Point(0, -2 * ellipseHandle))
        #expect(path.vertices[7].point == Point(12, 18) && path.vertices[7].outTangent == Point(2 * ellipseHandle, 0))
    }

    @Test func ellipseFollowsTheSpec() {
        let e = EllipseShape(name: nil, position: PositionProperty(Point(0, 0)), size: VectorProperty(Point(20, 10)), direction: .clockwise)
        var path = BezierPath()
        e.evaluate(at: 0, into: &path)
        #expect(path.vertices.map(\.point) == [Point(0, -5), Point(10, 0), Point(0, 5), Point(-10, 0)])
        #expect(path.vertices[0].outTangent == Point(10 * ellipseHandle, 0))
        #expect(path.vertices[1].outTangent == Point(0, 5 * ellipseHandle))
    }

    @Test func polystarVertices() {
        let star = PolystarShape(name: nil, kind: .star, position: PositionProperty(Point(0, 0)), points: ScalarProperty(4.6),
                                 rotation: ScalarProperty(0), outerRadius: ScalarProperty(10), outerRoundness: ScalarProperty(0),
                                 innerRadius: ScalarProperty(5), innerRoundness: ScalarProperty(0), direction: .clockwise)
        var path = BezierPath()
        star.evaluate(at: 0, into: &path)
        #expect(path.vertices.count == 10)                       // round(4.6) = 5 points
        #expect(close(path.vertices[0].point.x, 0, 1e-12) && close(path.vertices[0].point.y, -10, 1e-12))
        // Vertex 1 is inner, 36° clockwise from the top.
        let v1 = path.vertices[1].point
        #expect(close(v1.x, 5 * sin(.pi / 5), 1e-12) && close(v1.y, -5 * cos(.pi / 5), 1e-12))
        var polygon = star
        polygon.kind = .polygon
        polygon.points = ScalarProperty(4)
        polygon.rotation = ScalarProperty(45)
        polygon.outerRoundness = ScalarProperty(1)
        polygon.evaluate(at: 0, into: &path)
        #expect(path.vertices.count == 4)
        let handle = 2 * Double.pi * 10 / 16
        let first = path.vertices[0]
        #expect(close(first.point.x, 10 * cos(-.pi / 4), 1e-12) && close(first.point.y, 10 * sin(-.pi / 4), 1e-12))
        #expect(close((first.outTangent.x * first.outTangent.x + first.outTangent.y * first.outTangent.y).squareRoot(), handle, 1e-9))
    }
}
