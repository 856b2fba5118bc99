// DashTests.swift — the dash rule of docs/ANIMATIONS.md §2.3 / §2.8 and the pieces it cuts out.

import Testing
@testable import Geometry

/// Painted intervals of a subpath of length `length` as plain [a, b] ranges (wrapping pieces split).
private func paintedIntervals(_ spans: [DashSpan], length: Double) -> [(Double, Double)] {
    var intervals: [(Double, Double)] = []
    for span in spans {
        if span.end <= length {
            intervals.append((span.start, span.end))
        } else {
            intervals.append((span.start, length))
            intervals.append((0, span.end - length))
        }
    }
    return intervals.sorted { $0.0 < $1.0 }
}

/// The unpainted intervals of [0, length).
private func gaps(_ spans: [DashSpan], length: Double) -> [(Double, Double)] {
    var result: [(Double, Double)] = []
    var position = 0.0
    for (a, b) in paintedIntervals(spans, length: length) {
        if a > position { result.append((position, a)) }
        position = max(position, b)
    }
    if position < length { result.append((position, length)) }
    return result
}

@Suite struct DashTests {
    let heart = Heart.path()
    var heartLength: Double { PathMeasure(heart).length }

    @Test func heartGapIntervalsAndCentresMatchTheCheckpoints() throws {
        // §2.8: φ → gap interval(s) and gap centre(s) (path point at the middle of each gap).
        let L = heartLength
        let cases: [(phase: Double, gaps: [(Double, Double)], centres: [Point])] = [
            (83, [(67, 82)], [Point(25.38, 9.49)]),
            (41.5, [(108.5, 123.5)], [Point(56.63, 15.64)]),
            (0, [(150, 165)], [Point(39.83, 51.06)]),
            (-8.3, [(0, 8.3), (158.3, 167.72)], [Point(28.38, 54.91), Point(35.58, 54.57)]),
            (-41.5, [(26.5, 41.5)], [Point(8.71, 32.79)]),
        ]
        let measure = PathMeasure(heart)
        for (phase, expectedGaps, centres) in cases {
            let spans = try DashPattern([150, 15], phase: phase).spans(length: L, isClosed: true)
            let found = gaps(spans, length: L)
            #expect(found.count == expectedGaps.count, "φ = \(phase): \(found)")
            for ((a, b), (ea, eb)) in zip(found, expectedGaps) {
                #expect(abs(a - ea) <= 0.05 && abs(b - eb) <= 0.05, "φ = \(phase): gap [\(a), \(b))")
            }
            for ((a, b), centre) in zip(found, centres) {
                let p = measure.position(at: (a + b) / 2)!
                #expect(p.distance(to: centre) <= 0.02, "φ = \(phase): centre \(p)")
            }
        }
    }

    @Test func pieceCoveringTheStartPointIsJoinedAcrossTheSeam() throws {
        // φ = 83: painted [0, 67) and [82, L] form one piece from s = 82 over the start point to 67.
        let L = heartLength
        let spans = try DashPattern([150, 15], phase: 83).spans(length: L, isClosed: true)
        #expect(spans.count == 1)
        #expect(abs(spans[0].start - 82) < 1e-9 && abs(spans[0].length - (L - 82 + 67)) < 1e-9)
        #expect(!spans[0].isClosedLoop)
        // The same subpath left open gets two pieces with caps at the start point.
        let open = try DashPattern([150, 15], phase: 83).spans(length: L, isClosed: false)
        #expect(open.count == 2 && open[0].start == 0 && abs(open[1].end - L) < 1e-12)
        // As a path: one open piece from position(82) to position(67), 152.72 long.
        let dashed = try heart.dashed([150, 15], phase: 83)
        let pieces = PathMeasure(dashed)
        let measure = PathMeasure(heart)
        #expect(pieces.contourCount == 1 && !pieces.isClosed(contour: 0))
        #expect(abs(pieces.length - (L - 15)) < 1e-6, "\(pieces.length)")
        #expect(pieces.position(at: 0)!.distance(to: measure.position(at: 82)!) < 1e-9)
        #expect(pieces.position(at: pieces.length)!.distance(to: measure.position(at: 67)!) < 1e-6)
        // Midway along the piece lies the path's start point.
        #expect(pieces.position(at: L - 82)!.distance(to: Heart.start * 64) < 1e-6)
    }

