// CodecSetup.swift — `VideoSettings` → the encoder's own options (`StreamSetup`) for every codec
// that libavformat muxes. The common knobs map like this:
//
//   knob        libx264 (H264Settings)  libx265              libsvtav1            libvpx-vp9         prores_ks   libwebp_anim   apng
//   quality     crf 0–51 (18)           crf 0–51 (20)        crf 0–63 (30)        crf 0–63 (30), b 0 —           quality 0–100  —
//                                                                                                               (lossless when unset)
//   speed       preset (medium)         preset (medium)      preset 0–13 (8)      cpu-used 0–8 (4)   —           —              —
//   bitrate     b (ABR)                 b                    b                    b                  —           —              —
//   maxrate     maxrate + bufsize 2×    vbv-maxrate/bufsize  svtav1 mbr           maxrate            —           —              —
//   keyint      g                       g                    g                    g                  —           —              —
//   level       automatic (H264Settings)level-idc, VBV cap   svtav1 level, mbr cap —                  —           —              —
//   profile     high (main, baseline)   main                 main                 0 (1 never needed) 4444 / HQ   —              —
//   colour      BT.709 tags, limited range on every YUV codec; RGB formats (PNG, APNG, WebP, GIF) carry none.
//   loops       —                                                                                                loop (muxer)   plays (muxer)
//
// HEVC is tagged hvc1 (Apple players refuse hev1). ProRes frames carry vendor "apl0", as
// Apple's encoder writes them (FFmpeg 5.1's mov muxer still names itself, FFMP, in the sample
// description).
import CFFmpeg

extension VideoSettings {
    /// The setup for `LibavWriter`; nil for the formats with writers of their own (GIF, PNG sequence).
    func streamSetup() throws(VideoError) -> StreamSetup? {
        let codec = format.codec
        let muxer = format.container.muxerName
        if codec == .h264 {
            var s = h264.streamSetup(container: format.container, audio: audio)
            s.threads = h264.encoderThreads
            s.shouldStop = shouldStop
            return s
        }
        guard let muxer, codec != .gif else { return nil }
        var s = StreamSetup(encoderName: codec.encoderName, muxerName: muxer, pixelFormat: pixelFormat.av,
                            conversion: .frames(pixelFormat), width: width, height: height, fps: fps)
        s.bt709 = pixelFormat.isYUV
        s.threads = threads
        s.deterministic = deterministic
        s.audio = audio
        s.shouldStop = shouldStop
        if format.container == .mp4 || format.container == .mov { s.muxerOptions = [("movflags", "+faststart")] }
        var o: [(String, String)] = []
        var inner: [String] = []
        var innerKey: String?
        switch codec {
        case .hevc:
            innerKey = "x265-params"
            o.append(("preset", speed ?? "medium"))
            o.append(("profile", "main"))
            if let bitrate { o.append(("b", String(bitrate))) } else { o.append(("crf", formatNumber(quality ?? 20))) }
            guard let level = CodecLevels.hevcLevel(width: width, height: height, fps: fps, peakBitrate: maxrate ?? bitrate) else {
                throw .invalidSettings("no HEVC level holds \(width)x\(height) at \(fps) fps")
            }
            let cap = (maxrate ?? level.maxBitrate) / 1000
            inner += ["level-idc=\(level.name)", "vbv-maxrate=\(cap)", "vbv-bufsize=\(cap)", "log-level=error"]
            if closedGOP { inner.append("open-gop=0") }
            s.codecTag = UInt32(UInt8(ascii: "h")) | UInt32(UInt8(ascii: "v")) << 8 | UInt32(UInt8(ascii: "c")) << 16 | UInt32(UInt8(ascii: "1")) << 24
        case .av1:
            innerKey = "svtav1-params"
            o.append(("preset", speed ?? "8"))
            if let bitrate { o.append(("b", String(bitrate))) } else { o.append(("crf", formatNumber(quality ?? 30))) }
            guard let level = CodecLevels.av1Level(width: width, height: height, fps: fps, peakBitrate: maxrate ?? bitrate) else {
                throw .invalidSettings("no AV1 level holds \(width)x\(height) at \(fps) fps")
            }
            inner.append("level=\(String(level.name.filter { $0 != "." }))")
            if bitrate == nil { inner.append("mbr=\((maxrate ?? level.maxBitrate) / 1000)") }
            s.threads = 0  // SVT-AV1 sizes its own pool (lp); thread_count is not an SVT option
        case .vp9:
            o.append(("deadline", "good"))
            o.append(("cpu-used", speed ?? "4"))
            o.append(("row-mt", "1"))
            if let bitrate { o.append(("b", String(bitrate))) } else { o.append(("crf", formatNumber(quality ?? 30))); o.append(("b", "0")) }
            if alpha { o.append(("auto-alt-ref", "0")) }  // libvpx: alt-ref frames break the alpha plane
        case .prores, .proresHQ:
            o.append(("profile", codec == .prores ? "4" : "3"))
            o.append(("vendor", "apl0"))
            if codec == .prores && alpha { o.append(("alpha_bits", "16")) }
        case .apng:
            o.append(("pred", "mixed"))
            s.muxerOptions = [("plays", String(loopCount))]
        case .webp:
            if let q = quality { o += [("lossless", "0"), ("quality", formatNumber(q))] } else { o.append(("lossless", "1")) }
            s.muxerOptions = [("loop", String(loopCount))]
            // WebP durations are whole milliseconds: frame i starts at round(1000·i·den/num) ms,
            // so the durations add up to the clip's length (rounded once, not per frame).
            s.timeBase = AVRational(num: 1, den: 1000)
            let (num, den) = (Int64(fps.num), Int64(fps.den))
            s.pts = { i in (2000 * Int64(i) * den + num) / (2 * num) }
        case .h264, .gif, .png:
            return nil
        }
        if let maxrate, codec == .vp9 { o.append(("maxrate", String(maxrate))); o.append(("bufsize", String(2 * maxrate))) }
        if let keyint { o.append(("g", String(keyint))) }
        for (k, v) in params {
            if k == innerKey { inner.append(v) } else { o.append((k, v)) }
        }
        if let innerKey, !inner.isEmpty { o.append((innerKey, inner.joined(separator: ":"))) }
        s.encoderOptions = o
        return s
    }

    /// The level the stream signals ("4.1"), when the writer chooses one.
    public var signalledLevel: String? {
        switch format.codec {
        case .h264: return h264.effectiveLevel
        case .hevc: return CodecLevels.hevcLevel(width: width, height: height, fps: fps, peakBitrate: maxrate ?? bitrate)?.name
        case .av1: return CodecLevels.av1Level(width: width, height: height, fps: fps, peakBitrate: maxrate ?? bitrate)?.name
        default: return nil
        }
    }
}
