// SegmentJoiner.swift — segments of one clip (SegmentEncoding.swift) joined into one file by
// remuxing their packets with libavformat: no decoding, no re-encoding.
//
// Segment s holds frames [a_s, a_s + n_s) of the clip, encoded from its own frame 0. A packet of
// segment s with timestamp t (in the segment's stream time base b_s) gets, in the joined file,
//
//   t' = rescale(t + rescale(a_s, 1/fps → b_s), b_s → b_out)
//
// for pts and dts alike, so frame i of the clip has pts i/fps whatever segment carried it; the
// dts of a segment's first packets (negative with B-frames: the encoder's reorder delay d) stay
// above the previous segment's last dts because every segment has the same delay: the last
// dts of segment s is a_s + n_s − 1 − d, the first of s+1 is a_{s+1} − d.
//
// Everything is checked before the output is opened: each segment has one video stream of the
// first segment's codec, size, pixel format, colour tags and extradata (byte for byte), starts
// with a keyframe, and its packets' presentation times are exactly its frames 0…n_s−1 (a
// truncated or padded segment fails here), and the ranges follow one another from frame 0 with
// no gap or overlap. A refusal names the segment. The joined file is written to a temporary
// beside the destination and renamed when its trailer is written; the audio track, when given,
// is encoded once over the whole clip as the packets are written (AudioTrack.swift).
import CFFmpeg

/// One segment file and the frames of the clip it holds.
public struct SegmentInput: Sendable {
    public var path: String
    /// How messages name it (the file name, usually).
    public var name: String
    public var firstFrame: Int
    public var frames: Int

    public init(path: String, name: String, firstFrame: Int, frames: Int) {
        (self.path, self.name, self.firstFrame, self.frames) = (path, name, firstFrame, frames)
    }
}

/// How the joined file is written (`VideoSettings.joinSettings()`).
public struct JoinSettings: Sendable {
    public var muxerName: String
    public var fps: FrameRate
    /// Sample-entry four-cc (hvc1 for HEVC); nil: the muxer's choice.
    public var codecTag: UInt32?
    public var muxerOptions: [(String, String)]
    public var audio: AudioSource?
    public var deterministic: Bool
}

public enum SegmentJoiner {
    /// Segments are at most this many; each holds at most `maxSegmentFrames` frames.
    public static let maxSegments = 100_000
    public static let maxSegmentFrames = 1_000_000

    /// The decoder configuration (extradata) of a segment as written, for its manifest.
    public static func extradata(ofSegment path: String) throws(VideoError) -> [UInt8] {
        let segment = SegmentInput(path: path, name: FileSupport.split(path).name, firstFrame: 0, frames: 1)
        return try SegmentProbe(segment, fps: FrameRate(num: 1, den: 1), check: false).extradata
    }

    /// Decodes lossless intermediate segments (SegmentEncoding.swift: GIF, APNG, WebP) and
    /// encodes their frames once into `destination` with `settings` — the same frames, in the
    /// same order, a one-piece render gives the writer. Checked like `join` before anything is written.
    @discardableResult
    public static func encode(_ segments: [SegmentInput], to destination: String,
                              settings: VideoSettings) throws(VideoError) -> (frames: Int, bytes: Int) {
        FFmpegLog.install()
        guard settings.segmentsAreIntermediate else { throw .invalidSettings("\(settings.format) segments are joined by remuxing") }
        _ = try checked(segments, fps: settings.fps)
        var whole = settings
        whole.segmentEncoding = false
        whole.expectedFrames = segments.reduce(0) { $0 + $1.frames }
        let writer = try MediaWriter(destination: destination, settings: whole)
        var premultiplied = [UInt8](repeating: 0, count: settings.width * settings.height * 4)
        do {
            for segment in segments {
                let reader = try MP4Reader(path: segment.path)
                _ = try reader.decode { frame in
                    guard frame.pixelFormat == "rgba", frame.width == settings.width, frame.height == settings.height else {
                        throw SegmentProbe.refuse(segment, "is not a \(settings.width)x\(settings.height) RGBA intermediate (\(frame.pixelFormat))")
                    }
                    let (bytes, stride) = frame.plane(0)
                    premultiply(bytes, stride: stride, width: settings.width, height: settings.height, into: &premultiplied)
                    try writer.append(rgba: premultiplied)
                }
            }
            let summary = try writer.finish()
            return (summary.frames, summary.bytes)
        } catch {
            writer.cancel()
            if let e = error as? VideoError { throw e }
            throw .invalidInput("\(error)")
        }
    }

