// GIFWriter.swift — animated GIF: a palette made for the whole clip (or for each frame),
// deterministic dithering, 1-bit transparency over a matte, centisecond delays that add up to
// the clip's exact length.
//
// Every premultiplied RGBA frame is first made GIF-ready —
//     a < 128:  transparent (0, 0, 0, 0)
//     a ≥ 128:  opaque, the colour composited over the matte m: c = c′ + round(m·(255 − a)/255)
// (soft edges take the colour of the page the GIF will sit on). Then, by `GIFPalette`:
//
// global (the default), two passes.
// Pass 1 (as frames arrive): the frame is fed to libavfilter's `palettegen` (stats_mode=full:
// one histogram over every frame; with alpha, one entry reserved for transparency) and spooled
// to an unlinked temporary file beside the output (4 bytes/pixel; no memory grows with the clip).
// Pass 2 (finish): `paletteuse` (dither=sierra2_4a error diffusion — deterministic, no random
// dither; alpha_threshold=128) maps the spooled frames onto the palette, and libavcodec's `gif`
// encoder + the gif muxer write them (LibavWriter), loop count in the NETSCAPE block.
// This is ffmpeg's own two-pass recipe run in-process (the bench compares it with the ffmpeg
// CLI, README "GIF"): palettegen's median cut with full statistics is what gives GIF its ≈ 50 dB
// on flat animation; a hand-written quantizer would re-implement a kept library.
//
// per-frame, one pass: each frame goes through
//     split[a][b]; [a] palettegen=stats_mode=single [p]; [b][p] paletteuse=new=1
// (a palette from that frame alone, used for it and written as its local colour table) and
// straight on to the encoder: nothing is spooled, the file grows as frames arrive.
//
// Timing: GIF delays are whole centiseconds. Frame i starts at t_i = round(100·i·den/num) cs, so
// delay_i = t_{i+1} − t_i and the rounding never accumulates: the delays sum to exactly
// round(100·N·den/num) cs. (The gif muxer takes delays from pts differences in its 1/100 time
// base; the last one is `final_delay`, set before the trailer once N is known.) Browsers clamp
// delays under 2 cs to 10 cs, so clips above 50 fps play slowly there: `VideoSettings` callers warn.
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
    /// Global: the spooled GIF-ready frames between the passes (-1 for per-frame).
    private var spool: Int32 = -1
    /// Global: palettegen over every frame. Per-frame: the whole split/palettegen/paletteuse graph.
    private var filter: FilterGraph?
    /// Per-frame: the file, written as frames arrive.
    private var writer: LibavWriter?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var finished = false

    private var perFrame: Bool { settings.gifPalette == .perFrame }
    private var transparent: Int { settings.alpha ? 1 : 0 }
    /// paletteuse's error diffusion and the alpha threshold (also reported by `configuredEncoder`).
    static let dither = "sierra2_4a"
    static let alphaThreshold = 128
    private static let use = "paletteuse=dither=\(dither):alpha_threshold=\(alphaThreshold)"

    init(destination: String, settings: VideoSettings) throws(VideoError) {
        self.destination = destination
        self.settings = settings
        try FileSupport.checkDestination(destination)
        do throws(VideoError) {
            if perFrame {
                filter = try FilterGraph(description: "split[a][b];[a]palettegen=stats_mode=single:max_colors=256:reserve_transparent=\(transparent)[p];[b][p]\(Self.use):new=1",
                                         width: settings.width, height: settings.height, secondInput: false)
                writer = try LibavWriter(destination: destination, setup: streamSetup(finalDelay: nil))
            } else {
                let path = FileSupport.temporarySibling(of: destination)
                spool = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard spool >= 0 else { throw .io(operation: "create", path: path, errno: errno) }
                unlink(path)  // nothing is left behind whatever happens
                filter = try FilterGraph(description: "palettegen=stats_mode=full:max_colors=256:reserve_transparent=\(transparent)",
                                         width: settings.width, height: settings.height, secondInput: false)
            }
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

    /// The gif encoder and muxer, pal8 frames in a 1/100 s time base.
    private func streamSetup(finalDelay: Int64?) -> StreamSetup {
        var setup = StreamSetup(encoderName: "gif", muxerName: "gif", pixelFormat: AV_PIX_FMT_PAL8,
                                conversion: .none, width: settings.width, height: settings.height, fps: settings.fps)
        setup.timeBase = AVRational(num: 1, den: 100)
        let num = Int64(settings.fps.num), den = Int64(settings.fps.den)
        setup.pts = { i in (200 * Int64(i) * den + num) / (2 * num) }
        setup.bt709 = false
        setup.deterministic = settings.deterministic
        let loop = settings.loopCount == 0 ? 0 : settings.loopCount == 1 ? -1 : settings.loopCount - 1
        setup.muxerOptions = [("loop", String(loop))] + (finalDelay.map { [("final_delay", String($0))] } ?? [])
        setup.encoderOptions = settings.params.map { ($0.key, $0.value) }
        return setup
    }

    func append(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError) {
        guard !finished, let frame, let filter else { throw .closed }
        let base = try checkedRGBA(rgba, width: settings.width, height: settings.height, bytesPerRow: bytesPerRow)
        guard av_frame_make_writable(frame) >= 0 else { throw ffmpegError("av_frame_make_writable", cff_averror(ENOMEM)) }
        let w = settings.width, dst = cff_frame_data(frame, 0)!, ls = Int(cff_frame_linesize(frame, 0))
        let m = settings.matte
        for row in 0..<settings.height {
            matteRow(base.assumingMemoryBound(to: UInt8.self) + row * bytesPerRow, dst + row * ls, w, (Int(m.r), Int(m.g), Int(m.b)))
            if spool >= 0 { try writeAll(spool, UnsafeRawBufferPointer(start: dst + row * ls, count: 4 * w)) }
        }
        frame.pointee.pts = startCentiseconds(framesWritten)
        try filter.push(frame, input: 0)
        framesWritten += 1
        // Pulling from the sink runs the graph: the frame is consumed now (palettegen adds it to
        // its histogram; per frame it is encoded) instead of queueing in the source's link,
        // where frames would pile up until the end (memory growing with the clip).
        try filter.drain { out throws(VideoError) in
            guard let writer else { throw VideoError.invalidInput("palettegen gave a palette before the end of the clip") }
            try writer.append(avFrame: out)
        }
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
        guard !finished, frame != nil, filter != nil else { throw .closed }
        guard framesWritten > 0 else { throw .invalidInput("no frames were appended") }
        finished = true
        defer { cancel() }
        return perFrame ? try finishPerFrame() : try finishGlobal()
    }

    /// Per-frame: the frames still in the graph, then the last delay and the trailer.
    private func finishPerFrame() throws(VideoError) -> (frames: Int, bytes: Int) {
        guard let filter, let writer else { throw .closed }
        let n = framesWritten
        try filter.endInput(0)
        try filter.drain { out throws(VideoError) in try writer.append(avFrame: out) }
        guard writer.framesWritten == n else { throw VideoError.invalidInput("paletteuse gave \(writer.framesWritten) of \(n) frames") }
        try writer.setMuxerOption("final_delay", String(startCentiseconds(n) - startCentiseconds(n - 1)))
        return try writer.finish()
    }

    /// Global: the clip's palette, then pass 2 over the spooled frames.
    private func finishGlobal() throws(VideoError) -> (frames: Int, bytes: Int) {
        guard let frame, let filter else { throw .closed }
        let palette = try filter.finishAndTakeOne()
        var p: UnsafeMutablePointer<AVFrame>? = palette
        defer { av_frame_free(&p) }
        let n = framesWritten
        let use = try FilterGraph(description: Self.use, width: settings.width, height: settings.height, secondInput: true)
        try use.push(palette, input: 1)
        try use.endInput(1)
        let writer = try LibavWriter(destination: destination, setup: streamSetup(finalDelay: startCentiseconds(n) - startCentiseconds(n - 1)))
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
                frame.pointee.pts = startCentiseconds(i)
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
        writer?.cancel()
        writer = nil
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
