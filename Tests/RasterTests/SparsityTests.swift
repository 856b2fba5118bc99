// SparsityTests.swift — work is proportional to the shape, not to the canvas.

import Geometry
import Testing
@testable import Raster

/// Records the spans the coverage sweep reports.
struct SpanRecorder: CoverageSpanSink {
    var maskPixels = 0
    var constantPixels = 0
    var rows = Set<Int>()
    var minX = Int.max
    var maxX = Int.min

    mutating func maskSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        record(y: y, x: x, count: count)
        maskPixels += count
    }

    mutating func constantSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        record(y: y, x: x, count: count)
        constantPixels += count
    }

    private mutating func record(y: Int, x: Int, count: Int) {
        rows.insert(y)
        minX = min(minX, x)
        maxX = max(maxX, x + count)
    }
}

@Suite struct SparsityTests {
    func spans(of path: Path, width: Int, height: Int) -> SpanRecorder {
        let edges = EdgeBuilder()
        edges.build(path, transform: .identity, width: width, height: height, tolerance: Flattening.defaultTolerance)
        var recorder = SpanRecorder()
        CoverageRasterizer().rasterize(edges.segments, width: width, height: height, rule: .nonZero, kernels: .simd,
                                       into: &recorder)
        return recorder
    }

    @Test func smallShapeOnHugeCanvasOnlyTouchesItsNeighbourhood() {
        // A circle of radius 6 at (2000.3, 1500.6) on a 4000 × 3000 canvas (12 M pixels).
        let recorder = spans(of: .circle(center: Point(2000.3, 1500.6), radius: 6), width: 4000, height: 3000)
        #expect(recorder.rows == Set(1494...1506))
        // Reported pixels stay within the bounding box widened to whole 8-pixel groups.
        #expect(recorder.minX >= 1992 && recorder.maxX <= 2016)
        #expect(recorder.maskPixels + recorder.constantPixels <= 13 * 24)
    }

    @Test func interiorsAreConstantSpansNotPerPixelWork() {
        // A 600 px wide rectangle: per row, two edge groups of per-pixel coverage, the rest one span.
        let recorder = spans(of: .rectangle(x: 100.5, y: 10, width: 600, height: 20), width: 800, height: 40)
        #expect(recorder.rows.count == 20)
        // Edges at x = 100.5 and 700.5 touch cells 100–101 and 700–701: groups 96–103 and 696–703.
        #expect(recorder.maskPixels == 20 * 16)
        #expect(recorder.constantPixels == 20 * (696 - 104))
    }

    @Test func shapesRunningOffTheRightEdgeFillToTheEdge() {
        let mask = Rasterizer().coverageMask(.rectangle(x: 10.5, y: 1, width: 1e6, height: 3), width: 37, height: 5)
        for y in 1..<4 {
            #expect(mask[y * 37 + 10] == 128)
            #expect(Array(mask[(y * 37 + 11)..<(y * 37 + 37)]).allSatisfy { $0 == 255 })
        }
        #expect(mask[0..<37].allSatisfy { $0 == 0 } && mask[(4 * 37)...].allSatisfy { $0 == 0 })
    }
}
