import Testing
import Glibc
@testable import Video

/// rgb(229, 35, 68) in BT.709 limited range is Y/Cb/Cr = 83.5/123.0/211.9.
private let red = (r: UInt8(229), g: UInt8(35), b: UInt8(68))

@Suite struct EncodeTests {
    @Test(arguments: [(160, 90, 120), (800, 800, 30)])
    func solidColourRoundTrip(size: (Int, Int, Int)) throws {
        let (w, h, count) = size
        let dir = TempDir()
        let path = dir.file("solid.mp4")
        var s = settings(w, h, preset: "medium")
        s.fps = .fps60
        let frame = solidFrame(width: w, height: h, r: red.r, g: red.g, b: red.b)
        let summary = try encode(path, s, count: count) { _ in frame }

        #expect(summary.frames == count)
        #expect(summary.bytes == FileSupport.size(path))
        #expect(abs(summary.durationSeconds - Double(count) / 60) < 1e-9)
        #expect(dir.entries() == ["solid.mp4"])  // no temporary left over

        let r = try MP4Reader(path: path)
        #expect(r.codecName == "h264")
        #expect(r.profileName == "High")
        #expect(r.pixelFormat == "yuv420p")
        #expect(r.codecTag == "avc1")
        #expect(r.width == w && r.height == h)
        #expect(r.colorPrimaries == "bt709")
        #expect(r.colorTransfer == "bt709")
        #expect(r.colorSpace == "bt709")
        #expect(r.colorRange == "tv")
        #expect(r.sampleAspectRatio == "1:1")
        #expect(r.rFrameRate == FrameRate(num: 60, den: 1))
        #expect(r.avgFrameRate == FrameRate(num: 60, den: 1))
        #expect(r.frameCountInContainer == count)
        let expected = Double(count) / 60
        #expect(abs((r.durationSeconds ?? -1) - expected) < 0.001)
        #expect(abs((r.formatDurationSeconds ?? -1) - expected) < 0.001)
        #expect(r.startTime == 0)
        #expect(r.formatStartTime == 0)

        let boxes = try MP4Reader.topLevelBoxes(path: path)
        #expect(boxes.first == "ftyp")
        let moov = try #require(boxes.firstIndex(of: "moov"))
        let mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat)

        // The sample entry carries colr/nclx 1/1/1 with full_range 0.
        let bytes = try #require(fileBytes(path))
        let nclx: [UInt8] = Array("colrnclx".utf8) + [0, 1, 0, 1, 0, 1, 0]
        #expect(bytes.firstRange(of: nclx) != nil)

