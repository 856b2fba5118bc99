// Text on a path (Build/TextOnPath.swift): small files whose ink is worked out by hand.
//
// The file's chars, at size 100 (so 1 unit = 1 pixel), advance 10 each, pen at the origin on the
// baseline (y down): "A" a 10 × 10 square, x 0…10, y −10…0; "I" a bar 4 wide, x 3…7, y −10…0.
// A character sits with its advance's centre (x = 5) on the path's point at its arc position s,
// so an unturned "A" at point (px, py) covers x px−5 … px+5, y py−10 … py: columns px−5 … px+4
// and rows py−10 … py−1. The text layer is at the origin (layer space = canvas) with one mask of
// mode "n" (it clips nothing): by default the horizontal line (20, 30) → (110, 30), T = 90.
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Testing

private let glyphs = """
 "fonts":{"list":[{"fName":"F","fFamily":"Box","fStyle":"Regular","ascent":70}]},
 "chars":[{"ch":"A","size":100,"style":"Regular","w":10,"fFamily":"Box","data":{"shapes":[{"ty":"rc","p":{"a":0,"k":[5,-5]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}]}},
          {"ch":"I","size":100,"style":"Regular","w":10,"fFamily":"Box","data":{"shapes":[{"ty":"rc","p":{"a":0,"k":[5,-5]},"s":{"a":0,"k":[4,10]},"r":{"a":0,"k":0}}]}}],
"""

/// A static open or closed mask path through `points` (straight segments).
private func line(_ points: [(Double, Double)], closed: Bool = false) -> String {
    let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
    let zero = points.map { _ in "[0,0]" }.joined(separator: ",")
    return #"{"c":\#(closed),"v":[\#(v)],"i":[\#(zero)],"o":[\#(zero)]}"#
}

/// A file with one text layer on mask 0; `path` is t.p without `m`, `mask` the mask's `pt`.
private func file(_ text: String, path: String, mask: String = #"{"a":0,"k":\#(line([(20, 30), (110, 30)]))}"#,
                  justification: Int = 0, animators: String = "[]", width: Int = 140, height: Int = 60,
                  maskIndex: Int = 0, layerPosition: String = "[0,0]") -> String {
    """
    {"v":"5.7.0","fr":10,"ip":0,"op":20,"w":\(width),"h":\(height),
    \(glyphs)
     "layers":[{"ty":5,"nm":"T","ip":0,"op":20,"st":0,"ks":{"p":{"a":0,"k":\(layerPosition)}},
       "masksProperties":[{"mode":"n","pt":\(mask),"o":{"a":0,"k":100}}],
       "t":{"d":{"k":[{"t":0,"s":{"s":100,"f":"F","t":"\(text)","j":\(justification),"tr":0,"lh":20,"ls":0,"fc":[1,0,0]}}]},
            "p":{"m":\(maskIndex),\(path)},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":\(animators)}}]}
    """
}

private func render(_ json: String, frame: Double = 0) throws -> Frame {
    renderFrame(try LottieDecoder.decode(Array(json.utf8), file: "text-on-path.json"), atFrame: frame)
}

/// The columns and rows holding pixels at least half covered, as runs.
private func ink(_ frame: Frame) -> (columns: [ClosedRange<Int>], rows: [ClosedRange<Int>]) {
    func runs(_ on: [Bool]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = [], start: Int?
        for (i, v) in (on + [false]).enumerated() {
            if v, start == nil { start = i }
            if !v, let s = start { out.append(s...(i - 1)); start = nil }
        }
        return out
    }
    let covered = { (x: Int, y: Int) in frame.rgba[(y * frame.width + x) * 4 + 3] >= 128 }
    return (runs((0..<frame.width).map { x in (0..<frame.height).contains { covered(x, $0) } }),
            runs((0..<frame.height).map { y in (0..<frame.width).contains { covered($0, y) } }))
}

