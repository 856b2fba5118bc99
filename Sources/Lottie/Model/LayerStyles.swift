// Layer styles (`sy`, spec layer-style.md): the drop shadow style the model keeps
//
// A style has a type `ty` (0 stroke, 1 drop shadow, 2 inner shadow, 3 outer glow, 4 inner glow,
// 5 bevel and emboss, 6 satin, 7 colour overlay, 8 gradient overlay). The drop shadow (1) is
// drawn (Build/EffectStage.swift): c colour, o opacity (percent), a angle (degrees: the light's
// direction as in Photoshop, counter-clockwise from +x, the shadow cast opposite), s size (the
// blur's extent, layer pixels), d distance (layer pixels), ch choke (percent: Photoshop's spread,
// the blurred coverage m drawn as min(1, m/(1 − ch/100)), ch capped at 99). Not drawn, and
// reported: noise `no` ≠ 0, a blend mode `bm` other than normal (1) or multiply (5, the default) —
// multiply is drawn as normal, the same pixels for a black shadow, so it is reported for any
// other colour — and every other style type.

import Raster

/// A drop shadow layer style.
public struct DropShadowStyle: Sendable {
    public var color: ColorProperty
    /// In [0, 1].
    public var opacity: ScalarProperty
    /// Degrees.
    public var angle: ScalarProperty
    public var size: ScalarProperty
    public var distance: ScalarProperty
    /// Percent.
    public var choke: ScalarProperty
}
