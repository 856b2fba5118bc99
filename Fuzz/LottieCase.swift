// One Lottie fuzz case: bytes → the Lottie decoder → every property evaluated at a few times →
// the builder's display list at those times (trims, repeaters, rounded corners, precomps,
// masks, mattes, blend modes, merge paths, text layers) →
// the renderer on a 24 × 24 canvas (the file fitted into it, so its geometry is scan-converted),
// and the coverage review (it sets every text document).
// Compiled into the LottieFuzz module for the libFuzzer target (Fuzz/build.sh) and replayed by
// a unit test over Fuzz/regressions/lottie (Tests/LottieTests/FuzzReplay links to this file).
// Errors are fine; crashes, hangs, leaks and runaway memory are not. The caps are smaller
// than a real run's so that an input at a cap still costs milliseconds (same code paths).
import JSON
import Geometry
import Lottie
import Raster
import Render

func fuzzLimits() -> LottieLimits {
    var limits = LottieLimits()
    limits.maxFileBytes = 1 << 20
    limits.maxJSONValues = 200_000
    limits.maxLayersPerComposition = 500
    limits.maxLayerInstances = 2_000
    limits.maxKeyframes = 2_000
    limits.maxPathVertices = 2_000
    limits.maxRepeaterCopies = 100
    limits.maxNestedRepeaterCopies = 1_000
    limits.maxFrameWork = 50_000
    limits.maxCoveragePasses = 512
    limits.maxFrameMemory = 16e6
    return limits
}

func runLottieCase(_ bytes: [UInt8]) {
    guard let animation = try? LottieDecoder.decode(bytes, file: "fuzz.json", limits: fuzzLimits()) else { return }
    let evaluator = PropertyEvaluator(animation)
    let d = animation.duration
    let times = [0, d * 0.37, d * 0.5, d, -1, d * 3]
    for t in times { _ = evaluator.evaluateAll(atSeconds: t) }
    let builder = LottieBuilder(animation)
    let renderer = Renderer()
    let canvas = Canvas(width: 24, height: 24)
    let k = 24 / max(animation.width, animation.height, 1)
    var list = DisplayList()
    for t in times.prefix(4) {
        list.reset()
        builder.build(atSeconds: t, into: &list)
        _ = renderer.render(list, background: .clear, transform: .scale(k, k), on: canvas)
    }
    _ = animation.features.warnings
    _ = LottieCoverage(animation)
    _ = animation.warnings
}
