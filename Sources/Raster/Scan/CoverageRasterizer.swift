// CoverageRasterizer.swift — exact-area analytic coverage: line segments → cells → spans.
//
// Model (font-rs / Blend2D "signed area" cells). For a closed path, the winding-weighted coverage
// of pixel (i, r) — the pixel square [i, i+1] × [r, r+1] — is
//
//     C(i) = Σ_segments  w · ∫_{rows of r} clamp(i + 1 − x(y), 0, 1) dy
//
// where w = ±1 is the segment's direction and x(y) the segment's x at height y: every piece of
// edge contributes, for the part of the row it spans, the fraction of the pixel lying to its
// right. C is exact (no sampling): it is the signed area of the path inside the pixel, summed
// over windings. A cell stores the first difference along the row,
//
//     cell[i] = C(i) − C(i − 1),
//
// so each edge piece only touches the cells its x range crosses (plus one), and coverage is
// recovered by a prefix sum (CoverageAccumulation.swift). AGG/FreeType's "cover" and "area" are
// the same information split in two numbers; one Float32 delta per cell is font-rs' form and
// makes the prefix sum a SIMD scan.
//
// Cell deltas of one edge piece within row r, from (xa, ya) to (xb, yb), d = w·(yb − ya),
// xl = min(xa, xb), xr = max(xa, xb), i0 = ⌊xl⌋, i1 = ⌈xr⌉:
//
//   * within one pixel column (i1 ≤ i0 + 1), with xm = (xa + xb)/2 the mean x:
//         cell[i0] += d·(1 − (xm − i0)),   cell[i0+1] += d·(xm − i0)
//   * across columns, with s = 1/(xr − xl), f0 = xl − i0, f1 = xr − (i1 − 1):
//         C(i0)   = d·a0,         a0 = s·(1 − f0)²/2        (triangle in the first column)
//         C(i0+1) = d·a1,         a1 = s·(3/2 − f0)
//         C(k+1)  = C(k) + d·s    for the fully crossed columns in between
//         C(i1−1) = d·(1 − am),   am = s·f1²/2              (triangle in the last column)
//         C(i1)   = d                                           (all columns further right)
//     and the cells get the differences of consecutive C values.
//
//     row r     xl          xr                  ░ = area right of the edge piece in each
//       ┌────┬──\─┬────┬────┬────┐                column, integrated over the piece's dy:
//       │    │   \░░░░│░░░░│░░░░│  …            a triangle, then a growing trapezoid, then
//       │    │    │\░░│░░░░│░░░░│                full columns (C = d) from i1 on.
//       └────┴────┴──\┴────┴────┘
//
// Bands and sparsity (Blend2D): segments are bucketed by their top row into bands of
// `bandHeight` rows; a band's cells (Float32, `cellStride` per row) are filled by the active
// segments, then swept row by row and zeroed. Each group of 8 cells has a dirty bit; the sweep
// only accumulates dirty groups and treats every gap between them as a constant-coverage span
// (coverage of the running sum: 0 → skipped, 255 → solid span), so untouched pixels cost
// nothing. Each row reserves 2 cells past the canvas width (edges at x = width write there);
// they are cleared but never reported.

@_spi(Internals) import Geometry

/// Receives the coverage of one fill, row by row, left to right, never for a pixel twice.
protocol CoverageSpanSink {
    /// Pixels x..<x+count of row y have coverage `coverage[0..<count]` (0...255 each).
    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
    /// Pixels x..<x+count of row y all have coverage `coverage` (1...255).
    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8)
}

/// The coverage engine: owns the band cell buffer, dirty bits and bucketing scratch, all reused.
final class CoverageRasterizer {
    /// Rows per band: 32 rows × 1928 cells × 4 B ≈ 247 KB for 1080p, which stays in L2
    /// (Blend2D starts at 32; docs/research/rasterizers.md §3.1, §7.2).
    static let bandHeight = 32
    static let groupWidth = CoverageAccumulation.groupWidth

    private let cells = ZeroedBuffer<Float>()
    private let dirtyBits = ZeroedBuffer<UInt64>()
    private let coverageRow = ZeroedBuffer<UInt8>()
    private let bandEnds = ScratchArray<Int32>()
    private let order = ScratchArray<Int32>()
    private let active = ScratchArray<Int32>()
    /// Pixel rows the segments rasterized since it was last set to 0: Σ ⌈y1⌉ − ⌊y0⌋ over the
    /// segments (each is accumulated row by row, so this is the scan's work; Render's frame
    /// budget counts it, Renderer+PaintBudget.swift).
    var scannedRows = 0
    /// Past this many scanned rows a rasterization is counted and skipped: nothing is reported
    /// to the sink (the caller's budget has stopped the frame; one shape's edges alone can be
    /// hours of rows).
    var rowLimit = Int.max

