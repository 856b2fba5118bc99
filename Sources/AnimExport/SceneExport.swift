// SceneExport.swift — export a scene written in Swift, without a preset file (the library API).
//
//     import AnimExportKit
//     struct Spinner: Scene { … }                                 // draw(at:into:) a DisplayList
//     var options = ExportOptions()
//     options.seconds = 2
//     try SceneExport.video(Spinner(), to: "spinner.mp4", options: options)
//     try SceneExport.still(Spinner(), at: 0.5, to: "spinner.png", options: options)
//
// Both go through the CLI's own job resolution (Job.swift: sizes, even-size rounding, limits,
// loops, encoder settings, the opaque-background rule for MP4) and its exporter (atomic writes,
// the render/encode pipeline): the options are what a preset file and the flags would say, and
// the scene takes the place of the preset's parameters. A scene can also become a command of
// the CLI: make it a `ScenePlugin`, register it (`SceneRegistry.shared.register`) and call
// `CLI.run`.
import Foundation
import Geometry
import Raster
import Render
import Scenes

/// What to render a scene into (the preset file's and the flags' settings; codec-specific
/// settings take the format's defaults).
public struct ExportOptions: Sendable {
    /// Frames per second: numerator / denominator (30000/1001 for 29.97).
    public var fps: (num: Int32, den: Int32) = (60, 1)
    /// Pixels per point (ignored when `size` is set).
    public var scale = 2.0
    /// An output size in pixels the canvas is fitted and centred in.
    public var size: (width: Int, height: Int)?
    /// Transparent or translucent for PNG stills and the video formats that hold alpha.
    public var background = RGBA.white
    /// Length: `seconds` (default 3), or `frames`, or `loops` whole seamless loops of the scene.
    public var seconds: Double?
    public var frames: Int?
    public var loops: Int?
    /// Animation time of the first frame (with `loops`, inside the loop's window).
    public var start: Double?
    public var encoder = EncoderOptions()
    /// Replace an existing output file.
    public var overwrite = false

    public init() {}
}

public enum SceneExport {
    /// Renders `scene` into the video file at `path`; its extension picks the format (.mp4, .mov,
    /// .webm, .gif, .apng, .webp, name%04d.png — README "Formats").
    @discardableResult
    public static func video(_ scene: any Scene, to path: String, options: ExportOptions = ExportOptions()) throws(ExportError) -> ExportResult {
        try runExport(try job(scene, output: path, options: options, video: true), progress: false)
    }

    /// Renders the frame of `scene` at time `t` into an RGBA PNG at `path`.
    public static func still(_ scene: any Scene, at t: Double, to path: String, options: ExportOptions = ExportOptions()) throws(ExportError) {
        let job = try job(scene, output: path, options: options, video: false)
        try writeStill(job, at: t)
    }

    /// The render job the CLI would make for `scene` with these options.
    static func job(_ scene: any Scene, output: String, options: ExportOptions, video: Bool) throws(ExportError) -> RenderJob {
        var args = ParsedArguments()
        args.positionals = [output]
        func flag(_ name: String, _ value: String) { args.values[name] = [value] }
        flag("--fps", "\(options.fps.num)/\(options.fps.den)")
        if let size = options.size { flag("--size", "\(size.width)x\(size.height)") } else { flag("--scale", "\(options.scale)") }
        if let s = options.seconds { flag("--seconds", "\(s)") }
        if let f = options.frames { flag("--frames", "\(f)") }
        if let n = options.loops { flag("--loops", "\(n)") }
        if let s = options.start { flag("--start", "\(s)") }
        if options.overwrite { flag("-y", "") }
        var file = PresetFile(animation: SceneInstancePlugin.name, parameters: SceneInstancePlugin.erase(.init(scene: scene)))
        file.canvas = CanvasSpec(width: scene.canvas.width, height: scene.canvas.height)
        file.background = ColorSpec(options.background)
        file.encoder = EncoderSpec(options.encoder)
        let preset = LoadedPreset(file: file, name: SceneInstancePlugin.name, path: "(scene given in code)")
        return try resolveJob(animation: AnimationKind(SceneInstancePlugin.self), args: args,
                              library: PresetLibrary(folders: []), video: video, preset: preset)
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

/// A scene passed as a value: its "parameters" are the scene itself.
enum SceneInstancePlugin: ScenePlugin {
    struct Instance: Sendable { let scene: any Scene }

    static let name = "scene"
    static let summary = "a scene given in code"
    static let defaultPreset: String? = nil
    static let defaultBackground = RGBA.white
    static var defaultParameters: Instance { Instance(scene: EmptyScene()) }
    static func defaultCanvas(for parameters: Instance) -> Size { parameters.scene.canvas }
    static func decodeParameters(from decoder: any Decoder) throws -> Instance {
        throw SceneError.invalidParameter(field: "parameters", message: "a scene given in code has no preset parameters")
    }
    static func makeScene(_ parameters: Instance, canvas: Size, context: SceneContext) throws(SceneError) -> any Scene {
        parameters.scene
    }
}

/// Draws nothing on a 1 × 1 pt canvas.
struct EmptyScene: Scene {
    var canvas: Size { Size(width: 1, height: 1) }
    func draw(at t: Double, into list: inout DisplayList) {}
    var loopPeriod: Double? { nil }
}

extension PresetFile {
    /// A preset saying only which animation and its parameters.
    init(animation: String, parameters: SceneParameters) {
        self.animation = animation
        self.parameters = parameters
    }
}

extension CanvasSpec {
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
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
