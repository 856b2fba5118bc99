// TrimTests.swift — trim windows (Trim.swift) against hand-computed lengths and points.

import Testing
@testable import Geometry

/// The subpaths of a path as (start point, end point, closed), by its elements.
private func subpaths(_ path: Path) -> [(start: Point, end: Point, closed: Bool)] {
    var result: [(Point, Point, Bool)] = []
    for element in path.elements {
        switch element {
        case .move(let p): result.append((p, p, false))
        case .line(let p), .quad(let p, _), .cubic(let p, _, _): result[result.count - 1].1 = p
        case .close: result[result.count - 1].2 = true; result[result.count - 1].1 = result[result.count - 1].0
        }
    }
    return result
}

private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool { a.distance(to: b) <= tolerance }

@Suite struct TrimTests {
    let square = Path.rectangle(x: 0, y: 0, width: 100, height: 100)   // L = 400, clockwise from (0, 0)

    @Test func windowOnASquareStartsAndEndsAtTheHandComputedPoints() throws {
        let trimmed = square.trimmed(try TrimWindow(lottieStart: 10, end: 60, offsetDegrees: 0))
        let pieces = subpaths(trimmed)
        #expect(pieces.count == 1)
        #expect(close(pieces[0].start, Point(40, 0)) && close(pieces[0].end, Point(60, 100)), "\(pieces)")
        #expect(!pieces[0].closed)
        #expect(abs(PathMeasure(trimmed).length - 200) < 1e-9)
    }

    @Test func offsetTurnsTheWindowByAFractionOfTheLength() throws {
        // 90° = a quarter of the length: [10 %, 60 %] → [35 %, 85 %] = [140, 340].
        let trimmed = square.trimmed(try TrimWindow(lottieStart: 10, end: 60, offsetDegrees: 90))
        let pieces = subpaths(trimmed)
        #expect(pieces.count == 1)
        #expect(close(pieces[0].start, Point(100, 40)) && close(pieces[0].end, Point(0, 60)), "\(pieces)")
        // −270° is the same turn as 90°, and 450° too.
        for degrees in [-270.0, 450.0] {
            let other = square.trimmed(try TrimWindow(lottieStart: 10, end: 60, offsetDegrees: degrees))
            #expect(other.elements == trimmed.elements, "o = \(degrees)")
        }
    }

    @Test func aWindowAcrossTheSeamOfAClosedPathIsOnePieceThroughTheStartPoint() throws {
        // [60 %, 90 %] + 25 % = [85 %, 115 %] = [340, 400] ∪ [0, 60]: one piece (0, 60) → (0, 0) → (60, 0).
        let trimmed = square.trimmed(try TrimWindow(lottieStart: 60, end: 90, offsetDegrees: 90))
        let pieces = subpaths(trimmed)
        #expect(pieces.count == 1, "\(trimmed.elements)")
        #expect(close(pieces[0].start, Point(0, 60)) && close(pieces[0].end, Point(60, 0)), "\(pieces)")
        #expect(abs(PathMeasure(trimmed).length - 120) < 1e-9)
        #expect(!trimmed.elements.contains(.close))
        // A full window turned by 180°: the whole square, open at the far corner's side.
        let full = square.trimmed(try TrimWindow(lottieStart: 0, end: 100, offsetDegrees: 180))
        #expect(subpaths(full).count == 1 && close(subpaths(full)[0].start, Point(100, 100)))
        #expect(abs(PathMeasure(full).length - 400) < 1e-9)
    }

    @Test func bothEndsPastTheEndWrapToOneRange() throws {
        // [50 %, 100 %] + 50 % = [100 %, 150 %] → [0, 200] of the length.
        let trimmed = square.trimmed(try TrimWindow(lottieStart: 50, end: 100, offsetDegrees: 180))
        let pieces = subpaths(trimmed)
        #expect(pieces.count == 1)
        #expect(close(pieces[0].start, Point(0, 0)) && close(pieces[0].end, Point(100, 100)), "\(pieces)")
    }

