// Rasterizer.swift — the entry point: fill a path with a paint on a canvas.
//
//   path ──transform, flatten (Geometry's Flatten.swift), clip──▶ line segments (EdgeBuilder.swift)
//        ──exact-area cells, bands, dirty bits──▶ coverage spans (CoverageRasterizer.swift)
//        ──paint shader + source-over──▶ canvas pixels (Paint.swift, Compositor.swift)
//
// Gradient and image paints are matched to their concrete types at the top of `fill` (Paint.swift
// explains why). Every fill records each span it composited in the canvas's damage (Damage.swift:
// the drawn rows and their box, which damage clears rewrite and layers (Layer.swift) use to clear
// and composite only what was drawn); code that writes a fill's pixels by other means must do
// the same (`composite` does it).
//
// A `Rasterizer` owns every scratch buffer (segments, flattening stack, band cells, dirty bits,
// coverage and source rows). They grow to the largest canvas and path seen and are then reused,
// so filling allocates nothing on the heap in steady state. A rasterizer is not thread-safe; use
// one per thread (they are cheap when idle).

@_spi(Internals) import Geometry

/// Fills paths on canvases with exact-area anti-aliasing.
public final class Rasterizer {
    /// Maximum distance in device pixels between a curve and the polyline it is filled as.
    public var flatteningTolerance: Double = Flattening.defaultTolerance
    /// Kernel implementation; `.scalar` is the reference the SIMD kernels are tested against.
    public var kernels: RasterKernels = .simd
    /// Fills and strokes write only inside this rectangle, at its area coverage on its edges
    /// (nil: anywhere on the canvas; Scissor.swift).
    public var scissor: Scissor?

    /// Internal, not private: filling a `CoverageMask` uses them too (CoverageMask.swift).
    let edges = EdgeBuilder()
    let coverage = CoverageRasterizer()
    private let sourceRow = ZeroedBuffer<PremultipliedRGBA8>()
    /// A row of coverage multiplied by a scissor's edge coverage (Scissor.swift).
    private let scissorRow = ZeroedBuffer<UInt8>()
    /// Reused buffers of `stroke` (Rasterizer+Stroke.swift).
    let strokeScratch = StrokeScratch()
    /// The pixels fills, strokes and layer composites have written since it was last set to 0
    /// (each span's length, each layer's drawn box): the caller's measure of a frame's paint
    /// work (Render's per-frame paint cap, docs/work-bounds.md).
    public var compositedPixels = 0
    /// The pixel rows fills, strokes and masks have scanned since it was last set to 0 — for each
    /// clipped edge segment, the rows it crosses (Σ ⌈y1⌉ − ⌊y0⌋): the scan's share of a frame's
    /// work, which grows with the edges' lengths, not with the pixels written (Render's frame
    /// budget, docs/work-bounds.md).
    public var scannedEdgeRows: Int {
        get { coverage.scannedRows }
        set { coverage.scannedRows = newValue }
    }
    /// Once `scannedEdgeRows` would pass this, fills, strokes and masks are counted but not
    /// rasterized (nothing drawn): the caller's budget stops the frame, and the shape that would
    /// pass it costs no more than counting its edges.
    public var scannedEdgeRowLimit: Int {
        get { coverage.rowLimit }
        set { coverage.rowLimit = newValue }
    }

    public init() {}

