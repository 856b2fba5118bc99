// ConicGradient.swift — colour varying with the angle around a centre (SwiftUI AngularGradient).
//
// Parameter (user space, docs/ANIMATIONS.md §1.1 and §2.4):
//
//     θ(u) = atan2(uy − cy, ux − cx) in degrees, mapped to [0, 360)
//     g(u) = mod(θ − θs, 360) / 360
//
// 0° points along +x (3 o'clock) and angles grow towards +y, which is **clockwise on screen**
// because y points down: a pixel straight below the centre is at 90°. The gradient always spans
// exactly one turn, θe = θs + 360 (SwiftUI AngularGradient(startAngle: θs, endAngle: θs + 360°);
// the only case §2.4 needs, since both angles animate together). Other spans are not supported:
// SwiftUI maps a shorter span onto part of the circle and, for spans over a turn, "only draws
// the last complete turn"; neither is modelled. θs may be any finite number of degrees (it is
// taken mod 360); there are no extend modes (g is periodic by construction).
//
// Evaluation. Device pixel centre p maps to q = T⁻¹(p) − c (affine in p, stepping by T⁻¹'s first
// column along a span; base per 8-pixel block in Double, lanes in Float). Then
//
//     g = atan2Turns(qy, qx) − θs/360 ∈ (−1, 1]    atan2Turns: polynomial, LaneMath.swift,
//     g = g + 1 where g < 0                         max error 0.00066° (≤ 0.01° required)
//     index = round(g·(N − 1))
//
// The angle is measured in user space, so a rotating/flipping transform rotates/flips the
// gradient with the geometry. At the centre itself atan2(0, 0) = 0. The exact reference uses
// libm atan2 in Double.

import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A conic (angular, sweep) gradient paint over one full turn; coordinates in the path's user space.
public struct ConicGradientPaint: Paint, Sendable {
    public let gradient: Gradient
    public let center: Point
    /// θs in degrees: where the gradient's location 0 (and 1) lies; clockwise on screen.
    public let startAngle: Double
    public let opacity: Double
    /// Applied to the gradient's colours (folded into its colour table).
    public let filter: ColorFilter?
    let table: GradientColorTable

    public init(gradient: Gradient, center: Point, startAngle: Double = 0, opacity: Double = 1,
                filter: ColorFilter? = nil) {
        var none: ConicGradientPaint?
        self.init(gradient: gradient, center: center, startAngle: startAngle, opacity: opacity, filter: filter, recycling: &none)
    }

    /// The same paint with other parameters, reusing `previous`'s colour table storage when
    /// nothing else holds it (`previous` is consumed): an animated gradient (hue, opacity)
    /// then costs no allocation per frame.
    public init(gradient: Gradient, center: Point, startAngle: Double = 0, opacity: Double = 1,
                filter: ColorFilter? = nil, recycling previous: inout ConicGradientPaint?) {
        var old = previous?.table
        previous = nil
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.opacity = opacity
        self.filter = filter
        table = GradientColorTable.rebuilt(&old, gradient: gradient, opacity: opacity, filter: filter)
    }

    public func makeShader(transform: Transform) -> ConicGradientShader {
        guard let inverse = transform.inverted(), startAngle.isFinite else {
            return ConicGradientShader(table: table, unretained: UnretainedGradientShader(
                table: table, wrap: .conicTurn, parameterization: nil, degenerateColor: table.meanColor))
        }
        return ConicGradientShader(table: table, unretained: UnretainedGradientShader(
            table: table, wrap: .conicTurn,
            parameterization: ConicGradientParameterization(inverse: inverse, center: center, startAngle: startAngle),
            degenerateColor: nil))
    }
}

/// g = mod(θ − θs, 360)/360 at the device pixel's user-space point.
struct ConicGradientParameterization: GradientParameterization {
    let inverse: Transform
    let center: Point
    let startAngle: Double
    /// mod(θs, 360)/360 in Float.
    let startTurns: Float

