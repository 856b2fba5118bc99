// One media fuzz case: untrusted image bytes and zip archives, as a Lottie file or a dotLottie
// brings them. The first byte picks the reader: 0 an image (libavcodec via ImageDecoder, with a
// 256 × 256 pixel cap), 1 a zip archive (ZipArchive from memory, with small caps, every entry
// read and each one that sniffs as an image decoded), 2 a data: URI (base64 through libavutil,
// then decoded). Errors are fine; crashes, hangs, leaks and over-cap allocations are not.
// Replayed by a unit test over Fuzz/regressions/media (Tests/MediaTests/FuzzReplay links here).
import Media

let mediaFuzzLimits = MediaLimits(maxEncodedImageBytes: 1 << 20, maxImagePixels: 256 * 256, maxArchiveBytes: 1 << 20,
                                  maxArchiveEntries: 64, maxArchiveUncompressedBytes: 4 << 20, maxEntryRatio: 200)

func runMediaCase(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let rest = Array(bytes.dropFirst())
    switch selector % 3 {
    case 0:
        _ = try? ImageDecoder.decode(rest, limits: mediaFuzzLimits)
    case 1:
        guard let zip = try? ZipArchive(bytes: rest, limits: mediaFuzzLimits) else { return }
        for entry in zip.entries {
            guard let data = try? zip.read(entry) else { continue }
            if ImageFormat.sniff(data) != nil { _ = try? ImageDecoder.decode(data, limits: mediaFuzzLimits) }
        }
    default:
        let text = String(decoding: rest, as: UTF8.self)
        guard let data = try? DataURI.decode(text, maxBytes: mediaFuzzLimits.maxEncodedImageBytes) else { return }
        _ = try? ImageDecoder.decode(data, limits: mediaFuzzLimits)
    }
}
