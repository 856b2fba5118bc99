// The corpus files with expressions and effects (docs/lottie-expressions.md, "Corpus survey"):
// which of them every expression is recognised in, and what is reported in the others.
import Foundation
import Testing
@testable import Lottie

@Suite struct CorpusExpressionTests {
    func load(_ name: String) throws -> LottieAnimation {
        try LottieDecoder.load(path: try #require(corpusFolder).appendingPathComponent(name).path)
    }

    @Test(.enabled(if: corpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func recognisedFiles() throws {
        // loopOut in all its spellings, clamp, $bm_mul(time, N), wiggle, links to other properties
        // (growth: content('man 1').content('laptop').transform.…; issue_2330: another layer's trim;
        // G: other layers' ellipse size, trim and stroke width): nothing unrecognised.
        for name in ["LottieFiles/dog_car_ride.json", "LottieFiles/loading_gradient_strokes.json",
                     "LottieFiles/growth.json", "Issues/issue_2330.json", "TypeFace/G.json"] {
            let a = try load(name)
            #expect(a.features.uses(.expressions), "\(name)")
            let unrecognised = a.features.places(of: .unrecognisedExpressions)
            #expect(unrecognised.isEmpty, "\(name): \(unrecognised)")
        }
        // U.json links through comp('U'); no composition of the file is named U, and its root has
        // no name: comp('U') is read as the root (its layer 'Liquid main fill'), and said once.
        let u = try load("TypeFace/U.json")
        #expect(u.features.places(of: .unrecognisedExpressions).isEmpty, "\(u.features.places(of: .unrecognisedExpressions))")
        #expect(u.warnings.filter { $0.contains("comp(\"U\") names no composition of the file") }.count == 1, "\(u.warnings)")
    }

    /// G.json: "Shape Layer 7" (static trim start 40.797) reads "Shape Layer 6"'s keyframed trim
    /// (0 → 40.797 over frames 4–15): the two are equal at every frame.
    @Test(.enabled(if: corpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func corpusLinkValues() throws {
        let g = try load("TypeFace/G.json")
        func trim(_ layer: LottieLayer) throws -> TrimPath {
            guard case .shapes(let items) = layer.content, case .group(let group) = items[0] else { throw LinkShapeError() }
            for item in group.items { if case .trim(let t) = item { return t } }
            throw LinkShapeError()
        }
        let reader = try trim(g.root.layers[18]), source = try trim(g.root.layers[19])
        #expect(reader.start.expression != nil)
        for f in stride(from: 0.0, through: 60, by: 7.5) {
            #expect(abs(reader.start.value(at: f) - source.start.value(at: f)) < 1e-12, "frame \(f)")
            #expect(abs(reader.end.value(at: f) - source.end.value(at: f)) < 1e-12, "frame \(f)")
        }
    }

    @Test(.enabled(if: corpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func effectsAreReadAndNamed() throws {
        // TypeFace/A.json: four Fill effects, rendered.
        let fill = try load("TypeFace/A.json")
        #expect(fill.features.uses(.colorEffects) && !fill.features.uses(.unrenderedEffects))
        // Slider controls feed the inertial bounce in issue_1915 (interpreted: its script has `if`s).
        let sliders = try load("Issues/issue_1915.json")
        #expect(sliders.features.uses(.expressionControls) && !sliders.features.uses(.unrenderedEffects))
        // The interpreted subset: the bounce (issue_1915; issue_1735 inside try … catch) and Ease and
        // Wizz (pr_1563: functions, switch, `return null || value`) are bound, nothing unrecognised.
        // Their properties are static, so numKeys = 0 and each gives `value`.
        for name in ["Issues/issue_1915.json", "Issues/issue_1735.json", "Issues/pr_1563.json"] {
            let a = try load(name)
            #expect(a.features.uses(.expressions) && !a.features.uses(.unrecognisedExpressions),
                    "\(name): \(a.features.places(of: .unrecognisedExpressions))")
        }
        let bounce = sliders.root.layers[0].transform.rotation
        #expect(bounce.expression != nil && bounce.value(at: 30) == bounce.value(at: 0))
        // Drop shadows are drawn (Build/EffectStage.swift).
        let shadow = try load("Issues/issue_1169_shadow_effect.json")
        #expect(shadow.features.uses(.filterEffects) && !shadow.features.uses(.unrenderedEffects))
        // pr_2559: ten 3D layers whose rotations keep them flat.
        let flat = try load("Issues/pr_2559.json")
        #expect(flat.features.uses(.flatThreeD) && !flat.features.uses(.threeD))
    }

    /// Every unrecognised expression in the corpus is quoted and says why; the figures are printed
    /// (docs/lottie-expressions.md).
    @Test(.enabled(if: corpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func reportsQuoteAndExplain() throws {
        var recognised = 0, clean = 0, cleanOfMine = 0, total = 0, cleanThanksToThis = 0
        for url in corpusFiles("json") {
            guard let a = try? LottieDecoder.load(path: url.path) else { continue }
            total += 1
            if a.features.uses(.expressions) { recognised += 1 }
            for place in a.features.places(of: .unrecognisedExpressions) {
                #expect(place.contains(" \"") && place.hasSuffix(")"), "\(url.lastPathComponent): \(place)")
            }
            let mine: Set<LottieFeature> = [.unrecognisedExpressions, .unrenderedEffects, .threeD]
            let others = a.features.unsupported.filter { !mine.contains($0.feature) }
            if a.features.unsupported.isEmpty { clean += 1 }
            // Clean now, but using what used to be reported: expressions, effects, 3D layers.
            if a.features.unsupported.isEmpty, [.expressions, .effects, .flatThreeD].contains(where: a.features.uses) { cleanThanksToThis += 1 }
            if others.isEmpty && !a.features.unsupported.isEmpty { cleanOfMine += 1 }
        }
        print("corpus: \(total) decoded, \(recognised) with recognised expressions, \(clean) with no unsupported feature, \(cleanOfMine) held back only by unrecognised expressions, unrendered effects or 3D, \(cleanThanksToThis) clean that use expressions, effects or flat 3D layers")
        #expect(recognised >= 5)
    }
}

private struct LinkShapeError: Error {}