    /// Computes the coverage of `segments` (clipped to the canvas, EdgeBuilder.swift) on a
    /// `width` × `height` canvas and reports it to `sink` as spans.
    func rasterize<Sink: CoverageSpanSink>(_ segments: ScratchArray<LineSegment>, width: Int, height: Int,
                                           rule: FillRule, kernels: RasterKernels, into sink: inout Sink) {
        // Only the span hand-off depends on `Sink`; all per-pixel work below is concrete code, so
        // an unspecialised instance of this function is still fast.
        let segmentCount = segments.count
        guard width > 0, height > 0, segmentCount > 0 else { return }
        let bandHeight = Self.bandHeight
        let groupsPerRow = (width + 2 + Self.groupWidth - 1) / Self.groupWidth
        let layout = CellLayout(
            cellStride: groupsPerRow * Self.groupWidth,
            wordsPerRow: (groupsPerRow + 63) / 64,
            width: Double(width))
        cells.ensureCapacity(layout.cellStride * bandHeight)
        dirtyBits.ensureCapacity(layout.wordsPerRow * bandHeight)
        coverageRow.ensureCapacity(layout.cellStride)

        // Bucket segments by the band of their top row (counting sort into `order`).
        let bandCount = (height + bandHeight - 1) / bandHeight
        bandEnds.resize(to: bandCount)
        bandEnds.base.initialize(repeating: 0, count: bandCount)
        let segmentBase = segments.base
        var firstBand = bandCount
        var lastBand = 0
        var rows = 0
        for i in 0..<segmentCount {
            let segment = segmentBase[i]
            rows &+= Int(segment.y1.rounded(.up)) &- Int(segment.y0)  // 0 ≤ y0 < y1 ≤ height
            let top = Int(segment.y0) / bandHeight
            let bottom = Swift.min(Int(segment.y1) / bandHeight, bandCount - 1)
            firstBand = Swift.min(firstBand, top)
            lastBand = Swift.max(lastBand, bottom)
            bandEnds[top] += 1
        }
        scannedRows &+= rows
        guard scannedRows <= rowLimit else { return }
        var total: Int32 = 0
        for band in 0..<bandCount {
            total += bandEnds[band]
            bandEnds[band] = total - bandEnds[band]  // start index for now; becomes end below
        }
        order.resize(to: segmentCount)
        for i in 0..<segmentCount {
            let band = Int(segmentBase[i].y0) / bandHeight
            order[Int(bandEnds[band])] = Int32(i)
            bandEnds[band] += 1
        }

        active.removeAll()
        var nextInOrder = 0
        let writer = CellWriter(cells: cells.base, dirtyBits: dirtyBits.base, layout: layout)
        for band in firstBand...lastBand {
            let bandTop = band * bandHeight
            let bandBottom = Swift.min(bandTop + bandHeight, height)
            while nextInOrder < Int(bandEnds[band]) {
                active.append(order[nextInOrder])
                nextInOrder += 1
            }

            // Draw the active segments' rows inside this band; keep those that continue below.
            var kept = 0
            var touchedTop = bandBottom
            var touchedBottom = bandTop
            for a in 0..<active.count {
                let index = active[a]
                let segment = segmentBase[Int(index)]
                let rows = writer.draw(segment, bandTop: bandTop, bandBottom: bandBottom)
                touchedTop = Swift.min(touchedTop, rows.lowerBound)
                touchedBottom = Swift.max(touchedBottom, rows.upperBound)
                if segment.y1 > Double(bandBottom) {
                    active[kept] = index
                    kept += 1
                }
            }
            active.resize(to: kept)

            for row in touchedTop..<Swift.max(touchedTop, touchedBottom) {
                sweep(row: row, bandTop: bandTop, width: width, layout: layout, rule, kernels, &sink)
            }
        }
    }

    /// Reports one row's coverage to `sink`, consuming (zeroing) its cells and dirty bits.
    @inline(__always)
    private func sweep<Sink: CoverageSpanSink>(
        row: Int, bandTop: Int, width: Int, layout: CellLayout, _ rule: FillRule,
        _ kernels: RasterKernels, _ sink: inout Sink
    ) {
        let groupWidth = Self.groupWidth
        let rowCells = cells.base + (row - bandTop) * layout.cellStride
        let rowBits = dirtyBits.base + (row - bandTop) * layout.wordsPerRow
        let rowCoverage = coverageRow.base
        var carry: Float = 0
        var x = 0  // first pixel of the row not reported yet

        @inline(__always) func constantGap(upTo end: Int) {
            let gapEnd = Swift.min(end, width)
            if x < gapEnd {
                let c = CoverageAccumulation.coverageByte(accumulated: carry, rule: rule)
                if c != 0 { sink.constantSpan(y: row, x: x, count: gapEnd - x, coverage: c) }
            }
        }

        for wordIndex in 0..<layout.wordsPerRow {
            var word = rowBits[wordIndex]
            if word == 0 { continue }
            rowBits[wordIndex] = 0
            while word != 0 {
                let first = word.trailingZeroBitCount
                let runLength = (~(word >> UInt64(first))).trailingZeroBitCount
                word = runLength + first >= 64 ? 0 : word & ~((1 << UInt64(runLength + first)) - 1)
                let runStart = (wordIndex * 64 + first) * groupWidth
                let runEnd = runStart + runLength * groupWidth
                constantGap(upTo: runStart)
                CoverageAccumulation.accumulate(cells: rowCells + runStart, coverage: rowCoverage + runStart,
                                                groupCount: runLength, carry: &carry, rule: rule, kernels: kernels)
                let visibleEnd = Swift.min(runEnd, width)
                if runStart < visibleEnd {
                    sink.maskSpan(y: row, x: runStart, count: visibleEnd - runStart,
                                  coverage: UnsafePointer(rowCoverage + runStart))
                }
                x = runEnd
            }
        }
        constantGap(upTo: width)
    }
}

