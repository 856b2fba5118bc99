// SceneRegistry.swift — the scenes the app knows, by name.
//
// The built-in scenes are listed below, one line each; adding a scene is its own folder plus its
// line here. A program using the library adds its own before running the CLI or an export:
//
//     SceneRegistry.shared.register(Spinner.self)
//
// Lookups and registration are thread-safe. A name can be registered once.
import Foundation

/// The built-in scenes, in the order `animexport list` shows them.
let builtInScenes: [any ScenePlugin.Type] = [
    PulsePlugin.self,
    DotsPlugin.self,
    HeartPlugin.self,
]

public final class SceneRegistry: @unchecked Sendable {   // state guarded by `lock`
    /// The process's registry: the built-in scenes and whatever was registered.
    public static let shared = SceneRegistry(builtInScenes)

    private let lock = NSLock()
    private var plugins: [any ScenePlugin.Type]

    init(_ plugins: [any ScenePlugin.Type]) { self.plugins = plugins }

    /// Adds a scene; a name already registered is a programming error.
    public func register(_ plugin: any ScenePlugin.Type) {
        lock.lock()
        defer { lock.unlock() }
        precondition(!plugins.contains { $0.name == plugin.name }, "a scene named '\(plugin.name)' is already registered")
        precondition(!plugin.name.isEmpty && !plugin.name.contains("/") && !plugin.name.hasSuffix(".json"),
                     "a scene name must be a plain word, not '\(plugin.name)'")
        plugins.append(plugin)
    }

    /// Every scene, built-in ones first.
    public var all: [any ScenePlugin.Type] {
        lock.lock()
        defer { lock.unlock() }
        return plugins
    }

    /// The scene named `name`.
    public func plugin(named name: String) -> (any ScenePlugin.Type)? {
        all.first { $0.name == name }
    }

    /// The names, in order.
    public var names: [String] { all.map { $0.name } }
}
