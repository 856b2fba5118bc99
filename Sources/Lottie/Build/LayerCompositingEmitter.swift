// A layer's masks, track matte and blend mode as display-list nodes
// (Model/LayerCompositing.swift has the Lottie rules, Render's Nodes.swift the node model).
//
//   layer group      Group(transform M_layer, opacity o_layer, blendMode bm), then one
//                    DisplayList.addMask per mask whose mode is not "n", in file order:
//                    Mask(mode, path pt(f) in the layer's coordinates, opacity o(f) clamped to
//                    [0, 1], inverted inv, expansion x(f), feather f(f): MaskFeather.swift);
//                    then the layer's filter stage (EffectStage.swift); a stroke effect
//                    painting on the original or on transparent drops the masks as lottie-web
//                    does (StrokeEffect.keepsMasks)
//   matted layer     group Group(blendMode bm, matte tt)      in the composition's coordinates
//                      beginMatte … the source layer as it would be drawn … endMatte
//                      the layer's group (blend normal: the blend applies to the matted result)
//                    endGroup
//
// Mask paths are built in the list's reused path slots (no allocation once warm).

import Geometry
import Raster
import Render

extension LottieBuilder.LayerEmitter {
    /// Opens the group of `layer` and adds its masks.
    mutating func beginLayerGroup(_ layer: LottieLayer, frame: Double, _ group: Group) {
        var group = group
        if matteTakesBlend {
            matteTakesBlend = false
        } else {
            group.blendMode = layer.blendMode
        }
        list.beginGroup(group)
        let keepsMasks = StrokeEffect.keepsMasks(layer, frame)
        for mask in layer.masks where keepsMasks {
            guard let mode = mask.mode else { continue }
            mask.path.evaluate(at: frame, into: &builder.bezier)
            let builder = self.builder
            let path = list.addPath { builder.bezier.append(to: &$0) }
            let opacity = min(1, max(0, mask.opacity.value(at: frame)))
            let expansion = mask.expansion.value(at: frame)
            list.addMask(Mask(mode, path: path, opacity: opacity.isNaN ? 0 : opacity, inverted: mask.inverted,
                              expansion: expansion.isFinite ? expansion : 0,
                              feather: MaskFeather.width(mask.feather, at: frame)))
        }
        EffectStage.addFilters(of: layer, frame: frame, into: &list)
    }

    mutating func beginMatte(for layer: LottieLayer, mode: MatteMode) {
        list.beginGroup(Group(blendMode: layer.blendMode, matte: mode))
        list.beginMatte()
    }

    mutating func endMatteSource() {
        list.endMatte()
        matteTakesBlend = true
    }

    mutating func endMatte() {
        matteTakesBlend = false
        list.endGroup()
    }
}
