// Reading a Lottie file from disk without trusting it: only a regular file, only up to the size
// cap (checked with fstat before reading, so a pipe, a device such as /dev/zero or a FIFO is
// refused at once), read in full or not at all.

#if canImport(Glibc)
import Glibc
#endif

enum LottieFileReader {
    static func read(_ path: String, maxBytes: Int) throws(LottieError) -> [UInt8] {
        func fail(_ message: String) -> LottieError { LottieError(file: path, path: "", message: message) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw fail(String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(String(cString: strerror(errno)).lowercased()) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw fail("is a directory, not a Lottie file") }
        guard kind == S_IFREG else { throw fail("is not a regular file (a pipe or a device); give a .json file") }
        let size = Int(info.st_size)
        guard size <= maxBytes else {
            throw fail("\(size) bytes is over the cap of \(maxBytes) bytes per Lottie file")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(String(cString: strerror(errno)).lowercased())
            }
            if n == 0 { break }
            done += n
        }
        guard done == size else { throw fail("the file changed size while it was read") }
        return bytes
    }
}