/// Geometry of the band buffers.
struct CellLayout {
    /// Cells per row: width + 2 rounded up to a whole group.
    var cellStride: Int
    /// Dirty-bit words per row (one bit per group of 8 cells).
    var wordsPerRow: Int
    var width: Double
}

/// Writes edge pieces into the band's cells and marks their groups dirty.
struct CellWriter {
    let cells: UnsafeMutablePointer<Float>
    let dirtyBits: UnsafeMutablePointer<UInt64>
    let layout: CellLayout

    /// Draws the part of `segment` inside rows bandTop..<bandBottom (band-relative storage);
    /// returns the range of absolute rows it touched (empty if none).
    @inline(__always)
    func draw(_ segment: LineSegment, bandTop: Int, bandBottom: Int) -> Range<Int> {
        let yStart = Swift.max(segment.y0, Double(bandTop))
        let yEnd = Swift.min(segment.y1, Double(bandBottom))
        guard yStart < yEnd else { return bandTop..<bandTop }
        let firstRow = Int(yStart)
        var ya = yStart
        var xa = ya == segment.y0 ? segment.x0 : clampX(segment.x0 + (ya - segment.y0) * segment.slope)
        var row = firstRow
        while ya < yEnd {
            let rowBottom = Double(row + 1)
            let yb = rowBottom < yEnd ? rowBottom : yEnd
            let xb = yb == segment.y1 ? segment.x1 : clampX(segment.x0 + (yb - segment.y0) * segment.slope)
            piece(row: row - bandTop, xa: xa, xb: xb, d: (yb - ya) * segment.winding)
            ya = yb
            xa = xb
            row += 1
        }
        return firstRow..<row
    }

    @inline(__always)
    private func clampX(_ x: Double) -> Double {
        // Also maps NaN to 0, so a cell index can never go out of bounds.
        x > 0 ? (x < layout.width ? x : layout.width) : 0
    }

    /// Adds one edge piece inside a single row (see the file header for the formulas).
    @inline(__always)
    private func piece(row: Int, xa: Double, xb: Double, d: Double) {
        let rowCells = cells + row * layout.cellStride
        let xl = xa < xb ? xa : xb
        let xr = xa < xb ? xb : xa
        // x ≥ 0 here, so truncation is floor; this avoids libm floor/ceil calls on baseline
        // x86-64 (no SSE4.1 `roundsd`).
        let i0 = Int(xl)
        let left = Double(i0)
        var i1 = Int(xr)
        if Double(i1) < xr { i1 += 1 }
        if i1 <= i0 + 1 {
            let fraction = (xa + xb) * 0.5 - left
            rowCells[i0] += Float(d - d * fraction)
            rowCells[i0 + 1] += Float(d * fraction)
            markDirty(row: row, from: i0, through: i0 + 1)
            return
        }
        let s = 1 / (xr - xl)
        let f0 = xl - left
        let a0 = 0.5 * s * (1 - f0) * (1 - f0)
        let f1 = xr - Double(i1 - 1)
        let am = 0.5 * s * f1 * f1
        rowCells[i0] += Float(d * a0)
        if i1 == i0 + 2 {
            rowCells[i0 + 1] += Float(d * (1 - a0 - am))
        } else {
            let a1 = s * (1.5 - f0)
            rowCells[i0 + 1] += Float(d * (a1 - a0))
            let step = Float(d * s)
            var i = i0 + 2
            while i < i1 - 1 {
                rowCells[i] += step
                i += 1
            }
            let a2 = a1 + Double(i1 - i0 - 3) * s
            rowCells[i1 - 1] += Float(d * (1 - a2 - am))
        }
        rowCells[i1] += Float(d * am)
        markDirty(row: row, from: i0, through: i1)
    }

    @inline(__always)
    private func markDirty(row: Int, from firstCell: Int, through lastCell: Int) {
        let words = dirtyBits + row * layout.wordsPerRow
        var group = firstCell / CoverageAccumulation.groupWidth
        let lastGroup = lastCell / CoverageAccumulation.groupWidth
        while group <= lastGroup {
            words[group >> 6] |= 1 << UInt64(group & 63)
            group += 1
        }
    }
}
