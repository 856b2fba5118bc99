// Damage.swift — what a canvas knows about its pixels since it was last cleared.
//
// One record, three facts, all kept by the writers (fills, layer composites, raw access):
//
//     background   the clear colour B; every pixel outside the drawn ranges holds B (or is
//                  pending, below). nil: nothing known (after `Canvas.forgetDamage`).
//     drawn        per row y, the columns [minX[y], maxX[y]) written since the clear, and the
//                  box of all drawn rows and columns (`drawnBox`)
//     pending      per row y, the columns [pendingMinX[y], pendingMaxX[y]) a deferred clear has
//                  yet to write with B; they lie right of the row's drawn range (DrawnRows.prepare)
//
// From these follow what the old touched / drawn / pending trio each said: the bounds of the
// pixels that may be non-transparent (`touchedBounds`: the drawn box when B is transparent, the
// whole canvas otherwise), the exporter's changed rows (`Canvas.drawnArea`, `drawnColumns`), and
// the clear that rewrites only the drawn ranges (`Canvas.clearDamage`).
//
// Raster keeps the record and offers the mechanisms that use it; whether to use them is the
// renderer's decision (Render's Renderer: it forgets the damage after a clear to draw the plain
// way). Writers must record what they write: fills record each span (`DrawnRows.include`, then
// `noteDrawnBox`), anything else `noteDrawn(box)`.

/// The damage record of one canvas (see the file header). Owned by its canvas; not thread-safe.
struct Damage {
    let height: Int
    /// The clear colour; nil when unknown.
    var background: PremultipliedRGBA8? = .transparent
    let minX: UnsafeMutablePointer<Int32>
    let maxX: UnsafeMutablePointer<Int32>
    /// The box of the drawn ranges (empty: nothing drawn since the clear).
    var drawnBox = PixelBounds.empty
    let pendingMinX: UnsafeMutablePointer<Int32>
    let pendingMaxX: UnsafeMutablePointer<Int32>
    /// Rows that may have a non-empty pending range.
    var pendingMinY = Int.max
    var pendingMaxY = Int.min

    init(height: Int) {
        self.height = height
        let rows = Swift.max(height, 1)
        minX = .allocate(capacity: rows)
        maxX = .allocate(capacity: rows)
        pendingMinX = .allocate(capacity: rows)
        pendingMaxX = .allocate(capacity: rows)
        minX.initialize(repeating: Int32.max, count: rows)
        maxX.initialize(repeating: Int32.min, count: rows)
        pendingMinX.initialize(repeating: Int32.max, count: rows)
        pendingMaxX.initialize(repeating: Int32.min, count: rows)
    }

    func deallocate() {
        minX.deallocate()
        maxX.deallocate()
        pendingMinX.deallocate()
        pendingMaxX.deallocate()
    }

    /// Whether anything is pending.
    var hasPending: Bool { pendingMinY < pendingMaxY }

    /// The drawn columns of row y (empty: none).
    func drawnColumns(ofRow y: Int) -> Range<Int> {
        let lo = Int(minX[y]), hi = Int(maxX[y])
        return lo < hi ? lo..<hi : 0..<0
    }

    /// Bounds of the pixels that may differ from transparent black, within `bounds`.
    func touchedBounds(within bounds: PixelBounds) -> PixelBounds {
        background == .transparent ? drawnBox : bounds
    }

    /// Forgets the drawn ranges (after a clear rewrote or deferred them).
    mutating func resetDrawn() {
        if drawnBox.minY < drawnBox.maxY {
            for y in drawnBox.minY..<drawnBox.maxY {
                minX[y] = Int32.max
                maxX[y] = Int32.min
            }
        }
        drawnBox = .empty
    }

    /// Moves the drawn ranges to the pending ones (a deferred clear to the same colour).
    mutating func deferDrawn() {
        guard drawnBox.minY < drawnBox.maxY else { return }
        for y in drawnBox.minY..<drawnBox.maxY where minX[y] < maxX[y] {
            pendingMinX[y] = Swift.min(pendingMinX[y], minX[y])
            pendingMaxX[y] = Swift.max(pendingMaxX[y], maxX[y])
            pendingMinY = Swift.min(pendingMinY, y)
            pendingMaxY = Swift.max(pendingMaxY, y + 1)
        }
        resetDrawn()
    }

    /// Forgets the pending ranges (after a full clear wrote every pixel).
    mutating func dropPending() {
        guard hasPending else { return }
        for y in pendingMinY..<pendingMaxY {
            pendingMinX[y] = Int32.max
            pendingMaxX[y] = Int32.min
        }
        pendingMinY = Int.max
        pendingMaxY = Int.min
    }

    /// Widens the ranges of the rows of `box` (clipped to the canvas) to hold it.
    mutating func noteDrawn(_ box: PixelBounds) {
        guard !box.isEmpty else { return }
        let lo = Int32(box.minX), hi = Int32(box.maxX)
        for y in box.minY..<box.maxY {
            minX[y] = Swift.min(minX[y], lo)
            maxX[y] = Swift.max(maxX[y], hi)
        }
        drawnBox.formUnion(box)
    }
}

/// The canvas's per-row ranges of pixels written since the last clear, as writers of spans use
/// them (see the Damage header): once `prepare(y:)` has run, every pixel of row y outside
/// [minX[y], maxX[y]) holds `background` (when known). Writers call `prepare` before writing a
/// row and record the span with `include` before the next writer reads the ranges.
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
