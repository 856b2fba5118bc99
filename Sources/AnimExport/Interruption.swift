// SIGINT / SIGTERM: stop within a second in any phase, remove temporaries, leave destinations
// and the manifest true.
//
// Two paths, so that no phase can hold a signal up:
// 1. The handler records which signal arrived (an atomic store) and writes one byte to a pipe
//    (both async-signal-safe). The render loops, the batch queue and the planning loops poll
//    `Interruption.pending` (once per frame, per output, per preset), cancel their writer
//    (which deletes its temporary) and throw `ExportError.interrupted`; the process exits
//    128 + signal (130 for SIGINT, 143 for SIGTERM).
// 2. A watchdog thread, blocked on that pipe, wakes with the signal and gives path 1
//    `grace` seconds. A thread can be stuck for longer inside one library call (x264 flushing
//    its lookahead at the end of a large clip, a font being read): then the watchdog takes
//    the final lock (so it never cuts a manifest write in half), runs the registered final
//    report (the batch: manifest with every entry still true, outputs not started), unlinks
//    every temporary still registered (Video's TemporaryFiles; a writer that later tries to
//    rename its temporary fails instead of landing a file) and ends the process with
//    `_exit(128 + signal)`. Exception: a single render whose output landed (renamed over its
//    destination) by the end of the grace is finished, not stopped — it exits 0, so that exit 130/143
//    always means the destination is untouched.
//
// Commands that write files call `requireWatchdog()`: a watchdog that could not start (a
// process limit) is an error, exit 1, before anything is written.
import Foundation
import Synchronization
import Video

enum Interruption {
    private static let received = Atomic<Int32>(0)
    /// Write end of the pipe the handler signals the watchdog through (-1: none).
    private static let wakeFD = Atomic<Int32>(-1)
    private static let stateLock = NSLock()
    nonisolated(unsafe) private static var stateStorage = State()
    /// Serialises final work (manifest writes, the interrupted summary) with the watchdog.
    static let finalLock = NSRecursiveLock()
    /// Seconds the normal path has to stop after a signal before the watchdog ends the process.
    static let grace = 0.3

    /// `body` with the state, under its lock.
    private static func withState<T>(_ body: (inout State) -> T) -> T {
        stateLock.lock(); defer { stateLock.unlock() }
        return body(&stateStorage)
    }

    private struct State {
        var installed = false
        var watchdogError: ExportError?
        /// Run by the watchdog (under finalLock) before it ends the process.
        var finalReport: (@Sendable (Int32) -> Void)?
    }

    /// Installs the handlers and starts the watchdog once (idempotent).
    static func install() {
        let first = withState { s in
            defer { s.installed = true }
            return !s.installed
        }
        guard first else { return }
        // A parent may start us with these signals blocked (posix_spawn keeps the mask): unblock.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        // A file-size limit (ulimit -f) must surface as a write error (EFBIG), not kill us.
        signal(SIGXFSZ, SIG_IGN)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
            wakeFD.store(fds[1], ordering: .sequentiallyConsistent)
            let readFD = fds[0]
            do {
                _ = try startThread(name: "animexport-signals", stackSize: 256 << 10) { watch(readFD) }
            } catch {
                withState { $0.watchdogError = error }
            }
        } else {
            withState { $0.watchdogError = .runtime("cannot create a pipe for signal handling: \(String(cString: strerror(errno)))") }
        }
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                Interruption.received.store(signal, ordering: .sequentiallyConsistent)
                let fd = Interruption.wakeFD.load(ordering: .sequentiallyConsistent)
                if fd >= 0 {
                    var byte: UInt8 = 1
                    _ = write(fd, &byte, 1)
                }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    /// Throws the reason the watchdog could not start (commands that write files call this).
    static func requireWatchdog() throws(ExportError) {
        if let e = withState({ $0.watchdogError }) { throw e }
    }

    /// Sets (or clears) what the watchdog reports before it ends the process.
    static func setFinalReport(_ report: (@Sendable (Int32) -> Void)?) {
        withState { $0.finalReport = report }
    }

    /// The signal that arrived, if any.
    static var pending: Int32? {
        let s = received.load(ordering: .sequentiallyConsistent)
        return s == 0 ? nil : s
    }

    /// Throws `.interrupted` if a signal arrived.
    static func check() throws(ExportError) {
        if let s = pending { throw .interrupted(signal: s) }
    }

    /// Ends the process now with `code` (stdout flushed, no atexit handlers: other threads
    /// may still be inside a library).
    static func exitNow(_ code: Int32) -> Never {
        fflush(nil)     // every stdio stream (print's stdout)
        _exit(code)
    }

    private static func watch(_ fd: Int32) {
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n == 1, pending != nil { break }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
        }
        Thread.sleep(forTimeInterval: grace)
        let sig = pending ?? SIGTERM
        finalLock.lock()
        let report = withState({ $0.finalReport })
        if let report { report(sig) }
        let removed = TemporaryFiles.removeAll()
        if report == nil, removed == 0, TemporaryFiles.landed > 0 {
            // A single render's output landed (during the grace, or between the signal and this
            // thread waking — a loaded machine can delay it): the command is done, not stopped
            // (its destination is no longer the previous file). Let it exit 0; end the process
            // only if it does not within another grace.
            finalLock.unlock()
            Thread.sleep(forTimeInterval: grace)
            printError("animexport: the output was complete when the signal arrived")
            exitNow(0)
        }
        let name = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "signal \(sig)"
        let detail = removed > 0 ? "; \(removed) unfinished temporar\(removed == 1 ? "y" : "ies") removed" : ""
        printError("animexport: interrupted by \(name)\(detail); stopped")
        exitNow(128 + sig)
    }
}
