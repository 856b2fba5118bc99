// ClearTests.swift — the damage clear (only the rows drawn since the last clear to the same
// colour, at once or deferred) leaves exactly the pixels a full clear leaves, frame after frame.

import TestSupport
import Geometry
import Foundation
import Testing
@testable import Raster

@Suite struct ClearTests {
    private func pixels(_ c: Canvas) -> [UInt8] { c.withUnsafeBytes { Array($0) } }

    /// Random discs per frame on a canvas cleared by its damage (deferred or at once) and on one
    /// cleared whole with its damage forgotten (every span composited): identical every frame.
    @Test(arguments: [RGBA(r: 0, g: 0, b: 0), RGBA(r: 1, g: 1, b: 1), RGBA(r: 0.2, g: 0.4, b: 0.6, a: 0.5)], [false, true])
    func damageClearEqualsFullClear(_ background: RGBA, deferred: Bool) {
        var rng = SeededGenerator(seed: 0xC1EA)
        let cheap = Canvas(width: 97, height: 61), full = Canvas(width: 97, height: 61)
        let r = Rasterizer()
        for frame in 0..<40 {
            // Every few frames the background changes, which must force a full clear.
            let bg = frame % 13 == 12 ? RGBA(r: 0.9, g: 0.1, b: 0.1) : background
            cheap.clearDamage(to: bg, deferred: deferred)
            full.clear(to: bg)
            full.forgetDamage()
            #expect(pixels(cheap) == pixels(full), "after clear, frame \(frame)")
            let discs = Int.random(in: 0...3, using: &rng)
            for _ in 0..<discs {
                let p = Path.circle(center: Point(Double.random(in: -20...117, using: &rng), Double.random(in: -20...81, using: &rng)),
                                    radius: Double.random(in: 1...30, using: &rng))
                let paint = SolidPaint(color: RGBA(r: 0.1, g: 0.8, b: 0.3, a: 0.7))
                r.fill(p, paint: paint, on: cheap)
                r.fill(p, paint: paint, on: full)
            }
            #expect(pixels(cheap) == pixels(full), "after drawing, frame \(frame)")
        }
    }

    @Test func rawWritesForceAFullClear() {
        let c = Canvas(width: 8, height: 4)
        c.clear(to: RGBA(r: 0, g: 0, b: 0))
        c.withUnsafeMutableBytes { $0[4 * 30] = 7 }   // pixel (6, 3), outside any drawn box
        c.clearDamage(to: RGBA(r: 0, g: 0, b: 0), deferred: true)
        #expect(c[6, 3] == PremultipliedRGBA8(RGBA(r: 0, g: 0, b: 0)))
    }
    /// Every pixel outside `drawnArea`'s box holds its colour, whatever was drawn (fills, layers
    /// composited with opacity), frame after frame; clearing to a new colour reports that colour.
    @Test func drawnAreaHoldsEveryDrawnPixel() {
        var rng = SeededGenerator(seed: 0xA4EA)
        let c = Canvas(width: 83, height: 57)
        let r = Rasterizer(), layer = Layer()
        #expect(c.drawnArea == DrawnArea(color: .transparent, rows: 0..<0, columns: 0..<0))
        for frame in 0..<30 {
            let bg = frame % 7 == 6 ? RGBA(r: 0.9, g: 0.1, b: 0.1) : RGBA(r: 0.1, g: 0.2, b: 0.3)
            c.clearDamage(to: bg, deferred: frame % 2 == 0)
            #expect(c.drawnArea == DrawnArea(color: PremultipliedRGBA8(bg), rows: 0..<0, columns: 0..<0))
            for k in 0..<Int.random(in: 0...3, using: &rng) {
                let p = Path.circle(center: Point(Double.random(in: -20...103, using: &rng), Double.random(in: -20...77, using: &rng)),
                                    radius: Double.random(in: 0.3...25, using: &rng))
                let paint = SolidPaint(color: RGBA(r: 0.9, g: 0.8, b: 0.3, a: 0.8))
                if k == 1 {
                    let target = layer.begin(matching: c)
                    r.fill(p, paint: paint, on: target)
                    layer.composite(opacity: 0.5, onto: c)
                } else {
                    r.fill(p, paint: paint, on: c)
                }
            }
            guard let area = c.drawnArea else { Issue.record("no drawn area"); return }
            #expect(area.color == PremultipliedRGBA8(bg))
            var outside = 0, outsideRow = 0
            for y in 0..<57 {
                let columns = c.drawnColumns(ofRow: y)
                #expect(columns.isEmpty || (area.rows.contains(y) && area.columns.contains(columns.lowerBound)
                                             && columns.upperBound <= area.columns.upperBound))
                for x in 0..<83 where c[x, y] != area.color {
                    if !(area.rows.contains(y) && area.columns.contains(x)) { outside += 1 }
                    if !columns.contains(x) { outsideRow += 1 }
                }
            }
            #expect(outside == 0, "frame \(frame): \(outside) pixels outside \(area.rows) × \(area.columns) differ")
            #expect(outsideRow == 0, "frame \(frame): \(outsideRow) pixels outside their row's drawn columns differ")
        }
        c.withUnsafeMutableBytes { _ in }
        #expect(c.drawnArea?.rows == 0..<57 && c.drawnArea?.columns == 0..<83)
        c.forgetDamage()
        #expect(c.drawnArea == nil)
        // Forgotten damage: the next damage clear is a full one (and knows the colour again).
        c.withUnsafeMutableBytes { $0[0] = 9 }
        c.clearDamage(to: .black, deferred: true)
        #expect(c[0, 0] == PremultipliedRGBA8(.black) && c.drawnArea?.color == PremultipliedRGBA8(.black))
    }

    @Test func drawnAreaBoxUnion() {
        let a = DrawnArea(color: .transparent, rows: 2..<5, columns: 10..<20)
        let b = DrawnArea(color: .transparent, rows: 4..<9, columns: 1..<3)
        let none = DrawnArea(color: .transparent, rows: 0..<0, columns: 0..<0)
        #expect(a.boxUnion(b) == (rows: 2..<9, columns: 1..<20))
        #expect(a.boxUnion(none) == (rows: 2..<5, columns: 10..<20))
        #expect(none.boxUnion(b) == (rows: 4..<9, columns: 1..<3))
    }
}
