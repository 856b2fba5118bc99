// Layer.swift — draw a group off-screen, then composite it with a colour filter and an opacity.
//
// Model (SwiftUI `.hueRotation(_:)` / `.opacity(_:)` on a group of views, CSS filter + opacity on
// an element; docs/ANIMATIONS.md §1.2 and §2.5). With L the group drawn source-over onto
// transparent black (premultiplied RGBA8) and o the layer opacity:
//
//     L'  = filter(L)                  per pixel: un-premultiply, colour matrix, clamp to [0, 1],
//                                      premultiply (ColorFilter.swift)
//     out = L'·o + dst·(1 − α_L'·o)    source-over of L' at opacity o
//
// In 8 bits: o8 = round(o·255), S = div255(L'·o8), out = S + div255(D·(255 − S_α)) — exactly the
// compositor's constant-coverage kernel (Compositor.swift). Group opacity differs from giving each
// shape the opacity where shapes overlap: the group's overlap is not blended twice.
//
// A hue rotation (any matrix with `isPremultipliedLinear`) runs on the premultiplied pixels,
// clamping each channel to [0, α]; ColorFilter.swift shows this equals the un-premultiplied form
// exactly in real arithmetic, and on 8-bit pixels it avoids the division's rounding. Other
// matrices take the un-premultiplied path.
//
// Folding instead. When the group is one gradient fill, passing the filter to the paint folds it
// into the colour table (free per pixel, filter applied to the exact colour: ±1 of the exact
// result, GradientLUT.swift). The layer path filters the already rounded 8-bit pixel, so the
// rounding (±0.5 per channel, more at anti-aliased edges where coverage scaling rounds too) is
// amplified by the matrix row: |Δ| ≤ 0.5·Σ_j|M_kj| + 0.5 before rounding. The hue matrix's
// Σ_j|M_kj| is 1 at h = 0 but reaches 2.15 at 90°, 2.71 at 180° and 2.72 at ≈184°, so 8-bit
// filtering cannot promise ±1. Measured on the §2.4 heart gradient (LayerTests): folded vs layer
// within ±1 at h = 0/360; within 2 inside the shape and 3 at its edge at 90°, 180°, 270° and over
// a sweep of hues (e.g. h = 180°: unfiltered (238, 7, 17) gives B' = 96.67 → 97 on the layer
// path, while the folded table gives 95). Prefer folding whenever the group is a single paint.

@_spi(Internals) import Geometry

// Reuse and sparsity. A layer keeps its canvas (sized to the target) across frames. `begin`
// clears it with `clearDamage` (only what was drawn since its last clear, while the canvas keeps
// its damage; Damage.swift), and `composite` processes only the region that may be
// non-transparent (`Canvas.touched`: the drawn box), row by row — the whole canvas once its
// damage is forgotten (the renderer's plain way). A colour matrix that would make transparent
// pixels visible (an alpha offset) therefore acts only inside that region.

/// An off-screen group of drawing operations, composited with a colour filter and an opacity.
public final class Layer {
    /// The layer's pixels: draw the group into this canvas between `begin` and `composite`.
    public private(set) var canvas: Canvas
    private let filteredRow = ZeroedBuffer<PremultipliedRGBA8>()

    public init() {
        canvas = Canvas(width: 0, height: 0)
    }

    /// Starts a group for `target`: returns the layer's canvas, the size of `target`, fully
    /// transparent. Only what was drawn since the last `begin` is cleared while the canvas keeps
    /// its damage (the canvas is reallocated only when the size changes).
    @discardableResult
    public func begin(matching target: Canvas) -> Canvas {
        if canvas.width != target.width || canvas.height != target.height {
            canvas = Canvas(width: target.width, height: target.height)
        } else {
            canvas.clearDamage(to: .clear, deferred: false)
        }
        return canvas
    }

    /// Composites the layer onto `target` (same size): the filter applied to each pixel, then
    /// source-over at `opacity` (clamped to [0, 1]). Only the drawn region is processed; the
    /// layer itself is left unchanged.
    public func composite(filter: ColorFilter? = nil, opacity: Double = 1, onto target: Canvas,
                          kernels: RasterKernels = .simd) {
        precondition(target.width == canvas.width && target.height == canvas.height,
                     "a layer composites onto a canvas of its own size (call begin(matching:) first)")
        let region = canvas.touched
        let coverage = PremultipliedRGBA8.round255(opacity)
        guard !region.isEmpty, coverage != 0 else { return }
        canvas.resolvePendingClear()
        target.resolvePendingClear()
        let count = region.maxX - region.minX
        let pixelFilter = filter.map(PixelColorFilter.init)
        if pixelFilter != nil { filteredRow.ensureCapacity(count) }
        for y in region.minY..<region.maxY {
            let offset = y * canvas.width + region.minX
            var source = UnsafePointer(canvas.pixels + offset)
            if let pixelFilter {
                pixelFilter.apply(source, into: filteredRow.base, count: count, kernels: kernels)
                source = UnsafePointer(filteredRow.base)
            }
            SpanCompositor.sourceOver(colors: source, coverage: coverage, into: target.pixels + offset, count: count,
                                      kernels: kernels)
        }
        target.noteDrawn(region)
    }
}

extension Rasterizer {
    /// Starts drawing a group into `layer` for `target` (see `Layer.begin(matching:)`); draw into
    /// the returned canvas, then call `composite(_:filter:opacity:onto:)`.
    @discardableResult
    public func beginLayer(_ layer: Layer, for target: Canvas) -> Canvas {
        layer.begin(matching: target)
    }

    /// Composites `layer` onto `target` with `filter` and `opacity`, using this rasterizer's kernels.
    public func composite(_ layer: Layer, filter: ColorFilter? = nil, opacity: Double = 1, onto target: Canvas) {
        let region = layer.canvas.touched
        if !region.isEmpty { compositedPixels &+= (region.maxX - region.minX) * (region.maxY - region.minY) }
        layer.composite(filter: filter, opacity: opacity, onto: target, kernels: kernels)
    }
}
