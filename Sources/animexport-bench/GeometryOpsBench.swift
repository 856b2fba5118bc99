// Geometry-operation rows of `make bench`: trim, boolean operation and offset of Lottie-size
// paths (a wobbly 8-cubic blob of radius ~100, a 4-cubic circle, a 12-point star polygon), as an
// importer would run them once per frame. Each sample is the mean of a batch of calls (wall
// time, µs); medians over rounds. Boolean and offset flatten at the default 0.05 tolerance.
import Foundation
import Geometry

/// A closed blob of 8 cubics around (cx, cy): radius 100 ± 15, smooth (tangent handles).
private func blob(cx: Double, cy: Double) -> Path {
    let n = 8
    var points: [Point] = []
    for i in 0..<n {
        let a = 2 * Double.pi * Double(i) / Double(n)
        let r = 100 + (i % 2 == 0 ? 15.0 : -15.0)
        points.append(Point(cx + r * cos(a), cy + r * sin(a)))
    }
    var path = Path()
    path.move(to: points[0])
    let k = 4.0 / 3.0 * tan(Double.pi / (2 * Double(n)))
    for i in 0..<n {
        let p0 = points[i], p1 = points[(i + 1) % n]
        let t0 = Point(-(p0.y - cy), p0.x - cx) * k, t1 = Point(-(p1.y - cy), p1.x - cx) * k
        path.cubic(to: p1, control1: p0 + t0, control2: p1 - t1)
    }
    path.close()
    return path
}

private func star(cx: Double, cy: Double, points n: Int) -> Path {
    Path.polygon((0..<(2 * n)).map { i in
        let a = Double.pi * Double(i) / Double(n)
        let r = i % 2 == 0 ? 90.0 : 45.0
        return Point(cx + r * cos(a), cy + r * sin(a))
    })
}

func benchGeometryOps(rounds: Int) {
    section("geometry operations on Lottie-size paths (µs per call, one thread)")
    let shape = blob(cx: 200, cy: 200)
    let circle = Path.circle(center: Point(260, 200), radius: 80)
    let spiky = star(cx: 220, cy: 180, points: 12)
    let cases: [(String, Int, () throws -> Path)] = [
        ("trim blob [10 %, 70 %] + 45°", 2000, {
            shape.trimmed(try TrimWindow(lottieStart: 10, end: 70, offsetDegrees: 45)) }),
        ("trim 3 paths individually [20 %, 90 %]", 1000, {
            Trimming.trim([shape, circle, spiky], window: try TrimWindow(lottieStart: 20, end: 90, offsetDegrees: 0),
                          mode: .individually)[0] }),
        ("boolean: blob ∪ circle", 200, { try shape.combined(.union, with: circle) }),
        ("boolean: blob ∖ 12-point star", 200, { try shape.combined(.difference, with: spiky) }),
        ("merge paths: intersect of blob, circle, star", 200, {
            try PathBoolean.merge([FilledPath(shape), FilledPath(circle), FilledPath(spiky)], mode: .intersect) }),
        ("offset blob +8 (round joins)", 100, { try shape.offset(by: 8, join: .round) }),
        ("offset star −6 (miter joins)", 100, { try spiky.offset(by: -6, join: .miter) }),
    ]
    for (name, runs, operation) in cases {
        guard (try? operation()) != nil else { print("geometry/\(name): failed"); continue }   // warm-up
        var samples: [Double] = []
        for _ in 0..<rounds {
            let t0 = nowNanoseconds()
            for _ in 0..<runs { _ = try? operation() }
            samples.append(ms(t0, nowNanoseconds()) * 1000 / Double(runs))
        }
        add(Record(name: "geometry/\(name)", unit: "µs", samples: samples))
    }
}
