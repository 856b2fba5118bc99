// SIGINT / SIGTERM in any phase (issue 15 items 2 and 11): exit 130 / 143, the destination
// untouched, no temporaries, a batch's manifest holding only true entries and its summary
// naming the outputs that never started. The moments are random, from a fixed seed, over each
// phase: start-up and planning, rendering, x264's final flush, PNG encoding, the batch queue,
// previews and manifest writes.
//
// Speed is not asserted: the stop latency is printed (the figure for the notes) and bounded
// only by a hang guard of 30 s — ~100× the ~0.3 s a stop takes — which catches a signal that
// is ignored or a wait that never ends.
import Foundation
import Testing

/// Seconds a stop may take before the test calls it a hang.
let stopHangGuard = 30.0

@Suite(.serialized) struct Interruption {
    /// Latencies measured by the tests of this suite, printed at the end of each.
    static func report(_ what: String, _ latencies: [Double]) {
        guard !latencies.isEmpty else { return }
        let s = latencies.sorted()
        print(String(format: "signal stop latency, %@: n %d, median %.3f s, max %.3f s", what, s.count, s[s.count / 2], s.last!))
    }

    /// Starts `args`, signals it `delay` seconds after it started — or, with `marker`, after its
    /// stderr first shows `marker` — and returns (status, seconds from signal to exit).
    func interrupt(_ args: [String], cwd: String, signal: Int32, after delay: Double,
                   marker: String? = nil) throws -> (status: Int32?, latency: Double, process: Spawned) {
        let p = try Spawned(args, cwd: cwd)
        if let marker { _ = p.waitUntil(120) { p.stderr.contains(marker) } }
        Thread.sleep(forTimeInterval: delay)
        let sent = Date()
        kill(p.process.processIdentifier, signal)
        let status = p.wait(guard: stopHangGuard)
        return (status, Date().timeIntervalSince(sent), p)
    }

    /// Seconds `args` takes here uninterrupted (the median of three runs) from spawning — or,
    /// with `marker`, from the moment stderr shows it — to exit: short phases are signalled at
    /// fractions of it, so a fast machine (CI's) and a loaded one both land inside the phase.
    func calibrate(_ args: [String], marker: String? = nil) throws -> Double {
        var times: [Double] = []
        for _ in 0..<3 {
            let folder = try scratchFolder()
            defer { cleanup(folder) }
            var start = Date()
            let p = try Spawned(args, cwd: folder)
            if let marker {
                #expect(p.waitUntil(120) { p.stderr.contains(marker) }, "calibration \(args): no \(marker): \(p.stderr)")
                start = Date()
            }
            let status = p.wait(guard: 120)   // a hang guard only: ~1 s on an idle machine
            #expect(status == 0, "calibration \(args): \(p.stderr)")
            times.append(Date().timeIntervalSince(start))
        }
        return times.sorted()[1]
    }