    @Test func dashedPiecesAreTheExactArcLengthIntervals() throws {
        // Every piece of `dashed` has the span's length and starts at the span's start point.
        let measure = PathMeasure(heart)
        for phase in [0.0, 7.25, -30, 100] {
            let pattern = try DashPattern([9, 4, 2, 4], phase: phase)
            let spans = pattern.spans(length: measure.length, isClosed: true)
            let pieces = PathMeasure(try heart.dashed([9, 4, 2, 4], phase: phase))
            #expect(pieces.contourCount == spans.count)
            for (index, span) in spans.enumerated() where index < pieces.contourCount {
                #expect(abs(pieces.length(ofContour: index) - span.length) < 1e-6, "φ \(phase) piece \(index)")
                let start = pieces.position(at: 0, contour: index)!
                #expect(start.distance(to: measure.position(at: span.start)!) < 1e-9)
            }
        }
    }

    @Test func decreasingThePhaseMovesThePatternForward() throws {
        let a = try DashPattern([10, 5], phase: 3).spans(length: 40, isClosed: false)
        let b = try DashPattern([10, 5], phase: 1).spans(length: 40, isClosed: false)
        // φ = 3: painted [0,7), [12,22), [27,37); φ = 1 (pattern 2 further on): [0,9), [14,24), [29,39).
        #expect(a == [DashSpan(start: 0, length: 7), DashSpan(start: 12, length: 10), DashSpan(start: 27, length: 10)])
        #expect(b == [DashSpan(start: 0, length: 9), DashSpan(start: 14, length: 10), DashSpan(start: 29, length: 10)])
        // Phases that differ by a period are the same pattern, negative ones included.
        for phase in [-41.5, -8.3, 0, 83] {
            let x = try DashPattern([150, 15], phase: phase).spans(length: 167.72, isClosed: true)
            let y = try DashPattern([150, 15], phase: phase + 165).spans(length: 167.72, isClosed: true)
            let z = try DashPattern([150, 15], phase: phase - 330).spans(length: 167.72, isClosed: true)
            #expect(x.count == y.count && x.count == z.count)
            for (p, (q, r)) in zip(x, zip(y, z)) {
                #expect(abs(p.start - q.start) < 1e-9 && abs(p.length - q.length) < 1e-9)
                #expect(abs(p.start - r.start) < 1e-9 && abs(p.length - r.length) < 1e-9)
            }
        }
    }

    @Test func oddLengthArraysAreUsedTwice() throws {
        // [1, 2, 1] → on 1, off 2, on 1, off 1, on 2, off 1 (x--x-xx-), period 8.
        let pattern = try DashPattern([1, 2, 1])
        #expect(pattern.lengths == [1, 2, 1, 1, 2, 1] && pattern.period == 8)
        let spans = pattern.spans(length: 16, isClosed: false)
        #expect(spans.map(\.start) == [0, 3, 5, 8, 11, 13])
        #expect(spans.map(\.length) == [1, 1, 2, 1, 1, 2])
    }