    /// Fills `path` (mapped to device pixels by `transform`) with `paint`, source-over, on `canvas`.
    /// Gradient paints take their geometry in the same user space as `path` (mapped by `transform`).
    ///
    /// With a `recording`, a fill identical to the ones before it (same path elements, transform,
    /// rule, canvas size, tolerance and kernels) composites the coverage recorded then instead of
    /// rasterizing again (CoverageRecording.swift); the pixels are the same bytes.
    public func fill<P: Paint>(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                               paint: P, on canvas: Canvas, recording: CoverageRecording? = nil) {
        // Per-pixel paints are matched to their concrete types here, so each gets its own fully
        // specialised span loop even when this generic runs unspecialised (called from another
        // module); the casts fold away in specialised copies. Gradient shaders go to the span
        // loop as unretained copies (no class reference: copying them per span retains nothing),
        // while the shader itself keeps the colour table alive.
        if let conic = paint as? ConicGradientPaint {
            let shader = conic.makeShader(transform: transform)
            withExtendedLifetime(shader) {   // keeps the colour table the unretained copy points into
                fill(path, transform: transform, rule: rule, shader: shader.unretained, on: canvas, recording: recording)
            }
        } else if let linear = paint as? LinearGradientPaint {
            let shader = linear.makeShader(transform: transform)
            withExtendedLifetime(shader) {
                fill(path, transform: transform, rule: rule, shader: shader.unretained, on: canvas, recording: recording)
            }
        } else if let radial = paint as? RadialGradientPaint {
            let shader = radial.makeShader(transform: transform)
            withExtendedLifetime(shader) {
                if let focal = shader.focal {
                    fill(path, transform: transform, rule: rule, shader: focal, on: canvas, recording: recording)
                } else {
                    fill(path, transform: transform, rule: rule, shader: shader.unretained, on: canvas, recording: recording)
                }
            }
        } else if let image = paint as? ImagePaint {
            let shader = image.makeShader(transform: transform)
            withExtendedLifetime(shader) {  // keeps the image the sampler points into
                if let sampler = shader.sampler {
                    fill(path, transform: transform, rule: rule, shader: sampler, on: canvas, recording: recording)
                }
            }
        } else {
            fill(path, transform: transform, rule: rule, shader: paint.makeShader(transform: transform), on: canvas,
                 recording: recording)
        }
    }

    /// `fill` with an already resolved shader; specialised per shader type inside this module.
    func fill<Shader: PaintShader>(_ path: Path, transform: Transform, rule: FillRule, shader: Shader,
                                   on canvas: Canvas, recording: CoverageRecording? = nil) {
        let uniformColor = shader.uniformColor
        if uniformColor == .transparent { return }
        var recordInto: CoverageRecording?
        if let recording {
            let parameters = CoverageRecording.Parameters(transform: transform, rule: rule, width: canvas.width,
                                                          height: canvas.height, tolerance: flatteningTolerance,
                                                          kernels: kernels)
            if recording.holds(path, parameters) {
                if recording.isRecorded {
                    composite(recording, shader: shader, on: canvas)
                    return
                }
                recordInto = recording  // the second identical fill in a row: record it
            } else {
                recording.remember(path, parameters)
            }
        }
        edges.build(path, transform: transform, width: canvas.width, height: canvas.height,
                    tolerance: flatteningTolerance)
        if !edges.segments.isEmpty {
            composite(EdgeSpans(coverage: coverage, segments: edges.segments, width: canvas.width, height: canvas.height,
                                rule: rule, kernels: kernels, recording: recordInto), shader: shader, on: canvas)
        }
        recordInto?.finishRecording()
    }

    /// Rasterizes the segments in `edges` and composites `shader` under their coverage on
    /// `canvas`, recording the pixels written in the canvas's damage.
    func compositeEdges<Shader: PaintShader>(rule: FillRule, shader: Shader, on canvas: Canvas) {
        composite(EdgeSpans(coverage: coverage, segments: edges.segments, width: canvas.width, height: canvas.height,
                            rule: rule, kernels: kernels, recording: nil), shader: shader, on: canvas)
    }

    /// Composites `shader` under the coverage spans of `spans` on `canvas`, recording the pixels
    /// written in the canvas's damage. Everything that writes a fill's pixels goes through here.
    func composite<Shader: PaintShader, Spans: CoverageSpanSource>(_ spans: Spans, shader: Shader, on canvas: Canvas) {
        if let color = shader.uniformColor {
            // A concrete sink with concrete kernels (Paint.swift: what stays generic when `fill`
            // itself runs unspecialised).
            var sink = UniformColorSink(color: color, pixels: canvas.pixels, width: canvas.width,
                                        drawnRows: canvas.drawnRows, kernels: kernels)
            emit(spans, into: &sink, on: canvas)
            canvas.noteDrawnBox(sink.bounds)
            compositedPixels &+= sink.spanPixels
        } else {
            sourceRow.ensureCapacity(canvas.width)
            // The sink refers to the shader through a pointer: holding the shader by value made
            // every shade call copy the sink (retaining and releasing the gradient's colour
            // table) around the call, once per span.
            withUnsafePointer(to: shader) { shaderPointer in
                var sink = ShadedSink(shader: shaderPointer, pixels: canvas.pixels, width: canvas.width,
                                      sourceRow: sourceRow.base, drawnRows: canvas.drawnRows, kernels: kernels)
                emit(spans, into: &sink, on: canvas)
                canvas.noteDrawnBox(sink.bounds)
                compositedPixels &+= sink.spanPixels
            }
        }
    }