    init(inverse: Transform, center: Point, startAngle: Double) {
        self.inverse = inverse
        self.center = center
        self.startAngle = startAngle
        let turns = startAngle / 360
        startTurns = Float(turns - turns.rounded(.down))
    }

    struct SpanStart {
        let q: Point
        let stepX: Float
        let stepY: Float
    }

    @inline(__always)
    func spanStart(y: Int, x: Int) -> SpanStart {
        SpanStart(q: inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)) - center,
                  stepX: Float(inverse.a), stepY: Float(inverse.b))
    }

    @inline(__always)
    func parameters(_ start: SpanStart, block i: Int) -> SIMD8<Float> {
        let qx = Float(start.q.x + inverse.a * Double(i)) + LaneMath.ramp * start.stepX
        let qy = Float(start.q.y + inverse.b * Double(i)) + LaneMath.ramp * start.stepY
        return LaneMath.atan2Turns(qy, qx) - startTurns
    }

    @inline(__always)
    func parameter(_ start: SpanStart, block i: Int, lane: Int) -> Float {
        let qx = Float(start.q.x + inverse.a * Double(i)) + Float(lane) * start.stepX
        let qy = Float(start.q.y + inverse.b * Double(i)) + Float(lane) * start.stepY
        return LaneMath.atan2Turns(qy, qx) - startTurns
    }

    func exactParameter(x: Int, y: Int) -> Double {
        let q = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)) - center
        return ConicGradientParameterization.exactParameter(q, startAngle: startAngle)
    }

    /// mod(θ − θs, 360)/360 for the vector q from the centre, in Double with libm atan2.
    static func exactParameter(_ q: Point, startAngle: Double) -> Double {
        var theta = atan2(q.y, q.x) * 180 / Double.pi
        if theta < 0 { theta += 360 }
        let d = theta - startAngle
        return (d - 360 * (d / 360).rounded(.down)) / 360
    }
}

/// g = atan2Turns − θs/360 lies in (−1, 1]; wrapping it into [0, 1] only needs +1 for negative
/// values (cheaper than the general repeat rule's clamp and floor). A non-finite centre or a
/// point beyond Float's range makes g NaN: it is mapped to 0 like the pad rule does, since a NaN
/// lookup index read far outside the colour table (SEGV; found by the geometry fuzzer).
enum ConicWrapRule: GradientExtendRule {
    @inline(__always)
    static func position(_ t: SIMD8<Float>) -> SIMD8<Float> {
        let u = t.replacing(with: t + 1, where: t .< 0)
        let p = u.replacing(with: 0, where: .!(u .>= 0))
        return p.replacing(with: 1, where: p .> 1)
    }

    @inline(__always)
    static func position(_ t: Float) -> Float {
        let u = t < 0 ? t + 1 : t
        let p = u >= 0 ? u : 0
        return p > 1 ? 1 : p
    }
}

/// The device-space shader of a `ConicGradientPaint`: its colour table (kept alive here) and
/// the table-free part the span loop copies (`UnretainedGradientShader`).
public struct ConicGradientShader: PaintShader, Sendable {
    let table: GradientColorTable
    let unretained: UnretainedGradientShader<ConicGradientParameterization>

    public var uniformColor: PremultipliedRGBA8? { unretained.uniformColor }
    public var isOpaque: Bool { unretained.isOpaque }

    public func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>) {
        unretained.shade(y: y, x: x, count: count, into: colors, kernels: .simd)
    }

    @inline(__always)
    public func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>,
                      kernels: RasterKernels) {
        unretained.shade(y: y, x: x, count: count, into: colors, kernels: kernels)
    }

    /// The exact colour of pixel (x, y) (libm atan2 in Double, no lookup table): the test reference.
    public func exactColor(x: Int, y: Int) -> PremultipliedRGBA8 {
        unretained.exactColor(table, x: x, y: y)
    }
}

