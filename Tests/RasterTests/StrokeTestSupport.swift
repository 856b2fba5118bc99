// StrokeTestSupport.swift — helpers for stroke tests: polylines, areas, and a sampled reference
// stroke built from first principles (union of segment rectangles, join shapes and caps).

import Geometry
import Raster
#if canImport(Glibc)
import Glibc
#endif

func polyline(_ points: [Point], closed: Bool = false) -> Path {
    var path = Path()
    guard let first = points.first else { return path }
    path.move(to: first)
    for p in points.dropFirst() { path.line(to: p) }
    if closed { path.close() }
    return path
}

/// Covered area in pixels of `path` stroked with `style` on a `width` × `height` mask.
func strokeArea(_ path: Path, _ style: StrokeStyle, transform: Transform = .identity,
                width: Int = 200, height: Int = 200) throws -> Double {
    coveredArea(try Rasterizer().strokeCoverageMask(path, style: style, transform: transform,
                                                     width: width, height: height))
}

/// Largest per-pixel difference of two masks.
func maximumDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}

/// Point-in-stroke test for a polyline, independent of the implementation: the union of the
/// segment rectangles, the caps at open ends and the join shapes on the outer side of every
/// joined vertex (bevel triangle, miter quadrilateral within the limit, pie slice for round),
/// following the PostScript / CoreGraphics definitions.
struct ReferenceStroke {
    /// A disc sector: points within `radius` of `centre` at most acos(`minimumCosine`) away
    /// from the unit direction `bisector`.
    private struct Sector {
        var centre: Point
        var radius: Double
        var bisector: Point
        var minimumCosine: Double
    }

    private var polygons: [[Point]] = []
    private var sectors: [Sector] = []
    private var bounds = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    init(points: [Point], closed: Bool, style: StrokeStyle) {
        let r = style.lineWidth / 2
        let n = points.count
        func direction(_ a: Point, _ b: Point) -> Point { (b - a) / a.distance(to: b) }
        if n == 1 {
            let p = points[0]
            switch style.cap {
            case .butt: break
            case .round: sectors.append(Sector(centre: p, radius: r, bisector: Point(1, 0), minimumCosine: -1))
            case .square: polygons.append([p + Point(-r, -r), p + Point(r, -r), p + Point(r, r), p + Point(-r, r)])
            }
        } else {
            let segmentCount = closed ? n : n - 1
            for j in 0..<segmentCount {
                let a = points[j], b = points[(j + 1) % n]
                let d = direction(a, b), normal = Point(-d.y, d.x) * r
                var start = a, end = b
                if !closed && style.cap == .square {
                    if j == 0 { start = a - d * r }
                    if j == segmentCount - 1 { end = b + d * r }
                }
                polygons.append([start + normal, end + normal, end - normal, start - normal])
            }
            if !closed && style.cap == .round {
                sectors.append(Sector(centre: points[0], radius: r, bisector: -direction(points[0], points[1]),
                                      minimumCosine: 0))
                sectors.append(Sector(centre: points[n - 1], radius: r, bisector: direction(points[n - 2], points[n - 1]),
                                      minimumCosine: 0))
            }
            for i in (closed ? Array(0..<n) : Array(1..<(n - 1))) {
                let previous = points[(i + n - 1) % n], vertex = points[i], next = points[(i + 1) % n]
                let dIn = direction(previous, vertex), dOut = direction(vertex, next)
                let cross = dIn.cross(dOut), dot = dIn.dot(dOut)
                let sign: Double = cross < 0 ? 1 : -1
                let nIn = Point(-dIn.y, dIn.x) * sign, nOut = Point(-dOut.y, dOut.x) * sign
                let aIn = vertex + nIn * r, aOut = vertex + nOut * r
                switch style.join {
                case .round:
                    let sum = nIn + nOut
                    let bisector = sum.length > 1e-9 ? sum / sum.length : dIn
                    sectors.append(Sector(centre: vertex, radius: r, bisector: bisector,
                                          minimumCosine: cos(acos(max(-1, min(1, dot))) / 2) - 1e-12))
                case .bevel, .miter:
                    if style.join == .miter && 1 + dot > 1e-12 && 1 / ((1 + dot) / 2).squareRoot() <= style.miterLimit {
                        polygons.append([vertex, aIn, vertex + (nIn + nOut) * (r / (1 + dot)), aOut])
                    } else {
                        polygons.append([vertex, aIn, aOut])
                    }
                }
            }
        }
        for polygon in polygons { for p in polygon { bounds = bounds.including(p) } }
        for sector in sectors {
            bounds = bounds.including(sector.centre - Point(sector.radius, sector.radius))
            bounds = bounds.including(sector.centre + Point(sector.radius, sector.radius))
        }
    }

    /// True when p is inside the convex polygon (either orientation).
    private static func inside(_ p: Point, convex polygon: [Point]) -> Bool {
        var positive = false, negative = false
        var a = polygon[polygon.count - 1]
        for b in polygon {
            let side = (b - a).cross(p - a)
            if side > 0 { positive = true }
            if side < 0 { negative = true }
            a = b
        }
        return !(positive && negative)
    }

    func contains(_ p: Point) -> Bool {
        for polygon in polygons where Self.inside(p, convex: polygon) { return true }
        for sector in sectors {
            let v = p - sector.centre
            let length = v.length
            if length <= sector.radius && (length == 0 || v.dot(sector.bisector) >= length * sector.minimumCosine) {
                return true
            }
        }
        return false
    }

    /// Coverage by `samples`² samples per pixel, as fractions.
    func coverage(width: Int, height: Int, samples: Int = 8) -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        let step = 1 / Double(samples)
        let x0 = max(0, Int(bounds.minX.rounded(.down))), x1 = min(width - 1, Int(bounds.maxX.rounded(.up)))
        let y0 = max(0, Int(bounds.minY.rounded(.down))), y1 = min(height - 1, Int(bounds.maxY.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return result }
        for y in y0...y1 {
            for x in x0...x1 {
                var hits = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let p = Point(Double(x) + (Double(sx) + 0.5) * step, Double(y) + (Double(sy) + 0.5) * step)
                        if contains(p) { hits += 1 }
                    }
                }
                result[y * width + x] = Double(hits) / Double(samples * samples)
            }
        }
        return result
    }
}
