// TrimmerReuseTests.swift — the reusable Trimmer (Trim.swift) that the Lottie builder keeps:
// reused over paths of different sizes and windows, it gives exactly what a fresh one gives,
// and it appends after what its output already holds.

import TestSupport
import Testing
@testable import Geometry

@Suite struct TrimmerReuseTests {
    /// A random path of 1–3 subpaths of lines and cubics, some closed.
    private func randomPath(_ rng: inout SeededGenerator) -> Path {
        var path = Path()
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            func point() -> Point { Point(Double.random(in: -50...50, using: &rng), Double.random(in: -50...50, using: &rng)) }
            path.move(to: point())
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                if Bool.random(using: &rng) { path.line(to: point()) } else { path.cubic(to: point(), control1: point(), control2: point()) }
            }
            if Bool.random(using: &rng) { path.close() }
        }
        return path
    }

    @Test func aReusedTrimmerGivesWhatAFreshOneGivesAndAppends() throws {
        var rng = SeededGenerator(seed: 0x7121)
        var reused = Trimmer()
        let prefix = Path.rectangle(x: 0, y: 0, width: 3, height: 3)
        var differing = 0
        for _ in 0..<300 {
            let path = randomPath(&rng)
            let window = try TrimWindow(lottieStart: Double.random(in: -10...110, using: &rng),
                                        end: Double.random(in: -10...110, using: &rng),
                                        offsetDegrees: Double.random(in: -720...720, using: &rng))
            var fresh = Trimmer(), expected = Path()
            fresh.trim(path, window: window, into: &expected)
            var out = prefix
            reused.trim(path, window: window, into: &out)
            #expect(Array(out.elements.prefix(prefix.elements.count)) == prefix.elements)
            #expect(Array(out.elements.dropFirst(prefix.elements.count)) == expected.elements)
            #expect(path.trimmed(window).elements == expected.elements)
            if expected.elements != path.elements { differing += 1 }
        }
        #expect(differing > 200)   // the windows really cut (not all full or empty)
    }

    @Test func aReusedTrimmerCutsTheHandComputedSquareWindow() throws {
        let square = Path.rectangle(x: 0, y: 0, width: 100, height: 100)   // L = 400 from (0, 0)
        var trimmer = Trimmer()
        var scratch = Path()
        trimmer.trim(Path.rectangle(x: 0, y: 0, width: 7, height: 900), window: try TrimWindow(start: 0.2, end: 0.9), into: &scratch)
        var out = Path()
        trimmer.trim(square, window: try TrimWindow(lottieStart: 10, end: 60, offsetDegrees: 0), into: &out)
        // [40, 240]: (40, 0) → (100, 0) → (100, 100) → (60, 100).
        let expected = [Point(40, 0), Point(100, 0), Point(100, 100), Point(60, 100)]
        #expect(out.elements.count == 4)
        for (element, point) in zip(out.elements, expected) {
            switch element {
            case .move(let p), .line(let p): #expect(p.distance(to: point) < 1e-9, "\(out.elements)")
            default: Issue.record("not a move or line: \(element)")
            }
        }
        if case .move = out.elements.first {} else { Issue.record("no move first: \(out.elements)") }
    }
}
