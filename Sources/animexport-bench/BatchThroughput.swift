// Batch throughput, --jobs 2 against --jobs 1 (issue 5: ≥ 1.7× on 2 cores), moved here from the
// tests (issue 15 item 11: speed is measured by the bench, never asserted by a test). Twelve
// small outputs (3 presets × 4 sizes, 1 s at 60 fps, x264 veryfast), each run of the release
// `animexport batch … --force` timed as a child process; the two settings alternate, so a
// busy machine slows both alike. Meaningful only on an otherwise idle machine.
import Foundation

func benchBatchThroughput(rounds: Int) {
    let root = NSTemporaryDirectory() + "animexport-bench-batch-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: root) }
    try? FileManager.default.createDirectory(atPath: root + "/p", withIntermediateDirectories: true)
    for a in ["pulse", "dots", "heart"] {
        let preset = """
        {"animation": "\(a)", "seconds": 1, "scale": 1, "encoder": {"preset": "veryfast"},
         "outputs": [{"name": "\(a)/a.mp4"}, {"name": "\(a)/b.mp4", "size": "360x360"},
                     {"name": "\(a)/c.mp4", "size": "240x428"}, {"name": "\(a)/d.mp4", "size": "428x240"}]}
        """
        try? preset.write(toFile: "\(root)/p/\(a).json", atomically: true, encoding: .utf8)
    }
    var times: [String: [Double]] = ["1": [], "2": []]
    for _ in 0..<rounds {
        for jobs in ["1", "2"] {
            guard let (wall, _) = childExport(["batch", root + "/p", "--out", root + "/out" + jobs, "--jobs", jobs, "--force", "-q"]) else {
                fputs("animexport-bench: batch --jobs \(jobs) failed\n", stderr)
                return
            }
            times[jobs]!.append(wall)
        }
    }
    add(Record(name: "batch 12 outputs, --jobs 1", unit: "s", samples: times["1"]!))
    add(Record(name: "batch 12 outputs, --jobs 2", unit: "s", samples: times["2"]!))
    let ratio = zip(times["1"]!, times["2"]!).map { $0 / $1 }
    add(Record(name: "batch throughput --jobs 2 / --jobs 1 (goal ≥ 1.7)", unit: "ratio", samples: ratio))
}
