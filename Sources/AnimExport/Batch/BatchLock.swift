// One batch at a time per --out folder (issue 15 item 4).
//
// `--out/.animexport-batch.lock` is locked with flock(2) for the whole run and holds the
// holder's pid. The kernel drops the lock when the holder exits, however it exits (even
// SIGKILL), so a lock is never stale; the file itself may stay. A second batch into the same
// folder refuses at once (exit 1, naming the pid), or with --wait waits for the lock (saying
// so, signals still stop it). While the lock is held, temporaries in --out that no living
// run is writing can be removed (StaleTemporaries.swift).
import Foundation

let batchLockName = ".animexport-batch.lock"

final class BatchLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }    // closing the descriptor releases the lock

    /// Takes the lock on `out`, or throws (exit 1) when another run holds it and `wait` is off.
    static func acquire(out: String, wait: Bool, say: (String) -> Void) throws(ExportError) -> BatchLock {
        let path = out + "/" + batchLockName
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .runtime("batch: \(path): cannot be opened (\(String(cString: strerror(errno))))") }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .runtime("batch: \(path): is not a regular file")
        }
        var announced = false
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let e = errno
            guard e == EWOULDBLOCK || e == EINTR else {
                close(fd)
                throw .runtime("batch: \(path): cannot be locked (\(String(cString: strerror(e))))")
            }
            let holder = Self.holder(fd).map { "pid \($0)" } ?? "another process"
            guard wait else {
                close(fd)
                throw .runtime("batch: --out \(out) is in use by another animexport batch (\(holder)); wait for it to finish, or pass --wait")
            }
            if !announced {
                say("batch: --out \(out) is in use by another animexport batch (\(holder)); waiting for it (--wait)")
                announced = true
            }
            do { try Interruption.check() } catch { close(fd); throw error }
            usleep(100_000)
        }
        let text = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
        return BatchLock(fd: fd)
    }

    /// The pid written by the current holder, if readable.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 31, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
