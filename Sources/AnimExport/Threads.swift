// Threads that say when they cannot start.
//
// Foundation's `Thread.start()` ignores a failing pthread_create (EAGAIN at a process limit —
// `ulimit -u`, a container's pids.max — or ENOMEM when its stack cannot be mapped): the body
// never runs, and whoever waits for it waits forever. Every thread animexport starts goes
// through `startThread`, which returns the error instead, so the caller can stop, clean up and
// exit 1 with a message (issue 15 item 2).
import Foundation

/// A started thread; `join` waits for its body to return.
struct StartedThread: @unchecked Sendable {
    fileprivate let handle: pthread_t

    func join() { pthread_join(handle, nil) }
}

/// The closure a new thread runs, passed through pthread_create's void pointer.
private final class ThreadBody {
    let name: String
    let run: () -> Void
    init(name: String, run: @escaping () -> Void) { self.name = name; self.run = run }
}

/// Starts `body` on a new thread of `stackSize` bytes, or throws `.runtime` naming why not.
func startThread(name: String, stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) throws(ExportError) -> StartedThread {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    let box = Unmanaged.passRetained(ThreadBody(name: name, run: body))
    var handle = pthread_t()
    let r = pthread_create(&handle, &attributes, { raw in
        let body = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
        Thread.current.name = body.name
        body.run()
        return nil
    }, box.toOpaque())
    guard r == 0 else {
        box.release()
        throw threadStartError(name: name, code: r)
    }
    return StartedThread(handle: handle)
}

/// "cannot start a thread (animexport-render): Resource temporarily unavailable — …".
func threadStartError(name: String, code: Int32) -> ExportError {
    let why = String(cString: strerror(code))
    let hint = code == EAGAIN
        ? "the process or thread limit is reached (ulimit -u, a container's pids limit)"
        : "memory for its stack is short (ulimit -v, a container's memory limit)"
    return .runtime("cannot start a thread (\(name)): \(why); \(hint)")
}
