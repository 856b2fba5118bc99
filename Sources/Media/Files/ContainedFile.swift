// ContainedFile.swift — reading a file named by untrusted input, only inside a folder.
//
// A name is accepted when it is relative, has no `..` component and no NUL byte; the folder and
// the joined path are resolved with realpath(3), and the resolved file must lie strictly inside
// the resolved folder (so a symlink pointing out of it is refused, one staying inside is
// followed). The resolved path is then opened with O_NOFOLLOW | O_NONBLOCK and must be a
// regular file (no device, FIFO or directory) within the byte cap, checked with fstat before
// anything is read; it is read in full or not at all.

#if canImport(Glibc)
import Glibc
#endif

public enum ContainedFile {
    /// The bytes of `name` inside `folder` (see the header).
    public static func read(_ name: String, inFolder folder: String, maxBytes: Int) throws(MediaError) -> [UInt8] {
        guard !name.isEmpty else { throw MediaError("an empty file name") }
        guard !name.utf8.contains(0) else { throw MediaError("a file name with a NUL byte") }
        guard !name.hasPrefix("/") else { throw MediaError("an absolute path (\(name)); only files beside the animation are read") }
        if name.split(separator: "/", omittingEmptySubsequences: true).contains("..") {
            throw MediaError("a path with \"..\" (\(name)); only files inside the animation's folder are read")
        }
        guard let base = resolved(folder.isEmpty ? "." : folder) else {
            throw MediaError("the folder \(folder) cannot be opened: \(errnoText())")
        }
        let joined = base + "/" + name
        guard let target = resolved(joined) else { throw MediaError("\(name): \(errnoText())") }
        guard target.hasPrefix(base == "/" ? "/" : base + "/"), target != base else {
            throw MediaError("\(name) leads out of the animation's folder (through a symlink); refused")
        }
        return try readRegular(target, shownAs: name, maxBytes: maxBytes)
    }

    /// The bytes of a regular file at `path` (no symlink as its last component), within `maxBytes`.
    public static func readRegular(_ path: String, shownAs shown: String, maxBytes: Int) throws(MediaError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { throw MediaError("\(shown): \(errnoText())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw MediaError("\(shown): \(errnoText())") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw MediaError("\(shown) is not a regular file (a directory, pipe or device); refused")
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw MediaError("\(shown) is \(size) bytes, over the cap of \(maxBytes) bytes") }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw MediaError("\(shown): \(errnoText())")
            }
            if n == 0 { break }
            done += n
        }
        guard done == size else { throw MediaError("\(shown) changed size while it was read") }
        return bytes
    }

    private static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    static func errnoText() -> String { String(cString: strerror(errno)).lowercased() }
}
