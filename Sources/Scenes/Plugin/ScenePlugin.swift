// ScenePlugin.swift — what a scene declares so the app can offer it: a command, presets, a loop.
//
// A scene plug-in is a type (usually an enum without cases) naming everything the app layer needs
// about one animation, so that nothing there switches over animation kinds:
//
//     name, summary        `animexport <name> …`, `animexport list`, a preset's "animation"
//     Parameters           its own type, decoded and validated from a preset's "parameters"
//                          object by the scene itself (StrictDecoding.swift: unknown keys, types
//                          and ranges are errors naming the field)
//     defaultParameters    used when a preset has no "parameters"
//     defaultPreset        the preset used without --preset (nil: no preset file, the defaults)
//     defaultCanvas(for:)  the canvas in points when the preset has none
//     defaultBackground    the background when the preset has none
//     defaultScale         pixels per point when neither the preset nor --scale/--size says (2:
//                          the scenes are in iOS points; a Lottie file is drawn at 1, as players do)
//     fitsOutputLimits     true: defaults that would break an output cap are brought within it
//                          with a note (a Lottie file larger than the frame cap is scaled down,
//                          its frame rate clamped to the encoders' range); false: an error
//     makeScene            binds the parameters to a canvas; the scene declares its loop itself
//                          (Scene.loop)
//     inputFiles           files the pixels depend on besides the preset (fonts): batch hashes them
//     review               notes and warnings about a scene made (the heart: fallback fonts,
//                          missing characters), and errors for one that must not render (a label
//                          that does not fit); `--strict` turns warnings into errors where it applies
//     loopHelp, extraHelp  paragraphs of `animexport <name> --help`
//
// Built-in scenes register in SceneRegistry.swift (one line each); a Swift package using the
// library registers its own with `SceneRegistry.shared.register(MyScene.self)`.
import Raster

/// How a scene is being set up.
public struct SceneContext: Sendable {
    /// The preset file the parameters came from (relative paths in them are relative to it).
    public var presetPath: String?
    /// `--font PATH`, when given.
    public var fontOverride: String?
    /// False: draw without text, loading no font (the fuzzer, where fontconfig would dominate).
    public var loadsFonts: Bool
    /// `--strict`: what would be a warning is an error.
    public var strict: Bool
    /// The output's frames per second, when known (a Lottie file steps through its own frames
    /// when it is rendered at its own rate).
    public var frameRate: Double?

    public init(presetPath: String? = nil, fontOverride: String? = nil, loadsFonts: Bool = true, strict: Bool = false,
                frameRate: Double? = nil) {
        self.presetPath = presetPath
        self.fontOverride = fontOverride
        self.loadsFonts = loadsFonts
        self.strict = strict
        self.frameRate = frameRate
    }
}

/// What the user should be told about a scene as it was set up (`ScenePlugin.review`).
public struct SceneReview: Sendable, Equatable {
    /// Choices made that are worth knowing (a fallback font).
    public var notes: [String]
    /// What could not be honoured (a character no font has).
    public var warnings: [String]

    public init(notes: [String] = [], warnings: [String] = []) {
        self.notes = notes
        self.warnings = warnings
    }
}

/// Why parameters or options cannot make a scene; one line, naming the field or flag.
public enum SceneError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A field of the preset (a path such as "parameters.layers[0].radius") is invalid.
    case invalidParameter(field: String, message: String)
    /// A command-line option the scene uses (such as "--font") is invalid.
    case invalidOption(flag: String, message: String)

    public var description: String {
        switch self {
        case .invalidParameter(let field, let message): return "\(field): \(message)"
        case .invalidOption(let flag, let message): return "\(flag): \(message)"
        }
    }
}

