// Collapse transformations (`ct` 1) on a precomposition: clipped to its w × h, as lottie-web,
// ThorVG and rlottie draw it (docs/lottie-render.md "Drawn as the players draw them"), and not
// reported as unsupported.
import Foundation
import Geometry
@testable import Lottie
import Raster
import Render
import Testing

@Suite struct CollapsedTransformTests {
    /// A 100 × 100 canvas; a 40 × 40 precomposition at (30, 30) holding a rect 80 wide
    /// (x ∈ [−20, 60] in its space, so x ∈ [10, 90] on the canvas), `ct` as given.
    func file(ct: Int) -> String {
        """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"assets":[{"id":"inner","layers":[
          {"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[
            {"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[80,20]},"r":{"a":0,"k":0}},
            {"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}]}],
         "layers":[{"ty":0,"ind":1,"refId":"inner","w":40,"h":40,"ct":\(ct),"ip":0,"op":30,"st":0,
                    "ks":{"p":{"a":0,"k":[30,30]}}}]}
        """
    }

    func alphaRow(_ json: String) throws -> [UInt8] {
        let animation = try LottieDecoder.decode(Array(json.utf8), file: "ct.json")
        var list = DisplayList()
        LottieBuilder(animation).build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: 100, height: 100)
        Renderer().render(list, background: .clear, transform: .identity, on: canvas)
        let rgba = canvas.straightRGBA8()
        return (0..<100).map { rgba[(50 * 100 + $0) * 4 + 3] }
    }

    @Test func aCollapsedPrecompositionIsClippedLikeAnyOther() throws {
        let collapsed = try alphaRow(file(ct: 1))
        #expect(collapsed[31] == 255 && collapsed[68] == 255)   // inside the 40 × 40 clip
        #expect(collapsed[28] == 0 && collapsed[72] == 0)       // the rect goes on to 10 and 90: cut
        #expect(collapsed == (try alphaRow(file(ct: 0))))
        let animation = try LottieDecoder.decode(Array(file(ct: 1).utf8), file: "ct.json")
        #expect(animation.features.uses(.collapsedTransformations) && animation.features.unsupported.isEmpty)
    }
}
