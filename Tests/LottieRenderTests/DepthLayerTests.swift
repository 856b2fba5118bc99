// 3D layers drawn as lottie-web draws them without a camera (Model/DepthTransform.swift): the
// 4×4 matrix with z dropped. Corner positions computed by hand for rx, ry and both; the z of a
// child turned into x by its parent's ry; pixels of a rendered square turned by rx = 60°.
import Foundation
import Geometry
@testable import Lottie
import Raster
import Render
import Testing

@Suite struct DepthLayerTests {
    /// A 200 × 200 composition with one 100 × 100 red square (centred on its anchor (50, 50),
    /// placed at (100, 100)) and `ks` members `extra`.
    func squareFile(_ extra: String, parentLayer: String = "") -> String {
        """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":200,"ddd":1,"assets":[],"layers":[
          {"ddd":1,"ty":4,"ind":1,"ip":0,"op":30,"st":0,\(parentLayer)
           "ks":{"a":{"a":0,"k":[50,50,0]},"p":{"a":0,"k":[100,100,0]}\(extra)},
           "shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
                     {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """
    }

    func corners(_ extra: String) throws -> [Point] {
        let animation = try LottieDecoder.decode(Array(squareFile(extra).utf8), file: "ddd.json")
        let layer = animation.root.layers[0]
        let m = layer.transform.matrix4(at: 0).projected
        return [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)].map { m.apply($0) }
    }

    func expectCorners(_ got: [Point], _ want: [(Double, Double)], _ what: Comment) {
        for (g, w) in zip(got, want) {
            #expect(abs(g.x - w.0) < 1e-9 && abs(g.y - w.1) < 1e-9, "\(what): \(g) ≠ \(w)")
        }
    }

    @Test func rotationAboutXHalvesTheHeightAt60Degrees() throws {
        // y′ = 50 + (y − 50)·cos 60°, x unchanged.
        expectCorners(try corners(#","rx":{"a":0,"k":60}"#), [(50, 75), (150, 75), (150, 125), (50, 125)], "rx 60°")
    }

    @Test func rotationAboutYHalvesTheWidthAt60Degrees() throws {
        expectCorners(try corners(#","ry":{"a":0,"k":60}"#), [(75, 50), (125, 50), (125, 150), (75, 150)], "ry 60°")
    }

    @Test func ryIsAppliedBeforeRx() throws {
        // (u, v) from the anchor: Ry(60°) gives x = u/2, z = u·sin 60°; then Rx(60°) gives
        // y = v/2 + z·sin 60° = v/2 + 0.75·u. Corner (−50, −50) → (−25, −62.5) → (75, 37.5) …
        expectCorners(try corners(#","rx":{"a":0,"k":60},"ry":{"a":0,"k":60}"#),
                      [(75, 37.5), (125, 112.5), (125, 162.5), (75, 87.5)], "rx 60° after ry 60°")
        // The other order (Rx then Ry) would give x = u/2 − v·0.75: corner (−50, −50) at x = 112.5.
    }

    @Test func orientationFollowsTheRotations() throws {
        // or = (60, 0, 0) is a rotation about x like rx = 60°; or z turns like rz.
        expectCorners(try corners(#","or":{"a":0,"k":[60,0,0]}"#), [(50, 75), (150, 75), (150, 125), (50, 125)], "or x 60°")
        expectCorners(try corners(#","or":{"a":0,"k":[0,0,90]},"rx":{"a":0,"k":0}"#),
                      [(150, 50), (150, 150), (50, 150), (50, 50)], "or z 90°")
    }

    @Test func rzIsTheRotationOnlyBesideRx() throws {
        // With rx, rz is the z rotation (r is not read); without rx, lottie-web and ThorVG read
        // r only: an rz alone turns nothing, and the decoder says so.
        let with = try LottieDecoder.decode(Array(squareFile(#","rx":{"a":0,"k":0},"rz":{"a":0,"k":90},"r":{"a":0,"k":45}"#).utf8), file: "a.json")
        #expect(with.root.layers[0].transform.rotation.value(at: 0) == 90 && with.warnings.isEmpty)
        let alone = try LottieDecoder.decode(Array(squareFile(#","rz":{"a":0,"k":90}"#).utf8), file: "b.json")
        #expect(alone.root.layers[0].transform.rotation.value(at: 0) == 0)
        #expect(alone.warnings.contains { $0.contains("layers[0].ks.rz: a z rotation without \"rx\" is not drawn") }, "\(alone.warnings)")
    }

    @Test func aTwoDimensionalLayerIsNotTurnedAboutXOrY() throws {
        // ddd 0: After Effects and ThorVG turn only 3D layers; the x/y rotations are said, not drawn,
        // and the layer's rotation is `r` (not `rz`, even beside `rx`). lottie-ios's pr_1930_ry.
        let flat = { (extra: String) in self.squareFile(extra).replacingOccurrences(of: #"{"ddd":1,"ty":4"#, with: #"{"ddd":0,"ty":4"#) }
        let ry = try LottieDecoder.decode(Array(flat(#","ry":{"a":0,"k":60}"#).utf8), file: "ry.json")
        #expect(ry.root.layers[0].transform.depth == nil)
        #expect(ry.warnings.contains { $0.contains("layers[0].ks.ry: a rotation about x or y on a 2D layer") }, "\(ry.warnings)")
        let rx = try LottieDecoder.decode(Array(flat(#","rx":{"a":0,"k":60},"rz":{"a":0,"k":90},"r":{"a":0,"k":45}"#).utf8), file: "rx.json")
        #expect(rx.root.layers[0].transform.depth == nil && rx.root.layers[0].transform.rotation.value(at: 0) == 45)
        #expect(rx.warnings.contains { $0.contains("layers[0].ks.rx:") }, "\(rx.warnings)")
        let quiet = try LottieDecoder.decode(Array(flat(#","rx":{"a":0,"k":0},"ry":{"a":0,"k":0},"or":{"a":0,"k":[0,0,0]}"#).utf8), file: "z.json")
        #expect(quiet.warnings.isEmpty, "zero rotations are not worth a warning: \(quiet.warnings)")
    }

    @Test func aPlaneLayerKeepsItsTwoDimensionalMatrix() throws {
        let animation = try LottieDecoder.decode(Array(squareFile(#","r":{"a":0,"k":30}"#).utf8), file: "flat.json")
        let t = animation.root.layers[0].transform
        #expect(t.depth == nil)
        let a = t.matrix(at: 0), b = t.matrix4(at: 0).projected
        #expect(abs(a.a - b.a) < 1e-12 && abs(a.b - b.b) < 1e-12 && abs(a.c - b.c) < 1e-12
                && abs(a.tx - b.tx) < 1e-12 && abs(a.ty - b.ty) < 1e-12)
        #expect(!animation.features.uses(.depthLayers) && animation.features.unsupported.isEmpty)
    }

    @Test func aChildsDepthTurnsIntoXUnderItsParentsRy() throws {
        // Parent: ry = 90° at (100, 100). Child: p = (0, 0, −40), which lottie-web translates by
        // +40 in z; the parent's Ry(90°) sends z to −x: the child's origin lands at (60, 100).
        let json = """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":200,"ddd":1,"assets":[],"layers":[
          {"ddd":1,"ty":4,"ind":2,"parent":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[0,0,-40]}},"shapes":[]},
          {"ddd":1,"ty":3,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[100,100,0]},"ry":{"a":0,"k":90}}}]}
        """
        let animation = try LottieDecoder.decode(Array(json.utf8), file: "parent.json")
        var matrices = LayerMatrices()
        matrices.update(animation.root, frame: 0)
        let origin = matrices.world[0].apply(Point(0, 0))
        #expect(abs(origin.x - 60) < 1e-9 && abs(origin.y - 100) < 1e-9, "\(origin)")
        #expect(animation.features.uses(.depthLayers) && animation.features.unsupported.isEmpty)
    }

    @Test func aSquareTurnedBy60DegreesAboutXIsDrawnHalfAsTall() throws {
        let animation = try LottieDecoder.decode(Array(squareFile(#","rx":{"a":0,"k":60}"#).utf8), file: "ddd.json")
        var list = DisplayList()
        LottieBuilder(animation).build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: 200, height: 200)
        Renderer().render(list, background: .clear, transform: .identity, on: canvas)
        let rgba = canvas.straightRGBA8()
        func alpha(_ x: Int, _ y: Int) -> UInt8 { rgba[(y * 200 + x) * 4 + 3] }
        // Drawn over x ∈ [50, 150], y ∈ [75, 125].
        #expect(alpha(100, 76) == 255 && alpha(100, 124) == 255 && alpha(51, 100) == 255 && alpha(148, 100) == 255)
        #expect(alpha(100, 73) == 0 && alpha(100, 126) == 0 && alpha(48, 100) == 0 && alpha(151, 100) == 0)
    }

    @Test func aLayerTurnedEdgeOnDrawsNothingAwayFromItsLine() throws {
        // rx = 90°: the square projects onto the line y = 100 (a singular matrix). Its stroke and
        // gradient fill (whose paint inverts the matrix) must draw nothing off that line.
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let styles = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1},"#
            + #"{"ty":"gf","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[100,100]},"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
        let json = squareFile(#","rx":{"a":0,"k":90}"#).replacingOccurrences(of: fill, with: styles)
        #expect(json.contains("\"gf\""))
        let animation = try LottieDecoder.decode(Array(json.utf8), file: "edge.json")
        var list = DisplayList()
        LottieBuilder(animation).build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: 200, height: 200)
        Renderer().render(list, background: .clear, transform: .identity, on: canvas)
        let rgba = canvas.straightRGBA8()
        for y in [20, 60, 90, 110, 140, 180] {
            for x in [55, 100, 145] { #expect(rgba[(y * 200 + x) * 4 + 3] == 0, "(\(x), \(y))") }
        }
    }
}
