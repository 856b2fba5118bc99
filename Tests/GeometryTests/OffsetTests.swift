// OffsetTests.swift — outline offsets (Offset.swift) against closed-form areas.

import Testing
@testable import Geometry
#if canImport(Glibc)
import Glibc
#endif

@Suite struct OffsetTests {
    let w = 100.0
    var square: Path { Path.rectangle(x: 0, y: 0, width: w, height: w) }

    @Test func growingASquareGivesTheClosedFormAreaForEachJoin() throws {
        let d = 10.0
        let round = totalArea(try square.offset(by: d, join: .round))
        let roundExpected = w * w + 4 * w * d + Double.pi * d * d
        #expect(abs(round - roundExpected) <= 1e-4 * roundExpected, "\(round) vs \(roundExpected)")
        let miter = totalArea(try square.offset(by: d, join: .miter, miterLimit: 4))
        #expect(abs(miter - (w + 2 * d) * (w + 2 * d)) <= 1e-6 * miter, "\(miter)")
        // Bevel: each corner loses the right triangle with legs d.
        let bevel = totalArea(try square.offset(by: d, join: .bevel))
        #expect(abs(bevel - ((w + 2 * d) * (w + 2 * d) - 2 * d * d)) <= 1e-6 * bevel, "\(bevel)")
        // A miter limit below √2 (the square's ratio 1/sin 45°) turns the miters into bevels.
        let limited = totalArea(try square.offset(by: d, join: .miter, miterLimit: 1.2))
        #expect(abs(limited - bevel) <= 1e-6 * bevel)
    }

    @Test func shrinkingASquareGivesTheInnerSquareForEveryJoin() throws {
        for join in [LineJoin.round, .miter, .bevel] {
            let area = totalArea(try square.offset(by: -10, join: join))
            #expect(abs(area - 80 * 80) <= 1e-6 * 6400, "\(join): \(area)")
        }
        // Shrinking by half the width or more leaves nothing.
        #expect(try square.offset(by: -50).isEmpty)
        #expect(try square.offset(by: -80).isEmpty)
    }

    @Test func discsGrowAndShrinkByTheRadius() throws {
        let disc = circlePolygon(center: Point(0, 0), radius: 40, vertices: 2048)
        for d in [-15.0, 12.0] {
            let area = totalArea(try disc.offset(by: d))
            let expected = Double.pi * (40 + d) * (40 + d)
            #expect(abs(area - expected) <= 1e-3 * expected, "d = \(d): \(area) vs \(expected)")
        }
    }

    @Test func holesShrinkWhenTheShapeGrows() throws {
        var ring = Path.rectangle(x: 0, y: 0, width: 100, height: 100)
        ring.append(Path.rectangle(x: 30, y: 30, width: 40, height: 40))
        // Even-odd makes the inner square a hole; growing by 5 with miters: 110² − 30².
        let grown = try ring.offset(by: 5, join: .miter, fillRule: .evenOdd)
        #expect(abs(totalArea(grown) - (110 * 110 - 30 * 30)) < 1e-4)
        #expect(polygons(grown).count == 2)
        // Growing by 20 closes the hole.
        let closed = try ring.offset(by: 20, join: .miter, fillRule: .evenOdd)
        #expect(polygons(closed).count == 1 && abs(totalArea(closed) - 140 * 140) < 1e-4)
    }

    @Test func zeroDistanceNormalisesAndBadParametersAreRefused() throws {
        #expect(abs(totalArea(try square.offset(by: 0)) - w * w) < 1e-9)
        #expect(throws: GeometryError.nonFiniteParameter(name: "offset distance")) { try square.offset(by: .nan) }
        #expect(throws: GeometryError.self) { try square.offset(by: 1, join: .miter, miterLimit: 0.5) }
        #expect(try Path().offset(by: 5).isEmpty)
    }
}
