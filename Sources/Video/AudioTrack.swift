// AudioTrack.swift — the audio stream beside the video: silence, or a user's file decoded,
// resampled and encoded, exactly as long as the video.
//
// The track is 48 kHz stereo: AAC-LC at 192 kb/s in MP4/MOV (FFmpeg's native `aac` encoder),
// Opus at 128 kb/s in WebM (libopus; WebM cannot hold AAC). Its length is the video's,
// N = round(frames × den/num × 48000) samples: a longer file is cut, a shorter one padded with
// silence. With a fade of S seconds the gain is linear, g(n) = min(1, n / F, (N − n) / F) with
// F = S × 48000 samples, fading in at the start and out at the end.
//
// Encoding runs along with the video: after each video frame the writer asks for the audio up to
// that frame's end time, so packets interleave in the file without the muxer having to buffer.
// A file is decoded only as far as needed (at most N samples), so a long file costs no memory;
// it must be a regular file of at most `AudioSource.maxFileBytes` with an audio stream.
// Copy: a file whose audio already is what the container takes (AAC-LC for MP4/MOV, Opus for
// WebM) at 48 kHz stereo, at least as long as the video, with no fade, is copied packet by
// packet instead (no generation loss): every packet that starts before the video's end, so the
// track ends within one packet (AAC: 1024 samples, 21 ms) after the video.
import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the audio track comes from.
public struct AudioSource: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A silent stereo track.
        case silent
        /// The audio of this file (any format libavformat reads).
        case file(String)
    }
    public var kind: Kind
    /// Fade in and out over this many seconds (0: none).
    public var fadeSeconds: Double
    /// The video's length, so that the fade-out can start before the last frame is known.
    public var seconds: Double?

    public init(_ kind: Kind, fadeSeconds: Double = 0, seconds: Double? = nil) {
        self.kind = kind
        self.fadeSeconds = fadeSeconds
        self.seconds = seconds
    }

    public static let sampleRate = 48_000
    public static let channels = 2
    /// An audio file larger than this is refused (a 600 s WAV at 48 kHz stereo 16-bit is 115 MB).
    public static let maxFileBytes = 256 << 20

    /// Checks the file before anything is rendered: a regular file, not too large, with an audio
    /// stream libavformat can decode. Returns the stream's codec name, sample rate, channels and
    /// length in seconds (nil when the file does not say).
    public func check() throws(VideoError) -> (codec: String, sampleRate: Int, channels: Int, seconds: Double?)? {
        guard case .file(let path) = kind else { return nil }
        let input = try AudioInput(path: path)
        defer { input.close() }
        return (input.codecName, input.sampleRate, input.channels, input.durationSeconds)
    }

    /// Whether the file's audio is copied into `muxer`'s file as it is (see AudioTrack.swift).
    func copies(_ input: AudioInput, muxer: String) -> Bool {
        let wanted = muxer == "webm" ? "opus" : "aac"
        guard fadeSeconds == 0, input.codecName == wanted, input.sampleRate == AudioSource.sampleRate,
              input.channels == AudioSource.channels, input.isAACLowComplexityOrOpus,
              let have = input.durationSeconds, let need = seconds else { return false }
        return have >= need
    }
}

/// An opened audio file: its first audio stream and a decoder for it.
final class AudioInput {
    let path: String
    private var fmt: UnsafeMutablePointer<AVFormatContext>?
    private var dec: UnsafeMutablePointer<AVCodecContext>?
    private var streamIndex: Int32 = -1
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var finishedInput = false
    private(set) var exhausted = false