        var centres: [(UInt8, UInt8, UInt8)] = []
        var yuv: [(UInt8, UInt8, UInt8)] = []
        let report = try r.decode { f in
            try f.withRGBA { px, stride in
                let o = (h / 2) * stride + (w / 2) * 4
                centres.append((px[o], px[o + 1], px[o + 2]))
                #expect(px[o + 3] == 255)
            }
            let (yp, ys) = f.plane(0), (up, us) = f.plane(1), (vp, vs) = f.plane(2)
            yuv.append((yp[(h / 2) * ys + w / 2], up[(h / 4) * us + w / 4], vp[(h / 4) * vs + w / 4]))
        }
        #expect(report.frames == count)
        #expect(report.errors == 0, "\(report.errorLines)")
        #expect(centres.count == count)
        let badRGB = centres.enumerated().filter { _, c in
            abs(Int(c.0) - Int(red.r)) > 3 || abs(Int(c.1) - Int(red.g)) > 3 || abs(Int(c.2) - Int(red.b)) > 3
        }
        #expect(badRGB.isEmpty, "frames with a wrong centre colour (index, RGB): \(badRGB.prefix(3))")
        let badYUV = yuv.enumerated().filter { _, q in
            abs(Int(q.0) - 84) > 1 || abs(Int(q.1) - 123) > 1 || abs(Int(q.2) - 212) > 1
        }
        #expect(badYUV.isEmpty, "frames with wrong YUV (index, YUV): \(badYUV.prefix(3))")
        print("solid \(w)x\(h): centre RGB \(centres[count / 2]) YUV \(yuv[count / 2]) level \(r.level) \(summary.bytes) bytes")
    }

    @Test func ntscFrameRateIsExact() throws {
        let dir = TempDir()
        let path = dir.file("ntsc.mp4")
        let s = settings(64, 64, fps: FrameRate(num: 30000, den: 1001))
        let frame = solidFrame(width: 64, height: 64, r: 10, g: 200, b: 30)
        let summary = try encode(path, s, count: 30) { _ in frame }
        let r = try MP4Reader(path: path)
        #expect(r.rFrameRate == FrameRate(num: 30000, den: 1001))
        #expect(r.avgFrameRate == FrameRate(num: 30000, den: 1001))
        let expected = 30.0 * 1001 / 30000
        #expect(abs((r.durationSeconds ?? -1) - expected) < 0.001)
        #expect(abs(summary.durationSeconds - expected) < 1e-9)
        #expect(r.startTime == 0)
        #expect(try r.checkDecode().frames == 30)
    }

    @Test func gradientPSNRAtCRF18() throws {
        let (w, h, count) = (320, 180, 30)
        let dir = TempDir()
        let path = dir.file("gradient.mp4")
        let frames = (0..<count).map { gradientFrame(width: w, height: h, index: $0) }
        var s = settings(w, h, preset: "medium")
        s.crf = 18
        try encode(path, s, count: count) { frames[$0] }
        var se = 0.0, n = 0.0
        let decoded = try MP4Reader(path: path).decodeFrames { i, px, stride in
            let src = frames[i]
            for y in 0..<h {
                for x in 0..<w {
                    for c in 0..<3 {
                        let d = Double(px[y * stride + x * 4 + c]) - Double(src[(y * w + x) * 4 + c])
                        se += d * d
                    }
                }
            }
            n += Double(w * h * 3)
        }
        #expect(decoded == count)
        let db = psnr(squaredError: se, samples: n)
        print("gradient \(w)x\(h) crf 18: PSNR \(db) dB (RGB)")
        #expect(db >= 40)
    }

    @Test func automaticLevelAt1080p60() throws {
        let dir = TempDir()
        let path = dir.file("hd.mp4")
        let s = settings(1920, 1080, preset: "medium")
        #expect(s.effectiveLevel == "4.2")
        let frame = solidFrame(width: 1920, height: 1080, r: red.r, g: red.g, b: red.b)
        let summary = try encode(path, s, count: 3) { _ in frame }
        #expect(summary.level == "4.2")
        let r = try MP4Reader(path: path)
        #expect(r.level <= 42)
        #expect(r.level == 42)
        // tune=animation asks for 6 reference frames; level 4.2's DPB allows 4 at 1080p.
        let refs = Int(x264Options(path)["ref"] ?? "") ?? 99
        #expect(refs <= 4)
        print("1080p60 medium tune animation: level \(r.level), x264 ref=\(refs)")
    }

    @Test func explicitLevelIsSignalled() throws {
        let dir = TempDir()
        let path = dir.file("level.mp4")
        var s = settings(64, 64)
        s.level = "4.1"
        try encode(path, s, count: 2) { _ in solidFrame(width: 64, height: 64, r: 1, g: 2, b: 3) }
        #expect(try MP4Reader(path: path).level == 41)
    }

    @Test(arguments: [(H264Profile.main, "Main"), (.baseline, "Constrained Baseline")])
    func profileOnRequest(profile: H264Profile, name: String) throws {
        let dir = TempDir()
        let path = dir.file("profile.mp4")
        var s = settings(64, 64, preset: "medium")
        s.profile = profile
        try encode(path, s, count: 10) { gradientFrame(width: 64, height: 64, index: $0) }
        #expect(try MP4Reader(path: path).profileName == name)
        #expect(profile.ffprobeName == name)
    }

    @Test func bframesZeroAndKeyint() throws {
        let dir = TempDir()
        let path = dir.file("gop.mp4")
        var s = settings(64, 64, preset: "medium")
        s.bframes = 0
        s.keyint = 10
        let count = 30
        try encode(path, s, count: count) { gradientFrame(width: 64, height: 64, index: $0) }
        let r = try MP4Reader(path: path)
        #expect(r.hasBFrames == 0)
        var keyFrames: [Int] = []
        var types = ""
        try r.decode { f in
            if f.isKeyFrame { keyFrames.append(f.index) }
            types.append(f.pictureType)
        }
        #expect(keyFrames == [0, 10, 20])
        #expect(!types.contains("B"))
        let opts = x264Options(path)
        #expect(opts["keyint"] == "10")
        #expect(opts["bframes"] == "0")

        // The default (medium) does use B-frames: the option above did something.
        let other = dir.file("default.mp4")
        try encode(other, settings(64, 64, preset: "medium"), count: count) {
            gradientFrame(width: 64, height: 64, index: $0)
        }
        #expect(try MP4Reader(path: other).hasBFrames > 0)
    }

    @Test func bitrateAndMaxrate() throws {
        let dir = TempDir()
        let abr = dir.file("abr.mp4")
        var s = settings(160, 90, preset: "veryfast")
        s.bitrate = 150_000
        try encode(abr, s, count: 60) { gradientFrame(width: 160, height: 90, index: $0) }
        let o1 = x264Options(abr)
        #expect(o1["rc"] == "abr")
        #expect(o1["bitrate"] == "150")
        let r = try MP4Reader(path: abr)
        #expect(r.bitRate > 50_000 && r.bitRate < 300_000, "bit rate \(r.bitRate)")

        let capped = dir.file("capped.mp4")
        var c = settings(160, 90, preset: "veryfast")
        c.maxrate = 400_000
        try encode(capped, c, count: 10) { gradientFrame(width: 160, height: 90, index: $0) }
        let o2 = x264Options(capped)
        #expect(o2["rc"] == "crf")
        #expect(o2["vbv_maxrate"] == "400")
        #expect(o2["vbv_bufsize"] == "800")  // bufsize = 2 × maxrate
    }

    @Test func losslessUsesHigh444() throws {
        let dir = TempDir()
        let path = dir.file("lossless.mp4")
        var s = settings(64, 64)
        s.crf = 0
        #expect(s.isLossless)
        #expect(s.effectiveProfile == .high444)
        #expect(!s.warnings.isEmpty)
        try encode(path, s, count: 3) { gradientFrame(width: 64, height: 64, index: $0) }
        #expect(try MP4Reader(path: path).profileName == "High 4:4:4 Predictive")
    }

    @Test func pathWithColonAndRelativeName() throws {
        let dir = TempDir()
        let path = dir.file("a:b.mp4")  // ':' must not be read as a protocol
        try encode(path, settings(64, 64), count: 5) { _ in solidFrame(width: 64, height: 64, r: 0, g: 0, b: 0) }
        #expect(try MP4Reader(path: path).checkDecode().frames == 5)
        #expect(dir.entries() == ["a:b.mp4"])
    }

    @Test func scopedWriter() throws {
        let dir = TempDir()
        let ok = dir.file("ok.mp4")
        let frame = solidFrame(width: 64, height: 64, r: 9, g: 9, b: 9)
        let summary = try MP4Writer.write(to: ok, settings: settings(64, 64)) { w in
            for _ in 0..<4 { try w.append(rgba: frame) }
        }
        #expect(summary.frames == 4)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            _ = try MP4Writer.write(to: dir.file("no.mp4"), settings: settings(64, 64)) { w in
                try w.append(rgba: frame)
                throw Boom()
            }
        }
        #expect(dir.entries() == ["ok.mp4"])
    }

    @Test func paddedRowsAreHonoured() throws {
        // bytesPerRow larger than width × 4: the padding must be skipped.
        let dir = TempDir()
        let (w, h, stride) = (64, 32, 64 * 4 + 40)
        var px = [UInt8](repeating: 0, count: stride * h)  // padding stays black
        for y in 0..<h {
            for x in 0..<w {
                let o = y * stride + x * 4
                px[o] = red.r; px[o + 1] = red.g; px[o + 2] = red.b; px[o + 3] = 255
            }
        }
        let path = dir.file("stride.mp4")
        let writer = try MP4Writer(destination: path, settings: settings(w, h))
        try px.withUnsafeBytes { try writer.append(rgba: $0, bytesPerRow: stride) }
        try writer.finish()
        try MP4Reader(path: path).decodeFrames { _, out, os in
            for (x, y) in [(0, 0), (w - 1, 0), (w - 1, h - 1), (w / 2, h / 2)] {
                let o = y * os + x * 4
                #expect(abs(Int(out[o]) - 229) <= 3 && abs(Int(out[o + 1]) - 35) <= 3 && abs(Int(out[o + 2]) - 68) <= 3)
            }
        }
    }
}
