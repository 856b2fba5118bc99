// Blend modes on shape groups and styles (`bm` inside a shape layer): decoded per item, emitted
// as a blend group around the style's node or as the shape group's own mode (lottie-web's SVG
// puts mix-blend-mode on the group's <g>, on the style's <path>), and blended with what the item's
// own layer drew below it — a layer whose shapes blend is isolated, as After Effects renders each
// layer on its own (Build/ShapeEmitter.swift's header; docs/lottie-render.md has the evidence:
// ThorVG and rlottie agree, lottie-web 5.7.5 blends through to lower layers outside a precomp).
//
// Fixtures (100 × 100 pt, 1 px per point), written for this suite:
//   blend-shape-fill    one layer: group {left half, red fill bm 1 multiply} over group {all, grey}
//   blend-shape-layers  top layer: group {right half, red→red gradient fill bm 2 screen},
//                       group {left half, red fill bm 1}; bottom layer: all grey. The top
//                       layer is isolated: its items blend with nothing of its own below
//                       them, so they show red (ThorVG and rlottie draw the same; lottie-web
//                       5.7.5 draws (127, 0, 0) and (255, 127, 127), blending into the grey layer)
//   blend-shape-group   one layer: group bm 2 screen {group {top-left quarter, blue}, group {left
//                       half, red}} over group {all, grey}: the screen group's contents are
//                       composited among themselves (blue over red) and then screened as one
// Grey is 0.5 → 128: multiply red → (128, 0, 0); screen red → (255, 128, 128); screen blue →
// (128, 128, 255) (blue and red each screened in turn would give (255, 128, 255)).
import Foundation
@testable import Lottie
import Raster
import Render
import Testing

private let grey = Pixel(128, 128, 128, 255)

let shapeBlendFixtures: [GoldenFixture] = [
    GoldenFixture(name: "blend-shape-fill", pixels: [(25, 50, Pixel(128, 0, 0, 255)), (75, 50, grey)]),
    GoldenFixture(name: "blend-shape-layers", pixels: [(25, 50, Pixel(255, 0, 0, 255)), (75, 50, Pixel(255, 0, 0, 255))]),
    GoldenFixture(name: "blend-shape-group", pixels: [(25, 25, Pixel(128, 128, 255, 255)), (25, 75, Pixel(255, 128, 128, 255)),
                                                      (75, 50, grey)]),
]

private func decodeShapes(_ shapes: String) throws -> LottieAnimation {
    let json = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": \#(shapes)}]}"#
    return try LottieDecoder.decode(Array(json.utf8), file: "anim.json", limits: .standard)
}

private let color = #""c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}"#
private let width = #""w": {"a": 0, "k": 2}"#
private let gradient = #""s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "o": {"a": 0, "k": 100}"#

/// The blend mode the decoder gave the first shape item.
private func firstItemMode(_ a: LottieAnimation) -> BlendMode? {
    guard case .shapes(let shapes) = a.root.layers[0].content, let item = shapes.first else { return nil }
    switch item {
    case .group(let g): return g.blendMode
    case .fill(let f): return f.blendMode
    case .stroke(let s): return s.blendMode
    case .gradientFill(let f): return f.blendMode
    case .gradientStroke(let s): return s.blendMode
    default: return nil
    }
}

@Suite("LottieShapeBlend") struct ShapeBlendTests {
    @Test(arguments: shapeBlendFixtures) func goldens(_ c: GoldenFixture) throws { try checkGolden(c) }

    @Test func groupsAndEveryStyleReadTheirMode() throws {
        let items = [#"{"ty": "gr", "it": [], "bm": 3}"#, #"{"ty": "fl", \#(color), "bm": 3}"#,
                     #"{"ty": "st", \#(color), \#(width), "bm": 3}"#, #"{"ty": "gf", \#(gradient), "bm": 3}"#,
                     #"{"ty": "gs", \#(gradient), \#(width), "bm": 3}"#]
        for item in items {
            let a = try decodeShapes("[\(item)]")
            #expect(firstItemMode(a) == .overlay, "\(item)")
            #expect(a.features.unsupported.isEmpty, "\(item): \(a.features.unsupported)")
            #expect(a.features.uses(.blendModes))
        }
    }

    @Test func unknownAndHardMixCodesAreReportedAndDrawnNormal() throws {
        let hardMix = try decodeShapes(#"[{"ty": "fl", \#(color), "bm": 17}]"#)
        #expect(firstItemMode(hardMix) == .normal)
        #expect(hardMix.features.unsupported.map(\.feature) == [.hardMixBlend])
        let unknown = try decodeShapes(#"[{"ty": "fl", \#(color), "bm": 40}]"#)
        #expect(firstItemMode(unknown) == .normal)
        #expect(unknown.features.unsupported.map(\.feature) == [.shapeBlendModes])
        // After Effects has no blend mode on a path: lottie-web ignores it, and so do we.
        let onPath = try decodeShapes(#"[{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [10, 10]}, "bm": 1}]"#)
        #expect(onPath.features.unsupported.isEmpty && !onPath.features.uses(.blendModes))
    }

    @Test func aStyleBlendsInAGroupOfItsOwnAndAGroupCarriesItsMode() throws {
        for name in ["blend-shape-fill", "blend-shape-group"] {
            var list = DisplayList()
            LottieBuilder(try loadFixture(name)).build(atSeconds: 0, into: &list)
            let modes = list.nodes.compactMap { node -> BlendMode? in
                if case let .beginGroup(g, _) = node, g.blendMode != .normal { return g.blendMode } else { return nil }
            }
            #expect(modes == [name == "blend-shape-fill" ? .multiply : .screen], "\(name): \(modes)")
        }
    }
}
