// TestSupport.swift — exact-area reference geometry for tests (curve math and the heart path:
// CurveMath.swift and HeartPath.swift, linked from GeometryTests; seeded random numbers: the
// TestSupport module's SeededGenerator).

import TestSupport
import Geometry
import Raster

/// Sutherland–Hodgman clip of a polygon to an axis-aligned rectangle (exact for the area of a
/// simple polygon clipped by a convex window).
func clip(_ polygon: [Point], minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Point] {
    func clipEdge(_ input: [Point], inside: (Point) -> Bool, intersect: (Point, Point) -> Point) -> [Point] {
        guard let last = input.last else { return [] }
        var output: [Point] = []
        var previous = last
        for current in input {
            if inside(current) {
                if !inside(previous) { output.append(intersect(previous, current)) }
                output.append(current)
            } else if inside(previous) {
                output.append(intersect(previous, current))
            }
            previous = current
        }
        return output
    }
    func atX(_ x: Double) -> (Point, Point) -> Point {
        { a, b in Point(x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
    }
    func atY(_ y: Double) -> (Point, Point) -> Point {
        { a, b in Point(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y) }
    }
    var result = polygon
    result = clipEdge(result, inside: { $0.x >= minX }, intersect: atX(minX))
    result = clipEdge(result, inside: { $0.x <= maxX }, intersect: atX(maxX))
    result = clipEdge(result, inside: { $0.y >= minY }, intersect: atY(minY))
    result = clipEdge(result, inside: { $0.y <= maxY }, intersect: atY(maxY))
    return result
}

/// Sum of a coverage mask in pixels (each byte / 255).
func coveredArea(_ mask: [UInt8]) -> Double {
    mask.reduce(0.0) { $0 + Double($1) } / 255
}

/// Area enclosed by a closed path of lines, quadratics and cubics, by Green's theorem with
/// 8-point Gauss–Legendre quadrature per curve (exact for the degree-5 integrand).
func exactArea(_ path: Path) -> Double {
    let nodes: [(Double, Double)] = [
        (-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
        (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
    ]
    func lineTerm(_ a: Point, _ b: Point) -> Double { (a.x * b.y - b.x * a.y) / 2 }
    func cubicTerm(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Double {
        var sum = 0.0
        for (node, weight) in nodes {
            let t = (node + 1) / 2
            let p = cubicPoint(p0, p1, p2, p3, t)
            let d = cubicDerivative(p0, p1, p2, p3, t)
            sum += weight / 2 * (p.x * d.y - p.y * d.x) / 2
        }
        return sum
    }
    var area = 0.0
    var start = Point.zero
    var current = Point.zero
    for element in path.elements {
        switch element {
        case .move(let p):
            area += lineTerm(current, start)
            start = p
            current = p
        case .line(let p):
            area += lineTerm(current, p)
            current = p
        case .quad(let p, let c):
            let c1 = current + (c - current) * (2.0 / 3.0)
            let c2 = p + (c - p) * (2.0 / 3.0)
            area += cubicTerm(current, c1, c2, p)
            current = p
        case .cubic(let p, let c1, let c2):
            area += cubicTerm(current, c1, c2, p)
            current = p
        case .close:
            area += lineTerm(current, start)
            current = start
        }
    }
    area += lineTerm(current, start)
    return area
}

/// A random path of 1–3 subpaths of random lines, quadratics and cubics, spilling outside a
/// `width` × `height` canvas on every side.
func randomPath(width: Double, height: Double, using rng: inout SeededGenerator) -> Path {
    func point() -> Point {
        Point(Double.random(in: -0.3 * width...1.3 * width, using: &rng),
              Double.random(in: -0.3 * height...1.3 * height, using: &rng))
    }
    var path = Path()
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
        path.move(to: point())
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: path.line(to: point())
            case 1: path.quad(to: point(), control: point())
            default: path.cubic(to: point(), control1: point(), control2: point())
            }
        }
        if Bool.random(using: &rng) { path.close() }
    }
    return path
}

/// A random valid premultiplied pixel (colour bytes ≤ alpha); alpha is 0, 255 or random.
func randomPremultiplied(using rng: inout SeededGenerator) -> PremultipliedRGBA8 {
    let alpha: UInt8
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: alpha = 0
    case 1: alpha = 255
    default: alpha = UInt8.random(in: 0...255, using: &rng)
    }
    func channel() -> UInt8 { UInt8.random(in: 0...alpha, using: &rng) }
    return PremultipliedRGBA8(r: channel(), g: channel(), b: channel(), a: alpha)
}

/// A canvas filled with random valid premultiplied pixels.
func randomCanvas(width: Int, height: Int, using rng: inout SeededGenerator) -> Canvas {
    let canvas = Canvas(width: width, height: height)
    canvas.withUnsafeMutableBytes { bytes in
        for i in 0..<(width * height) {
            let p = randomPremultiplied(using: &rng)
            bytes[4 * i] = p.r
            bytes[4 * i + 1] = p.g
            bytes[4 * i + 2] = p.b
            bytes[4 * i + 3] = p.a
        }
    }
    return canvas
}

/// Index and values of the first differing element (keeps failure messages short), or nil.
func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> (index: Int, a: UInt8, b: UInt8)? {
    if a.count != b.count { return (-1, 0, 0) }
    guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
    return (i, a[i], b[i])
}

func canvasBytes(_ canvas: Canvas) -> [UInt8] {
    canvas.withUnsafeBytes { Array($0) }
}
