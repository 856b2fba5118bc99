// A Lottie file as an animation source beside the scene plug-ins: `LottiePlugin` (its
// parameters are the decoded file) and `LottieScene` (the builder behind the Scene protocol).
//
// Time: scene time t (seconds after the file's in-point) plays the file as players loop it,
// t′ = t mod D with D = (op − ip)/fr, so the scene is periodic with period D from t = 0 and
// `--loops N` renders N × D × fps frames (which must be whole). Defaults come from the file: the
// canvas w × h in points, the frame rate `fr` (as an exact rational where it names one:
// 29.97 → 30000/1001), the length D, and the background — transparent when the output format
// holds alpha, white otherwise (LottieCommand.swift).
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Scenes

/// A decoded Lottie file and where it came from.
struct LottieParameters: Sendable {
    var path: String
    var animation: LottieAnimation
}

/// The Lottie source: not registered as a command (a file path selects it, LottieCommand.swift).
enum LottiePlugin: ScenePlugin {
    static let name = "lottie"
    static let summary = "a Lottie (Bodymovin JSON) file"
    static let defaultPreset: String? = nil
    static let defaultBackground = RGBA.clear
    static var defaultParameters: LottieParameters {
        LottieParameters(path: "", animation: LottieAnimation.empty)
    }
    static func defaultCanvas(for parameters: LottieParameters) -> Size {
        Size(width: parameters.animation.width, height: parameters.animation.height)
    }
    static func decodeParameters(from decoder: any Decoder) throws -> LottieParameters {
        throw SceneError.invalidParameter(field: "parameters", message: "a Lottie file is given by its path, not by parameters")
    }
    static func makeScene(_ parameters: LottieParameters, canvas: Size, context: SceneContext) throws(SceneError) -> any Scene {
        LottieScene(parameters.animation, canvas: canvas, file: parameters.path)
    }
    // No `inputFiles`: what a Lottie source read (the file, its images, an archive) is hashed as
    // it is read, into PresetFile.sourceDigest (LottiePreset.swift).

    /// One warning per feature not rendered (naming where); under --strict the first is an error.
    static func review(_ scene: any Scene, context: SceneContext) throws(SceneError) -> SceneReview {
        guard let scene = scene as? LottieScene else { return SceneReview() }
        // The Lottie file, also when a preset names it (the preset is named by the caller's errors).
        let file = scene.file.isEmpty ? context.presetPath ?? "(lottie)" : scene.file
        let coverage = LottieCoverage(scene.animation)
        if context.strict, let first = coverage.unrendered.first {
            throw .invalidParameter(field: first.place, message: "\(first.message) (--strict)")
        }
        return SceneReview(notes: coverage.workarounds.map { "\(file): \($0)" },
                           warnings: coverage.unrendered.map { "\(file): \($0.place): \($0.message)" })
    }
}

/// The Scene of a Lottie file: the picture at t (see the header), fitted into `canvas`.
final class LottieScene: Scene, @unchecked Sendable {   // the builder's scratch is behind `lock`
    let animation: LottieAnimation
    let canvas: Size
    /// The Lottie file's path as the user named it (messages).
    let file: String
    private let builder: LottieBuilder
    private let lock = NSLock()
    /// File points → canvas points: identity for the file's own canvas; otherwise a uniform fit, centred.
    private let fit: Transform

    init(_ animation: LottieAnimation, canvas: Size, file: String = "") {
        self.animation = animation
        self.canvas = canvas
        self.file = file
        builder = LottieBuilder(animation)
        fit = fitting(width: animation.width, height: animation.height, into: canvas.width, canvas.height)
    }

    /// D = (op − ip)/fr seconds.
    var duration: Double { animation.duration }

    func draw(at t: Double, into list: inout DisplayList) {
        let d = duration
        var local = d > 0 ? t.truncatingRemainder(dividingBy: d) : 0
        if local < 0 { local += d }
        lock.lock()
        defer { lock.unlock() }
        if fit.isIdentity {
            builder.build(atSeconds: local, into: &list)
        } else {
            list.beginGroup(Group(transform: fit))
            builder.build(atSeconds: local, into: &list)
            list.endGroup()
        }
    }

    var loopPeriod: Double? { duration > 0 ? duration : nil }
}

/// Scale k = min(W/w, H/h) and centre: x′ = k·x + (W − k·w)/2, y′ = k·y + (H − k·h)/2 (identity when the sizes agree).
func fitting(width w: Double, height h: Double, into outerWidth: Double, _ outerHeight: Double) -> Transform {
    if w == outerWidth && h == outerHeight { return .identity }
    let k: Double = min(outerWidth / w, outerHeight / h)
    let dx: Double = (outerWidth - w * k) / 2
    let dy: Double = (outerHeight - h * k) / 2
    return Transform.scale(k, k).concatenating(.translation(dx, dy))
}

extension LottieAnimation {
    /// A 1 × 1 pt, one-second animation with no layers (the plug-in's placeholder defaults).
    static let empty: LottieAnimation = {
        let json = #"{"v":"5.7.0","fr":60,"ip":0,"op":60,"w":1,"h":1,"layers":[]}"#
        do { return try LottieDecoder.decode(Array(json.utf8), file: "(empty)") } catch {
            preconditionFailure("the empty Lottie animation does not decode: \(error)")
        }
    }()
}
