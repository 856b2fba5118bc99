// Hardening (issue 7): the caps on segments per curve, per fill and per stroke outline, and the
// replay of every input the geometry fuzzer ever failed on (Fuzz/regressions/geometry).
import Geometry
import Foundation
import Testing
@testable import Raster

@Suite struct Hardening {
    /// Found by the geometry fuzzer: `Path.flattened` of a cubic with coordinates ~1e15 asked
    /// for 2^24 pieces × 128 segments (an 8 GB array). Polylines now stop at 8192 per curve.
    @Test func flattenedHugeCurveIsCapped() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(1e15, 0), control1: Point(-1e15, 1e15), control2: Point(2e15, -1e15))
        let points = path.flattened().reduce(0) { $0 + $1.points.count }
        #expect(points <= 8192 + 1, "\(points) points")
        #expect(points > 1000)
    }

    /// Half a million round-capped dashes of a 1000-unit-wide line: within the dash cap
    /// (1,000,000) but ~50 million outline points. Refused with tooManySegments, nothing drawn.
    @Test func strokeOutlineIsCapped() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(1000, 0))
        let style = StrokeStyle(lineWidth: 1000, cap: .round, dash: [0.001, 0.001])
        #expect(throws: StrokeError.tooManySegments(limit: PolylineStroker.maximumOutlineElements)) {
            _ = try Rasterizer().strokeCoverageMask(path, style: style, width: 8, height: 8)
        }
        // The same pattern on a short line is fine.
        var short = Path()
        short.move(to: Point(0, 4))
        short.line(to: Point(8, 4))
        let mask = try Rasterizer().strokeCoverageMask(short, style: StrokeStyle(lineWidth: 2, cap: .round, dash: [0.001, 0.001]),
                                                       width: 8, height: 8)
        #expect(mask.contains { $0 > 0 })
    }

    /// Found by the geometry fuzzer: ONE solid polyline can exceed the outline cap by itself
    /// (a jagged 8192-segment curve, a round join of many chords at every vertex; 2 GB).
    @Test func singlePolylineOutlineIsCapped() {
        var path = Path()
        path.move(to: Point(0, 0))
        for i in 1...20_000 { path.line(to: Point(Double(i) * 1e-3, i % 2 == 0 ? 0 : 1e-3)) }
        // Width 1e4 at a 1e-3 tolerance: every 90°-ish turn is a round join of ~2000 chords.
        let style = StrokeStyle(lineWidth: 1e4, cap: .round, join: .round)
        #expect(throws: StrokeError.tooManySegments(limit: PolylineStroker.maximumOutlineElements)) {
            _ = try path.strokeOutline(style, tolerance: 1e-3)
        }
    }

    /// A fill whose flattened, clipped segments exceed `maximumSegmentsPerFill` draws nothing
    /// (a partial list would leave unbalanced windings); one under the cap draws.
    @Test func fillSegmentsAreCapped() {
        func zigzag(_ n: Int) -> Path {
            var elements: [PathElement] = [.move(to: Point(0.5, 0))]
            elements.reserveCapacity(n + 2)
            for i in 0..<n { elements.append(.line(to: Point(0.5 + Double(i % 7) * 0.5, i % 2 == 0 ? 4 : 0))) }
            return Path(elements: elements)
        }
        let rasterizer = Rasterizer()
        let under = rasterizer.coverageMask(zigzag(1000), width: 4, height: 4)
        #expect(under.contains { $0 > 0 })
        let over = rasterizer.coverageMask(zigzag(EdgeBuilder.maximumSegmentsPerFill + 10), width: 4, height: 4)
        #expect(over.allSatisfy { $0 == 0 })
    }

    /// Found by the geometry fuzzer: a conic gradient whose parameter is NaN (non-finite centre)
    /// turned into a lookup index far outside the colour table (SEGV). Now it is colour 0.
    @Test(arguments: [RasterKernels.simd, .scalar]) func conicGradientWithNaNCentre(_ kernels: RasterKernels) throws {
        let gradient = try Gradient(stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .black)])
        for center in [Point(.nan, 0), Point(.infinity, 3), Point(1e300, -1e300)] {
            let canvas = Canvas(width: 19, height: 5)
            let rasterizer = Rasterizer()
            rasterizer.kernels = kernels
            rasterizer.fill(.rectangle(x: 0, y: 0, width: 19, height: 5), paint: ConicGradientPaint(gradient: gradient, center: center),
                            on: canvas)
            #expect(canvas[3, 2].a == 255)
        }
    }

    /// Every input kept in Fuzz/regressions/geometry runs without crashing or exhausting memory.
    @Test func fuzzRegressionsReplay() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions/geometry").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + name))
            data.withUnsafeBytes { raw in
                var input = FuzzInput(raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
                runGeometryCase(&input)
            }
        }
    }
}
