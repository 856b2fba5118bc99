// Scissor.swift — fills and strokes that write only inside an axis-aligned device rectangle,
// with the rectangle's exact area coverage on its edges.
//
// A scissor is a rectangle [left, right) × [top, bottom) in device pixels. The area of pixel
// (x, y) — the unit square [x, x+1) × [y, y+1) — inside it is a product of two overlaps:
//
//     k(x, y) = wx(x) · wy(y),   wx(x) = max(0, min(x + 1, right) − max(x, left))   (wy alike)
//
// so k = 1 inside the pixel box [⌊left⌋, ⌈right⌉) × [⌊top⌋, ⌈bottom⌉) except on its first and
// last column and row, and 0 outside it. With `Rasterizer.scissor` set, every coverage span c is
// cut to the pixel box (rows outside it dropped, columns intersected) and, on the edge columns
// and rows, multiplied by k in 8 bits:
//
//     c′ = div255(c · k8),   k8 = round(255 · wx · wy)      (precomputed for the 3 × 3 classes
//                                                            first / interior / last column × row)
//
// e.g. a rectangle from x = 10.25: column 10 has wx = 0.75, k8 = 191, and a fill covering it
// fully composites there with coverage 191. A rectangle whose edges lie on pixel boundaries has
// k = 1 on every pixel of its box: spans are only cut, the bytes are those of the unclipped fill
// inside the box (no multiplication at all). Multiplying each draw's coverage by k is how a
// clip's coverage applies per draw (Skia and Core Graphics clip anti-aliased the same way); it
// equals drawing into a layer and multiplying that by k except where two draws overlap on an
// edge pixel (there the layer gets k·(a + b − ab), the draws k·a + k·b − k²·ab) — the renderer
// chooses (Render's Renderer+Scissor.swift). `applyCoverage(to:in:)` multiplies a layer's edge
// pixels by k (for the layer case).
//
// The cut happens after coverage, so a recorded fill (CoverageRecording) records the whole fill
// and replays through whatever scissor is set then.
@_spi(Internals) import Geometry

/// An axis-aligned device rectangle that fills write inside (see the file header).
public struct Scissor: Equatable, Sendable {
    /// The pixel box: pixels with any area inside the rectangle, [minX, maxX) × [minY, maxY).
    public private(set) var minX: Int
    public private(set) var minY: Int
    public private(set) var maxX: Int
    public private(set) var maxY: Int
    /// The exact edges (device pixels).
    public private(set) var left: Double
    public private(set) var top: Double
    public private(set) var right: Double
    public private(set) var bottom: Double
    /// k8 per (row class, column class), row-major: 0 first, 1 interior, 2 last.
    private var weights: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    /// Both edges of the axis on pixel boundaries (wx ≡ 1, or wy ≡ 1, on the pixel box).
    private(set) var columnsAligned: Bool
    private(set) var rowsAligned: Bool
    /// Every k8 is 255: spans are only cut.
    public var isPixelAligned: Bool { columnsAligned && rowsAligned }

