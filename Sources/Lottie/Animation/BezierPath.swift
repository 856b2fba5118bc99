// Lottie's bezier shape (spec values.md "Bezier"): vertices with in and out tangents
//
// Vertex j is v_j with tangents i_j (in) and o_j (out), both relative to v_j. The curve from
// v_j to v_{j+1} is the cubic Bézier
//
//   v_j,  v_j + o_j,  v_{j+1} + i_{j+1},  v_{j+1}
//
// and a closed shape also joins v_{n−1} back to v_0 the same way. A segment whose two tangents
// are zero is a straight line.

import Geometry

/// One vertex of a bezier shape; tangents are relative to `point`.
public struct BezierVertex: Sendable, Equatable {
    public var point: Point
    public var inTangent: Point
    public var outTangent: Point

    public init(point: Point, inTangent: Point = .zero, outTangent: Point = .zero) {
        self.point = point
        self.inTangent = inTangent
        self.outTangent = outTangent
    }
}

/// A bezier shape: an open or closed sequence of vertices.
public struct BezierPath: Sendable, Equatable {
    public var vertices: [BezierVertex]
    public var closed: Bool

    public init(vertices: [BezierVertex] = [], closed: Bool = false) {
        self.vertices = vertices
        self.closed = closed
    }

    /// Replaces the contents, keeping the storage (no allocation once it is large enough).
    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        closed = false
    }

    /// Appends the shape to a Geometry path (move, cubics, close), mapped by `transform`.
    public func append(to path: inout Path, transform: Transform = .identity) {
        guard let first = vertices.first else { return }
        path.move(to: transform.apply(first.point))
        var previous = first
        for vertex in vertices.dropFirst() {
            segment(from: previous, to: vertex, into: &path, transform)
            previous = vertex
        }
        if closed {
            segment(from: previous, to: first, into: &path, transform)
            path.close()
        }
    }

    private func segment(from a: BezierVertex, to b: BezierVertex, into path: inout Path, _ t: Transform) {
        if a.outTangent == .zero && b.inTangent == .zero {
            path.line(to: t.apply(b.point))
        } else {
            path.cubic(to: t.apply(b.point), control1: t.apply(a.point + a.outTangent),
                       control2: t.apply(b.point + b.inTangent))
        }
    }
}
