// PixelFormat.swift — the pixel formats encoders are fed, and how a frame of each is tagged
// and cleared. Conversion from the canvas's premultiplied RGBA8 is in FrameConverter.swift.
import CFFmpeg

/// A pixel format an encoder takes.
public enum PixelFormat: String, Sendable, CaseIterable {
    /// 8-bit YUV 4:2:0, BT.709 limited range (H.264, HEVC, AV1, VP9 without alpha).
    case yuv420p
    /// yuv420p plus a full-resolution 8-bit alpha plane (VP9 with alpha).
    case yuva420p
    /// 10-bit YUV 4:2:2, BT.709 limited range (ProRes 422 HQ).
    case yuv422p10le
    /// 10-bit YUV 4:4:4 (ProRes 4444 without alpha).
    case yuv444p10le
    /// 10-bit YUV 4:4:4 plus 10-bit alpha (ProRes 4444).
    case yuva444p10le
    /// Straight-alpha RGBA8 (PNG, APNG; GIF before its palette).
    case rgba
    /// Straight-alpha BGRA8 (libwebp).
    case bgra

    public var av: AVPixelFormat {
        switch self {
        case .yuv420p: return AV_PIX_FMT_YUV420P
        case .yuva420p: return AV_PIX_FMT_YUVA420P
        case .yuv422p10le: return AV_PIX_FMT_YUV422P10LE
        case .yuv444p10le: return AV_PIX_FMT_YUV444P10LE
        case .yuva444p10le: return AV_PIX_FMT_YUVA444P10LE
        case .rgba: return AV_PIX_FMT_RGBA
        case .bgra: return AV_PIX_FMT_BGRA
        }
    }

    public var hasAlpha: Bool { self != .yuv420p && self != .yuv422p10le && self != .yuv444p10le }
    public var isYUV: Bool { self != .rgba && self != .bgra }
    var needsEvenSize: Bool { self == .yuv420p || self == .yuva420p || self == .yuv422p10le }

    /// Sets BT.709 / limited-range tags on YUV frames (RGB frames stay untagged, full range).
    func tag(_ f: UnsafeMutablePointer<AVFrame>) {
        guard isYUV else { return }
        f.pointee.color_primaries = AVCOL_PRI_BT709
        f.pointee.color_trc = AVCOL_TRC_BT709
        f.pointee.colorspace = AVCOL_SPC_BT709
        f.pointee.color_range = AVCOL_RANGE_MPEG
    }

    /// Fills a frame with transparent black (Y at black level, chroma neutral, alpha 0).
    func clear(_ f: UnsafeMutablePointer<AVFrame>) {
        let w = Int(f.pointee.width), h = Int(f.pointee.height)
        func fill8(_ plane: Int32, _ value: UInt8, _ pw: Int, _ ph: Int) {
            let d = cff_frame_data(f, plane)!, ls = Int(cff_frame_linesize(f, plane))
            for row in 0..<ph { (d + row * ls).initialize(repeating: value, count: pw) }
        }
        func fill16(_ plane: Int32, _ value: UInt16, _ pw: Int, _ ph: Int) {
            let d = UnsafeMutableRawPointer(cff_frame_data(f, plane)!), ls = Int(cff_frame_linesize(f, plane))
            for row in 0..<ph { (d + row * ls).bindMemory(to: UInt16.self, capacity: pw).initialize(repeating: value, count: pw) }
        }
        switch self {
        case .yuv420p, .yuva420p:
            fill8(0, 16, w, h); fill8(1, 128, w / 2, h / 2); fill8(2, 128, w / 2, h / 2)
            if self == .yuva420p { fill8(3, 0, w, h) }
        case .yuv422p10le:
            fill16(0, 64, w, h); fill16(1, 512, w / 2, h); fill16(2, 512, w / 2, h)
        case .yuv444p10le, .yuva444p10le:
            fill16(0, 64, w, h); fill16(1, 512, w, h); fill16(2, 512, w, h)
            if self == .yuva444p10le { fill16(3, 0, w, h) }
        case .rgba, .bgra:
            fill8(0, 0, 4 * w, h)
        }
    }
}
