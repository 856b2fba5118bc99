// SourceSpec — a source before it is sized: its own defaults and how to make it; and
// PresetSettings — what a preset (or a library caller's options) says over those defaults.
//
// The export plan is resolved from three layers, each overriding the one before:
//
//     the source's own defaults  (SourceSpec: a plug-in's canvas, scale and background; a Lottie
//                                 file's size, rate and length)
//     the preset                 (PresetSettings: canvas, background, fps, scale, seconds, encoder)
//     the flags                  (--size, --fps, --seconds, …; a --target's values become flags)
//
// then 60 fps and 3 s where nothing says otherwise (Plan/ExportPlan.swift, Plan/Resolvers.swift). A scene
// plug-in's spec comes from a preset's parameters, a Lottie file's from the decoded file — given
// directly (LottieCommand.swift) or named by a preset (Lottie/LottiePreset.swift) — and a scene
// given in code from the library (SceneExport.swift). No source is wrapped in a preset.
import Geometry
import Lottie
import Raster
import Scenes

/// What a source is before it is sized (see the header).
struct SourceSpec {
    /// The word messages name the source by: the animation ("pulse"), "lottie", "scene".
    var name: String
    /// The preset (or file) it came from: a short name and the path errors name.
    var origin: (name: String, path: String)
    /// The canvas in points when the preset gives none.
    var canvas: Size
    /// `canvas` is read from an input (a Lottie file's w × h) and checked like a preset's, rather
    /// than a plug-in's own default.
    var canvasIsInput = false
    /// Pixels per point by default.
    var scale = 2.0
    /// The background when neither the preset nor the flags give one; a transparent one applies
    /// only where the output holds alpha (Background.swift).
    var background = RGBA.white
    /// The source's own frame rate and length (a Lottie file's fr and op − ip).
    var fps: FrameRateSpec? = nil
    var seconds: Double? = nil
    /// A default size over the frame cap is scaled down to fit it, a rate the encoders cannot
    /// take is rendered at the nearest they can (a Lottie file), each with a note.
    var fitsOutputLimits = false
    /// `--size` fits with exact offsets (a Lottie file given on the command line, as players fit
    /// it) rather than on whole pixels (FrameSource.swift's `fit`).
    var exactFit = false
    /// The source at a canvas (points), an output rate (fps) and an optional font override.
    var make: (_ canvas: Size, _ fps: Double, _ font: String?) throws(ExportError) -> any FrameSource
}

/// What a preset says over a source's defaults; every field optional.
struct PresetSettings {
    var canvas: Size?
    var background: RGBA?
    var fps: FrameRateSpec?
    var scale: Double?
    var seconds: Double?
    var encoder: EncoderSpec?
    /// The default of --segment-frames (Segments/).
    var segmentFrames: Int?
}

extension PresetFile {
    /// The preset's settings (PresetSettings).
    var settings: PresetSettings {
        PresetSettings(canvas: canvas.map { Size(width: $0.width, height: $0.height) }, background: background?.rgba,
                       fps: fps, scale: scale, seconds: seconds, encoder: encoder, segmentFrames: segmentFrames)
    }

    /// The source this preset renders: its scene plug-in's, or the Lottie file it names.
    func sourceSpec(name: String, path: String) -> SourceSpec {
        if let lottie = lottieFile {
            // The file's length at its own rate unless the preset sets another rate.
            return LottieSource.spec(lottie.animation, file: lottie.path, origin: (name, path), ownRate: fps == nil)
        }
        guard let parameters else { preconditionFailure("a preset without a source (\(path))") }
        let plugin = parameters.plugin
        return SourceSpec(name: plugin.name, origin: (name, path), canvas: parameters.defaultCanvas,
                          scale: plugin.defaultScale, background: plugin.defaultBackground,
                          fitsOutputLimits: plugin.fitsOutputLimits) { canvas, fps, font throws(ExportError) in
            SceneSource(try parameters.scene(canvas: canvas, fontPath: font, file: path, frameRate: fps), plugin: plugin)
        }
    }
}

extension LottieSource {
    /// The name a preset's "animation" and `list` give Lottie files.
    static let kindName = "lottie"
    static let summary = "a Lottie (Bodymovin JSON) file"

    /// A decoded file's spec: its w × h at 1 px per point, its rate r (rational), its length
    /// L/r — on its own frame grid when `ownRate` (LottieSource's header) — and a transparent
    /// background where the output holds alpha.
    static func spec(_ animation: LottieAnimation, file: String, origin: (name: String, path: String),
                     ownRate: Bool, exactFit: Bool = false) -> SourceSpec {
        let rate = lottieFrameRate(animation.frameRate)
        let seconds = loopFrames(animation, rate: rate.value, outputRate: ownRate ? rate.value : nil) / rate.value
        return SourceSpec(name: kindName, origin: origin, canvas: Size(width: animation.width, height: animation.height),
                          canvasIsInput: true, scale: 1, background: .clear, fps: rate, seconds: seconds,
                          fitsOutputLimits: true, exactFit: exactFit) { canvas, fps, _ in
            LottieSource(animation, canvas: canvas, file: file, outputRate: fps)
        }
    }
}
