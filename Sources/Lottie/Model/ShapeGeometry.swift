// Bezier paths of the generated shapes at a frame (spec shapes.md "Rectangle", "Ellipse",
// "PolyStar"), written into a reused BezierPath.
//
// Rectangle, centre p, size s, radius r′ = min(s.x/2, s.y/2, r):
//   r′ ≤ 0: the corners from the top right, clockwise: (R,T) (R,B) (L,B) (L,T);
//   r′ > 0: 8 vertices from (R, T+r′) clockwise, each rounded corner a quarter-ellipse
//           bezier with handles of length r′·E, E = 0.5519150244935105707435627.
// Ellipse, centre p, radii s/2: from the top, clockwise: top, right, bottom, left with
//   handles (s/2)·E along the tangents.
// PolyStar, n = round(pt) points (round as the spec says; lottie-web floors), rotation r
//   degrees: vertex k at angle θ_k = −90° + r + k·360°/m (m = 2n for a star, alternating outer
//   radius `or` and inner radius `ir`; m = n for a polygon, outer radius only); each vertex
//   gets handles perpendicular to its radius, of length (2π·radius)/(4n) · roundness, pointing
//   along the direction of travel. The vertices go clockwise from the top and positive r turns
//   clockwise, as lottie-web and After Effects draw; the spec's pseudo-code runs the other way
//   (−r, decreasing angles), which only differs for trim paths on stars and for rotation sign.
// Direction `d` = 3 draws the same shape the other way round: the first vertex stays first,
//   the others are reversed and every vertex's in and out handles swap.

#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// The handle length of a quarter-ellipse bezier per unit radius (the spec's constant).
public let ellipseHandle = 0.5519150244935105707435627

/// Vertices a generated polystar may have whatever its animation does (an eased point count
/// can overshoot the keyframes that the decoder checked against LottieLimits).
let maxGeneratedVertices = 100_000

extension BezierPath {
    /// Reverses the drawing direction in place: vertex 0 stays, the rest reverse, handles swap.
    mutating func reverseKeepingFirst() {
        guard vertices.count > 1 else { return }
        vertices[1...].reverse()
        for j in vertices.indices {
            let v = vertices[j]
            vertices[j] = BezierVertex(point: v.point, inTangent: v.outTangent, outTangent: v.inTangent)
        }
    }

    mutating func add(_ x: Double, _ y: Double, in i: Point = .zero, out o: Point = .zero) {
        vertices.append(BezierVertex(point: Point(x, y), inTangent: i, outTangent: o))
    }
}

extension RectangleShape {
    public func evaluate(at frame: Double, into path: inout BezierPath) {
        path.removeAll()
        path.closed = true
        let p = position.value(at: frame), s = size.value(at: frame)
        let left = p.x - s.x / 2, right = p.x + s.x / 2, top = p.y - s.y / 2, bottom = p.y + s.y / 2
        let r = min(abs(s.x) / 2, abs(s.y) / 2, roundness.value(at: frame))
        if r <= 0 {
            path.add(right, top); path.add(right, bottom); path.add(left, bottom); path.add(left, top)
        } else {
            let t = r * ellipseHandle
            path.add(right, top + r, in: Point(0, -t))
            path.add(right, bottom - r, out: Point(0, t))
            path.add(right - r, bottom, in: Point(t, 0))
            path.add(left + r, bottom, out: Point(-t, 0))
            path.add(left, bottom - r, in: Point(0, t))
            path.add(left, top + r, out: Point(0, -t))
            path.add(left + r, top, in: Point(-t, 0))
            path.add(right - r, top, out: Point(t, 0))
        }
        if direction == .counterClockwise { path.reverseKeepingFirst() }
    }
}

extension EllipseShape {
    public func evaluate(at frame: Double, into path: inout BezierPath) {
        path.removeAll()
        path.closed = true
        let p = position.value(at: frame), s = size.value(at: frame)
        let rx = s.x / 2, ry = s.y / 2, tx = rx * ellipseHandle, ty = ry * ellipseHandle
        path.add(p.x, p.y - ry, in: Point(-tx, 0), out: Point(tx, 0))
        path.add(p.x + rx, p.y, in: Point(0, -ty), out: Point(0, ty))
        path.add(p.x, p.y + ry, in: Point(tx, 0), out: Point(-tx, 0))
        path.add(p.x - rx, p.y, in: Point(0, ty), out: Point(0, -ty))
        if direction == .counterClockwise { path.reverseKeepingFirst() }
    }
}

extension PolystarShape {
    public func evaluate(at frame: Double, into path: inout BezierPath) {
        path.removeAll()
        path.closed = true
        let count = points.value(at: frame).rounded()
        guard count >= 1, count.isFinite else { return }
        let n = Int(min(count, Double(kind == .star ? maxGeneratedVertices / 2 : maxGeneratedVertices)))
        let centre = position.value(at: frame)
        let outer = outerRadius.value(at: frame), outerRound = outerRoundness.value(at: frame)
        let inner = kind == .star ? innerRadius.value(at: frame) : 0
        let innerRound = kind == .star ? innerRoundness.value(at: frame) : 0
        let m = kind == .star ? 2 * n : n
        let step = 2 * Double.pi / Double(m)
        var angle = -Double.pi / 2 + rotation.value(at: frame) * .pi / 180
        for k in 0..<m {
            let isOuter = kind == .polygon || k % 2 == 0
            let radius = isOuter ? outer : inner
            let handle = 2 * Double.pi * radius / Double(4 * n) * (isOuter ? outerRound : innerRound)
            let x = radius * cos(angle), y = radius * sin(angle)
            let length = (x * x + y * y).squareRoot()
            // Unit direction of travel (clockwise): perpendicular to the radius.
            let tangent = length > 0 ? Point(-y / length, x / length) : .zero
            path.add(centre.x + x, centre.y + y, in: tangent * -handle, out: tangent * handle)
            angle += step
        }
        if direction == .counterClockwise { path.reverseKeepingFirst() }
    }
}
