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
// Kernels. The column passes run 16 bytes (16 mask pixels or 4 RGBA pixels) side by side in
// SIMD16<UInt32> lanes; the row passes run per pixel (scalar, one running sum per channel) in
// both builds. `.scalar` runs the column passes one byte at a time with the same integers, so
// the two are byte-identical (kernel audit "blur.mask", "blur.rgba").
//
// Scratch: one line of the box (the running sum reads the input a window behind where it
// writes) — kept in the `GaussianBlur` object and grown, never shrunk: no allocation per frame
// in steady state.

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
    /// `.scalar` is the reference the SIMD column passes are tested against.
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

    /// The three (l, r) box extents for width d (the header).
    /// Pass `k` (0, 1, 2) of them — one pass at a time, not an array: a blur allocates nothing.
    static func box(_ k: Int, width d: Int) -> (l: Int, r: Int) {
        if d % 2 == 1 { let h = (d - 1) / 2; return (h, h) }
        let h = d / 2
        switch k {
        case 0: return (h, h - 1)
        case 1: return (h - 1, h)
        default: return (h, h)
        }
    }

    private func run(_ origin: UnsafeMutablePointer<UInt8>, columns: Int, rows: Int, rowBytes: Int, channels: Int,
                     d: Int, extend: Bool, axes: BlurAxes = .both) {
        let alongRows = axes != .vertical, alongColumns = axes != .horizontal
        scratch.ensureCapacity(Swift.max(columns * channels, rows * 16))
        let line = scratch.base
        for k in 0..<3 where alongRows {
            let (l, r) = GaussianBlur.box(k, width: d)
            for y in 0..<rows {
                let row = origin + y * rowBytes
                for c in 0..<channels {
                    GaussianBlur.boxLine(row + c, count: columns, stride: channels, l: l, r: r, extend: extend,
                                         scratch: line)
                }
            }
        }
        let bytes = columns * channels
        for k in 0..<3 where alongColumns {
            let (l, r) = GaussianBlur.box(k, width: d)
            var x = 0
            if kernels == .simd {
                while x + 16 <= bytes {
                    GaussianBlur.boxLines16(origin + x, count: rows, stride: rowBytes, l: l, r: r, extend: extend,
                                            scratch: line)
                    x += 16
                }
            }
            while x < bytes {
                GaussianBlur.boxLine(origin + x, count: rows, stride: rowBytes, l: l, r: r, extend: extend, scratch: line)
                x += 1
            }
        }
    }

    /// m = round(2¹⁶/D).
    @inline(__always) static func reciprocal(_ l: Int, _ r: Int) -> UInt32 {
        let D = UInt32(l + r + 1)
        return (65536 + D / 2) / D
    }

    /// One box pass over `count` bytes at `stride` (the header's running sum), in place.
    static func boxLine(_ base: UnsafeMutablePointer<UInt8>, count n: Int, stride: Int, l: Int, r: Int, extend: Bool,
                        scratch: UnsafeMutablePointer<UInt8>) {
        for i in 0..<n { scratch[i] = base[i * stride] }
        @inline(__always) func value(_ k: Int) -> UInt32 {
            if k >= 0 && k < n { return UInt32(scratch[k]) }
            return extend ? UInt32(scratch[k < 0 ? 0 : n - 1]) : 0
        }
        let m = reciprocal(l, r)
        var sum: UInt32 = 0
        for k in (-1 - l)..<r { sum &+= value(k) }
        for i in 0..<n {
            sum &+= value(i + r)
            sum &-= value(i - l - 1)
            base[i * stride] = UInt8(truncatingIfNeeded: (sum &* m &+ 32768) &>> 16)
        }
    }

    /// The same pass over 16 adjacent lines (bytes base[0…15] + i·stride) in SIMD lanes.
    static func boxLines16(_ base: UnsafeMutablePointer<UInt8>, count n: Int, stride: Int, l: Int, r: Int,
                           extend: Bool, scratch: UnsafeMutablePointer<UInt8>) {
        typealias V = SIMD16<UInt32>
        for i in 0..<n {
            (scratch + 16 * i).update(from: base + i * stride, count: 16)
        }
        let zero = V(repeating: 0)
        @inline(__always) func load(_ k: Int) -> V {
            var j = k
            if j < 0 || j >= n {
                guard extend else { return zero }
                j = j < 0 ? 0 : n - 1
            }
            return V(truncatingIfNeeded: UnsafeRawPointer(scratch + 16 * j).loadUnaligned(as: SIMD16<UInt8>.self))
        }
        let m = V(repeating: reciprocal(l, r))
        var sum = zero
        for k in (-1 - l)..<r { sum &+= load(k) }
        for i in 0..<n {
            sum &+= load(i + r)
            sum &-= load(i - l - 1)
            let out = SIMD16<UInt8>(truncatingIfNeeded: (sum &* m &+ 32768) &>> 16)
            UnsafeMutableRawPointer(base + i * stride).storeBytes(of: out, as: SIMD16<UInt8>.self)
        }
    }
}
