// MediaLimits.swift — the caps on untrusted images and archives (README "Limits").
//
// An image is decoded only when its encoded bytes are within `maxEncodedImageBytes` and its
// width·height within `maxImagePixels` (libavcodec refuses larger frames before allocating them:
// AVCodecContext.max_pixels). An archive is read only when it is a regular file within
// `maxArchiveBytes`, has at most `maxArchiveEntries` entries, and its entries together expand
// to at most `maxArchiveUncompressedBytes`, each to at most `maxEntryRatio` times its compressed
// size (zip bombs); an entry read is checked against its stated size while it is inflated.

public struct MediaLimits: Sendable, Equatable {
    public var maxEncodedImageBytes: Int
    public var maxImagePixels: Int
    public var maxArchiveBytes: Int
    public var maxArchiveEntries: Int
    public var maxArchiveUncompressedBytes: Int
    public var maxEntryRatio: Int

    public init(maxEncodedImageBytes: Int, maxImagePixels: Int, maxArchiveBytes: Int, maxArchiveEntries: Int,
                maxArchiveUncompressedBytes: Int, maxEntryRatio: Int) {
        self.maxEncodedImageBytes = maxEncodedImageBytes
        self.maxImagePixels = maxImagePixels
        self.maxArchiveBytes = maxArchiveBytes
        self.maxArchiveEntries = maxArchiveEntries
        self.maxArchiveUncompressedBytes = maxArchiveUncompressedBytes
        self.maxEntryRatio = maxEntryRatio
    }

    /// 32 MiB per encoded image, 4096 × 4096 decoded pixels (64 MiB of RGBA); archives of at most
    /// 256 MiB, 1000 entries, 512 MiB expanded, each entry at most 200× its compressed size.
    public static let standard = MediaLimits(maxEncodedImageBytes: 32 << 20, maxImagePixels: 4096 * 4096,
                                             maxArchiveBytes: 256 << 20, maxArchiveEntries: 1000,
                                             maxArchiveUncompressedBytes: 512 << 20, maxEntryRatio: 200)
}
