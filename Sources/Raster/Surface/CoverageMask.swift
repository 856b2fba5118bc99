// CoverageMask.swift — an A8 surface: one coverage byte per pixel (0 = nothing, 255 = full).
//
// Layout: `height` rows of `width` bytes, tightly packed, row y at offset y·width. The storage is
// allocated once and reused (a renderer keeps its masks across frames like its layer canvases).
//
// `Rasterizer.fill(_:transform:rule:into:)` writes a path's coverage into a mask with exactly
// the flattening, clipping and exact-area coverage code of `Rasterizer.fill` (the same bytes
// `coverageMask` returns): each pixel of a coverage span gets the span's coverage, pixels
// outside every span are left as they are — clear the mask (or the box you use) first. The
// mask combination (MaskCombination.swift) and the layer-by-mask product (Compositing.swift)
// read it row by row.
//
// Room for what comes later: mask expansion is an outline offset of the path before it is
// filled (Geometry), feather a blur of this coverage before it is combined; both produce a
// `CoverageMask` like this one, so the combination kernels do not change.

@_spi(Internals) import Geometry

/// A width×height coverage (alpha-only, A8) surface.
public final class CoverageMask {
    public let width: Int
    public let height: Int
    let bytes: UnsafeMutablePointer<UInt8>

    /// A mask of zero coverage. Width and height must not be negative.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "mask size must not be negative")
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow, "mask too large")
        self.width = width
        self.height = height
        bytes = .allocate(capacity: Swift.max(count, 1))
        bytes.initialize(repeating: 0, count: Swift.max(count, 1))
    }

    deinit { bytes.deallocate() }

    /// The coverage of pixel (x, y); traps when out of bounds.
    public subscript(x: Int, y: Int) -> UInt8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "mask pixel (\(x), \(y)) out of bounds")
        return bytes[y * width + x]
    }

    /// Sets every byte inside `box` (clipped to the mask) to `value`.
    public func fill(_ value: UInt8, in box: PixelBox) {
        let clipped = box.clipped(width: width, height: height)
        guard !clipped.isEmpty else { return }
        for y in clipped.minY..<clipped.maxY {
            (bytes + y * width + clipped.minX).update(repeating: value, count: clipped.width)
        }
    }

    /// Sets every byte of the mask to `value`.
    public func fill(_ value: UInt8) {
        fill(value, in: .whole(width: width, height: height))
    }

    /// Row y as a pointer to `width` bytes (y must be a row of the mask).
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { bytes + y * width }

    /// The coverage bytes, row-major.
    public func copyBytes() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: bytes, count: width * height))
    }

    /// Write access to the `width·height` bytes.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: bytes, count: width * height))
    }
}

extension Rasterizer {
    /// Writes the coverage of `path` (mapped to pixels by `transform`) into `mask`: the same
    /// coverage `fill` composites. Pixels outside the path's coverage spans are not written.
    /// Returns the box of the spans written (empty when the path covers nothing).
    @discardableResult
    public func fill(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                     into mask: CoverageMask) -> PixelBox {
        edges.build(path, transform: transform, width: mask.width, height: mask.height,
                    tolerance: flatteningTolerance)
        guard !edges.segments.isEmpty else { return .empty }
        var sink = BoundedMaskSink(mask: mask.bytes, width: mask.width)
        coverage.rasterize(edges.segments, width: mask.width, height: mask.height, rule: rule, kernels: kernels,
                           into: &sink)
        let b = sink.bounds
        return b.isEmpty ? .empty : PixelBox(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
    }
}

/// Copies coverage spans into an A8 mask and keeps the box of what it wrote.
struct BoundedMaskSink: CoverageSpanSink {
    let mask: UnsafeMutablePointer<UInt8>
    let width: Int
    var bounds = PixelBounds.empty

    @inline(__always)
    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        bounds.include(y: y, x: x, count: count)
        (mask + y * width + x).update(from: coverage, count: count)
    }

    @inline(__always)
    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        bounds.include(y: y, x: x, count: count)
        (mask + y * width + x).update(repeating: coverage, count: count)
    }
}
