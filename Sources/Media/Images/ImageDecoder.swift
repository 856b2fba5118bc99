// ImageDecoder.swift — PNG, JPEG and WebP bytes to straight-alpha RGBA8, with libavcodec.
//
// The format is recognised by its signature (PNG: 89 50 4E 47 0D 0A 1A 0A; JPEG: FF D8 FF;
// WebP: "RIFF" size "WEBP"), never by a name or MIME type. The bytes go to libavcodec's decoder
// for it as one packet (with AV_INPUT_BUFFER_PADDING_SIZE zero bytes after them), then the decoder
// is drained. libavcodec's `max_pixels` is set to 2·cap + 2^20 so a header announcing a far larger
// picture is refused before its frame is allocated (libavcodec checks the stride-padded width, so
// the bound must leave room for the padding); the exact cap, width·height ≤ maxImagePixels, is
// checked on the decoded frame. The frame is converted to packed RGBA8 by
// libswscale (bit-exact for RGB(A) sources; YUV JPEGs at full range with full-resolution chroma
// interpolation, SWS_ACCURATE_RND). Images without alpha come out opaque (alpha 255).

import CFFmpeg

/// A decoded picture: width·height pixels, straight (not premultiplied) RGBA8, rows top to bottom.
public struct DecodedImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

public enum ImageFormat: String, Sendable {
    case png = "PNG", jpeg = "JPEG", webp = "WebP"

    /// The format `bytes` start with, if any.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }

    var codecID: AVCodecID {
        switch self {
        case .png: return AV_CODEC_ID_PNG
        case .jpeg: return AV_CODEC_ID_MJPEG
        case .webp: return AV_CODEC_ID_WEBP
        }
    }
}

public enum ImageDecoder {
    /// Decodes one still image (see the header).
    public static func decode(_ bytes: [UInt8], limits: MediaLimits = .standard) throws(MediaError) -> DecodedImage {
        guard bytes.count <= limits.maxEncodedImageBytes else {
            throw MediaError("\(bytes.count) bytes of image data, over the cap of \(limits.maxEncodedImageBytes) bytes")
        }
        guard let format = ImageFormat.sniff(bytes) else {
            throw MediaError("not a PNG, JPEG or WebP image (\(bytes.count) bytes with no known signature)")
        }
        guard let codec = avcodec_find_decoder(format.codecID) else { throw MediaError("libavcodec has no \(format.rawValue) decoder") }
        var context = avcodec_alloc_context3(codec)
        guard let ctx = context else { throw MediaError("out of memory") }
        defer { avcodec_free_context(&context) }
        ctx.pointee.max_pixels = Int64(limits.maxImagePixels) * 2 + (1 << 20)   // a backstop; see the header
        ctx.pointee.thread_count = 1
        guard avcodec_open2(ctx, codec, nil) >= 0 else { throw MediaError("the \(format.rawValue) decoder cannot be opened") }
        let frame = try decodeFrame(bytes, ctx, format, limits)
        defer { var f: UnsafeMutablePointer<AVFrame>? = frame; av_frame_free(&f) }
        return try convert(frame, format)
    }

    private static func decodeFrame(_ bytes: [UInt8], _ ctx: UnsafeMutablePointer<AVCodecContext>, _ format: ImageFormat,
                                    _ limits: MediaLimits) throws(MediaError) -> UnsafeMutablePointer<AVFrame> {
        var packet = av_packet_alloc()
        guard let pkt = packet else { throw MediaError("out of memory") }
        defer { av_packet_free(&packet) }
        guard av_new_packet(pkt, Int32(bytes.count)) >= 0 else { throw MediaError("out of memory") }
        bytes.withUnsafeBufferPointer { _ = memcpy(pkt.pointee.data, $0.baseAddress!, bytes.count) }
        guard let frame = av_frame_alloc() else { throw MediaError("out of memory") }
        var ok = false
        defer { if !ok { var f: UnsafeMutablePointer<AVFrame>? = frame; av_frame_free(&f) } }
        let sent = avcodec_send_packet(ctx, pkt)
        _ = avcodec_send_packet(ctx, nil)
        var received = avcodec_receive_frame(ctx, frame)
        if received == cff_averror_eagain() { received = avcodec_receive_frame(ctx, frame) }
        guard sent >= 0 || received >= 0, received >= 0 else {
            let (w, h) = (Int(ctx.pointee.width), Int(ctx.pointee.height))
            if w * h > limits.maxImagePixels {   // the header was read; the frame was refused by max_pixels
                throw MediaError("a \(w)×\(h) image, over the cap of \(limits.maxImagePixels) pixels")
            }
            throw MediaError("the \(format.rawValue) data cannot be decoded (damaged, truncated, or larger than the cap of "
                             + "\(limits.maxImagePixels) pixels): \(errorText(sent < 0 ? sent : received))")
        }
        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        guard w > 0, h > 0, w * h <= limits.maxImagePixels else {
            throw MediaError("a \(w)×\(h) image, over the cap of \(limits.maxImagePixels) pixels")
        }
        ok = true
        return frame
    }

    private static func convert(_ frame: UnsafeMutablePointer<AVFrame>, _ format: ImageFormat) throws(MediaError) -> DecodedImage {
        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        var source = AVPixelFormat(rawValue: frame.pointee.format)
        // The deprecated full-range "yuvj" formats are their yuv twins with the range set.
        let jpegTwins: [AVPixelFormat: AVPixelFormat] = [AV_PIX_FMT_YUVJ420P: AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ422P: AV_PIX_FMT_YUV422P,
                                                          AV_PIX_FMT_YUVJ444P: AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ440P: AV_PIX_FMT_YUV440P,
                                                          AV_PIX_FMT_YUVJ411P: AV_PIX_FMT_YUV411P]
        let fullRange = jpegTwins[source] != nil || frame.pointee.color_range == AVCOL_RANGE_JPEG
        if let twin = jpegTwins[source] { source = twin }
        let flags = SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP
        guard let sws = sws_getContext(Int32(w), Int32(h), source, Int32(w), Int32(h), AV_PIX_FMT_RGBA, flags, nil, nil, nil) else {
            throw MediaError("the \(format.rawValue) image's pixel format (\(pixelFormatName(source))) cannot be converted to RGBA")
        }
        defer { sws_freeContext(sws) }
        if fullRange { _ = cff_sws_set_matrix(sws, SWS_CS_DEFAULT, 1, 1) }   // JPEG: BT.601 at full range
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let rows = rgba.withUnsafeMutableBufferPointer { cff_sws_frame_to_rgba(sws, frame, $0.baseAddress!, Int32(w * 4)) }
        guard rows == Int32(h) else { throw MediaError("the \(format.rawValue) image could not be converted to RGBA") }
        return DecodedImage(width: w, height: h, rgba: rgba)
    }

    private static func pixelFormatName(_ f: AVPixelFormat) -> String {
        av_get_pix_fmt_name(f).map { String(cString: $0) } ?? "unknown"
    }

    private static func errorText(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
    }
}
