// Opening a Lottie input as the CLI names it, with its images:
//
//   FILE.json      decoded; image assets are embedded data: URIs or files relative to the
//                  JSON's folder (`u` + `p`), read with Media.ContainedFile (no absolute paths,
//                  no "..", no symlink out of the folder, regular files only, capped)
//   FILE.lottie    a dotLottie zip (Media.ZipArchive: caps on entries, sizes and ratio, no
//                  traversal); `--animation ID` picks an animation (default: the first listed);
//                  image assets resolve to entries of the archive (Lottie/DotLottie)
//
// Every image is decoded once by Media.ImageDecoder (libavcodec: PNG, JPEG, WebP; all of an
// animation's images together within ImageBudget's pixel cap) and handed to
// Lottie as straight RGBA (LottieImageLoader); one that cannot be read is a warning naming it
// (an error under --strict), through LottieCoverage.
import Lottie
import Media
import Video

enum LottieInput {
    /// Whether `path` names a dotLottie archive (by its extension).
    static func isArchive(_ path: String) -> Bool { path.lowercased().hasSuffix(".lottie") }

    /// The animation at `path` with its images loaded.
    static func load(_ path: String, animationID: String? = nil) throws(ExportError) -> LottieAnimation {
        // libavcodec logs through Video's capture callback (quiet unless --verbose), not to stderr.
        FFmpegLog.setVerbose(FFmpegLog.isVerbose)
        do throws(LottieError) {
            if isArchive(path) {
                let dot = try openArchive(path)
                var animation = try dot.animation(id: animationID)
                animation.loadImages(using: ArchiveImageLoader(archive: dot))
                return animation
            }
            if let id = animationID {
                throw LottieError(file: path, path: "", message: "--animation \(id) names an animation of a .lottie archive; this is a JSON file")
            }
            var animation = try LottieDecoder.load(path: path)
            animation.loadImages(using: FolderImageLoader(folder: folder(of: path)))
            return animation
        } catch {
            throw ExportError(error)
        }
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

/// Media's zip reader as Lottie's archive.
struct ZipLottieArchive: LottieArchive {
    let zip: ZipArchive
    var entryNames: [String] { zip.entries.map(\.name) }

    func read(_ name: String) throws -> [UInt8] {
        guard let entry = zip.entry(named: name) else { throw MediaError("no entry \(name) in the archive") }
        return try zip.read(entry)
    }
}

/// Images of a JSON file: data: URIs, or files inside the JSON's folder.
struct FolderImageLoader: LottieImageLoader {
    let folder: String
    var limits = MediaLimits.standard
    let budget = ImageBudget()

    func pixels(of asset: ImageAsset) throws -> LottieImagePixels {
        let bytes: [UInt8]
        if DataURI.isDataURI(asset.path) {
            bytes = try DataURI.decode(asset.path, maxBytes: limits.maxEncodedImageBytes)
        } else {
            bytes = try ContainedFile.read(asset.folder + asset.path, inFolder: folder, maxBytes: limits.maxEncodedImageBytes)
        }
        return try budget.charge(try decodePixels(bytes, limits))
    }
}

/// Images of a dotLottie: data: URIs, or entries of the archive.
struct ArchiveImageLoader: LottieImageLoader {
    let archive: DotLottie
    var limits = MediaLimits.standard
    let budget = ImageBudget()

    func pixels(of asset: ImageAsset) throws -> LottieImagePixels {
        let bytes: [UInt8]
        if DataURI.isDataURI(asset.path) {
            bytes = try DataURI.decode(asset.path, maxBytes: limits.maxEncodedImageBytes)
        } else {
            guard let entry = archive.imageEntry(for: asset) else {
                throw MediaError("not in the archive (looked for \(asset.folder)\(asset.path), images/\(asset.path), i/\(asset.path))")
            }
            bytes = try archive.read(entry)
        }
        return try budget.charge(try decodePixels(bytes, limits))
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
