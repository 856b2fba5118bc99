// Coordinates.swift — points, rectangles and affine transforms in device or user space.
//
// Coordinates follow the project convention (docs/ANIMATIONS.md §1.1): origin top-left, x to the
// right, **y down**, units are whatever space the value lives in (user points before the fill
// transform, device pixels after it). A positive rotation angle therefore turns +x towards +y,
// which is clockwise on screen.
//
// Transform convention (same as CoreGraphics' CGAffineTransform):
//
//     x' = a·x + c·y + tx
//     y' = b·x + d·y + ty
//
// i.e. the row vector [x y 1] times the matrix
//
//     | a  b  0 |
//     | c  d  0 |
//     | tx ty 1 |
//
// `first.concatenating(second)` is the transform that applies `first`, then `second`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point (or a 2-D vector) in user or device space.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (neither NaN nor ±infinity).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Euclidean length of the point seen as a vector from the origin.
    @inlinable
    public var length: Double { (x * x + y * y).squareRoot() }

    @inlinable
    public func distance(to other: Point) -> Double { (self - other).length }

    /// Dot product of the two points seen as vectors.
    @inlinable
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// z component of the cross product of the two points seen as vectors.
    @inlinable
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    /// Linear interpolation: `self` at `t = 0`, `other` at `t = 1`.
    @inlinable
    public func lerp(to other: Point, _ t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    @inlinable
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    @inlinable
    public static prefix func - (p: Point) -> Point { Point(x: -p.x, y: -p.y) }
    @inlinable
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
    @inlinable
    public static func * (lhs: Double, rhs: Point) -> Point { Point(x: lhs * rhs.x, y: lhs * rhs.y) }
    @inlinable
    public static func / (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x / rhs, y: lhs.y / rhs) }
    @inlinable
    public static func += (lhs: inout Point, rhs: Point) { lhs = lhs + rhs }
    @inlinable
    public static func -= (lhs: inout Point, rhs: Point) { lhs = lhs - rhs }
}

/// An axis-aligned rectangle given by its minimum and maximum corners.
public struct Rect: Equatable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    @inlinable
    public var width: Double { maxX - minX }
    @inlinable
    public var height: Double { maxY - minY }

    /// The smallest rectangle holding both `self` and `p`.
    @inlinable
    public func including(_ p: Point) -> Rect {
        Rect(minX: Swift.min(minX, p.x), minY: Swift.min(minY, p.y),
             maxX: Swift.max(maxX, p.x), maxY: Swift.max(maxY, p.y))
    }
}

/// A 2-D affine transform. See the file header for the matrix convention.
public struct Transform: Equatable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves points by (`dx`, `dy`).
    @inlinable
    public static func translation(_ dx: Double, _ dy: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// Scales about the origin.
    @inlinable
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotates about the origin; positive angles turn +x towards +y (clockwise on a y-down screen).
    public static func rotation(radians angle: Double) -> Transform {
        let cosine = cos(angle)
        let sine = sin(angle)
        return Transform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The transform that applies `self` first and then `next`:
    /// `self.concatenating(next).apply(p) == next.apply(self.apply(p))`.
    @inlinable
    public func concatenating(_ next: Transform) -> Transform {
        Transform(
            a: a * next.a + b * next.c,
            b: a * next.b + b * next.d,
            c: c * next.a + d * next.c,
            d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx,
            ty: tx * next.b + ty * next.d + next.ty)
    }

    /// Maps a point.
    @inlinable
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Maps a vector (ignores the translation).
    @inlinable
    public func applyToVector(_ v: Point) -> Point {
        Point(x: a * v.x + c * v.y, y: b * v.x + d * v.y)
    }

    /// a·d − b·c; the signed area scale factor.
    @inlinable
    public var determinant: Double { a * d - b * c }

    public var isIdentity: Bool { self == .identity }

    /// The inverse transform, or nil when the matrix is singular or not finite.
    @inlinable
    public func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        let ia = d * inv
        let ib = -b * inv
        let ic = -c * inv
        let id = a * inv
        let result = Transform(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic),
                               ty: -(tx * ib + ty * id))
        let finite = result.a.isFinite && result.b.isFinite && result.c.isFinite
            && result.d.isFinite && result.tx.isFinite && result.ty.isFinite
        return finite ? result : nil
    }
}
