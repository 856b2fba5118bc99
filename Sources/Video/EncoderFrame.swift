// EncoderFrame.swift — a YUV 4:2:0 frame in FFmpeg's own reference-counted buffers.
//
// `MP4Writer.append(_:)` hands such a frame to the encoder as it is (avcodec_send_frame takes a
// reference, libx264 copies the picture into its own frame before the call returns), so a
// producer that converts straight into an EncoderFrame saves the 1.5 bytes/pixel copy that
// `append(yuv:)` makes, and keeps what it converted for the next frame it puts in the same
// EncoderFrame (RGBAToYUV420+Region.swift converts only what changed).
//
// Planes are allocated by av_frame_get_buffer (FFmpeg's alignment and padding) and start black
// (Y 16, U/V 128, BT.709 limited range). One thread at a time may touch a frame; before writing
// into a frame that was sent, call `makeWritable()` (a no-op unless the encoder still holds
// the buffers, in which case they are copied, contents included).
import CFFmpeg

/// A frame in an encoder's pixel format (YUV 4:2:0, BT.709, limited range unless made with
/// another `PixelFormat`) in an FFmpeg AVFrame, sent without copying.
public final class EncoderFrame: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// The pixel format of the planes.
    public let pixelFormat: PixelFormat
    public var chromaWidth: Int { width / 2 }
    public var chromaHeight: Int { height / 2 }
    /// The AVFrame (format yuv420p, BT.709 tags, limited range), owned by this object.
    let avFrame: UnsafeMutablePointer<AVFrame>

    /// A black frame. Width and height must be positive, even and at most 16384.
    public init(width: Int, height: Int) throws(VideoError) {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0, width <= 16384, height <= 16384 else {
            throw .invalidSettings("size \(width)x\(height) must be positive, even and at most 16384 for yuv420p")
        }
        avFrame = try Self.allocate(width: width, height: height, format: AV_PIX_FMT_YUV420P) { f in
            f.pointee.color_primaries = AVCOL_PRI_BT709
            f.pointee.color_trc = AVCOL_TRC_BT709
            f.pointee.colorspace = AVCOL_SPC_BT709
            f.pointee.color_range = AVCOL_RANGE_MPEG
        }
        self.width = width
        self.height = height
        self.pixelFormat = .yuv420p
        let p = planes
        for row in 0..<height { (p.y + row * p.yStride).initialize(repeating: 16, count: width) }
        for row in 0..<height / 2 {
            (p.u + row * p.uStride).initialize(repeating: 128, count: width / 2)
            (p.v + row * p.vStride).initialize(repeating: 128, count: width / 2)
        }
    }

    /// A frame of `pixelFormat`, cleared to transparent black (opaque black without alpha).
    /// Sizes must suit the format (even for chroma-subsampled ones; at most 16384).
    public init(width: Int, height: Int, pixelFormat: PixelFormat) throws(VideoError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              !pixelFormat.needsEvenSize || (width % 2 == 0 && height % 2 == 0) else {
            throw .invalidSettings("size \(width)x\(height) does not suit \(pixelFormat.rawValue)\(pixelFormat.needsEvenSize ? " (even sides)" : "")")
        }
        avFrame = try Self.allocate(width: width, height: height, format: pixelFormat.av) { pixelFormat.tag($0) }
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        pixelFormat.clear(avFrame)
    }

    /// An AVFrame of `format` and size with its planes allocated (contents undefined), square
    /// pixels, tagged by `tag`.
    private static func allocate(width: Int, height: Int, format: AVPixelFormat,
                                 tag: (UnsafeMutablePointer<AVFrame>) -> Void) throws(VideoError) -> UnsafeMutablePointer<AVFrame> {
        guard let f = av_frame_alloc() else { throw ffmpegError("av_frame_alloc", cff_averror(ENOMEM)) }
        f.pointee.format = format.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        tag(f)
        f.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        let r = av_frame_get_buffer(f, 0)
        guard r >= 0 else {
            var g: UnsafeMutablePointer<AVFrame>? = f
            av_frame_free(&g)
            throw ffmpegError("av_frame_get_buffer", r)
        }
        return f
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = avFrame
        av_frame_free(&f)
    }

    /// Makes the planes this frame's alone (copying them, contents kept, if the encoder still
    /// references them). Call before writing into a frame that was sent.
    public func makeWritable() throws(VideoError) {
        let r = av_frame_make_writable(avFrame)
        guard r >= 0 else { throw ffmpegError("av_frame_make_writable", r) }
    }

    /// Plane pointers and strides (bytes between rows); valid until the next `makeWritable()`.
    public var planes: (y: UnsafeMutablePointer<UInt8>, yStride: Int,
                        u: UnsafeMutablePointer<UInt8>, uStride: Int,
                        v: UnsafeMutablePointer<UInt8>, vStride: Int) {
        (cff_frame_data(avFrame, 0), Int(cff_frame_linesize(avFrame, 0)),
         cff_frame_data(avFrame, 1), Int(cff_frame_linesize(avFrame, 1)),
         cff_frame_data(avFrame, 2), Int(cff_frame_linesize(avFrame, 2)))
    }

    /// Plane `i`'s first byte and bytes per row (any pixel format); valid until `makeWritable()`.
    public func plane(_ i: Int) -> (base: UnsafeMutablePointer<UInt8>, stride: Int) {
        (cff_frame_data(avFrame, Int32(i)), Int(cff_frame_linesize(avFrame, Int32(i))))
    }

    /// The samples as a packed `YUV420Frame` (a copy, for tests and inspection).
    public func yuv420Frame() -> YUV420Frame {
        var out = YUV420Frame(width: width, height: height)
        let p = planes, w = width, cw = chromaWidth
        out.y.withUnsafeMutableBufferPointer { b in
            for row in 0..<height { (b.baseAddress! + row * w).update(from: p.y + row * p.yStride, count: w) }
        }
        out.u.withUnsafeMutableBufferPointer { b in
            for row in 0..<chromaHeight { (b.baseAddress! + row * cw).update(from: p.u + row * p.uStride, count: cw) }
        }
        out.v.withUnsafeMutableBufferPointer { b in
            for row in 0..<chromaHeight { (b.baseAddress! + row * cw).update(from: p.v + row * p.vStride, count: cw) }
        }
        return out
    }
}
