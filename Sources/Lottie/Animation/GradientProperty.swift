// Gradient colours as Lottie packs them (spec properties.md "Gradient")
//
// `g.p` = N colour stops; `g.k` is an animatable flat array
//
//   [ o_1, r_1, g_1, b_1,  …,  o_N, r_N, g_N, b_N,   q_1, a_1,  …,  q_M, a_M ]
//
// N colour stops (offset, r, g, b), then M = (count − 4N)/2 opacity stops (offset, alpha),
// offsets in [0, 1]. Without opacity stops the gradient is opaque. The flat array animates as
// one vector (KeyframeTrack), so colour and opacity stops interpolate number by number.

import Geometry

/// A colour stop: offset along the gradient and an opaque colour.
public struct GradientColorStop: Sendable, Equatable {
    public var offset: Double
    public var red: Double
    public var green: Double
    public var blue: Double
}

/// An opacity stop: offset along the gradient and an alpha in [0, 1].
public struct GradientOpacityStop: Sendable, Equatable {
    public var offset: Double
    public var opacity: Double
}

/// A gradient's stops at one frame. Reused between frames by `GradientProperty.evaluate`.
public struct GradientStops: Sendable, Equatable {
    public var colors: [GradientColorStop] = []
    public var opacities: [GradientOpacityStop] = []
    public init() {}
}

public struct GradientProperty: Sendable {
    /// N, the number of colour stops.
    public let colorCount: Int
    /// M, the number of opacity stops (0: opaque).
    public let opacityCount: Int
    /// The flat numbers (4N + 2M).
    public let values: FlatProperty

    init(colorCount: Int, opacityCount: Int, values: FlatProperty) {
        self.colorCount = colorCount
        self.opacityCount = opacityCount
        self.values = values
    }

    public var isAnimated: Bool { values.isAnimated }

    /// Writes the stops at `frame` into `stops`, reusing its storage.
    public func evaluate(at frame: Double, into stops: inout GradientStops) {
        stops.colors.removeAll(keepingCapacity: true)
        stops.opacities.removeAll(keepingCapacity: true)
        values.withValues(at: frame) { v in
            for s in 0..<colorCount {
                stops.colors.append(GradientColorStop(offset: v[4 * s], red: v[4 * s + 1], green: v[4 * s + 2], blue: v[4 * s + 3]))
            }
            let base = 4 * colorCount
            for s in 0..<opacityCount {
                stops.opacities.append(GradientOpacityStop(offset: v[base + 2 * s], opacity: v[base + 2 * s + 1]))
            }
        }
    }

    /// The stops at `frame` (allocates; for tests and one-off use).
    public func value(at frame: Double) -> GradientStops {
        var stops = GradientStops()
        evaluate(at: frame, into: &stops)
        return stops
    }
}

/// A vector of any length (gradient data): constant or keyframed.
public struct FlatProperty: Sendable {
    public enum Storage: Sendable {
        case constant([Double])
        case keyframes(KeyframeTrack)
    }

    public let storage: Storage
    public let count: Int
    /// An interpreted colour-stop expression: when set and it runs, it gives the values (ScriptDecoding.swift).
    public internal(set) var expression: ExpressionBinding?

    init(constant: [Double]) { storage = .constant(constant); count = constant.count }
    init(track: KeyframeTrack) { storage = .keyframes(track); count = track.dimensions }

    public var isAnimated: Bool { if case .keyframes = storage { return true } else { return expression != nil } }

    /// The keyframes' frames (nil: constant values).
    var keyframeTimes: [Double]? { if case .keyframes(let t) = storage { return t.times.times } else { return nil } }

    /// The keyframed values at `frame` (allocates; expressions read them as `value`).
    func keyframedValues(at frame: Double) -> [Double] {
        var own = self
        own.expression = nil
        var out: [Double] = []
        own.withValues(at: frame) { out = Array($0) }
        return out
    }

    /// Calls `body` with the values at `frame` (on the stack up to 64 numbers, no allocation; an
    /// expression's result allocates).
    func withValues(at frame: Double, _ body: (UnsafeBufferPointer<Double>) -> Void) {
        if let expression, let v = try? expression.runStops(at: frame) {
            v.withUnsafeBufferPointer(body)
            return
        }
        switch storage {
        case .constant(let v):
            v.withUnsafeBufferPointer(body)
        case .keyframes(let track):
            withUnsafeTemporaryAllocation(of: Double.self, capacity: max(track.dimensions, 1)) { buffer in
                track.evaluate(at: frame, into: buffer)
                body(UnsafeBufferPointer(buffer))
            }
        }
    }
}
