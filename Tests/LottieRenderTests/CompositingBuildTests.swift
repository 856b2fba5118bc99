// What the Lottie builder emits for masks, track mattes and blend modes (the display-list nodes,
// checked whether or not Render draws them yet), and how the decoder reads and refuses them.
import Foundation
import Geometry
@testable import Lottie
import Raster
import Render
import Testing

private func build(_ name: String, seconds: Double = 0) throws -> DisplayList {
    let builder = LottieBuilder(try loadFixture(name))
    var list = DisplayList()
    builder.build(atSeconds: seconds, into: &list)
    return list
}

private func decodeText(_ json: String) throws -> LottieAnimation {
    try LottieDecoder.decode(Array(json.utf8), file: "anim.json", limits: .standard)
}

private func decodeFailure(_ json: String) -> String? {
    do { _ = try decodeText(json); return nil } catch { return "\(error)" }
}

/// The groups opened in the list, in order, with their masks.
private func groups(_ list: DisplayList) -> [(group: Group, masks: [Mask])] {
    list.nodes.compactMap { if case let .beginGroup(g, masks) = $0 { return (g, masks) } else { return nil } }
}

private let square = #"{"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10], [0, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}"#

private func layerJSON(_ ind: Int, _ extra: String) -> String {
    #"{"ty": 4, "ind": \#(ind), "nm": "L\#(ind)", "ip": 0, "op": 30, "ks": {}, "shapes": [{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [10, 10]}}, {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}}]\#(extra)}"#
}

private func fileJSON(_ layers: [String]) -> String {
    #"{"fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [\#(layers.joined(separator: ", "))]}"#
}

@Suite struct CompositingBuildTests {
    @Test func masksAreEmittedInOrderWithTheirProperties() throws {
        let cases: [(String, [MaskMode])] = [
            ("mask-add", [.add, .add]), ("mask-subtract", [.add, .subtract]), ("mask-intersect", [.add, .intersect]),
            ("mask-lighten", [.add, .lighten]), ("mask-darken", [.add, .darken]), ("mask-difference", [.add, .difference]),
            ("mask-none", [.add]), ("mask-first-subtract", [.subtract]),
        ]
        for (name, modes) in cases {
            let layer = groups(try build(name))[1]
            #expect(layer.masks.map(\.mode) == modes, "\(name)")
        }
        let inverted = groups(try build("mask-subtract-inverted"))[1].masks
        #expect(inverted.map(\.inverted) == [false, true])
        let opacity = groups(try build("mask-add-opacity"))[1].masks
        #expect(opacity.map(\.opacity) == [1, 0.5])
        #expect(groups(try build("mask-expand"))[1].masks.map(\.expansion) == [10])
        #expect(groups(try build("mask-contract"))[1].masks.map(\.expansion) == [-10])
        // The mask path is the layer's `pt` at the frame, in the layer's coordinates.
        let list = try build("mask-animated", seconds: 0.5)
        let path = list.path(groups(list)[1].masks[0].path)
        #expect(path.elements.first == .move(to: Point(25, 10)))
    }

