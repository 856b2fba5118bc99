// Blur and drop shadow σ over the cap of 60 (Build/EffectSigmaCap.swift): named before rendering
// with the layer, the effect and the σ asked for (an error under --strict: LottieCoverage's
// entries are what the exporter refuses); at or below the cap, nothing is said.
import Foundation
import Lottie
import Testing

@Suite struct EffectSigmaCapTests {
    /// One 100 × 100 shape layer "Card" with a gaussian blur of blurriness `blurriness` (a JSON
    /// value: a number or keyframes), a drop shadow of softness `softness`, and a drop shadow
    /// style of size `size`.
    func animation(blurriness: String, softness: Double, size: Double) throws -> LottieAnimation {
        let effects = """
        [{"ty":29,"nm":"Soft","mn":"ADBE Gaussian Blur 2","en":1,"ef":[{"ty":0,"nm":"Blurriness","v":{"a":0,"k":0},"x":0}]},
         {"ty":25,"nm":"Shade","mn":"ADBE Drop Shadow","en":1,"ef":[{"ty":2,"v":{"a":0,"k":[0,0,0,1]}},{"ty":0,"v":{"a":0,"k":128}},
           {"ty":0,"v":{"a":0,"k":135}},{"ty":0,"v":{"a":0,"k":5}},{"ty":0,"v":{"a":0,"k":\(softness)}}]}]
        """.replacingOccurrences(of: "{\"a\":0,\"k\":0},\"x\":0", with: blurriness)
        let json = """
        {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"nm":"Card","ind":1,"ip":0,"op":30,"st":0,
         "ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
         {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}],"ef":\(effects),
         "sy":[{"ty":1,"nm":"Drop Shadow","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":50},"a":{"a":0,"k":90},
           "s":{"a":0,"k":\(size)},"d":{"a":0,"k":10},"ch":{"a":0,"k":0}}]}]}
        """
        return try LottieDecoder.decode(Array(json.utf8), file: "cap.json")
    }

    @Test func sigmaAtTheCapIsSilent() throws {
        // Blurriness 200 → σ 60, softness 240 → σ 60, size 120 → σ 60.
        let coverage = LottieCoverage(try animation(blurriness: "{\"a\":0,\"k\":200}", softness: 240, size: 120))
        #expect(coverage.unrendered.isEmpty, "\(coverage.unrendered)")
    }

    @Test func sigmaOverTheCapNamesTheLayerTheEffectAndTheSigma() throws {
        // Blurriness keyframed 10 → 250 (σ 75 at the second keyframe), softness 300 (σ 75), size 130 (σ 65).
        let keyframes = """
        {"a":1,"k":[{"t":0,"s":[10],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":20,"s":[250]}]}
        """
        let coverage = LottieCoverage(try animation(blurriness: keyframes, softness: 300, size: 130))
        let messages = coverage.unrendered.map { "\($0.place): \($0.message)" }
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.contains("\"Card\"") && $0.contains("effect \"Soft\"") && $0.contains("σ 75 px is over the cap 60") },
                "\(messages)")
        #expect(messages.contains { $0.contains("effect \"Shade\" (softness): σ 75 px") }, "\(messages)")
        #expect(messages.contains { $0.contains("drop shadow style 0 (size): σ 65 px") }, "\(messages)")
    }
}
