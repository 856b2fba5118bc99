// FocalRadialGradient.swift — a radial gradient whose t = 0 point is a focal point f other than
// the centre: the two-point conical gradient of SVG (fx, fy with fr = 0) and of canvas
// createRadialGradient(fx, fy, 0, cx, cy, r), for a focal point inside or on the end circle.
//
// Parameter: the circles C(t) have centre f + t·(c − f) and radius t·r (t = 0: the focal point,
// t = 1: the end circle); a point u gets the largest t ≥ 0 with u on C(t):
//
//     |q − t·d| = t·r,        q = u − f,  d = c − f
//     ⇔ a·t² − 2·b·t + q·q = 0,   a = d·d − r²,  b = q·d
//
// For f inside the circle a < 0, the discriminant b² − a·q·q is ≥ b², and the non-negative root,
// written without cancellation (multiplied by its conjugate), is
//
//     t = q·q / (b + √(b² − a·q·q))          (t = 0 at u = f)
//
// With f = c this is |q|/r, the concentric gradient. Computed in units of r (q, d divided by r,
// so a = |d|²/r² − 1 ∈ [−1, 0]), per 8-pixel block in Float as the other gradients are
// (RadialGradient.swift: q affine in the pixel position, the block base in Double).
//
// Focal point on the circle (a = 0): t = q·q/(2b) where b > 0, and no circle passes through
// points with b ≤ 0 (the half-plane behind the focal point): those pixels are transparent, as
// the canvas spec and SVG 2 define. A focal point outside the circle is moved onto it, along the
// line from the centre (SVG 1.1 §13.2.3 "fx, fy"); Lottie's highlight never gets there
// (lottie-web clamps the highlight length to ±99 %, docs/compositing.md "Focal gradients").
//
// Lottie mapping (for the importer; lottie-web SVGElementsRenderer / CVShapeElement): start point
// s (the centre), end point e, highlight length h (percent) and highlight angle α (degrees):
//
//     r = |e − s|,  θ = atan2(e.y − s.y, e.x − s.x),  k = clamp(h/100, −0.99, 0.99)
//     c = s,  f = s + r·k·(cos(θ + α°), sin(θ + α°))
//
// Extend modes apply to t as for the other gradients (pad: t > 1 takes the last stop).

import Geometry

/// t for the focal gradient (see the header), in the normalised frame (units of r).
struct FocalGradientParameterization: Sendable {
    /// Device pixel → user space.
    let inverse: Transform
    let focus: Point
    /// 1/r.
    let inverseRadius: Double
    /// d/r = (c − f)/r.
    let dx: Float, dy: Float
    /// a = |d/r|² − 1 (0 exactly when the focal point is on the circle).
    let a: Float
    /// True when the focal point lies on the circle (pixels behind it are transparent).
    let onCircle: Bool
    /// d/r and a in Double, for the exact reference.
    let exact: (dx: Double, dy: Double, a: Double)

    /// Nil when the geometry is degenerate (r ≤ 0 or not finite).
    init?(inverse: Transform, center: Point, radius: Double, focalPoint: Point) {
        guard radius > 0, radius.isFinite, center.x.isFinite, center.y.isFinite,
              focalPoint.x.isFinite, focalPoint.y.isFinite else { return nil }
        var f = focalPoint
        let offset = f - center
        let distance = offset.length
        var onCircle = false
        if distance >= radius {
            f = center + offset * (radius / distance)  // outside or on: onto the circle
            onCircle = true
        }
        self.inverse = inverse
        focus = f
        inverseRadius = 1 / radius
        let d = (center - f) * (1 / radius)
        dx = Float(d.x)
        dy = Float(d.y)
        let aa = onCircle ? 0 : d.x * d.x + d.y * d.y - 1
        a = Float(aa)
        self.onCircle = onCircle
        exact = (d.x, d.y, aa)
    }

    /// q/r at the first pixel centre of a span, and its step per pixel.
    struct SpanStart {
        let q: Point
        let stepX: Double
        let stepY: Double
    }

