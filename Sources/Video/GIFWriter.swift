// GIFWriter.swift — animated GIF: one palette made for the whole clip, deterministic dithering,
// 1-bit transparency over a matte, centisecond delays that add up to the clip's exact length.
//
// Pass 1 (as frames arrive): each premultiplied RGBA frame is made GIF-ready —
//     a < 128:  transparent (0, 0, 0, 0)
//     a ≥ 128:  opaque, the colour composited over the matte m: c = c′ + round(m·(255 − a)/255)
// (soft edges take the colour of the page the GIF will sit on), fed to libavfilter's
// `palettegen` (stats_mode=full: one histogram over every frame; with alpha, one entry reserved
// for transparency) and spooled to an unlinked temporary file beside the output (4 bytes/pixel;
// no memory grows with the clip).
// Pass 2 (finish): `paletteuse` (dither=sierra2_4a error diffusion — deterministic, no random
// dither; alpha_threshold=128) maps the spooled frames onto the palette, and libavcodec's `gif`
// encoder + the gif muxer write them (LibavWriter), loop count in the NETSCAPE block.
// This is ffmpeg's own two-pass recipe run in-process (the bench compares it with the ffmpeg
// CLI, README "GIF"): palettegen's median cut with full statistics is what gives GIF its ≈ 50 dB
// on flat animation; a hand-written quantizer would re-implement a kept library.
//
// Timing: GIF delays are whole centiseconds. Frame i starts at t_i = round(100·i·den/num) cs, so
// delay_i = t_{i+1} − t_i and the rounding never accumulates: the delays sum to exactly
// round(100·N·den/num) cs. (The gif muxer takes delays from pts differences in its 1/100 time
// base; the last one is `final_delay`.) Browsers clamp delays under 2 cs to 10 cs, so clips above
// 50 fps play slowly there: `VideoSettings` callers warn.
import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class GIFWriter {
    let destination: String
    let settings: VideoSettings
    private(set) var framesWritten = 0
    private var spool: Int32 = -1
    private var filter: FilterGraph?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var finished = false

    init(destination: String, settings: VideoSettings) throws(VideoError) {
        self.destination = destination
        self.settings = settings
        try FileSupport.checkDestination(destination)
        let path = FileSupport.temporarySibling(of: destination)
        spool = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard spool >= 0 else { throw .io(operation: "create", path: path, errno: errno) }
        unlink(path)  // nothing is left behind whatever happens
        do throws(VideoError) {
            filter = try FilterGraph(description: "palettegen=stats_mode=full:max_colors=256:reserve_transparent=\(settings.alpha ? 1 : 0)",
                                     width: settings.width, height: settings.height, secondInput: false)
            guard let f = av_frame_alloc() else { throw ffmpegError("av_frame_alloc", cff_averror(ENOMEM)) }
            frame = f
            f.pointee.format = AV_PIX_FMT_RGBA.rawValue
            f.pointee.width = Int32(settings.width)
            f.pointee.height = Int32(settings.height)
            let r = av_frame_get_buffer(f, 0)
            guard r >= 0 else { throw ffmpegError("av_frame_get_buffer", r) }
        } catch {
            cancel()
            throw error
        }
    }

    deinit { cancel() }

    /// Centisecond start of frame i (see the header).
    func startCentiseconds(_ i: Int) -> Int64 {
        let num = Int64(settings.fps.num), den = Int64(settings.fps.den)
        return (200 * Int64(i) * den + num) / (2 * num)
    }

    func append(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError) {
        guard !finished, let frame, let filter else { throw .closed }
        let base = try checkedRGBA(rgba, width: settings.width, height: settings.height, bytesPerRow: bytesPerRow)
        guard av_frame_make_writable(frame) >= 0 else { throw ffmpegError("av_frame_make_writable", cff_averror(ENOMEM)) }
        let w = settings.width, dst = cff_frame_data(frame, 0)!, ls = Int(cff_frame_linesize(frame, 0))
        let m = settings.matte
        for row in 0..<settings.height {
            matteRow(base.assumingMemoryBound(to: UInt8.self) + row * bytesPerRow, dst + row * ls, w, (Int(m.r), Int(m.g), Int(m.b)))
            try writeAll(spool, UnsafeRawBufferPointer(start: dst + row * ls, count: 4 * w))
        }
        frame.pointee.pts = startCentiseconds(framesWritten)
        try filter.push(frame, input: 0)
        framesWritten += 1
    }

    /// GIF-ready pixels: alpha < 128 transparent, else opaque over the matte.
    private func matteRow(_ s: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>, _ w: Int, _ m: (Int, Int, Int)) {
        for x in 0..<w {
            let a = Int(s[4 * x + 3])
            if a < 128 {
                d[4 * x] = 0; d[4 * x + 1] = 0; d[4 * x + 2] = 0; d[4 * x + 3] = 0
            } else {
                let k = 255 - a
                d[4 * x] = UInt8(min(255, Int(s[4 * x]) + (m.0 * k + 127) / 255))
                d[4 * x + 1] = UInt8(min(255, Int(s[4 * x + 1]) + (m.1 * k + 127) / 255))
                d[4 * x + 2] = UInt8(min(255, Int(s[4 * x + 2]) + (m.2 * k + 127) / 255))
                d[4 * x + 3] = 255
            }
        }
    }

    func finish() throws(VideoError) -> (frames: Int, bytes: Int) {
        guard !finished, let frame, let filter else { throw .closed }
        guard framesWritten > 0 else { throw .invalidInput("no frames were appended") }
        finished = true
        defer { cancel() }
        let palette = try filter.finishAndTakeOne()
        var p: UnsafeMutablePointer<AVFrame>? = palette
        defer { av_frame_free(&p) }
        let n = framesWritten
        let use = try FilterGraph(description: "paletteuse=dither=sierra2_4a:alpha_threshold=128",
                                  width: settings.width, height: settings.height, secondInput: true)
        try use.push(palette, input: 1)
        try use.endInput(1)
        var setup = StreamSetup(encoderName: "gif", muxerName: "gif", pixelFormat: AV_PIX_FMT_PAL8,
                                conversion: .none, width: settings.width, height: settings.height, fps: settings.fps)
        setup.timeBase = AVRational(num: 1, den: 100)
        let starts = (0...n).map(startCentiseconds)
        setup.pts = { starts[$0] }
        setup.bt709 = false
        setup.deterministic = settings.deterministic
        let loop = settings.loopCount == 0 ? 0 : settings.loopCount == 1 ? -1 : settings.loopCount - 1
        setup.muxerOptions = [("loop", String(loop)), ("final_delay", String(starts[n] - starts[n - 1]))]
        setup.encoderOptions = settings.params.map { ($0.key, $0.value) }
        let writer = try LibavWriter(destination: destination, setup: setup)
        do throws(VideoError) {
            let w = settings.width
            for i in 0..<n {
                if settings.shouldStop?() == true { throw VideoError.stopped }
                guard av_frame_make_writable(frame) >= 0 else { throw ffmpegError("av_frame_make_writable", cff_averror(ENOMEM)) }
                let dst = cff_frame_data(frame, 0)!, ls = Int(cff_frame_linesize(frame, 0))
                for row in 0..<settings.height {
                    let offset = off_t((i * settings.height + row) * 4 * w)
                    try readAll(spool, UnsafeMutableRawBufferPointer(start: dst + row * ls, count: 4 * w), at: offset)
                }
                frame.pointee.pts = starts[i]
                try use.push(frame, input: 0)
                try use.drain { out throws(VideoError) in try writer.append(avFrame: out) }
            }
            try use.endInput(0)
            try use.drain { out throws(VideoError) in try writer.append(avFrame: out) }
            guard writer.framesWritten == n else { throw VideoError.invalidInput("paletteuse gave \(writer.framesWritten) of \(n) frames") }
            return try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }

    func cancel() {
        filter = nil
        av_frame_free(&frame)
        if spool >= 0 { close(spool); spool = -1 }
        finished = true
    }

    private func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(VideoError) {
        var done = 0
        while done < bytes.count {
            let k = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if k < 0 { if errno == EINTR { continue }; throw .io(operation: "write GIF frames beside", path: destination, errno: errno) }
            done += k
        }
    }

    private func readAll(_ fd: Int32, _ bytes: UnsafeMutableRawBufferPointer, at offset: off_t) throws(VideoError) {
        var done = 0
        while done < bytes.count {
            let k = pread(fd, bytes.baseAddress! + done, bytes.count - done, offset + off_t(done))
            if k < 0 { if errno == EINTR { continue }; throw .io(operation: "read GIF frames beside", path: destination, errno: errno) }
            if k == 0 { throw .io(operation: "read GIF frames beside", path: destination, errno: EIO) }
            done += k
        }
    }
}

/// A libavfilter graph with one or two RGBA inputs ("in0", "in1") and one output, built from a
/// filter description ("palettegen=…" or "paletteuse=…").
final class FilterGraph {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var sources: [UnsafeMutablePointer<AVFilterContext>] = []
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var out: UnsafeMutablePointer<AVFrame>?

    init(description: String, width: Int, height: Int, secondInput: Bool) throws(VideoError) {
        guard let g = avfilter_graph_alloc(), let o = av_frame_alloc() else { throw ffmpegError("avfilter_graph_alloc", cff_averror(ENOMEM)) }
        graph = g
        out = o
        g.pointee.nb_threads = 1  // same bytes on every machine
        let inputs = secondInput ? [("in0", width, height), ("in1", 16, 16)] : [("in0", width, height)]
        for (name, w, h) in inputs {
            var ctx: UnsafeMutablePointer<AVFilterContext>?
            let args = "video_size=\(w)x\(h):pix_fmt=\(AV_PIX_FMT_RGBA.rawValue):time_base=1/100:pixel_aspect=1/1"
            let r = avfilter_graph_create_filter(&ctx, avfilter_get_by_name("buffer"), name, args, nil, g)
            guard r >= 0, let ctx else { throw ffmpegError("avfilter_graph_create_filter (buffer)", r) }
            sources.append(ctx)
        }
        var sinkCtx: UnsafeMutablePointer<AVFilterContext>?
        let sr = avfilter_graph_create_filter(&sinkCtx, avfilter_get_by_name("buffersink"), "out", nil, nil, g)
        guard sr >= 0, let sinkCtx else { throw ffmpegError("avfilter_graph_create_filter (buffersink)", sr) }
        sink = sinkCtx
        // Link: [in0][in1] description [out]
        var text = ""
        for (name, _, _) in inputs { text += "[\(name)]" }
        text += description + "[out]"
        var ins: UnsafeMutablePointer<AVFilterInOut>? = nil, outs: UnsafeMutablePointer<AVFilterInOut>? = nil
        defer { avfilter_inout_free(&ins); avfilter_inout_free(&outs) }
        // "outputs" of the parsed text are what the graph's open pads connect to: our sources.
        for (i, (name, _, _)) in inputs.enumerated().reversed() {
            guard let e = avfilter_inout_alloc() else { throw ffmpegError("avfilter_inout_alloc", cff_averror(ENOMEM)) }
            e.pointee.name = av_strdup(name)
            e.pointee.filter_ctx = sources[i]
            e.pointee.pad_idx = 0
            e.pointee.next = outs
            outs = e
        }
        guard let e = avfilter_inout_alloc() else { throw ffmpegError("avfilter_inout_alloc", cff_averror(ENOMEM)) }
        e.pointee.name = av_strdup("out")
        e.pointee.filter_ctx = sinkCtx
        e.pointee.pad_idx = 0
        ins = e
        let pr = avfilter_graph_parse_ptr(g, text, &ins, &outs, nil)
        guard pr >= 0 else { throw ffmpegError("avfilter_graph_parse_ptr '\(text)'", pr) }
        let cr = avfilter_graph_config(g, nil)
        guard cr >= 0 else { throw ffmpegError("avfilter_graph_config", cr) }
    }

    deinit {
        av_frame_free(&out)
        avfilter_graph_free(&graph)
    }

    func push(_ frame: UnsafeMutablePointer<AVFrame>, input: Int) throws(VideoError) {
        let r = av_buffersrc_add_frame_flags(sources[input], frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF))
        guard r >= 0 else { throw ffmpegError("av_buffersrc_add_frame", r) }
    }

    func endInput(_ input: Int) throws(VideoError) {
        let r = av_buffersrc_add_frame_flags(sources[input], nil, 0)
        guard r >= 0 else { throw ffmpegError("av_buffersrc_add_frame (end)", r) }
    }

    /// Hands every frame the graph has ready to `body` (valid during the call).
    func drain(_ body: (UnsafeMutablePointer<AVFrame>) throws(VideoError) -> Void) throws(VideoError) {
        guard let sink, let out else { throw .closed }
        while true {
            let r = av_buffersink_get_frame(sink, out)
            if r == AVERROR_EAGAIN_ || r == AVERROR_EOF_ { return }
            guard r >= 0 else { throw ffmpegError("av_buffersink_get_frame", r) }
            defer { av_frame_unref(out) }
            try body(out)
        }
    }

    /// Ends input 0 and returns the one frame the graph then gives (palettegen's palette); the
    /// caller frees it.
    func finishAndTakeOne() throws(VideoError) -> UnsafeMutablePointer<AVFrame> {
        try endInput(0)
        guard let sink, let f = av_frame_alloc() else { throw .closed }
        let r = av_buffersink_get_frame(sink, f)
        guard r >= 0 else {
            var p: UnsafeMutablePointer<AVFrame>? = f
            av_frame_free(&p)
            throw ffmpegError("palettegen", r)
        }
        return f
    }
}
