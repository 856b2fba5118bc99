// PolygonSet.swift — paths as integer polygons for the polygon library (Clipper 6.4.2, through
// the CClipper target), and back.
//
// Flattening. Every subpath is flattened with the fill flattener (Flatten.swift: Wang's formula,
// every curve within `tolerance` of its polyline, at most 8192 segments per curve) and closed, as
// a fill closes it; the tolerance is in path units and clamped to [1e-4, 1e4] by the flattener, so
// pass device-space paths (or scale the tolerance with the transform).
//
// Fixed point. Clipper works on integers; with |x|, |y| ≤ 2^30 − 1 ("loRange") its 64-bit
// cross products cannot overflow and it stays on its fast path. All operands of one operation
// share one scale, a power of two (so scaling is exact in binary floating point):
//
//     m = max |coordinate| over all operands,   scale = 2^⌊log₂(2^29 / m)⌋   (1 when m = 0)
//
// so every scaled coordinate is ≤ 2^29 in magnitude (a factor 2 of headroom below loRange for
// the intersection points Clipper computes, which lie inside the operands' hull) and a point is
// rounded by at most ½ / scale ≤ m · 2^−29 ≈ 1.9e-9 · m: 1.9e-6 px for a 1000 px scene. Output
// vertices are Clipper's (input vertices or rounded intersections), mapped back by 1/scale.
// Coordinates beyond `maximumCoordinate` (1e12) are refused, non-finite points are skipped (the
// rules of Contours.swift), and the total vertex count is estimated before flattening and capped
// at `maximumVertices` (`GeometryError.tooManyVertices`).

import CClipper

/// Caps and defaults of boolean operations and offsets.
public enum PolygonLimits {
    /// Most vertices (after flattening, all operands together) one operation accepts.
    public static let maximumVertices = FuzzBuild.scaled(500_000)
    /// Largest estimated sweep cost of one library call (BooleanCost.swift: edges + scanbeams
    /// they span + edge pairs whose boxes overlap), and of all the calls of one frame together
    /// (a `BooleanBudget`). Measured: see README "Limits".
    public static let maximumCost = FuzzBuild.scaled(2_000_000)
    public static let maximumFrameCost = FuzzBuild.scaled(8_000_000)
    /// Largest accepted |x| or |y| (path units).
    public static let maximumCoordinate = 1e12
    /// Default flattening tolerance of boolean operations and offsets, in path units (a quarter
    /// of the fill default: results are often stroked or offset again).
    public static let defaultTolerance = Flattening.defaultTolerance / 4
}

/// Polygons in Clipper's integer coordinates: polygon i has counts[i] points, xy = x0, y0, x1, …
struct IntegerPolygons {
    var xy: [Int64] = []
    var counts: [Int] = []

    var vertexCount: Int { xy.count / 2 }
}

/// One operation's flattened operands and their shared scale.
struct PolygonScale {
    /// Integer units per path unit (a power of two).
    let scale: Double

    static let targetMagnitude = 536_870_912.0   // 2^29

    init(maxMagnitude m: Double) {
        guard m > 0 else { scale = 1; return }
        let exponent = (Self.targetMagnitude / m).exponent   // ⌊log₂⌋ of a positive finite double
        scale = Double(sign: .plus, exponent: exponent, significand: 1)
    }

    func integerPolygons(_ subpaths: [FlattenedSubpath]) -> IntegerPolygons {
        var result = IntegerPolygons()
        for subpath in subpaths where subpath.points.count >= 3 {
            for p in subpath.points {
                result.xy.append(Int64((p.x * scale).rounded()))
                result.xy.append(Int64((p.y * scale).rounded()))
            }
            result.counts.append(subpath.points.count)
        }
        return result
    }

    func path(_ polygons: IntegerPolygons) -> Path {
        var path = Path()
        path.elements.reserveCapacity(polygons.vertexCount + polygons.counts.count)
        var k = 0
        let inverse = 1 / scale
        for count in polygons.counts {
            for j in 0..<count {
                let p = Point(Double(polygons.xy[2 * (k + j)]) * inverse, Double(polygons.xy[2 * (k + j) + 1]) * inverse)
                if j == 0 { path.move(to: p) } else { path.line(to: p) }
            }
            if count > 0 { path.close() }
            k += count
        }
        return path
    }
}

