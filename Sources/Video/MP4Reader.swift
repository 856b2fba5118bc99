import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outcome of decoding every frame of a file.
public struct DecodeReport: Sendable, Equatable {
    /// Frames the decoder produced.
    public var frames: Int
    /// Decode problems: failed calls, frames flagged corrupt, and error-level
    /// lines logged by the demuxer or decoder. Zero is the equivalent of
    /// `ffmpeg -v error -i file -f null -` printing nothing.
    public var errors: Int
    /// The error lines, for messages.
    public var errorLines: [String]
}

/// One decoded frame, valid only inside the callback that receives it (its
/// buffers belong to the decoder).
public struct DecodedFrame {
    /// 0-based decode-output index.
    public let index: Int
    public let width: Int
    public let height: Int
    /// Pixel format name of the decoded planes ("yuv420p").
    public let pixelFormat: String
    /// Presentation timestamp in the stream time base (nil if unknown).
    public let pts: Int64?
    /// True for key frames (IDR in H.264).
    public let isKeyFrame: Bool
    /// "I", "P", "B", ... (av_get_picture_type_char).
    public let pictureType: Character
    let frame: UnsafeMutablePointer<AVFrame>
    let converter: RGBAConverter

    /// Plane `i` (0 = Y, 1 = U/Cb, 2 = V/Cr for yuv420p) and its stride. The
    /// buffer covers `rows × bytesPerRow` bytes (chroma planes have
    /// `(height + 1) / 2` rows in yuv420p).
    public func plane(_ i: Int) -> (bytes: UnsafeRawBufferPointer, bytesPerRow: Int) {
        guard let data = cff_frame_data(frame, Int32(i)) else { return (UnsafeRawBufferPointer(start: nil, count: 0), 0) }
        let stride = Int(cff_frame_linesize(frame, Int32(i)))
        var rows = height
        if i == 1 || i == 2,
           let desc = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format)) {
            let shift = Int(desc.pointee.log2_chroma_h)
            rows = (height + (1 << shift) - 1) >> shift
        }
        return (UnsafeRawBufferPointer(start: data, count: stride * rows), stride)
    }

    /// The frame as RGBA8 (alpha 255), converted with the matrix and range the
    /// frame is tagged with (BT.709 and limited range when untagged), i.e. the
    /// inverse of `MP4Writer`'s conversion.
    public func withRGBA<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) throws -> R {
        let stride = try converter.convert(frame)
        return try converter.buffer.withUnsafeBytes { try body($0, stride) }
    }
}

/// YUV → RGBA8 conversion with an explicit matrix, reused across frames.
final class RGBAConverter {
    private var sws: OpaquePointer?
    private var key: (Int32, Int32, Int32, Int32, Int32) = (0, 0, -1, -1, -1)
    var buffer: [UInt8] = []

    deinit { if let sws { sws_freeContext(sws) } }

    /// Converts into `buffer`; returns bytes per row.
    func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> Int {
        let f = frame.pointee
        let w = f.width, h = f.height
        let newKey = (w, h, f.format, Int32(f.colorspace.rawValue), Int32(f.color_range.rawValue))
        if sws == nil || newKey != key {
            if let sws { sws_freeContext(sws) }
            sws = sws_getContext(w, h, AVPixelFormat(rawValue: f.format), w, h, AV_PIX_FMT_RGBA,
                                 SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                 nil, nil, nil)
            guard let sws else { throw ffmpegError("sws_getContext (decode)", cff_averror(EINVAL)) }
            let matrix: Int32
            switch f.colorspace {
            case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: matrix = SWS_CS_ITU601
            case AVCOL_SPC_SMPTE240M: matrix = SWS_CS_SMPTE240M
            case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: matrix = SWS_CS_BT2020
            default: matrix = SWS_CS_ITU709
            }
            let srcFull: Int32 = f.color_range == AVCOL_RANGE_JPEG ? 1 : 0
            // For RGB output only the source side matters; swscale may refuse
            // (returns -1) for RGB sources, which is harmless.
            _ = cff_sws_set_matrix(sws, matrix, srcFull, 1)
            key = newKey
        }
        let stride = Int(w) * 4
        if buffer.count != stride * Int(h) { buffer = [UInt8](repeating: 0, count: stride * Int(h)) }
        let rows = buffer.withUnsafeMutableBytes {
            cff_sws_frame_to_rgba(sws, frame, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(stride))
        }
        guard rows == h else { throw ffmpegError("sws_scale (decode)", cff_averror(EINVAL)) }
        return stride
    }
}

