// Per-frame work bounds end to end (issue 28), `animexport` run as a process on small hostile
// files made by scripts/hostile-lottie.py:
//   • bounds-merge-refused: 1 000 thin rectangles through one point (every pair crosses)
//     merged with a square — the boolean cost cap refuses the merge before the sweep: a warning
//     in words naming the layer (the operands drawn unmerged), an error under --strict with
//     nothing written;
//   • bounds-fps-1000: a legal 1 000 fps file renders without --fps at 240 fps, with a note.
import Foundation
import Testing
import TestSupport

@Suite("WorkBoundsExport") struct WorkBoundsExportTests {
    func timed(_ args: [String], cwd: String) throws -> (Run, Duration) {
        let clock = ContinuousClock(), start = clock.now
        let run = try animexport(args, cwd: cwd)
        return (run, clock.now - start)
    }

    @Test func anExpensiveMergeIsReportedAndAnErrorUnderStrict() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (loose, seconds) = try timed(["still", fixture("bounds-merge-refused"), "--scale", "0.25", "out.png"], cwd: dir)
        #expect(loose.status == 0, "\(loose.stderr)")
        #expect(seconds < .seconds(5), "\(seconds)")
        let warning = loose.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warning.count == 1, "\(loose.stderr)")
        #expect(warning.first?.contains("1 merge path not merged (the operands drawn as they are, unmerged): layers[0] \"shapes\": the boolean operation would cost more than ") == true,
                "\(loose.stderr)")
        #expect(files(in: dir) == ["out.png"])
        let (strict, _) = try timed(["still", fixture("bounds-merge-refused"), "--scale", "0.25", "--strict", "strict.png"], cwd: dir)
        #expect(strict.status == 2, "\(strict.stderr)")
        #expect(strict.stderr.contains("layers[0] \"shapes\": the boolean operation would cost more than") && strict.stderr.contains("--strict"),
                "\(strict.stderr)")
        #expect(files(in: dir) == ["out.png"], "nothing written under --strict")
    }

    @Test func aThousandFramesPerSecondFileRendersAtTheNearestRate() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try animexport([fixture("bounds-fps-1000"), "--null"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("bounds-fps-1000.json: fps 1000 is outside what the encoders take, [1, 240] fps; rendering at 240 fps (--fps to choose)"),
                "\(run.stderr)")
        // 250 frames at 1 000 fps = 0.25 s: 60 frames at 240 fps.
        #expect(run.stdout.contains("60 frames"), "\(run.stdout)")
        let chosen = try animexport([fixture("bounds-fps-1000"), "--fps", "50", "--null"], cwd: dir)
        #expect(chosen.status == 0 && !chosen.stderr.contains("outside what the encoders take"), "\(chosen.stderr)")
    }
}
