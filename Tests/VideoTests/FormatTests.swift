// Every row of the format table (OutputFormat.swift): a short transparent clip written through
// MediaWriter, decoded back in-process, and checked — frame count, timing, colour tags, codec
// tag, and for alpha formats a transparent pixel at alpha 0 and an opaque one at 255.
import Testing
@testable import Video

/// 64×64 premultiplied frames on a transparent background: an opaque red 16×16 square moving
/// right 4 px per frame, and a fixed half-transparent blue square (alpha 128) at (40…55, 40…55).
func transparentFrame(_ i: Int, width: Int = 64, height: Int = 64) -> [UInt8] {
    var px = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let o = 4 * (y * width + x)
            if (8..<24).contains(y) && (4 + 4 * i..<20 + 4 * i).contains(x) {
                px[o] = 255; px[o + 3] = 255
            } else if (40..<56).contains(y) && (40..<56).contains(x) {
                px[o + 2] = 128; px[o + 3] = 128
            }
        }
    }
    return px
}

struct FormatCase: CustomStringConvertible, Sendable {
    var file: String
    var codec: String?
    var alpha: Bool
    var codecName: String
    var pixelFormat: String?
    var tag: String? = nil
    var decoder: String? = nil
    /// ffprobe's level (HEVC: 30 × level; AV1: seq_level_idx), when the writer chooses one.
    var level: Int? = nil
    var description: String { "\(file) \(codec ?? "default")" }
}

let formatCases: [FormatCase] = [
    FormatCase(file: "a.mp4", codec: nil, alpha: false, codecName: "h264", pixelFormat: "yuv420p", tag: "avc1"),
    FormatCase(file: "b.mp4", codec: "hevc", alpha: false, codecName: "hevc", pixelFormat: "yuv420p", tag: "hvc1", level: 30),
    FormatCase(file: "c.mp4", codec: "av1", alpha: false, codecName: "av1", pixelFormat: "yuv420p", tag: "av01", level: 0),
    FormatCase(file: "d.mov", codec: nil, alpha: true, codecName: "prores", pixelFormat: nil, tag: "ap4h"),
    FormatCase(file: "e.mov", codec: "prores-hq", alpha: false, codecName: "prores", pixelFormat: nil, tag: "apch"),
    FormatCase(file: "f.mov", codec: "h264", alpha: false, codecName: "h264", pixelFormat: "yuv420p", tag: "avc1"),
    FormatCase(file: "g.mov", codec: "hevc", alpha: false, codecName: "hevc", pixelFormat: "yuv420p", tag: "hvc1"),
    FormatCase(file: "h.webm", codec: nil, alpha: true, codecName: "vp9", pixelFormat: "yuv420p", decoder: "libvpx-vp9"),
    FormatCase(file: "i.webm", codec: "av1", alpha: false, codecName: "av1", pixelFormat: "yuv420p"),
    FormatCase(file: "j.apng", codec: nil, alpha: true, codecName: "apng", pixelFormat: "rgba"),
    FormatCase(file: "k.gif", codec: nil, alpha: true, codecName: "gif", pixelFormat: nil),
]

@Suite struct FormatTests {
    static let frames = 6

    func settings(for c: FormatCase, path: String) throws -> VideoSettings {
        var s = VideoSettings(width: 64, height: 64, fps: .fps30, format: try OutputFormat.resolve(path: path, codec: c.codec))
        s.alpha = c.alpha
        s.h264.x264Preset = "ultrafast"
        if s.format.codec == .hevc { s.speed = "ultrafast" }
        if s.format.codec == .av1 { s.speed = "12" }
        s.threads = 1
        s.h264.encoderThreads = 1
        return s
    }