/// Reads back an MP4 (or anything libavformat opens) in-process: the first
/// video stream's parameters, as ffprobe would print them, and its frames.
///
/// Holds no FFmpeg state between calls: `init` probes and closes; each decode
/// call opens the file again.
public struct MP4Reader: Sendable {
    public let path: String
    /// Container format name ("mov,mp4,m4a,3gp,3g2,mj2").
    public let formatName: String
    public let codecName: String
    /// e.g. "High", "Main", "Constrained Baseline"; nil if unknown.
    public let profileName: String?
    /// level_idc, e.g. 40 or 42 (ffprobe's `level`).
    public let level: Int
    public let pixelFormat: String?
    public let width: Int
    public let height: Int
    /// "bt709", ... as ffprobe prints them ("unknown" when unspecified).
    public let colorPrimaries: String?
    public let colorTransfer: String?
    public let colorSpace: String?
    /// "tv" (limited) or "pc" (full), "unknown" when unspecified.
    public let colorRange: String?
    /// Sample entry four-cc, "avc1".
    public let codecTag: String
    public let rFrameRate: FrameRate
    public let avgFrameRate: FrameRate
    /// The stream's time base as "1/15360".
    public let timeBase: String
    /// Stream duration in seconds (nil if unknown).
    public let durationSeconds: Double?
    /// Container duration in seconds (nil if unknown).
    public let formatDurationSeconds: Double?
    /// Stream start time in seconds (nil if unknown).
    public let startTime: Double?
    /// Container start time in seconds (nil if unknown).
    public let formatStartTime: Double?
    /// Frame count stored in the container (0 if unknown); see `decode` for a real count.
    public let frameCountInContainer: Int
    /// ffprobe's `has_b_frames` (decoder reorder delay).
    public let hasBFrames: Int
    /// "1:1"
    public let sampleAspectRatio: String
    /// Stream bit rate in bits/s (0 if unknown).
    public let bitRate: Int
    /// The first audio stream: codec ("aac"), sample rate, channels, duration in seconds.
    public let audio: (codec: String, sampleRate: Int, channels: Int, seconds: Double?)?
    /// Container metadata of the video stream ("alpha_mode" in WebM, …).
    public let streamTags: [String: String]

