// One entry of a preset's "outputs" list (batch rendering, `animexport batch`).
//
//     "outputs": [
//       {"name": "pulse/red-square.mp4", "size": "1080x1080", "loops": 3},
//       {"name": "pulse/red-story.mp4",  "size": "1080x1920", "seconds": 5, "fps": 30,
//        "encoder": {"preset": "slow", "crf": 20}},
//       {"name": "pulse/red-poster.png", "size": "1200x1200", "time": 0.5}
//     ]
//
// `name` is a path relative to the batch's --out folder; its extension picks the kind: .png a
// still (at `time`, default 0), every other output format (and name%04d.png) a video. Every other key is optional and
// means exactly what the flag of the same name means (seconds, frames, loops, start, end,
// marker (a Lottie preset), fps,
// scale, size, background, and the encoder object's keys as in the preset's "encoder",
// overriding it key by key). A preset without "outputs" yields one default output,
// `<preset file name>.mp4`, with the preset's own settings.
import Foundation
import Video

struct OutputSpec: Decodable, Equatable {
    var name: String
    var seconds: Double?
    var frames: Int?
    var loops: Int?
    var start: Double?
    var fps: FrameRateSpec?
    var scale: Double?
    var size: String?
    var background: String?
    var time: Double?
    /// A Lottie marker's segment (`--marker`), and an end time (`--end`).
    var marker: String?, end: Double?
    var encoder: EncoderSpec?
    /// The output side (MediaOptions.swift): same meaning as the flags of the same name.
    var codec: String?, quality: Double?, target: String?, audio: String?, audioFade: Double?, loopCount: Int?, matte: String?, gifPalette: String?

    static let keys = ["name", "seconds", "frames", "loops", "start", "fps", "scale", "size", "background", "time", "marker", "end", "encoder",
                       "codec", "quality", "target", "audio", "audioFade", "loopCount", "matte", "gifPalette"]

    init(name: String) { self.name = name }

    init(from decoder: Decoder) throws {
        try rejectUnknownKeys(decoder, known: Self.keys)
        enum K: String, CodingKey { case name, seconds, frames, loops, start, fps, scale, size, background, time, marker, end, encoder
                                    case codec, quality, target, audio, audioFade, loopCount, matte, gifPalette }
        let c = try decoder.container(keyedBy: K.self)
        name = try c.decode(String.self, forKey: .name)
        seconds = try c.decodeIfPresent(Double.self, forKey: .seconds)
        frames = try c.decodeIfPresent(Int.self, forKey: .frames)
        loops = try c.decodeIfPresent(Int.self, forKey: .loops)
        start = try c.decodeIfPresent(Double.self, forKey: .start)
        fps = try c.decodeIfPresent(FrameRateSpec.self, forKey: .fps)
        scale = try c.decodeIfPresent(Double.self, forKey: .scale)
        size = try c.decodeIfPresent(String.self, forKey: .size)
        background = try c.decodeIfPresent(String.self, forKey: .background)
        time = try c.decodeIfPresent(Double.self, forKey: .time)
        marker = try c.decodeIfPresent(String.self, forKey: .marker)
        end = try c.decodeIfPresent(Double.self, forKey: .end)
        encoder = try c.decodeIfPresent(EncoderSpec.self, forKey: .encoder)
        codec = try c.decodeIfPresent(String.self, forKey: .codec)
        quality = try c.decodeIfPresent(Double.self, forKey: .quality)
        target = try c.decodeIfPresent(String.self, forKey: .target)
        audio = try c.decodeIfPresent(String.self, forKey: .audio)
        audioFade = try c.decodeIfPresent(Double.self, forKey: .audioFade)
        loopCount = try c.decodeIfPresent(Int.self, forKey: .loopCount)
        matte = try c.decodeIfPresent(String.self, forKey: .matte)
        gifPalette = try c.decodeIfPresent(String.self, forKey: .gifPalette)
    }

    /// The output key behind each flag of `flags()`, to name the field in errors.
    static let keyForFlag: [String: String] = [
        "--seconds": "seconds", "--frames": "frames", "--loops": "loops", "--start": "start", "--fps": "fps",
        "--marker": "marker", "--end": "end",
        "--scale": "scale", "--size": "size", "--background": "background", "--x264-preset": "encoder.preset",
        "--crf": "encoder.crf", "--tune": "encoder.tune", "--profile": "encoder.profile", "--level": "encoder.level",
        "--keyint": "encoder.keyint", "--bframes": "encoder.bframes", "--bitrate": "encoder.bitrate",
        "--maxrate": "encoder.maxrate", "--param": "encoder.params", "--codec": "codec", "--quality": "quality",
        "--target": "target", "--audio": "audio", "--audio-fade": "audioFade", "--loop-count": "loopCount", "--matte": "matte",
        "--gif-palette": "gifPalette",
    ]

    enum Kind: String { case video, image }

    /// .png without a %d pattern is a still; every other known extension (and name%04d.png) a video.
    var kind: Kind? {
        let ext = URL(fileURLWithPath: name).pathExtension.lowercased()
        if ext == "png" { return FramePattern(name) == nil ? .image : .video }
        return OutputFormat.knownExtensions.contains(ext) ? .video : nil
    }

    /// The output as the equivalent command-line flags, so that `resolvePlan` applies it with
    /// exactly the single-clip command's rules. Sorted, so it also serves as the canonical
    /// form hashed into the inputs hash.
    func flags() -> [(flag: String, value: String)] {
        var out: [(String, String)] = []
        func add(_ flag: String, _ v: String?) { if let v { out.append((flag, v)) } }
        func num(_ d: Double?) -> String? { d.map(format) }     // exact: "3", "0.25"
        add("--seconds", num(seconds)); add("--frames", frames.map(String.init)); add("--loops", loops.map(String.init))
        add("--start", num(start)); add("--marker", marker); add("--end", num(end)); add("--fps", fps.map { "\($0.num)/\($0.den)" }); add("--scale", num(scale))
        add("--size", size); add("--background", background)
        if let e = encoder {
            add("--x264-preset", e.preset); add("--crf", num(e.crf)); add("--tune", e.tune); add("--profile", e.profile)
            add("--level", e.level); add("--keyint", e.keyint.map(String.init)); add("--bframes", e.bframes.map(String.init))
            add("--bitrate", e.bitrate.map(String.init)); add("--maxrate", e.maxrate.map(String.init))
            for (k, v) in (e.params ?? [:]).sorted(by: { $0.key < $1.key }) { out.append(("--param", "\(k)=\(v)")) }
        }
        add("--codec", codec); add("--quality", num(quality)); add("--target", target); add("--audio", audio)
        add("--audio-fade", num(audioFade)); add("--loop-count", loopCount.map(String.init)); add("--matte", matte)
        add("--gif-palette", gifPalette)
        return out
    }
}
