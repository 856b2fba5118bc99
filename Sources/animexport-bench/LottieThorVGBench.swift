// `make bench`, section "lottie render, ThorVG": the peer side of the Lottie render rows —
// ThorVG's per-frame render time for the ten files of the "lottie" section (lottieBenchFiles).
//
// Measured by tools/lottie_compare/bench_thorvg.py in the venv `make lottie-compare-venv` makes
// (.build/lottie-compare-venv; the section is skipped with a note without it), in this same run:
// thorvg-python 1.1.3, Engine(threads=0) — one thread —, the file loaded once and not timed, the
// picture fitted (aspect kept) and centred on a 1080×1080 software canvas (EngineOption.DEFAULT),
// the frames of our render rows (LottieRenderBench.swift): t_i = duration·i/frames seconds from
// the in-point (frame (op − ip)·i/frames, fractional), one warm-up pass, then `rounds` passes;
// one sample = set_frame + update + draw(clear) + sync of one frame. Ours: build + render of the
// same frame, the display list and canvas kept between frames. Our render rows take their peer
// column from `thorvgRenderMedians` (same files, size and frames; ratio = ours/ThorVG).
import Foundation

let lottieRenderSize = 1080

/// Frames per round of the Lottie render rows, ours and ThorVG's.
func lottieRenderFrames(quick: Bool) -> Int { quick ? 10 : 40 }

/// ThorVG's samples (ms) per file of `files`, or nil with the reason printed.
func thorvgRenderSamples(folder: String, frames: Int, rounds: Int, files: [String] = lottieBenchFiles) -> [String: [Double]]? {
    let cwd = FileManager.default.currentDirectoryPath
    let python = cwd + "/.build/lottie-compare-venv/bin/python"
    guard FileManager.default.isExecutableFile(atPath: python) else {
        print("(ThorVG column skipped: no \(python); `make lottie-compare-venv` creates it)")
        return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-m", "lottie_compare.bench_thorvg", "--corpus", folder, "--size", "\(lottieRenderSize)",
                         "--frames", "\(frames)", "--rounds", "\(rounds)"] + files
    process.currentDirectoryURL = URL(fileURLWithPath: cwd + "/tools")
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
        print("(ThorVG column skipped: cannot run \(python): \(error))")
        return nil
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        print("(ThorVG column skipped: bench_thorvg exited with status \(process.terminationStatus))")
        return nil
    }
    var samples: [String: [Double]] = [:]
    for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let file = object["file"] as? String else { continue }
        if let ms = object["ms"] as? [Double] { samples[file] = ms }
        else { print("(ThorVG: \(file): \(object["error"] as? String ?? "no samples"))") }
    }
    return samples
}

/// The medians per file, for the peer column of our Lottie render rows.
nonisolated(unsafe) var thorvgRenderMedians: [String: Double] = [:]

func runLottieThorVGBench(rounds: Int, quick: Bool) {
    section("lottie render \(lottieRenderSize)×\(lottieRenderSize), ThorVG (1 thread, the frames of the next section)")
    guard let folder = lottieCorpusFolder() else {
        print("(skipped: no lottie/samples folder beside the repository; set ANIMEXPORT_LOTTIE_CORPUS)")
        return
    }
    guard let samples = thorvgRenderSamples(folder: folder, frames: lottieRenderFrames(quick: quick), rounds: rounds) else { return }
    for name in lottieBenchFiles {
        guard let s = samples[name] else { continue }
        let record = Record(name: "lottie render ThorVG \(name.replacingOccurrences(of: "Issues/", with: ""))", unit: "ms", samples: s)
        thorvgRenderMedians[name] = record.median
        add(record)
    }
}
