// LibavWriter.swift — one encoder + one muxer (+ an optional audio track), written atomically.
//
// The format-agnostic core every libavformat output goes through: `StreamSetup` says which
// encoder, pixel format, options, muxer and muxer options (CodecSetup.swift makes it from
// `VideoSettings`; MP4Writer from `H264Settings`, with exactly the calls it always made, so
// H.264 files keep their bytes). Frames come in as premultiplied RGBA8 (converted here by a
// `FrameConverter`, or by libswscale for H.264's `.swscale` option), or already converted in
// an `EncoderFrame` (sent without a copy), or as raw AVFrames of the encoder's format (GIF's
// pal8 frames from libavfilter).
//
// Atomic output: everything goes to a hidden temporary file beside the destination
// (`.<name>.<random>.partial`), renamed over the destination after the trailer is written and
// the file closed. On any error, on `cancel()`, or when dropped unfinished, all FFmpeg state is
// freed and the temporary removed; after an error every call throws `VideoError.closed`.
import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the writer needs to open one encoder and one muxer.
struct StreamSetup {
    var encoderName: String
    var muxerName: String
    var pixelFormat: AVPixelFormat
    /// Who converts RGBA frames (nil: frames arrive converted).
    var conversion: Conversion
    var width: Int
    var height: Int
    var fps: FrameRate
    /// Encoder time base (default 1/fps) and the pts of frame i in it.
    var timeBase: AVRational? = nil
    var pts: (@Sendable (Int) -> Int64)? = nil
    /// Tag BT.709 primaries/transfer/matrix and limited range (YUV codecs).
    var bt709: Bool = true
    /// Sample-entry four-cc to force (hvc1 for HEVC in MP4/MOV).
    var codecTag: UInt32? = nil
    var encoderOptions: [(String, String)] = []
    var muxerOptions: [(String, String)] = []
    var threads: Int = 0
    var deterministic: Bool = true
    /// An audio track to interleave (AudioTrack.swift).
    var audio: AudioSource? = nil
    /// Polled before each packet of the final flush (an encoder's look-ahead can hold seconds of
    /// work): true ends `finish` with `VideoError.stopped`, the temporary removed.
    var shouldStop: (@Sendable () -> Bool)? = nil

    enum Conversion {
        case none
        case frames(PixelFormat)
        case swscaleYUV420
    }
}

/// Encodes frames into one file through libavcodec + libavformat (see the file header).
/// Not thread-safe: one task owns a writer.
public final class LibavWriter {
    public let destination: String
    /// Frames appended so far.
    public private(set) var framesWritten = 0

    private enum State { case open, finished, failed, cancelled }
    private var state: State = .failed

    let setup: StreamSetup
    private let temporaryPath: String
    private let url: String
    private var temporaryMayExist = false

    private var fmt: UnsafeMutablePointer<AVFormatContext>?
    private var enc: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var converter: FrameConverter?
    private var swscale: SwscaleRGBAToYUV420?
    private var ownFrame: EncoderFrame?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var streamTimeBase = AVRational(num: 0, den: 1)
    private var audioTrack: AudioTrack?