    /// Straight RGBA rows → premultiplied, p = round(c·a/255) (the inverse of the writer's un-premultiply).
    static func premultiply(_ src: UnsafeRawBufferPointer, stride: Int, width: Int, height: Int, into dst: inout [UInt8]) {
        for y in 0..<height {
            for x in 0..<width {
                let s = y * stride + 4 * x, d = 4 * (y * width + x)
                let a = Int(src[s + 3])
                for c in 0..<3 { dst[d + c] = UInt8((Int(src[s + c]) * a + 127) / 255) }
                dst[d + 3] = UInt8(a)
            }
        }
    }

    /// Checks every segment and their order (file header); returns the first segment's probe.
    static func checked(_ segments: [SegmentInput], fps: FrameRate) throws(VideoError) -> SegmentProbe {
        guard !segments.isEmpty else { throw .invalidInput("no segments to join") }
        guard segments.count <= maxSegments else { throw .invalidInput("\(segments.count) segments: at most \(maxSegments)") }
        var next = 0
        var reference: SegmentProbe?
        for segment in segments {
            guard segment.firstFrame == next else {
                throw .invalidInput("segment \(segment.name) starts at frame \(segment.firstFrame); frame \(next) was expected (a segment is missing or repeated)")
            }
            guard (1...maxSegmentFrames).contains(segment.frames) else {
                throw .invalidInput("segment \(segment.name): \(segment.frames) frames; allowed 1–\(maxSegmentFrames)")
            }
            let probe = try SegmentProbe(segment, fps: fps)
            if let reference { try probe.requireSameStream(as: reference) } else { reference = probe }
            next += segment.frames
        }
        return reference!
    }

    /// Joins `segments` (in clip order) into `destination`. Returns frames and bytes written.
    @discardableResult
    public static func join(_ segments: [SegmentInput], to destination: String,
                            settings: JoinSettings) throws(VideoError) -> (frames: Int, bytes: Int) {
        FFmpegLog.install()
        try FileSupport.checkDestination(destination)
        let reference = try checked(segments, fps: settings.fps)
        let next = segments.reduce(0) { $0 + $1.frames }
        let output = try JoinedOutput(destination: destination, stream: reference, settings: settings, totalFrames: next)
        do {
            for segment in segments { try output.copyPackets(of: segment) }
            return try output.finish()
        } catch {
            output.abandon()
            throw error
        }
    }
}

/// One segment, opened and checked (file header); closed on deinit.
final class SegmentProbe {
    let segment: SegmentInput
    private(set) var input: UnsafeMutablePointer<AVFormatContext>?
    let streamIndex: Int32
    let timeBase: AVRational

    /// `check`: read every packet first (checkFrames); the join's second opening skips it.
    init(_ segment: SegmentInput, fps: FrameRate, check: Bool = true) throws(VideoError) {
        self.segment = segment
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let r = avformat_open_input(&ctx, "file:" + segment.path, nil, nil)
        guard r >= 0, let ctx else { throw Self.refuse(segment, "cannot be read (\(averrorString(r)))") }
        input = ctx
        let videoStreams = (0..<Int(ctx.pointee.nb_streams)).filter {
            ctx.pointee.streams[$0]!.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
        }
        guard ctx.pointee.nb_streams == 1, videoStreams.count == 1 else {
            avformat_close_input(&input)
            throw Self.refuse(segment, "has \(ctx.pointee.nb_streams) streams; a segment has one video stream")
        }
        streamIndex = 0
        timeBase = ctx.pointee.streams[0]!.pointee.time_base
        if check { try checkFrames(fps: fps) }
    }

    deinit { avformat_close_input(&input) }

    static func refuse(_ segment: SegmentInput, _ reason: String) -> VideoError {
        .invalidFile(path: segment.path, reason: "segment \(segment.name) \(reason)")
    }

    var codecpar: UnsafeMutablePointer<AVCodecParameters> { input!.pointee.streams[0]!.pointee.codecpar }

