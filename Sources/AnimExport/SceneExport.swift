// SceneExport.swift — the library API (AnimExportKit): render a scene written in Swift, a
// built-in scene or a Lottie file to any output format, with progress through an observer.
//
//     import AnimExportKit
//     struct Spinner: Scene { … }                                 // draw(at:into:) a DisplayList
//     var options = ExportOptions()
//     options.seconds = 2
//     try SceneExport.video(Spinner(), to: "spinner.mp4", options: options)
//     try SceneExport.still(Spinner(), at: 0.5, to: "spinner.png", options: options)
//     try SceneExport.video(animation: "pulse", preset: "blue", to: "pulse.webm")
//     try SceneExport.video(lottie: "hero.json", to: "hero.gif", observer: myProgress)
//
// Every call goes through the command line's own plan resolution (Plan/: sizes,
// even-size rounding, limits, loops, encoder settings, the opaque-background rule for MP4) and
// its exporter (atomic writes, the render/encode pipeline), without its reporting: notes,
// warnings and frames reach the `observer` (none: nothing is printed, ExportObserver.swift), and
// `stop` is asked once per frame (default: never). A scene can also become a command of the CLI:
// make it a `ScenePlugin`, register it (`SceneRegistry.shared.register`) and call `CLI.run`.
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Scenes

/// What to render into; nil fields take the source's defaults (a preset's, a Lottie file's, or
/// 60 fps, 2 px per point and white for a scene given in code). Codec-specific settings take the
/// format's defaults.
public struct ExportOptions: Sendable {
    /// Frames per second: numerator / denominator (30000/1001 for 29.97).
    public var fps: (num: Int32, den: Int32)?
    /// Pixels per point (ignored when `size` is set).
    public var scale: Double?
    /// An output size in pixels the canvas is fitted and centred in.
    public var size: (width: Int, height: Int)?
    /// Transparent or translucent for PNG stills and the video formats that hold alpha.
    public var background: RGBA?
    /// Length: `seconds` (default: the source's, else 3), or `frames`, or `loops` whole seamless loops.
    public var seconds: Double?
    public var frames: Int?
    public var loops: Int?
    /// Animation time of the first frame (with `loops`, inside the loop's window).
    public var start: Double?
    /// H.264 settings; they replace a preset's "encoder" object.
    public var encoder = EncoderOptions()
    /// Replace an existing output file.
    public var overwrite = false

    public init() {}
}

public enum SceneExport {
    /// Renders `scene` into the video file at `path`; its extension picks the format (.mp4, .mov,
    /// .webm, .gif, .apng, .webp, name%04d.png — README "Formats").
    @discardableResult
    public static func video(_ scene: any Scene, to path: String, options: ExportOptions = ExportOptions(),
                             observer: any ExportObserver = SilentObserver(), stop: ExportStop = .never) throws(ExportError) -> ExportResult {
        try export(try job(codeScene: scene, output: path, options: options, video: true), observer, stop)
    }

