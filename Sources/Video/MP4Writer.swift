import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `MP4Writer.finish()` produced.
public struct WriteSummary: Sendable, Equatable {
    /// The final file.
    public var path: String
    /// Frames written.
    public var frames: Int
    /// File size in bytes.
    public var bytes: Int
    /// frames × den / num.
    public var durationSeconds: Double
    /// The level requested from the encoder (explicit or automatic), if any.
    public var level: String?
    /// What was written (MediaWriter): codec name (`VideoCodec`), encoder, stored pixel format,
    /// whether alpha was kept, and the audio codec (nil: no audio).
    public var codec: String? = nil
    public var encoder: String? = nil
    public var pixelFormat: String? = nil
    public var alpha: Bool = false
    public var audio: String? = nil
}

/// Encodes RGBA8 frames to an H.264 (libx264, yuv420p, BT.709, limited range)
/// MP4 file with constant frame rate and `moov` before `mdat` (+faststart): the H.264-only
/// API of tests and benchmarks. The exporter writes H.264 through `MediaWriter`, whose stream
/// setup for it (`VideoSettings.streamSetup()`) is this writer's `H264Settings.streamSetup`.
///
/// Frames are opaque: the alpha channel is ignored (composite transparent
/// frames onto a background first). The encoding and muxing are `LibavWriter`'s,
/// with the options `H264Settings` gives — the same calls, in the same order, that
/// this writer always made, so files keep their bytes (EncodeTests).
///
/// Output is atomic (see `LibavWriter`): a hidden temporary file beside the
/// destination, renamed over it only after the trailer is written. Failure is
/// terminal: after an error every call throws `VideoError.closed`.
///
/// Not thread-safe and not `Sendable`: one task owns a writer.
public final class MP4Writer {
    public let destination: String
    public let settings: H264Settings
    private let core: LibavWriter

    /// Frames appended so far.
    public var framesWritten: Int { core.framesWritten }

    /// Opens the encoder and the temporary output file and writes the header.
    public init(destination: String, settings: H264Settings, audio: AudioSource? = nil,
                container: Container = .mp4) throws(VideoError) {
        self.destination = destination
        self.settings = settings
        try settings.validate()
        core = try LibavWriter(destination: destination, setup: settings.streamSetup(container: container, audio: audio))
    }

    /// The hidden file being written (exists between init and finish/cancel).
    public var temporaryFilePath: String { core.temporaryFilePath }

    /// x264's detected CPU flags minus AVX-512, when x264 would use AVX-512
    /// (nil otherwise, or when libx264's symbols are not visible).
    static let x264FlagsWithoutAVX512: UInt32? = {
        let flags = cff_x264_cpu_flags_without_avx512()
        return flags == 0 ? nil : UInt32(flags)
    }()

    // MARK: - frames

    /// Converts one RGBA8 frame (`width × height`, rows `bytesPerRow` apart,
    /// alpha ignored) and sends it to the encoder. Frame `i` gets pts `i` in
    /// time base 1/fps.
    public func append(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError) {
        try core.append(rgba: rgba, bytesPerRow: bytesPerRow)
    }

    /// Convenience over `append(rgba:bytesPerRow:)`; rows default to `width × 4` bytes.
    public func append(rgba: [UInt8], bytesPerRow: Int? = nil) throws(VideoError) {
        let stride = bytesPerRow ?? settings.width * 4
        var result: Result<Void, VideoError> = .success(())
        rgba.withUnsafeBytes { buf in
            do throws(VideoError) { try append(rgba: buf, bytesPerRow: stride) } catch { result = .failure(error) }
        }
        try result.get()
    }

    /// Appends a frame that is already YUV 4:2:0 (BT.709, limited range, as
    /// `RGBAToYUV420` makes it), skipping the colour conversion: its planes are
    /// copied into the encoder's frame. It must have the settings' size.
    public func append(yuv: YUV420Frame) throws(VideoError) {
        try core.append(yuv: yuv)
    }

    /// Sends a frame that is already in encoder memory (no conversion, no copy: the encoder
    /// takes a reference and x264 copies the picture before this returns). It must have the
    /// settings' size; the writer stamps its pts. Before writing into it again, call
    /// `frame.makeWritable()`. Frames from every `append` can be mixed.
    public func append(_ frame: EncoderFrame) throws(VideoError) {
        try core.append(frame)
    }

    // MARK: - end

    /// Flushes the encoder, writes the trailer (moving `moov` to the front),
    /// closes the file and renames it over the destination.
    @discardableResult
    public func finish() throws(VideoError) -> WriteSummary {
        let (frames, bytes) = try core.finish()
        let fps = settings.fps
        return WriteSummary(path: destination, frames: frames, bytes: bytes,
                            durationSeconds: Double(frames) * Double(fps.den) / Double(fps.num),
                            level: settings.effectiveLevel)
    }

    /// Abandons the file: frees everything and removes the temporary file.
    /// The destination is left as it was. Later calls throw `.closed`.
    public func cancel() { core.cancel() }

    // MARK: - scoped use

    /// Opens a writer, runs `body` with it and finishes it. If `body` throws,
    /// the writer is cancelled (nothing is written) and the error rethrown.
    public static func write(to destination: String, settings: H264Settings,
                             _ body: (MP4Writer) throws -> Void) throws -> WriteSummary {
        let writer = try MP4Writer(destination: destination, settings: settings)
        do {
            try body(writer)
        } catch {
            writer.cancel()
            throw error
        }
        return try writer.finish()
    }
}

extension H264Settings {
    /// The libx264 + muxer setup: yuv420p, BT.709 limited range, `encoderOptions()`, and for
    /// MP4 `+faststart` (moov first; MOV too).
    func streamSetup(container: Container = .mp4, audio: AudioSource? = nil) -> StreamSetup {
        var s = StreamSetup(encoderName: "libx264", muxerName: container.muxerName ?? "mp4",
                            pixelFormat: AV_PIX_FMT_YUV420P,
                            conversion: colorConversion == .swift ? .frames(.yuv420p) : .swscaleYUV420,
                            width: width, height: height, fps: fps)
        s.encoderOptions = encoderOptions()
        s.muxerOptions = [("movflags", "+faststart")]
        s.threads = encoderThreads
        s.deterministic = deterministic
        s.audio = audio
        return s
    }
}

/// Keys left in an FFmpeg dictionary (i.e. options nobody consumed).
func dictionaryKeys(_ dict: OpaquePointer?) -> [String] {
    var keys: [String] = []
    var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
    while true {
        entry = av_dict_get(dict, "", entry, AV_DICT_IGNORE_SUFFIX)
        guard let e = entry else { break }
        keys.append(String(cString: e.pointee.key))
    }
    return keys
}

/// "18" for 18.0, "18.5" for 18.5 (what x264 expects for crf).
func formatNumber(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e9 { return String(Int(x)) }
    return String(x)
}
