// A precomposition's clip is left out only where it changes nothing (Build/PrecompClip.swift):
// the rule against hand-made cases, and pixels where the clip that remains must cut.
import Foundation
import Geometry
@testable import Lottie
import Raster
import Render
import Testing

@Suite struct PrecompClipTests {
    @Test func heldOnlyWhenTheClipContainsTheEnclosingRectangle() {
        // Full size, identity (anchor = position): held.
        #expect(LottieBuilder.precompClipHolds(outerWidth: 100, outerHeight: 80, matrix: .identity, width: 100, height: 80))
        // Larger and shifted so it still covers: held.
        #expect(LottieBuilder.precompClipHolds(outerWidth: 100, outerHeight: 80, matrix: .translation(-10, -10),
                                               width: 120, height: 100))
        // Shifted by one point, or one point smaller, or scaled down: not held.
        #expect(!LottieBuilder.precompClipHolds(outerWidth: 100, outerHeight: 80, matrix: .translation(1, 0), width: 100, height: 80))
        #expect(!LottieBuilder.precompClipHolds(outerWidth: 100, outerHeight: 80, matrix: .identity, width: 99, height: 80))
        #expect(!LottieBuilder.precompClipHolds(outerWidth: 100, outerHeight: 80, matrix: .scale(0.5, 0.5), width: 100, height: 80))
        // Rotated 45° about the centre: the square's corners stick out: not held; a singular matrix: not held.
        let c = Transform.translation(-50, -50).concatenating(.rotation(radians: Double.pi / 4)).concatenating(.translation(50, 50))
        #expect(!LottieBuilder.precompClipHolds(outerWidth: 100, outerHeight: 100, matrix: c, width: 100, height: 100))
        #expect(!LottieBuilder.precompClipHolds(outerWidth: 100, outerHeight: 100, matrix: .scale(0, 1), width: 100, height: 100))
    }

    /// A full-size precomposition holding a rect wider than the canvas, drawn letterboxed: the
    /// top composition's clip still cuts at the canvas edge (its precomposition clip was left out).
    @Test func theTopClipStillCutsAFullSizePrecomposition() throws {
        let json = """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"assets":[{"id":"inner","layers":[
          {"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[
            {"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[160,40]},"r":{"a":0,"k":0}},
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}],
         "layers":[{"ty":0,"ind":1,"refId":"inner","w":100,"h":100,"ip":0,"op":30,"st":0,
                    "ks":{"a":{"a":0,"k":[50,50]},"p":{"a":0,"k":[50,50]}}}]}
        """
        let animation = try LottieDecoder.decode(Array(json.utf8), file: "full.json")
        let builder = LottieBuilder(animation)
        var list = DisplayList()
        builder.build(atSeconds: 0, into: &list)
        // 100 × 100 points into a 200 × 100 canvas: x′ = x + 50 (letterbox 50 px each side).
        let canvas = Canvas(width: 200, height: 100)
        Renderer().render(list, background: .clear, transform: .translation(50, 0), on: canvas)
        let rgba = canvas.straightRGBA8()
        func alpha(_ x: Int, _ y: Int) -> UInt8 { rgba[(y * 200 + x) * 4 + 3] }
        #expect(alpha(100, 50) == 255)   // inside
        #expect(alpha(51, 50) == 255)    // just inside the canvas edge at x′ = 50
        #expect(alpha(48, 50) == 0)      // the rect reaches x′ = 20 but the top clip cuts at 50
        #expect(alpha(151, 50) == 0)
        #expect(alpha(100, 20) == 0)     // above the rect (y ∈ [30, 70])
    }
}
