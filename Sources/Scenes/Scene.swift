// The contract every animation implements: parameters + time → drawing.
import Raster

/// A size in logical points.
public struct Size: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// An animation with its parameters bound: a pure function from time to a drawing.
public protocol Scene: Sendable {
    /// The canvas in points; the drawing's coordinates live in [0, width] × [0, height].
    var canvas: Size { get }
    /// The drawing at animation time `t` seconds (t = 0 is the start: tap / onAppear).
    func drawing(at t: Double) -> Drawing
    /// The length of the seamless loop in seconds, if the animation has one (ANIMATIONS.md §1.5).
    var loopPeriod: Double? { get }
}
