// MediaWriter.swift — the one writer for every output format: picks LibavWriter (MP4, MOV,
// WebM, APNG, WebP), GIFWriter or PNGSequenceWriter from `VideoSettings.format`, and reports
// what it wrote. Frames are premultiplied RGBA8 (the canvas), or EncoderFrames already in
// `encoderFrameFormat` (converted by the caller, e.g. on a render thread, and sent without a copy).

/// Writes one output file (or PNG sequence) of any format; see the file header.
public final class MediaWriter {
    public let destination: String
    public let settings: VideoSettings

    private enum Backend {
        case libav(LibavWriter)
        case h264(MP4Writer)
        case gif(GIFWriter)
        case png(PNGSequenceWriter)
    }
    private let backend: Backend

    /// Opens the output (temporaries beside it). Settings are validated first.
    public init(destination: String, settings: VideoSettings) throws(VideoError) {
        self.destination = destination
        self.settings = settings
        try settings.validate()
        FFmpegLog.install()
        switch settings.format.codec {
        case .h264:
            var audio = settings.audio
            if audio != nil, audio?.seconds == nil, let n = settings.expectedFrames {
                audio?.seconds = Double(n) * Double(settings.fps.den) / Double(settings.fps.num)
            }
            backend = .h264(try MP4Writer(destination: destination, settings: settings.h264, audio: audio,
                                          container: settings.format.container))
        case .gif: backend = .gif(try GIFWriter(destination: destination, settings: settings))
        case .png: backend = .png(try PNGSequenceWriter(destination: destination, settings: settings))
        default:
            guard var setup = try settings.streamSetup() else { throw .invalidSettings("no writer for \(settings.format)") }
            if setup.audio != nil, setup.audio?.seconds == nil, let n = settings.expectedFrames {
                setup.audio?.seconds = Double(n) * Double(settings.fps.den) / Double(settings.fps.num)
            }
            backend = .libav(try LibavWriter(destination: destination, setup: setup))
        }
    }

    /// The pixel format of EncoderFrames `append(_:)` takes (nil: RGBA only).
    public var encoderFrameFormat: PixelFormat? {
        switch backend {
        case .h264(let w): return w.settings.colorConversion == .swift ? .yuv420p : nil
        case .libav: return settings.pixelFormat
        case .gif, .png: return nil
        }
    }

    public var framesWritten: Int {
        switch backend {
        case .libav(let w): return w.framesWritten
        case .h264(let w): return w.framesWritten
        case .gif(let w): return w.framesWritten
        case .png(let w): return w.framesWritten
        }
    }

    public func append(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError) {
        switch backend {
        case .libav(let w): try w.append(rgba: rgba, bytesPerRow: bytesPerRow)
        case .h264(let w): try w.append(rgba: rgba, bytesPerRow: bytesPerRow)
        case .gif(let w): try w.append(rgba: rgba, bytesPerRow: bytesPerRow)
        case .png(let w): try w.append(rgba: rgba, bytesPerRow: bytesPerRow)
        }
    }

    /// Convenience for a tightly packed array.
    public func append(rgba: [UInt8]) throws(VideoError) {
        var result: Result<Void, VideoError> = .success(())
        rgba.withUnsafeBytes { buf in
            do throws(VideoError) { try append(rgba: buf, bytesPerRow: settings.width * 4) } catch { result = .failure(error) }
        }
        try result.get()
    }

    public func append(_ frame: EncoderFrame) throws(VideoError) {
        switch backend {
        case .libav(let w): try w.append(frame)
        case .h264(let w): try w.append(frame)
        case .gif, .png: throw .invalidInput("\(settings.format) takes RGBA frames")
        }
    }

    @discardableResult
    public func finish() throws(VideoError) -> WriteSummary {
        let frames: Int, bytes: Int
        switch backend {
        case .libav(let w): (frames, bytes) = try w.finish()
        case .h264(let w): let s = try w.finish(); (frames, bytes) = (s.frames, s.bytes)
        case .gif(let w): (frames, bytes) = try w.finish()
        case .png(let w): (frames, bytes) = try w.finish()
        }
        let fps = settings.fps
        var summary = WriteSummary(path: destination, frames: frames, bytes: bytes,
                                   durationSeconds: Double(frames) * Double(fps.den) / Double(fps.num),
                                   level: settings.signalledLevel)
        summary.codec = settings.format.codec.rawValue
        summary.encoder = settings.format.codec.encoderName
        summary.pixelFormat = settings.storedPixelFormat
        summary.alpha = settings.alpha
        summary.audio = settings.audio.map { _ in settings.format.container.audioCodec ?? "" }
        return summary
    }

    public func cancel() {
        switch backend {
        case .libav(let w): w.cancel()
        case .h264(let w): w.cancel()
        case .gif(let w): w.cancel()
        case .png(let w): w.cancel()
        }
    }
}
