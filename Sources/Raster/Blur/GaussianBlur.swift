// GaussianBlur.swift — a gaussian blur of an A8 coverage mask or a premultiplied RGBA canvas,
// approximated by three successive box blurs in each direction (separable).
//
// Model. The blur of f by a gaussian of standard deviation σ (pixels):
//
//     (G_σ * f)(x, y) = Σ_{i,j} f(x − i, y − j)·g(i)·g(j),   g(i) = e^(−i²/2σ²) / (σ√(2π))
//
// separable, so one pass along rows and one along columns. Premultiplied RGBA is blurred per
// channel (blurring premultiplied values is what keeps transparent pixels' colour out). Pixels
// outside the caller's box are not written; they count as 0 (`BlurEdge.transparent`, the
// default: what lies beyond is empty) or as the nearest pixel of the box (`.extend`: the
// content continues, e.g. a mask that covers the frame past the canvas edge).
//
// Approximation (the W3C Filter Effects spec's scheme for feGaussianBlur): three box blurs of
// width d approach the gaussian (central limit: a box of width d has variance (d² − 1)/12, three
// of them (d² − 1)/4). The spec's d = ⌊σ·3·√(2π)/4 + 0.5⌋ gives a variance of ≈ 0.88σ² (a blur
// 6 % narrower); here d is chosen to match the variance:
//
//     d = round(√(4σ² + 1))          so that (d² − 1)/4 ≈ σ²
//
// d odd: three boxes centred on the pixel; d even: one box of d reaching one pixel further left,
// one of d reaching one further right, one of d + 1 centred (the spec's arrangement).
// One box pass on a line (values outside the line 0, or the end value with `.extend`):
//
//     out[i] = round(Σ_{k=i−l}^{i+r} in[k] / D),   D = l + r + 1
//
// as a running sum; the division is out = (S·m + 2¹⁵) >> 16 with m = round(2¹⁶/D) (|error| ≤
// S·|m − 2¹⁶/D|/2¹⁶ + ½ ≤ 255·D/2¹⁷ + ½, below 0.9 for D ≤ 100), each pass rounding to 8 bits.
// σ is clamped to [0, maximumSigma]; σ below ≈ 0.6 is no blur (d = 1). Measured against the
// exact gaussian (Double, the same zero boundary; GaussianBlurTests) on a 96×96 mask holding an
// anti-aliased disc and 9×9 squares of random coverage, the max error in 8-bit levels is 11.4
// (σ = 1), 9.6 (σ = 2), 11.1 (σ = 4), 5.1 (σ = 8), 7.6 (σ = 16) — largest at the squares'
// corners, where three boxes differ most from a gaussian; on an RGBA disc at σ = 3, 4.7. The
// six 8-bit roundings contribute at most 3 of it; the rest is the box shape.
//
// Axes: a canvas blur may run the row passes only (`.horizontal`) or the column passes only
// (`.vertical`): the 1-D gaussian along that direction.
//
// Reach: a pixel's blurred value depends on inputs up to 3·⌈d/2⌉ pixels away (`reach(sigma:)`);
// grow the box of non-zero input by that much so that nothing is cut.
//
// Kernels (BoxPasses.swift). `.scalar`, the reference, runs each line on its own: per row one
// running sum per channel (stride 4 on a canvas), per column one per byte. `.simd` runs the
// same integers on 32 lines at once, all three passes of a direction on one bundle before it is
// written back:
//   • along columns, a strip of 32 adjacent bytes of the box (32 mask pixels or 8 RGBA pixels):
//     each row's 32 bytes are one contiguous copy in and out;
//   • along rows, 32 mask rows, or 8 canvas rows × 4 channels: transposed into the bundle
//     (position x holds the 32 bytes of those rows at x), blurred, transposed back.
// Both are byte-identical to the reference (kernel audit "blur.mask", "blur.rgba"; the release
// build too: `kernel-audit`).
//
// Scratch: the reference's one line and the two padded bundle lines — kept in the
// `GaussianBlur` object and grown, never shrunk: no allocation per frame in steady state.

@_spi(Internals) import Geometry

