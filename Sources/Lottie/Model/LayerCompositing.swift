// How a layer is composited beyond transform and opacity: masks, track matte, blend mode
// (spec layers.md "Mattes", helpers mask.json, constants mask-mode / matte-mode / blend-mode)
//
// Masks (`masksProperties`, in the layer's own coordinates). Mask k is a bezier path `pt` with
// a mode, an opacity `o` (percent), `inv` and an expansion `x` (the outline offset outwards by
// x units, inwards when negative). With m_k(p) its coverage (1 − m_k when inverted, times its
// opacity), the mask value of the layer is After Effects' fold over the masks in file order,
// A_0 = 1 when the first mask subtracts, intersects or darkens, else 0:
//
//     a  add:        A + m − A·m          s  subtract:   A·(1 − m)       i  intersect:  A·m
//     l  lighten:    max(A, m)            d  darken:     min(A, m)       f  difference: A + m − 2·A·m
//     n  none:       the mask takes no part (skipped)
//
// and the layer's pixels are multiplied by the final A (Raster's MaskCombination.swift computes
// it; the display list's `Mask` carries each one). A missing mode is "i" (the spec's default).
// Feather (`f`, a blur of the mask's coverage) is read and reported when not zero (Coverage).
//
// Track mattes. A layer with `tt` (1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma) is
// shown through the pixels S of its matte source: alpha S.a, luma the luminance of S, the
// inverted forms 1 − that. The source is the layer whose `ind` is the layer's `tp` (newer
// files), else the layer directly above it in the list (the classic rule). A layer with
// `td` = 1 is a matte source: it is never drawn on its own; it is drawn into the matte even when
// hidden (`hd`, spec "Hidden Layers"). A source outside its [ip, op) at a frame contributes
// nothing (an empty matte: alpha shows nothing, inverted alpha everything). A source may itself
// have a matte, parents, a transform or be a precomposition; chains of mattes that loop are
// refused at decode.
//
// Blend modes (`bm` on a layer): 0 normal, 1 multiply, 2 screen, 3 overlay, 4 darken,
// 5 lighten, 6 colour dodge, 7 colour burn, 8 hard light, 9 soft light, 10 difference,
// 11 exclusion, 12 hue, 13 saturation, 14 colour, 15 luminosity, 16 add (Raster's BlendMode
// has each); 17 hard mix has no kernel and is reported. A matted layer blends the matted
// result onto what is below (the blend applies outside the matte).

import Raster

/// One layer mask (see the file header).
public struct LayerMask: Sendable {
    /// nil: mode "n" (none), which takes no part.
    public var mode: MaskMode?
    public var path: ShapeProperty
    /// In [0, 1].
    public var opacity: ScalarProperty
    public var inverted: Bool
    /// Outline offset in layer units (outwards when positive).
    public var expansion: ScalarProperty
    /// Feather `f` (x, y) in layer units: the width of the soft edge (Render's Mask.feather;
    /// drawn with the mean of |x| and |y|, MaskFeather.swift).
    public var feather: VectorProperty? = nil
}

/// A layer's track matte: the mode and the position of its source layer in the same composition.
public struct LayerMatte: Sendable {
    public var mode: MatteMode
    /// Position of the matte source in the composition's list.
    public var source: Int
}

/// The Lottie codes of each mode.
enum LottieCompositingCodes {
    /// `mode` of a mask; nil for "n"; throws nothing — unknown letters are the caller's error.
    static func maskMode(_ code: String) -> MaskMode?? {
        switch code {
        case "a": return .some(.add)
        case "s": return .some(.subtract)
        case "i": return .some(.intersect)
        case "l": return .some(.lighten)
        case "d": return .some(.darken)
        case "f": return .some(.difference)
        case "n": return .some(nil)
        default: return nil
        }
    }

    /// `tt` 1…4.
    static func matteMode(_ code: Int) -> MatteMode? {
        switch code {
        case 1: return .alpha
        case 2: return .invertedAlpha
        case 3: return .luma
        case 4: return .invertedLuma
        default: return nil
        }
    }

    /// `bm` 0…16 (17, hard mix, has none).
    static func blendMode(_ code: Int) -> BlendMode? {
        let modes: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                  .hardLight, .softLight, .difference, .exclusion, .hue, .saturation, .color,
                                  .luminosity, .add]
        return modes.indices.contains(code) ? modes[code] : nil
    }
}
