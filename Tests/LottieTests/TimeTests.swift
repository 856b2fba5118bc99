// The time model against exact frame times (Time/LayerTime.swift).
import Testing
@testable import Lottie
import Geometry

@Suite struct TimeTests {
    @Test func outputTimeToRootFrameIsExact() throws {
        let a = try decode(lottieJSON(layers: "[]", fr: 30, ip: 10, op: 100.5))
        // 60 fps from a 30 fps file: every output frame is a distinct half frame.
        let frames = (0..<6).map { a.frame(atSeconds: Double($0) / 60) }
        #expect(frames == [10, 10.5, 11, 11.5, 12, 12.5])
        #expect(a.duration == 90.5 / 30)                 // fractional op: (op − ip)/fr
        #expect(a.seconds(atFrame: 40) == 1)
        let ntsc = try decode(lottieJSON(layers: "[]", fr: 29.9700012207031, op: 90))
        #expect(ntsc.frame(atSeconds: 1) == 29.9700012207031)
    }

    @Test func layerInAndOutPoints() throws {
        let a = try decode(lottieJSON(layers: #"[{"ty": 3, "ip": 5, "op": 10.5, "ks": {}}, {"ty": 3, "ip": 0, "op": 60, "hd": true, "ks": {}}]"#))
        let l = a.root.layers[0]
        #expect(!l.isVisible(atFrame: 4.999))
        #expect(l.isVisible(atFrame: 5))
        #expect(l.isVisible(atFrame: 10.499))
        #expect(!l.isVisible(atFrame: 10.5))             // op is exclusive
        #expect(!a.root.layers[1].isVisible(atFrame: 1)) // hidden
        #expect(a.root.layers[1].isInRange(atFrame: 1))
    }

    func precompLayer(_ extra: String) -> String {
        """
        [{"ty": 0, "refId": "c", "ip": 0, "op": 1000, "w": 10, "h": 10, "ks": {}\(extra)}]
        """
    }
    let asset = #"[{"id": "c", "layers": [{"ty": 3, "ip": 0, "op": 1000, "ks": {}}]}]"#

    @Test func startTimeAndStretch() throws {
        let a = try decode(lottieJSON(layers: precompLayer(#", "st": 12, "sr": 2"#), assets: asset, op: 1000))
        let l = a.root.layers[0]
        // C′ = (C − st)/sr
        #expect(l.precompFrame(atFrame: 12, frameRate: a.frameRate) == 0)
        #expect(l.precompFrame(atFrame: 32, frameRate: a.frameRate) == 10)
        #expect(l.precompFrame(atFrame: 13, frameRate: a.frameRate) == 0.5)
        #expect(a.features.uses(.timeStretch))
    }

    @Test func timeRemapReplacesStartAndStretch() throws {
        // tm: 0 s at frame 0 → 2 s at frame 30 (reverse would be equally valid), fr 30.
        let tm = #", "st": 50, "sr": 3, "tm": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [2]}]}"#
        let a = try decode(lottieJSON(layers: precompLayer(tm), assets: asset, op: 1000))
        let l = a.root.layers[0]
        #expect(l.precompFrame(atFrame: 15, frameRate: 30) == 30)   // 1 s → frame 30
        #expect(l.precompFrame(atFrame: 30, frameRate: 30) == 60)
        #expect(l.precompFrame(atFrame: 45, frameRate: 30) == 60)   // held after the last keyframe
        #expect(a.features.uses(.timeRemap))
    }

    @Test func walkVisitsVisibleLayersBottomToTopIntoPrecomps() throws {
        let layers = #"""
        [{"ty": 4, "nm": "top", "ip": 0, "op": 30, "ks": {}, "shapes": []},
         {"ty": 0, "nm": "pre", "refId": "c", "ip": 0, "op": 60, "st": 10, "w": 50, "h": 40, "ks": {"o": {"a": 0, "k": 50}}},
         {"ty": 1, "nm": "bottom", "sc": "#ff0000", "sw": 10, "sh": 10, "ip": 20, "op": 60, "ks": {}}]
        """#
        let assets = #"[{"id": "c", "layers": [{"ty": 4, "nm": "inner", "ip": 0, "op": 100, "ks": {}, "shapes": []}]}]"#
        let a = try decode(lottieJSON(layers: layers, assets: assets))
        struct Recorder: LayerVisitor {
            var log: [String] = []
            mutating func visit(_ layer: LottieLayer, frame: Double, matrix: Transform, opacity: Double) {
                log.append("\(layer.name)@\(frame)")
            }
            mutating func enterPrecomposition(_ layer: LottieLayer, composition: Int, frame: Double, innerFrame: Double,
                                              matrix: Transform, opacity: Double, width: Double, height: Double) {
                log.append("enter \(layer.name)@\(innerFrame) o=\(opacity) \(width)x\(height)")
            }
            mutating func exitPrecomposition() { log.append("exit") }
        }
        let walker = FrameWalker(a)
        var r = Recorder()
        walker.walk(atSeconds: 0.5, &r)                  // frame 15: "bottom" not in yet
        #expect(r.log == ["enter pre@5.0 o=0.5 50.0x40.0", "inner@5.0", "exit", "top@15.0"])
        r = Recorder()
        walker.walk(atSeconds: 1, &r)                    // frame 30: "top" out, "bottom" in
        #expect(r.log == ["bottom@30.0", "enter pre@20.0 o=0.5 50.0x40.0", "inner@20.0", "exit"])
    }
}
