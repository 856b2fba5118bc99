// PixelBox.swift — the explicit pixel region the compositing entry points work on.
//
// A half-open box [minX, maxX) × [minY, maxY) of pixel indices; empty when minX ≥ maxX or
// minY ≥ maxY. The region-level compositing functions (Compositing.swift) take one from their
// caller — the renderer decides where a layer, mask or matte can differ from nothing — and clip
// it to the surfaces they are given, so any box is safe to pass.

/// A half-open box of pixels [minX, maxX) × [minY, maxY).
public struct PixelBox: Equatable, Hashable, Sendable {
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The whole of a `width`×`height` surface.
    public static func whole(width: Int, height: Int) -> PixelBox {
        PixelBox(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    public static let empty = PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

    public var isEmpty: Bool { minX >= maxX || minY >= maxY }
    public var width: Int { Swift.max(0, maxX - minX) }
    public var height: Int { Swift.max(0, maxY - minY) }

    /// The part of the box inside a `width`×`height` surface.
    public func clipped(width: Int, height: Int) -> PixelBox {
        PixelBox(minX: Swift.max(minX, 0), minY: Swift.max(minY, 0), maxX: Swift.min(maxX, width),
                 maxY: Swift.min(maxY, height))
    }

    /// The part of the box inside both boxes.
    public func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
                 maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }

    var bounds: PixelBounds { PixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }
}
