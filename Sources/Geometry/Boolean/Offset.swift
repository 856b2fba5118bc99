// Offset.swift — outline offset: a filled path grown (d > 0) or shrunk (d < 0) by distance |d|,
// with round, miter or bevel corners (mask expansion; Lottie's offset path `op`: a, lj, ml).
//
// Definition. With R the filled region and S_r its boundary stroked with half width r = |d|
// (StrokeOutline: joins as StrokeStyle.swift defines them, closed contours so no caps),
//
//     offset(R, d) = R ∪ S_|d|   for d > 0,        offset(R, d) = R \ S_|d|   for d < 0.
//
// With round joins this is exactly the Minkowski sum R ⊕ disc(d) (every point within d of R:
// a point outside R within d of it is within d of the boundary) and, for d < 0, the erosion
// R ⊖ disc(|d|) (points of R farther than |d| from the outside). Miter joins extend the offset
// edges until they meet unless the miter ratio 1/sin(φ/2) exceeds `miterLimit`, then bevel; bevel
// joins cut every convex corner with the straight line between the two offset points — the
// stroke's rules, so a stroke and an offset of the same path agree. Holes and several contours
// follow from the region: a hole shrinks when the shape grows. The union / difference is one
// call of the polygon library (Boolean.swift, PolygonSet.swift).
//
// Error. The input is flattened within `tolerance` (PolygonSet.swift) and so is the stroke's
// boundary and its round joins (StrokeOutline / Stroke.swift: arcs as chords whose interior
// vertices sit at the area-preserving radius, ≤ tolerance off the circle); the fixed-point
// rounding adds ≤ 1.9e-9 of the largest coordinate. So the result's boundary lies within about
// 2·tolerance of the exact offset of the curved path (tests: square offsets against
// w² + 4wd + πd² and w² − …).

extension Path {
    /// This path (filled with `fillRule`) grown by `distance` (shrunk when negative), corners
    /// shaped by `join` (and `miterLimit`, ≥ 1, for `.miter`), as non-overlapping closed
    /// polygons oriented as in Boolean.swift. Distance 0 normalises the region.
    public func offset(by distance: Double, join: LineJoin = .round, miterLimit: Double = 4,
                       fillRule: FillRule = .nonZero,
                       tolerance: Double = PolygonLimits.defaultTolerance) throws(GeometryError) -> Path {
        guard distance.isFinite else { throw .nonFiniteParameter(name: "offset distance") }
        guard abs(distance) <= PolygonLimits.maximumCoordinate else {
            throw .parameterOutOfRange(name: "offset distance", value: distance,
                                       allowed: "|d| ≤ \(PolygonLimits.maximumCoordinate)")
        }
        guard miterLimit.isFinite, miterLimit >= 1 else {
            throw .parameterOutOfRange(name: "miter limit", value: miterLimit, allowed: "finite and ≥ 1")
        }
        let flattened = try PolygonFlattening.flatten([self], tolerance: tolerance)[0]
        var polygons = Path()
        for subpath in flattened where subpath.points.count >= 2 {
            polygons.append(Path.polygon(subpath.points))
        }
        if distance == 0 || polygons.isEmpty {
            return try PathBoolean.fold([FilledPath(polygons, fillRule: fillRule)], .union, tolerance: tolerance)
        }
        let style = StrokeStyle(lineWidth: 2 * abs(distance), cap: .butt, join: join, miterLimit: miterLimit)
        let band: Path
        do {
            band = try polygons.strokeOutline(style, tolerance: tolerance)
        } catch {
            throw .tooManyVertices(count: PolylineStroker.maximumOutlineElements,
                                   limit: PolylineStroker.maximumOutlineElements)
        }
        return try PathBoolean.fold([FilledPath(polygons, fillRule: fillRule), FilledPath(band, fillRule: .nonZero)],
                                    distance > 0 ? .union : .difference, tolerance: tolerance)
    }
}
