// Per-frame work bounds (issue 28) at decode time: repeater copies through easing overshoot
// (KeyframeTrack.valueRange, the nested product), mask, matte and effect coverage passes per frame
// (PrecompGraph), the memory of one frame's display list (FrameMemory), and names from the file
// cut to a readable length in messages.
import JSON
import Foundation
import Motion
import Testing
@testable import Lottie

@Suite struct WorkBoundsTests {
    /// Copies keyframed 1 → n over frames 0 … 2, eased with the handle (0.5, y) → (0.5, 1).
    func easedCopies(_ n: Int, y: Double) -> String {
        #"{"a": 1, "k": [{"t": 0, "s": [1], "o": {"x": [0.5], "y": [\#(y)]}, "i": {"x": [0.5], "y": [1]}}, {"t": 2, "s": [\#(n)]}]}"#
    }

    func repeater(_ copies: String) -> String {
        #"{"ty": "rp", "c": \#(copies), "o": {"a": 0, "k": 0}, "m": 1, "tr": {"p": {"a": 0, "k": [3, 0]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#
    }

    @Test func progressRangeIncludesTheOvershoot() {
        // (0.5, 1.5) → (0.5, 1): y′(s)/3 = 2.5s² − 4s + 1.5, roots 0.6 and 1; y(0.6) = 1.08.
        let r = TimingCurve(0.5, 1.5, 0.5, 1).progressRange
        #expect(abs(r.upperBound - 1.08) < 1e-12 && r.lowerBound == 0)
        // Inside [0, 1]: the ends.
        #expect(TimingCurve(0.42, 0, 0.58, 1).progressRange == 0...1)
        // Undershoot: (0.5, −0.5) → (0.5, 1): the minimum found by sampling y(s) finely is the
        // range's lower end.
        let c = TimingCurve(0.5, -0.5, 0.5, 1)
        let sampled = (0...100_000).map { i -> Double in
            let s = Double(i) / 100_000, t = 1 - s
            return 3 * t * t * s * -0.5 + 3 * t * s * s + s * s * s
        }.min()!
        #expect(abs(c.progressRange.lowerBound - sampled) < 1e-9 && sampled < -0.1)
    }

    @Test func nestedRepeatersWithAnOvershootingEasingAreRefusedAtDecode() {
        // The issue's file: two nested repeaters keyframed 1 → 40 with y = 1e6 (it aborted on a
        // 64 MB allocation): the eased copies are 1 + 39 · 444 444 ≈ 17 million.
        let group = #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [4, 4]}}, {"ty": "fl"}, \#(repeater(easedCopies(40, y: 1e6))), {"ty": "tr"}]}"#
        let json = lottieJSON(layers: "[\(shapeLayer("[\(group), \(repeater(easedCopies(40, y: 1e6)))]"))]")
        let clock = ContinuousClock(), start = clock.now
        let error = decodeError(json)
        #expect(clock.now - start < .seconds(1))
        #expect(error?.path == "layers[0].shapes[0].it[2].c", "\(String(describing: error))")
        #expect(error?.message.hasSuffix("copies, over the cap of 1000 per repeater") == true, "\(String(describing: error))")
    }

    @Test func aModestOvershootIsCountedAndNeverExceeded() throws {
        // 1 → 10 eased with y = 1.5: at most 1 + 9 · 1.08 = 10.72, so 11 copies (10 on the keyframes).
        let json = lottieJSON(layers: "[\(shapeLayer("[{\"ty\": \"rc\", \"s\": {\"a\": 0, \"k\": [2, 2]}}, {\"ty\": \"fl\"}, \(repeater(easedCopies(10, y: 1.5)))]"))]")
        let animation = try decode(json)
        guard case .repeater(let r) = shapeItems(animation)[2] else { Issue.record("no repeater"); return }
        #expect(r.mostCopies == 11)
        let counts = (0...200).map { r.copyCount(at: Double($0) / 100) }
        #expect(counts.max() == 11)
        // Nested: 32 × 32 eased to 1.08 overshoot is 35 × 35 > the 1 000-copy product cap of this test.
        var limits = LottieLimits()
        limits.maxNestedRepeaterCopies = 1_000
        let inner = #"{"ty": "gr", "it": [{"ty": "rc", "s": {"a": 0, "k": [2, 2]}}, {"ty": "fl"}, \#(repeater(easedCopies(32, y: 1.5))), {"ty": "tr"}]}"#
        let nested = lottieJSON(layers: "[\(shapeLayer("[\(inner), \(repeater(easedCopies(32, y: 1.5)))]"))]")
        let error = decodeError(nested, limits: limits)
        #expect(error?.message == "repeaters draw each path up to 1225 times, over the cap of 1000", "\(String(describing: error))")
    }

