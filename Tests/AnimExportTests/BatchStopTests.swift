// Batch asks the stop condition it is given (BatchOptions.stop), as a single export does: the
// planning loop, the work queue and the wait for the workers each stop on it, with its reason —
// not on the process's signal state. (The signal path end to end: SignalTests.)
import Foundation
import Synchronization
import Testing
@testable import AnimExport

@Suite struct BatchStopTests {
    @Test func planningStopsBeforeReadingAPreset() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        try write(#"{"animation": "pulse"}"#, folder, "presets/a.json")
        var options = try batchOptions(parseArguments([folder + "/presets", "--out", folder + "/out"], flags: batchFlags, command: "batch"),
                                       environment: [:])
        #expect(try makePlan(options).outputs.count == 1)
        options.stop = ExportStop { 15 }
        do {
            _ = try makePlan(options)
            Issue.record("planned despite the stop")
        } catch {
            guard case .interrupted(let signal) = error else { Issue.record("\(error)"); return }
            #expect(signal == 15)
        }
    }

    @Test func theQueueStopsTakingAndTheWaitEndsWithTheReason() {
        let stopNow = Atomic<Int32>(0)
        let need = MemoryNeed(address: 1, resident: 1)
        let q = WorkQueue(queue: [0, 1, 2], cost: [need, need, need], budget: MemoryNeed(address: 10, resident: 10),
                          stop: ExportStop { let s = stopNow.load(ordering: .relaxed); return s == 0 ? nil : s })
        let threads = try? q.startWorkers(0) {}
        #expect(threads?.isEmpty == true)
        #expect(q.take()?.index == 0)
        q.done(cost: need, stop: false)
        #expect(q.waitForWorkers() == nil)          // nothing running, no stop: the wait ends with nil
        stopNow.store(2, ordering: .relaxed)
        #expect(q.take() == nil)                    // outputs 1 and 2 are never taken
        #expect(q.waitForWorkers() == 2)
    }
}
