// Styles and modifiers as the model stores them: gradients (colour and opacity stops), dashes,
// trim paths, repeaters, slots and expressions.
import Testing
@testable import Lottie
import Geometry
import Raster

@Suite struct StyleDecodingTests {
    func items(_ shapes: String, extra: String = "") throws -> [ShapeItem] {
        shapeItems(try decode(lottieJSON(layers: "[\(shapeLayer(shapes))]", extra: extra)))
    }

    @Test func gradientColourAndOpacityStops() throws {
        let shapes = """
        [{"ty": "gf", "t": 2, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "h": {"a": 0, "k": 50}, "a": {"a": 0, "k": 30},
          "o": {"a": 0, "k": 80}, "r": 2,
          "g": {"p": 2, "k": {"a": 1, "k": [
            {"t": 0, "s": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
            {"t": 10, "s": [0, 0, 1, 0, 1, 0, 0, 1, 0, 0.5, 1, 1]}]}}}]
        """
        guard case .gradientFill(let g) = try items(shapes).first else { Issue.record("no gradient fill"); return }
        #expect(g.paint.kind == .radial)
        #expect(g.rule == .evenOdd)
        #expect(g.opacity.value(at: 0) == 0.8)
        #expect(g.paint.highlightLength.value(at: 0) == 0.5)
        #expect(g.paint.highlightAngle.value(at: 0) == 30)
        #expect(g.paint.stops.colorCount == 2 && g.paint.stops.opacityCount == 2)
        var stops = GradientStops()
        g.paint.stops.evaluate(at: 5, into: &stops)
        #expect(stops.colors == [GradientColorStop(offset: 0, red: 0.5, green: 0.5, blue: 0),
                                 GradientColorStop(offset: 1, red: 0, green: 0, blue: 1)])
        #expect(stops.opacities == [GradientOpacityStop(offset: 0, opacity: 0.75), GradientOpacityStop(offset: 1, opacity: 0.5)])
    }

    @Test func strokeDashesCapsAndJoins() throws {
        let shapes = #"[{"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}, "lc": 1, "lj": 3, "ml": 7, "d": [{"n": "d", "v": {"a": 0, "k": 10}}, {"n": "g", "v": {"a": 0, "k": 5}}, {"n": "o", "v": {"a": 0, "k": 2}}]}]"#
        guard case .stroke(let s) = try items(shapes).first else { Issue.record("no stroke"); return }
        #expect(s.style.cap == .butt && s.style.join == .bevel)
        #expect(s.style.miterLimit.value(at: 0) == 7 && s.style.width.value(at: 0) == 4)
        #expect(s.style.dashes.map(\.kind) == [.dash, .gap, .offset])
        #expect(s.style.dashes.map { $0.length.value(at: 0) } == [10, 5, 2])
    }

    @Test func trimAndRepeater() throws {
        let shapes = #"[{"ty": "tm", "s": {"a": 0, "k": 10}, "e": {"a": 0, "k": 90}, "o": {"a": 0, "k": 45}, "m": 2}, {"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 1}, "m": 2, "tr": {"p": {"a": 0, "k": [10, 0]}, "s": {"a": 0, "k": [50, 50]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 20}}}, {"ty": "rd", "r": {"a": 0, "k": 6}}]"#
        let list = try items(shapes)
        guard list.count == 3, case .trim(let t) = list[0], case .repeater(let r) = list[1], case .roundedCorners(let c) = list[2] else {
            Issue.record("\(list)"); return
        }
        #expect(t.start.value(at: 0) == 0.1 && t.end.value(at: 0) == 0.9 && t.offset.value(at: 0) == 45 && t.mode == .sequential)
        #expect(r.copies.value(at: 0) == 3 && r.offset.value(at: 0) == 1 && r.composite == .above)
        #expect(r.transform.transform.position.value(at: 0) == Point(10, 0))
        #expect(r.transform.transform.scale.value(at: 0) == Point(0.5, 0.5))
        #expect(r.transform.startOpacity.value(at: 0) == 1 && r.transform.endOpacity.value(at: 0) == 0.2)
        #expect(c.radius.value(at: 0) == 6)
    }

    @Test func slotsReplaceValuesAndExpressionsAreRecorded() throws {
        let shapes = #"[{"ty": "fl", "c": {"a": 0, "k": [1, 1, 1], "sid": "tint"}, "o": {"a": 0, "k": 100, "x": "loopOut('cycle')"}}]"#
        let a = try decode(lottieJSON(layers: "[\(shapeLayer(shapes))]", extra: #", "slots": {"tint": {"p": {"a": 0, "k": [0, 0.5, 1]}}}"#))
        guard case .fill(let f) = shapeItems(a).first else { Issue.record("no fill"); return }
        #expect(f.color.value(at: 0) == RGBA(r: 0, g: 0.5, b: 1))
        #expect(a.features.uses(.slots) && a.features.uses(.expressions))
        #expect(a.features.unsupported.isEmpty)   // loopOut is recognised (ExpressionTests)
    }

    @Test func unsupportedShapesAreKeptAndNamed() throws {
        let list = try items(#"[{"ty": "mm", "nm": "Merge", "mm": 3}, {"ty": "op", "nm": "Offset"}, {"ty": "pb"}, {"ty": "tw"}, {"ty": "zz"}, {"ty": "xyz"}]"#)
        #expect(list.count == 6)
        // Merge paths are modelled (issue 14); the others are kept as unsupported.
        guard case .merge(let m) = list[0] else { Issue.record("merge not modelled"); return }
        #expect(m.mode == .subtract && m.name == "Merge")
        guard case .unsupported(let u) = list[1] else { Issue.record("not kept"); return }
        #expect(u.type == "op" && u.name == "Offset")
    }
}

@Suite struct RepeaterCopyTests {
    func repeater(offset: Double, scale: Double = 50, rotation: Double = 90, m: Int = 1) throws -> Repeater {
        let shapes = #"[{"ty": "rp", "c": {"a": 0, "k": 2.5}, "o": {"a": 0, "k": \#(offset)}, "m": \#(m), "tr": {"a": {"a": 0, "k": [10, 0]}, "p": {"a": 0, "k": [100, 0]}, "s": {"a": 0, "k": [\#(scale), \#(scale)]}, "r": {"a": 0, "k": \#(rotation)}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 0}}}]"#
        guard case .repeater(let r) = shapeItems(try decode(lottieJSON(layers: "[\(shapeLayer(shapes))]"))).first else {
            throw LottieError(file: "", path: "", message: "no repeater")
        }
        return r
    }

    @Test func copiesOpacitiesAndStacking() throws {
        let r = try repeater(offset: 0)
        #expect(r.copyCount(at: 0) == 3)                      // ⌈2.5⌉
        #expect(r.composite == .below)                        // m = 1: later copies underneath
        #expect([0, 1, 2].map { r.opacity(copy: $0, of: 3, at: 0) } == [1, 0.5, 0])
        #expect(try repeater(offset: 0, m: 2).composite == .above)
    }

    @Test func copyMatrices() throws {
        let r = try repeater(offset: 0)
        // Copy 0: identity.
        let m0 = r.matrix(copy: 0, at: 0)
        #expect(close(m0.apply(Point(20, 0)).x, 20, 1e-12) && close(m0.apply(Point(20, 0)).y, 0, 1e-12))
        // Copy 2: rotate 180° about (10, 0), scale 0.25 about it, move by 200:
        // (20, 0) → (0, 0) → (7.5, 0) → (207.5, 0).
        let q = r.matrix(copy: 2, at: 0).apply(Point(20, 0))
        #expect(close(q.x, 207.5, 1e-9) && close(q.y, 0, 1e-9), "\(q)")
    }

    @Test func fractionalAndNegativeOffsets() throws {
        // Offset 0.5, no rotation: copy 0 moves half-way (p·0.5) and scales by
        // s + (1 − s)(1 − 0.5) = 0.75 about the anchor: (20, 0) → (17.5, 0) → (67.5, 0).
        let half = try repeater(offset: 0.5, rotation: 0).matrix(copy: 0, at: 0).apply(Point(20, 0))
        #expect(close(half.x, 67.5, 1e-9), "\(half)")
        // Offset −1: the inverse step: scale 2 about (10, 0), move by −100: (20, 0) → (30, 0) → (−70, 0).
        let back = try repeater(offset: -1, rotation: 0).matrix(copy: 0, at: 0).apply(Point(20, 0))
        #expect(close(back.x, -70, 1e-9), "\(back)")
    }
}

@Suite struct TrimRangeTests {
    func trim(_ s: Double, _ e: Double, _ o: Double) -> TrimPath {
        TrimPath(name: nil, start: ScalarProperty(s), end: ScalarProperty(e), offset: ScalarProperty(o), mode: .parallel)
    }

    @Test func rangesFollowTheSpec() {
        #expect(trim(0.2, 0.6, 0).range(at: 0)! == (0.2, 0.6))
        #expect(trim(0.6, 0.2, 0).range(at: 0)! == (0.2, 0.6))              // s > e: the same piece
        #expect(trim(0.2, 0.6, 90).range(at: 0)! == (0.45, 0.85))           // a quarter turn later
        #expect(trim(0.2, 0.6, 450).range(at: 0)! == (0.45, 0.85))          // whole turns drop
        let back = trim(0.2, 0.6, -90).range(at: 0)!                         // negative offsets keep their sign
        #expect(close(back.start, -0.05, 1e-15) && close(back.end, 0.35, 1e-15))
        #expect(trim(-0.5, 1.5, 0).range(at: 0)! == (0, 1))                 // clamped: the whole path
        #expect(trim(0.3, 0.3, 10).range(at: 0) == nil)                     // nothing
        #expect(trim(1.2, 1.5, 0).range(at: 0) == nil)                      // both clamp to 1
    }
}

@Suite struct GradientGeometryTests {
    @Test func radialFocalPoint() {
        func paint(_ h: Double, _ a: Double) -> GradientPaint {
            GradientPaint(kind: .radial, start: PositionProperty(Point(10, 10)), end: PositionProperty(Point(10, 30)),
                          highlightLength: ScalarProperty(h), highlightAngle: ScalarProperty(a),
                          stops: GradientProperty(colorCount: 1, opacityCount: 0, values: FlatProperty(constant: [0, 1, 1, 1])))
        }
        // Radius 20 towards +y; half the highlight along the line: focal 10 below the centre.
        let g = paint(0.5, 0).radialGeometry(at: 0)
        #expect(g.center == Point(10, 10) && g.radius == 20)
        #expect(close(g.focal.x, 10, 1e-12) && close(g.focal.y, 20, 1e-12))
        // Turned by 90° (clockwise): the line points down, so the focal point goes left.
        let turned = paint(0.5, 90).radialGeometry(at: 0).focal
        #expect(close(turned.x, 0, 1e-12) && close(turned.y, 10, 1e-12), "\(turned)")
        // Clamped to 0.99 of the radius.
        #expect(close(paint(3, 0).radialGeometry(at: 0).focal.y, 10 + 0.99 * 20, 1e-12))
    }
}
