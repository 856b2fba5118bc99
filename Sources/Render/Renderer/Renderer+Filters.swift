// Renderer+Filters.swift — a group's filter stage run on its layer (Model/Filters.swift).
//
// A group with filters always draws off-screen (Renderer+Groups.swift). At `endGroup`, with L
// the layer and B its drawn box (the whole layer without the damage shortcut), the masks
// (Renderer+Masks.swift), filters and matte (Renderer+Mattes.swift) run on L in the order of
// Nodes.swift, "The order of a group's effects" (`applyLayerStages`). Each filter reads B anew (the one before may have grown it).
// With T the group's device transform and s = √|det T| its mean scale:
//
//     blur        σ_d = σ·s (both axes), σ·|T·(1, 0)| (horizontal), σ·|T·(0, 1)| (vertical);
//                 Raster's GaussianBlur over B grown by reach(σ_d) along the blurred axes
//     dropShadow  offset d_d = T·d − T·0 (turns and scales with the group), σ_d = σ·s;
//                 R = B ∪ (B moved by d_d, grown by reach(σ_d) + 1), the A8 mask ← L's alpha
//                 moved by d_d (Raster's Shadow.loadShiftedAlpha, bilinear), blurred over R,
//                 then spread and composited under L over R (Shadow.composite)
//     tritone     Raster's Tritone over B (transparent pixels stay transparent)
//     levels      Raster's Levels over B (transparent pixels stay transparent)
//     colorMatrix Raster's colour filter over B, in place
//
// Every write notes its box in the layer's damage, so the layer is composited over all of it,
// and parts of a blur or shadow outside the shapes' bounds are drawn with the damage shortcut
// too. The blur's edge mode matters only at the canvas's edges (inside, B's margin is
// transparent either way). σ_d is clamped to GaussianBlur.maximumSigma, and a larger one is
// reported (RenderReport's filterSigma; Lottie names the effect before rendering).
//
// Steady state: the A8 mask is the masks' coverage surface (MaskSurfaces), the blur's bundle
// lines and the tritone's and levels' tables are kept, the shadow's colour table is on the stack — no
// allocation per frame.
import Geometry
import Raster

extension Renderer {
    /// Runs the group's masks, filters and matte on the layer of `entry`, in the order of
    /// Nodes.swift, "The order of a group's effects" (step 2).
    func applyLayerStages(of entry: Entry, in list: DisplayList) {
        guard entry.group >= 0, !list.groups[entry.group].filters.isEmpty else {
            applyMatte(of: entry, in: list)
            applyMasks(of: entry, in: list)
            return
        }
        applyMasks(of: entry, in: list)
        applyFilters(of: entry, in: list)
        applyMatte(of: entry, in: list)
    }

    /// Runs the filters of the group of `entry` on its layer.
    func applyFilters(of entry: Entry, in list: DisplayList) {
        guard let layer = entry.layer, entry.group >= 0 else { return }
        let canvas = layer.canvas
        blur.kernels = rasterizer.kernels
        for filter in list.filters(ofGroup: entry.group) {
            let box = contentBox(of: canvas)
            guard !box.isEmpty else { return }
            switch filter {
            case .blur(let sigma, let axes, let edge):
                let t = entry.transform
                let scale: Double
                switch axes {
                case .both: scale = deviceScale(of: t)
                case .horizontal: scale = (t.a * t.a + t.b * t.b).squareRoot()
                case .vertical: scale = (t.c * t.c + t.d * t.d).squareRoot()
                }
                let deviceSigma = sigma * scale
                if deviceSigma > GaussianBlur.maximumSigma { report.unsupported.insert(.filterSigma) }
                let grow = GaussianBlur.reach(sigma: deviceSigma)
                guard grow > 0 else { continue }
                let gx = axes == .vertical ? 0 : grow, gy = axes == .horizontal ? 0 : grow
                let region = PixelBox(minX: box.minX - gx, minY: box.minY - gy, maxX: box.maxX + gx, maxY: box.maxY + gy)
                blur.blur(canvas, sigma: deviceSigma, in: region.clipped(width: canvas.width, height: canvas.height),
                          edge: edge, axes: axes)
            case .dropShadow(let shadow):
                drawShadow(shadow, of: entry.transform, on: canvas, box: box)
            case .tritone(let colors):
                tritone.apply(to: canvas, highlights: colors.highlights, midtones: colors.midtones,
                              shadows: colors.shadows, blend: colors.blend, in: box)
            case .levels(let parameters):
                levels.apply(parameters, to: canvas, in: box)
            case .colorMatrix(let colorFilter):
                colorFilter.apply(to: canvas, in: box, kernels: rasterizer.kernels)
            }
        }
    }

    /// The drop shadow step of the header.
    private func drawShadow(_ shadow: DropShadow, of transform: Transform, on canvas: Canvas, box: PixelBox) {
        let d = transform.applyToVector(shadow.offset)
        let deviceSigma = shadow.sigma * deviceScale(of: transform)
        if deviceSigma > GaussianBlur.maximumSigma { report.unsupported.insert(.filterSigma) }
        let grow = GaussianBlur.reach(sigma: deviceSigma) + 1
        // Offsets beyond the canvas's size move the shadow off it entirely.
        let limit = Double(canvas.width + canvas.height + 2 * grow + 2)
        let dx = Swift.min(Swift.max(d.x.isFinite ? d.x : 0, -limit), limit)
        let dy = Swift.min(Swift.max(d.y.isFinite ? d.y : 0, -limit), limit)
        let moved = PixelBox(minX: box.minX + Int(dx.rounded(.down)) - grow, minY: box.minY + Int(dy.rounded(.down)) - grow,
                             maxX: box.maxX + Int(dx.rounded(.up)) + grow, maxY: box.maxY + Int(dy.rounded(.up)) + grow)
        let region = PixelBox(minX: Swift.min(box.minX, moved.minX), minY: Swift.min(box.minY, moved.minY),
                              maxX: Swift.max(box.maxX, moved.maxX), maxY: Swift.max(box.maxY, moved.maxY))
            .clipped(width: canvas.width, height: canvas.height)
        guard !region.isEmpty else { return }
        maskSurfaces.prepare(width: canvas.width, height: canvas.height)
        let mask = maskSurfaces.coverage
        Shadow.loadShiftedAlpha(of: canvas, dx: dx, dy: dy, into: mask, in: region)
        if grow > 1 { blur.blur(mask, sigma: deviceSigma, in: region, edge: .transparent) }
        let color = PremultipliedRGBA8(RGBA(r: shadow.color.r, g: shadow.color.g, b: shadow.color.b, a: shadow.opacity))
        Shadow.composite(mask, color: color, under: canvas, in: region, shadowOnly: shadow.shadowOnly, spread: shadow.spread)
    }
}
