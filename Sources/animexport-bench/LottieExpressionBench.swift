// `make bench`, section "lottie expressions" (issue 23: a file with an expression on every
// transform of 100 layers renders within 1.5× of the same file with the expressions baked).
//
// Two files written here, 512 × 512, 30 fps, 60 frames, 100 shape layers (a 40 × 40 rectangle,
// filled), layer i (ind i) at (20 + 47·(i mod 10), 20 + 47·⌊i/10⌋):
//   • expressions: position  [value[0] + Math.sin(time * 3 + index) * 20, value[1]]   (script)
//                  rotation  time * 90 + index * 3                                    (typed)
//                  scale     var k = 100 + 10 * Math.sin(time * 2 + index); [k, k]     (script)
//                  opacity   50 + 50 * Math.abs(Math.sin(time + index))               (typed)
//   • baked: the same values as linear keyframes at every frame (computed here with the same
//     formulas), no expression.
// One sample: LottieBuilder.build + Renderer.render of one frame (the frames spread over the
// animation, after a warm-up loop). The row is the expression file; its peer column is the baked
// file, so the ratio is the expressions' cost. Nothing is parsed per frame: programs are parsed
// when the file is decoded.
import Foundation
import Geometry
import Lottie
import Raster
import Render

private let benchLayers = 100, benchFrames = 60

private func layerJSON(_ i: Int, baked: Bool) -> String {
    let x = 20.0 + 47 * Double(i % 10), y = 20.0 + 47 * Double(i / 10), n = Double(i)
    func keys(_ f: (Double) -> [Double]) -> String {
        let list = (0...benchFrames).map { frame -> String in
            let v = f(Double(frame) / 30).map { String($0) }.joined(separator: ",")
            return #"{"t":\#(frame),"s":[\#(v)],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}}"#
        }
        return #"{"a":1,"k":[\#(list.joined(separator: ","))]}"#
    }
    let p, r, s, o: String
    if baked {
        p = keys { t in [x + sin(t * 3 + n) * 20, y] }
        r = keys { t in [t * 90 + n * 3] }
        s = keys { t in let k = 100 + 10 * sin(t * 2 + n); return [k, k] }
        o = keys { t in [50 + 50 * abs(sin(t + n))] }
    } else {
        p = #"{"a":0,"k":[\#(x),\#(y)],"x":"[value[0] + Math.sin(time * 3 + index) * 20, value[1]]"}"#
        r = #"{"a":0,"k":0,"x":"time * 90 + index * 3"}"#
        s = #"{"a":0,"k":[100,100],"x":"var k = 100 + 10 * Math.sin(time * 2 + index); [k, k]"}"#
        o = #"{"a":0,"k":100,"x":"50 + 50 * Math.abs(Math.sin(time + index))"}"#
    }
    let shapes = #"[{"ty":"rc","s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0.2,0.5,0.9,1]},"o":{"a":0,"k":100}}]"#
    return #"{"ty":4,"ind":\#(i),"ip":0,"op":\#(benchFrames),"st":0,"ks":{"p":\#(p),"r":\#(r),"s":\#(s),"o":\#(o)},"shapes":\#(shapes)}"#
}

private func benchFile(baked: Bool) -> String {
    let layers = (1...benchLayers).map { layerJSON($0, baked: baked) }.joined(separator: ",")
    return #"{"v":"5.7.0","fr":30,"ip":0,"op":\#(benchFrames),"w":512,"h":512,"layers":[\#(layers)]}"#
}

private func renderSamples(_ animation: LottieAnimation, rounds: Int, frames: Int) -> [Double] {
    let builder = LottieBuilder(animation)
    let renderer = Renderer()
    let canvas = Canvas(width: 512, height: 512)
    var list = DisplayList()
    let times = (0..<frames).map { animation.duration * Double($0) / Double(frames) }
    for t in times {
        list.reset()
        builder.build(atSeconds: t, into: &list)
        renderer.render(list, background: .clear, transform: .identity, on: canvas)
    }
    var samples: [Double] = []
    for _ in 0..<rounds {
        for t in times {
            let t0 = nowNanoseconds()
            list.reset()
            builder.build(atSeconds: t, into: &list)
            renderer.render(list, background: .clear, transform: .identity, on: canvas)
            samples.append(ms(t0, nowNanoseconds()))
        }
    }
    return samples
}

func runLottieExpressionBench(rounds: Int, quick: Bool) {
    section("lottie expressions: 100 layers, an expression on every transform property, beside the same file baked (peer)")
    let frames = quick ? 10 : 30
    do {
        let expressions = try LottieDecoder.decode(Array(benchFile(baked: false).utf8), file: "expressions-100.json")
        let baked = try LottieDecoder.decode(Array(benchFile(baked: true).utf8), file: "baked-100.json")
        guard !expressions.features.uses(.unrecognisedExpressions) else {
            print("(skipped: \(expressions.features.places(of: .unrecognisedExpressions).first ?? ""))")
            return
        }
        // Interleaved, so load on the shared machine falls on both alike.
        var withExpressions: [Double] = [], withKeyframes: [Double] = []
        for _ in 0..<rounds {
            withExpressions += renderSamples(expressions, rounds: 1, frames: frames)
            withKeyframes += renderSamples(baked, rounds: 1, frames: frames)
        }
        let peer = Record(name: "", unit: "", samples: withKeyframes).median
        add(Record(name: "lottie 100 layers with expressions (peer: baked)", unit: "ms", samples: withExpressions, peer: peer))
    } catch {
        print("(skipped: \(error))")
    }
}
