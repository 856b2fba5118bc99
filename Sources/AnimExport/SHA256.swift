// SHA-256 for the batch manifest (file digests, inputs hashes), computed by libavutil's
// av_sha (FIPS 180-4; FFmpeg's implementation, already linked for encoding). This file only
// feeds it bytes and formats the 32-byte digest as lower-case hex; BatchTests checks the FIPS
// vectors, updates split at every offset of a block, and a file against coreutils' sha256sum.
import CFFmpeg
import Foundation
import Text

struct SHA256 {
    /// One AVSHA context, freed with the value (a digest is taken once; `finalize` ends it).
    private final class Context {
        let pointer: OpaquePointer

        init() {
            // av_sha_alloc fails only when memory does; av_sha_init only for bit counts other
            // than 160, 224 and 256.
            guard let context = av_sha_alloc(), av_sha_init(context, 256) == 0 else {
                fatalError("libavutil av_sha_alloc/av_sha_init(256) failed (out of memory)")
            }
            pointer = context
        }

        deinit { av_free(UnsafeMutableRawPointer(pointer)) }
    }

    private let context = Context()

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        av_sha_update(context.pointer, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    mutating func update(_ data: Data) { data.withUnsafeBytes { update($0) } }

    mutating func update(_ text: String) { update(Array(text.utf8)) }

    /// The digest as 64 lower-case hex digits.
    mutating func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { av_sha_final(context.pointer, $0.baseAddress) }
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    static func hex(_ data: Data) -> String { var s = SHA256(); s.update(data); return s.finalize() }
    static func hex(_ text: String) -> String { var s = SHA256(); s.update(text); return s.finalize() }

    /// The digest and size of a regular file (symlinks followed), or nil if it cannot be read
    /// or is anything else: a FIFO, device or socket planted where a file was expected must not
    /// block or feed the hash forever (it is opened O_NONBLOCK and checked with fstat first).
    static func file(_ path: String) -> (sha256: String, bytes: Int)? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var s = SHA256()
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            chunk.withUnsafeBytes { s.update(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            total += n
        }
        return (s.finalize(), total)
    }

    /// The digest and size of a font file, read with the font loader's checks (a regular file,
    /// size-capped, never blocking: a FIFO or device named as a font must not hang the hashing);
    /// nil when it cannot be read — the render then reports why.
    static func font(_ path: String) -> (sha256: String, bytes: Int)? {
        guard let bytes = try? FontFile.contents(of: path) else { return nil }
        var s = SHA256()
        s.update(bytes)
        return (s.finalize(), bytes.count)
    }
}
