// The corpus files with drop shadows, gaussian blurs and drop shadow styles: read as drawn
// effects (Build/EffectStage.swift), nothing about them reported, and their layers' groups get
// the filters lottie-web's mapping gives.
import Foundation
import Render
import Testing
@testable import Lottie

@Suite struct CorpusEffectTests {
    func load(_ name: String) throws -> LottieAnimation {
        try LottieDecoder.load(path: try #require(corpusFolder).appendingPathComponent(name).path)
    }

    @Test(.enabled(if: corpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func effectFilesDrawTheirEffects() throws {
        let effects = ["issue_1169_shadow_effect", "issue_1169_shadow_effect_animated", "issue_1169_four_shadows",
                       "pr_1964", "pr_2559", "issue_1939"]
        for name in effects {
            let a = try load("Issues/\(name).json")
            #expect(a.features.uses(.filterEffects) && !a.features.uses(.unrenderedEffects), "\(name)")
            let messages = LottieCoverage(a).unrendered.map(\.message)
            #expect(!messages.contains { $0.contains("effects") }, "\(name): \(messages)")
        }
        for name in ["issue_1169_shadow_style", "issue_1169_shadow_style_animated"] {
            let a = try load("Issues/\(name).json")
            #expect(a.features.uses(.dropShadowStyles) && !a.features.uses(.layerStyles), "\(name)")
        }
    }

    @Test(.enabled(if: corpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func shadowEffectMapsAsLottieWeb() throws {
        // issue_1169_shadow_effect: black, opacity 255, direction 180° (down), distance 5, softness 10.
        let builder = LottieBuilder(try load("Issues/issue_1169_shadow_effect.json"))
        var list = DisplayList()
        builder.build(atSeconds: 0, into: &list)
        let shadows = list.filtersByGroup.flatMap { $0 }.compactMap { f -> DropShadow? in
            if case .dropShadow(let s) = f { return s } else { return nil }
        }
        let s = try #require(shadows.first)
        #expect(abs(s.offset.x) < 1e-9 && abs(s.offset.y - 5) < 1e-9 && s.sigma == 2.5 && s.opacity == 1 && !s.shadowOnly)
    }
}
