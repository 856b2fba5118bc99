// CoverageRecording.swift — a fill's coverage kept as spans, to composite again without rasterizing.
//
// The coverage of a fill is a pure function of
//     K = (path elements, transform, fill rule, canvas width × height, flattening tolerance, kernels)
// (EdgeBuilder clips to the canvas, CoverageRasterizer is deterministic). The coverage stage hands
// it to the compositor as a sequence of spans — row y, start x, count, and either one coverage
// value (constant span) or `count` coverage bytes (mask span). A recording stores that sequence
// for one K; compositing the same sequence again, in the same order, onto whatever the canvas now
// holds gives exactly the bytes a fresh fill would: the rasterizer is skipped, the compositor
// is not.
//
// Policy (what `Rasterizer.fill(…, recording:)` does with it), so paths that change every frame
// pay only a comparison: a fill whose K differs from the recording's remembers K (a copy of the
// path elements) and rasterizes as usual; a fill whose K equals the remembered one rasterizes
// once more while recording the spans; every later fill with that K replays them. The heart's
// label (the same glyph outlines every frame) thus rasterizes twice per clip; a pulse disc whose
// radius changes every frame never records. Comparing K costs one pass over the elements.
// Storage grows to the largest path and span list seen and is then reused: no allocation in
// steady state.

@_spi(Internals) import Geometry

/// The coverage spans of one fill, reused while the fill stays the same (see the file header).
/// Use one recording per drawing item; not thread-safe.
public final class CoverageRecording {
    /// K without the elements (which live in `elements`).
    struct Parameters: Equatable {
        var transform: Transform
        var rule: FillRule
        var width: Int
        var height: Int
        var tolerance: Double
        var kernels: RasterKernels
    }

    /// One span: `value` ≥ 0 is a constant coverage; −1 marks a mask span whose `count` bytes
    /// start at `offset` in `bytes`.
    struct Span {
        var y: Int32
        var x: Int32
        var count: Int32
        var value: Int16
        var offset: Int
    }

    private(set) var parameters: Parameters?
    // One recording is kept per shape index of the list, so they start empty and grow to what
    // their shape needs (then reused frame to frame): at the default capacity each held ~5 KB
    // before its first use — 100 000 repeater copies took 500 MB for recordings alone.
    let elements = ScratchArray<PathElement>(capacity: 1)
    let spans = ScratchArray<Span>(capacity: 1)
    let bytes = ScratchArray<UInt8>(capacity: 1)
    /// Whether `spans` hold the coverage of the remembered K.
    private(set) var isRecorded = false

    public init() {}

    /// Forgets everything (the next fill starts over).
    public func reset() {
        parameters = nil
        isRecorded = false
        elements.removeAll()
        spans.removeAll()
        bytes.removeAll()
    }

    /// Whether `path` and `parameters` are the remembered K.
    func holds(_ path: Path, _ parameters: Parameters) -> Bool {
        guard self.parameters == parameters, path.elements.count == elements.count else { return false }
        return path.elements.withUnsafeBufferPointer { given in
            for i in 0..<given.count where given[i] != elements.base[i] { return false }
            return true
        }
    }

    /// Remembers a new K; the spans are cleared and not yet recorded.
    func remember(_ path: Path, _ parameters: Parameters) {
        self.parameters = parameters
        isRecorded = false
        elements.removeAll()
        for element in path.elements { elements.append(element) }
        spans.removeAll()
        bytes.removeAll()
    }

    /// Marks the spans (recorded since `remember`) as the complete coverage of K.
    func finishRecording() { isRecorded = true }

    /// Reports the recorded spans to `sink` in their original order.
    func replay<Sink: CoverageSpanSink>(into sink: inout Sink) {
        let base = bytes.base
        for i in 0..<spans.count {
            let s = spans[i]
            if s.value >= 0 {
                sink.constantSpan(y: Int(s.y), x: Int(s.x), count: Int(s.count), coverage: UInt8(s.value))
            } else {
                sink.maskSpan(y: Int(s.y), x: Int(s.x), count: Int(s.count), coverage: base + s.offset)
            }
        }
    }
}

/// Forwards spans to `inner` and appends them to a recording.
struct RecordingSink<Inner: CoverageSpanSink>: CoverageSpanSink {
    var inner: Inner
    let recording: CoverageRecording

    @inline(__always)
    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let offset = recording.bytes.count
        recording.bytes.resize(to: offset + count)
        (recording.bytes.base + offset).update(from: coverage, count: count)
        recording.spans.append(.init(y: Int32(y), x: Int32(x), count: Int32(count), value: -1, offset: offset))
        inner.maskSpan(y: y, x: x, count: count, coverage: coverage)
    }

    @inline(__always)
    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        recording.spans.append(.init(y: Int32(y), x: Int32(x), count: Int32(count), value: Int16(coverage), offset: 0))
        inner.constantSpan(y: y, x: x, count: count, coverage: coverage)
    }
}
