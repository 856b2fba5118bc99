// Typed property decoders: scalar, vector, colour, position, shape, gradient data.
//
// `scale` converts file units to model units (opacity 100 → 1: scale 0.01). A member left
// out takes the given default (the spec's defaults: opacity 100 %, scale 100 %, others 0).

import JSON
import Motion
import Geometry
import Raster

extension DecodeContext {
    func scalar(_ o: JSONObject, _ key: String, default value: Double, scale: Double = 1) throws(LottieError) -> ScalarProperty {
        guard let v = member(o, key) else { return ScalarProperty(value) }
        return try at(key) { () throws(LottieError) -> ScalarProperty in try scalar(v, scale: scale) }
    }

    func scalar(_ v: JSONValue, scale: Double = 1) throws(LottieError) -> ScalarProperty {
        noteSlot(v, kind: "scalar")
        var p: ScalarProperty
        switch try propertyBody(v, expressions: true, kind: "scalar") {
        case .value(let k):
            p = ScalarProperty(try at("k") { () throws(LottieError) -> Double in try number(k) } * scale)
        case .keyframes(let list):
            let track = try track(try rawKeyframes(list), dimensions: 1) { (s) throws(LottieError) -> [Double] in [try number(s) * scale] }
            record(.animatedProperties)
            if track.hasHoldKeyframes { record(.holdKeyframes) }
            p = ScalarProperty(track: track)
        }
        p.expression = expression(v, p, scale: scale)
        return p
    }

    func vector(_ o: JSONObject, _ key: String, default value: Point, scale: Double = 1) throws(LottieError) -> VectorProperty {
        guard let v = member(o, key) else { return VectorProperty(value) }
        return try at(key) { () throws(LottieError) -> VectorProperty in
            noteSlot(v, kind: "vector")
            var property: VectorProperty
            switch try propertyBody(v, expressions: true, kind: "vector") {
            case .value(let k):
                let p = try at("k") { () throws(LottieError) -> [Double] in try pair(k, scale: scale) }
                property = VectorProperty(Point(p[0], p[1]))
            case .keyframes(let list):
                let track = try track(try rawKeyframes(list), dimensions: 2) { (s) throws(LottieError) -> [Double] in try pair(s, scale: scale) }
                record(.animatedProperties)
                if track.hasHoldKeyframes { record(.holdKeyframes) }
                property = VectorProperty(track: track)
            }
            property.expression = expression(v, property, scale: scale)
            return property
        }
    }

    /// Said once per file: a vector written [n] (the spec asks for [x, y]) is read as [n, n],
    /// (the reading this tolerance has always had); ThorVG and rlottie draw nothing of such a
    /// layer (docs/lottie-compare.md, pr_1599).
    func noteOneNumberVector() {
        guard !sawOneNumberVector else { return }
        sawOneNumberVector = true
        warnings.append("\(jsonPathString(path)): a vector of one number [n] is read as [n, n] (the spec asks for [x, y]; other players may not draw it)")
    }

    /// Two numbers (x, y) of a vector: [x, y, z…] → [x, y]; [n] or n → [n, n].
    func pair(_ v: JSONValue, scale: Double) throws(LottieError) -> [Double] {
        let n = try numbers(v)
        switch n.count {
        case 0: throw error("expected [x, y], got an empty array")
        case 1:
            if case .array = v { noteOneNumberVector() }
            return [n[0] * scale, n[0] * scale]
        default: return [n[0] * scale, n[1] * scale]
        }
    }

    /// `opaque`: a fill's or stroke's `c`, whose fourth number lottie-web, ThorVG and rlottie
    /// ignore (the spec's colour is [r, g, b]; opacity is `o`): read as alpha 1 (issue_1223).
    func color(_ o: JSONObject, _ key: String, default value: RGBA, opaque: Bool = false) throws(LottieError) -> ColorProperty {
        guard let v = member(o, key) else { return ColorProperty(value) }
        func read(_ x: JSONValue) throws(LottieError) -> [Double] {
            let c = try rgba(x)
            return opaque ? [c[0], c[1], c[2], 1] : c
        }
        var property = try at(key) { () throws(LottieError) -> ColorProperty in
            noteSlot(v, kind: "color")
            var property: ColorProperty
            switch try propertyBody(v, expressions: true, kind: "color") {
            case .value(let k):
                let c = try at("k") { () throws(LottieError) -> [Double] in try read(k) }
                property = ColorProperty(RGBA(r: c[0], g: c[1], b: c[2], a: c[3]))
            case .keyframes(let list):
                let track = try track(try rawKeyframes(list), dimensions: 4) { (s) throws(LottieError) -> [Double] in try read(s) }
                record(.animatedProperties)
                property = ColorProperty(track: track)
            }
            property.expression = expression(v, property)
            return property
        }
        if case .object(let p) = v, case .string(let sid)? = member(p, "sid") { property.slot = sid }
        return property
    }

