// Real files from the corpus, kept in Fixtures/ (see its README for the attribution).
import Testing
@testable import Lottie

@Suite struct FixtureTests {
    func load(_ name: String) throws -> LottieAnimation {
        try LottieDecoder.load(path: fixtures.appendingPathComponent(name).path)
    }

    /// timeremap.json: four layers show one precomposition — frozen by a constant remap,
    /// reversed by an old-style (s/e) remap, unchanged, and stretched by sr = 0.2.
    @Test func timeRemapFixture() throws {
        let a = try load("timeremap.json")
        let fr = a.frameRate
        #expect(fr == 23.9759979248047)
        let byName = Dictionary(uniqueKeysWithValues: a.root.layers.map { ($0.name, $0) })
        let half = 48.9999957589018 / 2
        #expect(byName["Freeze"]!.precompFrame(atFrame: half, frameRate: fr)! == 0.876 * fr)
        // Remap 2.044 s → 0 s over the layer, with an easing on the diagonal (exactly linear).
        let reverse = byName["Reverse"]!.precompFrame(atFrame: half, frameRate: fr)!
        #expect(close(reverse, 1.022 * fr, 1e-9), "\(reverse)")
        #expect(byName["Regular"]!.precompFrame(atFrame: 10, frameRate: fr)! == 10)
        #expect(close(byName["Stretch"]!.precompFrame(atFrame: 9, frameRate: fr)!, 45, 1e-12))
        #expect(!byName["Stretch"]!.isVisible(atFrame: 9.8))
        #expect(a.features.unsupported.isEmpty)
    }

    @Test func twitterHeartUsesOnlyPartOneFeatures() throws {
        let a = try load("TwitterHeart.json")
        #expect(a.root.layers.count == 18)
        #expect(a.features.unsupported.isEmpty)
        #expect(a.features.uses(.trimPaths))
        // Every property evaluates to finite numbers over the whole animation.
        var matrices = LayerMatrices()
        for f in stride(from: a.inPoint, to: a.outPoint, by: 0.25) {
            matrices.update(a.root, frame: f)
            for m in matrices.world.prefix(a.root.layers.count) {
                #expect(m.a.isFinite && m.d.isFinite && m.tx.isFinite && m.ty.isFinite)
            }
        }
    }

    @Test func masksAreReportedWithTheirPlaces() throws {
        let a = try load("masks_issue_2150.json")
        #expect(a.features.places(of: .masks) == ["layers[0] \"Pre-comp_Arrow\"", "assets[0].layers[1] \"Dark Gray Solid 4\"",
                                                  "assets[0].layers[3] \"Dark Gray Solid 5\""])
        #expect(a.features.warnings.isEmpty, "masks are drawn: \(a.features.warnings)")
        #expect(a.features.uses(.splitPosition))
    }
}