    var codecName: String { dec.map { String(cString: avcodec_get_name($0.pointee.codec_id)) } ?? "?" }
    /// The audio stream (for copying its packets).
    var stream: UnsafeMutablePointer<AVStream>? { fmt.map { $0.pointee.streams[Int(streamIndex)]! } }
    var durationSeconds: Double? {
        if let st = stream, st.pointee.duration != AV_NOPTS_VALUE_ { return Double(st.pointee.duration) * av_q2d(st.pointee.time_base) }
        if let f = fmt, f.pointee.duration != AV_NOPTS_VALUE_ { return Double(f.pointee.duration) / Double(cff_time_base()) }
        return nil
    }
    var isAACLowComplexityOrOpus: Bool {
        guard let par = stream?.pointee.codecpar else { return false }
        return par.pointee.codec_id == AV_CODEC_ID_OPUS || par.pointee.profile == FF_PROFILE_AAC_LOW
    }

    /// The next packet of the audio stream (its reference moved into `out`), or false at the end.
    func nextPacket(into out: UnsafeMutablePointer<AVPacket>) -> Bool {
        guard let fmt else { return false }
        while av_read_frame(fmt, out) >= 0 {
            if out.pointee.stream_index == streamIndex { return true }
            av_packet_unref(out)
        }
        return false
    }
    var sampleRate: Int { Int(dec?.pointee.sample_rate ?? 0) }
    var channels: Int { Int(dec?.pointee.ch_layout.nb_channels ?? 0) }

    init(path: String) throws(VideoError) {
        self.path = path
        FFmpegLog.install()
        let (kind, err) = FileSupport.kind(path)
        guard kind == .regular else {
            throw .invalidFile(path: path, reason: kind == .missing ? "cannot be opened: \(String(cString: strerror(err)))" : "is not a regular file")
        }
        let size = FileSupport.size(path) ?? 0
        guard size <= AudioSource.maxFileBytes else {
            throw .invalidFile(path: path, reason: "is \(size >> 20) MiB; audio files may be at most \(AudioSource.maxFileBytes >> 20) MiB")
        }
        var ctx: UnsafeMutablePointer<AVFormatContext>? = avformat_alloc_context()
        guard let c = ctx else { throw ffmpegError("avformat_alloc_context", cff_averror(ENOMEM)) }
        LogCapture.watch(UnsafeMutableRawPointer(c))
        let r = avformat_open_input(&ctx, "file:" + path, nil, nil)
        guard r >= 0, let ctx else {
            LogCapture.unwatch(UnsafeMutableRawPointer(c))
            throw .invalidFile(path: path, reason: "is not an audio file FFmpeg can read (\(averrorString(r)))")
        }
        fmt = ctx
        do { try openDecoder(ctx) } catch { close(); throw error }
    }

    private func openDecoder(_ ctx: UnsafeMutablePointer<AVFormatContext>) throws(VideoError) {
        guard avformat_find_stream_info(ctx, nil) >= 0 else { throw .invalidFile(path: path, reason: "has no readable streams") }
        let index = av_find_best_stream(ctx, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0 else { throw .invalidFile(path: path, reason: "has no audio stream") }
        streamIndex = index
        let par = ctx.pointee.streams[Int(index)]!.pointee.codecpar!
        guard let codec = avcodec_find_decoder(par.pointee.codec_id) else {
            throw .invalidFile(path: path, reason: "has audio in \(String(cString: avcodec_get_name(par.pointee.codec_id))), which this FFmpeg cannot decode")
        }
        guard let d = avcodec_alloc_context3(codec) else { throw ffmpegError("avcodec_alloc_context3", cff_averror(ENOMEM)) }
        dec = d
        guard avcodec_parameters_to_context(d, par) >= 0, avcodec_open2(d, codec, nil) >= 0 else {
            throw .invalidFile(path: path, reason: "its audio decoder could not be opened")
        }
        guard d.pointee.sample_rate > 0, d.pointee.sample_rate <= 768_000,
              d.pointee.ch_layout.nb_channels > 0, d.pointee.ch_layout.nb_channels <= 64 else {
            throw .invalidFile(path: path, reason: "has \(d.pointee.ch_layout.nb_channels) channels at \(d.pointee.sample_rate) Hz; allowed 1–64 channels, up to 768 kHz")
        }
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw ffmpegError("av_frame_alloc", cff_averror(ENOMEM)) }
    }

