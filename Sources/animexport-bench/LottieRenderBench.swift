// `make bench`, section "lottie render": the ten corpus files of the "lottie" section drawn.
//
//   • render: LottieBuilder.build (display list) + Renderer.render at 1080 × 1080 (the file
//     fitted and centred, transparent background), one thread; frames spread over the
//     animation, after two warm-up loops over the same frames; one sample per frame;
//   • allocations per frame over the measured rounds (steady state; CAllocCounter);
//   • end to end: one Lottie → MP4 export (1080 × 1080, 60 fps, 120 frames, x264 veryfast,
//     the CLI's pipeline) beside encoding the same frames alone (rendered and converted to
//     yuv420p beforehand, then only x264 and the muxer), one sample per run.
import Foundation
import Geometry
import Lottie
import Raster
import Render
import AnimExport
import Video
import CAllocCounter

func runLottieRenderBench(rounds: Int, quick: Bool) {
    section("lottie render: build + render a frame at 1080×1080, one thread; allocations per frame")
    guard let folder = lottieCorpusFolder() else {
        print("(skipped: no lottie/samples folder beside the repository; set ANIMEXPORT_LOTTIE_CORPUS)")
        return
    }
    let frames = lottieRenderFrames(quick: quick)   // ThorVG's column draws the same frames
    var allocations: [Record] = []
    for name in lottieBenchFiles {
        guard let animation = try? LottieDecoder.load(path: folder + "/" + name) else { continue }
        let label = name.replacingOccurrences(of: "Issues/", with: "")
        let builder = LottieBuilder(animation)
        let renderer = Renderer()
        let canvas = Canvas(width: 1080, height: 1080)
        let k = min(1080 / animation.width, 1080 / animation.height)
        let transform = Transform.scale(k, k)
            .concatenating(.translation((1080 - animation.width * k) / 2, (1080 - animation.height * k) / 2))
        var list = DisplayList()
        let times = (0..<frames).map { animation.duration * Double($0) / Double(frames) }
        // Warm-up, two loops: the list, the builder's scratch and the renderer's caches reach their
        // size; buffers that take turns frame to frame (layers, recorded coverage) grow on the second
        // loop too (IconTransitions: 51 allocations on it, none on the third), so steady state is from
        // the third loop on.
        for _ in 0..<2 {
            for t in times {
                list.reset()
                builder.build(atSeconds: t, into: &list)
                renderer.render(list, background: .clear, transform: transform, on: canvas)
            }
        }
        var samples: [Double] = []
        samples.reserveCapacity(rounds * frames)
        let before = alloc_counter_count()
        for _ in 0..<rounds {
            for t in times {
                let t0 = nowNanoseconds()
                list.reset()
                builder.build(atSeconds: t, into: &list)
                renderer.render(list, background: .clear, transform: transform, on: canvas)
                samples.append(ms(t0, nowNanoseconds()))
            }
        }
        let perFrame = Double(alloc_counter_count() - before) / Double(rounds * frames)
        add(Record(name: "lottie render 1080² \(label)", unit: "ms", samples: samples, peer: thorvgRenderMedians[name]))
        allocations.append(Record(name: "lottie allocs/frame \(lottieAllocationLabel(name, label))", unit: "count", samples: [perFrame]))
    }
    for r in allocations { add(r) }
    lottieEndToEnd(folder + "/" + lottieBenchFiles[0], rounds: quick ? 1 : 3, frames: quick ? 30 : 120)
}

/// One Lottie → MP4 export beside encoding its frames alone (see the file header).
func lottieEndToEnd(_ path: String, rounds: Int, frames: Int) {
    let out = "/tmp/animexport-bench-lottie.mp4"
    let j: ExportPlan
    do {
        j = try BenchmarkSupport.lottieJob([path, "--size", "1080x1080", "--fps", "60", "--frames", "\(frames)",
                                            "--x264-preset", "veryfast", "-y", out])
    } catch { print("(lottie e2e skipped: \(error))"); return }
    section("lottie end to end: \((path as NSString).lastPathComponent) → MP4 1080×1080, 60 fps, \(frames) frames, veryfast (wall, s)")
    let encoderFrames: [EncoderFrame] = {
        let canvas = Canvas(width: j.width, height: j.height)
        let renderer = Renderer()
        let converter = try! RGBAToYUV420(width: j.width, height: j.height)
        var list = DisplayList()
        return (0..<frames).map { i in
            list.reset()
            j.source.draw(at: j.time(ofFrame: i), into: &list)
            renderer.render(list, background: j.background, transform: j.transform, on: canvas)
            let f = try! EncoderFrame(width: j.width, height: j.height)
            canvas.withUnsafeBytes { try! converter.convert(rgba: $0, bytesPerRow: j.width * 4, into: f) }
            return f
        }
    }()
    var endToEnd: [Double] = [], encodeOnly: [Double] = []
    for _ in 0..<rounds {
        let t0 = nowNanoseconds()
        do { _ = try BenchmarkSupport.export(j, pipelined: true) } catch { fatalError("lottie export: \(error)") }
        endToEnd.append(ms(t0, nowNanoseconds()) / 1000)
        let t1 = nowNanoseconds()
        do {
            let writer = try MP4Writer(destination: out, settings: BenchmarkSupport.settings(of: j))
            for f in encoderFrames { try writer.append(f) }
            try writer.finish()
        } catch { fatalError("lottie encode-only: \(error)") }
        encodeOnly.append(ms(t1, nowNanoseconds()) / 1000)
    }
    let e = Record(name: "lottie e2e export (build+render+convert ∥ encode)", unit: "s", samples: endToEnd)
    let o = Record(name: "lottie encode-only (x264 of the same preconverted frames)", unit: "s", samples: encodeOnly)
    add(e)
    add(o)
    add(Record(name: "lottie e2e/encode-only (medians)", unit: "ratio", samples: [e.median / o.median]))
    try? FileManager.default.removeItem(atPath: out)
}
