// Canvas.swift — one frame of premultiplied RGBA8 pixels.
//
// Layout: rows top to bottom, `bytesPerRow = width·4`, pixel (x, y) at byte offset
// y·bytesPerRow + 4·x holding R, G, B, A (premultiplied, gamma-encoded sRGB; Color.swift).
// The storage is allocated once in `init` and reused for every frame drawn into it.
//
// `touched` is a conservative bounding box of the pixels that may differ from transparent black:
// fills add the box of the spans they composite (whole 8-pixel coverage groups, Rasterizer.swift),
// `clear` resets it, raw write access sets it to the whole canvas. Layers (Layer.swift) use it to
// clear and composite only the region that was drawn.
//
// Cheap clears. The canvas also remembers the colour of its last `clear` and, per row, the x
// range [rowMinX, rowMaxX) of every pixel written since then: fills widen a row's range by each
// span they composite (`drawnRows`), layer composites call `noteDrawn(box)`, which widens the
// ranges of the box's rows, and raw write access marks the whole canvas. So a disc costs its own
// row extents, not its bounding box. Clearing again to the same colour only rewrites those ranges —
// every other pixel still holds the colour — so an animation on a constant background pays for
// what it drew in the previous frame (per row: a label and a shape below it cost their own
// widths), not for the whole frame. The same knowledge lets a fill write its constant spans
// over not-yet-drawn pixels without reading them (the destination is the clear colour;
// Rasterizer.swift, `UniformColorSink`).
//
// Deferred clears. A clear to the same colour does not write those ranges at once: it moves
// them to per-row pending ranges [pendingMinX, pendingMaxX), and a row's pending pixels are
// written with the colour just before anything next writes that row (`DrawnRows.prepare`, called
// by fills per span, so the clear's stores land in lines the fill is about to write) or before
// anyone reads the canvas (`resolvePendingClear`, called by every read accessor and by layers;
// renderers call it at the end of a frame). The pixels written are exactly the eager clear's.
//
// `drawnArea` exposes the same knowledge to consumers of whole frames: the clear colour and a
// box outside which every pixel holds it. Two frames with the same clear colour can differ only
// inside the union of their boxes, so a consumer that keeps something derived from an earlier
// frame (the video exporter keeps each encoder frame's YUV planes) updates just that union.

/// A frame of `PremultipliedRGBA8` pixels.
public final class Canvas {
    public let width: Int
    public let height: Int
    /// Bytes between the starts of two rows (= width·4; rows are tightly packed).
    public var bytesPerRow: Int { width * 4 }

    let pixels: UnsafeMutablePointer<PremultipliedRGBA8>
    var pixelCount: Int { width * height }
    /// Bounds of the pixels that may be non-transparent (see the header).
    private(set) var touched = PixelBounds.empty
    /// Every pixel outside the drawn row ranges holds `clearColor` (nil: unknown). See the header.
    private var clearColor: PremultipliedRGBA8? = .transparent
    /// Per row, the x range written since the last clear (empty: min ≥ max); rows
    /// drawnMinY..<drawnMaxY may have non-empty ranges.
    private let rowMinX: UnsafeMutablePointer<Int32>
    private let rowMaxX: UnsafeMutablePointer<Int32>
    private var drawnMinY = Int.max
    private var drawnMaxY = Int.min
    private var drawnMinX = Int.max
    private var drawnMaxX = Int.min
    /// Per row, the x range a clear to the same colour left stale (deferred; see the header):
    /// written with `clearColor` before anything else writes the row or anyone reads the canvas.
    /// Rows pendingMinY..<pendingMaxY may have non-empty ranges; a row with a pending range has
    /// an empty drawn range.
    private let pendingMinX: UnsafeMutablePointer<Int32>
    private let pendingMaxX: UnsafeMutablePointer<Int32>
    private var pendingMinY = Int.max
    private var pendingMaxY = Int.min

