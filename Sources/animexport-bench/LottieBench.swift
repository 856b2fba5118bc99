// `make bench`, section "lottie": decoding and property evaluation of ten corpus files.
//
// Rows per file (the corpus: $ANIMEXPORT_LOTTIE_CORPUS, else `lottie/samples` in a folder beside
// the repository; the section is skipped with a note when there is none):
//   • json:   our JSON scanner beside Foundation's JSONSerialization on the same bytes (peer);
//   • decode: scanner + model (LottieDecoder.decode), what `info` and a render pay once;
//   • eval:   every property of one frame (PropertyEvaluator.evaluateAll: layer walk, matrices,
//             shapes, paths, gradients), frames spread over the animation, after one warm-up
//             pass over the same frames; and its heap allocations per frame (steady state).
// Each sample is one call; medians over `rounds` × (20 parses | frames).
import JSON
import Foundation
import Lottie
import CAllocCounter

let lottieBenchFiles = [
    "LottieLogo1.json", "TwitterHeart.json", "9squares_AlBoardman.json", "PinJump.json", "Watermelon.json",
    "HamburgerArrow.json", "IconTransitions.json", "Boat_Loader.json", "MotionCorpse_Jrcanest.json",
    "Issues/issue_2330.json",
]

func lottieCorpusFolder() -> String? {
    let fm = FileManager.default
    if let env = ProcessInfo.processInfo.environment["ANIMEXPORT_LOTTIE_CORPUS"], fm.fileExists(atPath: env) { return env }
    let parent = URL(fileURLWithPath: fm.currentDirectoryPath).deletingLastPathComponent()
    let siblings = ((try? fm.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
    return siblings.map { parent.appendingPathComponent($0).appendingPathComponent("lottie/samples").path }
        .first { fm.fileExists(atPath: $0) }
}

func runLottieBench(rounds: Int, quick: Bool) {
    section("lottie: JSON parse (peer: JSONSerialization), decode, evaluate every property of a frame")
    guard let folder = lottieCorpusFolder() else {
        print("(skipped: no lottie/samples folder beside the repository; set ANIMEXPORT_LOTTIE_CORPUS)")
        return
    }
    let parses = quick ? 5 : 20, frames = quick ? 20 : 60
    var evalAllocations: [Record] = []
    for name in lottieBenchFiles {
        guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
        let bytes = [UInt8](data)
        let label = name.replacingOccurrences(of: "Issues/", with: "")
        var ours: [Double] = [], foundation: [Double] = [], decodes: [Double] = []
        for _ in 0..<(rounds * parses) {
            var t0 = nowNanoseconds()
            _ = try? JSONScanner.parse(bytes, limits: JSONLimits(maxDepth: 256, maxValues: 4_000_000))
            ours.append(ms(t0, nowNanoseconds()))
            t0 = nowNanoseconds()
            _ = try? JSONSerialization.jsonObject(with: data)
            foundation.append(ms(t0, nowNanoseconds()))
            t0 = nowNanoseconds()
            _ = try? LottieDecoder.decode(bytes, file: name)
            decodes.append(ms(t0, nowNanoseconds()))
        }
        var jsonRecord = Record(name: "lottie json \(label) (\(bytes.count / 1024) KB)", unit: "ms", samples: ours)
        jsonRecord.peer = Record(name: "", unit: "", samples: foundation).median
        add(jsonRecord)
        add(Record(name: "lottie decode \(label)", unit: "ms", samples: decodes))
        guard let animation = try? LottieDecoder.decode(bytes, file: name) else { continue }
        let evaluator = PropertyEvaluator(animation)
        let times = (0..<frames).map { animation.duration * Double($0) / Double(frames) }
        var sink = 0.0
        for t in times { sink += evaluator.evaluateAll(atSeconds: t) }   // warm-up: buffers reach their size
        var samples: [Double] = []
        samples.reserveCapacity(rounds * frames)     // so the measurement itself allocates nothing
        let before = alloc_counter_count()
        for _ in 0..<rounds {
            for t in times {
                let t0 = nowNanoseconds()
                sink += evaluator.evaluateAll(atSeconds: t)
                samples.append(ms(t0, nowNanoseconds()))
            }
        }
        let allocations = Double(alloc_counter_count() - before) / Double(rounds * frames)
        if !sink.isFinite { print("(\(label): non-finite property values)") }
        add(Record(name: "lottie eval frame \(label)", unit: "ms", samples: samples))
        evalAllocations.append(Record(name: "lottie eval allocs/frame \(label)", unit: "count", samples: [allocations]))
    }
    for r in evalAllocations { add(r) }
    corpusParseRows(folder, rounds: rounds)
}

/// Every JSON file of the corpus parsed once per round: ours beside JSONSerialization (peer).
func corpusParseRows(_ folder: String, rounds: Int) {
    guard let e = FileManager.default.enumerator(atPath: folder) else { return }
    let files = e.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    let contents = files.compactMap { FileManager.default.contents(atPath: folder + "/" + $0) }
    let arrays = contents.map { [UInt8]($0) }
    var ours: [Double] = [], foundation: [Double] = []
    for _ in 0..<rounds {
        var t0 = nowNanoseconds()
        for bytes in arrays { _ = try? JSONScanner.parse(bytes, limits: JSONLimits(maxDepth: 256, maxValues: 4_000_000)) }
        ours.append(ms(t0, nowNanoseconds()))
        t0 = nowNanoseconds()
        for data in contents { _ = try? JSONSerialization.jsonObject(with: data) }
        foundation.append(ms(t0, nowNanoseconds()))
    }
    let megabytes = Double(arrays.reduce(0) { $0 + $1.count }) / 1_048_576
    var r = Record(name: "lottie json whole corpus (\(files.count) files, \(fmt(megabytes, 1)) MB)", unit: "ms", samples: ours)
    r.peer = Record(name: "", unit: "", samples: foundation).median
    add(r)
}
