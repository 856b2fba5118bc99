// Formats.swift — bench rows of the output formats (issue 12):
//   * conversion per pixel format at 1920×1080 from the premultiplied canvas (ours: un-premultiply
//     + FrameConverter) beside libswscale converting the straight image (it cannot
//     un-premultiply), same frames, interleaved, with the largest sample difference;
//   * encode time per frame for each codec at 1920×1080 (MediaWriter, the CLI's defaults);
//   * GIF beside ffmpeg's two-pass palettegen/paletteuse (the CLI, on a PNG sequence of the same
//     frames): PSNR against the RGBA frames, file size, time, and our total duration.
import Foundation
import Raster
import Render
import Scenes
import Video
import AnimExport
import CFFmpeg

func transparentHeartFrames(_ count: Int, width: Int = 1920, height: Int = 1080, background: String = "transparent",
                            stride: Int = 7) -> (ExportPlan, [[UInt8]]) {
    let j = job(["heart", "--size", "\(width)x\(height)", "--background", background, "/tmp/animexport-bench.mov"])
    return (j, renderedFrames(j, count, stride: stride))
}

/// Frames 0, stride, 2·stride, … of `j`, as RGBA bytes.
func renderedFrames(_ j: ExportPlan, _ count: Int, stride: Int) -> [[UInt8]] {
    let canvas = Canvas(width: j.width, height: j.height)
    let renderer = Renderer()
    var frames: [[UInt8]] = []
    for i in 0..<count {
        renderer.render(j.source.displayList(at: j.time(ofFrame: i * stride)), background: j.background, transform: j.transform, on: canvas)
        frames.append(canvas.withUnsafeBytes { Array($0) })
    }
    return frames
}

/// Straight RGBA of a premultiplied frame (the reference the swscale rows convert).
func straightened(_ f: [UInt8]) -> [UInt8] {
    var out = f
    for i in stride(from: 0, to: f.count, by: 4) {
        let a = Int(f[i + 3])
        for c in 0..<3 { out[i + c] = a == 0 ? 0 : UInt8(min(255, (Int(f[i + c]) * 255 + a / 2) / a)) }
    }
    return out
}

