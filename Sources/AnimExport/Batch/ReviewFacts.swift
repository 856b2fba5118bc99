// What the review page says about an output's encoding, per codec, from its manifest entry's
// codec facts (the encoder's settings as configured, Manifest.swift / ConfiguredEncoder.swift):
//
//   H.264 / HEVC   "H.264 high@4 · libx264 medium, tune animation · crf 18"
//                  with a bit rate: "… · 11 Mb/s, peak 12 Mb/s, VBV buffer 24 Mb"
//   AV1 / VP9      "VP9 profile 0 · libvpx-vp9 cpu-used 4 · crf 30"
//   ProRes         "ProRes 4444 · prores_ks"
//   GIF            "GIF · global palette of 256 colours, sierra2_4a dither, matte #FFFFFF"
//   WebP / APNG    "WebP · libwebp_anim · quality 80" | "… · lossless"
// then the stored pixel format, "transparent" when alpha was kept, and the audio codec.
// And which element shows the file: animated images (GIF, APNG, WebP) and PNG frames as
// <img>, the video containers (MP4, MOV, WebM) as <video>.
import Foundation
import Video

/// The element an output is shown with.
enum ReviewElement: String { case img, video }

func reviewElement(name: String, kind: String) -> ReviewElement {
    guard kind == "video", let format = try? OutputFormat.resolve(path: name, codec: nil) else { return .img }
    return format.container.isAnimatedImage || format.container == .pngSequence ? .img : .video
}

/// The codec line of the review page.
func codecSummary(_ c: CodecFacts) -> String {
    let codec = VideoCodec(rawValue: c.codec)
    var parts: [String] = []
    switch codec {
    case .h264?, .hevc?, .av1?:
        parts.append((codec?.displayName ?? c.codec) + (c.profile.map { " " + $0 } ?? "") + (c.level.map { "@" + $0 } ?? ""))
    case .vp9?:
        parts.append("VP9" + (c.profile.map { " profile " + $0 } ?? ""))
    case .png?:
        parts.append("PNG sequence")
    default:
        parts.append(codec?.displayName ?? c.codec)
    }
    var encoder = c.encoder
    if let p = c.preset { encoder += (codec == .vp9 ? " cpu-used " : codec == .av1 ? " preset " : " ") + p }
    if let t = c.tune { encoder += ", tune " + t }
    if codec != .gif && codec != .png { parts.append(encoder) }
    parts.append(rateSummary(c))
    if let k = c.keyint { parts.append("keyframe every \(k)") }
    if let b = c.bframes { parts.append("\(b) B-frames") }
    parts.append(c.pixelFormat + (c.alpha ? ", transparent" : ""))
    if let a = c.audio { parts.append(a == "libopus" || a == "opus" ? "Opus audio" : a.uppercased() + " audio") }
    return parts.filter { !$0.isEmpty }.joined(separator: " · ")
}

private func rateSummary(_ c: CodecFacts) -> String {
    if let palette = c.palette {
        var s = "\(palette) palette" + (c.colors.map { " of \($0) colours" } ?? "")
        if let d = c.dither { s += ", \(d) dither" }
        if let m = c.matte { s += ", matte \(m)" }
        return s
    }
    var rate: [String] = []
    if let b = c.bitrate { rate.append(bitRate(b)) } else if let q = c.crf { rate.append("crf \(format(q))") }
    if let q = c.quality { rate.append("quality \(format(q))") }
    if c.lossless == true { rate.append("lossless") }
    if let m = c.maxrate { rate.append("peak \(bitRate(m))") }
    if let b = c.bufsize { rate.append("VBV buffer \(bitRate(b).dropLast(2))") }
    return rate.joined(separator: ", ")
}

/// "11 Mb/s", "1.5 Mb/s", "128 kb/s".
func bitRate(_ bits: Int) -> String {
    bits >= 1_000_000 ? "\(format(Double(bits) / 1_000_000)) Mb/s" : "\(format(Double(bits) / 1000)) kb/s"
}