/// What a blur reads beyond the edges of its box.
public enum BlurEdge: Sendable {
    /// Zero (transparent).
    case transparent
    /// The nearest pixel inside the box (clamp to edge).
    case extend
}

/// Which directions a blur runs in: both (the 2-D gaussian), or along rows or columns only.
public enum BlurAxes: Sendable {
    case both
    /// Along rows only (x).
    case horizontal
    /// Along columns only (y).
    case vertical
}

/// Blurs coverage masks and canvases; keep one per thread and reuse it (it holds scratch).
public final class GaussianBlur {
    /// Larger σ are clamped to this (pixels): the division error stays below one level.
    public static let maximumSigma = 60.0

    private let scratch = ZeroedBuffer<UInt8>()
    private let bundle = BoxBundle()
    /// `.scalar` is the reference the SIMD passes are tested against.
    public var kernels: RasterKernels = .simd

    public init() {}

    /// The box width d for σ (1: no blur).
    public static func boxWidth(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 1 }
        let s = Swift.min(sigma, maximumSigma)
        return Swift.max(1, Int((4 * s * s + 1).squareRoot().rounded()))
    }

    /// How far (pixels) the blur of σ spreads a pixel: grow the input's box by this.
    public static func reach(sigma: Double) -> Int {
        let d = boxWidth(sigma: sigma)
        return d <= 1 ? 0 : 3 * ((d + 1) / 2)
    }

    /// Blurs the coverage of `mask` inside `box` (clipped to the mask) by σ = `sigma` pixels.
    public func blur(_ mask: CoverageMask, sigma: Double, in box: PixelBox, edge: BlurEdge = .transparent) {
        let region = box.clipped(width: mask.width, height: mask.height)
        let d = GaussianBlur.boxWidth(sigma: sigma)
        guard !region.isEmpty, d > 1 else { return }
        let origin = mask.bytes + region.minY * mask.width + region.minX
        run(origin, columns: region.width, rows: region.height, rowBytes: mask.width, channels: 1, d: d,
            extend: edge == .extend)
    }

    /// Blurs the premultiplied pixels of `canvas` inside `box` (clipped) by σ = `sigma` pixels.
    public func blur(_ canvas: Canvas, sigma: Double, in box: PixelBox, edge: BlurEdge = .transparent,
                     axes: BlurAxes = .both) {
        let region = box.clipped(width: canvas.width, height: canvas.height)
        let d = GaussianBlur.boxWidth(sigma: sigma)
        guard !region.isEmpty, d > 1 else { return }
        canvas.resolvePendingClear()
        let origin = UnsafeMutableRawPointer(canvas.pixels + region.minY * canvas.width + region.minX)
            .assumingMemoryBound(to: UInt8.self)
        run(origin, columns: region.width, rows: region.height, rowBytes: canvas.width * 4, channels: 4, d: d,
            extend: edge == .extend, axes: axes)
        canvas.noteDrawn(region.bounds)
    }

    private func run(_ origin: UnsafeMutablePointer<UInt8>, columns: Int, rows: Int, rowBytes: Int, channels: Int,
                     d: Int, extend: Bool, axes: BlurAxes = .both) {
        let alongRows = axes != .vertical, alongColumns = axes != .horizontal
        if kernels == .scalar {
            scratch.ensureCapacity(Swift.max(columns * channels, rows))
            if alongRows { referenceRows(origin, columns: columns, rows: rows, rowBytes: rowBytes, channels: channels, d: d, extend: extend) }
            if alongColumns { referenceColumns(origin, bytes: columns * channels, rows: rows, rowBytes: rowBytes, d: d, extend: extend) }
            return
        }
        if alongRows {
            bundle.prepare(count: columns, pad: GaussianBlur.bundlePad(d))
            if channels == 1 {
                maskRows(origin, columns: columns, rows: rows, rowBytes: rowBytes, d: d, extend: extend)
            } else {
                canvasRows(origin, columns: columns, rows: rows, rowBytes: rowBytes, d: d, extend: extend)
            }
        }
        if alongColumns {
            bundle.prepare(count: rows, pad: GaussianBlur.bundlePad(d))
            columnStrips(origin, bytes: columns * channels, rows: rows, rowBytes: rowBytes, d: d, extend: extend)
        }
    }

    // MARK: Reference

    private func referenceRows(_ origin: UnsafeMutablePointer<UInt8>, columns: Int, rows: Int, rowBytes: Int,
                               channels: Int, d: Int, extend: Bool) {
        for pass in 0..<3 {
            let (l, r) = GaussianBlur.box(d, pass: pass)
            for y in 0..<rows {
                for c in 0..<channels {
                    GaussianBlur.boxLine(origin + y * rowBytes + c, count: columns, stride: channels, l: l, r: r,
                                         extend: extend, scratch: scratch.base)
                }
            }
        }
    }

    private func referenceColumns(_ origin: UnsafeMutablePointer<UInt8>, bytes: Int, rows: Int, rowBytes: Int, d: Int,
                                  extend: Bool) {
        for pass in 0..<3 {
            let (l, r) = GaussianBlur.box(d, pass: pass)
            for x in 0..<bytes {
                GaussianBlur.boxLine(origin + x, count: rows, stride: rowBytes, l: l, r: r, extend: extend, scratch: scratch.base)
            }
        }
    }

    // MARK: SIMD bundles

    /// Column passes: strips of 32 bytes, each row's part copied in and out whole.
    private func columnStrips(_ origin: UnsafeMutablePointer<UInt8>, bytes: Int, rows: Int, rowBytes: Int, d: Int,
                              extend: Bool) {
        let lanes = BoxBundle.lanes
        var x = 0
        while x < bytes {
            let w = Swift.min(lanes, bytes - x)
            let line = bundle.a
            for y in 0..<rows { (line + lanes * y).update(from: origin + y * rowBytes + x, count: w) }
            let out = bundle.run(d: d, extend: extend)
            for y in 0..<rows { (origin + y * rowBytes + x).update(from: out + lanes * y, count: w) }
            x += lanes
        }
    }

    /// Row passes on a mask: 32 rows transposed into a bundle (byte j of position x = row j at x).
    private func maskRows(_ origin: UnsafeMutablePointer<UInt8>, columns: Int, rows: Int, rowBytes: Int, d: Int,
                          extend: Bool) {
        let lanes = BoxBundle.lanes
        var y0 = 0
        while y0 < rows {
            let k = Swift.min(lanes, rows - y0)
            let line = bundle.a
            for j in 0..<k {
                let row = origin + (y0 + j) * rowBytes
                for x in 0..<columns { line[lanes * x + j] = row[x] }
            }
            let out = bundle.run(d: d, extend: extend)
            for j in 0..<k {
                let row = origin + (y0 + j) * rowBytes
                for x in 0..<columns { row[x] = out[lanes * x + j] }
            }
            y0 += lanes
        }
    }

    /// Row passes on a canvas: 8 rows of whole pixels (4 channels) transposed into a bundle.
    private func canvasRows(_ origin: UnsafeMutablePointer<UInt8>, columns: Int, rows: Int, rowBytes: Int, d: Int,
                            extend: Bool) {
        let perBundle = BoxBundle.lanes / 4
        var y0 = 0
        while y0 < rows {
            let k = Swift.min(perBundle, rows - y0)
            let line = UnsafeMutableRawPointer(bundle.a), step = BoxBundle.lanes
            for j in 0..<k {
                let row = UnsafeRawPointer(origin + (y0 + j) * rowBytes)
                for x in 0..<columns {
                    line.storeBytes(of: row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self),
                                    toByteOffset: step * x + 4 * j, as: UInt32.self)
                }
            }
            let out = UnsafeRawPointer(bundle.run(d: d, extend: extend))
            for j in 0..<k {
                let row = UnsafeMutableRawPointer(origin + (y0 + j) * rowBytes)
                for x in 0..<columns {
                    row.storeBytes(of: out.loadUnaligned(fromByteOffset: step * x + 4 * j, as: UInt32.self),
                                   toByteOffset: 4 * x, as: UInt32.self)
                }
            }
            y0 += perBundle
        }
    }
}
