// Decoding animatable properties: static or keyframed, old and new keyframe forms
//
// A property is an object {"a": 0|1, "k": …}. `k` holds the value itself, or keyframes: an
// array of objects with a time `t`. The decision is made from `k`'s shape, not from `a`
// (exporters disagree on `a`). A value where a property object was expected is read as a
// static property (tolerated). Keyframes:
//
//   {"t": frame, "s": value, "e": value (files before 5.5), "h": 1 (hold),
//    "o": {"x": …, "y": …}, "i": {"x": …, "y": …}, "to": […], "ti": […] (positions)}
//
// Keyframe values are S_i = k_i.s, or k_{i−1}.e when k_i has no `s` (the old form's last
// keyframe). Times must not decrease. Easing handles give one curve per dimension (arrays) or
// one for all (numbers); a handle left out (which exporters do on the last and on hold
// keyframes, and some on linear ones) is linear. x is clamped to [0, 1] as the spec says.
//
// A property with `sid` takes its value from the file's `slots` when that slot exists; a property
// with an expression (`x`): the typed decoders (scalar, vector, colour, position) bind it when it is
// recognised (Decoding/ExpressionDecoding.swift); elsewhere (paths, gradients) it is reported as
// not recognised and the keyframes or value are used.

import JSON
import Motion

/// What `k` holds once slots are resolved.
enum PropertyBody {
    case value(JSONValue)
    case keyframes([JSONValue])
}

/// A keyframe's parts, read before its value type is known.
struct RawKeyframe {
    var time: Double
    var start: JSONValue?
    var end: JSONValue?
    var hold: Bool
    var outHandle: JSONValue?
    var inHandle: JSONValue?
    var outTangent: JSONValue?
    var inTangent: JSONValue?
}

extension DecodeContext {
    /// The body of the property `v` (at the current path).
    func propertyBody(_ v: JSONValue, expressions: Bool = false, kind: String? = nil) throws(LottieError) -> PropertyBody {
        guard case .object(var o) = v else { return .value(v) }
        if let kind, let given = try slotInputBody(o, kind: kind) {
            o = given
        } else if case .string(let sid)? = member(o, "sid"), let slot = slots?[sid], case .object(let s) = slot,
           case .object(let p)? = s["p"] {
            record(.slots)
            o = p
        }
        if !expressions, case .string(let x)? = member(o, "x") { unrecognisedExpression(x, "expressions on this property are not evaluated") }
        guard let k = member(o, "k") else { throw error("missing value (\"k\")") }
        if case .array(let a) = k, case .object(let first)? = a.first, first.contains("t") {
            return .keyframes(a)
        }
        return .value(k)
    }

    /// Reads the keyframe list `k` (path: the property; elements at k[i]).
    func rawKeyframes(_ list: [JSONValue]) throws(LottieError) -> [RawKeyframe] {
        guard list.count <= limits.maxKeyframes else {
            throw error("\(list.count) keyframes, over the cap of \(limits.maxKeyframes) per property", member: "k")
        }
        return try at("k") { () throws(LottieError) -> [RawKeyframe] in
            var out: [RawKeyframe] = []
            out.reserveCapacity(list.count)
            for (i, element) in list.enumerated() {
                let raw = try at(i) { () throws(LottieError) -> RawKeyframe in
                    let o = try object(element, "a keyframe object")
                    let t = try requiredNumber(o, "t", "keyframe time")
                    guard abs(t) <= limits.maxFrame else {
                        throw error("keyframe time \(formatNumber(t)) is beyond ±\(formatNumber(limits.maxFrame)) frames", member: "t")
                    }
                    if let previous = out.last, t < previous.time {
                        throw error("keyframe times must not decrease: \(formatNumber(t)) after \(formatNumber(previous.time))", member: "t")
                    }
                    return RawKeyframe(time: t, start: member(o, "s"), end: member(o, "e"),
                                       hold: try optionalBool(o, "h") ?? false,
                                       outHandle: member(o, "o"), inHandle: member(o, "i"),
                                       outTangent: member(o, "to"), inTangent: member(o, "ti"))
                }
                out.append(raw)
            }
            return out
        }
    }

