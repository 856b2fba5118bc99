// BooleanTests.swift — boolean operations (Boolean.swift) against closed-form areas, point
// membership, orientation and the degenerate cases real files contain.

import TestSupport
import Testing
@testable import Geometry
#if canImport(Glibc)
import Glibc
#endif

@Suite struct BooleanTests {
    /// Lens area of two discs of radius r whose centres are D apart: 2r²·acos(D/2r) − (D/2)·√(4r² − D²).
    func lens(r: Double, D: Double) -> Double { 2 * r * r * acos(D / (2 * r)) - D / 2 * (4 * r * r - D * D).squareRoot() }

    @Test func twoDiscsGiveTheLensAndTheUnionAreas() throws {
        // Fine polygons on the circles (4096 vertices: area within 4e-7 of πr² relatively).
        let r = 50.0, D = 60.0
        let a = circlePolygon(center: Point(100, 100), radius: r, vertices: 4096)
        let b = circlePolygon(center: Point(100 + D, 100), radius: r, vertices: 4096)
        let lensArea = lens(r: r, D: D)
        let intersection = try a.combined(.intersection, with: b)
        #expect(abs(totalArea(intersection) - lensArea) <= 1e-5 * lensArea, "\(totalArea(intersection)) vs \(lensArea)")
        let union = try a.combined(.union, with: b)
        let unionArea = 2 * Double.pi * r * r - lensArea
        #expect(abs(totalArea(union) - unionArea) <= 1e-5 * unionArea)
        #expect(polygons(union).count == 1 && polygons(intersection).count == 1)
        // Exclusion: the union without the lens (two crescents).
        let xor = try a.combined(.exclusion, with: b)
        #expect(abs(totalArea(xor) - (unionArea - lensArea)) <= 1e-5 * unionArea)
        #expect(polygons(xor).count == 2)
    }

    @Test func bezierDiscsAgreeWithTheClosedFormWithinTheCircleApproximation() throws {
        // Path.circle is 4 cubics (radial error ≤ 2.7e-4·r, Path.swift), flattened at 0.05.
        let r = 50.0, D = 60.0
        let intersection = try Path.circle(center: Point(0, 0), radius: r)
            .combined(.intersection, with: Path.circle(center: Point(D, 0), radius: r))
        let lensArea = lens(r: r, D: D)
        #expect(abs(totalArea(intersection) - lensArea) <= 1.5e-3 * lensArea, "\(totalArea(intersection))")
    }

    @Test func squareMinusDiscAndSquareIntersectDisc() throws {
        let square = Path.rectangle(x: 0, y: 0, width: 100, height: 100)
        let disc = circlePolygon(center: Point(100, 100), radius: 40, vertices: 4096)
        let quarter = Double.pi * 1600 / 4
        let difference = try square.combined(.difference, with: disc)
        #expect(abs(totalArea(difference) - (10_000 - quarter)) <= 1e-5 * 10_000)
        let intersection = try square.combined(.intersection, with: disc)
        #expect(abs(totalArea(intersection) - quarter) <= 1e-5 * quarter)
        // Every vertex of the difference lies in the square and not inside the disc.
        for p in polygons(difference).joined() {
            #expect(p.x >= -1e-9 && p.y >= -1e-9 && p.x <= 100 + 1e-9 && p.y <= 100 + 1e-9)
            #expect(p.distance(to: Point(100, 100)) >= 40 - 1e-3)
        }
    }

