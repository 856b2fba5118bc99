// Renderer+Mattes.swift — a group shown through its matte source (Lottie track mattes).
//
// A group with a matte always draws off-screen (Renderer+Groups.swift). Its matte source —
// the commands between beginMatte and endMatte, in the group's coordinates — is drawn first,
// source-over onto a second pooled transparent layer S (never onto the canvas: the source is
// not shown). The group's children then draw into its own layer L, and when the group ends,
// inside the box B that holds every pixel of L that may be non-transparent (outside it L = 0
// whatever the matte says),
//
//     L ← L·m(S)     m = αS, 1 − αS, Y(S) or 1 − Y(S)   (alpha, inverted alpha, luma, inverted luma)
//
// with Raster's matte kernel (Matte.swift: Y of the premultiplied pixel with Rec.709 weights,
// 8-bit arithmetic), at the step Nodes.swift's "The order of a group's effects" gives it. S goes back to the pool then. A matte source's own groups may take layers as any
// group does (opacity, blend, masks, a matte of their own), nested inside S.
import Geometry
import Raster

extension Renderer {
    /// Opens the matte source of the innermost group (command `index`, its endMatte at `end`);
    /// returns the next command to run. A group drawn in place (the layer depth ran out, reported)
    /// cannot be matted: its source is skipped.
    func beginMatte(at index: Int, end: Int) -> Int {
        let owner = stack[stack.count - 1]
        guard owner.layer != nil, owner.group >= 0, layerDepth < Renderer.maximumLayerDepth else {
            report.unsupported.insert(.layerDepth)
            return end + 1
        }
        let layer = layers.acquire(matching: owner.target, clearsOnlyDamage: shortcuts.contains(.damage))
        layerDepth += 1
        stack.append(Entry(transform: owner.transform, opacity: 1, filter: nil, target: layer.canvas, layer: layer,
                           scissor: owner.scissor, isMatteSource: true))
        return index + 1
    }

    /// Closes a matte source: its layer is kept by the group for `applyMatte`.
    func endMatte() {
        let source = stack.removeLast()
        precondition(source.isMatteSource, "endMatte: no open matte source")
        stack[stack.count - 1].matte = source.layer
    }

    /// Multiplies the group's layer by its matte source's matte value, then returns the source's
    /// layer to the pool.
    func applyMatte(of entry: Entry, in list: DisplayList) {
        guard let matte = entry.matte else { return }
        if let layer = entry.layer, let mode = list.groups[entry.group].group.matte {
            Compositing.applyMatte(matte.canvas, mode: mode, to: layer.canvas, in: contentBox(of: layer.canvas),
                                   kernels: rasterizer.kernels)
        }
        layers.release(matte)
        layerDepth -= 1
    }
}
