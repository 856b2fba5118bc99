import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes RGBA8 stills as PNG through libavcodec's PNG encoder.
public enum PNGWriter {
    /// Encodes `width × height` RGBA8 pixels (straight, i.e. not premultiplied,
    /// alpha; rows `bytesPerRow` apart) as an RGBA PNG, written atomically
    /// (hidden temporary file beside `path`, then rename).
    public static func write(rgba: UnsafeRawBufferPointer, width: Int, height: Int,
                             bytesPerRow: Int, to path: String) throws(VideoError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .invalidInput("PNG size \(width)x\(height) out of range")
        }
        let src = try checkedRGBA(rgba, width: width, height: height, bytesPerRow: bytesPerRow)
        try FileSupport.checkDestination(path)
        FFmpegLog.install()
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw .encoderUnavailable("png")
        }
        var ctx = avcodec_alloc_context3(codec)
        var frame = av_frame_alloc()
        var pkt = av_packet_alloc()
        defer {
            if let c = ctx { LogCapture.unwatch(UnsafeMutableRawPointer(c)) }
            avcodec_free_context(&ctx)
            av_frame_free(&frame)
            av_packet_free(&pkt)
        }
        guard let c = ctx, let frame, let pkt else { throw ffmpegError("avcodec_alloc_context3", cff_averror(ENOMEM)) }
        LogCapture.watch(UnsafeMutableRawPointer(c))
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = AV_PIX_FMT_RGBA
        c.pointee.time_base = AVRational(num: 1, den: 1)
        c.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        var r = avcodec_open2(c, codec, nil)
        guard r >= 0 else { throw ffmpegError("avcodec_open2 (png)", r, [UnsafeMutableRawPointer(c)]) }

        frame.pointee.format = AV_PIX_FMT_RGBA.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        r = av_frame_get_buffer(frame, 0)
        guard r >= 0 else { throw ffmpegError("av_frame_get_buffer", r) }
        let dst = cff_frame_data(frame, 0)!
        let dstStride = Int(cff_frame_linesize(frame, 0))
        for y in 0..<height {
            (dst + y * dstStride).update(from: src.assumingMemoryBound(to: UInt8.self) + y * bytesPerRow,
                                         count: width * 4)
        }
        frame.pointee.pts = 0
        r = avcodec_send_frame(c, frame)
        guard r >= 0 else { throw ffmpegError("avcodec_send_frame (png)", r, [UnsafeMutableRawPointer(c)]) }
        r = avcodec_send_frame(c, nil)
        guard r >= 0 else { throw ffmpegError("avcodec_send_frame (png flush)", r, [UnsafeMutableRawPointer(c)]) }
        r = avcodec_receive_packet(c, pkt)
        guard r >= 0 else { throw ffmpegError("avcodec_receive_packet (png)", r, [UnsafeMutableRawPointer(c)]) }
        defer { av_packet_unref(pkt) }
        try FileSupport.writeAtomically(UnsafeRawBufferPointer(start: pkt.pointee.data, count: Int(pkt.pointee.size)),
                                        to: path)
    }

    /// Convenience for a tightly packed `[UInt8]`.
    public static func write(rgba: [UInt8], width: Int, height: Int, to path: String) throws(VideoError) {
        var result: Result<Void, VideoError> = .success(())
        rgba.withUnsafeBytes { buf in
            do throws(VideoError) {
                try write(rgba: buf, width: width, height: height, bytesPerRow: width * 4, to: path)
            } catch { result = .failure(error) }
        }
        try result.get()
    }
}

/// Reads a PNG (any PNG pixel format) into RGBA8 through libavcodec.
public enum PNGReader {
    /// The image as tightly packed RGBA8 (straight alpha; 255 when the file has none).
    public static func read(path: String) throws(VideoError) -> (width: Int, height: Int, rgba: [UInt8]) {
        let bytes = try FileSupport.readAll(path)
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .invalidFile(path: path, reason: "not a PNG file")
        }
        FFmpegLog.install()
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_PNG) else { throw .encoderUnavailable("png decoder") }
        var ctx = avcodec_alloc_context3(codec)
        var frame = av_frame_alloc()
        var pkt = av_packet_alloc()
        var sws: OpaquePointer?
        defer {
            if let c = ctx { LogCapture.unwatch(UnsafeMutableRawPointer(c)) }
            avcodec_free_context(&ctx)
            av_frame_free(&frame)
            av_packet_free(&pkt)
            if let sws { sws_freeContext(sws) }
        }
        guard let c = ctx, let frame, let pkt else { throw ffmpegError("avcodec_alloc_context3", cff_averror(ENOMEM)) }
        LogCapture.watch(UnsafeMutableRawPointer(c))
        c.pointee.thread_count = 1
        var r = avcodec_open2(c, codec, nil)
        guard r >= 0 else { throw ffmpegError("avcodec_open2 (png decoder)", r, [UnsafeMutableRawPointer(c)]) }
        r = av_new_packet(pkt, Int32(bytes.count))
        guard r >= 0 else { throw ffmpegError("av_new_packet", r) }
        bytes.withUnsafeBytes { pkt.pointee.data.update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        r = avcodec_send_packet(c, pkt)
        guard r >= 0 else { throw ffmpegError("avcodec_send_packet (png '\(path)')", r, [UnsafeMutableRawPointer(c)]) }
        _ = avcodec_send_packet(c, nil)
        r = avcodec_receive_frame(c, frame)
        guard r >= 0 else { throw ffmpegError("avcodec_receive_frame (png '\(path)')", r, [UnsafeMutableRawPointer(c)]) }

        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        if frame.pointee.format == AV_PIX_FMT_RGBA.rawValue {
            let src = cff_frame_data(frame, 0)!
            let stride = Int(cff_frame_linesize(frame, 0))
            out.withUnsafeMutableBytes { dst in
                for y in 0..<h {
                    (dst.baseAddress! + y * w * 4).copyMemory(from: src + y * stride, byteCount: w * 4)
                }
            }
        } else {
            sws = sws_getContext(Int32(w), Int32(h), AVPixelFormat(rawValue: frame.pointee.format),
                                 Int32(w), Int32(h), AV_PIX_FMT_RGBA,
                                 SWS_POINT | SWS_ACCURATE_RND, nil, nil, nil)
            guard let sws else { throw ffmpegError("sws_getContext (png)", cff_averror(EINVAL)) }
            let rows = out.withUnsafeMutableBytes {
                cff_sws_frame_to_rgba(sws, frame, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(w * 4))
            }
            guard rows == Int32(h) else { throw ffmpegError("sws_scale (png)", cff_averror(EINVAL)) }
        }
        return (w, h, out)
    }
}
