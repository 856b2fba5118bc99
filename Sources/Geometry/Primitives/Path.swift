// Path.swift — a vector path: a list of move / line / quadratic / cubic / close elements.
//
// A path is plain data (a value type); nothing is flattened or validated when it is built.
// Semantics used by every consumer (fill today, dash and stroke later):
//
// * `move(to:)` starts a new subpath. A drawing element with no current point (the path does
//   not start with a move, or the previous move was dropped) starts a subpath at its end point.
// * `close()` ends the subpath with a straight segment back to its start; the current point
//   becomes that start point.
// * Fills close every subpath implicitly, so an unclosed subpath is filled as if closed.
//
// Circles are four cubic Béziers with the usual constant k = 4/3·(√2 − 1) ≈ 0.5522847498307936
// (radial error ≤ 2.7e-4·r, i.e. 0.027 % of the radius, at 2 points per quarter).

/// One element of a `Path`.
public enum PathElement: Equatable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quad(to: Point, control: Point)
    case cubic(to: Point, control1: Point, control2: Point)
    case close

    /// Same case and same points (what the derived conformance compares), written out so that
    /// other modules inline it: a fill's coverage recording compares every element per frame.
    @inlinable
    public static func == (lhs: PathElement, rhs: PathElement) -> Bool {
        switch (lhs, rhs) {
        case let (.move(a), .move(b)), let (.line(a), .line(b)):
            return a == b
        case let (.quad(a, c), .quad(b, d)):
            return a == b && c == d
        case let (.cubic(a, c1, c2), .cubic(b, d1, d2)):
            return a == b && c1 == d1 && c2 == d2
        case (.close, .close):
            return true
        default:
            return false
        }
    }

    /// The same element with every point mapped by `transform`.
    public func transformed(by transform: Transform) -> PathElement {
        switch self {
        case .move(let p): return .move(to: transform.apply(p))
        case .line(let p): return .line(to: transform.apply(p))
        case .quad(let p, let c): return .quad(to: transform.apply(p), control: transform.apply(c))
        case .cubic(let p, let c1, let c2):
            return .cubic(to: transform.apply(p), control1: transform.apply(c1), control2: transform.apply(c2))
        case .close: return .close
        }
    }
}

/// A sequence of subpaths made of lines, quadratic and cubic Bézier curves.
public struct Path: Sendable {
    public var elements: [PathElement]

    @inlinable
    public init() {
        elements = []
    }

    @inlinable
    public init(elements: [PathElement]) {
        self.elements = elements
    }

    @inlinable
    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) {
        elements.append(.move(to: p))
    }

    public mutating func line(to p: Point) {
        elements.append(.line(to: p))
    }

    public mutating func quad(to p: Point, control: Point) {
        elements.append(.quad(to: p, control: control))
    }

    public mutating func cubic(to p: Point, control1: Point, control2: Point) {
        elements.append(.cubic(to: p, control1: control1, control2: control2))
    }

    public mutating func close() {
        elements.append(.close)
    }

    /// Appends all elements of `other`.
    public mutating func append(_ other: Path) {
        elements.append(contentsOf: other.elements)
    }

    /// The path with every point mapped by `transform`.
    public func transformed(by transform: Transform) -> Path {
        Path(elements: elements.map { $0.transformed(by: transform) })
    }

    /// Bounds of all points of the path, control points included (so it contains the curves).
    /// Nil for a path without points. Non-finite points are ignored.
    public var controlPointBounds: Rect? {
        var bounds: Rect?
        func add(_ p: Point) {
            guard p.isFinite else { return }
            bounds = bounds?.including(p) ?? Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let p, let c): add(c); add(p)
            case .cubic(let p, let c1, let c2): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return bounds
    }

    /// Magic constant for approximating a quarter circle with one cubic: 4/3·(√2 − 1).
    public static let circleKappa = 0.5522847498307936

    /// A circle as four cubics, starting at 3 o'clock (centre + (r, 0)) and running clockwise on a
    /// y-down screen: 3 → 6 → 9 → 12 o'clock → 3, then closed.
    public static func circle(center: Point, radius r: Double) -> Path {
        var path = Path()
        path.elements.reserveCapacity(6)
        path.addCircle(center: center, radius: r)
        return path
    }

    /// Appends the elements of `Path.circle(center:radius:)` (a new subpath).
    public mutating func addCircle(center: Point, radius r: Double) {
        let k = Path.circleKappa * r
        let cx = center.x
        let cy = center.y
        move(to: Point(cx + r, cy))
        cubic(to: Point(cx, cy + r), control1: Point(cx + r, cy + k), control2: Point(cx + k, cy + r))
        cubic(to: Point(cx - r, cy), control1: Point(cx - k, cy + r), control2: Point(cx - r, cy + k))
        cubic(to: Point(cx, cy - r), control1: Point(cx - r, cy - k), control2: Point(cx - k, cy - r))
        cubic(to: Point(cx + r, cy), control1: Point(cx + k, cy - r), control2: Point(cx + r, cy - k))
        close()
    }

    /// An axis-aligned rectangle: top-left → top-right → bottom-right → bottom-left, closed
    /// (clockwise on a y-down screen for positive width and height).
    public static func rectangle(x: Double, y: Double, width: Double, height: Double) -> Path {
        var path = Path()
        path.elements.reserveCapacity(5)
        path.move(to: Point(x, y))
        path.line(to: Point(x + width, y))
        path.line(to: Point(x + width, y + height))
        path.line(to: Point(x, y + height))
        path.close()
        return path
    }

    /// A closed polygon through `points` (nothing for an empty list).
    public static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for p in points.dropFirst() { path.line(to: p) }
        path.close()
        return path
    }
}
