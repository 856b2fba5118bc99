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
    /// The H.264 level requested from x264 (explicit or automatic), if any.
    public var level: String?
}

/// Encodes RGBA8 frames to an H.264 (libx264, yuv420p, BT.709, limited range)
/// MP4 file with constant frame rate and `moov` before `mdat` (+faststart).
///
/// Frames are opaque: the alpha channel is ignored (composite transparent
/// frames onto a background first).
///
/// Output is atomic: everything is written to a hidden temporary file beside
/// the destination (`.<name>.<random>.partial`), which is renamed over the
/// destination only after the trailer is written and the file closed. An
/// existing destination is never truncated. On any error, on `cancel()`, or
/// when the writer is dropped without `finish()`, all FFmpeg state is freed
/// and the temporary file removed. Failure is terminal: after an error every
/// call throws `VideoError.closed`.
///
/// Not thread-safe and not `Sendable`: one task owns a writer.
public final class MP4Writer {
    public let destination: String
    public let settings: H264Settings
    /// Frames appended so far.
    public private(set) var framesWritten = 0

    private enum State { case open, finished, failed, cancelled }
    private var state: State = .failed

    private let temporaryPath: String
    private let url: String
    private var temporaryMayExist = false

    private var fmt: UnsafeMutablePointer<AVFormatContext>?
    private var enc: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var swscale: SwscaleRGBAToYUV420?
    private var converter: RGBAToYUV420?
    /// The frame `append(rgba:)` and `append(yuv:)` fill (nil until the first such call: an
    /// exporter that sends its own encoder frames never touches its memory).
    private var ownFrame: EncoderFrame?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var streamTimeBase = AVRational(num: 0, den: 1)

    /// Opens the encoder and the temporary output file and writes the header.
    public init(destination: String, settings: H264Settings) throws(VideoError) {
        self.destination = destination
        self.settings = settings
        self.temporaryPath = FileSupport.temporarySibling(of: destination)
        // "file:" so that ':' in a path is never taken as a protocol; the same
        // URL must go to avformat_alloc_output_context2 and avio_open because
        // +faststart re-opens fmt->url in av_write_trailer.
        self.url = "file:" + temporaryPath
        do {
            try setUp()
            state = .open
        } catch {
            teardown(removeTemporary: true)
            state = .failed
            throw error
        }
    }

    deinit {
        if state == .open { teardown(removeTemporary: true) }
    }

    /// The hidden file being written (exists between init and finish/cancel).
    public var temporaryFilePath: String { temporaryPath }

    private var logObjects: [UnsafeMutableRawPointer?] {
        [UnsafeMutableRawPointer(enc), UnsafeMutableRawPointer(fmt)]
    }

    private func setUp() throws(VideoError) {
        try settings.validate()
        FFmpegLog.install()
        try FileSupport.checkDestination(destination)

        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw .encoderUnavailable("libx264 is not part of this libavcodec build")
        }

        // Muxer. Named explicitly: the temporary file has no .mp4 extension.
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let r = avformat_alloc_output_context2(&ctx, nil, "mp4", url)
        guard r >= 0, let ctx else { throw ffmpegError("avformat_alloc_output_context2", r) }
        fmt = ctx
        LogCapture.watch(UnsafeMutableRawPointer(ctx))
        if settings.deterministic { ctx.pointee.flags |= AVFMT_FLAG_BITEXACT }

        guard let st = avformat_new_stream(ctx, nil) else {
            throw ffmpegError("avformat_new_stream", cff_averror(ENOMEM))
        }
        stream = st

        // Encoder.
        guard let c = avcodec_alloc_context3(codec) else {
            throw ffmpegError("avcodec_alloc_context3", cff_averror(ENOMEM))
        }
        enc = c
        LogCapture.watch(UnsafeMutableRawPointer(c))
        // Option errors ("Error setting option aq-mode to value zz") are logged by the
        // encoder's private context, which avcodec_open2 frees when it fails: keep its address.
        let privateContext = c.pointee.priv_data
        LogCapture.watch(privateContext)
        defer { LogCapture.unwatch(privateContext) }
        let fps = settings.fps
        c.pointee.width = Int32(settings.width)
        c.pointee.height = Int32(settings.height)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.time_base = AVRational(num: fps.den, den: fps.num)
        c.pointee.framerate = AVRational(num: fps.num, den: fps.den)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.color_primaries = AVCOL_PRI_BT709
        c.pointee.color_trc = AVCOL_TRC_BT709
        c.pointee.colorspace = AVCOL_SPC_BT709
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.thread_count = Int32(settings.encoderThreads)
        if (ctx.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        if settings.deterministic { c.pointee.flags |= AV_CODEC_FLAG_BITEXACT }

        var opts: OpaquePointer?
        defer { av_dict_free(&opts) }
        for (key, value) in settings.encoderOptions() {
            av_dict_set(&opts, key, value, 0)
        }
        let openResult = avcodec_open2(c, codec, &opts)
        guard openResult >= 0 else {
            throw ffmpegError("avcodec_open2 (libx264)", openResult, [UnsafeMutableRawPointer(c), privateContext])
        }
        let unknown = dictionaryKeys(opts)
        guard unknown.isEmpty else { throw .unknownOptions(keys: unknown) }

        let pr = avcodec_parameters_from_context(st.pointee.codecpar, c)
        guard pr >= 0 else { throw ffmpegError("avcodec_parameters_from_context", pr) }
        st.pointee.time_base = c.pointee.time_base  // a hint; the muxer picks its own
        st.pointee.avg_frame_rate = c.pointee.framerate
        st.pointee.r_frame_rate = c.pointee.framerate
        st.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)

