// RadialGradient.swift — colour varying with the distance from a centre.
//
// Parameter (user space; SwiftUI RadialGradient(center:startRadius:endRadius:), concentric):
//
//     t(u) = (|u − c| − r0) / (r1 − r0)           t = 0 on the start circle, 1 on the end circle
//
// r0 (startRadius, default 0) may exceed r1 (the gradient then runs inwards). Two-point conical
// gradients (a focal point other than the centre, CG drawRadialGradient with distinct centres)
// are not supported.
//
// Device pixel centre p maps to u = T⁻¹(p); relative to the centre, q = T⁻¹(p) − c is affine in
// p: along a span q grows by (ia, ib) = T⁻¹'s first column per pixel. Per block of 8 pixels the
// base q is computed in Double, the lanes are base + k·(ia, ib) in Float, then
//
//     d = sqrt(qx·qx + qy·qy)   (SSE sqrtps / Float.squareRoot: both correctly rounded)
//     t = (d − r0)·(1/(r1 − r0))
//
// Degenerate cases: r0 = r1 paints the colour at t = 1 for pad (as if every point were past the
// end, as Skia does) and the table's mean colour for repeat/reflect; a non-invertible transform
// collapses the geometry (nothing is drawn).

import Geometry

/// A radial (concentric) gradient paint; coordinates are in the path's user space.
public struct RadialGradientPaint: Paint, Sendable {
    public let gradient: Gradient
    public let center: Point
    /// Radius of the circle where t = 0.
    public let startRadius: Double
    /// Radius of the circle where t = 1.
    public let endRadius: Double
    public let extend: GradientExtend
    public let opacity: Double
    /// Applied to the gradient's colours (folded into its colour table).
    public let filter: ColorFilter?
    let table: GradientColorTable

    public init(gradient: Gradient, center: Point, startRadius: Double = 0, endRadius: Double,
                extend: GradientExtend = .pad, opacity: Double = 1, filter: ColorFilter? = nil) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.extend = extend
        self.opacity = opacity
        self.filter = filter
        table = GradientColorTable(gradient: gradient, opacity: opacity, filter: filter)
    }

    /// The same paint, reusing `previous`'s colour table (consumed) when it has these colours or
    /// nothing else holds it: an animated gradient costs no allocation per frame.
    public init(gradient: Gradient, center: Point, startRadius: Double = 0, endRadius: Double,
                extend: GradientExtend = .pad, opacity: Double = 1, filter: ColorFilter? = nil,
                recycling previous: inout RadialGradientPaint?) {
        var old = previous?.table
        previous = nil
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.extend = extend
        self.opacity = opacity
        self.filter = filter
        table = GradientColorTable.rebuilt(&old, gradient: gradient, opacity: opacity, filter: filter)
    }

    /// The usual form: t = distance/radius from the centre.
    public init(gradient: Gradient, center: Point, radius: Double, extend: GradientExtend = .pad,
                opacity: Double = 1, filter: ColorFilter? = nil) {
        self.init(gradient: gradient, center: center, startRadius: 0, endRadius: radius, extend: extend,
                  opacity: opacity, filter: filter)
    }

    public func makeShader(transform: Transform) -> RadialGradientShader {
        let span = endRadius - startRadius
        guard let inverse = transform.inverted(), span != 0, span.isFinite, startRadius.isFinite else {
            return RadialGradientShader(table: table, unretained: UnretainedGradientShader(
                table: table, wrap: .extend(extend), parameterization: nil,
                degenerateColor: extend == .pad ? table.exactColor(at: 1) : table.meanColor))
        }
        return RadialGradientShader(table: table, unretained: UnretainedGradientShader(
            table: table, wrap: .extend(extend),
            parameterization: RadialGradientParameterization(
                inverse: inverse, center: center, startRadius: startRadius, inverseSpan: 1 / span),
            degenerateColor: nil))
    }
}

/// t = (|T⁻¹(p) − c| − r0)/(r1 − r0).
struct RadialGradientParameterization: GradientParameterization {
    let inverse: Transform
    let center: Point
    let startRadius: Double
    let inverseSpan: Double

    init(inverse: Transform, center: Point, startRadius: Double, inverseSpan: Double) {
        self.inverse = inverse
        self.center = center
        self.startRadius = startRadius
        self.inverseSpan = inverseSpan
    }

    struct SpanStart {
        /// q at the first pixel centre of the span.
        let q: Point
        let stepX: Float
        let stepY: Float
        let r0: Float
        let k: Float
    }

    @inline(__always)
    func spanStart(y: Int, x: Int) -> SpanStart {
        SpanStart(q: inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)) - center,
                  stepX: Float(inverse.a), stepY: Float(inverse.b), r0: Float(startRadius), k: Float(inverseSpan))
    }

    @inline(__always)
    func parameters(_ start: SpanStart, block i: Int) -> SIMD8<Float> {
        let qx = Float(start.q.x + inverse.a * Double(i)) + LaneMath.ramp * start.stepX
        let qy = Float(start.q.y + inverse.b * Double(i)) + LaneMath.ramp * start.stepY
        let d = LaneMath.squareRoot(qx * qx + qy * qy)
        return (d - start.r0) * start.k
    }

    @inline(__always)
    func parameter(_ start: SpanStart, block i: Int, lane: Int) -> Float {
        let qx = Float(start.q.x + inverse.a * Double(i)) + Float(lane) * start.stepX
        let qy = Float(start.q.y + inverse.b * Double(i)) + Float(lane) * start.stepY
        let d = LaneMath.squareRoot(qx * qx + qy * qy)
        return (d - start.r0) * start.k
    }

    func exactParameter(x: Int, y: Int) -> Double {
        let q = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)) - center
        return (q.length - startRadius) * inverseSpan
    }
}

/// The device-space shader of a `RadialGradientPaint`: its colour table (kept alive here) and
/// the table-free part the span loop copies (`UnretainedGradientShader`).
public struct RadialGradientShader: PaintShader, Sendable {
    let table: GradientColorTable
    let unretained: UnretainedGradientShader<RadialGradientParameterization>

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

    /// The exact colour of pixel (x, y) (Double parameter, no lookup table): the test reference.
    public func exactColor(x: Int, y: Int) -> PremultipliedRGBA8 {
        unretained.exactColor(table, x: x, y: y)
    }
}