@Suite("TextOnPath") struct TextOnPathTests {
    @Test func theFirstMarginMovesTheCharacterAlongAStraightPath() throws {
        // s = 30 + 10/2 = 35 → point (55, 30): x 50…60, y 20…30. Set straight it would sit at
        // the layer's origin, off the canvas.
        let f = ink(try render(file("A", path: #""f":{"a":0,"k":30},"p":{"a":0,"k":1}"#)))
        #expect(f.columns == [50...59] && f.rows == [20...29], "\(f)")
    }

    @Test func perpendicularTurnsTheCharacterWithTheTangent() throws {
        // The path runs down from (60, 5): s = 20 + 5 = 25 → point (60, 30), tangent (0, 1).
        // Perpendicular: the bar (x −2…2, y −10…0 about the point) turned 90° clockwise covers
        // x 0…10, y −2…2 about it → x 60…70, y 28…32. Without: x 58…62, y 20…30.
        let down = #"{"a":0,"k":\#(line([(60, 5), (60, 95)]))}"#
        let turned = ink(try render(file("I", path: #""f":{"a":0,"k":20},"p":{"a":0,"k":1}"#, mask: down, width: 100, height: 100)))
        #expect(turned.columns == [60...69] && turned.rows == [28...31], "\(turned)")
        let upright = ink(try render(file("I", path: #""f":{"a":0,"k":20},"p":{"a":0,"k":0}"#, mask: down, width: 100, height: 100)))
        #expect(upright.columns == [58...61] && upright.rows == [20...29], "\(upright)")
    }

    @Test func reversingRunsThePathFromItsOtherEnd() throws {
        // Reversed, the path starts at (110, 30) heading left: s = 35 → point (75, 30). Upright:
        // x 70…80, y 20…30. Perpendicular: turned 180°, the square hangs below: y 30…40.
        let upright = ink(try render(file("A", path: #""f":{"a":0,"k":30},"r":{"a":0,"k":1}"#)))
        #expect(upright.columns == [70...79] && upright.rows == [20...29], "\(upright)")
        let turned = ink(try render(file("A", path: #""f":{"a":0,"k":30},"r":1,"p":{"a":0,"k":1}"#)))
        #expect(turned.columns == [70...79] && turned.rows == [30...39], "\(turned)")
    }

    @Test func forceAlignmentSpreadsTheCharactersToTheMarginAndTheEnd() throws {
        // "AA", F = 10, T = 90: s_0 = 10 + 5 = 15 → (35, 30); s_1 = 15 + (90 − 10 − 5 − 5)·1/1 = 85
        // → (105, 30). Without force alignment they touch: 30…50.
        let spread = ink(try render(file("AA", path: #""f":{"a":0,"k":10},"a":{"a":0,"k":1}"#)))
        #expect(spread.columns == [30...39, 100...109] && spread.rows == [20...29], "\(spread)")
        let set = ink(try render(file("AA", path: #""f":{"a":0,"k":10},"a":{"a":0,"k":0}"#)))
        #expect(set.columns == [30...49], "\(set)")
    }

    @Test func anAnimatedMarginMovesTheCharacterBetweenFrames() throws {
        // f: 0 at frame 0 → 40 at frame 10 (linear): s = 5 → (25, 30); s = 45 → (65, 30); at
        // frame 5, f = 20: s = 25 → (45, 30).
        let margin = #""f":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[40]}]}"#
        let json = file("A", path: margin)
        #expect(ink(try render(json, frame: 0)).columns == [20...29])
        #expect(ink(try render(json, frame: 5)).columns == [40...49])
        #expect(ink(try render(json, frame: 10)).columns == [60...69])
    }

    @Test func anAnimatedMaskPathCarriesTheText() throws {
        // The mask's line moves from y 30 (frame 0) to y 50 (frame 10); F = 30 → x 50…60.
        let mask = #"{"a":1,"k":[{"t":0,"s":[\#(line([(20, 30), (110, 30)]))],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":10,"s":[\#(line([(20, 50), (110, 50)]))]}]}"#
        let json = file("A", path: #""f":{"a":0,"k":30}"#, mask: mask)
        let first = ink(try render(json, frame: 0)), last = ink(try render(json, frame: 10))
        #expect(first.columns == [50...59] && first.rows == [20...29], "\(first)")
        #expect(last.columns == [50...59] && last.rows == [40...49], "\(last)")
    }

    @Test func justificationPlacesTheLineOnThePath() throws {
        // One "A" (w = 10), F = 0, T = 90. Centre: s = (90 − 10)/2 + 5 = 45 → (65, 30); right:
        // s = 90 − 10 + 5 = 85 → (105, 30).
        #expect(ink(try render(file("A", path: #""f":{"a":0,"k":0}"#, justification: 2))).columns == [60...69])
        #expect(ink(try render(file("A", path: #""f":{"a":0,"k":0}"#, justification: 1))).columns == [100...109])
    }

    @Test func pastAnOpenPathsEndTheCharactersContinueAlongItsTangent() throws {
        // F = 80, "AA": s = 85 → (105, 30); s = 95, 5 past the end → (115, 30) on the end's
        // tangent: columns 100…119. A negative margin extrapolates backwards: F = −20 → s = −15
        // → (5, 30).
        #expect(ink(try render(file("AA", path: #""f":{"a":0,"k":80}"#))).columns == [100...119])
        #expect(ink(try render(file("A", path: #""f":{"a":0,"k":-20}"#))).columns == [0...9])
    }

    @Test func aPathOfOneVertexHoldsTheTextAtIt() throws {
        // One vertex (40, 30): T = 0, the text runs along x from it. F = 10 → s = 15 → (55, 30).
        let point = #"{"a":0,"k":{"c":false,"v":[[40,30]],"i":[[0,0]],"o":[[0,0]]}}"#
        let f = ink(try render(file("A", path: #""f":{"a":0,"k":10},"p":{"a":0,"k":1}"#, mask: point)))
        #expect(f.columns == [50...59] && f.rows == [20...29], "\(f)")
    }

    @Test func aClosedPathWraps() throws {
        // Square (20, 10) → (60, 10) → (60, 50) → (20, 50), closed, T = 160. F = 165: s = 170,
        // wrapped to 10 → (30, 10): x 25…35, y 0…10. F = −155 (moved into [0, T) as +160):
        // s = −150 + 160 = 10 as well.
        let square = #"{"a":0,"k":\#(line([(20, 10), (60, 10), (60, 50), (20, 50)], closed: true))}"#
        for margin in [165, -155] {
            let f = ink(try render(file("A", path: #""f":{"a":0,"k":\#(margin)}"#, mask: square)))
            #expect(f.columns == [25...34] && f.rows == [0...9], "F = \(margin): \(f)")
        }
    }

    @Test func eachLineStartsAtTheMarginOneLineHeightAlongTheNormal() throws {
        // "A\rA", line height 20: both at s = 35. Horizontal path: the second line 20 lower
        // (y 40…50). Down the vertical path at x 60 (perpendicular), "below" turns to the left:
        // the first square covers x 60…70, the second x 40…50, both y 30…40 (point (60, 35)).
        let horizontal = ink(try render(file("A\\rA", path: #""f":{"a":0,"k":30},"p":{"a":0,"k":1}"#)))
        #expect(horizontal.columns == [50...59] && horizontal.rows == [20...29, 40...49], "\(horizontal)")
        let down = #"{"a":0,"k":\#(line([(60, 0), (60, 100)]))}"#
        let vertical = ink(try render(file("A\\rA", path: #""f":{"a":0,"k":30},"p":{"a":0,"k":1}"#, mask: down, width: 100, height: 100)))
        #expect(vertical.columns == [40...49, 60...69] && vertical.rows == [30...39], "\(vertical)")
    }

    @Test func animatorsApplyOnTopOfThePath() throws {
        // Position (20, 5) on every character: 20 along the path, 5 down its normal → s = 55,
        // point (75, 30), moved to y 25…35. Rotation 90° (clockwise) turns a character about its
        // bottom centre before the path's turn: with F = 50 (point (75, 30)) the square's
        // x −5…5, y −10…0 about the point becomes x 0…10, y −5…5 (x' = −y, y' = x): x 75…85, y 25…35.
        let position = #"[{"s":{"t":0,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"r":1,"b":1,"sh":1},"a":{"p":{"a":0,"k":[20,5]}}}]"#
        let moved = ink(try render(file("A", path: #""f":{"a":0,"k":30}"#, animators: position)))
        #expect(moved.columns == [70...79] && moved.rows == [25...34], "\(moved)")
        let rotation = #"[{"s":{"t":0,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"r":1,"b":1,"sh":1},"a":{"r":{"a":0,"k":90}}}]"#
        let turned = ink(try render(file("A", path: #""f":{"a":0,"k":50},"p":{"a":0,"k":1}"#, animators: rotation)))
        #expect(turned.columns == [75...84] && turned.rows == [25...34], "\(turned)")
    }

    @Test func trackingAnimatorsCountOnlyWhenTheTextIsNotLeftAligned() throws {
        // Tracking animator 10 on every character of "AA" (lottie-web's rule on a path). Left:
        // not applied, the squares touch at F = 30: x 50…70. Centred (F = 0): J = (90 − 20)/2 = 35,
        // s_0 = 40 → (60, 30), s_1 = 35 + 10 + 5 + 10 = 60 → (80, 30).
        let tracking = #"[{"s":{"t":0,"s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"r":1,"b":1,"sh":1},"a":{"t":{"a":0,"k":10}}}]"#
        #expect(ink(try render(file("AA", path: #""f":{"a":0,"k":30}"#, animators: tracking))).columns == [50...69])
        #expect(ink(try render(file("AA", path: #""f":{"a":0,"k":0}"#, justification: 2, animators: tracking))).columns == [55...64, 75...84])
    }

    @Test func aMaskIndexTheLayerLacksDrawsStraightAndWarns() throws {
        // Mask 3 of one: set straight at the layer's position (20, 30): x 20…30, y 20…30.
        let json = file("A", path: #""f":{"a":0,"k":30}"#, maskIndex: 3, layerPosition: "[20,30]")
        let f = ink(try render(json))
        #expect(f.columns == [20...29] && f.rows == [20...29], "\(f)")
        let animation = try LottieDecoder.decode(Array(json.utf8), file: "t.json")
        #expect(animation.features.uses(.textPaths) && animation.features.unsupported.isEmpty)
        let coverage = LottieCoverage(animation)
        #expect(coverage.unrendered.map(\.message) == ["text on a path names mask 3, but the layer has 1 mask; drawn straight"])
        #expect(coverage.unrendered.first?.place == "layers[0] \"T\"")
    }
}