    /// A canvas of transparent black pixels. Width and height must not be negative.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "canvas size must not be negative")
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow && count <= Int.max / 4, "canvas too large")
        self.width = width
        self.height = height
        pixels = UnsafeMutablePointer<PremultipliedRGBA8>.allocate(capacity: Swift.max(count, 1))
        pixels.initialize(repeating: .transparent, count: Swift.max(count, 1))
        rowMinX = .allocate(capacity: Swift.max(height, 1))
        rowMaxX = .allocate(capacity: Swift.max(height, 1))
        rowMinX.initialize(repeating: Int32.max, count: Swift.max(height, 1))
        rowMaxX.initialize(repeating: Int32.min, count: Swift.max(height, 1))
        pendingMinX = .allocate(capacity: Swift.max(height, 1))
        pendingMaxX = .allocate(capacity: Swift.max(height, 1))
        pendingMinX.initialize(repeating: Int32.max, count: Swift.max(height, 1))
        pendingMaxX.initialize(repeating: Int32.min, count: Swift.max(height, 1))
    }

    deinit {
        pixels.deallocate()
        rowMinX.deallocate()
        rowMaxX.deallocate()
        pendingMinX.deallocate()
        pendingMaxX.deallocate()
    }

    /// Sets every pixel to `color` (premultiplied: round(c·a·255), round(a·255)).
    public func clear(to color: RGBA) {
        let pixel = PremultipliedRGBA8(color)
        let sameColor = clearColor == pixel
        if !sameColor {
            PixelFill.fill(pixels, count: pixelCount, with: pixel)
            dropPendingClear()
        }
        if drawnMinY < drawnMaxY {
            for y in drawnMinY..<drawnMaxY {
                let minX = rowMinX[y], maxX = rowMaxX[y]
                if sameColor && minX < maxX {
                    // Only the pixels written since the last clear to this colour can differ from
                    // it; they are rewritten when the row is next written or read (deferred).
                    pendingMinX[y] = Swift.min(pendingMinX[y], minX)
                    pendingMaxX[y] = Swift.max(pendingMaxX[y], maxX)
                    pendingMinY = Swift.min(pendingMinY, y)
                    pendingMaxY = Swift.max(pendingMaxY, y + 1)
                }
                rowMinX[y] = Int32.max
                rowMaxX[y] = Int32.min
            }
        }
        touched = pixel == .transparent ? .empty : bounds
        clearColor = pixel
        drawnMinY = Int.max
        drawnMaxY = Int.min
        drawnMinX = Int.max
        drawnMaxX = Int.min
    }

    /// Writes the clear colour to the pixels the last clears deferred (rows nothing has written
    /// since). Every read of the pixels does it first; a renderer calls it at the end of a frame
    /// so that its cost is the frame's.
    public func resolvePendingClear() {
        guard pendingMinY < pendingMaxY else { return }
        let rows = drawnRows
        for y in pendingMinY..<pendingMaxY { rows.prepare(y: y) }
        pendingMinY = Int.max
        pendingMaxY = Int.min
    }

    /// Forgets the deferred ranges after a full clear rewrote every pixel.
    private func dropPendingClear() {
        guard pendingMinY < pendingMaxY else { return }
        for y in pendingMinY..<pendingMaxY {
            pendingMinX[y] = Int32.max
            pendingMaxX[y] = Int32.min
        }
        pendingMinY = Int.max
        pendingMaxY = Int.min
    }

    /// The pixels written since the last clear, as a box, with that clear's colour: every pixel
    /// outside `rows × columns` holds `color` (both ranges empty when nothing was drawn).
    /// Nil when the canvas does not know (after `invalidateClearState`).
    public var drawnArea: DrawnArea? {
        guard let clearColor else { return nil }
        guard drawnMinY < drawnMaxY else { return DrawnArea(color: clearColor, rows: 0..<0, columns: 0..<0) }
        return DrawnArea(color: clearColor, rows: drawnMinY..<drawnMaxY, columns: drawnMinX..<drawnMaxX)
    }

    /// The columns of row `y` written since the last clear (empty: none). With `drawnArea`'s
    /// colour: every other pixel of the row holds that colour. `y` must be a row of the canvas.
    public func drawnColumns(ofRow y: Int) -> Range<Int> {
        precondition(y >= 0 && y < height, "row \(y) out of bounds")
        let minX = Int(rowMinX[y]), maxX = Int(rowMaxX[y])
        return minX < maxX ? minX..<maxX : 0..<0
    }

    /// Records that the pixels in `box` were written (fills, layer composites).
    @inline(__always)
    func noteDrawn(_ box: PixelBounds) {
        let clipped = box.intersection(bounds)
        if !clipped.isEmpty {
            let minX = Int32(clipped.minX), maxX = Int32(clipped.maxX)
            for y in clipped.minY..<clipped.maxY {
                rowMinX[y] = Swift.min(rowMinX[y], minX)
                rowMaxX[y] = Swift.max(rowMaxX[y], maxX)
            }
        }
        noteDrawnBox(box)
    }

    /// The per-row record of written pixels, for writers that record row by row (fills: each
    /// span as it is composited). They must then report the box of those rows to `noteDrawnBox`.
    var drawnRows: DrawnRows {
        DrawnRows(minX: rowMinX, maxX: rowMaxX, background: clearColor, pendingMinX: pendingMinX,
                  pendingMaxX: pendingMaxX, pixels: pixels, width: width)
    }

    /// Records the box of pixels whose rows were already recorded in `drawnRows`.
    @inline(__always)
    func noteDrawnBox(_ box: PixelBounds) {
        touched.formUnion(box)
        let clipped = box.intersection(bounds)
        guard !clipped.isEmpty else { return }
        drawnMinY = Swift.min(drawnMinY, clipped.minY)
        drawnMaxY = Swift.max(drawnMaxY, clipped.maxY)
        drawnMinX = Swift.min(drawnMinX, clipped.minX)
        drawnMaxX = Swift.max(drawnMaxX, clipped.maxX)
    }

    /// Records that every pixel is transparent (a layer's canvas after resolving the pending
    /// clear and clearing its touched region to transparent): the state `clear(to: transparent)` leaves, so later fills and
    /// clears may rely on it.
    func resetTouched() {
        touched = .empty
        clearColor = .transparent
        if drawnMinY < drawnMaxY {
            for y in drawnMinY..<drawnMaxY {
                rowMinX[y] = Int32.max
                rowMaxX[y] = Int32.min
            }
        }
        drawnMinY = Int.max
        drawnMaxY = Int.min
        drawnMinX = Int.max
        drawnMaxX = Int.min
    }

    /// Forgets what the last `clear` left, so the next one rewrites every pixel (for tests).
    public func invalidateClearState() {
        resolvePendingClear()
        clearColor = nil
    }

    /// The whole canvas as pixel bounds.
    var bounds: PixelBounds { PixelBounds(minX: 0, minY: 0, maxX: width, maxY: height) }

    /// The pixel at (x, y); traps when out of bounds.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of bounds")
        resolvePendingClear()
        return pixels[y * width + x]
    }

    /// Read access to the raw bytes (count = bytesPerRow·height).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        resolvePendingClear()
        return try body(UnsafeRawBufferPointer(start: pixels, count: pixelCount * 4))
    }

    /// Write access to the raw bytes (count = bytesPerRow·height). Writers must keep pixels
    /// valid premultiplied values (each colour byte ≤ its alpha byte); the compositor relies on it.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        resolvePendingClear()
        noteDrawn(bounds)
        return try body(UnsafeMutableRawBufferPointer(start: pixels, count: pixelCount * 4))
    }

    /// The pixels as straight-alpha RGBA8 bytes (R, G, B, A per pixel, rows top to bottom), for
    /// PNG export: channel = round(p·255/a); opaque pixels are copied unchanged.
    public func straightRGBA8() -> [UInt8] {
        resolvePendingClear()
        var bytes = [UInt8](repeating: 0, count: pixelCount * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            for i in 0..<pixelCount {
                let s = pixels[i].straight
                out[4 * i] = s.r
                out[4 * i + 1] = s.g
                out[4 * i + 2] = s.b
                out[4 * i + 3] = s.a
            }
        }
        return bytes
    }
}