        // Reusable packet (the frame for append(rgba:)/append(yuv:) is made on first use).
        guard let p = av_packet_alloc() else { throw ffmpegError("av_packet_alloc", cff_averror(ENOMEM)) }
        packet = p

        // RGBA (full range) → YUV420P with the BT.709 matrix, limited range.
        switch settings.colorConversion {
        case .swift: converter = try RGBAToYUV420(width: settings.width, height: settings.height)
        case .swscale: swscale = try SwscaleRGBAToYUV420(width: settings.width, height: settings.height)
        }

        // Output file (the temporary), then the header.
        temporaryMayExist = true
        let or = avio_open(&ctx.pointee.pb, url, AVIO_FLAG_WRITE)
        guard or >= 0 else {
            throw ffmpegError("avio_open '\(temporaryPath)'", or, [UnsafeMutableRawPointer(ctx)])
        }
        var muxOpts: OpaquePointer?
        defer { av_dict_free(&muxOpts) }
        av_dict_set(&muxOpts, "movflags", "+faststart", 0)
        let hr = avformat_write_header(ctx, &muxOpts)
        guard hr >= 0 else { throw ffmpegError("avformat_write_header", hr, logObjects) }
        let muxUnknown = dictionaryKeys(muxOpts)
        guard muxUnknown.isEmpty else { throw .unknownOptions(keys: muxUnknown) }
        // The mp4 muxer picks its own time base (1/60 → 1/15360): read it now.
        streamTimeBase = st.pointee.time_base
    }

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
        guard state == .open else { throw .closed }
        do {
            try appendFrame(rgba, bytesPerRow)
        } catch {
            fail()
            throw error
        }
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

    private func appendFrame(_ rgba: UnsafeRawBufferPointer, _ bytesPerRow: Int) throws(VideoError) {
        let base = try checkedRGBA(rgba, width: settings.width, height: settings.height, bytesPerRow: bytesPerRow)
        let frame = try writableFrame()
        if let converter {
            // av_frame_get_buffer's planes hold `height` (chroma: height/2) rows of `linesize` bytes.
            converter.convertUnchecked(base, bytesPerRow,
                                       cff_frame_data(frame, 0), Int(cff_frame_linesize(frame, 0)),
                                       cff_frame_data(frame, 1), Int(cff_frame_linesize(frame, 1)),
                                       cff_frame_data(frame, 2), Int(cff_frame_linesize(frame, 2)),
                                       .fastest)
        } else if let swscale {
            try swscale.convert(rgba: base.assumingMemoryBound(to: UInt8.self), bytesPerRow: bytesPerRow, into: frame)
        } else {
            throw .closed
        }
        try send(frame)
    }

    /// Appends a frame that is already YUV 4:2:0 (BT.709, limited range, as
    /// `RGBAToYUV420` makes it), skipping the colour conversion: its planes are
    /// copied into the encoder's frame. It must have the settings' size.
    /// Frames from `append(rgba:)` and `append(yuv:)` can be mixed.
    public func append(yuv: YUV420Frame) throws(VideoError) {
        guard state == .open else { throw .closed }
        do {
            try appendYUVFrame(yuv)
        } catch {
            fail()
            throw error
        }
    }

    private func appendYUVFrame(_ yuv: YUV420Frame) throws(VideoError) {
        guard yuv.width == settings.width, yuv.height == settings.height else {
            throw .invalidInput("YUV frame is \(yuv.width)x\(yuv.height), the video \(settings.width)x\(settings.height)")
        }
        try yuv.validate()
        let frame = try writableFrame()
        yuv.copy(to: frame)
        try send(frame)
    }

    /// Sends a frame that is already in encoder memory (no conversion, no copy: the encoder
    /// takes a reference and x264 copies the picture before this returns). It must have the
    /// settings' size; the writer stamps its pts. Before writing into it again, call
    /// `frame.makeWritable()`. Frames from every `append` can be mixed.
    public func append(_ frame: EncoderFrame) throws(VideoError) {
        guard state == .open else { throw .closed }
        do throws(VideoError) {
            guard frame.width == settings.width, frame.height == settings.height else {
                throw VideoError.invalidInput("encoder frame is \(frame.width)x\(frame.height), the video \(settings.width)x\(settings.height)")
            }
            try send(frame.avFrame)
        } catch {
            fail()
            throw error
        }
    }

    /// The writer's own frame, made writable (the encoder may still reference the previous buffer).
    private func writableFrame() throws(VideoError) -> UnsafeMutablePointer<AVFrame> {
        guard state == .open else { throw .closed }
        if ownFrame == nil { ownFrame = try EncoderFrame(width: settings.width, height: settings.height) }
        try ownFrame!.makeWritable()
        return ownFrame!.avFrame
    }

    /// Stamps pts = frames so far and sends the frame to the encoder.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        guard let enc else { throw .closed }
        frame.pointee.pts = Int64(framesWritten)
        let sr = avcodec_send_frame(enc, frame)
        guard sr >= 0 else { throw ffmpegError("avcodec_send_frame", sr, logObjects) }
        framesWritten += 1
        try drain(flushing: false)
    }

    /// Writes every packet the encoder has ready (all of them when flushing).
    private func drain(flushing: Bool) throws(VideoError) {
        guard let enc, let packet, let fmt, let stream else { throw .closed }
        while true {
            let r = avcodec_receive_packet(enc, packet)
            if r == AVERROR_EAGAIN_ {
                if flushing { throw ffmpegError("avcodec_receive_packet (flush)", r, logObjects) }
                return
            }
            if r == AVERROR_EOF_ { return }
            guard r >= 0 else { throw ffmpegError("avcodec_receive_packet", r, logObjects) }
            av_packet_rescale_ts(packet, enc.pointee.time_base, streamTimeBase)
            packet.pointee.stream_index = stream.pointee.index
            // Takes the packet's reference and blanks it.
            let wr = av_interleaved_write_frame(fmt, packet)
            guard wr >= 0 else { throw ffmpegError("av_interleaved_write_frame", wr, logObjects) }
            // AVIO errors are sticky and otherwise surface only at the trailer.
            if let pb = fmt.pointee.pb, pb.pointee.error < 0 {
                throw ffmpegError("write '\(temporaryPath)'", pb.pointee.error, logObjects)
            }
        }
    }

    // MARK: - end

    /// Flushes the encoder, writes the trailer (moving `moov` to the front),
    /// closes the file and renames it over the destination.
    @discardableResult
    public func finish() throws(VideoError) -> WriteSummary {
        guard state == .open else { throw .closed }
        do {
            let summary = try finishImpl()
            teardown(removeTemporary: false)
            state = .finished
            return summary
        } catch {
            fail()
            throw error
        }
    }

    private func finishImpl() throws(VideoError) -> WriteSummary {
        guard framesWritten > 0 else { throw .invalidInput("no frames were appended") }
        guard let enc, let fmt else { throw .closed }
        let sr = avcodec_send_frame(enc, nil)
        guard sr >= 0 else { throw ffmpegError("avcodec_send_frame (flush)", sr, logObjects) }
        try drain(flushing: true)
        let tr = av_write_trailer(fmt)
        guard tr >= 0 else { throw ffmpegError("av_write_trailer", tr, logObjects) }
        let cr = avio_closep(&fmt.pointee.pb)
        guard cr >= 0 else { throw ffmpegError("avio_closep '\(temporaryPath)'", cr, logObjects) }
        let bytes = FileSupport.size(temporaryPath) ?? 0
        try FileSupport.rename(temporaryPath, destination)
        temporaryMayExist = false
        let fps = settings.fps
        return WriteSummary(path: destination, frames: framesWritten, bytes: bytes,
                            durationSeconds: Double(framesWritten) * Double(fps.den) / Double(fps.num),
                            level: settings.effectiveLevel)
    }

    /// Abandons the file: frees everything and removes the temporary file.
    /// The destination is left as it was. Later calls throw `.closed`.
    public func cancel() {
        guard state == .open else { return }
        teardown(removeTemporary: true)
        state = .cancelled
    }

    private func fail() {
        teardown(removeTemporary: true)
        state = .failed
    }

    /// Idempotent: frees whatever is allocated, in a safe order.
    private func teardown(removeTemporary: Bool) {
        swscale = nil
        converter = nil
        ownFrame = nil
        av_packet_free(&packet)
        if let c = enc { LogCapture.unwatch(UnsafeMutableRawPointer(c)) }
        avcodec_free_context(&enc)
        if let f = fmt {
            // avio_closep must precede avformat_free_context, which does not close pb.
            if f.pointee.pb != nil { avio_closep(&f.pointee.pb) }
            LogCapture.unwatch(UnsafeMutableRawPointer(f))
            avformat_free_context(f)
            fmt = nil
            stream = nil
        }
        if removeTemporary && temporaryMayExist {
            FileSupport.remove(temporaryPath)
            temporaryMayExist = false
        }
    }

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
