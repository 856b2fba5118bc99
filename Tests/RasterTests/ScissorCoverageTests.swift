// A scissor with fractional edges multiplies each span's coverage by the pixel's area inside the
// rectangle (Scissor.swift): checked against the unclipped coverage mask times k8 computed here
// from the overlaps, for rectangles fractional on both axes, on one, and narrower than a pixel.
import Testing
import Geometry
@testable import Raster

@Suite struct ScissorCoverageTests {
    let disc = Path.circle(center: Point(20, 15), radius: 13.3)

    /// round(255 · area of pixel (x, y) inside the rectangle).
    func k8(_ x: Int, _ y: Int, _ r: (l: Double, t: Double, r: Double, b: Double)) -> Int {
        let wx = max(0, min(Double(x + 1), r.r) - max(Double(x), r.l))
        let wy = max(0, min(Double(y + 1), r.b) - max(Double(y), r.t))
        return Int((255 * wx * wy).rounded())
    }

    func div255(_ v: Int) -> Int { (v + 128 + ((v + 128) >> 8)) >> 8 }

    @Test(arguments: [(10.25, 4.6, 31.5, 25.3), (10.25, 4, 31.5, 25), (10, 4.6, 31, 25.3), (3.2, 12.1, 3.7, 12.4),
                      (-5.5, -3.25, 60.5, 40.75)])
    func coverageIsTheSpansTimesTheAreaInside(_ box: (Double, Double, Double, Double)) {
        let rect = (l: box.0, t: box.1, r: box.2, b: box.3)
        let rasterizer = Rasterizer()
        let mask = rasterizer.coverageMask(disc, width: 40, height: 30)
        let canvas = Canvas(width: 40, height: 30)
        canvas.clear(to: .clear)
        rasterizer.scissor = Scissor(left: rect.l, top: rect.t, right: rect.r, bottom: rect.b)
        rasterizer.fill(disc, paint: SolidPaint(color: .white), on: canvas)
        for y in 0..<30 {
            for x in 0..<40 {
                let want = div255(Int(mask[y * 40 + x]) * k8(x, y, rect))
                #expect(Int(canvas[x, y].a) == want, "\(rect) (\(x), \(y))")
            }
        }
    }

    @Test func applyCoverageMultipliesALayersEdges() {
        let rect = (l: 2.75, t: 1.5, r: 9.25, b: 6.0)
        let canvas = Canvas(width: 12, height: 8)
        canvas.clear(to: .white)
        Scissor(left: rect.l, top: rect.t, right: rect.r, bottom: rect.b)
            .applyCoverage(to: canvas, in: PixelBox(minX: 0, minY: 0, maxX: 12, maxY: 8))
        for y in 0..<8 {
            for x in 0..<12 {
                let k = div255(255 * k8(x, y, rect))
                #expect(canvas[x, y] == PremultipliedRGBA8(r: UInt8(k), g: UInt8(k), b: UInt8(k), a: UInt8(k)), "(\(x), \(y))")
            }
        }
        // Hand-worked: column 2 is 0.25 → 64, row 1 is 0.5 → 128, their corner 0.125 → 32.
        #expect(canvas[2, 3].a == 64 && canvas[5, 1].a == 128 && canvas[2, 1].a == 32 && canvas[5, 3].a == 255)
    }
}