/// The canvas's per-row ranges of pixels written since the last clear (see the Canvas header):
/// once `prepare(y:)` has run, every pixel of row y outside [minX[y], maxX[y]) holds
/// `background` (when known). Writers of spans call `prepare` before writing a row and record
/// the span with `include` before the next writer reads the ranges.
struct DrawnRows {
    let minX: UnsafeMutablePointer<Int32>
    let maxX: UnsafeMutablePointer<Int32>
    /// The colour of the last clear; nil when unknown (then nothing is known about any pixel).
    let background: PremultipliedRGBA8?
    let pendingMinX: UnsafeMutablePointer<Int32>
    let pendingMaxX: UnsafeMutablePointer<Int32>
    let pixels: UnsafeMutablePointer<PremultipliedRGBA8>
    let width: Int

    /// Writes the clear colour over row y's whole deferred range, if any.
    @inline(__always)
    func prepare(y: Int) {
        prepare(y: y, x: Int.max, end: Int.max, overwrites: false)
    }

    /// Before pixels x..<end of row y are written: writes the clear colour over the part of the
    /// row's deferred range [lo, hi) left of `end` (left of `x` only, when the writer
    /// `overwrites` every pixel of x..<end without reading it), and keeps [max(lo, end), hi)
    /// deferred. So the deferred range always lies right of every pixel drawn in the row since
    /// the clear (writers go left to right within a fill, and a later fill starts left of it),
    /// i.e. outside the drawn range: a writer may treat its pixels as holding the clear colour.
    @inline(__always)
    func prepare(y: Int, x: Int, end: Int, overwrites: Bool) {
        let lo = Int(pendingMinX[y]), hi = Int(pendingMaxX[y])
        guard lo < hi else { return }
        let flushEnd = Swift.min(hi, overwrites ? x : end)
        if lo < flushEnd, let background {
            PixelFill.fill(pixels + y * width + lo, count: flushEnd - lo, with: background)
        }
        if end < hi {
            pendingMinX[y] = Int32(truncatingIfNeeded: Swift.max(lo, end))
        } else {
            pendingMinX[y] = Int32.max
            pendingMaxX[y] = Int32.min
        }
    }