    /// The spans into `sink`, cut to the scissor when one is set that does not cover `canvas`.
    @inline(__always)
    private func emit<Spans: CoverageSpanSource, Sink: CoverageSpanSink>(_ spans: Spans, into sink: inout Sink,
                                                                         on canvas: Canvas) {
        guard let scissor, !scissor.covers(width: canvas.width, height: canvas.height) else {
            spans.emit(into: &sink)
            return
        }
        scissorRow.ensureCapacity(canvas.width)
        var cut = ScissorSink(inner: sink, box: scissor, scratch: scissorRow.base)
        spans.emit(into: &cut)
        sink = cut.inner
    }

    /// Runs the coverage stage of `fill` alone — edge building (transform, flatten, clip), cells,
    /// accumulation — and discards the spans instead of compositing them. Returns the number of
    /// pixels reported in spans (so the work cannot be optimised away). For benchmarks: `fill`
    /// minus this is the paint + composite cost.
    public func coverageOnly(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                             width: Int, height: Int) -> Int {
        edges.build(path, transform: transform, width: width, height: height, tolerance: flatteningTolerance)
        guard !edges.segments.isEmpty else { return 0 }
        var sink = CountingSink()
        coverage.rasterize(edges.segments, width: width, height: height, rule: rule, kernels: kernels, into: &sink)
        return sink.pixels
    }

    /// The coverage `fill` would use, as an A8 mask: `width·height` bytes, row-major, 0…255.
    /// Runs exactly the same flattening, clipping and coverage code as `fill`.
    public func coverageMask(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                             width: Int, height: Int) -> [UInt8] {
        precondition(width >= 0 && height >= 0, "mask size must not be negative")
        var mask = [UInt8](repeating: 0, count: width * height)
        edges.build(path, transform: transform, width: width, height: height, tolerance: flatteningTolerance)
        guard !edges.segments.isEmpty else { return mask }
        mask.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var sink = MaskSink(mask: base, width: width)
            coverage.rasterize(edges.segments, width: width, height: height, rule: rule, kernels: kernels,
                               into: &sink)
        }
        return mask
    }
}

/// Something that reports coverage spans: the rasterizer's edges, or a recording of them.
protocol CoverageSpanSource {
    func emit<Sink: CoverageSpanSink>(into sink: inout Sink)
}

/// The coverage of built edges (optionally recorded on the way to the sink).
struct EdgeSpans: CoverageSpanSource {
    let coverage: CoverageRasterizer
    let segments: ScratchArray<LineSegment>
    let width: Int
    let height: Int
    let rule: FillRule
    let kernels: RasterKernels
    let recording: CoverageRecording?

    @inline(__always)
    func emit<Sink: CoverageSpanSink>(into sink: inout Sink) {
        if let recording {
            var recorder = RecordingSink(inner: sink, recording: recording)
            coverage.rasterize(segments, width: width, height: height, rule: rule, kernels: kernels, into: &recorder)
            sink = recorder.inner
        } else {
            coverage.rasterize(segments, width: width, height: height, rule: rule, kernels: kernels, into: &sink)
        }
    }
}

extension CoverageRecording: CoverageSpanSource {
    func emit<Sink: CoverageSpanSink>(into sink: inout Sink) { replay(into: &sink) }
}

