// BooleanCostTests.swift — the cost bound of boolean operations (BooleanCost.swift): the
// estimate E + S + P counted by hand on small polygons, a self-crossing star polygon (every edge
// crosses nearly every other: quadratic crossings) refused before the sweep, the frame's budget
// shared by several operations, and ordinary shapes far below the cap.

import Foundation
import Testing
@testable import Geometry

@Suite struct BooleanCostTests {
    func polygons(_ points: [(Int64, Int64)]...) -> IntegerPolygons {
        var out = IntegerPolygons()
        for polygon in points {
            for (x, y) in polygon { out.xy += [x, y] }
            out.counts.append(polygon.count)
        }
        return out
    }

    /// A star polygon {n/k}: vertex j at angle 2π·j·k/n on a circle, k near n/2 so that every
    /// edge crosses nearly every other.
    func star(_ n: Int, radius: Double = 500) -> Path {
        var k = n / 2 - 1
        while gcd(n, k) != 1 { k -= 1 }
        var path = Path()
        for j in 0..<n {
            let a = 2 * Double.pi * Double(j * k % n) / Double(n)
            let p = Point(540 + radius * cos(a), 540 + radius * sin(a))
            if j == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        return path
    }

    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    @Test func estimateCountsEdgesScanbeamsAndOverlappingBoxes() {
        // A unit square: E = 4; heights {0, 1}: the two vertical edges span one scanbeam each
        // (S = 2); boxes overlapping: each corner's two edges (P = 4). 4 + 2 + 4 = 10.
        let square = polygons([(0, 0), (10, 0), (10, 10), (0, 10)])
        #expect(BooleanCost.estimate(square, IntegerPolygons(), limit: 20) == 10)
        // Below the quick bound (E + E² + E²/2 = 28 ≤ limit) the count is skipped: E.
        #expect(BooleanCost.estimate(square, IntegerPolygons(), limit: 28) == 4)
        // Two squares side by side, apart: 2 × 10. Touching along x = 10: E = 8, S = 4, and
        // besides each square's 4 corner pairs, 7 pairs across (the shared vertical edge
        // against the other square's three edges meeting it, and the top and bottom edges
        // meeting end to end or at a corner): P = 15, 8 + 4 + 15 = 27.
        let apart = polygons([(20, 0), (30, 0), (30, 10), (20, 10)])
        #expect(BooleanCost.estimate(square, apart, limit: 100) == 20)
        let touching = polygons([(10, 0), (20, 0), (20, 10), (10, 10)])
        #expect(BooleanCost.estimate(square, touching, limit: 100) == 27)
    }

    @Test func aSelfCrossingStarIsRefusedBeforeTheSweep() throws {
        // 3 000 vertices, ~2.2 million crossings: minutes in the sweep before the cap.
        let hostile = star(3000)
        let rectangle = Path.rectangle(x: 440, y: 440, width: 200, height: 200)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: GeometryError.self) { try hostile.combined(.union, with: rectangle) }
        do {
            _ = try hostile.combined(.union, with: rectangle)
        } catch {
            guard case .tooExpensive(let cost, let limit) = error else { Issue.record("\(error)"); return }
            #expect(cost > limit && limit == PolygonLimits.maximumCost)
            #expect(error.description == "the boolean operation would cost more than 2 000 000 sweep steps (its edges, the scanbeams they span and the edge pairs that may cross), the cap per operation", "\(error.description)")
        }
        #expect(clock.now - start < .seconds(1))
        // A star of 400 vertices (≈ 40 000 crossings) is under the cap and merged.
        let small = try star(400).combined(.union, with: rectangle)
        #expect(!small.isEmpty)
    }

    @Test func theFrameBudgetIsSharedAndReset() throws {
        let a = Path.rectangle(x: 0, y: 0, width: 10, height: 10)
        let b = Path.rectangle(x: 5, y: 5, width: 10, height: 10)
        // a ∪ b is two library calls: a alone (E = 4, under its quick bound 28 ≤ 30: costs 4),
        // then a with b (limit 26 left, counted: E = 8; heights 0, 5, 10, 15 and each vertical
        // edge spans two beams, S = 8; P = 4 + 4 corner pairs + 2 crossings = 10): 26. Total 30.
        let budget = BooleanBudget(limit: 30)
        _ = try PathBoolean.merge([FilledPath(a), FilledPath(b)], mode: .add, budget: budget)
        #expect(budget.spent == 30)
        #expect(throws: GeometryError.self) {
            try PathBoolean.merge([FilledPath(a), FilledPath(b)], mode: .add, budget: budget)
        }
        #expect(budget.spent == 30, "a refused call takes nothing")
        budget.reset()
        #expect(budget.spent == 0)
        _ = try PathBoolean.merge([FilledPath(a), FilledPath(b)], mode: .add, budget: budget)
        #expect(budget.spent == 30)
    }

    @Test func ordinaryShapesCostAboutTheirEdges() throws {
        // 2 000 circles of 64 vertices side by side (128 000 edges): each edge overlaps its two
        // neighbours' boxes, spans a scanbeam or two — well under the cap.
        var subject = IntegerPolygons()
        for c in 0..<2000 {
            let cx = Double(c % 50) * 30, cy = Double(c / 50) * 30
            for j in 0..<64 {
                let a = 2 * Double.pi * Double(j) / 64
                subject.xy += [Int64((cx + 10 * cos(a)) * 1024), Int64((cy + 10 * sin(a)) * 1024)]
            }
            subject.counts.append(64)
        }
        let cost = BooleanCost.estimate(subject, IntegerPolygons(), limit: 10_000_000)
        #expect(cost > 128_000 && cost < 8 * 128_000, "\(cost)")
    }
}