    @Test func anOpenPathWrappedIsTwoSeparatePieces() throws {
        var path = Path()
        path.move(to: Point(0, 0)); path.line(to: Point(10, 0)); path.line(to: Point(10, 10))   // L = 20
        let plain = path.trimmed(try TrimWindow(lottieStart: 25, end: 75, offsetDegrees: 0))
        #expect(subpaths(plain).count == 1 && close(subpaths(plain)[0].start, Point(5, 0))
                && close(subpaths(plain)[0].end, Point(10, 5)))
        // [50 %, 100 %] + 25 % = [75 %, 125 %]: [15, 20] and [0, 5], in that order.
        let wrapped = subpaths(path.trimmed(try TrimWindow(lottieStart: 50, end: 100, offsetDegrees: 90)))
        #expect(wrapped.count == 2)
        #expect(close(wrapped[0].start, Point(10, 5)) && close(wrapped[0].end, Point(10, 10)))
        #expect(close(wrapped[1].start, Point(0, 0)) && close(wrapped[1].end, Point(5, 0)))
    }

    @Test func curvesAreCutAtTheArcLengthParameter() throws {
        let r = 50.0
        let circle = Path.circle(center: Point(0, 0), radius: r)
        let L = PathMeasure(circle).length
        // An eighth of the length ends, by symmetry of the first quarter cubic, at its t = ½ point:
        // (P0 + 3P1 + 3P2 + P3)/8 = r·((4 + 3k)/8, (4 + 3k)/8).
        let eighth = circle.trimmed(try TrimWindow(start: 0, end: 0.125))
        let m = r * (4 + 3 * Path.circleKappa) / 8
        #expect(close(subpaths(eighth)[0].end, Point(m, m), 1e-9), "\(subpaths(eighth))")
        #expect(abs(PathMeasure(eighth).length - L / 8) < 1e-9)
        // Any window: the length is the window's share of L, and the ends lie on the measure.
        let measure = PathMeasure(circle)
        for (s, e) in [(0.1, 0.7), (0.33, 0.34), (0.0, 0.999), (0.6, 0.05)] {
            let piece = circle.trimmed(try TrimWindow(start: s, end: e))
            let a = min(s, e), b = max(s, e)
            #expect(abs(PathMeasure(piece).length - (b - a) * L) < 1e-8, "[\(s), \(e)]")
            #expect(close(subpaths(piece)[0].start, measure.position(at: a * L)!, 1e-9))
            #expect(close(subpaths(piece)[0].end, measure.position(at: b * L)!, 1e-9))
            #expect(piece.elements.allSatisfy { if case .line = $0 { return false } else { return true } })
        }
    }

    @Test func emptyFullSwappedAndClampedWindows() throws {
        #expect(square.trimmed(try TrimWindow(lottieStart: 30, end: 30, offsetDegrees: 45)).isEmpty)
        let full = square.trimmed(try TrimWindow(lottieStart: 0, end: 100, offsetDegrees: 0))
        #expect(full.elements == square.elements)
        let swapped = square.trimmed(try TrimWindow(lottieStart: 60, end: 10, offsetDegrees: 0))
        #expect(swapped.elements == square.trimmed(try TrimWindow(lottieStart: 10, end: 60, offsetDegrees: 0)).elements)
        // Beyond [0, 100 %] clamps, so [−50, 150] is the full window.
        #expect(square.trimmed(try TrimWindow(lottieStart: -50, end: 150, offsetDegrees: 0)).elements == square.elements)
        // lottie-web's rounding to 1e-4: 0.001 % is 0.
        #expect(try TrimWindow(lottieStart: 0.001, end: 100, offsetDegrees: 0).isFull)
        #expect(throws: GeometryError.nonFiniteParameter(name: "trim start (s)")) {
            try TrimWindow(lottieStart: .nan, end: 1, offsetDegrees: 0)
        }
        #expect(throws: GeometryError.nonFiniteParameter(name: "trim offset (o)")) {
            try TrimWindow(lottieStart: 0, end: 1, offsetDegrees: .infinity)
        }
    }

    @Test func subpathsAreLaidEndToEndAndClosedOnesInsideStayClosed() throws {
        var path = Path.rectangle(x: 0, y: 0, width: 10, height: 10)          // 40
        path.move(to: Point(50, 50)); path.close()                             // zero length: dropped
        path.append(Path.rectangle(x: 20, y: 0, width: 10, height: 10))       // 40
        let trimmed = path.trimmed(try TrimWindow(lottieStart: 0, end: 75, offsetDegrees: 0))   // [0, 60]
        let pieces = subpaths(trimmed)
        #expect(pieces.count == 2, "\(trimmed.elements)")
        #expect(pieces[0].closed && close(pieces[0].start, Point(0, 0)))
        #expect(!pieces[1].closed && close(pieces[1].start, Point(20, 0)) && close(pieces[1].end, Point(30, 10)))
        #expect(abs(PathMeasure(trimmed).length - 60) < 1e-9)
    }

    @Test func simultaneouslyTrimsEachPathAndIndividuallyLaysThemEndToEnd() throws {
        let small = Path.rectangle(x: 0, y: 0, width: 10, height: 10)         // 40
        let large = Path.rectangle(x: 100, y: 0, width: 30, height: 30)       // 120
        let window = try TrimWindow(lottieStart: 0, end: 50, offsetDegrees: 0)
        let each = Trimming.trim([small, large], window: window, mode: .simultaneously)
        #expect(abs(PathMeasure(each[0]).length - 20) < 1e-9 && abs(PathMeasure(each[1]).length - 60) < 1e-9)
        // Individually: total 160, window [0, 80] = all of the small square (closed) + 40 of the large.
        let row = Trimming.trim([small, large], window: window, mode: .individually)
        #expect(row[0].elements == small.elements || subpaths(row[0]).first?.closed == true)
        #expect(abs(PathMeasure(row[0]).length - 40) < 1e-9)
        #expect(abs(PathMeasure(row[1]).length - 40) < 1e-9)
        #expect(close(subpaths(row[1])[0].end, Point(130, 10)))
        // A window past the first path leaves it empty.
        let late = Trimming.trim([small, large], window: try TrimWindow(lottieStart: 50, end: 100, offsetDegrees: 0),
                                 mode: .individually)
        #expect(late[0].isEmpty && abs(PathMeasure(late[1]).length - 80) < 1e-9)
    }

    @Test func zeroLengthPathsGiveNothingUnlessTheWindowIsFull() throws {
        var dot = Path()
        dot.move(to: Point(5, 5)); dot.line(to: Point(5, 5))
        #expect(dot.trimmed(try TrimWindow(lottieStart: 10, end: 90, offsetDegrees: 0)).isEmpty)
        #expect(dot.trimmed(try TrimWindow(lottieStart: 0, end: 100, offsetDegrees: 0)).elements == dot.elements)
        #expect(Path().trimmed(try TrimWindow(lottieStart: 10, end: 90, offsetDegrees: 0)).isEmpty)
    }
}
