// Opening a Lottie input as the CLI names it, with its images:
//
//   FILE.json      decoded; image assets are embedded data: URIs or files relative to the
//                  JSON's folder (`u` + `p`), read with Media.ContainedFile (no absolute paths,
//                  no "..", no symlink out of the folder, regular files only, capped)
//   FILE.lottie    a dotLottie zip (Media.ZipArchive: caps on entries, sizes and ratio, no
//                  traversal); `--animation ID` picks an animation (default: the first listed);
//                  image assets resolve to entries of the archive (Lottie/DotLottie)
//   FILE.other     an existing regular file of another name (lottie-ios's `.lot`, a download
//                  without its extension) by its first bytes: a zip's "PK\3\4" is a dotLottie,
//                  "{" (after blanks or a UTF-8 BOM) JSON
//
// Every image is decoded once by Media.ImageDecoder (libavcodec: PNG, JPEG, WebP; all of an
// animation's images together within ImageBudget's pixel cap) and handed to
// Lottie as straight RGBA (LottieImageLoader); one that cannot be read is a warning naming it
// (an error under --strict), through LottieCoverage.
import Foundation
import Lottie
import Media
import Video

enum LottieInput {
    enum Kind { case json, archive }

    /// What `path` holds: by its extension (.json, .lottie), else by its first bytes; nil when
    /// it is neither, or not an existing regular file (a FIFO is never opened).
    static func kind(_ path: String) -> Kind? {
        let lower = path.lowercased()
        if lower.hasSuffix(".lottie") { return .archive }
        if lower.hasSuffix(".json") { return .json }
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 64)
        let n = fread(&head, 1, head.count, file)
        return kind(bytes: head[..<n])
    }

    /// What the first bytes say: a zip's local header, or a JSON object after blanks or a BOM.
    static func kind(bytes: ArraySlice<UInt8>) -> Kind? {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .archive }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
        let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") ? .json : nil
    }

    /// Whether `path` names a dotLottie archive (its extension, or a zip's first bytes).
    static func isArchive(_ path: String) -> Bool { kind(path) == .archive }

    /// Whether the file `path`, read as `bytes`, is a dotLottie archive.
    static func isArchive(_ path: String, bytes: [UInt8]) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".lottie") || lower.hasSuffix(".json") { return lower.hasSuffix(".lottie") }
        return kind(bytes: bytes[...]) == .archive
    }

    /// The animation at `path` with its images loaded.
    static func load(_ path: String, animationID: String? = nil, slots: [String: LottieSlotInput] = [:],
                     variables: [String: ExpressionVariable] = [:], theme: String? = nil) throws(ExportError) -> LottieAnimation {
        // libavcodec logs through Video's capture callback (quiet unless --verbose), not to stderr.
        FFmpegLog.setVerbose(FFmpegLog.isVerbose)
        do throws(LottieError) {
            if isArchive(path) {
                return try archiveAnimation(try openArchive(path), id: animationID, digest: nil, slots: slots, variables: variables, theme: theme)
            }
            if let theme {
                throw LottieError(file: path, path: "", message: "--theme \(theme) names a theme of a .lottie archive; this is a JSON file (set its slots with --slot)")
            }
            if let id = animationID {
                throw LottieError(file: path, path: "", message: "--animation \(id) names an animation of a .lottie archive; this is a JSON file")
            }
            var animation = try LottieDecoder.load(path: path, slots: slots, variables: variables)
            animation.loadImages(using: AssetImageLoader.folder(folder(of: path), digest: nil))
            return animation
        } catch {
            throw ExportError(error)
        }
    }

    /// The animation in `bytes` (the contents of `path`, already read and capped by the caller),
    /// with its images loaded; every byte read (the file, each external image) goes into `digest`.
    /// A JSON file's external images are read from `imageFolder` (and only from inside it).
    static func load(bytes: [UInt8], path: String, imageFolder: String, animationID: String?,
                     digest: InputDigest, slots: [String: LottieSlotInput] = [:], variables: [String: ExpressionVariable] = [:],
                     theme: String? = nil) throws(ExportError) -> LottieAnimation {
        FFmpegLog.setVerbose(FFmpegLog.isVerbose)
        let archive = isArchive(path, bytes: bytes)
        digest.add(archive ? "dotlottie" : "lottie", bytes)
        do throws(LottieError) {
            if archive {
                let zip: ZipArchive
                do { zip = try ZipArchive(bytes: bytes) } catch {
                    throw LottieError(file: path, path: "", message: "cannot be read as a dotLottie archive: \(error)")
                }
                return try archiveAnimation(try DotLottie(ZipLottieArchive(zip: zip), file: path), id: animationID, digest: nil, slots: slots,
                                            variables: variables, theme: theme)
            }
            if theme != nil {
                throw LottieError(file: path, path: "", message: "\"theme\" names a theme of a .lottie archive; this is a JSON file (set its slots with \"slots\")")
            }
            if animationID != nil {
                throw LottieError(file: path, path: "", message: "\"animation\" names an animation of a .lottie archive; this is a JSON file")
            }
            var animation = try LottieDecoder.decode(bytes, file: path, slots: slots, variables: variables)
            animation.loadImages(using: AssetImageLoader.folder(imageFolder, digest: digest))
            return animation
        } catch {
            throw ExportError(error)
        }
    }

    /// The archive's animation `id` (default: the first) with its images, which are entries of
    /// the archive (already hashed with it, so `digest` is nil there).
    private static func archiveAnimation(_ dot: DotLottie, id: String?, digest: InputDigest?,
                                         slots: [String: LottieSlotInput] = [:], variables: [String: ExpressionVariable] = [:],
                                         theme: String? = nil) throws(LottieError) -> LottieAnimation {
        var values = slots
        if let theme {
            // The theme's values, under the explicit slots (a preset's "slots" or --slot win).
            values = try dot.themeSlots(id: theme, animationID: id).merging(slots) { _, explicit in explicit }
        }
        var animation = try dot.animation(id: id, slots: values, variables: variables)
        animation.loadImages(using: AssetImageLoader.archive(dot, digest: digest))
        return animation
    }

    /// The archive's manifest (for `info`, and for `load`).
    static func openArchive(_ path: String) throws(LottieError) -> DotLottie {
        let zip: ZipArchive
        do { zip = try ZipArchive(path: path) } catch {
            throw LottieError(file: path, path: "", message: "cannot be read as a dotLottie archive: \(error)")
        }
        return try DotLottie(ZipLottieArchive(zip: zip), file: path)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// The files an input was made of, hashed in the order they were read: the cache key of a
/// batch output that renders it (BatchPlan.inputsHash).
final class InputDigest {
    private var sha = SHA256()
    private var result: String?

    func add(_ label: String, _ bytes: [UInt8]) {
        precondition(result == nil, "an input digest is added to after it was taken")
        sha.update("\(label) \(bytes.count)\n")
        sha.update(bytes)
    }

    /// The digest of everything added (hex); taking it ends the digest.
    func finalize() -> String {
        if let result { return result }
        let r = sha.finalize()
        result = r
        return r
    }
}

/// Media's zip reader as Lottie's archive.
struct ZipLottieArchive: LottieArchive {
    let zip: ZipArchive
    var entryNames: [String] { zip.entries.map(\.name) }

    func read(_ name: String) throws -> [UInt8] {
        guard let entry = zip.entry(named: name) else { throw MediaError("no entry \(name) in the archive") }
        return try zip.read(entry)
    }
}

/// An animation's images: data: URIs decoded in place, any other asset's encoded bytes from
/// `sourceBytes` (files inside the JSON's folder, or entries of a dotLottie); every image decoded
/// within the per-image caps and charged to one budget for the animation.
struct AssetImageLoader: LottieImageLoader {
    /// The encoded bytes of an asset that is not a data: URI, at most `maxBytes`.
    let sourceBytes: (_ asset: ImageAsset, _ maxBytes: Int) throws -> [UInt8]
    var limits = MediaLimits.standard
    let budget = ImageBudget()
    /// Where the bytes read from `sourceBytes` are hashed (nil: not hashed).
    var digest: InputDigest?

    func pixels(of asset: ImageAsset) throws -> LottieImagePixels {
        let bytes: [UInt8]
        if DataURI.isDataURI(asset.path) {
            bytes = try DataURI.decode(asset.path, maxBytes: limits.maxEncodedImageBytes)
        } else {
            bytes = try sourceBytes(asset, limits.maxEncodedImageBytes)
            digest?.add("image \(asset.folder)\(asset.path)", bytes)
        }
        return try budget.charge(try decodePixels(bytes, limits))
    }

    /// Images of a JSON file: files inside `folder` (Media.ContainedFile).
    static func folder(_ folder: String, digest: InputDigest?) -> AssetImageLoader {
        AssetImageLoader(sourceBytes: { asset, maxBytes in
            try ContainedFile.read(asset.folder + asset.path, inFolder: folder, maxBytes: maxBytes)
        }, digest: digest)
    }

    /// Images of a dotLottie: entries of the archive.
    static func archive(_ archive: DotLottie, digest: InputDigest?) -> AssetImageLoader {
        AssetImageLoader(sourceBytes: { asset, _ in
            guard let entry = archive.imageEntry(for: asset) else {
                throw MediaError("not in the archive (looked for \(asset.folder)\(asset.path), images/\(asset.path), i/\(asset.path))")
            }
            return try archive.read(entry)
        }, digest: digest)
    }
}

/// The decoded pixels of one animation's images together: at most `ImageBudget.maxPixels`
/// (README "Limits"), so many images each within the per-image cap cannot exhaust memory.
final class ImageBudget {
    /// 2²⁶ pixels: 256 MiB premultiplied (and Raster's sampling copy as much again).
    static let maxPixels = 1 << 26
    let maxPixels: Int
    private var used = 0

    init(maxPixels: Int = ImageBudget.maxPixels) { self.maxPixels = maxPixels }

    func charge(_ image: LottieImagePixels) throws(MediaError) -> LottieImagePixels {
        let n = image.width * image.height
        guard used + n <= maxPixels else {
            throw MediaError("a \(image.width)×\(image.height) image after \(used) pixels of others: over the cap of \(maxPixels) decoded pixels per animation")
        }
        used += n
        return image
    }
}

private func decodePixels(_ bytes: [UInt8], _ limits: MediaLimits) throws(MediaError) -> LottieImagePixels {
    let image = try ImageDecoder.decode(bytes, limits: limits)
    return LottieImagePixels(width: image.width, height: image.height, rgba: image.rgba)
}
