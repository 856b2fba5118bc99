// Finding presets: by name in the preset folders, or by file path.
//
// Folders searched, in order: $ANIMEXPORT_PRESETS (colon-separated), ./presets,
// <prefix>/share/animexport/presets where the running binary is <prefix>/bin/animexport (found
// through /proc/self/exe, so an installed binary finds its presets from any folder, however it
// was started), and the presets/ of the source checkout the binary was built in (a folder above
// it holding Package.swift and presets/), for `.build/release/animexport` run from anywhere.
// `--preset red` for the pulse finds `pulse-red.json` or `red.json`; a reference containing
// '/' or ending in .json is a path. A symlinked preset is followed (the file it points to must
// be a regular file).
import Foundation
import JSON

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
        if let exe = executablePath() {
            let bin = URL(fileURLWithPath: exe).deletingLastPathComponent()
            folders.append(bin.deletingLastPathComponent().appendingPathComponent("share/animexport/presets").path)
            if let checkout = checkoutContaining(bin) { folders.append(checkout + "/presets") }
        }
        var seen = Set<String>()
        return PresetLibrary(folders: folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.filter { seen.insert($0).inserted })
    }

    /// The running binary's real path (/proc/self/exe; argv[0] can be a bare name found on
    /// PATH, a relative path or a symlink).
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let arg = CommandLine.arguments.first ?? ""
        return arg.contains("/") ? URL(fileURLWithPath: arg).resolvingSymlinksInPath().path : nil
    }

    /// The source checkout a binary in `bin` was built in: the nearest folder at most five
    /// levels up that holds Package.swift and presets/ (`.build/x86_64-unknown-linux-gnu/release`).
    static func checkoutContaining(_ bin: URL) -> String? {
        var dir = bin
        for _ in 0..<5 {
            dir = dir.deletingLastPathComponent()
            let root = dir.path
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/Package.swift"),
               FileManager.default.fileExists(atPath: root + "/presets", isDirectory: &isDir), isDir.boolValue {
                return root
            }
        }
        return nil
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

    /// Short names of the presets of `animation` found in the folders (first folder wins);
    /// broken presets are left out.
    func names(for animation: AnimationKind) throws(ExportError) -> [String] {
        scan().loaded.filter { $0.file.animation == animation.rawValue }.map { Self.shortName($0.name, animation: animation.rawValue) }
    }

    /// Every readable preset in the folders; a name found twice keeps the first folder's file.
    /// Throws the first broken preset's error (see `scan` for all of them).
    func all() throws(ExportError) -> [LoadedPreset] {
        let s = scan()
        if let first = s.broken.first { throw first.error }
        return s.loaded
    }

    /// Every preset in the folders: those that load, and those that do not with their errors.
    func scan() -> (loaded: [LoadedPreset], broken: [(path: String, error: ExportError)]) {
        var seen = Set<String>()
        var loaded: [LoadedPreset] = []
        var broken: [(String, ExportError)] = []
        for folder in folders {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for entry in entries.sorted() where entry.hasSuffix(".json") && !entry.hasPrefix(".") {
                guard seen.insert(entry).inserted else { continue }
                do throws(ExportError) { loaded.append(try Self.read(path: folder + "/" + entry)) } catch { broken.append((folder + "/" + entry, error)) }
            }
        }
        return (loaded, broken)
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

    static func shortName(_ name: String, animation: String) -> String {
        let prefix = animation + "-"
        return name.hasPrefix(prefix) && name.count > prefix.count ? String(name.dropFirst(prefix.count)) : name
    }

    /// Reads and strictly decodes one preset file (one without "variants").
    static func read(path: String) throws(ExportError) -> LoadedPreset {
        let json = try readJSON(path: path)
        if case .object(let object) = json, object.contains("variants") {
            throw .invalid(file: path, field: "variants", message: "makes one output per row: render it with 'animexport batch FOLDER' (a single render takes a preset without variants)")
        }
        return try decode(json, path: path)
    }

    /// The preset file at `path` parsed (a regular file within the size cap).
    static func readJSON(path: String) throws(ExportError) -> JSONValue {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw .usage("--preset: \(path): \(whyMissing(path))")
        }
        guard !isDir.boolValue else { throw .usage("--preset: \(path) is a directory, not a preset file") }
        // stat follows a symlinked preset to its file. Only regular files: a pipe or a device
        // (/dev/zero) is not a preset and may never end.
        var st = stat()
        guard stat(path, &st) == 0 else { throw .invalid(file: path, field: "(file)", message: "cannot be read (\(String(cString: strerror(errno))))") }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw .invalid(file: path, field: "(file)", message: "not a regular file (a pipe, device or socket)")
        }
        let size = Int(st.st_size)
        guard size <= Limits.maxPresetBytes else {
            throw .invalid(file: path, field: "(file)", message: "\(size) bytes: larger than \(Limits.maxPresetBytes) bytes, the cap for a preset file")
        }
        // An empty file is not read: FileManager.contents(atPath:) leaks a 4 KB buffer for one
        // (Foundation; found by LeakSanitizer in make asan-test).
        guard let data = size == 0 ? Data() : FileManager.default.contents(atPath: path) else {
            throw .invalid(file: path, field: "(file)", message: "cannot be read")
        }
        return try parseJSON(data, file: path)
    }

    /// The preset `json` (read from `path`) decoded and its Lottie file bound.
    static func decode(_ json: JSONValue, path: String) throws(ExportError) -> LoadedPreset {
        var file = try decodeStrict(PresetFile.self, from: json, file: path)
        try file.bindLottie(presetPath: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return LoadedPreset(file: file, name: name, path: path)
    }
}
