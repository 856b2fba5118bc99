// SIGINT / SIGTERM in any phase (issue 15 items 2 and 11): exit 130 / 143, the destination
// untouched, no temporaries, a batch's manifest holding only true entries and its summary
// naming the outputs that never started. The moments are random, from a fixed seed, over each
// phase: start-up and planning, rendering, x264's final flush, PNG encoding, the batch queue,
// previews and manifest writes.
//
// No moment is a measured time: each run is signalled on an event the test sees — a line on
// stderr, the output's temporary reaching a seeded number of bytes, the n-th output of a batch —
// so a loaded machine (where every phase takes longer) and a fast one land in the same phase;
// only start-up and batch planning, where any moment is valid, take a seeded delay. Speed is
// not asserted: the stop latency is printed (the figure for the notes) and bounded only by a
// hang guard of 30 s — ~100× the ~0.3 s a stop takes — which catches a signal that is ignored
// or a wait that never ends.
import Foundation
import Testing

/// Seconds a stop may take before the test calls it a hang.
let stopHangGuard = 30.0

/// Size in bytes of the output's temporary (`.<name>.<hex>.partial`) in `folder`; nil while there is none.
func temporarySize(_ folder: String) -> Int? {
    guard let name = listing(folder).first(where: { $0.hasSuffix(".partial") }) else { return nil }
    return (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.size] as? Int
}

@Suite(.serialized) struct Interruption {
    /// Latencies measured by the tests of this suite, printed at the end of each.
    static func report(_ what: String, _ latencies: [Double]) {
        guard !latencies.isEmpty else { return }
        let s = latencies.sorted()
        print(String(format: "signal stop latency, %@: n %d, median %.3f s, max %.3f s", what, s.count, s[s.count / 2], s.last!))
    }

    /// Starts `args` and signals it once `event` holds (seen from the test: stderr, the folder),
    /// or with `delay` seconds after the start; returns (status, seconds from signal to exit,
    /// the process, whether the event was seen before the process ended).
    func interrupt(_ args: [String], cwd: String, signal: Int32, after delay: Double = 0,
                   when event: ((Spawned) -> Bool)? = nil) throws -> (status: Int32?, latency: Double, process: Spawned, seen: Bool) {
        let p = try Spawned(args, cwd: cwd)
        var seen = true
        if let event { seen = p.waitUntil(120) { event(p) } }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        let sent = Date()
        kill(p.process.processIdentifier, signal)
        let status = p.wait(guard: stopHangGuard)
        return (status, Date().timeIntervalSince(sent), p, seen)
    }

    /// A phase of a single render: its command, the output's name and when run `k` (of 5) is
    /// signalled; `mayFinish`: a signal late in it may let the output land (exit 0);
    /// `interruptedAtLeast`: how many of the 5 runs must stop (exit 128 + signal).
    struct Phase {
        var name: String, args: [String], output: String, mayFinish: Bool, interruptedAtLeast: Int
        var delay: (Int) -> Double = { _ in 0 }
        var event: ((Int) -> (Spawned, String) -> Bool)? = nil
    }

