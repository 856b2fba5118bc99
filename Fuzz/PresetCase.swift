// One preset fuzz case: bytes → the strict preset decoder. Compiled into the AnimExport module
// for the libFuzzer target (so it reaches the internal decoding API), and replayed by a unit
// test over Fuzz/regressions/preset (Tests/AnimExportTests/FuzzReplay links to this file).
// The bytes are decoded as a whole preset file (whatever its "animation" says) and, separately, as the "parameters" object of every
// animation kind. Whatever decodes is then bound to a canvas, sampled at a few times, planned
// as a loop and drawn into an 8×8 canvas. Errors are fine; crashes, hangs and leaks are not.
import Foundation
#if !ANIMEXPORT_FUZZ_BUILD
@testable import AnimExport   // the unit test replaying Fuzz/regressions/preset
#endif
import Raster
import Render
import Scenes

/// Decodes the input as the parameters of each animation in turn.
private struct EveryKindParameters: Decodable {
    var decoded: [SceneParameters] = []
    init(from decoder: Decoder) throws {
        for kind in AnimationKind.allCases {
            if let p = try? SceneParameters(decoding: kind.plugin, from: decoder) { decoded.append(p) }
        }
    }
}

nonisolated(unsafe) private let renderer = Renderer()
nonisolated(unsafe) private let canvas = Canvas(width: 8, height: 8)

func runPresetCase(_ bytes: Data) {
    guard bytes.count <= Limits.maxPresetBytes else { return }
    var candidates: [(SceneParameters, Size?, FrameRateSpec?)] = []
    if let file = try? decodeStrict(PresetFile.self, from: bytes, file: "fuzz.json") {
        if let parameters = file.parameters { candidates.append((parameters, file.canvas.map { Size(width: $0.width, height: $0.height) }, file.fps)) }
        _ = file.background?.rgba.hexString
    }
    if let every = try? decodeStrict(EveryKindParameters.self, from: bytes, file: "fuzz.json") {
        candidates += every.decoded.map { ($0, nil, nil) }
    }
    for (parameters, presetCanvas, fps) in candidates {
        var size = presetCanvas ?? parameters.defaultCanvas
        if !(size.width.isFinite && size.width > 0 && size.width <= Limits.maxCanvas
             && size.height.isFinite && size.height > 0 && size.height <= Limits.maxCanvas) {
            size = Size(width: 64, height: 64)      // resolvePlan rejects such canvases
        }
        // No font loading per input (fontconfig would dominate): scenes draw without text.
        guard let scene = try? parameters.scene(canvas: size, context: SceneContext(loadsFonts: false)) else { continue }
        let k = 8 / max(size.width, size.height)
        for t in [0, 0.37, 1.9, 17.25] {
            renderer.render(scene.displayList(at: t), background: .white, transform: .scale(k, k), on: canvas)
        }
        let rate = fps.flatMap { $0.value >= Limits.minFPS && $0.value <= Limits.maxFPS ? $0 : nil } ?? FrameRateSpec(num: 60, den: 1)
        _ = try? planLoops(1, start: nil, scene: scene, fps: rate, label: "fuzz", command: "fuzz")
        _ = try? planLoops(3, start: 0.5, scene: scene, fps: rate, label: "fuzz", command: "fuzz")
    }
}
