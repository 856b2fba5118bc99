// StrokeTransformTests.swift — strokes are built in user space: width and dash lengths are user
// units, and the tolerance follows the transform's largest stretch.

import Geometry
import Testing
@testable import Raster

@Suite struct StrokeTransformTests {
    @Test func scaledStrokeEqualsStrokeOfTheScaledPath() throws {
        // The heart at 64 pt under scale(6) against the heart drawn at 384 px with everything ×6.
        let rasterizer = Rasterizer()
        let user = StrokeStyle(lineWidth: 5, cap: .round, join: .round, dash: [150, 15], dashPhase: -41.5)
        let device = StrokeStyle(lineWidth: 30, cap: .round, join: .round, dash: [900, 90], dashPhase: -249)
        let a = try rasterizer.strokeCoverageMask(Heart.path(), style: user, transform: .scale(6, 6),
                                                  width: 384, height: 384)
        let b = try rasterizer.strokeCoverageMask(Heart.path(size: 384), style: device, width: 384, height: 384)
        #expect(maximumDifference(a, b) <= 1)
        #expect(coveredArea(a) > 20_000)
        // Solid, miter joins, with a translation too.
        let move = Transform.scale(6, 6).concatenating(.translation(7.5, -3.25))
        let c = try rasterizer.strokeCoverageMask(Heart.path(), style: StrokeStyle(lineWidth: 3), transform: move,
                                                  width: 400, height: 400)
        let d = try rasterizer.strokeCoverageMask(Heart.path(size: 384), style: StrokeStyle(lineWidth: 18),
                                                  transform: .translation(7.5, -3.25), width: 400, height: 400)
        #expect(maximumDifference(c, d) <= 1)
    }

    @Test func rotatedStrokeMatchesStrokeOfTheRotatedPath() throws {
        let transform = Transform.rotation(radians: 0.4).concatenating(.scale(3, 3)).concatenating(.translation(150, 20))
        let style = StrokeStyle(lineWidth: 4, cap: .square, join: .miter, dash: [20, 9], dashPhase: 3)
        let rasterizer = Rasterizer()
        let a = try rasterizer.strokeCoverageMask(Heart.path(size: 80), style: style, transform: transform,
                                                  width: 360, height: 300)
        var deviceStyle = style
        deviceStyle.lineWidth *= 3
        deviceStyle.dash = style.dash.map { $0 * 3 }
        deviceStyle.dashPhase *= 3
        let b = try rasterizer.strokeCoverageMask(Heart.path(size: 80).transformed(by: transform), style: deviceStyle,
                                                  width: 360, height: 300)
        #expect(abs(coveredArea(a) - coveredArea(b)) <= 0.002 * coveredArea(b))
        #expect(maximumDifference(a, b) <= 64)
    }

    @Test func dashLengthsStayInUserSpace() throws {
        // A dash of 10 under scale 2 covers 20 px: the line (5, 10) → (55, 10), width 1, [10, 100].
        let line = polyline([Point(5, 10), Point(55, 10)])
        let area = try strokeArea(line, StrokeStyle(lineWidth: 1, dash: [10, 100]), transform: .scale(2, 2),
                                  width: 140, height: 40)
        #expect(abs(area - 20 * 2) <= 0.01, "\(area)")
        let mask = try Rasterizer().strokeCoverageMask(line, style: StrokeStyle(lineWidth: 1, dash: [10, 100]),
                                                       transform: .scale(2, 2), width: 140, height: 40)
        #expect(mask[19 * 140 + 10] == 255 && mask[19 * 140 + 29] == 255 && mask[19 * 140 + 31] == 0)
    }

    @Test func anisotropicScaleStretchesThePen() throws {
        // scale(3, 1): a horizontal line keeps its width, a vertical one triples it (CG's pen).
        let horizontal = polyline([Point(5, 20), Point(35, 20)])
        let vertical = polyline([Point(20, 5), Point(20, 35)])
        let style = StrokeStyle(lineWidth: 2)
        #expect(abs(try strokeArea(horizontal, style, transform: .scale(3, 1)) - 90 * 2) <= 0.01)
        #expect(abs(try strokeArea(vertical, style, transform: .scale(3, 1)) - 30 * 6) <= 0.01)
        // The arc tolerance follows the larger stretch: a round dot under scale(20, 1) is an
        // ellipse of area π·20·r², within the usual accuracy.
        var dot = Path()
        dot.move(to: Point(5, 50))
        dot.line(to: Point(5, 50))
        let ellipse = try strokeArea(dot, StrokeStyle(lineWidth: 4, cap: .round), transform: .scale(20, 1))
        #expect(abs(ellipse - .pi * 20 * 4) <= 0.005 * .pi * 80, "\(ellipse)")
    }

    @Test func largestStretchOfTransforms() {
        #expect(abs(Transform.scale(10, 1).maximumScale - 10) < 1e-12)
        #expect(abs(Transform.scale(2, -3).maximumScale - 3) < 1e-12)
        #expect(abs(Transform.rotation(radians: 1.1).maximumScale - 1) < 1e-12)
        #expect(abs(Transform.rotation(radians: 0.3).concatenating(.scale(4, 4)).maximumScale - 4) < 1e-12)
        // Shear (1, 1; 0, 1): σmax = (1 + √5)/2.
        let shear = Transform(a: 1, b: 0, c: 1, d: 1, tx: 5, ty: 5)
        #expect(abs(shear.maximumScale - (1 + 5.0.squareRoot()) / 2) < 1e-12)
        #expect(Transform.scale(0, 0).maximumScale == 0)
    }
}
