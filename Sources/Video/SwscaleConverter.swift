import CFFmpeg

/// libswscale's RGBA8 → YUV420P conversion exactly as `MP4Writer` sets it up
/// (`H264Settings.colorConversion = .swscale`): same size, SWS_BILINEAR, the
/// BT.709 table on both sides, source full range, destination limited range.
/// `RGBAToYUV420` reproduces its output; the tests compare the two.
final class SwscaleRGBAToYUV420 {
    let width: Int
    let height: Int
    private let sws: OpaquePointer

    init(width: Int, height: Int) throws(VideoError) {
        guard let s = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGBA,
                                     Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
                                     SWS_BILINEAR, nil, nil, nil) else {
            throw ffmpegError("sws_getContext", cff_averror(EINVAL))
        }
        let mr = cff_sws_set_matrix(s, SWS_CS_ITU709, 1, 0)
        guard mr >= 0 else {
            sws_freeContext(s)
            throw ffmpegError("sws_setColorspaceDetails", cff_averror(ENOTSUP))
        }
        self.width = width
        self.height = height
        self.sws = s
    }

    deinit { sws_freeContext(sws) }

    /// sws_getCoefficients(SWS_CS_ITU709): the YUV → RGB table swscale derives
    /// its RGB → YUV coefficients from (see `RGBAToYUV420.rgb2yuvTable`).
    static var bt709InverseTable: [Int32] {
        guard let t = sws_getCoefficients(SWS_CS_ITU709) else { return [] }
        return (0..<4).map { t[$0] }
    }

    /// Converts into `frame`'s planes. The frame must come from
    /// av_frame_get_buffer (or be padded likewise): swscale's x86 code writes
    /// whole vectors, past the end of each row.
    func convert(rgba: UnsafePointer<UInt8>, bytesPerRow: Int, into frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        let rows = cff_sws_rgba_to_frame(sws, rgba, Int32(bytesPerRow), Int32(height), frame)
        guard rows == Int32(height) else { throw ffmpegError("sws_scale", cff_averror(EINVAL)) }
    }

    /// Converts an RGBA8 array (rows `bytesPerRow` apart, default width × 4)
    /// into a new frame, through a padded scratch AVFrame.
    func convert(rgba: [UInt8], bytesPerRow: Int? = nil) throws(VideoError) -> YUV420Frame {
        let stride = bytesPerRow ?? width * 4
        guard stride >= width * 4, rgba.count >= stride * (height - 1) + width * 4 else {
            throw .invalidInput("RGBA buffer too small for \(width)x\(height) with \(stride) bytes per row")
        }
        guard let f = av_frame_alloc() else { throw ffmpegError("av_frame_alloc", cff_averror(ENOMEM)) }
        defer { var p: UnsafeMutablePointer<AVFrame>? = f; av_frame_free(&p) }
        f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        let r = av_frame_get_buffer(f, 0)
        guard r >= 0 else { throw ffmpegError("av_frame_get_buffer", r) }
        var result: Result<Void, VideoError> = .success(())
        rgba.withUnsafeBufferPointer { buf in
            do throws(VideoError) { try convert(rgba: buf.baseAddress!, bytesPerRow: stride, into: f) } catch { result = .failure(error) }
        }
        try result.get()
        var out = YUV420Frame(width: width, height: height)
        out.copy(from: f)
        return out
    }
}

extension YUV420Frame {
    /// Copies the visible part of an AVFrame's three planes (yuv420p, same size).
    mutating func copy(from f: UnsafePointer<AVFrame>) {
        let w = width, h = height, cw = chromaWidth, ch = chromaHeight
        func copyPlane(_ i: Int32, _ dst: inout [UInt8], _ pw: Int, _ ph: Int) {
            guard let src = cff_frame_data(f, i) else { return }
            let ls = Int(cff_frame_linesize(f, i))
            dst.withUnsafeMutableBufferPointer { d in
                for row in 0..<ph {
                    (d.baseAddress! + row * pw).update(from: src + row * ls, count: pw)
                }
            }
        }
        copyPlane(0, &y, w, h)
        copyPlane(1, &u, cw, ch)
        copyPlane(2, &v, cw, ch)
    }

    /// Copies the planes into an AVFrame's (yuv420p, same size, writable).
    func copy(to f: UnsafeMutablePointer<AVFrame>) {
        let w = width, h = height, cw = chromaWidth, ch = chromaHeight
        func copyPlane(_ i: Int32, _ src: [UInt8], _ pw: Int, _ ph: Int) {
            guard let dst = cff_frame_data(f, i) else { return }
            let ls = Int(cff_frame_linesize(f, i))
            src.withUnsafeBufferPointer { s in
                for row in 0..<ph {
                    (dst + row * ls).update(from: s.baseAddress! + row * pw, count: pw)
                }
            }
        }
        copyPlane(0, y, w, h)
        copyPlane(1, u, cw, ch)
        copyPlane(2, v, cw, ch)
    }
}
