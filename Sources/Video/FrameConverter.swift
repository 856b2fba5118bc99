// FrameConverter.swift — the canvas's premultiplied RGBA8 → an encoder's pixel format.
//
//   yuv420p       RGBAToYUV420 as before (alpha ignored: the frame is opaque), byte-identical
//                 to libswscale.
//   yuva420p      un-premultiply (Unpremultiply.swift) into a straight scratch image, then the
//                 same RGBAToYUV420 on it (Y/U/V are libswscale's yuv420p samples of the straight
//                 image; its own yuva420p path differs by at most one) and the alpha bytes as A.
//   yuv422p10le,  un-premultiply one row into a scratch row, then RGBAToYUV10 (BT.709 limited,
//   yuv(a)444p10le 10 bits).
//   rgba, bgra    un-premultiply straight into the frame (bgra with red and blue swapped).
//
// `Implementation.scalar` runs every step's reference (one sample at a time), `.fast` the
// vector kernels; the tests check both give the same frames and compare them with libswscale.
import CFFmpeg

public final class FrameConverter {
    public enum Implementation: String, Sendable, CaseIterable { case fast, scalar }

    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public var implementation: Implementation = .fast
    private var yuv420: RGBAToYUV420?
    private var scratch: [UInt8] = []

    public init(width: Int, height: Int, format: PixelFormat) throws(VideoError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              !format.needsEvenSize || (width % 2 == 0 && height % 2 == 0) else {
            throw .invalidSettings("size \(width)x\(height) does not suit \(format.rawValue)")
        }
        self.width = width
        self.height = height
        self.format = format
        switch format {
        case .yuv420p: yuv420 = try RGBAToYUV420(width: width, height: height)
        case .yuva420p:
            yuv420 = try RGBAToYUV420(width: width, height: height)
            scratch = [UInt8](repeating: 0, count: width * height * 4)
        case .yuv422p10le, .yuv444p10le, .yuva444p10le: scratch = [UInt8](repeating: 0, count: width * 4)
        case .rgba, .bgra: break
        }
    }

    /// Converts a premultiplied RGBA8 image (rows `bytesPerRow` apart) into `frame`, which must
    /// have this converter's size and format.
    public func convert(rgba: UnsafeRawBufferPointer, bytesPerRow: Int, into frame: EncoderFrame) throws(VideoError) {
        guard frame.width == width, frame.height == height, frame.pixelFormat == format else {
            throw .invalidInput("frame is \(frame.width)x\(frame.height) \(frame.pixelFormat.rawValue), the converter makes \(width)x\(height) \(format.rawValue)")
        }
        let base = try checkedRGBA(rgba, width: width, height: height, bytesPerRow: bytesPerRow)
        convertUnchecked(base.assumingMemoryBound(to: UInt8.self), bytesPerRow, frame.avFrame)
    }

    /// Converts into an AVFrame of this size and format (from av_frame_get_buffer).
    func convertUnchecked(_ src: UnsafePointer<UInt8>, _ bytesPerRow: Int, _ f: UnsafeMutablePointer<AVFrame>) {
        let unpremultiply = implementation == .fast ? unpremultiplyFast : unpremultiplyScalar
        switch format {
        case .yuv420p:
            yuv420!.convertUnchecked(UnsafeRawPointer(src), bytesPerRow,
                                     cff_frame_data(f, 0), Int(cff_frame_linesize(f, 0)),
                                     cff_frame_data(f, 1), Int(cff_frame_linesize(f, 1)),
                                     cff_frame_data(f, 2), Int(cff_frame_linesize(f, 2)),
                                     implementation == .fast ? .fastest : .scalar)
        case .yuva420p:
            let w = width
            scratch.withUnsafeMutableBufferPointer { s in
                let straight = s.baseAddress!
                for row in 0..<height { unpremultiply(src + row * bytesPerRow, straight + row * w * 4, w, false) }
                yuv420!.convertUnchecked(UnsafeRawPointer(straight), w * 4,
                                         cff_frame_data(f, 0), Int(cff_frame_linesize(f, 0)),
                                         cff_frame_data(f, 1), Int(cff_frame_linesize(f, 1)),
                                         cff_frame_data(f, 2), Int(cff_frame_linesize(f, 2)),
                                         implementation == .fast ? .fastest : .scalar)
                let a = cff_frame_data(f, 3)!, aStride = Int(cff_frame_linesize(f, 3))
                for row in 0..<height {
                    let line = src + row * bytesPerRow, out = a + row * aStride
                    for x in 0..<w { out[x] = line[4 * x + 3] }
                }
            }
        case .yuv422p10le, .yuv444p10le, .yuva444p10le:
            func plane(_ i: Int32) -> (UnsafeMutablePointer<UInt16>, Int) {
                (UnsafeMutableRawPointer(cff_frame_data(f, i)!).assumingMemoryBound(to: UInt16.self),
                 Int(cff_frame_linesize(f, i)) / 2)
            }
            let (y, ys) = plane(0), (u, us) = plane(1), (v, vs) = plane(2)
            let alpha = format == .yuva444p10le ? plane(3) : nil
            let planes = YUV10Planes(y: y, yStride: ys, u: u, uStride: us, v: v, vStride: vs,
                                     a: alpha?.0, aStride: alpha?.1 ?? 0, halfChroma: format == .yuv422p10le)
            let kernel = implementation == .fast ? RGBAToYUV10.convertRowSIMD : RGBAToYUV10.convertRowScalar
            let w = width
            scratch.withUnsafeMutableBufferPointer { s in
                for row in 0..<height {
                    unpremultiply(src + row * bytesPerRow, s.baseAddress!, w, false)
                    kernel(UnsafePointer(s.baseAddress!), w, row, planes)
                }
            }
        case .rgba, .bgra:
            let d = cff_frame_data(f, 0)!, ls = Int(cff_frame_linesize(f, 0))
            for row in 0..<height { unpremultiply(src + row * bytesPerRow, d + row * ls, width, format == .bgra) }
        }
    }
}