    @Test func singleRendersStopInEveryPhase() throws {
        var rng = SeededGenerator(seed: 15_02)
        /// A random number in the k-th fifth of `range` (stratified over the 5 runs of a phase).
        func fifth(_ k: Int, of range: ClosedRange<Double>) -> Double {
            let width = (range.upperBound - range.lowerBound) / 5
            return range.lowerBound + width * (Double(k) + Double.random(in: 0..<1, using: &rng))
        }
        var latencies: [Double] = []
        // veryslow: x264's look-ahead holds all 24 frames, so the flush is most of the run (0.5–0.8 s
        // here, loaded). With --verbose the exporter says when the last frame went in and the flush
        // starts: the flush runs are signalled on that line. The flush polls for the signal between
        // packets, so a signal inside it stops it (not the grace). Its packets reach the temporary
        // only with the trailer (19 KB, one write), so no later moment in it can be seen.
        let flush = ["heart", "--scale", "4", "--seconds", "0.4", "--x264-preset", "veryslow", "--verbose", "-y", "out.mp4"]
        let flushMarker = "finishing the file (encoder flush"
        // The still: with --verbose its memory line comes just before the render (~0.5 s with the
        // PNG encoding, the largest still allowed); PNG encoding is one library call and the file
        // is written at once, so a signal the grace (0.3 s) does not outlast lets it land (exit 0,
        // the new file).
        let still = ["still", "pulse", "--size", "4096x2304", "--verbose", "-y", "out.png"]
        // The 60 s render writes its temporary in steps of 256 KB: the rendering runs are signalled
        // when it has reached a seeded size of up to 1 MB.
        let long = ["pulse", "--seconds", "60", "--x264-preset", "ultrafast", "-y", "out.mp4"]
        let phases: [Phase] = [
            // Before the handlers are installed a signal kills the process (also 128 + signal,
            // nothing written by then): any moment of the first 50 ms is start-up or rendering.
            Phase(name: "start-up", args: long, output: "out.mp4", mayFinish: false, interruptedAtLeast: 5, delay: { k in fifth(k, of: 0...0.05) }),
            Phase(name: "rendering", args: long, output: "out.mp4", mayFinish: false, interruptedAtLeast: 5, event: { k in
                let bytes = Int(fifth(k, of: 1...1_000_000))
                return { _, folder in (temporarySize(folder) ?? 0) >= bytes }
            }),
            Phase(name: "x264 flush", args: flush, output: "out.mp4", mayFinish: true, interruptedAtLeast: 1, event: { _ in { p, _ in p.stderr.contains(flushMarker) } }),
            // Whether the still stops or lands depends on how much of it is left when the grace
            // ends (0.3 s: on a fast machine none may be); every run is checked for the outcome it had.
            Phase(name: "still", args: still, output: "out.png", mayFinish: true, interruptedAtLeast: 0, event: { _ in { p, _ in p.stderr.contains("animexport: memory:") } }),
        ]
        for phase in phases {
            var interrupted = 0
            for k in 0..<5 {
                let folder = try scratchFolder()
                defer { cleanup(folder) }
                let path = folder + "/" + phase.output
                _ = FileManager.default.createFile(atPath: path, contents: Data("previous render".utf8))
                let sig = k % 2 == 0 ? SIGINT : SIGTERM
                let event = phase.event?(k)
                let r = try interrupt(phase.args, cwd: folder, signal: sig, after: phase.delay(k), when: event.map { e in { e($0, folder) } })
                let what = "\(phase.name) #\(k)"
                #expect(r.seen, "\(what): the moment never came: \(r.process.stderr)")
                #expect(r.status != nil, "\(what): still running \(stopHangGuard) s after the signal (hang)")
                // 128 + signal: handled, or killed before the handlers were installed (nothing
                // written by then); 0 (where the phase may end first): the output landed.
                #expect(r.status == 128 + sig || (phase.mayFinish && r.status == 0), "\(what): status \(String(describing: r.status)), \(r.process.stderr)")
                let contents = FileManager.default.contents(atPath: path) ?? Data()
                if r.status == 128 + sig {
                    interrupted += 1
                    latencies.append(r.latency)
                    #expect(contents == Data("previous render".utf8), "\(what): the destination was changed")
                } else if r.status == 0 {
                    #expect(contents.count > 1000 && contents != Data("previous render".utf8), "\(what): exit 0 without the new file")
                }
                #expect(listing(folder) == [phase.output], "\(what): no temporaries: \(listing(folder))")
            }
            // Every phase must really be tested: the 60 s render cannot finish first, the flush
            // (0.5 s or more, polled between packets) not before a signal sent on its first line.
            print("interruption, \(phase.name): \(interrupted) of 5 runs stopped")
            #expect(interrupted >= phase.interruptedAtLeast, "\(phase.name): \(5 - interrupted) of 5 runs finished before the signal")
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
        // Phases: planning (150 presets: a random moment of its first 0.3 s, any of which is
        // planning or start-up); the videos with their previews and the manifest writes (the queue
        // runs the longest outputs first: after the n-th "rendered v/…" line on stderr); the queue
        // of 150 small stills (after the n-th "rendered small/" line).
        let moments: [(String?, ClosedRange<Int>)] = [(nil, 0...0), ("rendered v/", 1...3), ("rendered small/", 1...40)]
        var attempt = 0
        for (marker, counts) in moments {
            for _ in 0..<3 {
                attempt += 1
                let sig = attempt % 2 == 0 ? SIGINT : SIGTERM
                let out = root + "/out"
                let n = Int.random(in: counts, using: &rng)
                let delay = marker == nil ? Double.random(in: 0...0.3, using: &rng) : 0
                // --force: every run has work (a finished run would make the next ones skip everything).
                let r = try interrupt(["batch", "p", "--out", "out", "--jobs", "2", "--previews", "--force"], cwd: root, signal: sig,
                                      after: delay, when: marker.map { m in { $0.stderr.components(separatedBy: m).count > n } })
                #expect(r.seen, "batch run \(attempt): never saw \(n) × \(marker ?? "")")
                let what = "batch run \(attempt) (\(marker.map { "\(n) × \($0)" } ?? "start + \(delay) s"))"
                #expect(r.status != nil, "\(what): hang")
                #expect(r.status == 128 + sig || r.status == 0, "\(what): status \(String(describing: r.status)), \(r.process.stderr)")
                if r.status == 128 + sig { latencies.append(r.latency) }
                #expect(!FileManager.default.fileExists(atPath: out + "/.animexport-batch.lock"), "\(what): lock file left")
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
        #expect(!FileManager.default.fileExists(atPath: root + "/out/.animexport-batch.lock"), "the lock file is removed after SIGTERM")
    }
}
