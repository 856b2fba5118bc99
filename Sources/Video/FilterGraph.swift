// FilterGraph.swift — a libavfilter graph fed RGBA frames from Swift: one or two `buffer`
// sources ("in0", "in1") linked through a filter description ("palettegen=…", "paletteuse=…",
// "split[a][b];…") to one `buffersink`. GIF's palette passes run through it (GIFWriter.swift).
// One thread, so the same frames give the same bytes on every machine.
import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A libavfilter graph with one or two RGBA inputs ("in0", "in1") and one output, built from a
/// filter description.
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
