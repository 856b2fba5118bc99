// dotLottie (`.lottie`): a zip archive holding a manifest, one or more animations and their images.
//
//   manifest.json                 {"version": "1.0" | "2", "animations": [{"id": "…", …}, …], …}
//   animations/<id>.json          version 1 (LottieFiles' exporter, dotlottie-js 0.x)
//   a/<id>.json                   version 2
//   images/<name>, i/<name>       image assets (an asset's `u` + `p`, or `p` in these folders)
//
// Lottie does not open zip files (it knows no zip library): the caller passes the archive as a
// `LottieArchive` (AnimExport uses Media's libzip reader, which caps entries, sizes and ratios
// and refuses names with ".." or an absolute path). The manifest is parsed with the JSON module's
// scanner under the same depth and value caps as an animation. The first animation in the
// manifest is the default; `animation(id:)` picks another. Only entries named here are read.
import JSON

/// The entries of an archive, by name (names relative, "/"-separated).
public protocol LottieArchive {
    var entryNames: [String] { get }
    /// The bytes of the entry called exactly `name`; the error's text says why not.
    func read(_ name: String) throws -> [UInt8]
}

/// One animation listed by a dotLottie's manifest.
public struct DotLottieEntry: Sendable, Equatable {
    public var id: String
    /// The archive entry holding its JSON.
    public var path: String
}

public struct DotLottie {
    /// The archive as the user named it (for messages).
    public let file: String
    public let version: String?
    public let animations: [DotLottieEntry]
    let archive: any LottieArchive

    /// Reads the manifest and checks that every animation it lists is in the archive.
    public init(_ archive: any LottieArchive, file: String, limits: LottieLimits = .standard) throws(LottieError) {
        self.file = file
        self.archive = archive
        func fail(_ path: String, _ message: String) -> LottieError { LottieError(file: file, path: path, message: message) }
        guard archive.entryNames.contains("manifest.json") else {
            throw fail("", "a dotLottie archive without manifest.json (entries: \(Self.sample(archive.entryNames)))")
        }
        let bytes: [UInt8]
        do { bytes = try archive.read("manifest.json") } catch { throw fail("manifest.json", "\(error)") }
        guard bytes.count <= limits.maxFileBytes else { throw fail("manifest.json", "over the cap of \(limits.maxFileBytes) bytes") }
        let json: JSONValue
        do {
            json = try bytes.withUnsafeBufferPointer { (p) throws(JSONSyntaxError) -> JSONValue in
                try JSONScanner.parse(p, limits: JSONLimits(maxDepth: limits.maxJSONDepth, maxValues: limits.maxJSONValues))
            }
        } catch { throw fail("manifest.json", "malformed JSON: \(error.message)") }
        guard case .object(let manifest) = json else { throw fail("manifest.json", "expected an object, got \(json.typeDescription)") }
        if case .string(let v)? = manifest["version"] { version = v } else { version = nil }
        guard case .array(let list)? = manifest["animations"], !list.isEmpty else {
            throw fail("manifest.json", "\"animations\" must be a non-empty array of {\"id\": …}")
        }
        var animations: [DotLottieEntry] = []
        for (i, item) in list.enumerated() {
            guard case .object(let o) = item, case .string(let id)? = o["id"], !id.isEmpty else {
                throw fail("manifest.json: animations[\(i)]", "expected an object with a non-empty string \"id\"")
            }
            let candidates = ["animations/\(id).json", "a/\(id).json"]
            guard let path = candidates.first(where: archive.entryNames.contains) else {
                throw fail("manifest.json: animations[\(i)]", "animation \"\(id)\" is not in the archive (looked for \(candidates.joined(separator: ", ")))")
            }
            animations.append(DotLottieEntry(id: id, path: path))
        }
        self.animations = animations
    }

    /// The animation `id` (nil: the first), decoded; its file name in messages is `file:path`.
    public func animation(id: String? = nil, limits: LottieLimits = .standard,
                          slots: [String: LottieSlotInput] = [:],
                          variables: [String: ExpressionVariable] = [:]) throws(LottieError) -> LottieAnimation {
        let entry: DotLottieEntry
        if let id {
            guard let found = animations.first(where: { $0.id == id }) else {
                throw LottieError(file: file, path: "", message: "no animation \"\(id)\" (--animation); the archive holds "
                                  + animations.map { "\"\($0.id)\"" }.joined(separator: ", "))
            }
            entry = found
        } else {
            entry = animations[0]
        }
        let name = "\(file):\(entry.path)"
        let bytes: [UInt8]
        do { bytes = try archive.read(entry.path) } catch { throw LottieError(file: name, path: "", message: "\(error)") }
        return try LottieDecoder.decode(bytes, file: name, limits: limits, slots: slots, variables: variables)
    }

    /// The archive entry an image asset names: `u` + `p` (a leading "/" dropped), else `p` in
    /// images/ or i/; nil when none is in the archive.
    public func imageEntry(for asset: ImageAsset) -> String? {
        var folder = asset.folder
        while folder.hasPrefix("/") { folder.removeFirst() }
        if !folder.isEmpty && !folder.hasSuffix("/") { folder += "/" }
        let candidates = [folder + asset.path, "images/" + asset.path, "i/" + asset.path]
        return candidates.first(where: archive.entryNames.contains)
    }

    /// The bytes of an archive entry.
    public func read(_ name: String) throws -> [UInt8] { try archive.read(name) }

    private static func sample(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
    }
}