    @Test func nonZeroFillingOfTheResultShowsExactlyTheRegion() throws {
        // Square with a square hole punched out, then a disc added over one corner: sample seeded
        // random points away from every boundary and compare with the predicate.
        let square = Path.rectangle(x: 0, y: 0, width: 100, height: 100)
        let hole = Path.rectangle(x: 30, y: 30, width: 40, height: 40)
        let disc = circlePolygon(center: Point(0, 0), radius: 25, vertices: 1024)
        let result = try PathBoolean.fold([FilledPath(square), FilledPath(hole)], .difference)
            .combined(.union, with: disc)
        let areas = polygons(result).map(signedArea)
        #expect(areas.filter { $0 > 0 }.count == 1 && areas.filter { $0 < 0 }.count == 1, "\(areas)")
        var random = SeededGenerator(seed: 11)
        var checked = 0
        for _ in 0..<2000 {
            let p = Point(Double.random(in: -40...140, using: &random), Double.random(in: -40...140, using: &random))
            func near(_ v: Double, _ e: Double) -> Bool { abs(v - e) < 0.05 }
            if near(p.x, 0) || near(p.x, 100) || near(p.y, 0) || near(p.y, 100) || near(p.x, 30) || near(p.x, 70)
                || near(p.y, 30) || near(p.y, 70) || near(p.length, 25) { continue }
            let inSquare = p.x > 0 && p.x < 100 && p.y > 0 && p.y < 100
            let inHole = p.x > 30 && p.x < 70 && p.y > 30 && p.y < 70
            let expected = (inSquare && !inHole) || p.length < 25
            #expect((winding(result, at: p) != 0) == expected, "\(p)")
            #expect(winding(result, at: p) == 0 || winding(result, at: p) == 1, "\(p)")
            checked += 1
        }
        #expect(checked > 1500)
    }

    @Test func inputFillRulesAreRespected() throws {
        // One path, two overlapping squares drawn the same way round: non-zero fills the union,
        // even-odd leaves the overlap out.
        var twice = Path.rectangle(x: 0, y: 0, width: 20, height: 20)
        twice.append(Path.rectangle(x: 10, y: 10, width: 20, height: 20))
        let nonZero = try PathBoolean.fold([FilledPath(twice, fillRule: .nonZero)], .union)
        let evenOdd = try PathBoolean.fold([FilledPath(twice, fillRule: .evenOdd)], .union)
        #expect(abs(totalArea(nonZero) - 700) < 1e-6)
        #expect(abs(totalArea(evenOdd) - 600) < 1e-6)
        // A pentagram (self-intersecting): non-zero includes the centre pentagon, even-odd not.
        let star = Path.polygon((0..<5).map { i in
            let a = -Double.pi / 2 + Double(2 * i) * 2 * Double.pi / 5
            return Point(100 * cos(a), 100 * sin(a))
        })
        let full = totalArea(try PathBoolean.fold([FilledPath(star)], .union))
        let hollow = totalArea(try PathBoolean.fold([FilledPath(star, fillRule: .evenOdd)], .union))
        // Inner pentagon circumradius R·cos(72°)/cos(36°); pentagon area (5/2)·ρ²·sin 72°.
        let rho = 100 * cos(2 * Double.pi / 5) / cos(Double.pi / 5)
        let pentagon = 2.5 * rho * rho * sin(2 * Double.pi / 5)
        #expect(abs(full - hollow - pentagon) < 1e-4, "\(full) \(hollow) \(pentagon)")
    }

    @Test func coincidentEdgesTouchingContoursAndZeroAreaPieces() throws {
        let left = Path.rectangle(x: 0, y: 0, width: 10, height: 10)
        let right = Path.rectangle(x: 10, y: 0, width: 10, height: 10)        // shares the edge x = 10
        let union = try left.combined(.union, with: right)
        #expect(polygons(union).count == 1 && abs(totalArea(union) - 200) < 1e-9)
        #expect(try left.combined(.intersection, with: right).isEmpty)
        #expect(abs(totalArea(try left.combined(.difference, with: right)) - 100) < 1e-9)
        // The same square twice: union is it, exclusion is nothing.
        #expect(abs(totalArea(try left.combined(.union, with: left)) - 100) < 1e-9)
        #expect(try left.combined(.exclusion, with: left).isEmpty)
        // Touching at one corner.
        let corner = Path.rectangle(x: 10, y: 10, width: 10, height: 10)
        #expect(abs(totalArea(try left.combined(.union, with: corner)) - 200) < 1e-9)
        // Zero-area pieces: a flat polygon, a lone move, an empty path.
        var flat = Path.polygon([Point(0, 0), Point(5, 5), Point(10, 10)])
        flat.move(to: Point(3, 3))
        #expect(try flat.combined(.union, with: Path()).isEmpty)
        #expect(abs(totalArea(try left.combined(.union, with: flat)) - 100) < 1e-9)
        #expect(try PathBoolean.fold([], .union).isEmpty)
    }

