// One batch at a time per --out folder (issue 15 item 4).
//
// `--out/.animexport-batch.lock` is locked with flock(2) for the whole run and holds the
// holder's pid. The kernel drops the lock when the holder exits, however it exits (even
// SIGKILL), so a lock is never stale. The run removes the file when it ends — normally, after
// an error, and after SIGINT/SIGTERM (BatchSession.finish) — while it still holds the lock;
// only SIGKILL leaves it, harmless. Because the file can be removed under a waiting run, a
// run that gets the lock checks that its descriptor is still the file at the path (same
// device and inode) and otherwise opens the path again: two runs never hold two different
// files as "the" lock. A second batch into the same
// folder refuses at once (exit 1, naming the pid), or with --wait waits for the lock (saying
// so, signals still stop it). While the lock is held, temporaries in --out that no living
// run is writing can be removed (StaleTemporaries.swift).
import Foundation

let batchLockName = ".animexport-batch.lock"

final class BatchLock: @unchecked Sendable {
    private var fd: Int32
    private let path: String
    private let mutex = NSLock()

    private init(fd: Int32, path: String) { self.fd = fd; self.path = path }

    deinit { release() }

    /// Removes the lock file (while still holding the lock) and releases the lock; once.
    func release() {
        mutex.lock(); defer { mutex.unlock() }
        guard fd >= 0 else { return }
        if Self.isCurrent(fd, path: path) { unlink(path) }
        close(fd)       // closing the descriptor releases the lock
        fd = -1
    }

    /// Whether `fd` is the file now at `path` (not one removed or replaced meanwhile).
    private static func isCurrent(_ fd: Int32, path: String) -> Bool {
        var a = stat(), b = stat()
        return fstat(fd, &a) == 0 && lstat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Takes the lock on `out`, or throws (exit 1) when another run holds it and `wait` is off.
    static func acquire(out: String, wait: Bool, stop: ExportStop = .never, say: (String) -> Void) throws(ExportError) -> BatchLock {
        var announced = false
        while true {
            let fd = try lockOnce(out: out, wait: wait, stop: stop, announced: &announced, say: say)
            let path = out + "/" + batchLockName
            if isCurrent(fd, path: path) {
                let text = "\(getpid())\n"
                _ = ftruncate(fd, 0)
                _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
                return BatchLock(fd: fd, path: path)
            }
            close(fd)       // the holder removed the file as it ended: lock the path's new file
            try stop.check()
        }
    }

    /// Opens the lock file and takes its lock (waiting with `wait`); returns the descriptor.
    private static func lockOnce(out: String, wait: Bool, stop: ExportStop, announced: inout Bool, say: (String) -> Void) throws(ExportError) -> Int32 {
        let path = out + "/" + batchLockName
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .runtime("batch: \(path): cannot be opened (\(String(cString: strerror(errno))))") }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .runtime("batch: \(path): is not a regular file")
        }
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
            do { try stop.check() } catch { close(fd); throw error }
            usleep(100_000)
        }
        return fd
    }

    /// The pid written by the current holder, if readable.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 31, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