    /// The next decoded frame (valid until the next call), or nil at the end of the file.
    /// Undecodable packets are skipped, as players do.
    func nextFrame() throws(VideoError) -> UnsafeMutablePointer<AVFrame>? {
        guard let fmt, let dec, let packet, let frame, !exhausted else { return nil }
        while true {
            av_frame_unref(frame)
            let rr = avcodec_receive_frame(dec, frame)
            if rr >= 0 { return frame }
            if rr == AVERROR_EOF_ { exhausted = true; return nil }
            if rr != AVERROR_EAGAIN_ { throw .invalidFile(path: path, reason: "audio decoding failed: \(averrorString(rr))") }
            if finishedInput { exhausted = true; return nil }
            let r = av_read_frame(fmt, packet)
            if r < 0 {
                finishedInput = true
                _ = avcodec_send_packet(dec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == streamIndex { _ = avcodec_send_packet(dec, packet) }
        }
    }

    func close() {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&dec)
        if let f = fmt {
            LogCapture.unwatch(UnsafeMutableRawPointer(f))
            avformat_close_input(&fmt)
        }
    }

    deinit { close() }
}

/// The audio stream of one output file (see the file header).
final class AudioTrack {
    private let source: AudioSource
    private var enc: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var input: AudioInput?
    private var resampler: OpaquePointer?
    private var fifo: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var streamTimeBase = AVRational(num: 1, den: 48_000)
    /// Samples sent to the encoder so far.
    private var samplesEncoded = 0
    /// Samples taken from the input (before padding) so far.
    private var samplesQueued = 0
    /// The total length in samples, once known (`finish`), and the planned one for fades.
    private var totalSamples: Int?
    let plannedSamples: Int?
    /// Copying the file's packets instead of encoding (see the file header).
    private(set) var copying = false
    private var pending: UnsafeMutablePointer<AVPacket>?
    private var inputTimeBase = AVRational(num: 1, den: 48_000)

    var logObjects: [UnsafeMutableRawPointer?] { [UnsafeMutableRawPointer(enc)] }

    init(source: AudioSource, format: UnsafeMutablePointer<AVFormatContext>, deterministic: Bool,
         videoSeconds: Double?) throws(VideoError) {
        self.source = source
        self.plannedSamples = (source.seconds ?? videoSeconds).map { Int(($0 * Double(AudioSource.sampleRate)).rounded()) }
        do { try open(format, deterministic) } catch { close(); throw error }
    }