    public init(path: String) throws(VideoError) {
        FFmpegLog.install()
        self.path = path
        let input = try InputFile(path: path)
        defer { input.close() }
        let fmt = input.fmt!
        let st = input.stream!
        let par = st.pointee.codecpar!
        formatName = String(cString: fmt.pointee.iformat.pointee.name)
        codecName = String(cString: avcodec_get_name(par.pointee.codec_id))
        profileName = avcodec_profile_name(par.pointee.codec_id, par.pointee.profile).map { String(cString: $0) }
        level = Int(par.pointee.level)
        pixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: par.pointee.format)).map { String(cString: $0) }
        width = Int(par.pointee.width)
        height = Int(par.pointee.height)
        colorPrimaries = av_color_primaries_name(par.pointee.color_primaries).map { String(cString: $0) }
        colorTransfer = av_color_transfer_name(par.pointee.color_trc).map { String(cString: $0) }
        colorSpace = av_color_space_name(par.pointee.color_space).map { String(cString: $0) }
        colorRange = av_color_range_name(par.pointee.color_range).map { String(cString: $0) }
        codecTag = fourCC(par.pointee.codec_tag)
        rFrameRate = FrameRate(num: st.pointee.r_frame_rate.num, den: st.pointee.r_frame_rate.den)
        avgFrameRate = FrameRate(num: st.pointee.avg_frame_rate.num, den: st.pointee.avg_frame_rate.den)
        let tb = st.pointee.time_base
        timeBase = "\(tb.num)/\(tb.den)"
        durationSeconds = st.pointee.duration == AV_NOPTS_VALUE_ ? nil : Double(st.pointee.duration) * av_q2d(tb)
        startTime = st.pointee.start_time == AV_NOPTS_VALUE_ ? nil : Double(st.pointee.start_time) * av_q2d(tb)
        let avTimeBase = Double(cff_time_base())
        formatDurationSeconds = fmt.pointee.duration == AV_NOPTS_VALUE_ ? nil : Double(fmt.pointee.duration) / avTimeBase
        formatStartTime = fmt.pointee.start_time == AV_NOPTS_VALUE_ ? nil : Double(fmt.pointee.start_time) / avTimeBase
        frameCountInContainer = Int(st.pointee.nb_frames)
        hasBFrames = Int(par.pointee.video_delay)
        let sar = par.pointee.sample_aspect_ratio
        sampleAspectRatio = "\(sar.num):\(sar.den)"
        bitRate = Int(par.pointee.bit_rate)
        let ai = av_find_best_stream(fmt, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        if ai >= 0, let ast = fmt.pointee.streams[Int(ai)], let ap = ast.pointee.codecpar {
            let atb = ast.pointee.time_base
            audio = (String(cString: avcodec_get_name(ap.pointee.codec_id)), Int(ap.pointee.sample_rate),
                     Int(ap.pointee.ch_layout.nb_channels),
                     ast.pointee.duration == AV_NOPTS_VALUE_ ? nil : Double(ast.pointee.duration) * av_q2d(atb))
        } else {
            audio = nil
        }
        var tags: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let e = av_dict_get(st.pointee.metadata, "", entry, AV_DICT_IGNORE_SUFFIX) {
            tags[String(cString: e.pointee.key)] = String(cString: e.pointee.value)
            entry = e
        }
        streamTags = tags
    }

    // MARK: - decoding

    /// Decodes every frame of the video stream, calling `body` (if given) with
    /// each one in output order, and counts decode problems.
    /// `decoder` names a libavcodec decoder to use instead of the default (e.g. "libvpx-vp9",
    /// the only VP9 decoder that reads the alpha plane).
    @discardableResult
    public func decode(decoder: String? = nil, _ body: (DecodedFrame) throws -> Void = { _ in }) throws -> DecodeReport {
        let input = try InputFile(path: path)
        defer { input.close() }
        return try input.decodeAll(decoder: decoder, body)
    }

    /// Decodes every frame and hands each to `body` as RGBA8:
    /// `(index, bytes, bytesPerRow)`. Returns the number of frames. The bytes
    /// are only valid during the call.
    @discardableResult
    public func decodeFrames(decoder: String? = nil, _ body: (Int, UnsafeRawBufferPointer, Int) throws -> Void) throws -> Int {
        try decode(decoder: decoder) { frame in
            try frame.withRGBA { bytes, stride in try body(frame.index, bytes, stride) }
        }.frames
    }

    /// Decodes everything without converting; the equivalent of
    /// `ffmpeg -v error -i file -f null -` (zero errors = it prints nothing).
    public func checkDecode() throws(VideoError) -> DecodeReport {
        do {
            return try decode()
        } catch let e as VideoError {
            throw e
        } catch {
            throw .invalidFile(path: path, reason: "\(error)")
        }
    }

    /// Top-level MP4 box types in file order (see `MP4Inspector`).
    public static func topLevelBoxes(path: String) throws(VideoError) -> [String] {
        try MP4Inspector.topLevelBoxes(path: path)
    }
}

/// An opened input with its first video stream; closed explicitly.
final class InputFile {
    let path: String
    var fmt: UnsafeMutablePointer<AVFormatContext>?
    var stream: UnsafeMutablePointer<AVStream>?

