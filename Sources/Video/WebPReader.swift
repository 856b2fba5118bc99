// WebPReader.swift — reads an animated (or still) WebP back through libwebp's demuxer and
// animation decoder (FFmpeg 5.1's webp decoder cannot decode animated files). For tests and
// checks: frame count, each frame's end time in milliseconds, loop count, and the composited
// RGBA frames (straight alpha, libwebp's own blending of each frame onto the canvas).
import CWebP

public struct WebPAnimation: Sendable {
    public var width: Int
    public var height: Int
    /// ANIM loop count: 0 = forever.
    public var loopCount: Int
    /// End time of each frame in ms (libwebp's timestamps: the sum of durations so far).
    public var endTimes: [Int]
    /// Each frame as straight RGBA8, width × height × 4 bytes.
    public var frames: [[UInt8]]

    /// Decodes the file at `path` (at most `maxBytes`).
    public static func read(path: String, maxBytes: Int = 256 << 20) throws(VideoError) -> WebPAnimation {
        guard let size = FileSupport.size(path), size <= maxBytes else {
            throw .invalidFile(path: path, reason: "missing or larger than \(maxBytes) bytes")
        }
        let bytes = try FileSupport.readAll(path)
        var options = WebPAnimDecoderOptions()
        guard cwebp_anim_decoder_options_init(&options) != 0 else { throw .invalidFile(path: path, reason: "libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        let decoder: OpaquePointer? = bytes.withUnsafeBufferPointer { b in
            cwebp_anim_decoder_new(b.baseAddress, b.count, &options)
        }
        guard let decoder else { throw .invalidFile(path: path, reason: "not a WebP file libwebp can decode") }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw .invalidFile(path: path, reason: "no animation info") }
        let w = Int(info.canvas_width), h = Int(info.canvas_height)
        var out = WebPAnimation(width: w, height: h, loopCount: Int(info.loop_count), endTimes: [], frames: [])
        while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var buffer: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                throw .invalidFile(path: path, reason: "frame \(out.frames.count) does not decode")
            }
            out.endTimes.append(Int(timestamp))
            out.frames.append(Array(UnsafeBufferPointer(start: buffer, count: w * h * 4)))
        }
        return out
    }
}
