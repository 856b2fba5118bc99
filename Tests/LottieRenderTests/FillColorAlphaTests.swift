// A fill's or stroke's colour written with a fourth number ([r, g, b, a]): lottie-web, ThorVG
// and rlottie ignore it (the spec's colour is [r, g, b]; the style's opacity is `o`), so the
// decoder reads it as alpha 1 (Decoding/PropertyDecoding.swift, issue_1223's ripples, whose
// colours end in 0).
import Foundation
import Geometry
@testable import Lottie
import Raster
import Render
import Testing

@Suite struct FillColorAlphaTests {
    /// A 20 × 20 canvas: a filled rect over the left half, a stroked line across the right half,
    /// both coloured `[r, g, b, 0]`, at opacity `o`.
    func render(opacity: Double, animated: Bool) throws -> [UInt8] {
        let color = animated
            ? #"{"a":1,"k":[{"t":0,"s":[1,0,0,0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[0,0,1,0]}]}"#
            : #"{"a":0,"k":[1,0,0,0]}"#
        let json = """
        {"v":"5.7.0","fr":10,"ip":0,"op":10,"w":20,"h":20,"assets":[],"layers":[
          {"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
            {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[5,10]},"s":{"a":0,"k":[10,20]},"r":{"a":0,"k":0}},
              {"ty":"fl","c":\(color),"o":{"a":0,"k":\(opacity)}},{"ty":"tr"}]},
            {"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[12,10],[20,10]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},
              {"ty":"st","c":\(color),"o":{"a":0,"k":\(opacity)},"w":{"a":0,"k":6},"lc":1,"lj":1},{"ty":"tr"}]}]}]}
        """
        let animation = try LottieDecoder.decode(Array(json.utf8), file: "alpha.json")
        var list = DisplayList()
        LottieBuilder(animation).build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: 20, height: 20)
        Renderer().render(list, background: .clear, transform: .identity, on: canvas)
        return canvas.straightRGBA8()
    }

    func pixel(_ rgba: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 20 + x) * 4 ..< (y * 20 + x) * 4 + 4]) }

    @Test func theFourthNumberOfAStyleColourIsNotItsAlpha() throws {
        for animated in [false, true] {
            let full = try render(opacity: 100, animated: animated)
            #expect(pixel(full, 4, 10) == [255, 0, 0, 255], "fill, animated \(animated)")
            #expect(pixel(full, 16, 10) == [255, 0, 0, 255], "stroke, animated \(animated)")
            // Opacity still applies: 50 % gives alpha 128 (or 127).
            let half = try render(opacity: 50, animated: animated)
            #expect((127...128).contains(pixel(half, 4, 10)[3]) && (127...128).contains(pixel(half, 16, 10)[3]))
        }
    }
}
