// One Lottie fuzz case: bytes → the Lottie decoder → every property evaluated at a few times,
// the coverage review (it sets every text document) and display lists built at two times (text
// layers laid out and animated).
// Compiled into the LottieFuzz module for the libFuzzer target (Fuzz/build.sh) and replayed by
// a unit test over Fuzz/regressions/lottie (Tests/LottieTests/FuzzReplay links to this file).
// Errors are fine; crashes, hangs, leaks and runaway memory are not. The caps are smaller
// than a real run's so that an input at a cap still costs milliseconds (same code paths).
import Lottie
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
    return limits
}

func runLottieCase(_ bytes: [UInt8]) {
    guard let animation = try? LottieDecoder.decode(bytes, file: "fuzz.json", limits: fuzzLimits()) else { return }
    let evaluator = PropertyEvaluator(animation)
    let d = animation.duration
    for t in [0, d * 0.37, d * 0.5, d, -1, d * 3] { _ = evaluator.evaluateAll(atSeconds: t) }
    _ = animation.features.warnings
    _ = LottieCoverage(animation)
    let builder = LottieBuilder(animation)
    var list = DisplayList()
    for t in [0, d * 0.5] {
        list.reset()
        builder.build(atSeconds: t, into: &list)
    }
    _ = animation.warnings
}