    init(path: String) throws(VideoError) {
        self.path = path
        FFmpegLog.install()
        guard FileSupport.kind(path).0 == .regular else {
            let (k, e) = FileSupport.kind(path)
            throw .io(operation: "open", path: path, errno: k == .missing ? e : EISDIR)
        }
        var ctx: UnsafeMutablePointer<AVFormatContext>? = avformat_alloc_context()
        guard let c = ctx else { throw ffmpegError("avformat_alloc_context", cff_averror(ENOMEM)) }
        LogCapture.watch(UnsafeMutableRawPointer(c))
        let r = avformat_open_input(&ctx, "file:" + path, nil, nil)
        guard r >= 0, let ctx else {
            // avformat_open_input frees the context on failure.
            let e = ffmpegError("avformat_open_input '\(path)'", r, [UnsafeMutableRawPointer(c)])
            LogCapture.unwatch(UnsafeMutableRawPointer(c))
            throw e
        }
        fmt = ctx
        let ir = avformat_find_stream_info(ctx, nil)
        guard ir >= 0 else {
            let e = ffmpegError("avformat_find_stream_info '\(path)'", ir, [UnsafeMutableRawPointer(ctx)])
            close()
            throw e
        }
        let index = av_find_best_stream(ctx, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0 else {
            close()
            throw .invalidFile(path: path, reason: "no video stream")
        }
        stream = ctx.pointee.streams[Int(index)]
    }

    func close() {
        if let f = fmt {
            LogCapture.unwatch(UnsafeMutableRawPointer(f))
            avformat_close_input(&fmt)
        }
        stream = nil
    }

    deinit { close() }

    func decodeAll(decoder: String? = nil, _ body: (DecodedFrame) throws -> Void) throws -> DecodeReport {
        guard let fmt, let stream else { throw VideoError.closed }
        let par = stream.pointee.codecpar!
        let found = decoder.map { avcodec_find_decoder_by_name($0) } ?? avcodec_find_decoder(par.pointee.codec_id)
        guard let codec = found else {
            throw VideoError.invalidFile(path: path, reason: "no decoder for \(String(cString: avcodec_get_name(par.pointee.codec_id)))")
        }
        var dec = avcodec_alloc_context3(codec)
        guard let d = dec else { throw ffmpegError("avcodec_alloc_context3", cff_averror(ENOMEM)) }
        defer {
            LogCapture.unwatch(UnsafeMutableRawPointer(d))
            avcodec_free_context(&dec)
        }
        LogCapture.watch(UnsafeMutableRawPointer(d))
        LogCapture.clear(UnsafeMutableRawPointer(fmt))
        var r = avcodec_parameters_to_context(d, par)
        guard r >= 0 else { throw ffmpegError("avcodec_parameters_to_context", r) }
        // One thread: frame-threaded decoders log through per-thread context
        // copies, which would hide their errors from the capture.
        d.pointee.thread_count = 1
        d.pointee.pkt_timebase = stream.pointee.time_base
        r = avcodec_open2(d, codec, nil)
        guard r >= 0 else { throw ffmpegError("avcodec_open2 (decoder)", r, [UnsafeMutableRawPointer(d)]) }

        var pkt = av_packet_alloc()
        var frame = av_frame_alloc()
        defer { av_packet_free(&pkt); av_frame_free(&frame) }
        guard let pkt, let frame else { throw ffmpegError("av_frame_alloc", cff_averror(ENOMEM)) }
        let converter = RGBAConverter()
        var frames = 0
        var failures: [String] = []

        func receiveAll() throws {
            while true {
                let rr = avcodec_receive_frame(d, frame)
                if rr == AVERROR_EAGAIN_ || rr == AVERROR_EOF_ { return }
                if rr < 0 {
                    failures.append("avcodec_receive_frame: \(averrorString(rr))")
                    return
                }
                defer { av_frame_unref(frame) }
                if frame.pointee.decode_error_flags != 0 || (frame.pointee.flags & AV_FRAME_FLAG_CORRUPT) != 0 {
                    failures.append("frame \(frames) decoded with errors (flags \(frame.pointee.decode_error_flags))")
                }
                let pts = frame.pointee.best_effort_timestamp
                let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)).map { String(cString: $0) } ?? "none"
                try body(DecodedFrame(index: frames, width: Int(frame.pointee.width),
                                      height: Int(frame.pointee.height), pixelFormat: name,
                                      pts: pts == AV_NOPTS_VALUE_ ? nil : pts,
                                      isKeyFrame: frame.pointee.key_frame != 0,
                                      pictureType: Character(Unicode.Scalar(UInt8(bitPattern: av_get_picture_type_char(frame.pointee.pict_type)))),
                                      frame: frame, converter: converter))
                frames += 1
            }
        }