func runFormatBench() {
    section("RGBA (premultiplied) → each pixel format at 1920×1080, one thread (ours beside libswscale on the straight frame)")
    let (j, frames) = transparentHeartFrames(4)
    let straight = frames.map(straightened)
    let w = j.width, h = j.height
    for format in [PixelFormat.yuva420p, .yuv422p10le, .yuv444p10le, .yuva444p10le, .rgba, .bgra] {
        guard let converter = try? FrameConverter(width: w, height: h, format: format),
              let ours = try? EncoderFrame(width: w, height: h, pixelFormat: format),
              let sws = sws_getContext(Int32(w), Int32(h), AV_PIX_FMT_RGBA, Int32(w), Int32(h), format.av, SWS_BILINEAR, nil, nil, nil),
              let theirs = av_frame_alloc() else { fatalError("set-up for \(format) failed") }
        if format.isYUV { _ = cff_sws_set_matrix(sws, SWS_CS_ITU709, 1, 0) }
        theirs.pointee.format = format.av.rawValue
        theirs.pointee.width = Int32(w)
        theirs.pointee.height = Int32(h)
        guard av_frame_get_buffer(theirs, 0) >= 0 else { fatalError("av_frame_get_buffer") }
        var oursSamples: [Double] = [], theirSamples: [Double] = []
        let n = options.quick ? 4 : 12
        for round in -1..<rounds {
            for k in 0..<n {
                let t0 = nowNanoseconds()
                frames[k % frames.count].withUnsafeBytes { b in try! converter.convert(rgba: b, bytesPerRow: w * 4, into: ours) }
                let t1 = nowNanoseconds()
                straight[k % frames.count].withUnsafeBufferPointer { p in _ = cff_sws_rgba_to_frame(sws, p.baseAddress, Int32(w * 4), Int32(h), theirs) }
                let t2 = nowNanoseconds()
                if round >= 0 { oursSamples.append(ms(t0, t1)); theirSamples.append(ms(t1, t2)) }
            }
        }
        let worst = largestDifference(ours, { (cff_frame_data(theirs, Int32($0))!, Int(cff_frame_linesize(theirs, Int32($0)))) },
                                      format: format, width: w, height: h)
        // The release (AVX2) build's fast kernels against their scalar references, same frame.
        guard let reference = try? EncoderFrame(width: w, height: h, pixelFormat: format) else { fatalError("frame") }
        converter.implementation = .scalar
        frames[0].withUnsafeBytes { b in try! converter.convert(rgba: b, bytesPerRow: w * 4, into: reference) }
        converter.implementation = .fast
        frames[0].withUnsafeBytes { b in try! converter.convert(rgba: b, bytesPerRow: w * 4, into: ours) }
        let kernelDifference = largestDifference(ours, { reference.plane($0) }, format: format, width: w, height: h)
        let sw = Record(name: "convert \(format.rawValue) libswscale (straight input)", unit: "ms", samples: theirSamples)
        add(sw)
        add(Record(name: "convert \(format.rawValue) ours (un-premultiply + convert)", unit: "ms", samples: oursSamples, peer: sw.median))
        add(Record(name: "convert \(format.rawValue) max |ours − swscale|", unit: "levels", samples: [Double(worst)]))
        add(Record(name: "convert \(format.rawValue) ours, changed pixels only (consecutive frames)", unit: "ms",
                   samples: changedPixelSamples(format, w, h), peer: sw.median))
        add(Record(name: "convert \(format.rawValue) max |fast − scalar| (must be 0)", unit: "levels", samples: [Double(kernelDifference)]))
        sws_freeContext(sws)
        var f: UnsafeMutablePointer<AVFrame>? = theirs
        av_frame_free(&f)
    }

    for (format, worst) in conversionKernelCheck() {
        add(Record(name: "convert \(format.rawValue) seeded frames + updates: max |fast − scalar| (must be 0)", unit: "levels",
                   samples: [Double(worst)]))
    }

    guard options.encode else { return }
    section("encode per frame at 1920×1080, heart, MediaWriter with the CLI's defaults (wall, ms/frame)")
    let count = options.quick ? 8 : 24
    let (opaqueJob, opaque) = transparentHeartFrames(count, background: "#FFFFFF", stride: 1)
    let cases: [(String, String?, Bool)] = [("mp4", nil, false), ("mp4", "hevc", false), ("mp4", "av1", false),
                                            ("webm", nil, false), ("webm", nil, true), ("mov", nil, true), ("mov", "prores-hq", false),
                                            ("gif", nil, false), ("apng", nil, true), ("webp", nil, true)]
    let (alphaJob, transparent) = transparentHeartFrames(count, stride: 1)
    for (ext, codec, alpha) in cases {
        let path = "/tmp/animexport-bench-encode.\(ext)"
        var samples: [Double] = []
        for _ in 0..<max(1, min(rounds, 3)) {
            var args = ["heart", "--size", "1920x1080", "--background", alpha ? "transparent" : "#FFFFFF", path]
            if let codec { args.insert(contentsOf: ["--codec", codec], at: 1) }
            var s = BenchmarkSupport.videoSettings(of: job(args))
            s.expectedFrames = count
            let source = alpha ? transparent : opaque
            let t0 = nowNanoseconds()
            do {
                let writer = try MediaWriter(destination: path, settings: s)
                for f in source { try writer.append(rgba: f) }
                try writer.finish()
            } catch { fatalError("encode \(ext) \(codec ?? ""): \(error)") }
            samples.append(ms(t0, nowNanoseconds()) / Double(count))
            unlink(path)
        }
        let label = "\(codec ?? "default") in .\(ext)\(alpha ? " (alpha)" : "")"
        add(Record(name: "encode \(label)", unit: "ms", samples: samples))
    }
    _ = (opaqueJob, alphaJob)
    gifBench()
}

/// Consecutive transparent heart frames at 1920×1080, each converted as an update of the
/// previous one (FrameConverter.update, the render thread's path) given the columns where each
/// row changed (found by comparing the frames, not timed). ms per frame.
let consecutiveHeart: [[UInt8]] = transparentHeartFrames(options.quick ? 6 : 16, stride: 1).1
/// Per frame k ≥ 1, per row: the first to last column where it differs from frame k − 1.
let consecutiveChanges: [[Range<Int>]] = (1..<consecutiveHeart.count).map { k in
    let old = consecutiveHeart[k - 1], new = consecutiveHeart[k], w = 1920
    return old.withUnsafeBytes { o in
        new.withUnsafeBytes { n in
            let a = o.bindMemory(to: UInt32.self), b = n.bindMemory(to: UInt32.self)
            return (0..<1080).map { y in
                var first = -1, last = -1
                for x in 0..<w where a[y * w + x] != b[y * w + x] {
                    if first < 0 { first = x }
                    last = x
                }
                return first < 0 ? 0..<0 : first..<(last + 1)
            }
        }
    }
}
func changedPixelSamples(_ format: PixelFormat, _ w: Int, _ h: Int) -> [Double] {
    guard let converter = try? FrameConverter(width: w, height: h, format: format),
          let frame = try? EncoderFrame(width: w, height: h, pixelFormat: format) else { fatalError("set-up for \(format) failed") }
    var samples: [Double] = []
    for _ in 0..<rounds {
        // From the first frame whole, so every round converts the same updates.
        consecutiveHeart[0].withUnsafeBytes { b in try! converter.convert(rgba: b, bytesPerRow: w * 4, into: frame) }
        for k in 1..<consecutiveHeart.count {
            let changed = consecutiveChanges[k - 1]
            let t0 = nowNanoseconds()
            consecutiveHeart[k].withUnsafeBytes { b in try! converter.update(frame, from: b, bytesPerRow: w * 4, rows: 0..<h) { changed[$0] } }
            samples.append(ms(t0, nowNanoseconds()))
        }
    }
    return samples
}