/// Composites coverage spans of a uniform colour (solid paints) into canvas pixels, recording
/// each span in the canvas's drawn rows.
///
/// Known destination: a pixel outside its row's drawn range holds the canvas's clear colour B
/// (Canvas header; pixels of the deferred clear lie there too and count as B), so there the
/// result depends on the coverage alone, out = over(scale(colour, m), B), and is written without
/// reading the destination — the same bytes the compositor produces, which evaluates the same
/// formula per pixel: a constant span becomes a plain fill, a mask span the `overBackground`
/// kernel. The part of a span inside the drawn range is composited as usual.
struct UniformColorSink: CoverageSpanSink {
    let color: PremultipliedRGBA8
    let pixels: UnsafeMutablePointer<PremultipliedRGBA8>
    let width: Int
    let drawnRows: DrawnRows
    let kernels: RasterKernels
    /// The colour over the background, prepared once per fill (when the background is known).
    let overBackground: SpanCompositor.OverBackground?
    /// The pixels handed to the compositor so far, and their number.
    var bounds = PixelBounds.empty
    var spanPixels = 0

    init(color: PremultipliedRGBA8, pixels: UnsafeMutablePointer<PremultipliedRGBA8>, width: Int,
         drawnRows: DrawnRows, kernels: RasterKernels) {
        self.color = color
        self.pixels = pixels
        self.width = width
        self.drawnRows = drawnRows
        self.kernels = kernels
        overBackground = drawnRows.background.map { SpanCompositor.OverBackground(color: color, background: $0) }
    }

    /// The part [start, end) of pixels x..<x+count of row y inside the row's drawn range (empty:
    /// start == end); the pixels left and right of it hold the background.
    @inline(__always)
    private func drawnPart(y: Int, x: Int, end: Int) -> (start: Int, end: Int) {
        let start = Swift.max(x, Swift.min(Int(drawnRows.minX[y]), end))
        return (start, Swift.max(start, Swift.min(end, Int(drawnRows.maxX[y]))))
    }

    @inline(__always)
    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        bounds.include(y: y, x: x, count: count)
        spanPixels &+= count
        let row = pixels + y * width
        let end = x + count
        if let overBackground {
            // Deferred-clear pixels in x..<end lie outside the drawn range: all written below.
            drawnRows.prepare(y: y, x: x, end: end, overwrites: true)
            let drawn = drawnPart(y: y, x: x, end: end)
            if x < drawn.start {
                SpanCompositor.sourceOver(overBackground, mask: coverage, into: row + x, count: drawn.start - x,
                                          kernels: kernels)
            }
            if drawn.start < drawn.end {
                SpanCompositor.sourceOver(uniform: color, mask: coverage + (drawn.start - x), into: row + drawn.start,
                                          count: drawn.end - drawn.start, kernels: kernels)
            }
            if drawn.end < end {
                SpanCompositor.sourceOver(overBackground, mask: coverage + (drawn.end - x), into: row + drawn.end,
                                          count: end - drawn.end, kernels: kernels)
            }
        } else {
            drawnRows.prepare(y: y, x: x, end: end, overwrites: false)
            SpanCompositor.sourceOver(uniform: color, mask: coverage, into: row + x, count: count, kernels: kernels)
        }
        drawnRows.include(y: y, x: x, count: count)
    }

    @inline(__always)
    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        bounds.include(y: y, x: x, count: count)
        spanPixels &+= count
        let row = pixels + y * width
        let end = x + count
        if let overBackground {
            drawnRows.prepare(y: y, x: x, end: end, overwrites: true)
            let drawn = drawnPart(y: y, x: x, end: end)
            let result = coverage == 255 ? overBackground.full
                : SpanCompositor.over(SpanCompositor.scale(color, by: UInt32(coverage)), overBackground.background)
            if x < drawn.start {
                PixelFill.fill(row + x, count: drawn.start - x, with: result)
            }
            if drawn.start < drawn.end {
                SpanCompositor.sourceOver(uniform: color, coverage: coverage, into: row + drawn.start,
                                          count: drawn.end - drawn.start, kernels: kernels)
            }
            if drawn.end < end {
                PixelFill.fill(row + drawn.end, count: end - drawn.end, with: result)
            }
        } else {
            drawnRows.prepare(y: y, x: x, end: end, overwrites: false)
            SpanCompositor.sourceOver(uniform: color, coverage: coverage, into: row + x, count: count,
                                      kernels: kernels)
        }
        drawnRows.include(y: y, x: x, count: count)
    }
}

