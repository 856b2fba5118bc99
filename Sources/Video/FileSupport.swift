#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX helpers (the module does not use Foundation).
enum FileSupport {
    /// Splits a path into its directory ("." when there is none) and last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    /// `.<name>.<16 hex digits>.partial` in the same directory as `path`, so
    /// that the final `rename(2)` stays on one file system (atomic). When that name would be
    /// longer than the file system allows (NAME_MAX, usually 255 bytes), `<name>` is cut
    /// short at a character boundary, so a destination of the longest allowed name still
    /// gets a temporary. The path is registered in `TemporaryFiles` until removed or renamed.
    static func temporarySibling(of path: String) -> String {
        let (dir, name) = split(path)
        var token = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        token = String(repeating: "0", count: 16 - token.count) + token
        let limit = nameLimit(dir)
        var kept = Substring(name)
        while 1 + kept.utf8.count + 1 + 16 + 8 > limit && !kept.isEmpty { kept = kept.dropLast() }
        let file = ".\(kept).\(token).partial"
        let tmp = dir == "/" ? "/" + file : path.contains("/") ? "\(dir)/\(file)" : file
        TemporaryFiles.register(tmp)
        return tmp
    }

    /// The longest file name `dir`'s file system takes (255 when it cannot say).
    static func nameLimit(_ dir: String) -> Int {
        let n = pathconf(dir, Int32(_PC_NAME_MAX))
        return n > 0 ? n : 255
    }

    /// Whether `name` is a temporary `temporarySibling` made for a file named `destination`.
    static func isTemporaryName(_ name: String, for destination: String) -> Bool {
        let suffix = ".partial"
        guard name.hasPrefix("."), name.hasSuffix(suffix), name.utf8.count >= 1 + 1 + 16 + suffix.count else { return false }
        let body = name.dropFirst().dropLast(suffix.count)           // "<kept>.<16 hex>"
        let token = body.suffix(16)
        guard token.allSatisfy({ $0.isHexDigit && !$0.isUppercase }), body.dropLast(16).hasSuffix(".") else { return false }
        let kept = body.dropLast(17)
        return !kept.isEmpty && destination.hasPrefix(kept)
    }

    enum Kind { case missing, directory, regular, other }

    static func kind(_ path: String) -> (Kind, Int32) {
        var st = stat()
        if stat(path, &st) != 0 { return (.missing, errno) }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return (.directory, 0)
        case S_IFREG: return (.regular, 0)
        default: return (.other, 0)
        }
    }

    static func size(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Int(st.st_size)
    }

    /// Checks that `path` can be created: its directory exists and `path` is
    /// not a directory. (Permissions are left to the open call itself.)
    static func checkDestination(_ path: String) throws(VideoError) {
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw .invalidSettings("destination '\(path)' is not a file path")
        }
        let (dir, _) = split(path)
        let (dirKind, dirErr) = kind(dir)
        switch dirKind {
        case .directory: break
        case .missing: throw .io(operation: "open output directory", path: dir, errno: dirErr)
        default: throw .io(operation: "open output directory", path: dir, errno: ENOTDIR)
        }
        if kind(path).0 == .directory {
            throw .io(operation: "replace destination", path: path, errno: EISDIR)
        }
    }

    static func remove(_ path: String) {
        _ = unlink(path)
        TemporaryFiles.unregister(path)
    }

    static func rename(_ from: String, _ to: String) throws(VideoError) {
        let e = TemporaryFiles.land(from, over: to)
        if e != 0 {
            throw .io(operation: "rename to", path: to, errno: e)
        }
    }

    /// Reads a whole file.
    static func readAll(_ path: String) throws(VideoError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(operation: "read", path: path, errno: errno)
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    /// Writes `bytes` to a temporary sibling and renames it over `path`.
    static func writeAtomically(_ bytes: UnsafeRawBufferPointer, to path: String) throws(VideoError) {
        try checkDestination(path)
        let tmp = temporarySibling(of: path)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(operation: "create", path: tmp, errno: errno) }
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd); remove(tmp)
                throw .io(operation: "write", path: tmp, errno: e)
            }
            offset += n
        }
        if close(fd) != 0 {
            let e = errno
            remove(tmp)
            throw .io(operation: "close", path: tmp, errno: e)
        }
        do { try rename(tmp, path) } catch { remove(tmp); throw error }
    }
}