/// Largest |ours − theirs| over every sample of every plane (8- or 16-bit samples).
func largestDifference(_ ours: EncoderFrame, _ theirs: (Int) -> (base: UnsafeMutablePointer<UInt8>, stride: Int),
                       format: PixelFormat, width: Int, height: Int) -> Int {
    let planes: [(Int, Int, Int)]   // (plane, samples per row, rows)
    switch format {
    case .yuv420p: planes = [(0, width, height), (1, width / 2, height / 2), (2, width / 2, height / 2)]
    case .yuva420p: planes = [(0, width, height), (1, width / 2, height / 2), (2, width / 2, height / 2), (3, width, height)]
    case .yuv422p10le: planes = [(0, width, height), (1, width / 2, height), (2, width / 2, height)]
    case .yuv444p10le: planes = [(0, width, height), (1, width, height), (2, width, height)]
    case .yuva444p10le: planes = [(0, width, height), (1, width, height), (2, width, height), (3, width, height)]
    default: planes = [(0, 4 * width, height)]
    }
    let wide = format == .yuv422p10le || format == .yuv444p10le || format == .yuva444p10le
    var worst = 0
    for (p, n, rows) in planes {
        let a = ours.plane(p), (b, bs) = theirs(p)
        for y in 0..<rows {
            for x in 0..<n {
                let u: Int, v: Int
                if wide {
                    u = Int(a.base.advanced(by: y * a.stride).withMemoryRebound(to: UInt16.self, capacity: n) { $0[x] })
                    v = Int((b + y * bs).withMemoryRebound(to: UInt16.self, capacity: n) { $0[x] })
                } else {
                    u = Int(a.base[y * a.stride + x]); v = Int(b[y * bs + x])
                }
                worst = max(worst, abs(u - v))
            }
        }
    }
    return worst
}