    /// A precomposition holding one layer with `masks` full-canvas masks (`feathered` of them
    /// feathered), shown `uses` times by the root.
    func maskedPrecomp(masks: Int, feathered: Int = 0, uses: Int) -> String {
        let rect = #"{"c": true, "v": [[0, 0], [100, 0], [100, 100], [0, 100]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
        let list = (0..<masks).map { k in
            #"{"mode": "a", "pt": {"a": 0, "k": \#(rect)}, "o": {"a": 0, "k": 100}\#(k < feathered ? #", "f": {"a": 0, "k": [4, 4]}"# : "")}"#
        }
        let layer = shapeLayer(#"[{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}}, {"ty": "fl"}]"#,
                               name: "Masked", extra: #", "hasMask": true, "masksProperties": [\#(list.joined(separator: ", "))]"#)
        let assets = #"[{"id": "m", "w": 100, "h": 100, "layers": [\#(layer)]}]"#
        let uses = (0..<uses).map { #"{"ty": 0, "ind": \#($0 + 1), "refId": "m", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {}}"# }
        return lottieJSON(layers: "[\(uses.joined(separator: ", "))]", assets: assets)
    }

    @Test func maskCoveragePassesPerFrameAreCapped() throws {
        // 32 × 128 = 4 096 passes: at the cap; 33 × 128 = 4 224: refused, naming the heaviest layer.
        _ = try decode(maskedPrecomp(masks: 128, uses: 32))
        let clock = ContinuousClock(), start = clock.now
        let error = decodeError(maskedPrecomp(masks: 128, uses: 33))
        #expect(clock.now - start < .seconds(1))
        #expect(error?.description == "anim.json: one frame of the root composition would make 4224 mask, matte and effect coverage passes, each over up to the whole frame (the most, 128, for layers[0] \"\"; a feathered mask counts 4, a matte 8, a blur 64), over the cap of 4096 per frame",
                "\(String(describing: error))")
        // A feathered mask counts 4: 30 of the 128 feathered make 98 + 30 · 4 = 218 passes per
        // use; 10 uses (2 180) pass, 32 (6 976) are refused where unfeathered ones (4 096) pass.
        _ = try decode(maskedPrecomp(masks: 128, feathered: 30, uses: 10))
        #expect(decodeError(maskedPrecomp(masks: 128, feathered: 30, uses: 32)) != nil)
    }

    /// `layers` shape layers, each two nested repeaters of `copies` × `copies` rectangles
    /// (scripts/hostile-lottie.py repeaters-cap, N layers).
    func repeatedRectangles(copies: Int, layers: Int) -> String {
        let rp = { (dx: Int, dy: Int) in
            #"{"ty": "rp", "c": {"a": 0, "k": \#(copies)}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"p": {"a": 0, "k": [\#(dx), \#(dy)]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#
        }
        let inner = #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [2, 2]}, "s": {"a": 0, "k": [3, 3]}}, {"ty": "fl"}, \#(rp(3, 0)), {"ty": "tr"}]}"#
        let list = (0..<layers).map { shapeLayer("[\(inner), \(rp(0, 3))]", ind: $0 + 1, name: "copies \($0)") }
        return lottieJSON(layers: "[\(list.joined(separator: ", "))]")
    }

    @Test func frameMemoryIsEstimatedBeforeBuilding() throws {
        // One layer of 316 × 316 copies: each inner copy a group node and a fill of 4 vertices,
        // each outer copy a group node more: n = 316 · (1 + 1 + 316 · 2) = 200 344 nodes,
        // v = 316 · 316 · 4 = 399 424 vertices, plus the layer's node:
        // 1024 · 200 345 + 170 · 399 424 = 273 055 360 bytes (the header's figures).
        let one = try decode(repeatedRectangles(copies: 316, layers: 1))
        #expect(one.frameMemory == 273_055_360)
        _ = try decode(repeatedRectangles(copies: 316, layers: 3))
        // Eight such layers (3 994 488 work, inside the work cap; ≈ 2.2 GB) are refused at decode,
        // at once (ten are over the work cap too).
        let clock = ContinuousClock(), start = clock.now
        let error = decodeError(repeatedRectangles(copies: 316, layers: 8))
        #expect(clock.now - start < .seconds(1))
        #expect(error?.description == "anim.json: one frame of the root composition would need about 2.2 GB for its shapes (styles × the paths they draw, repeaters and precompositions expanded; the most, 273 MB, for layers[0] \"copies 0\"), over the cap of 1.0 GB per frame",
                "\(String(describing: error))")
    }