    private func open(_ format: UnsafeMutablePointer<AVFormatContext>, _ deterministic: Bool) throws(VideoError) {
        let muxer = String(cString: format.pointee.oformat.pointee.name)
        if case .file(let path) = source.kind {
            let opened = try AudioInput(path: path)
            input = opened
            if source.copies(opened, muxer: muxer), let inStream = opened.stream {
                guard let st = avformat_new_stream(format, nil), let p = av_packet_alloc() else {
                    throw ffmpegError("avformat_new_stream", cff_averror(ENOMEM))
                }
                guard avcodec_parameters_copy(st.pointee.codecpar, inStream.pointee.codecpar) >= 0 else {
                    throw ffmpegError("avcodec_parameters_copy", cff_averror(ENOMEM))
                }
                st.pointee.codecpar.pointee.codec_tag = 0
                st.pointee.time_base = inStream.pointee.time_base
                inputTimeBase = inStream.pointee.time_base
                stream = st
                packet = p
                copying = true
                return
            }
        }
        let encoderName = muxer == "webm" ? "libopus" : "aac"
        guard let codec = avcodec_find_encoder_by_name(encoderName) else {
            throw .encoderUnavailable("\(encoderName) is not part of this libavcodec build")
        }
        guard let st = avformat_new_stream(format, nil), let c = avcodec_alloc_context3(codec) else {
            throw ffmpegError("avformat_new_stream", cff_averror(ENOMEM))
        }
        stream = st
        enc = c
        LogCapture.watch(UnsafeMutableRawPointer(c))
        c.pointee.sample_rate = Int32(AudioSource.sampleRate)
        av_channel_layout_default(&c.pointee.ch_layout, Int32(AudioSource.channels))
        c.pointee.sample_fmt = codec.pointee.sample_fmts?.pointee ?? AV_SAMPLE_FMT_FLTP
        c.pointee.bit_rate = encoderName == "aac" ? 192_000 : 128_000
        c.pointee.time_base = AVRational(num: 1, den: Int32(AudioSource.sampleRate))
        if (format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        if deterministic { c.pointee.flags |= AV_CODEC_FLAG_BITEXACT }
        let r = avcodec_open2(c, codec, nil)
        guard r >= 0 else { throw ffmpegError("avcodec_open2 (\(encoderName))", r, [UnsafeMutableRawPointer(c)]) }
        guard avcodec_parameters_from_context(st.pointee.codecpar, c) >= 0 else {
            throw ffmpegError("avcodec_parameters_from_context", cff_averror(EINVAL))
        }
        st.pointee.time_base = c.pointee.time_base
        guard let f = av_audio_fifo_alloc(c.pointee.sample_fmt, Int32(AudioSource.channels), 4096),
              let fr = av_frame_alloc(), let p = av_packet_alloc() else {
            throw ffmpegError("av_audio_fifo_alloc", cff_averror(ENOMEM))
        }
        fifo = f; frame = fr; packet = p
    }

    /// Called once the muxer has written its header (and chosen the stream's time base).
    func streamOpened() {
        if let stream { streamTimeBase = stream.pointee.time_base }
    }

    private var frameSize: Int {
        let n = Int(enc?.pointee.frame_size ?? 0)
        return n > 0 ? n : 1024
    }

    /// Encodes audio up to `seconds` of the track (whole encoder frames only).
    func write(upTo seconds: Double, into format: UnsafeMutablePointer<AVFormatContext>) throws(VideoError) {
        if copying { return try copyPackets(before: seconds, format) }
        let target = Int((seconds * Double(AudioSource.sampleRate)).rounded())
        while samplesEncoded + frameSize <= target {
            try encodeFrame(samples: frameSize, format)
        }
    }

    /// Encodes the rest of the track (exactly round(videoSeconds × 48000) samples in all) and
    /// flushes the encoder.
    func finish(videoSeconds: Double, into format: UnsafeMutablePointer<AVFormatContext>) throws(VideoError) {
        if copying { return try copyPackets(before: videoSeconds, format) }
        let total = Int((videoSeconds * Double(AudioSource.sampleRate)).rounded())
        totalSamples = total
        while samplesEncoded < total {
            try encodeFrame(samples: min(frameSize, total - samplesEncoded), format)
        }
        guard let enc else { return }
        let r = avcodec_send_frame(enc, nil)
        guard r >= 0 else { throw ffmpegError("avcodec_send_frame (audio flush)", r, logObjects) }
        try drain(format)
    }

    /// Copies the file's packets that start before `seconds` (the first later one is kept).
    private func copyPackets(before seconds: Double, _ format: UnsafeMutablePointer<AVFormatContext>) throws(VideoError) {
        guard let input, let packet, let stream else { throw .closed }
        while true {
            if pending == nil {
                guard let p = av_packet_alloc() else { throw ffmpegError("av_packet_alloc", cff_averror(ENOMEM)) }
                guard input.nextPacket(into: p) else { var q: UnsafeMutablePointer<AVPacket>? = p; av_packet_free(&q); return }
                pending = p
            }
            let p = pending!
            let start = p.pointee.pts == AV_NOPTS_VALUE_ ? 0 : Double(p.pointee.pts) * av_q2d(inputTimeBase)
            guard start < seconds - 1e-9 else { return }
            av_packet_move_ref(packet, p)
            av_packet_free(&pending)
            av_packet_rescale_ts(packet, inputTimeBase, streamTimeBase)
            packet.pointee.stream_index = stream.pointee.index
            packet.pointee.pos = -1
            let wr = av_interleaved_write_frame(format, packet)
            guard wr >= 0 else { throw ffmpegError("av_interleaved_write_frame (audio copy)", wr, logObjects) }
        }
    }

    /// Takes `samples` from the FIFO (filling it from the input, or with silence) and encodes them.
    private func encodeFrame(samples: Int, _ format: UnsafeMutablePointer<AVFormatContext>) throws(VideoError) {
        guard let enc, let fifo, let frame else { throw .closed }
        try fill(fifo, samples)
        av_frame_unref(frame)
        frame.pointee.nb_samples = Int32(samples)
        frame.pointee.format = enc.pointee.sample_fmt.rawValue
        frame.pointee.sample_rate = enc.pointee.sample_rate
        guard av_channel_layout_copy(&frame.pointee.ch_layout, &enc.pointee.ch_layout) >= 0,
              av_frame_get_buffer(frame, 0) >= 0 else { throw ffmpegError("av_frame_get_buffer (audio)", cff_averror(ENOMEM)) }
        let read = frame.pointee.extended_data.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: AudioSource.channels) {
            av_audio_fifo_read(fifo, $0, Int32(samples))
        }
        guard read == Int32(samples) else { throw ffmpegError("av_audio_fifo_read", cff_averror(EINVAL)) }
        applyFade(frame, first: samplesEncoded)
        frame.pointee.pts = Int64(samplesEncoded)
        samplesEncoded += samples
        let r = avcodec_send_frame(enc, frame)
        guard r >= 0 else { throw ffmpegError("avcodec_send_frame (audio)", r, logObjects) }
        try drain(format)
    }

