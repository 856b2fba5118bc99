// FillRule.swift — which points a path encloses.
//
// The winding number w(p) of a point p is the signed number of times the path's contours (every
// subpath closed implicitly, Path.swift) go around it: each crossing of the ray from p to the left
// counts +1 for a contour running downwards (y increasing) and −1 for one running upwards. A
// point is inside under
//
//     non-zero:  w(p) ≠ 0            even-odd:  w(p) odd
//
// With exact-area coverage a pixel holds a fractional winding (the area-weighted mean over the
// pixel); Raster's CoverageAccumulation.swift maps it to coverage: min(|w|, 1) for non-zero,
// min(2·|h − round(h)|, 1) with h = |w|/2 (a triangle wave) for even-odd.

/// How overlapping contours combine: non-zero winding (coverage min(|winding|, 1)) or even-odd
/// (a pixel is inside when the winding is odd; fractional windings follow a triangle wave).
public enum FillRule: Sendable {
    case nonZero
    case evenOdd
}
