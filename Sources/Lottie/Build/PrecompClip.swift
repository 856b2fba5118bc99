// When a precomposition's clip changes nothing
//
// A precomposition layer clips its contents to R = M·[0, w] × [0, h] (M the layer's matrix into
// the enclosing composition, w × h the layer's size). Whatever it draws is already clipped to
// the region E in effect in the enclosing composition, and E ⊆ P = [0, W] × [0, H], the enclosing
// composition's own rectangle: either P's clip was emitted, or it was left out because it held
// the region in effect around it (induction from the top composition, whose clip is always
// emitted). So when R ⊇ P — the four corners of P mapped by M⁻¹ lie in [0, w] × [0, h], R being
// convex — clipping to R keeps every pixel E keeps, and the clip is left out of the list.
//
// That is exact, and cheaper: a clip that is not a pixel-aligned device rectangle makes the
// renderer draw the group off-screen and composite it through the clip's coverage (Render's
// Renderer+Groups.swift). Files that nest full-size precompositions (the After Effects default:
// w × h of the composition, anchor = position) paid a canvas-sized layer per precomposition per
// frame (Boat_Loader: five). Edge pixels also stop being clipped twice (coverage c² instead of c
// where R's edge falls on P's).

import Geometry

extension LottieBuilder {
    /// Whether the precomposition clip [0, w] × [0, h] mapped by `matrix` holds the enclosing
    /// composition's rectangle [0, outerWidth] × [0, outerHeight] (see the header).
    static func precompClipHolds(outerWidth: Double, outerHeight: Double, matrix: Transform,
                                 width: Double, height: Double) -> Bool {
        guard let inverse = matrix.inverted() else { return false }
        let e = 1e-9 * max(width, height, 1)   // rounding of M⁻¹; moves an edge's coverage by ≤ 1e-9
        func inside(_ x: Double, _ y: Double) -> Bool {
            let p = inverse.apply(Point(x, y))
            return p.x >= -e && p.y >= -e && p.x <= width + e && p.y <= height + e
        }
        return inside(0, 0) && inside(outerWidth, 0) && inside(0, outerHeight) && inside(outerWidth, outerHeight)
    }
}
