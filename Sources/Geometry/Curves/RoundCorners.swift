// RoundCorners.swift — rounded corners: every sharp vertex of a path replaced by a circular-arc
// approximation (Lottie's rounded-corners modifier `rd`, radius r; lottie-docs rendering.md
// "Rounded Corners", lottie-web's RoundCornersModifier; docs/geometry.md §5).
//
// A contour is read as vertices v_k with absolute in and out control points i_k, o_k (i_k = v_k
// when the segment into v_k is a line, o_k = v_k when the segment out of it is; a closing
// segment that ends on v_0 makes v_0's in-control its c2). A vertex is sharp when i_k = o_k =
// v_k (both segments leave it straight). The end vertices of an open contour are kept. A
// sharp vertex v with neighbours p (previous) and n (next), d_p = |p − v|, d_n = |n − v|,
// becomes two vertices
//
//     a = v + (p − v)·min(d_p/2, r)/d_p,   in-control a,               out-control a + (v − a)·κ
//     b = v + (n − v)·min(d_n/2, r)/d_n,   in-control b + (v − b)·κ,   out-control b
//
// (a = v when d_p = 0, likewise b), with κ = 0.5519 (the cubic that approximates a quarter
// circle: spencermortensen.com "bezier-circle", the constant every Lottie player uses). So the
// cut never passes the middle of an edge (two corners of one edge meet there at most), and a
// right angle with r ≤ half of both edges becomes a quarter circle of radius r to within 0.02 %.
// Vertices with a tangent are kept as they are; r ≤ 0 (or non-finite) leaves the path unchanged.
// The neighbours are vertex positions (the chord), not the curves' tangent directions, as in
// the players. Quadratic segments are read as the equal cubics.
//
// Storage: the vertex scratch of a `CornerRounder` keeps its capacity; the result is appended
// to the caller's path, so a reused rounder and output allocate nothing in steady state.

/// Rounds corners of paths (rules in RoundCorners.swift); keep one and reuse it.
public struct CornerRounder: Sendable {
    /// The cubic handle length of a quarter circle, as a fraction of its radius.
    public static let kappa = 0.5519

    private struct Vertex: Sendable {
        var point: Point
        var inControl: Point
        var outControl: Point
    }

    private var vertices: [Vertex] = []
    private var rounded: [Vertex] = []

    public init() {}

    /// Appends `path` with its sharp corners rounded by `radius` to `output`.
    public mutating func round(_ path: Path, radius: Double, into output: inout Path) {
        guard radius > 0, radius.isFinite else {
            output.elements.append(contentsOf: path.elements)
            return
        }
        vertices.removeAll(keepingCapacity: true)
        var start = Point.zero, current = Point.zero, open = false
        for element in path.elements {
            switch element {
            case .move(let p):
                if open { flush(closed: false, radius: radius, into: &output) }
                vertices.append(Vertex(point: p, inControl: p, outControl: p))
                start = p; current = p; open = true
            case .line(let p):
                if !open { vertices.append(Vertex(point: current, inControl: current, outControl: current)); open = true }
                vertices.append(Vertex(point: p, inControl: p, outControl: p))
                current = p
            case .quad(let p, let c):
                if !open { vertices.append(Vertex(point: current, inControl: current, outControl: current)); open = true }
                let c1 = current + (c - current) * (2.0 / 3.0), c2 = p + (c - p) * (2.0 / 3.0)
                vertices[vertices.count - 1].outControl = c1
                vertices.append(Vertex(point: p, inControl: c2, outControl: p))
                current = p
            case .cubic(let p, let c1, let c2):
                if !open { vertices.append(Vertex(point: current, inControl: current, outControl: current)); open = true }
                vertices[vertices.count - 1].outControl = c1
                vertices.append(Vertex(point: p, inControl: c2, outControl: p))
                current = p
            case .close:
                if open { flush(closed: true, radius: radius, into: &output) }
                open = false
                current = start
            }
        }
        if open { flush(closed: false, radius: radius, into: &output) }
    }

    /// Rounds the gathered contour and appends it; empties the scratch.
    private mutating func flush(closed: Bool, radius: Double, into output: inout Path) {
        defer { vertices.removeAll(keepingCapacity: true) }
        // A closing segment drawn back onto the first vertex: that vertex's in-control is its c2.
        if closed, vertices.count > 1, vertices[vertices.count - 1].point == vertices[0].point {
            vertices[0].inControl = vertices[vertices.count - 1].inControl
            vertices.removeLast()
        }
        let n = vertices.count
        rounded.removeAll(keepingCapacity: true)
        for k in 0..<n {
            let v = vertices[k]
            let sharp = v.inControl == v.point && v.outControl == v.point
            if !sharp || n < 2 || (!closed && (k == 0 || k == n - 1)) {
                rounded.append(v)
                continue
            }
            let p = vertices[(k + n - 1) % n].point, q = vertices[(k + 1) % n].point
            let a = Self.cut(from: v.point, toward: p, radius: radius)
            let b = Self.cut(from: v.point, toward: q, radius: radius)
            rounded.append(Vertex(point: a, inControl: a, outControl: a + (v.point - a) * Self.kappa))
            rounded.append(Vertex(point: b, inControl: b + (v.point - b) * Self.kappa, outControl: b))
        }
        guard let first = rounded.first else { return }
        output.move(to: first.point)
        for k in 1..<max(1, rounded.count) { Self.segment(rounded[k - 1], rounded[k], into: &output) }
        if closed {
            if rounded.count > 1 { Self.segment(rounded[rounded.count - 1], first, into: &output) }
            output.close()
        }
    }

    /// The point at min(d/2, r) from `v` toward `neighbour` (v itself when they coincide).
    private static func cut(from v: Point, toward neighbour: Point, radius: Double) -> Point {
        let d = (neighbour - v).length
        guard d > 0 else { return v }
        return v + (neighbour - v) * (Swift.min(d / 2, radius) / d)
    }

    private static func segment(_ a: Vertex, _ b: Vertex, into output: inout Path) {
        if a.outControl == a.point && b.inControl == b.point {
            output.line(to: b.point)
        } else {
            output.cubic(to: b.point, control1: a.outControl, control2: b.inControl)
        }
    }
}

extension Path {
    /// This path with its sharp corners rounded by `radius` (rules in RoundCorners.swift).
    public func roundingCorners(radius: Double) -> Path {
        var rounder = CornerRounder()
        var out = Path()
        rounder.round(self, radius: radius, into: &out)
        return out
    }
}
