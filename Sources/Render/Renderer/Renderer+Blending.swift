// Renderer+Blending.swift — a group with a blend mode other than normal put onto its backdrop.
//
// The group is isolated: its children are composited among themselves onto a transparent
// layer L (their own blend modes act inside L), then L is blended with what lies under it — the
// canvas or the enclosing group's layer, whichever the parent draws into — with the W3C
// Compositing and Blending formula (Raster's BlendMode.swift has it, per premultiplied pixel,
// with Cs, Cb the straight colours and αs, αb the alphas):
//
//     co = αs·(1 − αb)·Cs + αs·αb·B(Cb, Cs) + (1 − αs)·αb·Cb,   αo = αs + αb·(1 − αs)
//
// where L has had the group's other effects applied first, in the order of Nodes.swift's "The
// order of a group's effects" (αs includes them). So a blend group always takes a layer: it is
// never folded, because B is not linear in the source and cannot be distributed over the
// children. Only the box that holds L's non-transparent pixels is blended (outside it αs = 0
// and co = Cb·αb: the backdrop, unchanged).
//
// A clip path here is applied as one more coverage (L·clip coverage, destination-in) instead
// of being L's paint; a colour filter is applied by compositing L through it onto a second
// pooled transparent layer (source-over onto transparent: exactly filter(L)), which is then
// blended.
import Geometry
import Raster

extension Renderer {
    /// Blends the layer of `entry` (its group's mode ≠ normal) onto `below`.
    func blendLayer(of entry: Entry, mode: BlendMode, onto below: Canvas, in list: DisplayList) {
        guard let layer = entry.layer else { return }
        if let clip = entry.clip {
            let box = contentBox(of: layer.canvas)
            maskSurfaces.prepare(width: layer.canvas.width, height: layer.canvas.height)
            let coverage = maskSurfaces.coverage
            coverage.fill(0, in: box)
            list.withPath(clip.path) { path in
                _ = rasterizer.fill(path, transform: entry.transform, rule: clip.rule, into: coverage)
            }
            Compositing.applyMask(coverage, to: layer.canvas, in: box, kernels: rasterizer.kernels)
        }
        var source = layer
        var filtered: Layer?
        if let filter = entry.layerFilter {
            let copy = layers.acquire(matching: layer.canvas, clearsOnlyDamage: shortcuts.contains(.damage))
            rasterizer.composite(layer, filter: filter, opacity: 1, onto: copy.canvas)
            source = copy
            filtered = copy
        }
        Compositing.blend(source.canvas, onto: below, mode: mode, opacity: entry.layerOpacity,
                          in: contentBox(of: source.canvas), kernels: rasterizer.kernels)
        if let filtered { layers.release(filtered) }
    }
}