    /// Reads every packet: the first is a keyframe, the pts are exactly frames 0…n−1.
    private func checkFrames(fps: FrameRate) throws(VideoError) {
        guard let input, let packet = av_packet_alloc() else { throw .invalidInput("out of memory") }
        var packetRef: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetRef) }
        var seen = [Bool](repeating: false, count: segment.frames)
        var count = 0
        while true {
            let r = av_read_frame(input, packet)
            if r == AVERROR_EOF_ { break }
            guard r >= 0 else { throw Self.refuse(segment, "is damaged after \(count) packets (\(averrorString(r)))") }
            defer { av_packet_unref(packet) }
            if count == 0 && (packet.pointee.flags & AV_PKT_FLAG_KEY) == 0 {
                throw Self.refuse(segment, "does not start with a keyframe")
            }
            let frame = frameIndex(packet.pointee.pts, fps: fps)
            guard let frame, frameIndex(packet.pointee.dts, fps: fps) != nil, (0..<segment.frames).contains(frame), !seen[frame] else {
                throw Self.refuse(segment, "has a packet at pts \(packet.pointee.pts) (dts \(packet.pointee.dts)) that is not one of its frames 0–\(segment.frames - 1) (or repeats one)")
            }
            seen[frame] = true
            count += 1
        }
        guard count == segment.frames else {
            throw Self.refuse(segment, "holds \(count) frames; its manifest says \(segment.frames) (truncated?)")
        }
    }

    /// A timestamp (in the stream's time base) as a frame index: the nearest frame, when the
    /// timestamp is that frame's time rounded to the time base (WebM counts milliseconds).
    func frameIndex(_ ts: Int64, fps: FrameRate) -> Int? {
        guard ts != AV_NOPTS_VALUE_ else { return nil }
        let frameBase = AVRational(num: fps.den, den: fps.num)
        let frame = av_rescale_q_rnd(ts, timeBase, frameBase, AV_ROUND_NEAR_INF)
        guard av_rescale_q(frame, frameBase, timeBase) == ts, abs(frame) <= Int64(SegmentJoiner.maxSegmentFrames) else { return nil }
        return Int(frame)
    }

    /// The stream is the reference segment's: codec, size, pixel format, colour, extradata.
    func requireSameStream(as reference: SegmentProbe) throws(VideoError) {
        let a = codecpar.pointee, b = reference.codecpar.pointee
        func differ(_ what: String) -> VideoError {
            Self.refuse(segment, "has another \(what) than segment \(reference.segment.name) (encoded with other settings?)")
        }
        guard a.codec_id == b.codec_id else { throw differ("codec") }
        guard a.width == b.width, a.height == b.height else { throw differ("size (\(a.width)x\(a.height), not \(b.width)x\(b.height))") }
        guard a.format == b.format else { throw differ("pixel format") }
        guard a.color_primaries == b.color_primaries, a.color_trc == b.color_trc, a.color_space == b.color_space,
              a.color_range == b.color_range else { throw differ("colour tagging") }
        guard a.profile == b.profile, a.level == b.level else { throw differ("profile or level") }
        guard extradata == reference.extradata else { throw differ("decoder configuration (extradata)") }
    }

    var extradata: [UInt8] {
        let p = codecpar.pointee
        guard let data = p.extradata, p.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(p.extradata_size)))
    }
}

/// The joined file being written (a temporary beside the destination until `finish`).
final class JoinedOutput {
    let destination: String
    let settings: JoinSettings
    let totalFrames: Int
    private let temporaryPath: String
    private var fmt: UnsafeMutablePointer<AVFormatContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var audioTrack: AudioTrack?
    private var packetsWritten = 0

    init(destination: String, stream reference: SegmentProbe, settings: JoinSettings, totalFrames: Int) throws(VideoError) {
        self.destination = destination
        self.settings = settings
        self.totalFrames = totalFrames
        temporaryPath = FileSupport.temporarySibling(of: destination)
        do { try open(reference) } catch {
            abandon()
            throw error
        }
    }

    private var seconds: Double { Double(totalFrames) * Double(settings.fps.den) / Double(settings.fps.num) }

