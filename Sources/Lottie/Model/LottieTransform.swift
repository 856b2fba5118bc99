// Lottie transforms (layer `ks`, group `tr`, repeater `tr`) as a matrix at a frame
//
// The spec (helpers.md "Transform") composes, in this order of application:
//
//   1. translate by −a                    (anchor)
//   2. scale by s                         (s in the file is percent; the model stores factors)
//   3. if sk ≠ 0: rotate by sa, shear x by tan(−sk), rotate by −sa     (skew and skew axis)
//   4. rotate by r                        (degrees; positive turns +x towards +y: clockwise
//                                          on the y-down screen, as After Effects and every
//                                          player do)
//   5. translate by p                     (position)
//
// so a point q maps to  M(q) = T(p)·R(r)·K(sk, sa)·S(s)·T(−a)·q.  Geometry's Transform applies
// `first.concatenating(next)` first, so the matrix is built in the order above. The spec's
// printed matrices are the transposes of lottie-web's (its rotation would turn the other way);
// the order and the resulting picture follow lottie-web, which defined the format.
//
// Auto-orient (layers with `ao` = 1) adds a rotation by atan2(dy, dx) of the position's direction
// of travel after step 4 (PositionProperty.direction; no extra rotation while it is still).
// Opacity is not part of the matrix and is not inherited through parenting.

#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// Anchor, position, scale, rotation, skew and opacity of a layer or group.
public struct LottieTransform: Sendable {
    public var anchor: VectorProperty
    public var position: PositionProperty
    /// Scale factors (1 = 100 %).
    public var scale: VectorProperty
    /// Degrees, clockwise on screen.
    public var rotation: ScalarProperty
    /// Degrees.
    public var skew: ScalarProperty
    /// Degrees.
    public var skewAxis: ScalarProperty
    /// 0 … 1.
    public var opacity: ScalarProperty
    /// rx, ry, orientation and z in 3D layers (Model/DepthTransform.swift); nil in the plane.
    public var depth: DepthTransform? = nil

    public static let identity = LottieTransform(
        anchor: VectorProperty(.zero), position: PositionProperty(.zero), scale: VectorProperty(Point(1, 1)),
        rotation: ScalarProperty(0), skew: ScalarProperty(0), skewAxis: ScalarProperty(0), opacity: ScalarProperty(1))

    public init(anchor: VectorProperty, position: PositionProperty, scale: VectorProperty, rotation: ScalarProperty,
                skew: ScalarProperty, skewAxis: ScalarProperty, opacity: ScalarProperty) {
        self.anchor = anchor
        self.position = position
        self.scale = scale
        self.rotation = rotation
        self.skew = skew
        self.skewAxis = skewAxis
        self.opacity = opacity
    }

    /// Whether any part of the matrix changes over time.
    public var isMatrixAnimated: Bool {
        anchor.isAnimated || position.isAnimated || scale.isAnimated || rotation.isAnimated
            || skew.isAnimated || skewAxis.isAnimated || depth?.isAnimated == true
    }

    /// The matrix at `frame` (see the file header); `autoOrient` adds the direction of travel.
    public func matrix(at frame: Double, autoOrient: Bool = false) -> Transform {
        let a = anchor.value(at: frame)
        let s = scale.value(at: frame)
        var m = Transform(a: s.x, b: 0, c: 0, d: s.y, tx: -a.x * s.x, ty: -a.y * s.y)   // T(−a) then S
        let sk = skew.value(at: frame)
        if sk != 0 {
            let axis = skewAxis.value(at: frame) * .pi / 180
            let shear = Transform(a: 1, b: 0, c: tan(-sk * .pi / 180), d: 1, tx: 0, ty: 0)
            m = m.concatenating(.rotation(radians: axis)).concatenating(shear).concatenating(.rotation(radians: -axis))
        }
        var angle = rotation.value(at: frame) * .pi / 180
        if autoOrient {
            let d = position.direction(at: frame)
            if d.x != 0 || d.y != 0 { angle += atan2(d.y, d.x) }
        }
        if angle != 0 { m = m.concatenating(.rotation(radians: angle)) }
        let p = position.value(at: frame)
        m.tx += p.x
        m.ty += p.y
        return m
    }
}