    @Test func singleRendersStopInEveryPhase() throws {
        var rng = SeededGenerator(seed: 15_02)
        var latencies: [Double] = []
        // veryslow: x264's look-ahead holds all 24 frames, so the flush is most of the run. With
        // --verbose the exporter says when the last frame went in and the flush starts: the flush
        // runs are signalled from that line on, at fractions of the flush time measured here. The
        // flush polls for the signal between packets, so a signal inside it stops it (not the grace).
        let flush = ["heart", "--scale", "4", "--seconds", "0.4", "--x264-preset", "veryslow", "--verbose", "-y", "out.mp4"]
        let flushMarker = "finishing the file (encoder flush"
        let still = ["still", "pulse", "--size", "4096x2304", "-y", "out.png"]
        let flushTime = try calibrate(flush, marker: flushMarker), stillTime = try calibrate(still)
        print(String(format: "interruption calibration: x264 flush %.3f s, 4K still %.3f s", flushTime, stillTime))
        // The still's PNG encoding is most of its run.
        let phases: [(String, [String], ClosedRange<Double>, String?)] = [
            ("start-up", ["pulse", "--seconds", "60", "--x264-preset", "ultrafast", "-y", "out.mp4"], 0.0...0.05, nil),
            ("rendering", ["pulse", "--seconds", "60", "--x264-preset", "ultrafast", "-y", "out.mp4"], 0.05...1.0, nil),
            ("x264 flush", flush, 0.0...(0.6 * flushTime), flushMarker),
            // The still: its rendering, then PNG encoding, which is one library call — a signal
            // during it lets the file land within the grace (exit 0, the new file).
            ("still", still, 0.0...(0.6 * stillTime), nil),
        ]
        for (phase, args, range, marker) in phases {
            var interrupted = 0
            for k in 0..<5 {
                let folder = try scratchFolder()
                defer { cleanup(folder) }
                let name = args.first == "still" ? "out.png" : "out.mp4"
                _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("previous render".utf8))
                let sig = k % 2 == 0 ? SIGINT : SIGTERM
                // Stratified: run k at a random moment of the k-th fifth of the range.
                let width = (range.upperBound - range.lowerBound) / 5
                let delay = range.lowerBound + width * (Double(k) + Double.random(in: 0..<1, using: &rng))
                let r = try interrupt(args, cwd: folder, signal: sig, after: delay, marker: marker)
                let what = "\(phase) #\(k)"
                #expect(r.status != nil, "\(what): still running \(stopHangGuard) s after the signal (hang)")
                // 128 + signal: handled, or killed before the handlers were installed (nothing
                // written by then); 0: the render finished before the signal (short phases).
                #expect(r.status == 128 + sig || r.status == 0, "\(what): status \(String(describing: r.status)), \(r.process.stderr)")
                if r.status == 128 + sig {
                    interrupted += 1
                    latencies.append(r.latency)
                    #expect(FileManager.default.contents(atPath: folder + "/" + name) == Data("previous render".utf8), "\(what)")
                }
                #expect(listing(folder) == [name], "\(what): no temporaries: \(listing(folder))")
            }
            // Every phase must really be tested: a signal timed at a fraction of the calibrated run
            // may still miss now and then (the machine's load changes), but not all five times.
            #expect(interrupted >= 1, "\(phase): all 5 runs finished before the signal")
        }
        Self.report("single renders", latencies)
        #expect(latencies.count >= 12, "most runs were interrupted, not finished")
    }

    /// A batch folder: `presets` small presets (planning work) and `outputs` videos with previews.
    func batchFolder(presets: Int, outputs: Int) throws -> String {
        let root = try scratchFolder()
        for i in 0..<presets {
            try write(#"{"animation": "dots", "seconds": 0.2, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "small/d\#(i).png"}]}"#,
                      root, "p/d\(i).json")
        }
        let list = (0..<outputs).map { #"{"name": "v/h\#($0).mp4", "seconds": \#(0.5 + 0.1 * Double($0 % 4))}"# }.joined(separator: ", ")
        try write(#"{"animation": "heart", "scale": 2, "encoder": {"preset": "veryfast"}, "outputs": [\#(list)]}"#, root, "p/heart.json")
        return root
    }

    @Test func batchesStopInEveryPhaseAndKeepTheManifestTrue() throws {
        var rng = SeededGenerator(seed: 15_04)
        var latencies: [Double] = []
        let root = try batchFolder(presets: 150, outputs: 8)
        defer { cleanup(root) }
        // Phases: planning (150 presets: from the start); the videos with their previews and the
        // manifest writes (the queue runs the longest outputs first: from the first "rendered v/…"
        // line on stderr); the queue of 150 small stills (from the first "rendered small/…"). Each
        // moment is a random time after its event, short beside the phase, so a fast machine (CI's)
        // and a loaded one both land inside it.
        let moments: [(String?, ClosedRange<Double>)] = [(nil, 0.0...0.3), ("rendered v/", 0.0...0.3), ("rendered small/", 0.0...0.15)]
        var attempt = 0
        for (marker, range) in moments {
            for _ in 0..<3 {
                attempt += 1
                let sig = attempt % 2 == 0 ? SIGINT : SIGTERM
                let out = root + "/out"
                // --force: every run has work (a finished run would make the next ones skip everything).
                let r = try interrupt(["batch", "p", "--out", "out", "--jobs", "2", "--previews", "--force"], cwd: root, signal: sig,
                                      after: Double.random(in: range, using: &rng), marker: marker)
                let what = "batch run \(attempt) (\(marker ?? "start") + \(range) s)"
                #expect(r.status != nil, "\(what): hang")
                #expect(r.status == 128 + sig || r.status == 0, "\(what): status \(String(describing: r.status)), \(r.process.stderr)")
                if r.status == 128 + sig { latencies.append(r.latency) }
                #expect(temporaries(root).isEmpty, "\(what): \(temporaries(root))")
                if FileManager.default.fileExists(atPath: out + "/manifest.json") {
                    #expect(try untrueManifestEntries(out).isEmpty, "\(what)")
                }
                if r.status == 128 + sig && r.process.stdout.contains("not started") {
                    #expect(r.process.stdout.contains("interrupted by SIG"), "\(what): \(r.process.stdout)")
                }
            }
        }
        Self.report("batches", latencies)
        #expect(latencies.count >= 5)
        // The interrupted runs left a folder a plain run completes; a second one skips everything.
        let done = try run(["batch", "p", "--out", "out", "--jobs", "2", "--previews"], cwd: root)
        #expect(done.status == 0, "\(done.stderr)")
        let again = try run(["batch", "p", "--out", "out", "--jobs", "2", "--previews"], cwd: root)
        #expect(again.stdout.contains("rendered 0, skipped 158, failed 0"), "\(again.stdout)")
        #expect(try untrueManifestEntries(root + "/out").isEmpty)
    }

    @Test func notStartedOutputsAreNamed() throws {
        let root = try batchFolder(presets: 0, outputs: 6)
        defer { cleanup(root) }
        let p = try Spawned(["batch", "p", "--out", "out", "--jobs", "1", "--json"], cwd: root)
        #expect(p.waitUntil(60) { p.stdout.contains(#""event":"start""#) })
        kill(p.process.processIdentifier, SIGTERM)
        #expect(p.wait(guard: stopHangGuard) == 143, "\(p.stderr)")
        let summary = try #require(p.stdout.split(separator: "\n").last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(summary["event"] as? String == "summary" && summary["signal"] as? String == "SIGTERM")
        let notStarted = summary["notStarted"] as? [String] ?? []
        #expect(notStarted.count >= 4, "\(summary)")
        #expect(p.stderr.contains("not started"), "\(p.stderr)")
        for name in notStarted { #expect(!FileManager.default.fileExists(atPath: root + "/out/" + name)) }
    }
}
