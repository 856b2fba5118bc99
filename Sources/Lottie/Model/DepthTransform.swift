// 3D layer transforms (ddd layers: rx, ry, rz, orientation `or`, and the z of a, p, s), drawn as
// lottie-web's SVG and canvas renderers draw them without a camera: the 4×4 matrix composed in
// 3D, then z dropped (an orthographic projection onto the composition's plane).
//
// Convention (lottie-web transformation-matrix.js): points are row vectors, q′ = q·M, and a
// product A·B applies A first. A layer's matrix is, in order of application
// (lottie-web TransformProperty.processKeys):
//
//   T(−aₓ, −a_y, +a_z) · S(sₓ, s_y, s_z) · K(sk, sa) · Rz(−rz) · Ry(ry) · Rx(rx)
//     · Rz(−or_z) · Ry(or_y) · Rx(or_x) · [auto-orient Rz] · T(pₓ, p_y, −p_z)
//
// with the row-vector rotations
//
//   Rx(θ) = [1 0 0; 0 c −s; 0 s c]   Ry(θ) = [c 0 s; 0 1 0; −s 0 c]   Rz(θ) = [c −s 0; s c 0; 0 0 1]
//
// (c = cos θ, s = sin θ; Rz(−r) turns +x towards +y, clockwise on the y-down screen, as a 2D
// layer's `r`). The signs of a_z and p_z are lottie-web's (After Effects' z points into the
// screen). Parenting multiplies the full 4×4 matrices (World = M·World(parent)), so a child's z
// turns into x and y under a parent's rx or ry; only then is the projection taken:
//
//   x′ = x·m₀ + y·m₄ + m₁₂,   y′ = x·m₁ + y·m₅ + m₁₃       (the layer's own points have z = 0)
//
// A precomposition is drawn through that 2D projection (lottie-web's SVG group transform), so
// depth does not carry from a composition into its precompositions. A layer turned edge-on
// (rx = 90°) projects to a line and draws nothing; one turned past it shows its mirror image
// (no back-face culling, as lottie-web). Camera layers (ty 13, perspective) are not drawn and
// stay reported.

#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// The parts of a layer transform that leave the plane: rotations about x and y, the
/// orientation, and the z of anchor, position and scale.
public struct DepthTransform: Sendable {
    /// Degrees.
    public var rotationX: ScalarProperty
    public var rotationY: ScalarProperty
    /// `or` (x, y, z), degrees.
    public var orientation: (x: ScalarProperty, y: ScalarProperty, z: ScalarProperty)
    public var anchorZ: ScalarProperty
    public var positionZ: ScalarProperty
    /// Factor (1 = 100 %).
    public var scaleZ: ScalarProperty
    // Made by the decoder only (Decoding/DepthDecoding.swift), with the memberwise initialiser.

    /// Whether a rotation turns the layer out of the composition's plane at some frame.
    public var leavesPlane: Bool {
        !(rotationX.isConstantZero && rotationY.isConstantZero && orientation.x.isConstantZero
          && orientation.y.isConstantZero)
    }

    var isAnimated: Bool {
        rotationX.isAnimated || rotationY.isAnimated || orientation.x.isAnimated || orientation.y.isAnimated
            || orientation.z.isAnimated || anchorZ.isAnimated || positionZ.isAnimated || scaleZ.isAnimated
    }
}

/// A 4×4 matrix in lottie-web's layout: row vectors, m[12], m[13], m[14] the translation.
public struct Matrix4: Sendable, Equatable {
    public var m: SIMD16<Double>

    public static var identity: Matrix4 { Matrix4(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]) }

    public init(m: SIMD16<Double>) { self.m = m }

    /// The 2D affine matrix as a 4×4 (z passes through unchanged).
    public init(_ t: Transform) {
        m = [t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1]
    }

    /// self·next: self applied first.
    public func concatenating(_ next: Matrix4) -> Matrix4 {
        var r = SIMD16<Double>()
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += m[i * 4 + k] * next.m[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return Matrix4(m: r)
    }

    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        Matrix4(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    public static func scale(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        Matrix4(m: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    public static func rotationX(_ t: Double) -> Matrix4 {
        let c = cos(t), s = sin(t)
        return Matrix4(m: [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1])
    }

    public static func rotationY(_ t: Double) -> Matrix4 {
        let c = cos(t), s = sin(t)
        return Matrix4(m: [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1])
    }

    public static func rotationZ(_ t: Double) -> Matrix4 {
        let c = cos(t), s = sin(t)
        return Matrix4(m: [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    /// The orthographic projection: the affine map of the plane z = 0 onto x, y.
    public var projected: Transform {
        Transform(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
    }
}

extension LottieTransform {
    /// The 4×4 matrix at `frame` (see the file header); equal to `matrix(at:)` on x, y when the
    /// transform has no depth part.
    public func matrix4(at frame: Double, autoOrient: Bool = false) -> Matrix4 {
        guard let depth else { return Matrix4(matrix(at: frame, autoOrient: autoOrient)) }
        let radians = Double.pi / 180
        let a = anchor.value(at: frame), s = scale.value(at: frame), p = position.value(at: frame)
        var m = Matrix4.translation(-a.x, -a.y, depth.anchorZ.value(at: frame))
            .concatenating(.scale(s.x, s.y, depth.scaleZ.value(at: frame)))
        let sk = skew.value(at: frame)
        if sk != 0 {
            let axis = skewAxis.value(at: frame) * radians
            let shear = Transform(a: 1, b: 0, c: tan(-sk * radians), d: 1, tx: 0, ty: 0)
            m = m.concatenating(Matrix4(Transform.rotation(radians: axis).concatenating(shear)
                .concatenating(.rotation(radians: -axis))))
        }
        m = m.concatenating(.rotationZ(-rotation.value(at: frame) * radians))
            .concatenating(.rotationY(depth.rotationY.value(at: frame) * radians))
            .concatenating(.rotationX(depth.rotationX.value(at: frame) * radians))
            .concatenating(.rotationZ(-depth.orientation.z.value(at: frame) * radians))
            .concatenating(.rotationY(depth.orientation.y.value(at: frame) * radians))
            .concatenating(.rotationX(depth.orientation.x.value(at: frame) * radians))
        if autoOrient {
            let d = position.direction(at: frame)
            if d.x != 0 || d.y != 0 { m = m.concatenating(.rotationZ(-atan2(d.y, d.x))) }
        }
        return m.concatenating(.translation(p.x, p.y, -depth.positionZ.value(at: frame)))
    }
}