func gifBench() {
    section("GIF: ours (in-process palettegen + paletteuse, matte) beside the ffmpeg CLI two-pass on the same frames")
    let n = options.quick ? 25 : 75
    let (j, frames) = transparentHeartFrames(n, width: 480, height: 270, background: "#FFFFFF", stride: 1)
    let dir = "/tmp/animexport-bench-gif"
    try? FileManager.default.removeItem(atPath: dir)
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var s = VideoSettings(width: j.width, height: j.height, fps: FrameRate(num: 25, den: 1), format: OutputFormat(container: .gif, codec: .gif))
    s.expectedFrames = n
    func writeOurs(_ palette: GIFPalette, _ path: String) -> Double {
        s.gifPalette = palette
        let t0 = nowNanoseconds()
        do {
            let writer = try MediaWriter(destination: path, settings: s)
            for f in frames { try writer.append(rgba: f) }
            try writer.finish()
        } catch { fatalError("gif: \(error)") }
        return ms(t0, nowNanoseconds()) / 1000
    }
    let oursSeconds = writeOurs(.global, dir + "/ours.gif")
    let perFrameSeconds = writeOurs(.perFrame, dir + "/ours-per-frame.gif")
    for (i, f) in frames.enumerated() { try! PNGWriter.write(rgba: f, width: j.width, height: j.height, to: String(format: "\(dir)/f%04d.png", i)) }
    let t1 = nowNanoseconds()
    let pass1 = commandOutput("/usr/bin/ffmpeg", ["-v", "error", "-y", "-framerate", "25", "-i", dir + "/f%04d.png", "-vf", "palettegen", dir + "/pal.png"])
    let pass2 = commandOutput("/usr/bin/ffmpeg", ["-v", "error", "-y", "-framerate", "25", "-i", dir + "/f%04d.png", "-i", dir + "/pal.png",
                                                  "-lavfi", "paletteuse", dir + "/ffmpeg.gif"])
    let ffmpegSeconds = ms(t1, nowNanoseconds()) / 1000
    guard pass1 != nil, pass2 != nil else { print("ffmpeg CLI not available: no peer row"); return }
    func quality(_ path: String) -> (psnr: Double, bytes: Int, frames: Int) {
        var se = 0.0, count = 0.0, decoded = 0
        _ = try? MP4Reader(path: path).decodeFrames { i, bytes, stride in
            decoded += 1
            let ref = frames[min(i, frames.count - 1)]
            for y in 0..<j.height {
                for x in 0..<j.width {
                    for c in 0..<3 {
                        let d = Double(bytes[y * stride + 4 * x + c]) - Double(ref[4 * (y * j.width + x) + c])
                        se += d * d
                    }
                }
            }
            count += Double(j.width * j.height * 3)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return (count == 0 ? .nan : 10 * log10(255 * 255 / max(se / count, 1e-12)), bytes, decoded)
    }
    let ours = quality(dir + "/ours.gif"), theirs = quality(dir + "/ffmpeg.gif")
    // Per-frame palettes (palettegen stats_mode=single + paletteuse new=1) and diff statistics,
    // through the CLI on the same frames (README "GIF").
    for (label, graph) in [("per-frame palettes", "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1:dither=sierra2_4a"),
                           ("diff-statistics palette", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle")] {
        let path = dir + "/\(label.prefix(4)).gif"
        guard commandOutput("/usr/bin/ffmpeg", ["-v", "error", "-y", "-framerate", "25", "-i", dir + "/f%04d.png", "-lavfi", graph, path]) != nil else { continue }
        let q = quality(path)
        add(Record(name: "gif PSNR ffmpeg \(label) (vs ours, one clip palette)", unit: "dB", samples: [q.psnr], peer: ours.psnr))
        add(Record(name: "gif size ffmpeg \(label) (vs ours)", unit: "KB", samples: [Double(q.bytes) / 1024], peer: Double(ours.bytes) / 1024))
    }
    add(Record(name: "gif PSNR ours (\(ours.frames) frames 480×270)", unit: "dB", samples: [ours.psnr], peer: theirs.psnr))
    add(Record(name: "gif size ours (vs ffmpeg two-pass)", unit: "KB", samples: [Double(ours.bytes) / 1024], peer: Double(theirs.bytes) / 1024))
    add(Record(name: "gif time ours in-process (vs ffmpeg CLI, 2 runs)", unit: "s", samples: [oursSeconds], peer: ffmpegSeconds))
    // Ours with --gif-palette per-frame beside ours with one clip palette (the default).
    let perFrame = quality(dir + "/ours-per-frame.gif")
    add(Record(name: "gif PSNR ours per-frame palettes (vs ours global)", unit: "dB", samples: [perFrame.psnr], peer: ours.psnr))
    add(Record(name: "gif size ours per-frame palettes (vs ours global)", unit: "KB", samples: [Double(perFrame.bytes) / 1024], peer: Double(ours.bytes) / 1024))
    add(Record(name: "gif time ours per-frame palettes (vs ours global)", unit: "s", samples: [perFrameSeconds], peer: oursSeconds))
    // The simplest quantizer of our own, for scale: a fixed uniform 6×7×6 palette (252 colours),
    // nearest colour, no dither (what a hand-written quantizer starts from).
    var se = 0.0
    let t2 = nowNanoseconds()
    for f in frames {
        for i in stride(from: 0, to: f.count, by: 4) {
            for (c, levels) in [(0, 6.0), (1, 7.0), (2, 6.0)] {
                let v = Double(f[i + c]) / 255, q = (v * (levels - 1)).rounded() / (levels - 1) * 255
                se += (q - Double(f[i + c])) * (q - Double(f[i + c]))
            }
        }
    }
    let uniformSeconds = ms(t2, nowNanoseconds()) / 1000
    let uniform = 10 * log10(255 * 255 / (se / Double(frames.count * j.width * j.height * 3)))
    add(Record(name: "gif PSNR fixed 6×7×6 palette, no dither (quantize only)", unit: "dB", samples: [uniform], peer: ours.psnr))
    add(Record(name: "gif time fixed palette quantize only", unit: "s", samples: [uniformSeconds], peer: oursSeconds))
    let delays = (try? GIFInspector.timing(path: dir + "/ours.gif").delays) ?? []
    add(Record(name: "gif total of delays, ours (exact: \(n * 4) cs)", unit: "cs", samples: [Double(delays.reduce(0, +))]))
}

