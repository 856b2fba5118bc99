// BlendMode.swift — how a source layer mixes with what is under it (W3C Compositing and Blending
// Level 1, https://www.w3.org/TR/compositing-1/, §5 "Blending", §9 "Porter Duff compositing";
// docs/compositing.md has the sources and the players' behaviour).
//
// Compositing a source layer onto a backdrop with blend mode B is source-over with the blend
// function mixed into the source colour (§5.1, "the result of blending is then composited"):
//
//     Cs' = (1 − αb)·Cs + αb·B(Cb, Cs)                 (straight colours)
//     co  = αs·Cs' + αb·Cb·(1 − αs)                     (source-over, premultiplied result)
//
// i.e. in premultiplied terms, with cs = αs·Cs, cb = αb·Cb:
//
//     co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)
//     αo = αs + αb·(1 − αs)                              (the same for every mode)
//
// A layer opacity o scales the source first: αs ← o·αs, cs ← o·cs (Cs unchanged). Components are
// gamma-encoded sRGB in [0, 1] (docs/ANIMATIONS.md §1.2: compositing in gamma space, as browsers,
// After Effects' default 8-bpc projects and the Lottie players do).
//
// Separable blend functions (§5.3; per channel):
//
//     normal       B = Cs
//     multiply     B = Cb·Cs
//     screen       B = Cb + Cs − Cb·Cs
//     overlay      B = hardLight(Cs: Cb, Cb: Cs)                  (hard-light with the roles swapped)
//     darken       B = min(Cb, Cs)
//     lighten      B = max(Cb, Cs)
//     colorDodge   B = 0 if Cb = 0;  1 if Cs = 1;  else min(1, Cb/(1 − Cs))
//     colorBurn    B = 1 if Cb = 1;  0 if Cs = 0;  else 1 − min(1, (1 − Cb)/Cs)
//     hardLight    B = Cs ≤ ½ ? multiply(Cb, 2·Cs) : screen(Cb, 2·Cs − 1)
//     softLight    B = Cs ≤ ½ ? Cb − (1 − 2·Cs)·Cb·(1 − Cb)
//                             : Cb + (2·Cs − 1)·(D(Cb) − Cb),
//                  D(Cb) = Cb ≤ ¼ ? ((16·Cb − 12)·Cb + 4)·Cb : √Cb
//     difference   B = |Cb − Cs|
//     exclusion    B = Cb + Cs − 2·Cb·Cs
//     add          B = min(1, Cb + Cs)         (not in the W3C list: After Effects' "Add", also
//                                               called linear dodge; see below)
//
// Non-separable blend functions (§5.4; on the colour as a whole):
//
//     Lum(C)       = 0.3·R + 0.59·G + 0.11·B
//     ClipColor(C) : L = Lum(C), n = min(R, G, B), x = max(R, G, B)
//                    if n < 0:  C = L + (C − L)·L/(L − n)
//                    if x > 1:  C = L + (C − L)·(1 − L)/(x − L)
//     SetLum(C, l) = ClipColor(C + (l − Lum(C)))
//     Sat(C)       = max(R, G, B) − min(R, G, B)
//     SetSat(C, s) : Cmax > Cmin ? each channel (C − Cmin)·s/(Cmax − Cmin) : (0, 0, 0)
//                    (that is: Cmid = (Cmid − Cmin)·s/(Cmax − Cmin), Cmax = s, Cmin = 0)
//     hue          B = SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb))
//     saturation   B = SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))
//     color        B = SetLum(Cs, Lum(Cb))
//     luminosity   B = SetLum(Cb, Lum(Cs))
//
// `add`. The Lottie schema lists it as blend mode 16 ("Add"), After Effects' Add mode. AE mixes
// a blend result with the layer's opacity like every other mode (result = lerp(Cb, B, αs) over an
// opaque backdrop), which is the general formula above with B = min(1, Cb + Cs); ThorVG does the
// same (tvgSwBlendOp.cpp `blendAdd`: min(s + d, 255), then interpolated by the source alpha);
// lottie-web does not support it (its blend-mode table stops at 15, so the layer is drawn
// normally). It differs from Porter-Duff "plus"/canvas "lighter" (co = cs + cb, clamped), which
// adds the *premultiplied* colours: at 50 % opacity, Cb = 0.8 and Cs = 0.5 give 0.9 here and 1.0
// with plus. In premultiplied terms αs·αb·min(1, Cb + Cs) = min(αs·αb, cb·αs + cs·αb).
//
// Where the straight colour is undefined (α = 0) it is taken as 0; every term it enters is
// multiplied by that α, so the result does not depend on it.
//
// Implementations (BlendKernels.swift, BlendFloatKernels.swift, BlendReference.swift):
//   * exact 8-bit integer kernels for normal, multiply, screen, darken, lighten and add (one
//     rounding per channel, premultiplied forms in BlendKernels.swift), SIMD 8 pixels per step;
//   * a Float kernel for every mode (8 pixels per step as SIMD8<Float>, the scalar reference
//     runs the same generic code on Float lanes, so the two are byte-identical);
//   * `BlendReference`, a Double evaluation of the formulas above, the ground truth of the
//     tests (both kernels within ±1 per channel of it).

/// How a layer mixes with what lies under it (W3C Compositing and Blending Level 1, plus `add`).
public enum BlendMode: String, CaseIterable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight,
         difference, exclusion, hue, saturation, color, luminosity, add

    /// True for the modes whose blend function works on each channel alone (§5.3).
    public var isSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: return false
        default: return true
        }
    }

    /// True when the exact 8-bit integer kernel implements the mode (BlendKernels.swift).
    var hasIntegerKernel: Bool {
        switch self {
        case .normal, .multiply, .screen, .darken, .lighten, .add: return true
        default: return false
        }
    }
}
