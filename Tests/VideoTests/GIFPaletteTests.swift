// GIF palettes (GIFPalette.swift): one for the clip or one per frame, decoded back and compared
// with the frames written. The clip has many colours over time but few in each frame (192
// seeded random colours per frame, 12 frames: 2304 in all), so one clip palette must merge
// colours while a palette per frame holds every colour of its frame exactly.
import Testing
@testable import Video

/// A 64×48 frame of 4×4 blocks, each a colour from a seeded generator (192 colours a frame).
func blockFrame(_ index: Int, seed: UInt64 = 12) -> [UInt8] {
    var state = seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
    func next() -> UInt8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
    let colours = (0..<192).map { _ in (next(), next(), next()) }
    var px = [UInt8](repeating: 255, count: 64 * 48 * 4)
    for y in 0..<48 {
        for x in 0..<64 {
            let c = colours[(y / 4) * 16 + x / 4], o = 4 * (y * 64 + x)
            px[o] = c.0; px[o + 1] = c.1; px[o + 2] = c.2
        }
    }
    return px
}

@Suite struct GIFPaletteTests {
    /// Writes `frames` as a GIF with `palette`; returns the PSNR of the decoded frames against
    /// them (RGB, all frames; 99 dB when identical), the file's size and its delays.
    func roundTrip(_ palette: GIFPalette, frames: [[UInt8]], fps: FrameRate = .fps25, loopCount: Int = 0)
        throws -> (psnr: Double, bytes: Int, delays: [Int], loopCount: Int?, decoded: Int) {
        let dir = TempDir()
        let path = dir.file("p.gif")
        var s = VideoSettings(width: 64, height: 48, fps: fps, format: try OutputFormat.resolve(path: path))
        s.gifPalette = palette
        s.loopCount = loopCount
        let w = try MediaWriter(destination: path, settings: s)
        for f in frames { try w.append(rgba: f) }
        let summary = try w.finish()
        #expect(dir.entries() == ["p.gif"], "\(palette): nothing but the GIF is left")
        var squared = 0.0, samples = 0.0, decoded = 0
        _ = try MP4Reader(path: path).decode { f in
            let source = frames[min(decoded, frames.count - 1)]
            try f.withRGBA { b, stride in
                for y in 0..<48 {
                    for x in 0..<64 {
                        for c in 0..<3 {
                            let d = Double(b[y * stride + 4 * x + c]) - Double(source[4 * (y * 64 + x) + c])
                            squared += d * d
                        }
                    }
                }
            }
            samples += 64 * 48 * 3
            decoded += 1
        }
        let t = try GIFInspector.timing(path: path)
        let p = squared == 0 ? 99 : psnr(squaredError: squared, samples: samples)
        return (p, summary.bytes, t.delays, t.loopCount, decoded)
    }

    @Test func perFrameKeepsEachFramesColoursAndTheClipPaletteMergesThem() throws {
        let frames = (0..<12).map { blockFrame($0) }
        let global = try roundTrip(.global, frames: frames)
        let perFrame = try roundTrip(.perFrame, frames: frames)
        for r in [global, perFrame] {
            #expect(r.decoded == 12)
            #expect(r.delays == [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], "25 fps: 4 cs each, 48 cs in all")
            #expect(r.loopCount == 0)
        }
        // 192 colours a frame fit a frame's palette exactly; 2304 in one palette do not.
        #expect(perFrame.psnr >= 60, "per-frame \(perFrame.psnr) dB")
        #expect(global.psnr < 40 && global.psnr > 15, "global \(global.psnr) dB")
        // (Sizes are not compared: here the clip palette's dither noise costs more bytes than
        // twelve local tables; on real animation per-frame files are larger, README "GIF".)
        #expect(perFrame.bytes > 0 && global.bytes > 0)
    }

    /// Delays add up to the exact length in per-frame mode too (the last one is set at the end).
    @Test(arguments: [(FrameRate.fps30, 0, 0), (FrameRate(num: 24, den: 1), 3, 2), (FrameRate.ntsc2997, 1, nil as Int?)])
    func perFrameDelaysAddUpAndLoop(_ c: (FrameRate, Int, Int?)) throws {
        let (fps, loopCount, netscape) = c
        let n = 7
        let r = try roundTrip(.perFrame, frames: (0..<n).map { blockFrame($0, seed: 5) }, fps: fps, loopCount: loopCount)
        #expect(r.delays.count == n && r.decoded == n)
        let exact = (Double(n) * 100 * Double(fps.den) / Double(fps.num)).rounded()
        #expect(Double(r.delays.reduce(0, +)) == exact, "delays \(r.delays) sum to \(exact) cs")
        #expect(r.loopCount == netscape)
    }

    /// Transparency and the matte are the same in both modes.
    @Test(arguments: GIFPalette.allCases)
    func transparencyInBothModes(_ palette: GIFPalette) throws {
        let dir = TempDir()
        let path = dir.file("m.gif")
        var s = VideoSettings(width: 64, height: 64, fps: .fps30, format: try OutputFormat.resolve(path: path))
        s.alpha = true
        s.matte = (0, 255, 0)
        s.gifPalette = palette
        let w = try MediaWriter(destination: path, settings: s)
        for i in 0..<3 { try w.append(rgba: transparentFrame(i)) }
        try w.finish()
        var frames = 0
        _ = try MP4Reader(path: path).decode { f in
            try f.withRGBA { b, stride in
                let clear = pixel(b, stride, x: 60, y: 2), red = pixel(b, stride, x: 12, y: 16)
                #expect(clear.a == 0, "\(palette) frame \(frames)")
                #expect(red.a == 255 && red.r > 240 && red.g < 16, "\(palette) frame \(frames): \(red)")
            }
            frames += 1
        }
        #expect(frames == 3)
    }

    @Test func cancelledPerFrameLeavesNothing() throws {
        let dir = TempDir()
        let path = dir.file("c.gif")
        var s = VideoSettings(width: 64, height: 48, fps: .fps25, format: try OutputFormat.resolve(path: path))
        s.gifPalette = .perFrame
        let w = try MediaWriter(destination: path, settings: s)
        try w.append(rgba: blockFrame(0))
        w.cancel()
        #expect(dir.entries().isEmpty)
    }
}
