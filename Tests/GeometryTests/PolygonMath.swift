// PolygonMath.swift — reference measures of polygon paths for the boolean and offset tests:
// shoelace areas and winding numbers, computed independently of the code under test.

import Testing
import Geometry
#if canImport(Glibc)
import Glibc
#endif

/// The polygons of a path made of move / line / close elements (what boolean results are).
func polygons(_ path: Path) -> [[Point]] {
    var result: [[Point]] = []
    for element in path.elements {
        switch element {
        case .move(let p): result.append([p])
        case .line(let p): result[result.count - 1].append(p)
        case .close: break
        case .quad, .cubic: Issue.record("a boolean result contains a curve")
        }
    }
    return result
}

/// Shoelace area Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ)/2 of one polygon (positive for clockwise on a y-down screen).
func signedArea(_ polygon: [Point]) -> Double {
    var sum = 0.0
    for i in polygon.indices {
        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
        sum += a.x * b.y - b.x * a.y
    }
    return sum / 2
}

/// Σ signed areas: the area non-zero filling shows when the polygons do not overlap.
func totalArea(_ path: Path) -> Double { polygons(path).map(signedArea).reduce(0, +) }

/// Winding number of the polygons of `path` (flattened, closed) at `p` (FillRule.swift's sign).
func winding(_ path: Path, at p: Point) -> Int {
    var w = 0
    for subpath in path.flattened(tolerance: 0.01) {
        let points = subpath.points
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            if a.y <= p.y {
                if b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
            } else if b.y <= p.y && (b - a).cross(p - a) < 0 {
                w -= 1
            }
        }
    }
    return w
}

/// A regular polygon with `n` vertices on the circle (inscribed: area n/2·r²·sin(2π/n)).
func circlePolygon(center: Point, radius r: Double, vertices n: Int) -> Path {
    Path.polygon((0..<n).map { i in
        let a = 2 * Double.pi * Double(i) / Double(n)
        return Point(center.x + r * cos(a), center.y + r * sin(a))
    })
}