/// Composites coverage spans of a per-pixel paint: the shader writes a run of source pixels into
/// a scratch row, which is then composited; an opaque shader under full coverage writes straight
/// into the canvas. Generic over the shader so each paint type gets its own specialised loop
/// (when the concrete type is known at compile time in this module).
struct ShadedSink<Shader: PaintShader>: CoverageSpanSink {
    /// Valid for the sink's lifetime (see `compositeEdges`).
    let shader: UnsafePointer<Shader>
    let pixels: UnsafeMutablePointer<PremultipliedRGBA8>
    let width: Int
    let sourceRow: UnsafeMutablePointer<PremultipliedRGBA8>
    let drawnRows: DrawnRows
    let kernels: RasterKernels
    let isOpaque: Bool
    /// The pixels handed to the compositor so far, and their number.
    var bounds = PixelBounds.empty
    var spanPixels = 0

    init(shader: UnsafePointer<Shader>, pixels: UnsafeMutablePointer<PremultipliedRGBA8>, width: Int,
         sourceRow: UnsafeMutablePointer<PremultipliedRGBA8>, drawnRows: DrawnRows, kernels: RasterKernels) {
        self.shader = shader
        self.pixels = pixels
        self.width = width
        self.sourceRow = sourceRow
        self.drawnRows = drawnRows
        self.kernels = kernels
        isOpaque = shader.pointee.isOpaque
    }

    @inline(__always)
    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        bounds.include(y: y, x: x, count: count)
        spanPixels &+= count
        drawnRows.prepare(y: y, x: x, end: x + count, overwrites: false)
        shader.pointee.shade(y: y, x: x, count: count, into: sourceRow, kernels: kernels)
        SpanCompositor.sourceOver(colors: sourceRow, mask: coverage, into: pixels + y * width + x, count: count,
                                  kernels: kernels)
        drawnRows.include(y: y, x: x, count: count)
    }

    @inline(__always)
    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        bounds.include(y: y, x: x, count: count)
        spanPixels &+= count
        let replaces = coverage == 255 && isOpaque
        // A replacing span writes every pixel without reading: deferred-clear pixels under it
        // need not be written first.
        drawnRows.prepare(y: y, x: x, end: x + count, overwrites: replaces)
        drawnRows.include(y: y, x: x, count: count)
        let destination = pixels + y * width + x
        if replaces {
            // Opaque source at full coverage replaces the destination: out = S.
            shader.pointee.shade(y: y, x: x, count: count, into: destination, kernels: kernels)
            return
        }
        shader.pointee.shade(y: y, x: x, count: count, into: sourceRow, kernels: kernels)
        SpanCompositor.sourceOver(colors: sourceRow, coverage: coverage, into: destination, count: count,
                                  kernels: kernels)
    }
}

/// Counts the pixels of coverage spans (`Rasterizer.coverageOnly`).
struct CountingSink: CoverageSpanSink {
    var pixels = 0

    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        pixels &+= count &+ Int(coverage[count &- 1] >> 7)
    }

    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        pixels &+= count
    }
}

/// Copies coverage spans into an A8 mask.
struct MaskSink: CoverageSpanSink {
    let mask: UnsafeMutablePointer<UInt8>
    let width: Int

    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        (mask + y * width + x).update(from: coverage, count: count)
    }

    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        (mask + y * width + x).update(repeating: coverage, count: count)
    }
}

extension Rasterizer {
    /// How this module was compiled, for benchmark reports. Keep in step with Package.swift.
    public static var buildConfiguration: String {
        #if DEBUG
        let mode = "debug (-Onone)"
        #else
        let mode = "release (-O, whole module)"
        #endif
        #if RASTER_TARGET_HASWELL
        let target = "-target-cpu haswell (AVX2, FMA)"
        #else
        let target = "portable x86-64 baseline (SSE2)"
        #endif
        return "\(mode); Geometry, Raster: -enforce-exclusivity=unchecked, \(target)"
    }
}