    @inline(__always)
    func spanStart(y: Int, x: Int) -> SpanStart {
        let q = (inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)) - focus) * inverseRadius
        return SpanStart(q: q, stepX: inverse.a * inverseRadius, stepY: inverse.b * inverseRadius)
    }

    /// t on lanes (8 pixels of a block, or one), and whether a circle passes through the pixel.
    @inline(__always)
    func parameter<V: FloatLanes>(qx: V, qy: V) -> (t: V, valid: V.Condition) {
        let c0 = qx * qx + qy * qy
        let b = qx * V.splat(dx) + qy * V.splat(dy)
        let zero = V.splat(0)
        let discriminant = V.maximum(b * b - V.splat(a) * c0, zero)
        let denominator = b + V.squareRoot(discriminant)
        let atFocus = V.equal(c0, zero)
        let valid = V.or(V.less(zero, denominator), atFocus)
        let t = c0 / V.select(V.less(zero, denominator), denominator, V.splat(1))
        return (V.select(atFocus, zero, t), valid)
    }

    /// The exact parameter at pixel (x, y) (Double), nil where no circle passes.
    func exactParameter(x: Int, y: Int) -> Double? {
        let q = (inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)) - focus) * inverseRadius
        let c0 = q.x * q.x + q.y * q.y
        if c0 == 0 { return 0 }
        let b = q.x * exact.dx + q.y * exact.dy
        let denominator = b + max(b * b - exact.a * c0, 0).squareRoot()
        return denominator > 0 ? c0 / denominator : nil
    }
}

/// The span shader of a focal gradient: table lookup of t with the extend rule, transparent
/// where no circle passes (focal point on the circle). Like `UnretainedGradientShader`, it holds
/// no reference to the colour table (valid while the `RadialGradientShader` that made it lives).
struct FocalGradientShader: PaintShader, @unchecked Sendable {
    let uniformColor: PremultipliedRGBA8?
    let isOpaque: Bool
    let lookup: GradientLookup
    let extend: GradientExtend
    let parameterization: FocalGradientParameterization

    init(table: GradientColorTable, extend: GradientExtend, parameterization: FocalGradientParameterization) {
        lookup = table.lookup
        self.extend = extend
        self.parameterization = parameterization
        // Behind a focal point on the circle nothing is painted.
        uniformColor = parameterization.onCircle ? nil : table.uniformColor
        isOpaque = !parameterization.onCircle && table.isOpaque
    }

    func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>) {
        shade(y: y, x: x, count: count, into: colors, kernels: .simd)
    }

    @inline(__always)
    func shade(y: Int, x: Int, count: Int, into colors: UnsafeMutablePointer<PremultipliedRGBA8>,
               kernels: RasterKernels) {
        switch extend {
        case .pad: shade(PadExtendRule.self, y, x, count, colors, kernels)
        case .repeat: shade(RepeatExtendRule.self, y, x, count, colors, kernels)
        case .reflect: shade(ReflectExtendRule.self, y, x, count, colors, kernels)
        }
    }

    @inline(__always)
    private func shade<Rule: GradientExtendRule>(_ rule: Rule.Type, _ y: Int, _ x: Int, _ count: Int,
                                                 _ out: UnsafeMutablePointer<PremultipliedRGBA8>,
                                                 _ kernels: RasterKernels) {
        let start = parameterization.spanStart(y: y, x: x)
        let table = lookup.colors
        let scale = lookup.scale
        // Block i's q base in Double, lanes in Float: lane k = base + k·step (as the radial gradient).
        @inline(__always) func base(_ i: Int) -> (Float, Float) {
            (Float(start.q.x + start.stepX * Double(i)), Float(start.q.y + start.stepY * Double(i)))
        }
        let stepX = Float(start.stepX), stepY = Float(start.stepY)
        switch kernels {
        case .simd:
            var i = 0
            while i < count {
                let (bx, by) = base(i)
                let qx = VectorLanes(SIMD8(repeating: bx) + LaneMath.ramp * stepX)
                let qy = VectorLanes(SIMD8(repeating: by) + LaneMath.ramp * stepY)
                let (t, valid) = parameterization.parameter(qx: qx, qy: qy)
                let index = LaneMath.roundedIndex(Rule.position(t.value) * SIMD8(repeating: scale))
                let lanes = Swift.min(8, count &- i)
                for lane in 0..<lanes {
                    out[i &+ lane] = valid[lane] ? table[Int(index[lane])] : .transparent
                }
                i &+= 8
            }
        case .scalar:
            for j in 0..<count {
                let (bx, by) = base(j & ~7)
                let lane = Float(j & 7)
                let (t, valid) = parameterization.parameter(qx: ScalarLane(bx + lane * stepX),
                                                            qy: ScalarLane(by + lane * stepY))
                out[j] = valid ? table[Int(LaneMath.roundedIndex(Rule.position(t.value) * scale))] : .transparent
            }
        }
    }
}
