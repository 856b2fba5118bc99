// Which of the display list's compositing nodes the renderer draws (asked, not assumed)
//
// Masks, mattes and blend modes are emitted into the display list by the builder
// (LayerCompositingEmitter.swift); whether they show depends on Render. Render says so itself:
// a node it cannot draw yet is named in its RenderReport. So once per process a 1 × 1 list with
// a masked group, a matted group and a multiply group is rendered, and the report's
// `unsupported` set decides whether the feature inventory calls masks, track mattes and blend
// modes supported (FeatureInventory.isSupported) — the warnings go away by themselves when
// Render draws them.

import Geometry
import Raster
import Render

enum RendererCapabilities {
    /// What the renderer reported as not drawn for the probe list.
    static let notDrawn: UnsupportedFeatures = {
        var list = DisplayList()
        let square = list.addPath { $0.appendRectangle(width: 1, height: 1) }
        list.group(Group()) { list in
            list.addMask(Mask(.add, path: square))
            list.fill(square, paint: .solid(.white))
        }
        list.beginGroup(Group(matte: .alpha))
        list.beginMatte()
        list.fill(square, paint: .solid(.white))
        list.endMatte()
        list.fill(square, paint: .solid(.white))
        list.endGroup()
        list.group(Group(blendMode: .multiply)) { list in list.fill(square, paint: .solid(.white)) }
        return Renderer().render(list, background: .clear, transform: .identity, on: Canvas(width: 1, height: 1)).unsupported
    }()

    static var drawsMasks: Bool { !notDrawn.contains(.masks) }
    static var drawsMattes: Bool { !notDrawn.contains(.mattes) }
    static var drawsBlendModes: Bool { !notDrawn.contains(.blendModes) }
}
