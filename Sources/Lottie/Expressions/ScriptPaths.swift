// Path values in interpreted expressions: points(), inTangents(), createPath, pointOnPath …
//
// A path value is a shape property (the expression's own path as `value` / `thisProperty`, a
// linked `….path`, or a path made by createPath), read at the frame the script runs at or at the
// time argument (seconds). Vertex j has point v_j and tangents i_j, o_j relative to it (Lottie's
// and After Effects' convention), so
//
//   points(t) = [v_j],  inTangents(t) = [i_j],  outTangents(t) = [o_j],  isClosed() = c
//   createPath(P, I, O, c): v_j = P_j, i_j = I_j (missing: [0, 0]), o_j = O_j, closed = truth of c
//     (lottie-web's: a missing c is an open path, where After Effects' default is closed)
//
// pointOnPath(p [, t]) is lottie-web's: segment k joins v_k, v_k + o_k, v_{k+1} + i_{k+1}, v_{k+1}
// (a closed path also joins the last vertex to v_0); its length L_k is the sum of the chords
// between B_k(s) at s = m/199, m = 0…199 (200 samples), the cumulative chord lengths C_k(m)
// tabulated. For the target length ℓ = p · Σ L_k, the first segment k with Σ_{j≤k} L_j > ℓ is
// taken, u = (ℓ − Σ_{j<k} L_j)/L_k, and the curve parameter s is found by inverting C_k linearly
// between samples: s = (m + (u·L_k − C_k(m)) / (C_k(m+1) − C_k(m)))/199. The point B_k(s) is
// rounded to 1/1000 (as lottie-web rounds). Past the end (ℓ ≥ the total) the point is v_0 for a
// closed path, the last vertex for an open one; p < 0 is taken as 0.
//   tangentOnPath(p) = (B(p′ + 0.001) − B(p′)) / |…|, normalOnPath(p) = that rotated by −90°
//   ([−y, x]), [0, 0] when the two points coincide, with lottie-web's p′: p = 1 → 1 on a closed
//   path and 0 on an open one; p = 0 → 0.999; otherwise p.
// Differences from lottie-web: it caches the segment lengths at the first call and reuses them
// when the path animates (stale lengths, depending on which frame ran first); here they are
// measured on the path at the time asked, so a frame renders the same in any order. lottie-web
// also snaps the first 1/199 of each segment to its start; here s is interpolated there too.
// Bounds: createPath takes at most 4 096 points (the cap on an array);
// reading a path charges one step per vertex, pointOnPath one more per segment measured,
// so the step budget bounds the work of a script.

import Foundation
import Geometry

extension ScriptEnvironment {
    static let pathMethods: Set<String> = ["points", "inTangents", "outTangents", "isClosed", "pointOnPath",
                                           "tangentOnPath", "normalOnPath", "valueAtTime", "createPath"]

    /// The path `p` at `t` seconds (nil: the script's frame), one step charged per vertex.
    func path(_ p: ShapeProperty, at t: Double?, _ run: inout ScriptInterpreter) throws(ScriptError) -> BezierPath {
        let shape = p.value(at: t.map { $0 * frameRate } ?? frame)
        try run.charge(shape.vertices.count)
        return shape
    }

    /// `p.name(a…)` for a path value.
    func callPath(_ p: ShapeProperty, _ name: String, _ a: [ScriptValue], _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        func time(_ i: Int) throws(ScriptError) -> Double? {
            guard i < a.count, !a[i].isUndefined else { return nil }
            guard let t = a[i].number else { throw .type("\(name)'s time must be a number") }
            return t
        }
        switch name {
        case "points", "inTangents", "outTangents":
            guard a.count <= 1 else { throw .unsupported("\(name) takes at most 1 argument (a time)") }
            let shape = try path(p, at: try time(0), &run)
            var out: [ScriptValue] = []
            out.reserveCapacity(shape.vertices.count)
            for v in shape.vertices {
                let q = name == "points" ? v.point : name == "inTangents" ? v.inTangent : v.outTangent
                out.append(.vector([q.x, q.y]))
            }
            return .array(out)
        case "isClosed":
            guard a.count <= 1 else { throw .unsupported("isClosed takes at most 1 argument (a time)") }
            return .bool(try path(p, at: try time(0), &run).closed)
        case "valueAtTime":
            guard a.count == 1, let t = a[0].number else { throw .type("valueAtTime takes a time in seconds") }
            return .path(ShapeProperty(try path(p, at: t, &run)))
        case "pointOnPath", "tangentOnPath", "normalOnPath":
            guard (1...2).contains(a.count), let q = a[0].number else { throw .type("\(name) takes a fraction of the path's length") }
            let shape = try path(p, at: try time(1), &run)
            guard !shape.vertices.isEmpty else { throw .type("\(name) of an empty path") }
            if name == "pointOnPath" { return .vector(try Self.point(on: shape, q, &run)) }
            let from = q == 1 ? (shape.closed ? 1 : 0) : q == 0 ? 0.999 : q
            let a0 = try Self.point(on: shape, from, &run), a1 = try Self.point(on: shape, from + 0.001, &run)
            let dx = a1[0] - a0[0], dy = a1[1] - a0[1], m = (dx * dx + dy * dy).squareRoot()
            guard m != 0 else { return .vector([0, 0]) }
            return name == "tangentOnPath" ? .vector([dx / m, dy / m]) : .vector([-dy / m, dx / m])
        default: throw .unsupported("the method '.\(name.prefix(30))()' of a path is not supported")
        }
    }

