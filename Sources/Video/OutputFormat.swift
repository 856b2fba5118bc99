// OutputFormat.swift — which encoder, pixel format and container an output file gets.
//
// The output's extension picks the container; `--codec` picks among the codecs a container
// holds (the first one listed is the default):
//
//   extension        container        codecs                                   alpha
//   .mp4 .m4v        mp4              h264, hevc (tag hvc1), av1               none
//   .mov             mov (QuickTime)  prores (4444), prores-hq (422 HQ),        prores (4444) only
//                                     h264, hevc (tag hvc1)
//   .webm            webm (Matroska)  vp9 (yuva420p with alpha), av1           vp9 only
//   .gif             gif              gif (pal8, one colour reserved for       1-bit
//                                     transparency)
//   NAME%d.png       image2 sequence  png (rgba; %d, %04d … the frame number)  8-bit
//   .apng            apng             apng (rgba)                              8-bit
//   .webp            webp             webp (libwebp_anim; bgra lossless, or    8-bit
//                                     yuva420p lossy)
//
// FFmpeg 5.1's libx265 and AV1 encoders cannot carry alpha, hence the table. Each codec names
// the libavcodec encoder it uses and the pixel format it is fed; `PixelConversion.swift` makes
// that pixel format from the renderer's premultiplied RGBA8.

/// A codec the writer can produce.
public enum VideoCodec: String, Sendable, CaseIterable {
    case h264
    case hevc
    case av1
    /// Apple ProRes 4444 (with alpha when the frames have it).
    case prores
    /// Apple ProRes 422 HQ.
    case proresHQ = "prores-hq"
    case vp9
    case gif
    case png
    case apng
    case webp

    /// `--codec` spellings accepted besides the raw value.
    static let aliases: [String: VideoCodec] = [
        "avc": .h264, "x264": .h264, "h265": .hevc, "x265": .hevc, "prores-4444": .prores,
        "prores4444": .prores, "proreshq": .proresHQ, "prores-422-hq": .proresHQ,
    ]

    /// The libavcodec encoder.
    public var encoderName: String {
        switch self {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        case .av1: return "libsvtav1"
        case .prores, .proresHQ: return "prores_ks"
        case .vp9: return "libvpx-vp9"
        case .gif: return "gif"
        case .png: return "png"
        case .apng: return "apng"
        case .webp: return "libwebp_anim"
        }
    }

    /// Whether this codec can carry transparency (as the writer configures it).
    public var holdsAlpha: Bool {
        switch self {
        case .prores, .vp9, .gif, .png, .apng, .webp: return true
        case .h264, .hevc, .av1, .proresHQ: return false
        }
    }

    /// How people name it.
    public var displayName: String {
        switch self {
        case .h264: return "H.264"
        case .hevc: return "HEVC"
        case .av1: return "AV1"
        case .prores: return "ProRes 4444"
        case .proresHQ: return "ProRes 422 HQ"
        case .vp9: return "VP9"
        case .gif: return "GIF"
        case .png: return "PNG"
        case .apng: return "APNG"
        case .webp: return "WebP"
        }
    }

    /// Whether frames must have even width and height (4:2:0 or 4:2:2 chroma).
    public var needsEvenSize: Bool {
        switch self {
        case .h264, .hevc, .av1, .vp9, .proresHQ, .prores: return true
        case .gif, .png, .apng, .webp: return false
        }
    }
}

/// A container the writer can produce.
public enum Container: String, Sendable, CaseIterable {
    case mp4
    case mov
    case webm
    case gif
    case pngSequence = "png"
    case apng
    case webp

    /// Codecs this container holds; the first is the default.
    public var codecs: [VideoCodec] {
        switch self {
        case .mp4: return [.h264, .hevc, .av1]
        case .mov: return [.prores, .proresHQ, .h264, .hevc]
        case .webm: return [.vp9, .av1]
        case .gif: return [.gif]
        case .pngSequence: return [.png]
        case .apng: return [.apng]
        case .webp: return [.webp]
        }
    }

    /// libavformat's muxer (nil: the writer writes files itself).
    public var muxerName: String? {
        switch self {
        case .mp4: return "mp4"
        case .mov: return "mov"
        case .webm: return "webm"
        case .gif: return "gif"
        case .pngSequence: return nil
        case .apng: return "apng"
        case .webp: return "webp"
        }
    }