    @Test func zeroLengthDashesAreDotsAndZeroGapsMerge() throws {
        // [0, 10]: dots at 0, 10, 20, 30 on a 35-long line (none at s = L for an open path).
        let dots = try DashPattern([0, 10]).spans(length: 35, isClosed: false)
        #expect(dots == [0, 10, 20, 30].map { DashSpan(start: $0, length: 0) })
        #expect(try DashPattern([0, 10]).spans(length: 30, isClosed: false).count == 3)
        // [5, 0, 5, 10]: the zero gap merges the two on entries into one 10-long dash.
        let merged = try DashPattern([5, 0, 5, 10]).spans(length: 50, isClosed: false)
        #expect(merged == [DashSpan(start: 0, length: 10), DashSpan(start: 20, length: 10),
                           DashSpan(start: 40, length: 10)])
        // A dot exactly at the start of a closed path is kept once.
        let closedDots = try DashPattern([0, 10]).spans(length: 30, isClosed: true)
        #expect(closedDots.map(\.start) == [0, 10, 20])
    }

    @Test func wholeClosedSubpathPaintedBecomesOneClosedPiece() throws {
        let square = Path.rectangle(x: 0, y: 0, width: 10, height: 10)   // perimeter 40
        let spans = try DashPattern([50, 5]).spans(length: 40, isClosed: true)
        #expect(spans == [DashSpan(start: 0, length: 40, isClosedLoop: true)])
        let dashed = try square.dashed([50, 5])
        #expect(dashed.elements.last == .close)
        let measure = PathMeasure(dashed)
        #expect(measure.contourCount == 1 && measure.isClosed(contour: 0) && abs(measure.length - 40) < 1e-12)
        // An on entry ending exactly at L with the start painted also covers everything.
        #expect(try DashPattern([40, 5]).spans(length: 40, isClosed: true)[0].isClosedLoop)
    }

    @Test func everySubpathRestartsThePattern() throws {
        var path = Path()
        path.move(to: Point(0, 0)); path.line(to: Point(25, 0))
        path.move(to: Point(0, 10)); path.line(to: Point(25, 10))
        let pieces = PathMeasure(try path.dashed([10, 5], phase: 2))
        // Each line: [0, 8), [13, 23) → 2 pieces each, starting at x = 0 and x = 13.
        #expect(pieces.contourCount == 4)
        #expect(pieces.position(at: 0, contour: 2) == Point(0, 10))
        #expect(pieces.position(at: 0, contour: 3)!.distance(to: Point(13, 10)) < 1e-12)
        #expect(abs(pieces.length(ofContour: 3) - 10) < 1e-12)
    }

    @Test func degeneratePatternsAreSolidOrRefused() throws {
        #expect(try DashPattern([]).isSolid)
        #expect(try DashPattern([0, 0, 0]).isSolid)          // all zero: solid (SVG, Skia)
        #expect(try DashPattern([10, 0]).isSolid)            // no gaps: solid
        #expect(try DashPattern([]).spans(length: 5, isClosed: true) == [DashSpan(start: 0, length: 5, isClosedLoop: true)])
        #expect(throws: StrokeError.invalidDashPattern) { try DashPattern([5, -1]) }
        #expect(throws: StrokeError.invalidDashPattern) { try DashPattern([5, .nan]) }
        #expect(throws: StrokeError.invalidDashPattern) { try DashPattern([.infinity, 1]) }
        #expect(throws: StrokeError.invalidDashPattern) { try DashPattern([1e308, 1e308]) }
        #expect(throws: StrokeError.invalidDashPattern) { try DashPattern([5, 5], phase: .nan) }
        #expect(throws: StrokeError.invalidDashPattern) { try DashPattern([5, 5], phase: -.infinity) }
        // A solid pattern leaves the path's subpaths as they are.
        let solid = try heart.dashed([0, 0])
        #expect(abs(PathMeasure(solid).length - heartLength) < 1e-9)
    }

    @Test func moreThanAMillionDashesAreRefused() {
        var line = Path()
        line.move(to: Point(0, 0))
        line.line(to: Point(2_000_000, 0))
        #expect(throws: StrokeError.self) { try line.dashed([0.5, 0.5]) }       // 2e6 dashes
        do {
            _ = try line.dashed([0.5, 0.5])
        } catch {
            guard case .tooManyDashes(let estimated) = error else { Issue.record("\(error)"); return }
            #expect(estimated >= 2_000_000)
        }
        // Absurd ratios cannot overflow the estimate.
        #expect(throws: StrokeError.self) { try line.dashed([1e-300, 1e-300]) }
        // Well below the cap is fine.
        #expect(throws: Never.self) { try line.dashed([1000, 1000]) }
    }

    @Test func zeroLengthSubpathsGetADotWhenTheirStartIsPainted() throws {
        var path = Path()
        path.move(to: Point(3, 4)); path.line(to: Point(3, 4))
        let painted = PathMeasure(try path.dashed([2, 2], phase: 1))
        #expect(painted.contourCount == 1 && painted.length == 0 && painted.position(at: 0) == Point(3, 4))
        let unpainted = try path.dashed([2, 2], phase: 3)
        #expect(unpainted.isEmpty)
    }
}

@Suite struct DashPhaseRangeTests {
    @Test func hugePhasesLandOnTheRightPatternPosition() throws {
        // 1e15 = 165·6060606060606 + 10 exactly, so φ = 1e15 is φ = 10.
        let huge = try DashPattern([150, 15], phase: 1e15).spans(length: 167.72, isClosed: false)
        let small = try DashPattern([150, 15], phase: 10).spans(length: 167.72, isClosed: false)
        #expect(huge == small)
        let negative = try DashPattern([150, 15], phase: -1e15).spans(length: 167.72, isClosed: false)
        #expect(negative == (try DashPattern([150, 15], phase: 155).spans(length: 167.72, isClosed: false)))
    }
}