    /// Makes the FIFO hold at least `samples`: decoded input while there is some, else silence.
    private func fill(_ fifo: OpaquePointer, _ samples: Int) throws(VideoError) {
        while Int(av_audio_fifo_size(fifo)) < samples {
            if let input, let decoded = try input.nextFrame() {
                try resample(decoded, into: fifo)
            } else {
                try pushSilence(samples - Int(av_audio_fifo_size(fifo)), into: fifo)
            }
        }
    }

    private func resample(_ decoded: UnsafeMutablePointer<AVFrame>, into fifo: OpaquePointer) throws(VideoError) {
        guard let enc else { throw .closed }
        if resampler == nil {
            var swr: OpaquePointer?
            let r = swr_alloc_set_opts2(&swr, &enc.pointee.ch_layout, enc.pointee.sample_fmt, enc.pointee.sample_rate,
                                        &decoded.pointee.ch_layout, AVSampleFormat(rawValue: decoded.pointee.format),
                                        decoded.pointee.sample_rate, 0, nil)
            guard r >= 0, let swr, swr_init(swr) >= 0 else {
                throw .invalidFile(path: input?.path ?? "?", reason: "its audio cannot be resampled to 48 kHz stereo")
            }
            resampler = swr
        }
        let outCount = Int32(swr_get_out_samples(resampler, decoded.pointee.nb_samples))
        guard outCount > 0 else { return }
        var planes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?
        guard av_samples_alloc_array_and_samples(&planes, nil, Int32(AudioSource.channels), outCount, enc.pointee.sample_fmt, 0) >= 0,
              let planes else { throw ffmpegError("av_samples_alloc", cff_averror(ENOMEM)) }
        defer { av_freep(UnsafeMutableRawPointer(planes)); var p: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>? = planes; av_freep(&p) }
        let inData = decoded.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 1) { $0 }
        let n = swr_convert(resampler, planes, outCount, inData, decoded.pointee.nb_samples)
        guard n >= 0 else { throw .invalidFile(path: input?.path ?? "?", reason: "audio resampling failed") }
        let written = planes.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: AudioSource.channels) {
            av_audio_fifo_write(fifo, $0, n)
        }
        guard written == n else { throw ffmpegError("av_audio_fifo_write", cff_averror(ENOMEM)) }
        samplesQueued += Int(n)
    }

    private func pushSilence(_ count: Int, into fifo: OpaquePointer) throws(VideoError) {
        guard let enc, count > 0 else { return }
        var planes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?
        guard av_samples_alloc_array_and_samples(&planes, nil, Int32(AudioSource.channels), Int32(count), enc.pointee.sample_fmt, 0) >= 0,
              let planes else { throw ffmpegError("av_samples_alloc", cff_averror(ENOMEM)) }
        defer { av_freep(UnsafeMutableRawPointer(planes)); var p: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>? = planes; av_freep(&p) }
        av_samples_set_silence(planes, 0, Int32(count), Int32(AudioSource.channels), enc.pointee.sample_fmt)
        let written = planes.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: AudioSource.channels) {
            av_audio_fifo_write(fifo, $0, Int32(count))
        }
        guard written == Int32(count) else { throw ffmpegError("av_audio_fifo_write", cff_averror(ENOMEM)) }
    }

    /// g(n) = min(1, n/F, (N − n)/F) on float samples (planar or interleaved).
    private func applyFade(_ frame: UnsafeMutablePointer<AVFrame>, first: Int) {
        guard source.fadeSeconds > 0, let total = totalSamples ?? plannedSamples else { return }
        let f = source.fadeSeconds * Double(AudioSource.sampleRate)
        let n = Int(frame.pointee.nb_samples)
        let format = AVSampleFormat(rawValue: frame.pointee.format)
        func gain(_ i: Int) -> Float {
            let s = Double(first + i)
            return Float(max(0, min(1, s / f, (Double(total) - s) / f)))
        }
        if format == AV_SAMPLE_FMT_FLTP {
            for ch in 0..<AudioSource.channels {
                let p = UnsafeMutableRawPointer(frame.pointee.extended_data[ch]!).assumingMemoryBound(to: Float.self)
                for i in 0..<n { p[i] *= gain(i) }
            }
        } else if format == AV_SAMPLE_FMT_FLT {
            let p = UnsafeMutableRawPointer(frame.pointee.extended_data[0]!).assumingMemoryBound(to: Float.self)
            for i in 0..<n { for ch in 0..<AudioSource.channels { p[i * AudioSource.channels + ch] *= gain(i) } }
        } else if format == AV_SAMPLE_FMT_S16 {
            let p = UnsafeMutableRawPointer(frame.pointee.extended_data[0]!).assumingMemoryBound(to: Int16.self)
            for i in 0..<n { for ch in 0..<AudioSource.channels { let k = i * AudioSource.channels + ch; p[k] = Int16(Float(p[k]) * gain(i)) } }
        }
    }

    private func drain(_ format: UnsafeMutablePointer<AVFormatContext>) throws(VideoError) {
        guard let enc, let packet, let stream else { throw .closed }
        while true {
            let r = avcodec_receive_packet(enc, packet)
            if r == AVERROR_EAGAIN_ || r == AVERROR_EOF_ { return }
            guard r >= 0 else { throw ffmpegError("avcodec_receive_packet (audio)", r, logObjects) }
            av_packet_rescale_ts(packet, enc.pointee.time_base, streamTimeBase)
            packet.pointee.stream_index = stream.pointee.index
            let wr = av_interleaved_write_frame(format, packet)
            guard wr >= 0 else { throw ffmpegError("av_interleaved_write_frame (audio)", wr, logObjects) }
        }
    }

    private func close() {
        av_packet_free(&pending)
        input?.close()
        input = nil
        if resampler != nil { swr_free(&resampler) }
        if let f = fifo { av_audio_fifo_free(f); fifo = nil }
        av_frame_free(&frame)
        av_packet_free(&packet)
        if let c = enc { LogCapture.unwatch(UnsafeMutableRawPointer(c)) }
        avcodec_free_context(&enc)
    }

    deinit { close() }
}
