// SegmentEncoding.swift — the encoder set-up of one segment of a clip rendered in pieces
// (SegmentJoiner.swift joins them without re-encoding).
//
// A clip of T frames is cut into fixed ranges [s·F, min((s+1)·F, T)), F the segment length.
// Each range is a fresh encoder run, so it starts with a keyframe; for the pieces to be joined
// into one stream every run must carry the same decoder configuration and, for the join to be
// the same bytes whichever machine encoded a piece, the same encoder decisions:
//
//   codec   what is pinned                                   why
//   H.264   x264-params stitchable=1, thread_count 1         stitchable keeps SPS/PPS identical
//                                                            between runs; x264's bytes depend on
//                                                            its thread count
//   HEVC    x265-params frame-threads=1:pools=1              x265's bytes depend on frame threads
//   AV1     svtav1-params lp=1                               SVT-AV1 sizes its own thread pool (not
//                                                            thread_count); its bytes depend on it
//                                                            with a bitrate (1280×720, 90 frames,
//                                                            -b:v 2M: lp=1 and lp=2 differ; at a
//                                                            crf they agree), so it is pinned
//   VP9     thread_count 1                                   (no extradata in WebM)
//   ProRes  thread_count 1                                   intra-only: every frame a keyframe
//   GIF, APNG, WebP: a lossless intermediate, PNG frames (straight RGBA) in MOV; the join decodes
//   them and encodes the output once (one palette over the whole clip for GIF). Un-premultiplying
//   c' = round(255·c/a) and premultiplying back round(c'·a/255) gives c again for every c ≤ a,
//   so the join's encoder sees exactly the frames a one-piece render gives it.
//
// The muxer and encoder carry +bitexact (no version strings, no wall-clock times) as every
// deterministic output does. PNG sequences are refused: a sequence is already one file per
// frame, so its frames are rendered straight into it (`--start`/`--frames` give a range).
//
// The fingerprint is the text of everything above that decides the stream's bytes besides the
// frames: encoder, pixel format, size, rate, every encoder option (x264's machine-dependent
// `asm=` left out: its kernels are bit-exact), threads, muxer and its options, and the versions
// of libavcodec and libavformat. Segments join only when their fingerprints are equal.
import CFFmpeg

extension VideoSettings {
    /// x264/VP9/ProRes threads in segment mode (see the file header).
    public static let segmentEncoderThreads = 1

    /// Whether segments of this format can be joined (nil), or why not.
    public var segmentRefusal: String? {
        switch format.codec {
        case .h264, .hevc, .av1, .vp9, .prores, .proresHQ, .gif, .apng, .webp: return nil
        case .png: return "PNG sequence segments cannot be joined (render the frames straight into the sequence)"
        }
    }

    /// Segments are lossless intermediates the join encodes once (GIF, APNG, WebP).
    public var segmentsAreIntermediate: Bool { [.gif, .apng, .webp].contains(format.codec) }

    /// The intermediate's container extension (nil: segments are in the output's own format).
    public var intermediateSegmentExtension: String? { segmentsAreIntermediate ? "mov" : nil }

    /// The stream setup of one segment: `streamSetup()` with the pins of the file header.
    func segmentStreamSetup() throws(VideoError) -> StreamSetup {
        if let refusal = segmentRefusal { throw .invalidSettings(refusal) }
        if segmentsAreIntermediate {
            var s = StreamSetup(encoderName: "png", muxerName: "mov", pixelFormat: AV_PIX_FMT_RGBA, conversion: .frames(.rgba),
                                width: width, height: height, fps: fps)
            s.bt709 = false
            s.threads = Self.segmentEncoderThreads
            return s
        }
        guard var s = try streamSetup() else { throw .invalidSettings("no writer for \(format)") }
        guard s.deterministic else { throw .invalidSettings("segments need deterministic encoding") }
        switch format.codec {
        case .h264:
            s.threads = Self.segmentEncoderThreads
            s.encoderOptions = Self.appending("stitchable=1", to: "x264-params", in: s.encoderOptions)
        case .hevc:
            s.encoderOptions = Self.appending("frame-threads=1:pools=1", to: "x265-params", in: s.encoderOptions)
        case .av1:
            s.threads = Self.segmentEncoderThreads
            s.encoderOptions = Self.appending("lp=1", to: "svtav1-params", in: s.encoderOptions)
        default:
            s.threads = Self.segmentEncoderThreads
        }
        s.audio = nil  // the join encodes the audio once, over the whole clip
        return s
    }

    /// The text whose hash names the encoder configuration of segments (file header).
    public func segmentFingerprint() throws(VideoError) -> String {
        let s = try segmentStreamSetup()
        let options = s.encoderOptions.map { key, value in
            let kept = value.split(separator: ":").filter { !$0.hasPrefix("asm=") }.joined(separator: ":")
            return "\(key)=\(kept)"
        }
        let fields = [
            "encoder=\(s.encoderName)", "pix_fmt=\(pixelFormat.rawValue)", "size=\(width)x\(height)", "fps=\(fps)",
            "threads=\(s.threads)", "bitexact=\(s.deterministic)", "muxer=\(s.muxerName)",
            "muxer-options=\(s.muxerOptions.map { "\($0.0)=\($0.1)" }.joined(separator: ","))",
            "codec-tag=\(s.codecTag.map(String.init) ?? "-")",
            "libavcodec=\(avcodec_version())", "libavformat=\(avformat_version())",
        ]
        return (fields + options).joined(separator: "\n")
    }

    /// `options` with `item` added to the colon-separated value of `key` (a new entry when absent).
    static func appending(_ item: String, to key: String, in options: [(String, String)]) -> [(String, String)] {
        var out = options
        if let i = out.firstIndex(where: { $0.0 == key }) {
            out[i].1 = out[i].1.isEmpty ? item : out[i].1 + ":" + item
        } else {
            out.append((key, item))
        }
        return out
    }

    /// What the joiner needs to write the joined file: muxer, its options, the sample-entry tag.
    public func joinSettings() throws(VideoError) -> JoinSettings {
        let s = try segmentStreamSetup()
        return JoinSettings(muxerName: s.muxerName, fps: fps, codecTag: s.codecTag, muxerOptions: s.muxerOptions,
                            audio: audio, deterministic: s.deterministic)
    }
}

extension MediaWriter {
    /// A writer for one segment of a clip (SegmentEncoding.swift): `settings` with `segmentEncoding` set.
    public static func segment(destination: String, settings: VideoSettings) throws(VideoError) -> MediaWriter {
        var s = settings
        s.segmentEncoding = true
        return try MediaWriter(destination: destination, settings: s)
    }
}
