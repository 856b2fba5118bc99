// MediaWriter.swift — the one writer for every output format: picks the FrameWriter
// (FrameWriter.swift) — LibavWriter for every codec libavformat muxes (H.264, HEVC, AV1, VP9,
// ProRes, APNG, WebP; one stream setup for all: CodecSetup.swift), GIFWriter or
// PNGSequenceWriter — from `VideoSettings.format`, and reports what it wrote. Frames are
// premultiplied RGBA8 (the canvas), or EncoderFrames already in `encoderFrameFormat` (converted
// by the caller, e.g. on a render thread, and sent without a copy).

/// Writes one output file (or PNG sequence) of any format; see the file header.
public final class MediaWriter {
    public let destination: String
    public let settings: VideoSettings

    private let writer: any FrameWriter

    /// Opens the output (temporaries beside it). Settings are validated first.
    public init(destination: String, settings: VideoSettings) throws(VideoError) {
        self.destination = destination
        self.settings = settings
        try settings.validate()
        FFmpegLog.install()
        if settings.segmentEncoding {  // one segment of a clip rendered in pieces (SegmentEncoding.swift)
            writer = try LibavWriter(destination: destination, setup: settings.segmentStreamSetup())
            return
        }
        switch settings.format.codec {
        case .gif: writer = try GIFWriter(destination: destination, settings: settings)
        case .png: writer = try PNGSequenceWriter(destination: destination, settings: settings)
        default:
            guard var setup = try settings.streamSetup() else { throw .invalidSettings("no writer for \(settings.format)") }
            if setup.audio != nil, setup.audio?.seconds == nil, let n = settings.expectedFrames {
                setup.audio?.seconds = Double(n) * Double(settings.fps.den) / Double(settings.fps.num)
            }
            writer = try LibavWriter(destination: destination, setup: setup)
        }
    }

    /// The pixel format of EncoderFrames `append(_:)` takes (nil: RGBA only).
    public var encoderFrameFormat: PixelFormat? { writer.encoderFrameFormat }

    public var framesWritten: Int { writer.framesWritten }

    public func append(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError) {
        try writer.append(rgba: rgba, bytesPerRow: bytesPerRow)
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
        guard writer.encoderFrameFormat != nil else { throw .invalidInput("\(settings.format) takes RGBA frames") }
        try writer.append(frame)
    }

    @discardableResult
    public func finish() throws(VideoError) -> WriteSummary {
        let (frames, bytes) = try writer.finish()
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

    public func cancel() { writer.cancel() }
}
