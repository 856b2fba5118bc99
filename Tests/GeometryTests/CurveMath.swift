// CurveMath.swift — reference curve math for tests: points and derivatives of Béziers by their
// Bernstein form, distances to segments, shoelace areas. Independent of the code under test.
// (Tests/RasterTests/GeometrySupport/CurveMath.swift links to this file.)

import Geometry

/// Signed shoelace area (positive for clockwise on a y-down screen).
func shoelaceArea(_ points: [Point]) -> Double {
    guard points.count >= 3 else { return 0 }
    var sum = 0.0
    for i in 0..<points.count {
        let p = points[i]
        let q = points[(i + 1) % points.count]
        sum += p.x * q.y - q.x * p.y
    }
    return sum / 2
}

func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let u = 1 - t
    return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
}

func cubicDerivative(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let u = 1 - t
    return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
}

func quadPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
    let u = 1 - t
    return p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t)
}

/// Distance from `p` to the segment a–b.
func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
    let ab = b - a
    let lengthSquared = ab.dot(ab)
    guard lengthSquared > 0 else { return p.distance(to: a) }
    let t = Swift.min(1, Swift.max(0, (p - a).dot(ab) / lengthSquared))
    return p.distance(to: a + ab * t)
}
