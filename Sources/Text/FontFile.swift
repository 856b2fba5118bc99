// FontFile.swift — reading a font file that anyone may have named (a preset committed to a
// repository runs in CI), into memory, with bounded size and without blocking.
//
//   1. stat(path) — symlinks are followed (a preset may point at fonts/X.otf → ../fonts/X.otf),
//      but the final target must be a regular file: a directory, FIFO, socket or device is
//      refused *before it is opened* (opening a FIFO blocks until a writer comes; reading
//      /dev/zero never ends; opening some devices has side effects).
//   2. st_size must be in 1 … `FontFile.maxBytes` (64 MiB: Noto CJK collections are ~20 MB;
//      a label font is ~300 KB), so a huge file is refused before a byte is read.
//   3. open(O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), then fstat the descriptor and require
//      the same regular file (same device and inode) — the name cannot be swapped for a FIFO
//      between steps 1 and 3, and O_NONBLOCK means even a swapped-in FIFO could not block.
//   4. read(2) at most maxBytes + 1 bytes: a file that grew past the cap is refused, one that
//      shrank is read as it is now.
//
// FreeType (FT_New_Memory_Face) and HarfBuzz (hb_blob_create) then parse these bytes; neither
// ever opens the path, and no table is walked by hand here. Both libraries are fuzzed
// continuously (OSS-Fuzz) and bound their own work: HarfBuzz caps shaping operations per
// buffer (HB_BUFFER_MAX_OPS_*), FreeType's CFF/TrueType interpreters cap instructions and
// stack depth; a font they cannot parse is one `FontError` line naming the file.

#if canImport(Glibc)
import Glibc
#endif

/// The bytes of one font file, owned for as long as a face uses them (FreeType and HarfBuzz
/// read the memory in place). Immutable after reading.
final class FontBytes: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let count: Int

    init(base: UnsafeMutableRawPointer, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { base.deallocate() }
}

public enum FontFile {
    /// The largest font file read: 64 MiB.
    public static let maxBytes = 64 << 20

    /// What kind of file system object `mode` describes ("a directory", "a FIFO (named pipe)" …).
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "not a regular file"
        }
    }

    /// The checked status of `path` (symlinks followed): a regular file of 1 … maxBytes bytes.
    static func regularFileStatus(_ path: String) throws(FontError) -> stat {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fileNotFound(path: path) }
            if code == ELOOP { throw .unreadable(path: path, reason: "too many levels of symbolic links") }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .notRegularFile(path: path, kind: kind(status.st_mode))
        }
        guard status.st_size > 0 else { throw .notAFont(path: path, reason: "the file is empty") }
        guard status.st_size <= maxBytes else {
            throw .tooLarge(path: path, bytes: Int(status.st_size), limit: maxBytes)
        }
        return status
    }

    /// Reads the whole font file at `path` per the steps in the file header.
    static func read(_ path: String) throws(FontError) -> FontBytes {
        let before = try regularFileStatus(path)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var now = stat()
        guard fstat(fd, &now) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard now.st_mode & S_IFMT == S_IFREG, now.st_dev == before.st_dev, now.st_ino == before.st_ino else {
            throw .unreadable(path: path, reason: "the file was replaced while it was being opened")
        }
        let capacity = Int(now.st_size) + 1
        let base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        var count = 0
        while count < capacity {
            let n = Glibc.read(fd, base + count, capacity - count)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                base.deallocate()
                throw .unreadable(path: path, reason: reason)
            }
            count += n
        }
        // One byte more than stat said means the file is growing: re-check against the cap.
        if count == capacity {
            base.deallocate()
            var grown = stat()
            let size = fstat(fd, &grown) == 0 ? Int(grown.st_size) : capacity
            if size > maxBytes { throw .tooLarge(path: path, bytes: size, limit: maxBytes) }
            throw .unreadable(path: path, reason: "the file changed size while it was being read")
        }
        guard count > 0 else {
            base.deallocate()
            throw .notAFont(path: path, reason: "the file is empty")
        }
        return FontBytes(base: base, count: count)
    }

    /// `bytes` copied into memory a face can own, with the size checks of a file.
    static func copy(_ bytes: [UInt8], name: String) throws(FontError) -> FontBytes {
        guard !bytes.isEmpty else { throw .notAFont(path: name, reason: "the file is empty") }
        guard bytes.count <= maxBytes else { throw .tooLarge(path: name, bytes: bytes.count, limit: maxBytes) }
        let base = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
        bytes.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        return FontBytes(base: base, count: bytes.count)
    }

    /// The bytes of the font file at `path` as an array (for hashing what a render depends on),
    /// read with the same checks as a font load.
    public static func contents(of path: String) throws(FontError) -> [UInt8] {
        let bytes = try read(path)
        return [UInt8](UnsafeRawBufferPointer(start: bytes.base, count: bytes.count))
    }
}