    @Test(arguments: formatCases)
    func writesAndDecodesBack(_ c: FormatCase) throws {
        let dir = TempDir()
        let path = dir.file(c.file)
        let w = try MediaWriter(destination: path, settings: try settings(for: c, path: path))
        for i in 0..<Self.frames { try w.append(rgba: transparentFrame(i)) }
        let summary = try w.finish()
        #expect(summary.frames == Self.frames)
        #expect(dir.entries() == [c.file], "only the output is left")
        let r = try MP4Reader(path: path)
        #expect(r.codecName == c.codecName)
        if let p = c.pixelFormat { #expect(r.pixelFormat == p) }
        if let t = c.tag { #expect(r.codecTag == t) }
        if let l = c.level { #expect(r.level == l, "level: 64×64 at 30 fps fits HEVC 1 / AV1 2.0") }
        if c.file.hasSuffix(".webm") && c.alpha { #expect(r.streamTags["alpha_mode"] == "1") }
        #expect(r.width == 64 && r.height == 64)
        if ["h264", "hevc", "av1", "vp9", "prores"].contains(c.codecName) {
            #expect(r.colorSpace == "bt709", "matrix tag")
            #expect(r.colorRange == "tv", "limited range")
            if c.codecName != "vp9" { #expect(r.colorPrimaries == "bt709" && r.colorTransfer == "bt709") }
        }
        var pts: [Int64] = []
        var report = DecodeReport(frames: 0, errors: 0, errorLines: [])
        report = try r.decode(decoder: c.decoder) { f in
            pts.append(f.pts ?? -1)
            try f.withRGBA { bytes, stride in
                let red = pixel(bytes, stride, x: 12 + 4 * f.index, y: 16)
                #expect(abs(Int(red.r) - 255) <= 8 && red.g <= 10 && red.b <= 10, "red square \(red) frame \(f.index)")
                if c.alpha {
                    #expect(red.a == 255, "opaque pixel keeps alpha 255")
                    let clear = pixel(bytes, stride, x: 60, y: 2)
                    #expect(clear.a == 0, "transparent pixel has alpha 0, got \(clear.a)")
                } else {
                    #expect(red.a == 255)
                }
            }
        }
        #expect(report.frames == Self.frames)
        #expect(report.errors == 0, "\(report.errorLines)")
        // Timing: frame i at i/30 s (in the stream's time base), in order.
        let tb = r.timeBase.split(separator: "/").compactMap { Double($0) }
        let seconds = pts.map { Double($0) * tb[0] / tb[1] }
        let start = seconds.first ?? 0
        for (i, t) in seconds.enumerated() {
            #expect(abs((t - start) - Double(i) / 30) < 0.006, "frame \(i) at \(t - start) s")
        }
    }

    @Test func webpRoundTrip() throws {
        let dir = TempDir()
        let path = dir.file("anim.webp")
        var s = VideoSettings(width: 64, height: 64, fps: .fps30, format: try OutputFormat.resolve(path: path))
        s.alpha = true
        let w = try MediaWriter(destination: path, settings: s)
        for i in 0..<Self.frames { try w.append(rgba: transparentFrame(i)) }
        try w.finish()
        let anim = try WebPAnimation.read(path: path)
        #expect(anim.frames.count == Self.frames)
        #expect(anim.loopCount == 0, "loops forever")
        #expect(anim.endTimes.last == 200, "6 frames at 30 fps = 200 ms: \(anim.endTimes)")
        for (i, f) in anim.frames.enumerated() {
            let o = 4 * (16 * 64 + 12 + 4 * i)
            #expect(f[o] == 255 && f[o + 1] == 0 && f[o + 2] == 0 && f[o + 3] == 255, "lossless red, frame \(i)")
            #expect(f[4 * (2 * 64 + 60) + 3] == 0, "transparent")
            let half = 4 * (48 * 64 + 48)
            #expect(f[half + 3] == 128 && f[half + 2] == 255, "straight blue at alpha 128")
        }
    }

    @Test func pngSequenceRoundTrip() throws {
        let dir = TempDir()
        let s = VideoSettings(width: 63, height: 31, fps: .fps30, format: try OutputFormat.resolve(path: dir.file("f%03d.png")))
        var t = s
        t.alpha = true
        let w = try MediaWriter(destination: dir.file("f%03d.png"), settings: t)
        for i in 0..<3 { try w.append(rgba: transparentFrame(i, width: 63, height: 31)) }
        #expect(dir.entries().allSatisfy { $0.hasPrefix(".") }, "nothing at the final names before finish")
        try w.finish()
        #expect(dir.entries() == ["f000.png", "f001.png", "f002.png"])
        for i in 0..<3 {
            let img = try PNGReader.read(path: dir.file("f00\(i).png"))
            #expect(img.width == 63 && img.height == 31)
            let o = 4 * (16 * 63 + 12 + 4 * i)
            #expect(Array(img.rgba[o..<o + 4]) == [255, 0, 0, 255])
            #expect(img.rgba[3] == 0)
        }
    }

    @Test func cancelLeavesNothing() throws {
        for c in formatCases where c.codecName != "av1" {
            let dir = TempDir()
            let w = try MediaWriter(destination: dir.file(c.file), settings: try settings(for: c, path: dir.file(c.file)))
            try w.append(rgba: transparentFrame(0))
            w.cancel()
            #expect(dir.entries().isEmpty, "\(c)")
        }
    }

    @Test func alphaInAFormatWithoutItIsRefused() throws {
        var s = VideoSettings(width: 64, height: 64, fps: .fps30, format: try OutputFormat.resolve(path: "x.mp4", codec: "hevc"))
        s.alpha = true
        let e = videoError { _ = try MediaWriter(destination: "/tmp/never.mp4", settings: s) }
        #expect("\(e.map { "\($0)" } ?? "")".contains(".mov (ProRes 4444), .webm (VP9)"))
    }

    @Test func formatResolution() throws {
        #expect(try OutputFormat.resolve(path: "a/b.M4V").codec == .h264)
        #expect(try OutputFormat.resolve(path: "x.mov").codec == .prores)
        #expect(try OutputFormat.resolve(path: "x.webm").codec == .vp9)
        #expect(try OutputFormat.resolve(path: "x.mov", codec: "h265").codec == .hevc)
        #expect(videoError { _ = try OutputFormat.resolve(path: "x.webm", codec: "h264") } != nil)
        #expect(videoError { _ = try OutputFormat.resolve(path: "x.png") } != nil, "a single png is 'still'")
        #expect(videoError { _ = try OutputFormat.resolve(path: "x.avi") } != nil)
        #expect(FramePattern("out/f%04d.png")?.path(frame: 7) == "out/f0007.png")
        #expect(FramePattern("f%d.png")?.path(frame: 12) == "f12.png")
        #expect(FramePattern("f%d%d.png") == nil)
        #expect(FramePattern("100%%-%02d.png")?.path(frame: 3) == "100%-03.png")
    }
}

func pixel(_ b: UnsafeRawBufferPointer, _ stride: Int, x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let o = y * stride + 4 * x
    return (b[o], b[o + 1], b[o + 2], b[o + 3])
}
