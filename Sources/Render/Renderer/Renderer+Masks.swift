// Renderer+Masks.swift — a group's masks multiplied into its layer.
//
// A group with masks always draws off-screen (Renderer+Groups.swift). When its children are
// drawn, with L the layer and B the box that holds every pixel of L that may be non-transparent
// (the layer's drawn box; the whole layer without the damage shortcut — outside B, L = 0 and
// stays 0 whatever the masks say), the masks k = 0 … n − 1 of the group are, in order:
//
//     P_k  = coverage of the mask's outline in device pixels: its path, offset by the expansion
//            e_k (Geometry's `Path.offset(by:)`, outwards when e_k > 0, inwards when < 0, round
//            joins) in the group's coordinates, mapped by the group's device transform and
//            filled (non-zero) into an A8 mask — the same coverage a fill of it composites
//     P_k  ← G_σ * P_k, Raster's gaussian blur (GaussianBlur.swift: three box passes) with
//            σ = feather_k/2 · √|det T| device pixels (at most GaussianBlur.maximumSigma, 60: a
//            larger σ is blurred at 60 and reported), when the mask has a feather; P_k is then
//            rasterised over B grown by the blur's reach, so coverage just outside B blurs in;
//            beyond the canvas edge the blur reads the edge pixel (`BlurEdge.extend`: a mask
//            running past the frame stays solid at the frame's edge)
//     C_k  = (inverted ? 1 − P_k : P_k)·o_k
//     A    = A_0 (1 or 0 by the first mask's mode), then A ← combine_k(A, C_k)
//
// (Raster's MaskCombination.swift has the combination rules and the 8-bit kernels) and then
// L ← L·A (destination-in, Compositing.applyMask), all inside B. The expansion and the
// feather are lengths in the group's coordinates (Lottie's mask `x` and `f`, in the layer's
// pixels): an expansion is applied before the transform, so it scales, rotates and shears with
// the group exactly; a feather is a blur radius, turned into device pixels by the transform's
// mean scale √|det T| (exact for similarity transforms — translate, rotate, uniform scale — and
// an isotropic approximation under non-uniform scale or shear).
//
// The feather σ = f/2: Lottie's `f` read as the width over which the edge fades, ≈ ±σ around
// the outline; docs/mask-feather.md has the model, its measured error and what is not yet known).
//
// Steady state: the two A8 masks (the accumulated A and one P) are kept at the canvas size, and
// an expanded outline is kept per mask index while the mask's path, expansion and device scale
// are unchanged, so a still or translated mask costs no allocation; a moving expansion recomputes
// its outline (Geometry allocates) each frame.
import Geometry
import Raster

/// The A8 surfaces a renderer keeps for masks, at the canvas size.
final class MaskSurfaces {
    private(set) var accumulated = CoverageMask(width: 0, height: 0)
    private(set) var coverage = CoverageMask(width: 0, height: 0)

    /// Makes both masks `width`×`height` (reallocated only when the size changes).
    func prepare(width: Int, height: Int) {
        guard accumulated.width != width || accumulated.height != height else { return }
        accumulated = CoverageMask(width: width, height: height)
        coverage = CoverageMask(width: width, height: height)
    }
}

/// The outline of one mask index expanded last time, reused while its inputs are the same.
struct ExpandedOutline {
    var source: [PathElement] = []
    var distance = 0.0
    var tolerance = 0.0
    var outline: Path?
}

extension Renderer {
    /// Multiplies the layer of `entry` by the combined coverage of its group's masks.
    func applyMasks(of entry: Entry, in list: DisplayList) {
        guard let layer = entry.layer, entry.group >= 0 else { return }
        let masks = list.groups[entry.group].masks
        guard !masks.isEmpty else { return }
        let canvas = layer.canvas
        let box = contentBox(of: canvas)
        guard !box.isEmpty else { return }
        maskSurfaces.prepare(width: canvas.width, height: canvas.height)
        let accumulated = maskSurfaces.accumulated, coverage = maskSurfaces.coverage
        let first = list.masks[Int(masks.lowerBound)]
        Compositing.beginMasks(accumulated, firstMode: first.mode, in: box)
        for k in Int(masks.lowerBound)..<Int(masks.upperBound) {
            let mask = list.masks[k]
            let sigma = mask.feather > 0 && mask.feather.isFinite ? mask.feather / 2 * deviceScale(of: entry.transform) : 0
            if sigma > GaussianBlur.maximumSigma { report.unsupported.insert(.featherSigma) }
            let grow = GaussianBlur.reach(sigma: sigma)
            let maskBox = PixelBox(minX: box.minX - grow, minY: box.minY - grow, maxX: box.maxX + grow, maxY: box.maxY + grow)
                .clipped(width: canvas.width, height: canvas.height)
            coverage.fill(0, in: maskBox)
            rasterizeMask(mask, index: k, of: list, transform: entry.transform, into: coverage)
            if grow > 0 {
                blur.kernels = rasterizer.kernels
                blur.blur(coverage, sigma: sigma, in: maskBox, edge: .extend)
            }
            Compositing.combineMask(coverage, mode: mask.mode, opacity: clamp01(mask.opacity), inverted: mask.inverted,
                                    into: accumulated, in: box, kernels: rasterizer.kernels)
        }
        Compositing.applyMask(accumulated, to: canvas, in: box, kernels: rasterizer.kernels)
    }

    /// The box that holds every pixel of `canvas` (cleared transparent) that may be non-transparent.
    func contentBox(of canvas: Canvas) -> PixelBox {
        guard let area = canvas.drawnArea else { return .whole(width: canvas.width, height: canvas.height) }
        guard !area.rows.isEmpty, !area.columns.isEmpty else { return .empty }
        return PixelBox(minX: area.columns.lowerBound, minY: area.rows.lowerBound, maxX: area.columns.upperBound,
                        maxY: area.rows.upperBound)
    }

    /// Writes P_k (the header) into `coverage`, which is zero inside the box the caller reads.
    private func rasterizeMask(_ mask: Mask, index k: Int, of list: DisplayList, transform: Transform,
                               into coverage: CoverageMask) {
        guard mask.expansion != 0 else {
            list.withPath(mask.path) { path in _ = rasterizer.fill(path, transform: transform, into: coverage) }
            return
        }
        while expandedOutlines.count <= k { expandedOutlines.append(ExpandedOutline()) }
        // Flattening tolerance in the group's units: Geometry's default in device pixels.
        let scale = deviceScale(of: transform)
        let tolerance = PolygonLimits.defaultTolerance / (scale > 1e-9 ? scale : 1)
        let outline: Path? = list.withPath(mask.path) { path in
            let kept = expandedOutlines[k]
            if kept.distance == mask.expansion && kept.tolerance == tolerance && kept.source == path.elements {
                return kept.outline
            }
            let expanded = try? path.offset(by: mask.expansion, join: .round, tolerance: tolerance)
            expandedOutlines[k] = ExpandedOutline(source: path.elements, distance: mask.expansion, tolerance: tolerance,
                                                  outline: expanded)
            return expanded
        }
        if let outline {
            rasterizer.fill(outline, transform: transform, into: coverage)
        } else {
            // Geometry refused the offset (too many vertices, coordinates out of range): the mask
            // is drawn with its own outline, and the report says so.
            report.unsupported.insert(.maskExpansion)
            list.withPath(mask.path) { path in _ = rasterizer.fill(path, transform: transform, into: coverage) }
        }
    }

    /// The mean linear scale of `transform`: √|det|.
    func deviceScale(of transform: Transform) -> Double {
        abs(transform.determinant).squareRoot()
    }
}