    /// Builds a track of `dimensions` numbers per keyframe, reading each value with `read`
    /// (which must return exactly `dimensions` numbers). `singleEasing`: one curve per segment
    /// (dimension 0's), as shapes and spatial positions use.
    func track(_ raws: [RawKeyframe], dimensions: Int, singleEasing: Bool = false,
               read: (JSONValue) throws(LottieError) -> [Double]) throws(LottieError) -> KeyframeTrack {
        var starts: [Double] = []
        starts.reserveCapacity(raws.count * dimensions)
        var holds: [Bool] = [], curves: [TimingCurve] = [], offsets: [Int32] = [0]
        try at("k") { () throws(LottieError) in
            var previousEnd: [Double]?
            for (i, raw) in raws.enumerated() {
                try at(i) { () throws(LottieError) in
                    let value: [Double]
                    if let s = raw.start {
                        value = try at("s") { () throws(LottieError) -> [Double] in try read(s) }
                    } else if let e = previousEnd {
                        value = e
                    } else {
                        throw error("missing keyframe value (\"s\")")
                    }
                    guard value.count == dimensions else {
                        throw error("\(value.count) numbers, but the property's first keyframe has \(dimensions)", member: "s")
                    }
                    starts.append(contentsOf: value)
                    previousEnd = try raw.end.map { e throws(LottieError) in try at("e") { () throws(LottieError) -> [Double] in try read(e) } }
                    guard i < raws.count - 1 else { return }
                    holds.append(raw.hold)
                    if !raw.hold { try easing(raw, dimensions: singleEasing ? 1 : dimensions, into: &curves) }
                    offsets.append(Int32(curves.count))
                }
            }
        }
        let times: KeyframeTimes
        do { times = try KeyframeTimes(raws.map(\.time)) } catch { throw self.error("\(error)") }
        return KeyframeTrack(dimensions: dimensions, times: times, starts: starts, holds: holds,
                             curves: curves, curveOffsets: offsets)
    }

    /// Appends the easing curves of keyframe `raw` for `dimensions` dimensions (fewer when the
    /// handles have fewer components: the last curve then serves the rest).
    func easing(_ raw: RawKeyframe, dimensions: Int, into curves: inout [TimingCurve]) throws(LottieError) {
        guard let o = raw.outHandle, let i = raw.inHandle else {
            curves.append(.linear)
            return
        }
        let (ox, oy) = try at("o") { () throws(LottieError) -> ([Double], [Double]) in try handle(o) }
        let (ix, iy) = try at("i") { () throws(LottieError) -> ([Double], [Double]) in try handle(i) }
        let count = max(1, min(dimensions, max(ox.count, oy.count, ix.count, iy.count)))
        func pick(_ a: [Double], _ d: Int) -> Double { d < a.count ? a[d] : a[0] }
        for d in 0..<count {
            let x1 = min(max(pick(ox, d), 0), 1), x2 = min(max(pick(ix, d), 0), 1)
            do { curves.append(try TimingCurve(validating: x1, pick(oy, d), x2, pick(iy, d))) } catch {
                throw self.error("invalid easing: \(error)")
            }
        }
    }

    /// The x and y arrays of an easing handle (numbers or arrays of numbers, not empty).
    func handle(_ v: JSONValue) throws(LottieError) -> ([Double], [Double]) {
        let o = try object(v, "an easing handle {\"x\", \"y\"}")
        guard let x = member(o, "x"), let y = member(o, "y") else { throw error("an easing handle needs \"x\" and \"y\"") }
        let xs = try at("x") { () throws(LottieError) -> [Double] in try numbers(x) }
        let ys = try at("y") { () throws(LottieError) -> [Double] in try numbers(y) }
        guard !xs.isEmpty, !ys.isEmpty else { throw error("an easing handle's \"x\" and \"y\" must not be empty") }
        return (xs, ys)
    }
}
