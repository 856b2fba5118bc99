// Decoding the 3D part of a layer transform (Model/DepthTransform.swift): rx, ry, `or`
// (x, y, z) and the third number of a, p and s.
//
// A vector's z is read as its own scalar track from the keyframes' third numbers (0, or 100 %
// for scale, when a value has two); its easing is the keyframe's first curve, as for a
// spatial property. The transform gets a depth part only when something in it is not the
// plane's default (a rotation about x or y, an orientation, or a z that is not 0 / 100 %), so
// 2D files keep the 2D matrix path.

import JSON
import Geometry

extension DecodeContext {
    /// The depth part of the transform object `o`, or nil when it stays in the plane.
    func depthTransform(_ o: JSONObject) throws(LottieError) -> DepthTransform? {
        let depth = DepthTransform(
            rotationX: try scalar(o, "rx", default: 0), rotationY: try scalar(o, "ry", default: 0),
            orientation: (x: try component(o, "or", 0, default: 0), y: try component(o, "or", 1, default: 0),
                          z: try component(o, "or", 2, default: 0)),
            anchorZ: try component(o, "a", 2, default: 0), positionZ: try positionZ(o),
            scaleZ: try component(o, "s", 2, default: 1, scale: 0.01))
        let flat = !depth.leavesPlane && depth.orientation.z.isConstantZero && depth.anchorZ.isConstantZero
            && depth.positionZ.isConstantZero && depth.scaleZ.constantValue == 1
        return flat ? nil : depth
    }

    /// `p`'s z: the split form's `z`, or the third number of the vector.
    private func positionZ(_ o: JSONObject) throws(LottieError) -> ScalarProperty {
        if case .object(let p)? = member(o, "p"), try optionalBool(p, "s") == true, member(p, "k") == nil {
            return try at("p") { () throws(LottieError) -> ScalarProperty in try scalar(p, "z", default: 0) }
        }
        return try component(o, "p", 2, default: 0)
    }

    /// Number `index` of the vector property `key` (`fallback` when a value is shorter).
    private func component(_ o: JSONObject, _ key: String, _ index: Int, default fallback: Double,
                           scale: Double = 1) throws(LottieError) -> ScalarProperty {
        guard let v = member(o, key) else { return ScalarProperty(fallback) }
        return try at(key) { () throws(LottieError) -> ScalarProperty in
            func pick(_ value: JSONValue) throws(LottieError) -> Double {
                let n = try numbers(value)
                return n.count > index ? n[index] * scale : fallback
            }
            switch try propertyBody(v, expressions: true) {
            case .value(let k):
                return ScalarProperty(try at("k") { () throws(LottieError) -> Double in try pick(k) })
            case .keyframes(let list):
                let track = try track(try rawKeyframes(list), dimensions: 1, singleEasing: true) { (s) throws(LottieError) -> [Double] in
                    [try pick(s)]
                }
                return track.starts.allSatisfy({ $0 == fallback }) ? ScalarProperty(fallback) : ScalarProperty(track: track)
            }
        }
    }
}