    /// [r, g, b] or [r, g, b, a] (alpha 1 when absent).
    func rgba(_ v: JSONValue) throws(LottieError) -> [Double] {
        let n = try numbers(v)
        switch n.count {
        case 3: return n + [1]
        case 4...: return Array(n[0..<4])
        default: throw error("expected a colour [r, g, b] or [r, g, b, a], got \(n.count) number\(n.count == 1 ? "" : "s")")
        }
    }

    /// A position: static, keyframed with spatial tangents, or split (`"s": true` with x, y).
    func position(_ o: JSONObject, _ key: String, default value: Point) throws(LottieError) -> PositionProperty {
        guard let v = member(o, key) else { return PositionProperty(value) }
        return try at(key) { () throws(LottieError) -> PositionProperty in
            if case .object(let p) = v, try optionalBool(p, "s") == true, member(p, "k") == nil {
                record(.splitPosition)
                return PositionProperty(x: try scalar(p, "x", default: 0), y: try scalar(p, "y", default: 0))
            }
            noteSlot(v, kind: "position")
            var property: PositionProperty
            switch try propertyBody(v, expressions: true, kind: "position") {
            case .value(let k):
                let p = try at("k") { () throws(LottieError) -> [Double] in try pair(k, scale: 1) }
                property = PositionProperty(Point(p[0], p[1]))
            case .keyframes(let list):
                record(.animatedProperties)
                property = PositionProperty(track: try spatialTrack(list))
            }
            property.expression = expression(v, property)
            return property
        }
    }

    /// Keyframed positions; segments with tangents off the line between their end points
    /// become motion paths (PositionProperty.swift).
    func spatialTrack(_ list: [JSONValue]) throws(LottieError) -> SpatialTrack {
        let raws = try rawKeyframes(list)
        let track = try track(raws, dimensions: 2) { (s) throws(LottieError) -> [Double] in try pair(s, scale: 1) }
        if track.hasHoldKeyframes { record(.holdKeyframes) }
        var paths: [MotionPath?] = []
        paths.reserveCapacity(max(raws.count - 1, 0))
        for i in 0..<max(raws.count - 1, 0) {
            guard let to = raws[i].outTangent, let ti = raws[i].inTangent, !raws[i].hold else { paths.append(nil); continue }
            let (a, b) = try at("k") { () throws(LottieError) -> ([Double], [Double]) in
                try at(i) { () throws(LottieError) -> ([Double], [Double]) in
                    (try at("to") { () throws(LottieError) -> [Double] in try pair(to, scale: 1) },
                     try at("ti") { () throws(LottieError) -> [Double] in try pair(ti, scale: 1) })
                }
            }
            let s = SIMD2(track.starts[2 * i], track.starts[2 * i + 1])
            let e = SIMD2(track.starts[2 * i + 2], track.starts[2 * i + 3])
            let c1 = s + SIMD2(a[0], a[1]), c2 = e + SIMD2(b[0], b[1])
            // lottie-web drops the tangents of a straight segment only when the next keyframe has
            // an "s" of its own (PropertyFactory.js): in the old format — "e" on each keyframe, the
            // last one only a time — the last segment stays a curve, overshoot included, as After
            // Effects moves the layer (TypeFace/L.json). A segment that starts and ends at one
            // point with no tangents stays still either way.
            let straight = onLine(s, e, c1) && onLine(s, e, c2)
            if straight && (raws[i + 1].start != nil || c1 == s && c2 == e) { paths.append(nil); continue }
            record(.spatialTangents)
            paths.append(MotionPath(s, c1, c2, e))
        }
        return SpatialTrack(track: track, paths: paths)
    }

    /// Whether `p` lies on the line through `a` and `b` (lottie-web's test, with a relative
    /// tolerance); for a = b only p = a counts.
    func onLine(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ p: SIMD2<Double>) -> Bool {
        let d = b - a, q = p - a
        if d == .zero { return q == .zero }
        let cross = d.x * q.y - d.y * q.x
        let scale = max(abs(d.x) + abs(d.y), 1) * max(abs(q.x) + abs(q.y), 1)
        return abs(cross) <= 1e-9 * scale
    }
}
