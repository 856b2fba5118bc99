// LayerPool.swift — off-screen canvases for groups, reused across groups and frames.
//
// A group rendered off-screen draws into a canvas the size of the frame, starting transparent;
// when the group ends its layer is composited onto the canvas below and goes back to the pool.
// Nested off-screen groups hold one canvas each, so the pool holds as many canvases as the
// deepest nesting seen (at most Renderer.maximumLayerDepth), each allocated once per frame size:
// in steady state acquiring and releasing allocate nothing.
//
// Starting transparent is where the damage shortcut applies: with it, a canvas coming back is
// cleared only where it was drawn and composited only there (Raster's `Layer`, which reads the
// canvas's damage); without it the damage is forgotten, so every pixel is cleared and composited.
import Raster

final class LayerPool {
    private var free: [Layer] = []
    /// Canvases handed out and not yet released.
    private(set) var inUse = 0

    /// A layer whose canvas matches `target` in size and is fully transparent.
    func acquire(matching target: Canvas, clearsOnlyDamage: Bool) -> Layer {
        let layer = free.popLast() ?? Layer()
        // A canvas whose damage was forgotten (below) is cleared whole by `begin`.
        let canvas = layer.begin(matching: target)
        if !clearsOnlyDamage { canvas.forgetDamage() }
        inUse += 1
        return layer
    }

    func release(_ layer: Layer) {
        inUse -= 1
        free.append(layer)
    }

    /// Canvases kept for reuse.
    var pooled: Int { free.count }
}
