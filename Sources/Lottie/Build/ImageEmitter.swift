// An image layer's picture in the display list.
//
// The layer's content is its image's w × h rectangle (0, 0) – (w, h) in layer space, filled with
// an image paint: pixel (i, j) of a W × H bitmap covers [i·w/W, (i+1)·w/W] × [j·h/H, (j+1)·h/H],
// i.e. the paint's transform is scale(w/W, h/H), sampled bilinearly. The layer group's transform
// (any affine: rotation, skew, scale) places it, so the renderer samples under the full CTM.

import Geometry
import Render

extension DisplayList {
    mutating func emitImage(_ image: LoadedImage) {
        let id = addImage(image.bitmap)
        let k = Transform.scale(image.width / Double(image.bitmap.width), image.height / Double(image.bitmap.height))
        fill(paint: .image(ImagePattern(id, transform: k, sampling: .bilinear))) {
            $0.appendRectangle(width: image.width, height: image.height)
        }
    }
}
