// sourceRectAtTime() of a text layer (Expressions/TextRectLink.swift, Build/TextRectMeasurer.swift):
// the bounds of the set glyphs at the frame, worked out by hand and read back as pixels.
//
// The file's chars hold "A": a 60 × 70 rectangle at x 0…60, y −70…0, advance 80, at size 100.
// Text layer "T" at (20, 60), size 50 (so each A is 30 × 35, advance 40), left-aligned:
//   "AA"  (frames 0–9)   glyphs at x 0…30 and 40…70  → {top −35, left 0, width 70, height 35}
//   "AAA" (from frame 10) one more at 80…110          → {top −35, left 0, width 110, height 35}
// Layer "Box" sits at T's position and draws a red rectangle with size [width, height] and centre
// [left + width/2, top + height/2] from T's rectangle, so it covers x 20…90 (then 20…130), y 25…60.
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Testing

private func textRectFile(_ script: String) -> String {
    let escaped = script.replacingOccurrences(of: "\"", with: "\\\"")
    let doc = { (t: Int, s: String) in #"{"t":\#(t),"s":{"s":50,"f":"F","t":"\#(s)","j":0,"tr":0,"lh":60,"ls":0,"fc":[0,0,0]}}"# }
    return """
    {"v":"5.7.0","fr":10,"ip":0,"op":20,"w":160,"h":80,
     "fonts":{"list":[{"fName":"F","fFamily":"Box","fStyle":"Regular","ascent":70}]},
     "chars":[{"ch":"A","size":100,"style":"Regular","w":80,"fFamily":"Box","data":{"shapes":[{"ty":"rc","p":{"a":0,"k":[30,-35]},"s":{"a":0,"k":[60,70]},"r":{"a":0,"k":0}}]}}],
     "layers":[
      {"ty":4,"nm":"Box","ip":0,"op":20,"st":0,"ks":{"p":{"a":0,"k":[20,60]}},"shapes":[
        {"ty":"rc","s":{"a":0,"k":[1,1],"x":"var r = thisComp.layer('T').sourceRectAtTime(time, false); \(escaped) [r.width, r.height]"},
         "p":{"a":0,"k":[0,0],"x":"var r = thisComp.layer('T').sourceRectAtTime(); [r.left + r.width / 2, r.top + r.height / 2]"},"r":{"a":0,"k":0}},
        {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]},
      {"ty":5,"nm":"T","ip":0,"op":20,"st":0,"ks":{"p":{"a":0,"k":[20,60]},"o":{"a":0,"k":0}},
       "t":{"d":{"k":[\(doc(0, "AA")),\(doc(10, "AAA"))]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}]}
    """
}


/// The columns and rows of pixels at least half red (the box; the text layer is transparent).
private func redBox(_ frame: Frame) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
    var xs: [Int] = [], ys: [Int] = []
    for y in 0..<frame.height {
        for x in 0..<frame.width where frame.rgba[(y * frame.width + x) * 4 + 3] >= 128 { xs.append(x); ys.append(y) }
    }
    guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
    return (x0...x1, y0...y1)
}

@Suite("TextRect") struct TextRectTests {
    @Test func theBoxFollowsTheTextsBounds() throws {
        let animation = try LottieDecoder.decode(Array(textRectFile("").utf8), file: "text-rect.json")
        #expect(!animation.features.uses(.unrecognisedExpressions), "\(animation.features.places(of: .unrecognisedExpressions))")
        let two = try #require(redBox(renderFrame(animation, atFrame: 0)))
        #expect(two.x == 20...89 && two.y == 25...59, "\(two)")
        let three = try #require(redBox(renderFrame(animation, atFrame: 12)))
        #expect(three.x == 20...129 && three.y == 25...59, "\(three)")
        // Frames in any order give the same box (the measurement is a function of the frame).
        #expect(redBox(renderFrame(animation, atFrame: 3))?.x == 20...89)
    }

    @Test func topAndLeftAreTheGlyphsEdges() throws {
        // The same box moved by top and left: a script that reads all four fields.
        let animation = try LottieDecoder.decode(Array(textRectFile("if (r.top != -35 || r.left != 0) { r = {width: 1, height: 1}; }").utf8), file: "t.json")
        #expect(redBox(renderFrame(animation, atFrame: 0))?.x == 20...89)
    }

    @Test func withoutABuildTheKeyframedValueStands() throws {
        // Outside a build nothing measures the text: the size falls back to its keyframed [1, 1].
        let animation = try LottieDecoder.decode(Array(textRectFile("").utf8), file: "t.json")
        guard case .shapes(let items) = animation.root.layers[0].content, case .rectangle(let rect) = items[0] else {
            Issue.record("the Box layer's first item is its rectangle"); return
        }
        #expect(rect.size.value(at: 0) == Point(1, 1))
    }

    @Test func aTextMeasuringItselfEnds() throws {
        // T's sourceText reads T's own rectangle: a cycle. The inner measurement is NaN (so the
        // keyframed "AA"), the outer one measures that: the frame is built, no recursion without end.
        let x = "var r = sourceRectAtTime(); r.width > 0 ? value + 'A' : value"
        let json = textRectFile("").replacingOccurrences(of: #""a":[]}}]}"#, with: #""a":[]}}]}"#)
            .replacingOccurrences(of: #"}}]},"p":{}"#, with: #"}}],"x":"\#(x)"},"p":{}"#)
        #expect(json.contains(#""x":"var r = sourceRectAtTime()"#))
        let animation = try LottieDecoder.decode(Array(json.utf8), file: "cycle.json")
        #expect(!animation.features.uses(.unrecognisedExpressions), "\(animation.features.places(of: .unrecognisedExpressions))")
        #expect(redBox(renderFrame(animation, atFrame: 0))?.x == 20...89)
    }
}
