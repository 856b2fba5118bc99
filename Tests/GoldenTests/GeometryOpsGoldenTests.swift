// Golden images of the geometry operations (Trim.swift, Boolean.swift, Offset.swift), filled and
// stroked by the rasterizer: each merge mode of two discs with the result's outline stroked (a
// stroke after a merge outlines the merged shape), offsets of a square for each join and a
// shrink, and trimmed strokes across a closed path's seam. Same checks as GoldenImageTests.
import Geometry
import Raster
import Testing

let geometryOpsGoldenCases: [GoldenCase] = [
    GoldenCase(name: "merge-modes", width: 160, height: 48) { r, c in
        let modes: [MergeMode] = [.add, .subtract, .intersect, .excludeIntersections]
        for (i, mode) in modes.enumerated() {
            let x = 40 * Double(i)
            let a = FilledPath(Path.circle(center: Point(x + 15, 24), radius: 12))
            let b = FilledPath(Path.circle(center: Point(x + 25, 24), radius: 12))
            let merged = try PathBoolean.merge([a, b], mode: mode)
            r.fill(merged, paint: SolidPaint(color: RGBA(hex: "#5AC8FA")!), on: c)
            try r.stroke(merged, style: StrokeStyle(lineWidth: 1.5, join: .round),
                         paint: SolidPaint(color: RGBA(hex: "#FF3B30")!), on: c)
        }
    },
    GoldenCase(name: "offset-joins", width: 160, height: 48) { r, c in
        let cases: [(Double, LineJoin)] = [(6, .round), (6, .miter), (6, .bevel), (-6, .round)]
        for (i, (d, join)) in cases.enumerated() {
            let square = Path.rectangle(x: 40 * Double(i) + 10, y: 14, width: 20, height: 20)
            r.fill(try square.offset(by: d, join: join), paint: SolidPaint(color: RGBA(hex: "#FFCC00")!), on: c)
            try r.stroke(square, style: StrokeStyle(lineWidth: 1), paint: SolidPaint(color: .white), on: c)
        }
    },
    GoldenCase(name: "trim-seam", width: 128, height: 64) { r, c in
        let style = StrokeStyle(lineWidth: 5, cap: .round, join: .round)
        let circle = Path.circle(center: Point(32, 32), radius: 22)
        try r.stroke(circle.trimmed(try TrimWindow(lottieStart: 10, end: 60, offsetDegrees: 90)), style: style,
                     paint: SolidPaint(color: RGBA(hex: "#34C759")!), on: c)
        // [60 %, 95 %] + 90° wraps across the square's start corner (top left): one stroke, a join there.
        let square = Path.rectangle(x: 76, y: 12, width: 40, height: 40)
        try r.stroke(square.trimmed(try TrimWindow(lottieStart: 60, end: 95, offsetDegrees: 90)), style: style,
                     paint: SolidPaint(color: RGBA(hex: "#AF52DE")!), on: c)
    },
]

@Test(arguments: geometryOpsGoldenCases) func geometryOpsGoldenImage(_ c: GoldenCase) throws { try checkGolden(c) }