    @Test func stylesAfterManyPathsCountEveryPathTheyDraw() throws {
        // k rectangles then k fills: each fill draws all k rectangles (4k vertices), so the list
        // holds 4k² vertices for ~6k items of work: 1024 · (k + 1) + 170 · 4k² bytes.
        func fills(_ k: Int) -> String {
            let rects = (0..<k).map { #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [\#(100 - $0), 10]}}"# }
            let styles = (0..<k).map { _ in #"{"ty": "fl", "o": {"a": 0, "k": 1}}"# }
            return lottieJSON(layers: "[\(shapeLayer("[\((rects + styles).joined(separator: ", "))]", name: "Fills"))]")
        }
        #expect(try decode(fills(50)).frameMemory == 1024 * 51 + 170 * 4 * 2_500)
        var limits = LottieLimits()
        limits.maxFrameMemory = 1e6
        _ = try decode(fills(30), limits: limits)   // 643 744 bytes
        let error = decodeError(fills(50), limits: limits)
        #expect(error?.message == "one frame of the root composition would need about 2 MB for its shapes (styles × the paths they draw, repeaters and precompositions expanded; the most, 2 MB, for layers[0] \"Fills\"), over the cap of 1 MB per frame",
                "\(String(describing: error))")
    }

    @Test func effectsDrawFromTheCoveragePasses() throws {
        // A blurred layer counts 64 passes: 64 uses of it are the 4 096 of the cap, 65 are refused.
        let blur = #", "ef": [{"ty": 29, "nm": "Blur", "en": 1, "ef": [{"ty": 0, "nm": "Blurriness", "v": {"a": 0, "k": 10}}]}]"#
        let layer = shapeLayer(#"[{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}}, {"ty": "fl"}]"#,
                               name: "Blurred", extra: blur)
        let assets = #"[{"id": "b", "w": 100, "h": 100, "layers": [\#(layer)]}]"#
        func uses(_ n: Int) -> String {
            let list = (0..<n).map { #"{"ty": 0, "ind": \#($0 + 1), "refId": "b", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {}}"# }
            return lottieJSON(layers: "[\(list.joined(separator: ", "))]", assets: assets)
        }
        _ = try decode(uses(64))
        let error = decodeError(uses(65))
        #expect(error?.message.hasPrefix("one frame of the root composition would make 4160 mask, matte and effect coverage passes") == true,
                "\(String(describing: error))")
        // A disabled effect costs nothing.
        _ = try decode(uses(65).replacingOccurrences(of: #""en": 1"#, with: #""en": 0"#))
    }

    @Test func namesInMessagesAreCutToAReadableLength() {
        // A 100 000-character layer name with a repeater over its cap: the one-line error
        // quotes 64 characters of it and "…".
        let name = String(repeating: "x", count: 100_000)
        let json = lottieJSON(layers: "[\(shapeLayer("[\(repeater(#"{"a": 0, "k": 5000}"#))]", name: name))]")
        let error = decodeError(json)
        #expect(error?.description == "anim.json: layers[0].shapes[0].c: 5000 copies, over the cap of 1000 per repeater", "\(String(describing: error))")
        let missing = lottieJSON(layers: #"[{"ty": 0, "refId": "\#(name)", "nm": "\#(name)", "ks": {}}]"#)
        let animation = try? decode(missing)
        let warning = animation?.warnings.first ?? ""
        #expect(warning.count < 260, "\(warning.count) characters")
        #expect(warning.contains("layers[0] \"\(String(repeating: "x", count: 64))…\""), "\(warning.prefix(300))")
        #expect(quoted("a\nb") == "\"a?b\"")
    }
}

@Suite struct WorkBoundsSeedTests {
    /// The fuzz seeds of issue 28 (Fuzz/regressions/lottie/bounds-*.json, made by
    /// scripts/hostile-lottie.py) each end in under a second through the fuzz case.
    @Test func boundsSeedsReplayFast() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fuzz/regressions/lottie").path
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("bounds-") }.sorted()
        #expect(seeds.count == 11)
        let clock = ContinuousClock()
        for seed in seeds {
            let bytes = [UInt8](try #require(FileManager.default.contents(atPath: folder + "/" + seed)))
            // The faster of two runs (the suite runs beside others on a loaded machine).
            let took = (0..<2).map { _ in
                let start = clock.now
                runLottieCase(bytes)
                return clock.now - start
            }.min()!
            #expect(took < .seconds(1), "\(seed): \(took)")
        }
        // The decoder's verdicts at the fuzz case's caps.
        func error(_ seed: String) -> String? {
            let bytes = [UInt8](FileManager.default.contents(atPath: folder + "/" + seed) ?? Data())
            do { _ = try LottieDecoder.decode(bytes, file: seed, limits: fuzzLimits()); return nil } catch { return error.message }
        }
        #expect(error("bounds-nested-repeaters-overshoot.json")?.hasSuffix("copies, over the cap of 100 per repeater") == true)
        #expect(error("bounds-mask-passes.json")?.contains("640 mask, matte and effect coverage passes") == true)
        #expect(error("bounds-fps-1000.json") == nil)
        #expect(error("bounds-frame-memory-fills.json")?.contains("would need about 27 MB for its shapes") == true)
        #expect(error("bounds-effect-passes.json")?.contains("576 mask, matte and effect coverage passes") == true)
    }
}
