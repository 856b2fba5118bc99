// The animations animexport can render: the scene plug-ins registered in Scenes' SceneRegistry
// (ScenePlugin.swift says what each declares). The app layer asks the plug-in; it never
// switches over animation names.
import Foundation
import Raster
import Scenes

/// One registered animation.
public struct AnimationKind: Sendable, Hashable {
    public let plugin: any ScenePlugin.Type

    public init(_ plugin: any ScenePlugin.Type) { self.plugin = plugin }

    /// The registered scene named `rawValue`.
    public init?(rawValue: String) {
        guard let plugin = SceneRegistry.shared.plugin(named: rawValue) else { return nil }
        self.plugin = plugin
    }

    /// Every registered animation, built-in ones first.
    public static var allCases: [AnimationKind] { SceneRegistry.shared.all.map(AnimationKind.init) }

    public var rawValue: String { plugin.name }
    public var summary: String { plugin.summary }
    /// The preset used when `--preset` is not given (nil: the scene's own defaults).
    public var defaultPreset: String? { plugin.defaultPreset }
    /// The "Loops" paragraph of `animexport <animation> --help`.
    var loopHelp: String? { plugin.loopHelp }
    /// More paragraphs of `animexport <animation> --help` (the heart's label).
    var extraHelp: String? { plugin.extraHelp }

    /// What to tell the user about `scene` (notes, warnings); errors for a scene that must not
    /// render, naming the preset `file`.
    func review(_ scene: any Scene, file: String?, strict: Bool) throws(ExportError) -> SceneReview {
        do {
            return try plugin.review(scene, context: SceneContext(presetPath: file, strict: strict))
        } catch {
            throw ExportError(error, file: file)
        }
    }

    public static func == (a: AnimationKind, b: AnimationKind) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension SceneParameters {
    /// The scene, with plug-in errors turned into the CLI's: a bad option is a usage error, a
    /// bad parameter names the preset file.
    func scene(canvas: Size, fontPath: String? = nil, file: String? = nil, frameRate: Double? = nil) throws(ExportError) -> any Scene {
        do {
            return try scene(canvas: canvas, context: SceneContext(presetPath: file, fontOverride: fontPath, frameRate: frameRate))
        } catch {
            throw ExportError(error, file: file)
        }
    }
}

extension ExportError {
    init(_ error: SceneError, file: String?) {
        switch error {
        case .invalidParameter(let field, let message): self = .invalid(file: file, field: field, message: message)
        case .invalidOption(let flag, let message): self = .usage("\(flag): \(message)")
        }
    }
}

/// 3 → "3", 2.5 → "2.5".
func format(_ v: Double) -> String { StrictDecoding.format(v) }