    @Test func hugeAndTinyCoordinatesKeepTheirRelativePrecision() throws {
        for size in [1e-6, 1e-3, 1.0, 1e4, 1e9] {
            let a = Path.rectangle(x: 0, y: 0, width: 3 * size, height: 3 * size)
            let b = Path.rectangle(x: size, y: size, width: 3 * size, height: 3 * size)
            let intersection = try a.combined(.intersection, with: b, tolerance: size / 100)
            // PolygonSet.swift: each vertex within m·2⁻²⁹ (m = 4·size, the largest coordinate), so
            // an area within perimeter × that.
            let vertexError = 4 * size * 0x1p-29
            #expect(abs(totalArea(intersection) - 4 * size * size) <= 8 * size * vertexError, "size \(size)")
            let xor = try a.combined(.exclusion, with: b, tolerance: size / 100)
            #expect(abs(totalArea(xor) - 10 * size * size) <= 32 * size * vertexError, "size \(size)")
        }
    }

    @Test func limitsAreCheckedBeforeAnyWork() throws {
        let far = Path.rectangle(x: 0, y: 0, width: 2e12, height: 1)
        #expect(throws: GeometryError.coordinateOutOfRange(value: 2e12, limit: PolygonLimits.maximumCoordinate)) {
            try far.combined(.union, with: Path())
        }
        var many = Path()
        many.move(to: Point(0, 0))
        for i in 0..<(PolygonLimits.maximumVertices + 10) { many.line(to: Point(Double(i % 100), Double(i / 100))) }
        #expect(throws: GeometryError.self) { try many.combined(.union, with: Path()) }
        #expect(throws: GeometryError.self) { try far.combined(.union, with: Path(), tolerance: .nan) }
        // NaN points are skipped (Contours.swift rules), not propagated.
        var nan = Path.rectangle(x: 0, y: 0, width: 10, height: 10)
        nan.line(to: Point(.nan, 3))
        #expect(abs(totalArea(try nan.combined(.union, with: Path())) - 100) < 1e-9)
    }

    @Test func mergeModesFoldInOrder() throws {
        let a = FilledPath(Path.rectangle(x: 0, y: 0, width: 20, height: 20))
        let b = FilledPath(Path.rectangle(x: 10, y: 0, width: 20, height: 20))
        let c = FilledPath(Path.rectangle(x: 5, y: 5, width: 10, height: 10))
        #expect(try PathBoolean.merge([a, b], mode: .merge).elements == a.path.elements + b.path.elements)
        #expect(abs(totalArea(try PathBoolean.merge([a, b, c], mode: .add)) - 600) < 1e-9)
        // (a \ b) \ c = [0,10]×[0,20] minus [5,10]×[5,15] = 200 − 50.
        #expect(abs(totalArea(try PathBoolean.merge([a, b, c], mode: .subtract)) - 150) < 1e-9)
        // (a ∩ b) ∩ c = [10,15]×[5,15].
        #expect(abs(totalArea(try PathBoolean.merge([a, b, c], mode: .intersect)) - 50) < 1e-9)
        // (a ⊕ b) ⊕ c: a ⊕ b = [0,10]∪[20,30] (×20) = 400; c toggles [5,10]×[5,15] off, [10,15]×[5,15] on.
        #expect(abs(totalArea(try PathBoolean.merge([a, b, c], mode: .excludeIntersections)) - 400) < 1e-9)
        #expect(MergeMode(rawValue: 3) == .subtract && MergeMode(rawValue: 6) == nil)
    }

    @Test func aStrokeAfterAMergeOutlinesTheMergedShape() throws {
        let a = Path.rectangle(x: 0, y: 0, width: 20, height: 20)
        let b = Path.rectangle(x: 10, y: 10, width: 20, height: 20)
        let merged = try a.combined(.union, with: b)
        let outline = try merged.strokeOutline(StrokeStyle(lineWidth: 2))
        // On the merged boundary: stroked. On the inner edges of the inputs (now interior): not.
        #expect(winding(outline, at: Point(5, 0)) != 0 && winding(outline, at: Point(30, 25)) != 0)
        #expect(winding(outline, at: Point(20, 15)) == 0 && winding(outline, at: Point(15, 10)) == 0)
        // Whereas stroking the two inputs draws those inner edges.
        var both = a
        both.append(b)
        let unmerged = try both.strokeOutline(StrokeStyle(lineWidth: 2))
        #expect(winding(unmerged, at: Point(20, 15)) != 0)
    }
}