    /// createPath(points, inTangents, outTangents, isClosed).
    func createPath(_ a: [ScriptValue], _ run: inout ScriptInterpreter) throws(ScriptError) -> ScriptValue {
        guard (1...4).contains(a.count), case .array(let points) = a[0] else { throw .type("createPath takes an array of points") }
        guard points.count <= Self.maxMadeVertices else {
            throw .budget("createPath of \(points.count) points, over the cap of \(Self.maxMadeVertices)")
        }
        func list(_ i: Int) -> [ScriptValue] {
            if i < a.count, case .array(let l) = a[i] { return l }
            return []
        }
        func point(_ v: ScriptValue?) throws(ScriptError) -> Point? {
            guard let v else { return nil }
            guard let c = v.components, c.count >= 2, v.isArray else { throw .type("createPath: a point is not [x, y]") }
            return Point(c[0], c[1])
        }
        let ins = list(1), outs = list(2)
        var shape = BezierPath(vertices: [], closed: a.count == 4 && a[3].truth)
        for (j, v) in points.enumerated() {
            try run.step()
            guard let q = try point(v) else { continue }
            shape.vertices.append(BezierVertex(point: q, inTangent: try point(j < ins.count ? ins[j] : nil) ?? .zero,
                                               outTangent: try point(j < outs.count ? outs[j] : nil) ?? .zero))
        }
        return .path(ShapeProperty(shape))
    }

    /// lottie-web's pointOnPath (file header): the point at fraction `q` of the path's length.
    static func point(on shape: BezierPath, _ q: Double, _ run: inout ScriptInterpreter) throws(ScriptError) -> [Double] {
        let n = shape.vertices.count
        let count = shape.closed ? n : n - 1
        var tables: [[Double]] = []
        var total = 0.0
        for k in 0..<max(count, 0) {
            try run.step()
            let table = chordLengths(segment(shape, k))
            total += table[table.count - 1]
            tables.append(table)
        }
        let target = total * max(q, 0)
        var before = 0.0
        for k in 0..<tables.count {
            let length = tables[k][tables[k].count - 1]
            if before + length > target {
                let b = evaluate(segment(shape, k), parameter(tables[k], at: target - before))
                return [((b.x * 1000 + 0.5).rounded(.down)) / 1000, ((b.y * 1000 + 0.5).rounded(.down)) / 1000]     // JS Math.round
            }
            before += length
        }
        let end = shape.closed ? shape.vertices[0].point : shape.vertices[n - 1].point
        return [end.x, end.y]
    }

    static let samples = 200
    /// createPath's cap on points: an array's (`push` stops at 4 096 elements too).
    static let maxMadeVertices = 4096

    /// The control points of segment k.
    static func segment(_ shape: BezierPath, _ k: Int) -> (Point, Point, Point, Point) {
        let a = shape.vertices[k], b = shape.vertices[(k + 1) % shape.vertices.count]
        return (a.point, a.point + a.outTangent, b.point + b.inTangent, b.point)
    }

    static func evaluate(_ c: (Point, Point, Point, Point), _ s: Double) -> Point {
        let u = 1 - s
        let w0 = u * u * u, w1 = 3 * u * u * s, w2 = 3 * u * s * s, w3 = s * s * s
        return Point(w0 * c.0.x + w1 * c.1.x + w2 * c.2.x + w3 * c.3.x, w0 * c.0.y + w1 * c.1.y + w2 * c.2.y + w3 * c.3.y)
    }

    /// C(m), m = 0 … samples − 1: the cumulative chord lengths at s = m / (samples − 1).
    static func chordLengths(_ c: (Point, Point, Point, Point)) -> [Double] {
        var out = [Double](repeating: 0, count: samples)
        var last = c.0, sum = 0.0
        for m in 1..<samples {
            let p = evaluate(c, Double(m) / Double(samples - 1))
            sum += ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot()
            out[m] = sum
            last = p
        }
        return out
    }

    /// The curve parameter s where the cumulative chord length reaches `length`.
    static func parameter(_ table: [Double], at length: Double) -> Double {
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] <= length { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let f = span > 0 ? min(max((length - table[lo]) / span, 0), 1) : 0
        return (Double(lo) + f) / Double(table.count - 1)
    }
}

extension ScriptValue {
    var isUndefined: Bool { if case .undefined = self { return true } else { return false } }
}
