// One stream-setup path for every codec, the writers behind one protocol (MediaWriter.swift,
// FrameWriter.swift): H.264 through MediaWriter is the bytes of the H.264-only MP4Writer, it
// honours the stop condition during the final flush as every libav codec does, and the writers
// declare which encoder frames they take.
import Testing
@testable import Video

@Suite struct WriterPathTests {
    static let frames = (0..<6).map { gradientFrame(width: 64, height: 48, index: $0) }

    static func h264Settings() throws -> VideoSettings {
        try VideoSettings(width: 64, height: 48, fps: .fps30, format: OutputFormat.resolve(path: "x.mp4"))
    }

    @Test func h264ThroughMediaWriterIsMP4WritersBytes() throws {
        let dir = TempDir()
        let settings = try Self.h264Settings()
        let media = try MediaWriter(destination: dir.file("media.mp4"), settings: settings)
        for f in Self.frames { try media.append(rgba: f) }
        let summary = try media.finish()
        let mp4 = try MP4Writer(destination: dir.file("mp4.mp4"), settings: settings.h264)
        for f in Self.frames { try mp4.append(rgba: f) }
        try mp4.finish()
        #expect(summary.frames == Self.frames.count)
        let a = fileBytes(dir.file("media.mp4")), b = fileBytes(dir.file("mp4.mp4"))
        #expect(a != nil && a == b)
    }

    /// x264 holds frames in its look-ahead, so the flush has packets to poll before.
    @Test func h264StopsDuringTheFlushLikeEveryLibavCodec() throws {
        for path in ["x.mp4", "x.webm"] {
            let dir = TempDir()
            var settings = try VideoSettings(width: 64, height: 48, fps: .fps30, format: OutputFormat.resolve(path: path))
            settings.shouldStop = { true }
            let w = try MediaWriter(destination: dir.file(path), settings: settings)
            for f in Self.frames { try w.append(rgba: f) }
            #expect(videoError { try w.finish() } == .stopped, "\(path)")
            #expect(dir.entries().isEmpty, "\(path): the temporary is removed")
        }
    }

    @Test func writersDeclareTheEncoderFramesTheyTake() throws {
        let dir = TempDir()
        func format(_ name: String, _ codec: String? = nil) throws -> PixelFormat? {
            let s = try VideoSettings(width: 64, height: 48, fps: .fps30, format: OutputFormat.resolve(path: dir.file(name), codec: codec))
            let w = try MediaWriter(destination: dir.file(name), settings: s)
            defer { w.cancel() }
            return w.encoderFrameFormat
        }
        #expect(try format("a.mp4") == .yuv420p)
        #expect(try format("b.mov") == .yuv444p10le)
        #expect(try format("c.webm") == .yuv420p)
        #expect(try format("d.gif") == nil)
        #expect(try format("e%03d.png") == nil)
    }
}
