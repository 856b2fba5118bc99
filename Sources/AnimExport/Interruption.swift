// SIGINT / SIGTERM: stop between frames, remove temporaries, leave destinations untouched.
//
// The handler only records which signal arrived (an atomic store, async-signal-safe); the
// render loops poll `Interruption.pending` once per frame, cancel their writer (which deletes
// the temporary file) and throw `ExportError.interrupted`, so the process exits 128 + signal
// (130 for SIGINT, 143 for SIGTERM) without a half-written file at any destination.
import Foundation
import Synchronization

enum Interruption {
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers once (idempotent).
    static func install() {
        // A parent may start us with these signals blocked (posix_spawn keeps the mask): unblock.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        // A file-size limit (ulimit -f) must surface as a write error (EFBIG), not kill us.
        signal(SIGXFSZ, SIG_IGN)
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in Interruption.received.store(signal, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    /// The signal that arrived, if any.
    static var pending: Int32? {
        let s = received.load(ordering: .relaxed)
        return s == 0 ? nil : s
    }

    /// Throws `.interrupted` if a signal arrived.
    static func check() throws(ExportError) {
        if let s = pending { throw .interrupted(signal: s) }
    }
}