        while true {
            let rr = av_read_frame(fmt, pkt)
            if rr == AVERROR_EOF_ { break }
            if rr < 0 {
                failures.append("av_read_frame: \(averrorString(rr))")
                break
            }
            defer { av_packet_unref(pkt) }
            guard pkt.pointee.stream_index == stream.pointee.index else { continue }
            let sr = avcodec_send_packet(d, pkt)
            if sr < 0 && sr != AVERROR_EAGAIN_ {
                failures.append("avcodec_send_packet: \(averrorString(sr))")
            }
            try receiveAll()
        }
        _ = avcodec_send_packet(d, nil)
        try receiveAll()

        let logged = (LogCapture.lines(UnsafeMutableRawPointer(d)) + LogCapture.lines(UnsafeMutableRawPointer(fmt)))
            .filter { $0.level <= AV_LOG_ERROR }.map(\.text)
        let lines = failures + logged
        return DecodeReport(frames: frames, errors: lines.count, errorLines: lines)
    }
}

/// "avc1" from a little-endian codec tag; unprintable bytes as "[n]" (like ffprobe).
func fourCC(_ tag: UInt32) -> String {
    var s = ""
    for i in 0..<4 {
        let b = UInt8((tag >> (8 * UInt32(i))) & 0xff)
        if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b == 0x20 || b == 0x2e || b == 0x5f {
            s.append(Character(Unicode.Scalar(b)))
        } else {
            s += "[\(b)]"
        }
    }
    return s
}

/// Walks MP4 (ISO BMFF) boxes without FFmpeg.
public enum MP4Inspector {
    public struct Box: Sendable, Equatable {
        public var type: String
        public var offset: Int
        public var size: Int
    }

    /// Top-level box types in file order, e.g. ["ftyp", "moov", "free", "mdat"].
    public static func topLevelBoxes(path: String) throws(VideoError) -> [String] {
        try boxes(path: path).map(\.type)
    }

    /// Top-level boxes with offsets and sizes.
    public static func boxes(path: String) throws(VideoError) -> [Box] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .io(operation: "stat", path: path, errno: errno) }
        let fileSize = Int(st.st_size)
        var result: [Box] = []
        var offset = 0
        var header = [UInt8](repeating: 0, count: 16)
        while offset < fileSize {
            let n = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, off_t(offset)) }
            guard n >= 8 else {
                throw .invalidFile(path: path, reason: "truncated box header at offset \(offset)")
            }
            var size = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let type = String(decoding: header[4..<8].map { $0 >= 0x20 && $0 < 0x7f ? $0 : 0x3f }, as: UTF8.self)
            if size == 1 {
                guard n >= 16 else { throw .invalidFile(path: path, reason: "truncated largesize box '\(type)'") }
                size = header[8..<16].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = fileSize - offset
            }
            guard size >= 8, offset + size <= fileSize else {
                throw .invalidFile(path: path, reason: "box '\(type)' at offset \(offset) has bad size \(size)")
            }
            result.append(Box(type: type, offset: offset, size: size))
            offset += size
        }
        return result
    }
}
