// FramePipeline.swift — render frame N+1 while the encoder takes frame N.
//
// One render thread draws frames 0, 1, 2, … in order into a pool of `depth` canvases and hands
// them over through a bounded FIFO; the calling thread (which owns the MP4Writer) takes them in
// the same order, converts and encodes each, and returns the canvas to the pool. With the
// default pool of 2 the renderer draws frame N+1 while frame N is converted and encoded, and
// memory stays bounded (2 canvases, 8.3 MB each at 1080p) whatever the clip length; a deeper
// pool only helps when single frames vary a lot in cost. The encoder sees exactly the frames, in exactly the order, of the one-thread
// loop, so the output bytes do not depend on the thread layout (x264's own threads are set by
// `H264Settings.encoderThreads`, independently of this pipeline).
//
// The render thread owns its `DrawingRenderer` (the rasterizer is not thread-safe); canvases move
// between the threads only under the lock, so each is touched by one thread at a time.
import Foundation
import Raster
import Scenes

final class FramePipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private let pool: [Canvas]
    /// Ring of pool indices ready for the encoder, oldest first.
    private var ready: [Int]
    private var readyStart = 0, readyCount = 0
    /// Pool indices free for the renderer (a stack).
    private var free: [Int]
    private var freeCount: Int
    private var stopped = false
    private var renderFinished = false
    private var thread: Thread?

    init(width: Int, height: Int, depth: Int = 2) {
        pool = (0..<depth).map { _ in Canvas(width: width, height: height) }
        ready = Array(repeating: 0, count: depth)
        free = Array(0..<depth)
        freeCount = depth
    }

    /// Starts rendering `count` frames on a new thread; `render(i, canvas)` draws frame i.
    func start(count: Int, render: @escaping @Sendable (Int, Canvas) -> Void) {
        let t = Thread { [self] in
            for i in 0..<count {
                guard let slot = takeFree() else { break }
                render(i, pool[slot])
                condition.lock()
                ready[(readyStart + readyCount) % ready.count] = slot
                readyCount += 1
                condition.broadcast()
                condition.unlock()
            }
            condition.lock()
            renderFinished = true
            condition.broadcast()
            condition.unlock()
        }
        t.name = "animexport-render"
        t.stackSize = 1 << 20
        thread = t
        t.start()
    }

    private func takeFree() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while freeCount == 0 && !stopped { condition.wait() }
        if stopped { return nil }
        freeCount -= 1
        return free[freeCount]
    }

    /// The next frame in order, waiting for the renderer; call `recycle` when done with it.
    func next() -> (slot: Int, canvas: Canvas)? {
        condition.lock()
        defer { condition.unlock() }
        while readyCount == 0 && !renderFinished { condition.wait() }
        guard readyCount > 0 else { return nil }
        let slot = ready[readyStart]
        readyStart = (readyStart + 1) % ready.count
        readyCount -= 1
        return (slot, pool[slot])
    }

    func recycle(_ slot: Int) {
        condition.lock()
        free[freeCount] = slot
        freeCount += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the renderer (after its current frame) and waits until its thread has finished.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while thread != nil && !renderFinished { condition.wait() }
        condition.unlock()
    }
}
