// The hidden temporary files being written right now, so that an interrupted run can remove
// them before it exits (SIGINT/SIGTERM while a thread is still inside the encoder).
//
// Every temporary is named by `FileSupport.temporarySibling`, which registers it, and ends in
// `FileSupport.remove` or `FileSupport.rename`, which unregister it. `removeAll` unlinks what
// is still registered: a writer that later tries to rename its temporary then fails (ENOENT)
// instead of replacing its destination, so nothing half-done lands anywhere. A rename happens
// under the same lock as `removeAll` and is counted (`landed`): the signal watchdog can tell
// that an output landed after the signal, before it could stop it, and must not then report
// the destination as untouched (Interruption.swift in AnimExport).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A global, as FFmpegLog's state is (a Mutex in a static stored property of an enum was
/// miscompiled in release builds here: the value read back was garbage).
private let temporaryPaths = Mutex<Set<String>>([])
/// Temporaries renamed over their destinations so far.
private let landedCount = Atomic<Int>(0)

public enum TemporaryFiles {

    static func register(_ path: String) { _ = temporaryPaths.withLock { $0.insert(path) } }

    static func unregister(_ path: String) { _ = temporaryPaths.withLock { $0.remove(path) } }

    /// Renames `from` over `to` and unregisters it, atomically with respect to `removeAll`;
    /// returns 0 or the errno of rename(2).
    static func land(_ from: String, over to: String) -> Int32 {
        temporaryPaths.withLock { set in
            #if canImport(Glibc)
            let r = Glibc.rename(from, to)
            #else
            let r = Darwin.rename(from, to)
            #endif
            let e = errno
            set.remove(from)
            if r == 0 { landedCount.add(1, ordering: .sequentiallyConsistent) }
            return r == 0 ? 0 : e
        }
    }

    /// How many temporaries have been renamed over their destinations so far.
    public static var landed: Int { landedCount.load(ordering: .sequentiallyConsistent) }

    /// Unlinks every registered temporary (and forgets them); returns how many there were.
    @discardableResult
    public static func removeAll() -> Int {
        temporaryPaths.withLock { set in
            for p in set { _ = unlink(p) }
            defer { set.removeAll() }
            return set.count
        }
    }

    /// The temporaries registered now (for tests and diagnostics).
    public static var current: [String] { temporaryPaths.withLock { Array($0) } }

    /// Writes `bytes` to `path` atomically: a registered hidden temporary beside it, renamed
    /// over it when complete (the manifest and other small files of the export layer).
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(VideoError) {
        var result: Result<Void, VideoError> = .success(())
        bytes.withUnsafeBytes { buffer in
            do throws(VideoError) { try FileSupport.writeAtomically(buffer, to: path) } catch { result = .failure(error) }
        }
        try result.get()
    }

    /// Whether `name` (a file name, no folder) is a temporary that `temporarySibling` makes
    /// for a destination named `destination` (also a file name): `.<destination>.<16 hex>.partial`,
    /// or, when that would exceed the file system's name limit, the same with the destination
    /// name cut short.
    public static func isTemporary(_ name: String, for destination: String) -> Bool {
        FileSupport.isTemporaryName(name, for: destination)
    }
}