    @Test func aMattedLayerIsWrappedWithItsSourceWhichIsNotDrawnOnItsOwn() throws {
        let nodes = try build("matte-alpha").nodes
        guard nodes.count > 3, case let .beginGroup(matteGroup, _) = nodes[1], case .beginMatte = nodes[2] else {
            Issue.record("expected a matte group first: \(nodes)"); return
        }
        #expect(matteGroup.matte == .alpha)
        let endMatte = nodes.firstIndex(of: .endMatte)!
        let fills = { (range: Range<Int>) in nodes[range].filter { if case .fill = $0 { return true } else { return false } }.count }
        #expect(fills(3..<endMatte) == 2)                       // the source's white and black
        #expect(fills(endMatte..<nodes.count) == 1)             // the matted red, and the source nowhere else
        let modes: [(String, MatteMode)] = [("matte-alpha-inverted", .invertedAlpha), ("matte-luma", .luma),
                                            ("matte-luma-inverted", .invertedLuma)]
        for (name, mode) in modes { #expect(groups(try build(name))[1].group.matte == mode, "\(name)") }
    }

    @Test func theMatteParentIsTheLayerNamedByTp() throws {
        let animation = try loadFixture("matte-parent")
        #expect(animation.root.layers[2].matte?.source == 0)
        #expect(animation.root.layers[0].isMatteSource)
        let list = try build("matte-parent")
        #expect(list.shapeCount == 4)       // source (2 fills, in the matte), bar, matted
    }

    @Test func anEndedSourceGivesAnEmptyMatte() throws {
        let nodes = try build("matte-ended", seconds: 0.5).nodes
        let begin = nodes.firstIndex(of: .beginMatte)!, end = nodes.firstIndex(of: .endMatte)!
        #expect(end == begin + 1)
    }

    @Test func aMattedLayersBlendModeIsOnTheMatteGroup() throws {
        let g = groups(try build("matte-blend"))
        let blended = g.filter { $0.group.blendMode != .normal }
        #expect(blended.count == 1, "only the matte group blends; the layer inside it blends normally")
        #expect(blended.first?.group.matte == .alpha && blended.first?.group.blendMode == .multiply)
    }

    @Test func everyBlendModeCodeMapsToRastersMode() throws {
        let expected: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                     .hardLight, .softLight, .difference, .exclusion, .hue, .saturation, .color,
                                     .luminosity, .add]
        for (code, mode) in expected.enumerated() {
            let a = try decodeText(fileJSON([layerJSON(1, #", "bm": \#(code)"#)]))
            #expect(a.root.layers[0].blendMode == mode, "bm \(code)")
            #expect(a.features.uses(.blendModes) == (code != 0))
        }
        let hardMix = try decodeText(fileJSON([layerJSON(1, #", "bm": 17"#)]))
        #expect(hardMix.root.layers[0].blendMode == .normal)
        #expect(hardMix.features.unsupported.map(\.feature).contains(.hardMixBlend))
        // Outside 0…17: drawn normal, as players do, and reported naming the path (a warning; --strict refuses).
        let unknown = try decodeText(fileJSON([layerJSON(1, #", "bm": 18"#)]))
        #expect(unknown.root.layers[0].blendMode == .normal)
        #expect(unknown.repairs.map(\.path) == ["layers[0].bm"])
    }

    @Test func badMasksAndMattesAreOneLineErrors() throws {
        let badMode = decodeFailure(fileJSON([layerJSON(1, #", "masksProperties": [{"mode": "q", "pt": \#(square)}]"#)]))
        #expect(badMode == "anim.json: layers[0].masksProperties[0].mode: mask mode must be one of a, s, i, l, d, f, n, got \"q\"")
        let noPath = decodeFailure(fileJSON([layerJSON(1, #", "masksProperties": [{"mode": "a"}]"#)]))
        #expect(noPath?.contains("layers[0].masksProperties[0]: missing mask path (\"pt\")") == true)
        var limits = LottieLimits()
        limits.maxMasksPerLayer = 2
        let many = fileJSON([layerJSON(1, #", "masksProperties": [{"pt": \#(square)}, {"pt": \#(square)}, {"pt": \#(square)}]"#)])
        #expect(throws: LottieError.self) { try LottieDecoder.decode(Array(many.utf8), file: "anim.json", limits: limits) }
        // A matte type outside 0…4 is no matte, reported naming the path.
        let badMatte = try decodeText(fileJSON([layerJSON(1, #", "tt": 7"#)]))
        #expect(badMatte.repairs.map(\.path) == ["layers[0].tt"] && badMatte.root.layers[0].matte == nil)
        // Two layers naming each other as matte parents.
        let cycle = decodeFailure(fileJSON([layerJSON(1, #", "tt": 1, "tp": 2"#), layerJSON(2, #", "tt": 1, "tp": 1"#)]))
        #expect(cycle?.contains("track matte cycle") == true)
    }

    @Test func aMissingMatteSourceIsAWarningAndTheLayerDrawsUnmatted() throws {
        let first = try decodeText(fileJSON([layerJSON(1, #", "tt": 1"#)]))
        #expect(first.root.layers[0].matte == nil)
        #expect(first.warnings.contains { $0.contains("needs a layer above it") })
        let missing = try decodeText(fileJSON([layerJSON(1, ""), layerJSON(2, #", "tt": 1, "tp": 9"#)]))
        #expect(missing.root.layers[1].matte == nil)
        #expect(missing.warnings.contains { $0.contains("\"tp\" 9") })
    }

    @Test func maskFeatherIsPassedAndOnlyAnUnequalOneIsReported() throws {
        let a = try decodeText(fileJSON([layerJSON(1, #", "masksProperties": [{"mode": "a", "pt": \#(square), "f": {"a": 0, "k": [4, 4]}}]"#)]))
        #expect(a.features.uses(.maskFeather) && a.features.unsupported.isEmpty)
        var list = DisplayList()
        LottieBuilder(a).build(atSeconds: 0, into: &list)
        #expect(groups(list)[1].masks.map(\.feather) == [4])
        let b = try decodeText(fileJSON([layerJSON(1, #", "masksProperties": [{"mode": "a", "pt": \#(square), "f": {"a": 0, "k": [6, 2]}}]"#)]))
        #expect(b.features.unsupported.map(\.feature) == [.anisotropicMaskFeather])
        #expect(LottieCoverage(b).unrendered.contains { $0.message.hasPrefix("unequal horizontal and vertical mask feather") })
        var listB = DisplayList()
        LottieBuilder(b).build(atSeconds: 0, into: &listB)
        #expect(groups(listB)[1].masks.map(\.feather) == [4], "the mean of |x| and |y|")
    }

    @Test func drawnFeaturesAreNotReported() throws {
        for name in ["mask-add", "matte-parent", "matte-blend", "matte-precomp"] {
            let coverage = LottieCoverage(try loadFixture(name))
            #expect(coverage.unrendered.isEmpty, "\(name): \(coverage.unrendered)")
        }
        let merged = LottieCoverage(try loadFixture("merge-subtract"))
        #expect(merged.unrendered.isEmpty, "\(merged.unrendered)")
    }
}
