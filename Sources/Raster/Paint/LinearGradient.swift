// LinearGradient.swift — colour varying along the line from `start` to `end`.
//
// Parameter (user space, the path's coordinates; SwiftUI LinearGradient / CG drawLinearGradient):
//
//     t(u) = (u − s)·(e − s) / |e − s|²          t = 0 at start, 1 at end, constant across
//
// The fill maps user space to device pixels by T, so a device pixel centre p has u = T⁻¹(p) and,
// T⁻¹ being affine, t is an affine function of the device position:
//
//     t(px, py) = A·px + B·py + C   with v = e − s and T⁻¹ = (ia, ib, ic, id, itx, ity) in
//     Transform's convention (u = (ia·px + ic·py + itx, ib·px + id·py + ity)):
//         A = (ia·vx + ib·vy)/|v|²,  B = (ic·vx + id·vy)/|v|²,  C = ((itx − sx)·vx + (ity − sy)·vy)/|v|²
//
// Along a span t grows by A per pixel. Per span, t at the first pixel centre is computed in
// Double; per block of 8 pixels its base is re-derived in Double (no drift over long spans), and
// the lanes are base + k·A in Float (k = 0…7).
//
// Degenerate cases: a non-invertible transform collapses the geometry (nothing is drawn); start
// = end paints the colour at t = 1 for pad (as if every point were past the end, as Skia does)
// and the table's mean colour for repeat/reflect.

import Geometry

/// A linear gradient paint; coordinates are in the path's user space.
public struct LinearGradientPaint: Paint, Sendable {
    public let gradient: Gradient
    public let start: Point
    public let end: Point
    public let extend: GradientExtend
    public let opacity: Double
    /// Applied to the gradient's colours (folded into its colour table).
    public let filter: ColorFilter?
    let table: GradientColorTable

    public init(gradient: Gradient, start: Point, end: Point, extend: GradientExtend = .pad, opacity: Double = 1,
                filter: ColorFilter? = nil) {
        var none: LinearGradientPaint?
        self.init(gradient: gradient, start: start, end: end, extend: extend, opacity: opacity, filter: filter, recycling: &none)
    }

    /// The same paint, reusing `previous`'s colour table (consumed) when it has these colours or
    /// nothing else holds it: an animated gradient costs no allocation per frame.
    public init(gradient: Gradient, start: Point, end: Point, extend: GradientExtend = .pad, opacity: Double = 1,
                filter: ColorFilter? = nil, recycling previous: inout LinearGradientPaint?) {
        var old = previous?.table
        previous = nil
        self.gradient = gradient
        self.start = start
        self.end = end
        self.extend = extend
        self.opacity = opacity
        self.filter = filter
        table = GradientColorTable.rebuilt(&old, gradient: gradient, opacity: opacity, filter: filter)
    }

    public func makeShader(transform: Transform) -> LinearGradientShader {
        let v = end - start
        let lengthSquared = v.dot(v)
        guard let inverse = transform.inverted(), lengthSquared > 0, lengthSquared.isFinite else {
            return LinearGradientShader(table: table, unretained: UnretainedGradientShader(
                table: table, wrap: .extend(extend), parameterization: nil,
                degenerateColor: extend == .pad ? table.exactColor(at: 1) : table.meanColor))
        }
        let k = 1 / lengthSquared
        let parameterization = LinearGradientParameterization(
            dx: (inverse.a * v.x + inverse.b * v.y) * k,
            dy: (inverse.c * v.x + inverse.d * v.y) * k,
            offset: ((inverse.tx - start.x) * v.x + (inverse.ty - start.y) * v.y) * k)
        return LinearGradientShader(table: table, unretained: UnretainedGradientShader(
            table: table, wrap: .extend(extend), parameterization: parameterization, degenerateColor: nil))
    }
}

/// t = dx·px + dy·py + offset at device point (px, py).
struct LinearGradientParameterization: GradientParameterization {
    let dx: Double
    let dy: Double
    let offset: Double

    struct SpanStart {
        let t: Double
        let step: Float
    }

    @inline(__always)
    func spanStart(y: Int, x: Int) -> SpanStart {
        SpanStart(t: dx * (Double(x) + 0.5) + dy * (Double(y) + 0.5) + offset, step: Float(dx))
    }

    @inline(__always)
    func parameters(_ start: SpanStart, block i: Int) -> SIMD8<Float> {
        let base = Float(start.t + dx * Double(i))
        return base + LaneMath.ramp * start.step
    }

    @inline(__always)
    func parameter(_ start: SpanStart, block i: Int, lane: Int) -> Float {
        let base = Float(start.t + dx * Double(i))
        return base + Float(lane) * start.step
    }

    func exactParameter(x: Int, y: Int) -> Double {
        dx * (Double(x) + 0.5) + dy * (Double(y) + 0.5) + offset
    }
}

/// The device-space shader of a `LinearGradientPaint`: its colour table (kept alive here) and
/// the table-free part the span loop copies (`UnretainedGradientShader`).
public struct LinearGradientShader: PaintShader, Sendable {
    let table: GradientColorTable
    let unretained: UnretainedGradientShader<LinearGradientParameterization>

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