enum PolygonFlattening {
    /// Upper bound on the vertices `path.flattened(tolerance:)` produces (no flattening done).
    static func estimatedVertices(_ path: Path, tolerance: Double) -> Int {
        let flattener = CurveFlattener(tolerance: tolerance)
        var total = 0
        var current = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p):
                total += 1
                current = p
            case .quad(let p, let c):
                total += Swift.min(flattener.segmentCount(current, c, p), 8192)
                current = p
            case .cubic(let p, let c1, let c2):
                total += Swift.min(flattener.segmentCount(current, c1, c2, p), 8192)
                current = p
            case .close:
                total += 1
            }
        }
        return total
    }

    /// The operands flattened (closed polygons), after the vertex and coordinate checks.
    static func flatten(_ paths: [Path], tolerance: Double) throws(GeometryError) -> [[FlattenedSubpath]] {
        guard tolerance.isFinite, tolerance > 0 else {
            throw .parameterOutOfRange(name: "flattening tolerance", value: tolerance, allowed: "finite and > 0")
        }
        var estimate = 0
        for path in paths { estimate += estimatedVertices(path, tolerance: tolerance) }
        guard estimate <= PolygonLimits.maximumVertices else {
            throw .tooManyVertices(count: estimate, limit: PolygonLimits.maximumVertices)
        }
        let flattened = paths.map { $0.flattened(tolerance: tolerance) }
        for subpaths in flattened {
            for subpath in subpaths {
                for p in subpath.points {
                    let m = Swift.max(abs(p.x), abs(p.y))
                    guard m <= PolygonLimits.maximumCoordinate else {
                        throw .coordinateOutOfRange(value: m, limit: PolygonLimits.maximumCoordinate)
                    }
                }
            }
        }
        return flattened
    }

    static func maxMagnitude(_ operands: [[FlattenedSubpath]]) -> Double {
        var m = 0.0
        for subpaths in operands {
            for subpath in subpaths {
                for p in subpath.points { m = Swift.max(m, abs(p.x), abs(p.y)) }
            }
        }
        return m
    }
}

/// One call of the polygon library: subject OP clip, each with its fill rule.
enum ClipperCall {
    static func clip(_ operation: BooleanOperation, _ subject: IntegerPolygons, _ subjectRule: FillRule,
                     _ clip: IntegerPolygons, _ clipRule: FillRule) throws(GeometryError) -> IntegerPolygons {
        let code: Int32
        switch operation {
        case .union: code = Int32(AX_OP_UNION)
        case .intersection: code = Int32(AX_OP_INTERSECTION)
        case .difference: code = Int32(AX_OP_DIFFERENCE)
        case .exclusion: code = Int32(AX_OP_XOR)
        }
        func fill(_ rule: FillRule) -> Int32 { rule == .nonZero ? Int32(AX_FILL_NON_ZERO) : Int32(AX_FILL_EVEN_ODD) }
        var out = AXPolygons(xy: nil, counts: nil, pointCount: 0, polygonCount: 0)
        var message = [CChar](repeating: 0, count: 256)
        // size_t imports as Int: the counts pass as they are.
        let status: Int32 = subject.xy.withUnsafeBufferPointer { sxy in
            subject.counts.withUnsafeBufferPointer { sc in
                clip.xy.withUnsafeBufferPointer { cxy in
                    clip.counts.withUnsafeBufferPointer { cc in
                        ax_clip(code, sxy.baseAddress, sc.baseAddress, sc.count, fill(subjectRule),
                                cxy.baseAddress, cc.baseAddress, cc.count, fill(clipRule), &out, &message, message.count)
                    }
                }
            }
        }
        defer { ax_polygons_free(&out) }
        guard status == 0 else {
            throw .clipperFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var result = IntegerPolygons()
        if out.pointCount > 0, let xy = out.xy { result.xy = Array(UnsafeBufferPointer(start: xy, count: 2 * out.pointCount)) }
        if out.polygonCount > 0, let counts = out.counts {
            result.counts = UnsafeBufferPointer(start: counts, count: out.polygonCount).map { Int($0) }
        }
        return result
    }
}