    /// The rectangle of whole pixels [minX, maxX) × [minY, maxY).
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(left: Double(minX), top: Double(minY), right: Double(maxX), bottom: Double(maxY))
    }

    /// The rectangle [left, right) × [top, bottom); edges are clamped to ±2³⁰ px, an inverted or
    /// NaN extent is empty.
    public init(left: Double, top: Double, right: Double, bottom: Double) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, -0x1p30), 0x1p30) }
        self.left = clamp(left)
        self.top = clamp(top)
        self.right = Swift.max(clamp(right), self.left)
        self.bottom = Swift.max(clamp(bottom), self.top)
        minX = Int(self.left.rounded(.down))
        minY = Int(self.top.rounded(.down))
        maxX = Int(self.right.rounded(.up))
        maxY = Int(self.bottom.rounded(.up))
        weights = (255, 255, 255, 255, 255, 255, 255, 255, 255)
        columnsAligned = true
        rowsAligned = true
        guard !isEmpty else { return }
        // Overlap of the first, an interior and the last pixel with [lo, hi).
        func overlaps(_ lo: Double, _ hi: Double, _ first: Int, _ last: Int) -> (Double, Double, Double) {
            (Swift.min(Double(first) + 1, hi) - lo, 1, hi - Swift.max(Double(last), lo))
        }
        let wx = overlaps(self.left, self.right, minX, maxX - 1), wy = overlaps(self.top, self.bottom, minY, maxY - 1)
        func k8(_ a: Double, _ b: Double) -> UInt32 { UInt32((255 * a * b).rounded()) }
        weights = (k8(wy.0, wx.0), k8(wy.0, wx.1), k8(wy.0, wx.2),
                   k8(wy.1, wx.0), k8(wy.1, wx.1), k8(wy.1, wx.2),
                   k8(wy.2, wx.0), k8(wy.2, wx.1), k8(wy.2, wx.2))
        columnsAligned = wx.0 == 1 && wx.2 == 1
        rowsAligned = wy.0 == 1 && wy.2 == 1
    }

    public var isEmpty: Bool { !(left < right) || !(top < bottom) }

    /// The rectangle common to both (its coverage is the exact area of the intersection).
    public func intersection(_ other: Scissor) -> Scissor {
        Scissor(left: Swift.max(left, other.left), top: Swift.max(top, other.top),
                right: Swift.min(right, other.right), bottom: Swift.min(bottom, other.bottom))
    }

    /// The pixel box as a pixel-aligned scissor (cuts to the same pixels, multiplies nothing).
    public var pixelBox: Scissor { Scissor(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }

    /// k8 of pixel (x, y) of the pixel box.
    @inline(__always)
    func weight(x: Int, y: Int) -> UInt32 {
        let row = y == minY ? 0 : (y == maxY - 1 ? 2 : 1)
        let column = x == minX ? 0 : (x == maxX - 1 ? 2 : 1)
        return withUnsafeBytes(of: weights) { $0.load(fromByteOffset: (row * 3 + column) * 4, as: UInt32.self) }
    }

    /// Whether the box holds every pixel of a width × height canvas with full coverage.
    func covers(width: Int, height: Int) -> Bool {
        left <= 0 && top <= 0 && right >= Double(width) && bottom >= Double(height)
    }

    public static func == (a: Scissor, b: Scissor) -> Bool {
        a.left == b.left && a.top == b.top && a.right == b.right && a.bottom == b.bottom
    }

    /// Multiplies the pixels of `layer` on the scissor's edges inside `box` by k (the header),
    /// and clears the pixels of `box` outside the pixel box: the layer seen through the rectangle.
    public func applyCoverage(to layer: Canvas, in box: PixelBox) {
        let region = box.clipped(width: layer.width, height: layer.height)
        guard !region.isEmpty else { return }
        layer.resolvePendingClear()
        for y in region.minY..<region.maxY {
            let row = layer.pixels + y * layer.width
            guard y >= minY && y < maxY else {
                row.advanced(by: region.minX).update(repeating: .transparent, count: region.width)
                continue
            }
            let edgeRow = y == minY || y == maxY - 1
            for x in region.minX..<region.maxX {
                guard x >= minX && x < maxX else { row[x] = .transparent; continue }
                // Interior columns of interior rows keep k = 1: jump over them.
                if !edgeRow && x > minX && x < maxX - 1 { continue }
                let k = weight(x: x, y: y)
                guard k < 255 else { continue }
                let p = row[x]
                row[x] = PremultipliedRGBA8(r: UInt8(SpanCompositor.div255(UInt32(p.r) * k)),
                                            g: UInt8(SpanCompositor.div255(UInt32(p.g) * k)),
                                            b: UInt8(SpanCompositor.div255(UInt32(p.b) * k)),
                                            a: UInt8(SpanCompositor.div255(UInt32(p.a) * k)))
            }
        }
    }
}

/// Forwards the parts of spans inside a scissor to `inner`, in their order, their coverage
/// multiplied by k on the edges (the header). `scratch` holds at least a canvas row of bytes.
struct ScissorSink<Inner: CoverageSpanSink>: CoverageSpanSink {
    var inner: Inner
    let box: Scissor
    let scratch: UnsafeMutablePointer<UInt8>

    @inline(__always)
    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        guard y >= box.minY && y < box.maxY else { return }
        let start = Swift.max(x, box.minX), end = Swift.min(x + count, box.maxX)
        guard start < end else { return }
        let source = coverage + (start - x)
        // Every k of the span is 1 (the usual case: a row and columns away from the partial edges).
        let rowIsWhole = box.rowsAligned || (y != box.minY && y != box.maxY - 1)
        let columnsAreWhole = box.columnsAligned || (start > box.minX && end < box.maxX)
        if rowIsWhole && columnsAreWhole {
            inner.maskSpan(y: y, x: start, count: end - start, coverage: source)
            return
        }
        for i in start..<end {
            let k = box.weight(x: i, y: y)
            let c = UInt32(source[i - start])
            scratch[i - start] = k == 255 ? UInt8(c) : UInt8(SpanCompositor.div255(c * k))
        }
        inner.maskSpan(y: y, x: start, count: end - start, coverage: scratch)
    }

    @inline(__always)
    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        guard y >= box.minY && y < box.maxY else { return }
        var start = Swift.max(x, box.minX), end = Swift.min(x + count, box.maxX)
        guard start < end else { return }
        if box.isPixelAligned {
            inner.constantSpan(y: y, x: start, count: end - start, coverage: coverage)
            return
        }
        // The first and last column of the box on their own, the columns between at the row's k.
        var last: (x: Int, coverage: UInt8)?
        if end == box.maxX && end - 1 > start {
            last = (end - 1, scaled(coverage, box.weight(x: end - 1, y: y)))
            end -= 1
        }
        if start == box.minX {
            emit(y: y, x: start, count: 1, coverage: scaled(coverage, box.weight(x: start, y: y)))
            start += 1
        }
        if start < end { emit(y: y, x: start, count: end - start, coverage: scaled(coverage, box.weight(x: start, y: y))) }
        if let last { emit(y: y, x: last.x, count: 1, coverage: last.coverage) }
    }

    @inline(__always)
    private mutating func emit(y: Int, x: Int, count: Int, coverage: UInt8) {
        if coverage > 0 { inner.constantSpan(y: y, x: x, count: count, coverage: coverage) }
    }

    @inline(__always)
    private func scaled(_ c: UInt8, _ k: UInt32) -> UInt8 {
        k == 255 ? c : UInt8(SpanCompositor.div255(UInt32(c) * k))
    }
}
