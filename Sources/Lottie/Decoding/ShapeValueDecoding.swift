// Decoding bezier shapes (path `ks`) and gradient data (`g`).
//
// A shape value is {"c": closed, "v": [[x, y] …], "i": [[x, y] …], "o": [[x, y] …]}, in
// keyframes wrapped in a one-element array ("s": [{…}]). `i` and `o` must have as many points
// as `v` (missing ones are zero); every keyframe must have the same vertex count, since
// vertices interpolate one by one — a file that changes the count is refused rather than
// drawn with made-up points.

import JSON
import Geometry

extension DecodeContext {
    func shape(_ o: JSONObject, _ key: String) throws(LottieError) -> ShapeProperty {
        guard let v = member(o, key) else { throw error("missing path data (\"\(key)\")") }
        return try at(key) { () throws(LottieError) -> ShapeProperty in
            var evaluated = false, script: String?
            if case .object(let p) = v, case .string(let x)? = member(p, "x"), !x.allSatisfy(\.isWhitespace) {
                switch pathExpression(x) {
                case .linked(let linked): return linked
                case .script: script = x        // bound below, to the keyframes decoded here
                case .own: break                // a link to itself, or reported by pathExpression
                }
                evaluated = true
            }
            var shape: ShapeProperty
            switch try propertyBody(v, expressions: evaluated) {
            case .value(let k):
                shape = ShapeProperty(try at("k") { () throws(LottieError) -> BezierPath in try bezier(k) })
            case .keyframes(let list):
                record(.animatedProperties)
                shape = ShapeProperty(track: try shapeTrack(list))
            }
            if let script {
                shape.expression = interpreted(script, base: .constant(ExpressionValue(0)), count: 1, scale: 1, ownPath: shape)
            }
            return shape
        }
    }

    func shapeTrack(_ list: [JSONValue]) throws(LottieError) -> ShapeTrack {
        let raws = try rawKeyframes(list)
        // The vertex count and closed flags come from the shapes themselves.
        var closed: [Bool] = []
        var vertexCount: Int?
        var previousEndClosed: Bool?
        try at("k") { () throws(LottieError) in
            for (i, raw) in raws.enumerated() {
                try at(i) { () throws(LottieError) in
                    if let s = raw.start {
                        let shape = try at("s") { () throws(LottieError) -> BezierPath in try bezier(s) }
                        if vertexCount == nil { vertexCount = shape.vertices.count }
                        closed.append(shape.closed)
                    } else if let c = previousEndClosed {
                        closed.append(c)
                    } else {
                        throw error("missing keyframe value (\"s\")")
                    }
                    previousEndClosed = try raw.end.map { e throws(LottieError) in try at("e") { () throws(LottieError) -> Bool in try bezier(e).closed } }
                }
            }
        }
        let count = vertexCount ?? 0
        let track = try track(raws, dimensions: 6 * count, singleEasing: true) { (s) throws(LottieError) -> [Double] in
            let shape = try bezier(s)
            guard shape.vertices.count == count else {
                throw error("\(shape.vertices.count) vertices, but the first keyframe has \(count) (shape keyframes must have the same vertex count)")
            }
            var flat: [Double] = []
            flat.reserveCapacity(6 * count)
            for v in shape.vertices {
                flat += [v.point.x, v.point.y, v.inTangent.x, v.inTangent.y, v.outTangent.x, v.outTangent.y]
            }
            return flat
        }
        if track.hasHoldKeyframes { record(.holdKeyframes) }
        return ShapeTrack(track: track, vertexCount: count, closedFlags: closed)
    }

