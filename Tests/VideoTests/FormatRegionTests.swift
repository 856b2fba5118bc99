// FrameConverter.update (only the changed pixels of each row) against a whole conversion of
// the same canvas, for every pixel format: byte-identical frames after every step of a seeded
// series of edits (boxes at the edges, one pixel wide, odd bounds, two bands in one frame,
// empty updates), in the fast and the scalar implementation. Like the export pipeline, one
// converter serves three frames in turn, each told only how the canvas differs from the one it
// last held (so yuva420p's straight scratch image is newer than some frames it updates).
import TestSupport
import Testing
@testable import Video

@Suite struct FormatRegionTests {
    /// Refills the boxes with random premultiplied pixels (alpha runs as in randomPremultiplied).
    private func edited(_ a: [UInt8], _ w: Int, _ h: Int, boxes: [(Range<Int>, Range<Int>)], seed: UInt64) -> [UInt8] {
        var b = a
        let noise = randomPremultiplied(width: w, height: h, seed: seed)
        for (rows, columns) in boxes {
            for y in rows.clamped(to: 0..<h) {
                for x in columns.clamped(to: 0..<w) {
                    for c in 0..<4 { b[(y * w + x) * 4 + c] = noise[(y * w + x) * 4 + c] }
                }
            }
        }
        return b
    }

    @Test(arguments: [PixelFormat.yuv420p, .yuva420p, .yuv422p10le, .yuv444p10le, .yuva444p10le, .rgba, .bgra])
    func updatesEqualWholeConversions(_ format: PixelFormat) throws {
        for (w, h) in [(6, 4), (34, 40), (130, 66)] {
            for implementation in FrameConverter.Implementation.allCases {
                var rng = SeededGenerator(seed: UInt64(w * 131 + h) ^ (implementation == .fast ? 7 : 9))
                func below(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
                let converter = try FrameConverter(width: w, height: h, format: format)
                converter.implementation = implementation
                let whole = try FrameConverter(width: w, height: h, format: format)
                var canvas = randomPremultiplied(width: w, height: h, seed: 5)
                let slots = try (0..<3).map { _ in try EncoderFrame(width: w, height: h, pixelFormat: format) }
                var held = [[UInt8]](repeating: canvas, count: 3), history = [canvas]
                let reference = try EncoderFrame(width: w, height: h, pixelFormat: format)
                for frame in slots { try canvas.withUnsafeBytes { try converter.convert(rgba: $0, bytesPerRow: 4 * w, into: frame) } }
                for step in 0..<30 {
                    func box() -> (Range<Int>, Range<Int>) {
                        let y0 = below(h + 2) - 1, x0 = below(w + 2) - 1
                        return (y0..<(y0 + 1 + below(h / 3)), x0..<(x0 + 1 + below(w / 3)))
                    }
                    var boxes = [box()]
                    switch step % 6 {
                    case 0: boxes = [(0..<1, 0..<w)]                          // top row
                    case 1: boxes = [((h - 1)..<h, (w - 1)..<w)]              // the last pixel
                    case 2: boxes.append(((h - 3)..<h, 1..<2))                // two bands, one a column wide at an odd x
                    case 3: boxes = [(0..<h, 0..<w)]                          // everything
                    case 4: boxes = []                                        // nothing changed
                    default: break
                    }
                    // Every fifth step goes back to the canvas of two steps ago first (A, B, A:
                    // the slot's frame then differs from the canvas less than the previous one did).
                    if step % 5 == 4, history.count >= 2 { canvas = history[history.count - 2] }
                    canvas = edited(canvas, w, h, boxes: boxes, seed: rng.next())
                    history.append(canvas)
                    // The slot's frame holds the conversion of `held[slot]`: tell it where the
                    // canvas differs from that, row by row (first to last differing column).
                    let slot = step % 3, frame = slots[slot], old = held[slot]
                    func differing(_ y: Int) -> Range<Int> {
                        let xs = (0..<w).filter { x in (0..<4).contains { old[(y * w + x) * 4 + $0] != canvas[(y * w + x) * 4 + $0] } }
                        return xs.isEmpty ? 0..<0 : xs.first!..<(xs.last! + 1)
                    }
                    let changed = (0..<h).map(differing)
                    let rows = (changed.firstIndex { !$0.isEmpty } ?? 0)..<((changed.lastIndex { !$0.isEmpty } ?? -1) + 1)
                    try canvas.withUnsafeBytes { bytes in
                        try converter.update(frame, from: bytes, bytesPerRow: 4 * w, rows: rows) { changed[$0] }
                        try whole.convert(rgba: bytes, bytesPerRow: 4 * w, into: reference)
                    }
                    held[slot] = canvas
                    for p in planeShapes(format, w, h) {
                        let same = samples(frame, p) == samples(reference, p)
                        #expect(same, "\(format) \(w)x\(h) \(implementation) step \(step) plane \(p.index)")
                        if !same { return }
                    }
                }
            }
        }
    }

    @Test func tenBitCoefficientsAreTheFormulas() {
        #expect(BT709Ten.literals == BT709Ten.derived)
    }
}
