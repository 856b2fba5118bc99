// Compositing.swift — the entry points of the compositing kernels: blend modes, mask
// combination, masks and mattes applied to a layer.
//
// Two levels:
//   * row level: functions over one run of premultiplied pixels (and A8 coverage bytes), for a
//     renderer that walks its own damage rows;
//   * region level: the same over an explicit `PixelBox` of two same-size surfaces, row by row.
//     The box is clipped to the surfaces; nothing outside it is read or written.
// The renderer decides where a layer is needed and which box can differ; these functions make
// each operation fast and exact (formulas: BlendMode.swift, MaskCombination.swift, Matte.swift;
// sources: docs/compositing.md).
//
// Opacities are quantised to 1/255 steps (o8 = round(o·255), as `Layer.composite` does).
//
// Canvas bookkeeping: a region-level function reads its canvases only after resolving their
// deferred clears, and records the box it wrote in the destination's drawn rows (as
// `Layer.composite` does), so the cheap-clear shortcuts of Canvas stay correct.

/// Blend modes, masks and mattes over rows and regions of pixels.
public enum Compositing {
    // MARK: Blend modes

    /// Composites `source[0..<count]` at `opacity` (0…255) onto `destination[0..<count]` with
    /// `mode`. Exact integer kernels serve normal, multiply, screen, darken, lighten and add; the
    /// other modes run the Float kernel. Both are within ±1 per channel of the W3C formulas.
    public static func blend(_ mode: BlendMode, source: UnsafePointer<PremultipliedRGBA8>, opacity: UInt8 = 255,
                             into destination: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                             kernels: RasterKernels = .simd) {
        if mode.hasIntegerKernel {
            BlendIntegerKernel.composite(mode, source, opacity: opacity, destination, count: count, kernels: kernels)
        } else {
            BlendFloatKernel.composite(mode, source, opacity: opacity, destination, count: count, kernels: kernels)
        }
    }

    /// Composites the pixels of `source` inside `box` onto the same pixels of `destination`
    /// (same size) with `mode` at `opacity` (clamped to [0, 1]).
    public static func blend(_ source: Canvas, onto destination: Canvas, mode: BlendMode, opacity: Double = 1,
                             in box: PixelBox, kernels: RasterKernels = .simd) {
        precondition(source.width == destination.width && source.height == destination.height,
                     "blend: source and destination must have the same size")
        let o8 = PremultipliedRGBA8.round255(opacity)
        let region = box.clipped(width: destination.width, height: destination.height)
        guard !region.isEmpty, o8 != 0 else { return }
        source.resolvePendingClear()
        destination.resolvePendingClear()
        for y in region.minY..<region.maxY {
            let offset = y * destination.width + region.minX
            blend(mode, source: source.pixels + offset, opacity: o8, into: destination.pixels + offset,
                  count: region.width, kernels: kernels)
        }
        destination.noteDrawn(region.bounds)
    }

    // MARK: Masks

    /// Prepares `accumulated` for a layer's masks: fills `box` with the coverage the first
    /// mask's mode starts from (`MaskMode.initialCoverage`).
    public static func beginMasks(_ accumulated: CoverageMask, firstMode: MaskMode, in box: PixelBox) {
        accumulated.fill(firstMode.initialCoverage, in: box)
    }

    /// Combines one mask's path coverage `coverage[0..<count]` (at `opacity` 0…255, inverted or
    /// not) into `accumulated[0..<count]` with `mode` (MaskCombination.swift).
    public static func combineMask(_ mode: MaskMode, coverage: UnsafePointer<UInt8>, opacity: UInt8 = 255,
                                   inverted: Bool = false, into accumulated: UnsafeMutablePointer<UInt8>,
                                   count: Int, kernels: RasterKernels = .simd) {
        MaskCombination.combine(mode, coverage: coverage, opacity: opacity, inverted: inverted, into: accumulated,
                                count: count, kernels: kernels)
    }

    /// Combines `mask` (a path's coverage) into `accumulated` (same size) inside `box`.
    public static func combineMask(_ mask: CoverageMask, mode: MaskMode, opacity: Double = 1, inverted: Bool = false,
                                   into accumulated: CoverageMask, in box: PixelBox,
                                   kernels: RasterKernels = .simd) {
        precondition(mask.width == accumulated.width && mask.height == accumulated.height,
                     "combineMask: masks must have the same size")
        let region = box.clipped(width: mask.width, height: mask.height)
        guard !region.isEmpty else { return }
        let o8 = PremultipliedRGBA8.round255(opacity)
        for y in region.minY..<region.maxY {
            combineMask(mode, coverage: mask.row(y) + region.minX, opacity: o8, inverted: inverted,
                        into: accumulated.row(y) + region.minX, count: region.width, kernels: kernels)
        }
    }

    /// Multiplies `layer[0..<count]` by the coverage `mask[0..<count]` (destination-in).
    public static func applyMask(_ mask: UnsafePointer<UInt8>, to layer: UnsafeMutablePointer<PremultipliedRGBA8>,
                                 count: Int, kernels: RasterKernels = .simd) {
        MatteKernel.apply(mask: mask, to: layer, count: count, kernels: kernels)
    }

    /// Multiplies the pixels of `layer` inside `box` by `mask`'s coverage (same size).
    public static func applyMask(_ mask: CoverageMask, to layer: Canvas, in box: PixelBox,
                                 kernels: RasterKernels = .simd) {
        precondition(mask.width == layer.width && mask.height == layer.height,
                     "applyMask: mask and layer must have the same size")
        let region = box.clipped(width: layer.width, height: layer.height)
        guard !region.isEmpty else { return }
        layer.resolvePendingClear()
        for y in region.minY..<region.maxY {
            applyMask(mask.row(y) + region.minX, to: layer.pixels + y * layer.width + region.minX,
                      count: region.width, kernels: kernels)
        }
        layer.noteDrawn(region.bounds)
    }

    // MARK: Mattes

    /// Multiplies `layer[0..<count]` by the matte value of `matte[0..<count]` (Matte.swift).
    public static func applyMatte(_ mode: MatteMode, matte: UnsafePointer<PremultipliedRGBA8>,
                                  to layer: UnsafeMutablePointer<PremultipliedRGBA8>, count: Int,
                                  kernels: RasterKernels = .simd) {
        MatteKernel.apply(mode, matte: matte, to: layer, count: count, kernels: kernels)
    }

    /// Multiplies the pixels of `layer` inside `box` by the matte value of the same pixels of
    /// `matte` (same size): the layer shown through the matte layer.
    public static func applyMatte(_ matte: Canvas, mode: MatteMode, to layer: Canvas, in box: PixelBox,
                                  kernels: RasterKernels = .simd) {
        precondition(matte.width == layer.width && matte.height == layer.height,
                     "applyMatte: matte and layer must have the same size")
        let region = box.clipped(width: layer.width, height: layer.height)
        guard !region.isEmpty else { return }
        matte.resolvePendingClear()
        layer.resolvePendingClear()
        for y in region.minY..<region.maxY {
            let offset = y * layer.width + region.minX
            applyMatte(mode, matte: matte.pixels + offset, to: layer.pixels + offset, count: region.width,
                       kernels: kernels)
        }
        layer.noteDrawn(region.bounds)
    }
}
