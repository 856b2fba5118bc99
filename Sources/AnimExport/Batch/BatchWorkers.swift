// The batch's worker threads and the queue they take outputs from.
//
// Up to --jobs outputs at once, each on its own thread with its own renderer, canvas and
// writer (x264 pinned to one thread, see batchEncoderThreads). Memory is bounded by the
// budget: an output starts only while the sum of the running outputs' estimates fits, both in
// resident memory (--memory, a cgroup's limit) and in address space (ulimit -v); one output
// always runs (an output that cannot fit alone was refused before the run).
//
// Every worker is started before any takes work (a gate): a worker that cannot start (a
// process limit) stops the run before anything renders, with the reason (exit 1). A signal,
// --fail-fast or a stop closes the queue: no new output starts, and waiting workers notice
// within 50 ms.
import Foundation

final class WorkQueue: @unchecked Sendable {
    private let lock = NSCondition()
    private var next = 0
    private var stopped = false
    private var open = false
    private var inFlight = MemoryNeed(address: 0, resident: 0)   // estimates of the outputs being rendered
    private var running = 0
    private(set) var activeWorkers = 0
    let queue: [Int]                           // plan indices, in order
    let cost: [MemoryNeed]                     // estimate of each queued output
    let budget: MemoryNeed

    /// When to stop taking outputs and stop waiting.
    let stop: ExportStop

    init(queue: [Int], cost: [MemoryNeed], budget: MemoryNeed, stop: ExportStop = .never) {
        self.queue = queue; self.cost = cost; self.budget = budget; self.stop = stop
    }

    /// The next output, waiting while it would push the estimate over the budget; nil when
    /// the queue is empty or closed.
    func take() -> (index: Int, cost: MemoryNeed)? {
        lock.lock(); defer { lock.unlock() }
        while true {
            guard !stopped, stop.reason() == nil, next < queue.count else { return nil }
            let c = cost[next]
            let sum = inFlight + c
            if open && (running == 0 || (sum.resident <= budget.resident && sum.address <= budget.address)) {
                let i = queue[next]
                next += 1
                inFlight = sum
                running += 1
                return (i, c)
            }
            lock.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
    }

    /// An output is done: its estimate is released; `stop` closes the queue (--fail-fast).
    func done(cost: MemoryNeed, stop: Bool) {
        lock.lock()
        inFlight = MemoryNeed(address: inFlight.address - cost.address, resident: inFlight.resident - cost.resident)
        running -= 1
        if stop { stopped = true }
        lock.broadcast()
        lock.unlock()
    }

    func close() {
        lock.lock(); stopped = true; lock.broadcast(); lock.unlock()
    }

    /// Starts `count` workers running `body` (which takes from this queue); throws when one
    /// cannot start, after the others have stopped without taking anything.
    func startWorkers(_ count: Int, body: @escaping @Sendable () -> Void) throws(ExportError) -> [StartedThread] {
        var threads: [StartedThread] = []
        for k in 0..<count {
            lock.lock(); activeWorkers += 1; lock.unlock()
            do {
                threads.append(try startThread(name: "animexport-batch-\(k + 1)", stackSize: 8 << 20) { [self] in
                    body()
                    lock.lock(); activeWorkers -= 1; lock.broadcast(); lock.unlock()
                })
            } catch {
                lock.lock(); activeWorkers -= 1; stopped = true; open = true; lock.broadcast(); lock.unlock()
                threads.forEach { $0.join() }
                throw error
            }
        }
        lock.lock(); open = true; lock.broadcast(); lock.unlock()
        return threads
    }

    /// Waits until every worker has returned, or the stop condition holds (its reason), polling
    /// every 50 ms.
    func waitForWorkers() -> Int32? {
        lock.lock(); defer { lock.unlock() }
        while activeWorkers > 0 {
            if let why = stop.reason() { return why }
            lock.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
        return stop.reason()
    }

    /// After a signal: waits up to `seconds` for the workers to cancel their outputs.
    func waitBriefly(_ seconds: Double) {
        let end = Date(timeIntervalSinceNow: seconds)
        lock.lock(); defer { lock.unlock() }
        while activeWorkers > 0 && Date() < end { lock.wait(until: min(end, Date(timeIntervalSinceNow: 0.02))) }
    }
}

/// The memory an output needs (MemoryEstimate.swift): a video, a still, or previews only.
func memoryNeed(_ o: PlannedOutput, previewsOnly: Bool = false) -> MemoryNeed {
    guard let job = o.job else { return MemoryNeed(address: 0, resident: 0) }
    return job.memoryNeed(still: o.kind == .image || previewsOnly)
}