    /// Renders the built-in (registered) scene `animation` with `preset` (a name such as "blue",
    /// or a preset file's path; nil: the scene's default preset) into `path`.
    @discardableResult
    public static func video(animation: String, preset: String? = nil, to path: String, options: ExportOptions = ExportOptions(),
                             observer: any ExportObserver = SilentObserver(), stop: ExportStop = .never) throws(ExportError) -> ExportResult {
        guard let kind = AnimationKind(rawValue: animation) else {
            throw .usage("unknown animation '\(animation)'; known: \(AnimationKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var args = arguments(output: path, options: options)
        if let preset { args.values["--preset"] = [preset] }
        let job = try resolvePlan(kind.rawValue, args: args, video: true) { args throws(ExportError) in
            let loaded = try loadPreset(for: kind, args: args, library: .standard())
            return (loaded.file.sourceSpec(name: loaded.name, path: loaded.path), settings(loaded.file.settings, options))
        }
        return try export(job, observer, stop)
    }

    /// Renders the Lottie (or dotLottie) file at `lottie` into `path`, with the file's defaults
    /// (its size at 1 px per point, its rate, its length; transparent where the format holds alpha).
    @discardableResult
    public static func video(lottie file: String, to path: String, options: ExportOptions = ExportOptions(),
                             observer: any ExportObserver = SilentObserver(), stop: ExportStop = .never) throws(ExportError) -> ExportResult {
        let animation = try LottieInput.load(file, animationID: nil)
        let job = try resolvePlan(LottieSource.kindName, args: arguments(output: path, options: options), video: true) { _ in
            (LottieSource.spec(animation, file: file, origin: (file, file), ownRate: options.fps == nil, exactFit: true),
             settings(PresetSettings(), options))
        }
        return try export(job, observer, stop)
    }

    /// Renders the frame of `scene` at time `t` into an RGBA PNG at `path`.
    public static func still(_ scene: any Scene, at t: Double, to path: String, options: ExportOptions = ExportOptions(),
                             observer: any ExportObserver = SilentObserver()) throws(ExportError) {
        let job = try job(codeScene: scene, output: path, options: options, video: false)
        try writeStill(job, at: t, observer: observer)
    }

    private static func export(_ job: ExportPlan, _ observer: any ExportObserver, _ stop: ExportStop) throws(ExportError) -> ExportResult {
        job.tell(observer)
        return try runExport(job, ExportRun(observer: observer, stop: stop))
    }

    /// The render job the CLI would make for `scene` with these options.
    static func job(codeScene scene: any Scene, output: String, options: ExportOptions, video: Bool) throws(ExportError) -> ExportPlan {
        try resolvePlan("scene", args: arguments(output: output, options: options), video: video) { _ in
            let spec = SourceSpec(name: "scene", origin: ("scene", "(scene given in code)"), canvas: scene.canvas) { _, _, _ in
                SceneSource(scene)
            }
            return (spec, settings(PresetSettings(), options))
        }
    }

    /// The options that read as flags.
    private static func arguments(output: String, options: ExportOptions) -> ParsedArguments {
        var args = ParsedArguments()
        args.positionals = [output]
        func flag(_ name: String, _ value: String) { args.values[name] = [value] }
        if let fps = options.fps { flag("--fps", "\(fps.num)/\(fps.den)") }
        if let size = options.size { flag("--size", "\(size.width)x\(size.height)") } else if let k = options.scale { flag("--scale", "\(k)") }
        if let s = options.seconds { flag("--seconds", "\(s)") }
        if let f = options.frames { flag("--frames", "\(f)") }
        if let n = options.loops { flag("--loops", "\(n)") }
        if let s = options.start { flag("--start", "\(s)") }
        if options.overwrite { flag("-y", "") }
        return args
    }

    /// The options that read as a preset's settings, over `preset`: the background and the encoder.
    private static func settings(_ preset: PresetSettings, _ options: ExportOptions) -> PresetSettings {
        var s = preset
        s.background = options.background ?? preset.background
        s.encoder = EncoderSpec(options.encoder)
        return s
    }
}

/// The preset `--preset` names, or the scene's default one; a scene without a default preset
/// renders its own defaults (a preset that says only "animation").
func loadPreset(for animation: AnimationKind, args: ParsedArguments, library: PresetLibrary) throws(ExportError) -> LoadedPreset {
    if let reference = args.value("--preset") ?? animation.defaultPreset {
        return try library.load(animation: animation, reference: reference)
    }
    return LoadedPreset(file: PresetFile(animation: animation.rawValue, parameters: .defaults(of: animation.plugin)),
                        name: animation.rawValue, path: "(\(animation.rawValue) defaults)")
}

extension PresetFile {
    /// A preset saying only which animation and its parameters.
    init(animation: String, parameters: SceneParameters) {
        self.animation = animation
        self.parameters = parameters
    }
}

extension EncoderSpec {
    /// Every setting of `options` spelled out.
    init(_ options: EncoderOptions) {
        self.init()
        preset = options.preset
        crf = options.crf
        tune = options.tune ?? "none"
        profile = options.profile
        level = options.level
        keyint = options.keyint
        bframes = options.bframes
        bitrate = options.bitrate
        maxrate = options.maxrate
        params = options.params.isEmpty ? nil : Dictionary(options.params.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }
}