    private func open(_ reference: SegmentProbe) throws(VideoError) {
        let url = "file:" + temporaryPath
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let r = avformat_alloc_output_context2(&ctx, nil, settings.muxerName, url)
        guard r >= 0, let ctx else { throw ffmpegError("avformat_alloc_output_context2", r) }
        fmt = ctx
        if settings.deterministic { ctx.pointee.flags |= AVFMT_FLAG_BITEXACT }
        guard let st = avformat_new_stream(ctx, nil) else { throw ffmpegError("avformat_new_stream", cff_averror(ENOMEM)) }
        stream = st
        let cr = avcodec_parameters_copy(st.pointee.codecpar, reference.codecpar)
        guard cr >= 0 else { throw ffmpegError("avcodec_parameters_copy", cr) }
        // The segments' own sample-entry tag (ProRes: ap4h/apch say the profile), or the one asked for.
        st.pointee.codecpar.pointee.codec_tag = settings.codecTag ?? reference.codecpar.pointee.codec_tag
        let fps = settings.fps
        st.pointee.time_base = AVRational(num: fps.den, den: fps.num)
        st.pointee.avg_frame_rate = AVRational(num: fps.num, den: fps.den)
        st.pointee.r_frame_rate = AVRational(num: fps.num, den: fps.den)
        st.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if var audio = settings.audio {
            if audio.seconds == nil { audio.seconds = seconds }
            audioTrack = try AudioTrack(source: audio, format: ctx, deterministic: settings.deterministic, videoSeconds: seconds)
        }
        let or = avio_open(&ctx.pointee.pb, url, AVIO_FLAG_WRITE)
        guard or >= 0 else { throw ffmpegError("avio_open '\(temporaryPath)'", or) }
        var opts: OpaquePointer?
        defer { av_dict_free(&opts) }
        for (key, value) in settings.muxerOptions { av_dict_set(&opts, key, value, 0) }
        let hr = avformat_write_header(ctx, &opts)
        guard hr >= 0 else { throw ffmpegError("avformat_write_header", hr, [UnsafeMutableRawPointer(ctx)]) }
        audioTrack?.streamOpened()
    }

    /// Writes one (checked) segment's packets, timestamps offset by its first frame.
    func copyPackets(of segment: SegmentInput) throws(VideoError) {
        let probe = try SegmentProbe(segment, fps: settings.fps, check: false)
        guard let input = probe.input, let fmt, let stream, let packet = av_packet_alloc() else { throw .closed }
        var packetRef: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetRef) }
        let fps = settings.fps
        let frameBase = AVRational(num: fps.den, den: fps.num)
        let outBase = stream.pointee.time_base
        while true {
            let r = av_read_frame(input, packet)
            if r == AVERROR_EOF_ { break }
            guard r >= 0 else { throw SegmentProbe.refuse(segment, "is damaged (\(averrorString(r)))") }
            // Checked frame indices (SegmentProbe.checkFrames): t' = (frame + first) in the output's base.
            guard let pts = probe.frameIndex(packet.pointee.pts, fps: fps), let dts = probe.frameIndex(packet.pointee.dts, fps: fps) else {
                av_packet_unref(packet)
                throw SegmentProbe.refuse(segment, "changed while it was joined")
            }
            packet.pointee.pts = av_rescale_q(Int64(pts + segment.firstFrame), frameBase, outBase)
            packet.pointee.dts = av_rescale_q(Int64(dts + segment.firstFrame), frameBase, outBase)
            packet.pointee.duration = av_rescale_q(1, frameBase, outBase)
            packet.pointee.stream_index = stream.pointee.index
            packet.pointee.pos = -1
            let wr = av_interleaved_write_frame(fmt, packet)  // takes the packet's reference
            guard wr >= 0 else { throw ffmpegError("av_interleaved_write_frame", wr, [UnsafeMutableRawPointer(fmt)]) }
            if let pb = fmt.pointee.pb, pb.pointee.error < 0 { throw ffmpegError("write '\(temporaryPath)'", pb.pointee.error) }
            packetsWritten += 1
            try audioTrack?.write(upTo: Double(packetsWritten) * Double(fps.den) / Double(fps.num), into: fmt)
        }
    }

    func finish() throws(VideoError) -> (frames: Int, bytes: Int) {
        guard let fmt else { throw .closed }
        try audioTrack?.finish(videoSeconds: seconds, into: fmt)
        let tr = av_write_trailer(fmt)
        guard tr >= 0 else { throw ffmpegError("av_write_trailer", tr, [UnsafeMutableRawPointer(fmt)]) }
        let cr = avio_closep(&fmt.pointee.pb)
        guard cr >= 0 else { throw ffmpegError("avio_closep '\(temporaryPath)'", cr) }
        let bytes = FileSupport.size(temporaryPath) ?? 0
        try FileSupport.rename(temporaryPath, destination)
        close()
        return (packetsWritten, bytes)
    }

    /// Frees everything and removes the temporary file.
    func abandon() {
        close()
        FileSupport.remove(temporaryPath)
    }

    private func close() {
        audioTrack = nil
        if let f = fmt {
            if f.pointee.pb != nil { avio_closep(&f.pointee.pb) }
            avformat_free_context(f)
            fmt = nil
            stream = nil
        }
    }
}
