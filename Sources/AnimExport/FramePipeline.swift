// FramePipeline.swift — render (and convert) frame N+1 while the encoder takes frame N.
//
// One render thread produces frames 0, 1, 2, … in order into a pool of `depth` slots and hands
// them over through a bounded FIFO; the calling thread (which owns the MediaWriter) takes them in
// the same order, encodes each, and returns the slot to the pool. A slot holds what the encoder
// takes: an EncoderFrame (in FFmpeg's buffers, sent without a copy) when the render thread also
// converts — yuv420p (H264Settings.colorConversion .swift; changed rows only) or another encoder
// pixel format (whole frames, FrameConverter); the render thread then owns one canvas and one
// converter — or the RGBA canvas itself when the writer converts (libswscale, GIF, PNG). With the exporter's pool of 3 (Exporter.swift, pipelineDepth) the renderer works up
// to two frames ahead of the encoder, and memory stays bounded whatever the clip length (1080p:
// one 8.3 MB canvas + three 3.1 MB encoder frames, or three canvases).
//
// An encoder frame keeps the YUV of the frame last converted into it (depth frames back) and the
// canvas's drawn area of that frame, row by row, so the render thread converts only where the two
// frames can differ: per row, the union of both frames' drawn columns (Canvas.drawnArea,
// drawnColumns(ofRow:), RGBAToYUV420+Region.swift).
//
// The encoder sees exactly the frames, in exactly the order, of the one-thread loop, and the
// render thread's conversion is the same code the writer runs for `.swift`, so the output bytes
// do not depend on the thread layout (x264's own threads are `H264Settings.encoderThreads`,
// independent of this pipeline; the tests compare files byte for byte).
//
// Slots move between the threads only under the lock, so each is touched by one thread at a time.
import Foundation
import Raster
import Video

/// One frame in flight: the RGBA canvas or the converted YUV planes.
final class FrameSlot {
    var canvas: Canvas?
    var picture: EncoderFrame?
    /// Where the canvas had drawn in the frame `picture` holds.
    let pictureArea: DrawnRowsRecord

    init(canvas: Canvas? = nil, picture: EncoderFrame? = nil) {
        self.canvas = canvas
        self.picture = picture
        pictureArea = DrawnRowsRecord(height: picture?.height ?? 0)
    }
}

/// What a canvas knew of a frame when it was taken from it: the clear colour (nil: unknown, or
/// nothing recorded yet) and, per row, the columns drawn (Canvas.drawnArea, drawnColumns(ofRow:)).
final class DrawnRowsRecord {
    private(set) var color: PremultipliedRGBA8?
    /// Rows that may hold non-empty ranges.
    private(set) var rows = 0..<0
    private var minX: [Int32], maxX: [Int32]

    init(height: Int) {
        minX = Array(repeating: 0, count: height)
        maxX = Array(repeating: 0, count: height)
    }

    func columns(ofRow y: Int) -> Range<Int> {
        rows.contains(y) && minX[y] < maxX[y] ? Int(minX[y])..<Int(maxX[y]) : 0..<0
    }

    /// The rows where a frame with drawn area `area` can differ from the recorded one (the hull
    /// of both frames' drawn rows), or nil when the record cannot tell (another clear colour,
    /// nothing recorded).
    func rowsThatCanDiffer(from area: DrawnArea) -> Range<Int>? {
        guard let color, color == area.color else { return nil }
        if rows.isEmpty { return area.rows }
        if area.rows.isEmpty { return rows }
        return min(rows.lowerBound, area.rows.lowerBound)..<max(rows.upperBound, area.rows.upperBound)
    }

    /// The columns of row y where `canvas` and the recorded frame can differ, given the same
    /// clear colour: the hull of both frames' drawn columns.
    func changedColumns(ofRow y: Int, comparedWith canvas: Canvas) -> Range<Int> {
        let now = canvas.drawnColumns(ofRow: y), then = columns(ofRow: y)
        if now.isEmpty { return then }
        if then.isEmpty { return now }
        return min(now.lowerBound, then.lowerBound)..<max(now.upperBound, then.upperBound)
    }

    /// Replaces the record with `canvas`'s current drawn area (`forget` when it has none).
    func record(_ canvas: Canvas) {
        guard let area = canvas.drawnArea else { forget(); return }
        for y in rows { minX[y] = 0; maxX[y] = 0 }
        for y in area.rows {
            let c = canvas.drawnColumns(ofRow: y)
            minX[y] = Int32(c.lowerBound)
            maxX[y] = Int32(c.upperBound)
        }
        rows = area.rows
        color = area.color
    }

    /// Records nothing: the next frame is converted whole.
    func forget() { color = nil }
}

final class FramePipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private let pool: [FrameSlot]
    /// Ring of pool indices ready for the encoder, oldest first.
    private var ready: [Int]
    private var readyStart = 0, readyCount = 0
    /// Pool indices free for the renderer (a stack).
    private var free: [Int]
    private var freeCount: Int
    private var stopped = false
    private var renderFinished = false
    private var thread: StartedThread?
    /// The error that stopped the render thread, if any.
    private(set) var renderError: Error?

    init(slots: [FrameSlot]) {
        precondition(!slots.isEmpty, "a pipeline needs at least one slot")
        pool = slots
        ready = Array(repeating: 0, count: slots.count)
        free = Array(0..<slots.count)
        freeCount = slots.count
    }

    /// Starts producing `count` frames on a new thread; `render(i, slot)` fills slot with frame i.
    /// Throws when the thread cannot start (a process limit): nothing is waiting for it then.
    func start(count: Int, render: @escaping @Sendable (Int, FrameSlot) throws -> Void) throws(ExportError) {
        thread = try startThread(name: "animexport-render") { [self] in
            var failure: Error?
            for i in 0..<count {
                guard let index = takeFree() else { break }
                do { try render(i, pool[index]) } catch { failure = error; break }
                condition.lock()
                ready[(readyStart + readyCount) % ready.count] = index
                readyCount += 1
                condition.broadcast()
                condition.unlock()
            }
            condition.lock()
            renderError = failure
            renderFinished = true
            condition.broadcast()
            condition.unlock()
        }
    }

    private func takeFree() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while freeCount == 0 && !stopped { condition.wait() }
        if stopped { return nil }
        freeCount -= 1
        return free[freeCount]
    }

    /// The next frame in order, waiting for the renderer (nil when it has finished or failed);
    /// call `recycle` when done with it.
    func next() -> (index: Int, slot: FrameSlot)? {
        condition.lock()
        defer { condition.unlock() }
        while readyCount == 0 && !renderFinished { condition.wait() }
        guard readyCount > 0 else { return nil }
        let index = ready[readyStart]
        readyStart = (readyStart + 1) % ready.count
        readyCount -= 1
        return (index, pool[index])
    }

    func recycle(_ index: Int) {
        condition.lock()
        free[freeCount] = index
        freeCount += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the renderer (after its current frame) and waits until its thread has finished.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        thread?.join()
        thread = nil
    }
}
