// GIF timing and loops, and the audio track (silence, a file, lengths, fades, bad files).
import Testing
import CFFmpeg
@testable import Video
#if canImport(Glibc)
import Glibc
#endif

/// A mono 16-bit PCM WAV of a 440 Hz sine at `rate` Hz lasting `seconds`.
func writeWAV(_ path: String, seconds: Double, rate: Int = 44_100) {
    let n = Int(seconds * Double(rate))
    var data: [UInt8] = []
    func le32(_ v: Int) { for k in 0..<4 { data.append(UInt8((v >> (8 * k)) & 0xFF)) } }
    func le16(_ v: Int) { for k in 0..<2 { data.append(UInt8((v >> (8 * k)) & 0xFF)) } }
    data += Array("RIFF".utf8); le32(36 + 2 * n); data += Array("WAVEfmt ".utf8)
    le32(16); le16(1); le16(1); le32(rate); le32(2 * rate); le16(2); le16(16)
    data += Array("data".utf8); le32(2 * n)
    for i in 0..<n {
        let s = Int((sin(2 * Double.pi * 440 * Double(i) / Double(rate)) * 12000).rounded())
        le16(s & 0xFFFF)
    }
    writeFile(path, data)
}

/// The payload of every audio packet of a file, in order.
func audioPackets(_ path: String) -> [[UInt8]] {
    var ctx: UnsafeMutablePointer<AVFormatContext>?
    guard avformat_open_input(&ctx, path, nil, nil) >= 0, let ctx else { return [] }
    defer { var c: UnsafeMutablePointer<AVFormatContext>? = ctx; avformat_close_input(&c) }
    _ = avformat_find_stream_info(ctx, nil)
    let index = av_find_best_stream(ctx, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
    var pkt = av_packet_alloc()
    defer { av_packet_free(&pkt) }
    var out: [[UInt8]] = []
    while av_read_frame(ctx, pkt) >= 0 {
        if pkt!.pointee.stream_index == index { out.append(Array(UnsafeBufferPointer(start: pkt!.pointee.data, count: Int(pkt!.pointee.size)))) }
        av_packet_unref(pkt)
    }
    return out
}

@Suite struct GIFAndAudioTests {
    /// Delays in whole centiseconds that add up to the exact length; loops in the NETSCAPE block.
    @Test(arguments: [(FrameRate.fps30, 0, 0), (FrameRate(num: 24, den: 1), 3, 2), (FrameRate.ntsc2997, 1, nil as Int?)])
    func gifDelaysAddUpAndLoop(_ c: (FrameRate, Int, Int?)) throws {
        let (fps, loopCount, netscape) = c
        let dir = TempDir()
        let path = dir.file("t.gif")
        var s = VideoSettings(width: 64, height: 64, fps: fps, format: try OutputFormat.resolve(path: path))
        s.alpha = true
        s.loopCount = loopCount
        let n = 10
        let w = try MediaWriter(destination: path, settings: s)
        for i in 0..<n { try w.append(rgba: transparentFrame(i % 6)) }
        try w.finish()
        let t = try GIFInspector.timing(path: path)
        #expect(t.delays.count == n)
        let exact = (Double(n) * 100 * Double(fps.den) / Double(fps.num)).rounded()
        #expect(Double(t.delays.reduce(0, +)) == exact, "delays \(t.delays) sum to \(exact) cs")
        #expect(t.delays.allSatisfy { abs(Double($0) - 100 * Double(fps.den) / Double(fps.num)) < 1 })
        #expect(t.loopCount == netscape, "loop count \(loopCount) → NETSCAPE \(String(describing: netscape))")
        #expect(dir.entries() == ["t.gif"], "the frame spool is gone")
    }

    @Test func gifMatteAndTransparency() throws {
        let dir = TempDir()
        let path = dir.file("m.gif")
        var s = VideoSettings(width: 64, height: 64, fps: .fps30, format: try OutputFormat.resolve(path: path))
        s.alpha = true
        s.matte = (0, 255, 0)
        let w = try MediaWriter(destination: path, settings: s)
        try w.append(rgba: transparentFrame(0))
        try w.finish()
        try MP4Reader(path: path).decode { f in
            try f.withRGBA { b, stride in
                let clear = pixel(b, stride, x: 60, y: 2), half = pixel(b, stride, x: 48, y: 48), red = pixel(b, stride, x: 12, y: 16)
                #expect(clear.a == 0)
                #expect(red.a == 255 && red.r > 240 && red.g < 16)
                // blue at alpha 128 over the green matte: (0, 127, 128) opaque, within the palette's error.
                #expect(half.a == 255 && abs(Int(half.g) - 127) <= 12 && abs(Int(half.b) - 128) <= 12 && half.r < 16, "\(half)")
            }
        }
    }

    @Test(arguments: ["a.mp4", "b.mov", "c.webm"])
    func silentTrackIsExactlyAsLongAsTheVideo(_ name: String) throws {
        let dir = TempDir()
        let path = dir.file(name)
        var s = VideoSettings(width: 64, height: 64, fps: .fps30, format: try OutputFormat.resolve(path: path, codec: name == "b.mov" ? "h264" : nil))
        s.h264.x264Preset = "ultrafast"
        s.audio = AudioSource(.silent)
        s.expectedFrames = 45
        let w = try MediaWriter(destination: path, settings: s)
        for i in 0..<45 { try w.append(rgba: transparentFrame(i % 6).map { $0 | 0 }.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }) }
        let summary = try w.finish()
        #expect(summary.audio == (name == "c.webm" ? "libopus" : "aac"))
        let r = try MP4Reader(path: path)
        let a = try #require(r.audio)
        #expect(a.codec == (name == "c.webm" ? "opus" : "aac"))
        #expect(a.sampleRate == 48_000 && a.channels == 2)
        if let seconds = a.seconds { #expect(abs(seconds - 1.5) < 0.03, "audio \(seconds) s for 1.5 s of video") }
        #expect(try r.checkDecode().frames == 45)
    }

    @Test func fileAudioIsResampledCutAndPadded() throws {
        let dir = TempDir()
        writeWAV(dir.file("long.wav"), seconds: 3)
        writeWAV(dir.file("short.wav"), seconds: 0.4, rate: 22_050)
        for (wav, fade) in [("long.wav", 0.0), ("short.wav", 0.2)] {
            let path = dir.file("out-\(wav).mp4")
            var s = VideoSettings(width: 64, height: 64, fps: .fps30, format: try OutputFormat.resolve(path: path))
            s.h264.x264Preset = "ultrafast"
            s.audio = AudioSource(.file(dir.file(wav)), fadeSeconds: fade)
            s.expectedFrames = 30
            let w = try MediaWriter(destination: path, settings: s)
            for _ in 0..<30 { try w.append(rgba: solidFrame(width: 64, height: 64, r: 9, g: 9, b: 9)) }
            try w.finish()
            let a = try #require(try MP4Reader(path: path).audio)
            #expect(a.codec == "aac" && a.sampleRate == 48_000 && a.channels == 2)
            if let seconds = a.seconds { #expect(abs(seconds - 1.0) < 0.03, "\(wav): \(seconds) s") }
        }
    }

    /// AAC 48 kHz stereo long enough and no fade: copied packet for packet, ending within one
    /// AAC frame after the video; with a fade it is re-encoded.
    @Test func fittingAACIsCopied() throws {
        let dir = TempDir()
        writeWAV(dir.file("tone.wav"), seconds: 3)
        let source = dir.file("source.mp4")
        var s = VideoSettings(width: 64, height: 64, fps: .fps30, format: try OutputFormat.resolve(path: source))
        s.h264.x264Preset = "ultrafast"
        s.audio = AudioSource(.file(dir.file("tone.wav")))
        s.expectedFrames = 90
        let w = try MediaWriter(destination: source, settings: s)
        for _ in 0..<90 { try w.append(rgba: solidFrame(width: 64, height: 64, r: 9, g: 9, b: 9)) }
        try w.finish()
        var packets: [String: [[UInt8]]] = [:]
        for (name, fade) in [("copy.mp4", 0.0), ("encode.mp4", 0.1)] {
            let path = dir.file(name)
            var t = s
            t.audio = AudioSource(.file(source), fadeSeconds: fade)
            t.expectedFrames = 30
            let v = try MediaWriter(destination: path, settings: t)
            for _ in 0..<30 { try v.append(rgba: solidFrame(width: 64, height: 64, r: 9, g: 9, b: 9)) }
            try v.finish()
            let a = try #require(try MP4Reader(path: path).audio)
            #expect(a.codec == "aac" && a.sampleRate == 48_000 && a.channels == 2)
            if let seconds = a.seconds { #expect(seconds >= 0.98 && seconds <= 1.0 + 1024.0 / 48_000 + 0.001, "\(name): \(seconds) s") }
            packets[name] = audioPackets(path)
        }
        let original = audioPackets(source)
        let copied = try #require(packets["copy.mp4"])
        #expect(copied.count >= 46 && copied.count <= 48, "1 s of 1024-sample packets")
        #expect(Array(original.prefix(copied.count)) == copied, "the packets are the source's bytes")
        #expect(packets["encode.mp4"].map { Array($0.prefix(10)) != Array(original.prefix(10)) } == true, "faded: re-encoded")
    }

    @Test func badAudioFilesAreNamed() throws {
        let dir = TempDir()
        writeFile(dir.file("junk.wav"), Array("not audio at all".utf8))
        for (path, words) in [(dir.file("junk.wav"), "not an audio file"), (dir.file("missing.wav"), "cannot be opened"),
                              (dir.path, "not a regular file"), ("/dev/zero", "not a regular file")] {
            let e = videoError { _ = try AudioSource(.file(path)).check() }
            let text = e.map { "\($0)" } ?? ""
            #expect(text.contains(words) && text.contains(path), "\(text)")
        }
    }
}
