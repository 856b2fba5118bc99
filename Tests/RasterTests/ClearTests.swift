// ClearTests.swift — the cheap clear (only the box drawn since the last clear to the same colour)
// leaves exactly the pixels a full clear leaves, frame after frame.

import Foundation
import Testing
@testable import Raster

@Suite struct ClearTests {
    private func pixels(_ c: Canvas) -> [UInt8] { c.withUnsafeBytes { Array($0) } }

    /// Random discs and a stroke per frame on a canvas that is reused (cheap clears) and on one
    /// whose clear state is forgotten before every clear (full clears): identical every frame.
    @Test(arguments: [RGBA(r: 0, g: 0, b: 0), RGBA(r: 1, g: 1, b: 1), RGBA(r: 0.2, g: 0.4, b: 0.6, a: 0.5)])
    func dirtyBoxClearEqualsFullClear(_ background: RGBA) {
        var rng = SystemRandomNumberGenerator()
        let cheap = Canvas(width: 97, height: 61), full = Canvas(width: 97, height: 61)
        let r = Rasterizer()
        for frame in 0..<40 {
            // Every few frames the background changes, which must force a full clear.
            let bg = frame % 13 == 12 ? RGBA(r: 0.9, g: 0.1, b: 0.1) : background
            full.invalidateClearState()
            cheap.clear(to: bg)
            full.clear(to: bg)
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
        c.clear(to: RGBA(r: 0, g: 0, b: 0))
        #expect(c[6, 3] == PremultipliedRGBA8(RGBA(r: 0, g: 0, b: 0)))
    }
}
