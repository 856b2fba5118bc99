// Finding presets: by name in the preset folders, or by file path.
//
// Folders searched, in order: $ANIMEXPORT_PRESETS (colon-separated), ./presets,
// <executable>/../share/animexport/presets (after `make install`), and the source tree's
// presets/ (for builds run from a checkout). `--preset red` for the pulse finds
// `pulse-red.json` or `red.json`; a reference containing '/' or ending in .json is a path.
import Foundation

public struct LoadedPreset {
    var file: PresetFile
    var name: String
    var path: String
}

public struct PresetLibrary: Sendable {
    public var folders: [String]

    public init(folders: [String]) { self.folders = folders }

    /// The standard search path.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PresetLibrary {
        var folders: [String] = []
        if let env = environment["ANIMEXPORT_PRESETS"] {
            folders += env.split(separator: ":").map(String.init)
        }
        folders.append(FileManager.default.currentDirectoryPath + "/presets")
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        folders.append(exe.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/animexport/presets").path)
        // This file is Sources/AnimExport/PresetLibrary.swift in the checkout.
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(sourceRoot.appendingPathComponent("presets").path)
        var seen = Set<String>()
        return PresetLibrary(folders: folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.filter { seen.insert($0).inserted })
    }

    /// Loads the preset `reference` (a name or a path) for `animation`.
    func load(animation: AnimationKind, reference: String) throws(ExportError) -> LoadedPreset {
        if reference.contains("/") || reference.hasSuffix(".json") {
            let loaded = try Self.read(path: reference)
            guard loaded.file.animation == animation.rawValue else {
                throw .usage("--preset: \(reference) is a preset for '\(loaded.file.animation)', not '\(animation.rawValue)'")
            }
            return loaded
        }
        for folder in folders {
            for candidate in ["\(animation.rawValue)-\(reference).json", "\(reference).json"] {
                let path = folder + "/" + candidate
                guard FileManager.default.fileExists(atPath: path) else { continue }
                let loaded = try Self.read(path: path)
                if loaded.file.animation == animation.rawValue { return loaded }
            }
        }
        let known = (try? names(for: animation)) ?? []
        let hint = nearest(to: reference, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw .usage("--preset: unknown \(animation.rawValue) preset '\(reference)'\(hint); known: \(known.isEmpty ? "none" : known.joined(separator: ", ")) (searched \(folders.joined(separator: ", ")))")
    }

    /// Short names of the presets of `animation` found in the folders (first folder wins).
    func names(for animation: AnimationKind) throws(ExportError) -> [String] {
        try all().filter { $0.file.animation == animation.rawValue }.map { Self.shortName($0.name, animation: animation) }
    }

    /// Every readable preset in the folders; a name found twice keeps the first folder's file.
    func all() throws(ExportError) -> [LoadedPreset] {
        var seen = Set<String>()
        var out: [LoadedPreset] = []
        for folder in folders {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for entry in entries.sorted() where entry.hasSuffix(".json") && !entry.hasPrefix(".") {
                guard seen.insert(entry).inserted else { continue }
                out.append(try Self.read(path: folder + "/" + entry))
            }
        }
        return out
    }

    /// Why `fileExists` said no: a loop of symbolic links, a name that is not UTF-8 (the name
    /// Foundation hands back has U+FFFD in place of the bad bytes, so it cannot be opened), or
    /// simply no such file.
    static func whyMissing(_ path: String) -> String {
        var st = stat()
        if stat(path, &st) != 0 && errno == ELOOP { return "a loop of symbolic links" }
        if path.contains("\u{FFFD}") { return "the file name is not valid UTF-8; rename it" }
        return "no such file"
    }

    static func shortName(_ name: String, animation: AnimationKind) -> String {
        let prefix = animation.rawValue + "-"
        return name.hasPrefix(prefix) && name.count > prefix.count ? String(name.dropFirst(prefix.count)) : name
    }

    /// Reads and strictly decodes one preset file.
    static func read(path: String) throws(ExportError) -> LoadedPreset {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw .usage("--preset: \(path): \(whyMissing(path))")
        }
        guard !isDir.boolValue else { throw .usage("--preset: \(path) is a directory, not a preset file") }
        guard let attrs = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attrs[.size] as? Int, size <= Limits.maxPresetBytes else {
            throw .invalid(file: path, field: "(file)", message: "unreadable or larger than \(Limits.maxPresetBytes) bytes")
        }
        // Only regular files: a pipe or device (/dev/zero) is not a preset and may never end.
        guard attrs[.type] as? FileAttributeType == .typeRegular else {
            throw .invalid(file: path, field: "(file)", message: "not a regular file (a pipe, device or socket)")
        }
        // An empty file is not read: FileManager.contents(atPath:) leaks a 4 KB buffer for one
        // (Foundation; found by LeakSanitizer in make asan-test).
        guard let data = size == 0 ? Data() : FileManager.default.contents(atPath: path) else {
            throw .invalid(file: path, field: "(file)", message: "cannot be read")
        }
        let file = try decodeStrict(PresetFile.self, from: data, file: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return LoadedPreset(file: file, name: name, path: path)
    }
}