/// An animation the app can render (see the file header).
public protocol ScenePlugin: SendableMetatype {
    associatedtype Parameters: Sendable
    static var name: String { get }
    static var summary: String { get }
    static var defaultPreset: String? { get }
    static var defaultBackground: RGBA { get }
    static var defaultParameters: Parameters { get }
    static func defaultCanvas(for parameters: Parameters) -> Size
    /// Decodes the preset's "parameters" object; errors are `SceneError.invalidParameter` (with
    /// the decoder's coding path in the field) or Swift's `DecodingError`.
    static func decodeParameters(from decoder: any Decoder) throws -> Parameters
    static func makeScene(_ parameters: Parameters, canvas: Size, context: SceneContext) throws(SceneError) -> any Scene
    static func inputFiles(_ parameters: Parameters, context: SceneContext) -> [String]
    static func review(_ scene: any Scene, context: SceneContext) throws(SceneError) -> SceneReview
    static var loopHelp: String? { get }
    static var extraHelp: String? { get }
    static var defaultScale: Double { get }
    static var fitsOutputLimits: Bool { get }
}

extension ScenePlugin {
    public static var defaultScale: Double { 2 }
    public static var fitsOutputLimits: Bool { false }
    public static func inputFiles(_ parameters: Parameters, context: SceneContext) -> [String] { [] }
    public static func review(_ scene: any Scene, context: SceneContext) throws(SceneError) -> SceneReview { SceneReview() }
    public static var loopHelp: String? { nil }
    public static var extraHelp: String? { nil }

    /// The parameters with their type erased (what a preset holds).
    public static func erase(_ parameters: Parameters) -> SceneParameters {
        SceneParameters(plugin: self, value: parameters)
    }

    static func unerased(_ parameters: SceneParameters) -> Parameters {
        guard let value = parameters.value as? Parameters else {
            preconditionFailure("parameters of \(parameters.plugin.name) used with \(name)")
        }
        return value
    }

    static func erasedDefaults() -> SceneParameters { erase(defaultParameters) }

    static func decodeErased(from decoder: any Decoder) throws -> SceneParameters {
        erase(try decodeParameters(from: decoder))
    }

    static func sceneFromErased(_ parameters: SceneParameters, canvas: Size, context: SceneContext) throws(SceneError) -> any Scene {
        try makeScene(unerased(parameters), canvas: canvas, context: context)
    }

    static func defaultCanvasFromErased(_ parameters: SceneParameters) -> Size {
        defaultCanvas(for: unerased(parameters))
    }

    static func inputFilesFromErased(_ parameters: SceneParameters, context: SceneContext) -> [String] {
        inputFiles(unerased(parameters), context: context)
    }
}

/// One scene's parameters, of the type its plug-in declares.
public struct SceneParameters: @unchecked Sendable {   // `value` is the plug-in's Sendable Parameters
    public let plugin: any ScenePlugin.Type
    let value: Any

    /// Decodes the "parameters" object for `plugin`.
    public init(decoding plugin: any ScenePlugin.Type, from decoder: any Decoder) throws {
        self = try plugin.decodeErased(from: decoder)
    }

    init(plugin: any ScenePlugin.Type, value: Any) {
        self.plugin = plugin
        self.value = value
    }

    /// The plug-in's defaults.
    public static func defaults(of plugin: any ScenePlugin.Type) -> SceneParameters {
        plugin.erasedDefaults()
    }

    /// The canvas when a preset has none.
    public var defaultCanvas: Size { plugin.defaultCanvasFromErased(self) }

    /// The scene on `canvas`.
    public func scene(canvas: Size, context: SceneContext = SceneContext()) throws(SceneError) -> any Scene {
        try plugin.sceneFromErased(self, canvas: canvas, context: context)
    }

    /// Files the scene's pixels depend on (fonts).
    public func inputFiles(context: SceneContext) -> [String] { plugin.inputFilesFromErased(self, context: context) }

    /// The parameters as the plug-in's own type, if it is `P`.
    public func value<P: ScenePlugin>(of plugin: P.Type) -> P.Parameters? { value as? P.Parameters }
}