    /// One bezier shape, bare or as the only element of an array.
    func bezier(_ value: JSONValue) throws(LottieError) -> BezierPath {
        var v = value
        if case .array(let a) = value {
            guard a.count == 1 else { throw error("expected a shape {\"c\", \"v\", \"i\", \"o\"} or [shape], got an array of \(a.count)") }
            v = a[0]
        }
        let o = try object(v, "a shape {\"c\", \"v\", \"i\", \"o\"}")
        let closed = try optionalBool(o, "c") ?? false
        let points = try pointList(o, "v")
        guard points.count <= limits.maxPathVertices else {
            throw error("\(points.count) vertices, over the cap of \(limits.maxPathVertices) per path", member: "v")
        }
        let ins = try pointList(o, "i"), outs = try pointList(o, "o")
        for (key, list) in [("i", ins), ("o", outs)] where !list.isEmpty && list.count != points.count {
            throw error("\(list.count) tangents for \(points.count) vertices", member: key)
        }
        var path = BezierPath(vertices: [], closed: closed)
        path.vertices.reserveCapacity(points.count)
        for j in points.indices {
            path.vertices.append(BezierVertex(point: points[j], inTangent: ins.isEmpty ? .zero : ins[j],
                                              outTangent: outs.isEmpty ? .zero : outs[j]))
        }
        return path
    }

    /// A list of [x, y] points (extra components ignored); absent → empty.
    func pointList(_ o: JSONObject, _ key: String) throws(LottieError) -> [Point] {
        guard let v = member(o, key) else { return [] }
        return try at(key) { () throws(LottieError) -> [Point] in
            let list = try array(v, "an array of [x, y] points")
            var out: [Point] = []
            out.reserveCapacity(list.count)
            for (j, element) in list.enumerated() {
                let n = try at(j) { () throws(LottieError) -> [Double] in try numbers(element) }
                guard n.count >= 2 else { throw error("expected a point [x, y], got \(n.count) number\(n.count == 1 ? "" : "s")", element: j) }
                out.append(Point(n[0], n[1]))
            }
            return out
        }
    }

    /// Gradient data `g`: {"p": colour count, "k": property of flat numbers}.
    func gradient(_ o: JSONObject, _ key: String) throws(LottieError) -> GradientProperty {
        guard let v = member(o, key) else { throw error("missing gradient colours (\"\(key)\")") }
        return try at(key) { () throws(LottieError) -> GradientProperty in
            let g = try object(v, "gradient colours {\"p\", \"k\"}")
            var stops = try optionalInteger(g, "p", in: 0...limits.maxGradientStops) ?? 0
            guard let k = member(g, "k") else { throw error("missing gradient colours (\"k\")") }
            var script: String?
            if case .object(let ko) = k, case .string(let x)? = member(ko, "x"), !x.allSatisfy(\.isWhitespace) { script = x }
            var values: FlatProperty = try at("k") { () throws(LottieError) -> FlatProperty in
                switch try propertyBody(k, expressions: script != nil) {
                case .value(let numbers):
                    return FlatProperty(constant: try at("k") { () throws(LottieError) -> [Double] in try self.numbers(numbers) })
                case .keyframes(let list):
                    record(.animatedProperties)
                    let raws = try rawKeyframes(list)
                    guard let first = raws.first?.start ?? raws.first?.end else { throw error("missing keyframe value (\"s\")") }
                    let count = try at("k") { () throws(LottieError) -> Int in try at(0) { () throws(LottieError) -> Int in try numbers(first).count } }
                    return FlatProperty(track: try track(raws, dimensions: count) { (s) throws(LottieError) -> [Double] in try numbers(s) })
                }
            }
            if let given = try at("k", { () throws(LottieError) -> (count: Int, values: [Double])? in
                noteSlot(k, kind: "gradient")
                return try slotGradient(k, fileOpacity: values.count > 4 * max(stops, 1))
            }) {
                (stops, values, script) = (given.count, FlatProperty(constant: given.values), nil)
            }
            if let script {      // a colour-stop script: `value` is the flat array, the result one as long
                let own = values
                values.expression = try at("k") { () throws(LottieError) -> ExpressionBinding? in
                    interpreted(script, base: .constant(ExpressionValue(0)), count: 1, scale: 1, ownStops: own)
                }
            }
            let colorCount = stops == 0 ? values.count / 4 : stops
            guard values.count >= 4 * colorCount, colorCount >= 1 else {
                throw error("\(values.count) numbers cannot hold \(colorCount) colour stop\(colorCount == 1 ? "" : "s") (4 numbers each)", member: "k")
            }
            let opacityCount = (values.count - 4 * colorCount) / 2
            return GradientProperty(colorCount: colorCount, opacityCount: opacityCount, values: values)
        }
    }
}
