// Values that an animation can blend                      (docs/ANIMATIONS.md §4.2, §4.3)
//
// The combining rules only ever form affine combinations of targets:
//
//   chained:   R ← R + c·(v − R)                    (an interpolation)
//   additive:  R = v_init + Σ_j c_j·(v_j − v_{j−1})
//
// so a value needs +, − and scaling by a real number — a vector space, like SwiftUI's
// `VectorArithmetic`. `Double` is one; `AnimatablePair` makes small vectors, e.g.
// (scale, opacity) animated in one transaction.

/// A value that animations can blend: a real vector space.
public protocol Interpolatable: Sendable, Equatable {
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// self · factor.
    func scaled(by factor: Double) -> Self
}

extension Interpolatable {
    /// self + (target − self)·amount: `amount` = 0 gives self, 1 gives target.
    @inlinable
    public func interpolated(towards target: Self, amount: Double) -> Self {
        self + (target - self).scaled(by: amount)
    }
}

extension Double: Interpolatable {
    @inlinable
    public func scaled(by factor: Double) -> Double { self * factor }
}

/// Two interpolatable values blended component-wise.
public struct AnimatablePair<First: Interpolatable, Second: Interpolatable>: Interpolatable {
    public var first: First
    public var second: Second

    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first + rhs.first, lhs.second + rhs.second)
    }

    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first - rhs.first, lhs.second - rhs.second)
    }

    @inlinable
    public func scaled(by factor: Double) -> Self {
        Self(first.scaled(by: factor), second.scaled(by: factor))
    }
}