    /// Widens row y's range to hold pixels x..<x+count (inside the canvas).
    @inline(__always)
    func include(y: Int, x: Int, count: Int) {
        let lo = Int32(truncatingIfNeeded: x), hi = Int32(truncatingIfNeeded: x &+ count)
        if lo < minX[y] { minX[y] = lo }
        if hi > maxX[y] { maxX[y] = hi }
    }
}

/// Where a canvas may differ from a uniform colour (`Canvas.drawnArea`): every pixel outside
/// `rows × columns` holds `color`.
public struct DrawnArea: Equatable, Sendable {
    /// The colour of the last clear (premultiplied).
    public var color: PremultipliedRGBA8
    /// Rows and columns of the box that holds every pixel drawn since (empty: none).
    public var rows: Range<Int>
    public var columns: Range<Int>

    public init(color: PremultipliedRGBA8, rows: Range<Int>, columns: Range<Int>) {
        self.color = color
        self.rows = rows
        self.columns = columns
    }

    public var isEmpty: Bool { rows.isEmpty || columns.isEmpty }

    /// The smallest box holding both boxes (the colours are not compared).
    public func boxUnion(_ other: DrawnArea) -> (rows: Range<Int>, columns: Range<Int>) {
        if isEmpty { return (other.rows, other.columns) }
        if other.isEmpty { return (rows, columns) }
        return (Swift.min(rows.lowerBound, other.rows.lowerBound)..<Swift.max(rows.upperBound, other.rows.upperBound),
                Swift.min(columns.lowerBound, other.columns.lowerBound)..<Swift.max(columns.upperBound, other.columns.upperBound))
    }
}

/// A half-open box of pixels [minX, maxX) × [minY, maxY); empty when minX ≥ maxX or minY ≥ maxY.
struct PixelBounds: Equatable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    static let empty = PixelBounds(minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    /// Grows the box to hold pixels x..<x+count of row y.
    @inline(__always)
    mutating func include(y: Int, x: Int, count: Int) {
        minX = Swift.min(minX, x)
        maxX = Swift.max(maxX, x + count)
        minY = Swift.min(minY, y)
        maxY = Swift.max(maxY, y + 1)
    }

    func intersection(_ other: PixelBounds) -> PixelBounds {
        PixelBounds(minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
                    maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }

    mutating func formUnion(_ other: PixelBounds) {
        guard !other.isEmpty else { return }
        minX = Swift.min(minX, other.minX)
        minY = Swift.min(minY, other.minY)
        maxX = Swift.max(maxX, other.maxX)
        maxY = Swift.max(maxY, other.maxY)
    }
}
