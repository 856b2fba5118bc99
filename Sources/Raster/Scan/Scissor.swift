// Scissor.swift — fills and strokes that write only inside a pixel rectangle.
//
// A scissor is a box of whole pixels [minX, maxX) × [minY, maxY). With `Rasterizer.scissor` set,
// every coverage span is cut to the box before it is composited (rows outside it dropped, the
// span's columns intersected), so the pixels written are exactly those of the unclipped fill
// inside the box and none outside. That is the clip of a group to a rectangle whose device edges
// lie on pixel boundaries — a coverage of 1 inside and 0 outside — without drawing the group
// off-screen (the renderer's choice, Render's Renderer+Groups.swift); a rectangle with fractional
// edges has partial coverage along them and needs the off-screen clip instead.
//
// The cut happens after coverage, so a recorded fill (CoverageRecording) records the whole fill
// and replays through whatever scissor is set then.

/// A box of whole device pixels [minX, maxX) × [minY, maxY).
public struct Scissor: Equatable, Sendable {
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public var isEmpty: Bool { minX >= maxX || minY >= maxY }

    /// The pixels in both boxes.
    public func intersection(_ other: Scissor) -> Scissor {
        Scissor(minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
                maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }

    /// Whether the box holds every pixel of a width × height canvas.
    func covers(width: Int, height: Int) -> Bool { minX <= 0 && minY <= 0 && maxX >= width && maxY >= height }
}

/// Forwards the parts of spans inside a scissor to `inner`, in their order.
struct ScissorSink<Inner: CoverageSpanSink>: CoverageSpanSink {
    var inner: Inner
    let box: Scissor

    @inline(__always)
    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        guard y >= box.minY && y < box.maxY else { return }
        let start = Swift.max(x, box.minX), end = Swift.min(x + count, box.maxX)
        guard start < end else { return }
        inner.maskSpan(y: y, x: start, count: end - start, coverage: coverage + (start - x))
    }

    @inline(__always)
    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        guard y >= box.minY && y < box.maxY else { return }
        let start = Swift.max(x, box.minX), end = Swift.min(x + count, box.maxX)
        guard start < end else { return }
        inner.constantSpan(y: y, x: start, count: end - start, coverage: coverage)
    }
}
