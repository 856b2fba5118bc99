// `make bench`, section "lottie compositing": a masked, a matted and a merged corpus file drawn
// (issue 14), ours beside ThorVG's (the peer column; ThorVG does not draw merge paths, so its
// merged row draws less than ours).
//
// Same method as LottieRenderBench.swift: LottieBuilder.build + Renderer.render at
// lottieRenderSize², the file fitted and centred, one thread, frames spread over the animation
// after one warm-up pass; ThorVG through tools/lottie_compare/bench_thorvg.py on the same frames.
import Foundation
import Geometry
import Lottie
import Raster
import Render

let lottieCompositingBenchFiles = [
    "LottieLogo1_masked.json",    // masks
    "Issues/issue_1505.json",     // track mattes
    "TypeFace/B.json",            // merge paths (and masks)
]

func runLottieCompositingBench(rounds: Int, quick: Bool) {
    section("lottie compositing: masked, matted, merged files at \(lottieRenderSize)², one thread (ours | ThorVG)")
    guard let folder = lottieCorpusFolder() else {
        print("(skipped: no lottie/samples folder beside the repository; set ANIMEXPORT_LOTTIE_CORPUS)")
        return
    }
    let frames = lottieRenderFrames(quick: quick)
    let peer = thorvgRenderSamples(folder: folder, frames: frames, rounds: rounds, files: lottieCompositingBenchFiles) ?? [:]
    let side = Double(lottieRenderSize)
    for name in lottieCompositingBenchFiles {
        guard let animation = try? LottieDecoder.load(path: folder + "/" + name) else { continue }
        let builder = LottieBuilder(animation)
        let renderer = Renderer()
        let canvas = Canvas(width: lottieRenderSize, height: lottieRenderSize)
        let k = min(side / animation.width, side / animation.height)
        let transform = Transform.scale(k, k)
            .concatenating(.translation((side - animation.width * k) / 2, (side - animation.height * k) / 2))
        var list = DisplayList()
        let times = (0..<frames).map { animation.duration * Double($0) / Double(frames) }
        func draw(_ t: Double) {
            list.reset()
            builder.build(atSeconds: t, into: &list)
            renderer.render(list, background: .clear, transform: transform, on: canvas)
        }
        for t in times { draw(t) }   // warm-up
        var samples: [Double] = []
        for _ in 0..<rounds {
            for t in times {
                let t0 = nowNanoseconds()
                draw(t)
                samples.append(ms(t0, nowNanoseconds()))
            }
        }
        let label = (name as NSString).lastPathComponent
        let thorvg = peer[name].map { Record(name: "", unit: "ms", samples: $0).median }
        if let s = peer[name] { add(Record(name: "lottie compositing ThorVG \(label)", unit: "ms", samples: s)) }
        add(Record(name: "lottie compositing \(lottieRenderSize)² \(label)", unit: "ms", samples: samples, peer: thorvg))
    }
}