    init(destination: String, setup: StreamSetup) throws(VideoError) {
        self.destination = destination
        self.setup = setup
        self.temporaryPath = FileSupport.temporarySibling(of: destination)
        // "file:" so that ':' in a path is never taken as a protocol; the same URL must go to
        // avformat_alloc_output_context2 and avio_open because +faststart re-opens fmt->url.
        self.url = "file:" + temporaryPath
        do {
            try open()
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
        [UnsafeMutableRawPointer(enc), UnsafeMutableRawPointer(fmt)] + (audioTrack?.logObjects ?? [])
    }

    private func open() throws(VideoError) {
        FFmpegLog.install()
        try FileSupport.checkDestination(destination)
        if setup.encoderName == "libsvtav1" && !FFmpegLog.isVerbose {
            setenv("SVT_LOG", "1", 0)  // SVT-AV1 prints its banner to stderr itself; errors only
        }
        guard let codec = avcodec_find_encoder_by_name(setup.encoderName) else {
            throw .encoderUnavailable("\(setup.encoderName) is not part of this libavcodec build")
        }
        // Muxer, named explicitly: the temporary file has no extension.
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let r = avformat_alloc_output_context2(&ctx, nil, setup.muxerName, url)
        guard r >= 0, let ctx else { throw ffmpegError("avformat_alloc_output_context2", r) }
        fmt = ctx
        LogCapture.watch(UnsafeMutableRawPointer(ctx))
        if setup.deterministic { ctx.pointee.flags |= AVFMT_FLAG_BITEXACT }
        guard let st = avformat_new_stream(ctx, nil) else {
            throw ffmpegError("avformat_new_stream", cff_averror(ENOMEM))
        }
        stream = st
        try openEncoder(codec, ctx, st)
        if let source = setup.audio {
            audioTrack = try AudioTrack(source: source, format: ctx, deterministic: setup.deterministic,
                                        videoSeconds: nil)
        }
        guard let p = av_packet_alloc() else { throw ffmpegError("av_packet_alloc", cff_averror(ENOMEM)) }
        packet = p
        switch setup.conversion {
        case .none: break
        case .frames(let format): converter = try FrameConverter(width: setup.width, height: setup.height, format: format)
        case .swscaleYUV420: swscale = try SwscaleRGBAToYUV420(width: setup.width, height: setup.height)
        }
        try writeHeader(ctx, st)
    }

    private func openEncoder(_ codec: UnsafePointer<AVCodec>, _ ctx: UnsafeMutablePointer<AVFormatContext>,
                             _ st: UnsafeMutablePointer<AVStream>) throws(VideoError) {
        guard let c = avcodec_alloc_context3(codec) else {
            throw ffmpegError("avcodec_alloc_context3", cff_averror(ENOMEM))
        }
        enc = c
        LogCapture.watch(UnsafeMutableRawPointer(c))
        // Option errors are logged by the encoder's private context, which avcodec_open2 frees
        // when it fails: keep its address.
        let privateContext = c.pointee.priv_data
        LogCapture.watch(privateContext)
        defer { LogCapture.unwatch(privateContext) }
        let fps = setup.fps
        c.pointee.width = Int32(setup.width)
        c.pointee.height = Int32(setup.height)
        c.pointee.pix_fmt = setup.pixelFormat
        c.pointee.time_base = setup.timeBase ?? AVRational(num: fps.den, den: fps.num)
        c.pointee.framerate = AVRational(num: fps.num, den: fps.den)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if setup.bt709 {
            c.pointee.color_primaries = AVCOL_PRI_BT709
            c.pointee.color_trc = AVCOL_TRC_BT709
            c.pointee.colorspace = AVCOL_SPC_BT709
            c.pointee.color_range = AVCOL_RANGE_MPEG
        }
        c.pointee.thread_count = Int32(setup.threads)
        if (ctx.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        if setup.deterministic { c.pointee.flags |= AV_CODEC_FLAG_BITEXACT }
        var opts: OpaquePointer?
        defer { av_dict_free(&opts) }
        for (key, value) in setup.encoderOptions { av_dict_set(&opts, key, value, 0) }
        let openResult = avcodec_open2(c, codec, &opts)
        guard openResult >= 0 else {
            throw ffmpegError("avcodec_open2 (\(setup.encoderName))", openResult, [UnsafeMutableRawPointer(c), privateContext])
        }
        let unknown = dictionaryKeys(opts)
        guard unknown.isEmpty else { throw .unknownOptions(keys: unknown) }
        let pr = avcodec_parameters_from_context(st.pointee.codecpar, c)
        guard pr >= 0 else { throw ffmpegError("avcodec_parameters_from_context", pr) }
        if let tag = setup.codecTag { st.pointee.codecpar.pointee.codec_tag = tag }
        st.pointee.time_base = c.pointee.time_base  // a hint; the muxer picks its own
        st.pointee.avg_frame_rate = c.pointee.framerate
        st.pointee.r_frame_rate = c.pointee.framerate
        st.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    }

    private func writeHeader(_ ctx: UnsafeMutablePointer<AVFormatContext>, _ st: UnsafeMutablePointer<AVStream>) throws(VideoError) {
        temporaryMayExist = true
        let or = avio_open(&ctx.pointee.pb, url, AVIO_FLAG_WRITE)
        guard or >= 0 else {
            throw ffmpegError("avio_open '\(temporaryPath)'", or, [UnsafeMutableRawPointer(ctx)])
        }
        var muxOpts: OpaquePointer?
        defer { av_dict_free(&muxOpts) }
        for (key, value) in setup.muxerOptions { av_dict_set(&muxOpts, key, value, 0) }
        let hr = avformat_write_header(ctx, &muxOpts)
        guard hr >= 0 else { throw ffmpegError("avformat_write_header", hr, logObjects) }
        let muxUnknown = dictionaryKeys(muxOpts)
        guard muxUnknown.isEmpty else { throw .unknownOptions(keys: muxUnknown) }
        // Muxers pick their own time base (mp4: 1/60 → 1/15360): read it now.
        streamTimeBase = st.pointee.time_base
        audioTrack?.streamOpened()
    }

    // MARK: - frames

    /// Converts one premultiplied RGBA8 frame (rows `bytesPerRow` apart) and sends it.
    public func append(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError) {
        try guarded { () throws(VideoError) in
            let base = try checkedRGBA(rgba, width: setup.width, height: setup.height, bytesPerRow: bytesPerRow)
            let frame = try writableFrame()
            if let converter {
                converter.convertUnchecked(base.assumingMemoryBound(to: UInt8.self), bytesPerRow, frame)
            } else if let swscale {
                try swscale.convert(rgba: base.assumingMemoryBound(to: UInt8.self), bytesPerRow: bytesPerRow, into: frame)
            } else {
                throw .invalidInput("this writer takes converted frames, not RGBA")
            }
            try send(frame)
        }
    }

    /// Copies a YUV 4:2:0 frame (BT.709 limited range) into the encoder's frame and sends it.
    func append(yuv: YUV420Frame) throws(VideoError) {
        try guarded { () throws(VideoError) in
            guard yuv.width == setup.width, yuv.height == setup.height else {
                throw .invalidInput("YUV frame is \(yuv.width)x\(yuv.height), the video \(setup.width)x\(setup.height)")
            }
            guard setup.pixelFormat == AV_PIX_FMT_YUV420P else { throw .invalidInput("the encoder does not take yuv420p") }
            try yuv.validate()
            let frame = try writableFrame()
            yuv.copy(to: frame)
            try send(frame)
        }
    }

    /// Sends a frame already in the encoder's pixel format, without a copy (the encoder takes
    /// a reference). Call `frame.makeWritable()` before writing into it again.
    public func append(_ frame: EncoderFrame) throws(VideoError) {
        try guarded { () throws(VideoError) in
            guard frame.width == setup.width, frame.height == setup.height else {
                throw VideoError.invalidInput("encoder frame is \(frame.width)x\(frame.height), the video \(setup.width)x\(setup.height)")
            }
            guard frame.pixelFormat.av == setup.pixelFormat else {
                throw VideoError.invalidInput("encoder frame is \(frame.pixelFormat.rawValue), \(setup.encoderName) takes another pixel format")
            }
            try send(frame.avFrame)
        }
    }

    /// Sends a raw AVFrame of the encoder's format and size (GIF's pal8 frames).
    func append(avFrame: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        try guarded { () throws(VideoError) in try send(avFrame) }
    }

    private func guarded(_ body: () throws(VideoError) -> Void) throws(VideoError) {
        guard state == .open else { throw .closed }
        do { try body() } catch {
            fail()
            throw error
        }
    }

    private func writableFrame() throws(VideoError) -> UnsafeMutablePointer<AVFrame> {
        guard state == .open else { throw .closed }
        if ownFrame == nil {
            if setup.pixelFormat == AV_PIX_FMT_YUV420P {
                ownFrame = try EncoderFrame(width: setup.width, height: setup.height)
            } else if case .frames(let format) = setup.conversion {
                ownFrame = try EncoderFrame(width: setup.width, height: setup.height, pixelFormat: format)
            } else {
                throw .invalidInput("no frame format for \(setup.encoderName)")
            }
        }
        try ownFrame!.makeWritable()
        return ownFrame!.avFrame
    }

    /// Stamps the pts of frame `framesWritten` and sends the frame to the encoder.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        guard let enc else { throw .closed }
        frame.pointee.pts = setup.pts?(framesWritten) ?? Int64(framesWritten)
        let sr = avcodec_send_frame(enc, frame)
        guard sr >= 0 else { throw ffmpegError("avcodec_send_frame", sr, logObjects) }
        framesWritten += 1
        try drain(flushing: false)
        if let audioTrack, let fmt {
            try audioTrack.write(upTo: Double(framesWritten) * Double(setup.fps.den) / Double(setup.fps.num), into: fmt)
        }
    }

    /// Writes every packet the encoder has ready (all of them when flushing).
    private func drain(flushing: Bool) throws(VideoError) {
        guard let enc, let packet, let fmt, let stream else { throw .closed }
        while true {
            if flushing, setup.shouldStop?() == true { throw .stopped }
            let r = avcodec_receive_packet(enc, packet)
            if r == AVERROR_EAGAIN_ {
                if flushing { throw ffmpegError("avcodec_receive_packet (flush)", r, logObjects) }
                return
            }
            if r == AVERROR_EOF_ { return }
            guard r >= 0 else { throw ffmpegError("avcodec_receive_packet", r, logObjects) }
            av_packet_rescale_ts(packet, enc.pointee.time_base, streamTimeBase)
            packet.pointee.stream_index = stream.pointee.index
            let wr = av_interleaved_write_frame(fmt, packet)
            guard wr >= 0 else { throw ffmpegError("av_interleaved_write_frame", wr, logObjects) }
            // AVIO errors are sticky and otherwise surface only at the trailer.
            if let pb = fmt.pointee.pb, pb.pointee.error < 0 {
                throw ffmpegError("write '\(temporaryPath)'", pb.pointee.error, logObjects)
            }
        }
    }

    // MARK: - end

    /// Sets an option of the muxer that it reads only at the trailer (the gif muxer's
    /// final_delay, known once the last frame is in).
    func setMuxerOption(_ key: String, _ value: String) throws(VideoError) {
        guard state == .open, let fmt, let priv = fmt.pointee.priv_data else { throw .closed }
        let r = av_opt_set(priv, key, value, 0)
        guard r >= 0 else { throw ffmpegError("av_opt_set \(key)=\(value)", r) }
    }

    /// Flushes the encoder, writes the trailer, closes the file and renames it over the
    /// destination. Returns the frames written and the file's size.
    @discardableResult
    public func finish() throws(VideoError) -> (frames: Int, bytes: Int) {
        guard state == .open else { throw .closed }
        do {
            let result = try finishImpl()
            teardown(removeTemporary: false)
            state = .finished
            return result
        } catch {
            fail()
            throw error
        }
    }

    private func finishImpl() throws(VideoError) -> (frames: Int, bytes: Int) {
        guard framesWritten > 0 else { throw .invalidInput("no frames were appended") }
        guard let enc, let fmt else { throw .closed }
        let sr = avcodec_send_frame(enc, nil)
        guard sr >= 0 else { throw ffmpegError("avcodec_send_frame (flush)", sr, logObjects) }
        try drain(flushing: true)
        if let audioTrack {
            try audioTrack.finish(videoSeconds: Double(framesWritten) * Double(setup.fps.den) / Double(setup.fps.num), into: fmt)
        }
        let tr = av_write_trailer(fmt)
        guard tr >= 0 else { throw ffmpegError("av_write_trailer", tr, logObjects) }
        let cr = avio_closep(&fmt.pointee.pb)
        guard cr >= 0 else { throw ffmpegError("avio_closep '\(temporaryPath)'", cr, logObjects) }
        let bytes = FileSupport.size(temporaryPath) ?? 0
        try FileSupport.rename(temporaryPath, destination)
        temporaryMayExist = false
        return (framesWritten, bytes)
    }

    /// Abandons the file: frees everything and removes the temporary file.
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
        audioTrack = nil
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
}