    /// The audio codec this container takes (nil: no audio).
    public var audioCodec: String? {
        switch self {
        case .mp4, .mov: return "aac"
        case .webm: return "libopus"
        case .gif, .pngSequence, .apng, .webp: return nil
        }
    }

    /// Whether the file is a moving-picture file that loops by itself (GIF, APNG, WebP).
    public var isAnimatedImage: Bool { self == .gif || self == .apng || self == .webp }

    /// How the extension is written in messages.
    public var extensions: [String] {
        switch self {
        case .mp4: return ["mp4", "m4v"]
        case .mov: return ["mov"]
        case .webm: return ["webm"]
        case .gif: return ["gif"]
        case .pngSequence: return ["png"]
        case .apng: return ["apng"]
        case .webp: return ["webp"]
        }
    }
}

/// The container and codec of one output.
public struct OutputFormat: Sendable, Equatable, CustomStringConvertible {
    public var container: Container
    public var codec: VideoCodec

    public init(container: Container, codec: VideoCodec) {
        self.container = container
        self.codec = codec
    }

    public var description: String { "\(codec.displayName) in \(container.rawValue)" }

    /// Every extension an output may end in.
    public static let knownExtensions = Container.allCases.flatMap(\.extensions)

    /// The formats that can hold transparency, for messages ("… can: .mov (ProRes 4444), …").
    public static var alphaFormatsText: String {
        ".mov (ProRes 4444), .webm (VP9), .png sequence (name%04d.png), .apng, .webp, .gif (1-bit)"
    }

    /// The format for `path`'s extension, with `codec` (a `--codec` name, nil for the default).
    /// Errors are one line naming the extension or codec and what is allowed.
    public static func resolve(path: String, codec: String? = nil) throws(VideoError) -> OutputFormat {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw .invalidSettings("'\(path)' has no extension; use one of \(knownExtensions.map { "." + $0 }.joined(separator: ", "))")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let container = Container.allCases.first(where: { $0.extensions.contains(ext) }) else {
            throw .invalidSettings("'\(path)': .\(ext) is not a known output format; use one of \(knownExtensions.map { "." + $0 }.joined(separator: ", "))")
        }
        if container == .pngSequence {
            guard FramePattern(path) != nil else {
                throw .invalidSettings("'\(path)': a PNG sequence needs a frame-number pattern such as name%04d.png (one frame: use 'still')")
            }
        }
        guard let requested = codec else { return OutputFormat(container: container, codec: container.codecs[0]) }
        let key = requested.lowercased()
        guard let c = VideoCodec(rawValue: key) ?? VideoCodec.aliases[key] else {
            throw .invalidSettings("codec '\(requested)' is unknown; .\(ext) takes: \(container.codecs.map(\.rawValue).joined(separator: ", "))")
        }
        guard container.codecs.contains(c) else {
            throw .invalidSettings("codec '\(requested)' cannot go in .\(ext); .\(ext) takes: \(container.codecs.map(\.rawValue).joined(separator: ", "))")
        }
        return OutputFormat(container: container, codec: c)
    }
}

/// A `%d`-style frame-number pattern in a file name: exactly one `%d` or `%0Nd` (N ≤ 9); `%%` is
/// a literal percent sign. `path(frame:)` gives the name of frame i.
public struct FramePattern: Sendable, Equatable {
    public let prefix: String
    public let suffix: String
    public let width: Int

    public init?(_ path: String) {
        var prefix = "", suffix = "", width = -1
        var chars = Array(path)[...]
        var found = false
        while let c = chars.first {
            chars = chars.dropFirst()
            guard c == "%" else { if found { suffix.append(c) } else { prefix.append(c) }; continue }
            if chars.first == "%" { chars = chars.dropFirst(); if found { suffix.append("%") } else { prefix.append("%") }; continue }
            guard !found else { return nil }
            var digits = ""
            while let d = chars.first, d.isASCII, d.isNumber { digits.append(d); chars = chars.dropFirst() }
            guard chars.first == "d" else { return nil }
            chars = chars.dropFirst()
            if !digits.isEmpty && (digits.first != "0" || digits.count > 2) { return nil }
            width = digits.isEmpty ? 0 : Int(digits) ?? 0
            guard width <= 9 else { return nil }
            found = true
        }
        guard found, !suffix.contains("/") else { return nil }
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
    }

    /// The file of frame `i` (numbered from 0).
    public func path(frame i: Int) -> String {
        var n = String(i)
        if n.count < width { n = String(repeating: "0", count: width - n.count) + n }
        return prefix + n + suffix
    }
}
