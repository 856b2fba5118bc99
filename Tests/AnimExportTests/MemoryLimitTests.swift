// Memory limits (issue 15 item 3): under `ulimit -v` every command either renders (exit 0) or
// stops with one line saying so (exit 1) — refused up front when its estimate does not fit,
// or an allocation failure libx264/libavcodec reported — and leaves no temporary. Never an
// abort with a backtrace. Below ≈ 250 MB the dynamic loader cannot map FFmpeg's libraries
// (exit 127, before animexport runs: README "Limits"); the series starts above that.
import Foundation
import Testing

@Suite(.serialized) struct MemoryLimit {
    let limitsMB = [4000, 2000, 1400, 1000, 800, 650, 500, 400, 320]

    func check(_ args: [String], what: String) throws -> [Int: Int32] {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        _ = FileManager.default.createFile(atPath: folder + "/keep.mp4", contents: Data("previous".utf8))
        try write(#"{"animation": "pulse", "seconds": 0.3, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "a.mp4"}, {"name": "b.mp4", "size": "1920x1080"}, {"name": "c.png", "size": "4096x2304"}]}"#, folder, "p/p.json")
        var outcomes: [Int: Int32] = [:]
        let quoted = args.map { "'\($0)'" }.joined(separator: " ")
        for mb in limitsMB {
            // Hang guard: each run takes a few seconds at most.
            let r = try runShell("ulimit -v \(mb * 1024); exec \"$BIN\" \(quoted)", cwd: folder, guard: 120)
            outcomes[mb] = r.status
            let tag = "\(what) under ulimit -v \(mb) MB"
            #expect(r.status == 0 || r.status == 1, "\(tag): status \(r.status), \(r.stderr.prefix(600))")
            #expect(!r.stderr.contains("Program crashed") && !r.stderr.contains("Fatal error") && !r.stderr.contains("Backtrac"),
                    "\(tag): \(r.stderr.prefix(600))")
            if r.status == 1 {
                #expect(r.stderr.contains("address space") || r.stderr.contains("could not start") || r.stderr.contains("memory")
                        || r.stderr.contains("Cannot allocate"), "\(tag): \(r.stderr.prefix(600))")
            }
            #expect(temporaries(folder).isEmpty, "\(tag): \(temporaries(folder))")
            if r.status != 0 {
                #expect(FileManager.default.contents(atPath: folder + "/keep.mp4") == Data("previous".utf8), "\(tag): a failed run leaves the file")
            } else {
                _ = FileManager.default.createFile(atPath: folder + "/keep.mp4", contents: Data("previous".utf8))
            }
        }
        return outcomes
    }

    @Test func singleRendersUnderAddressSpaceLimits() throws {
        let heart = try check(["heart", "--scale", "6", "--seconds", "0.3", "-y", "keep.mp4"], what: "heart 1080p medium")
        #expect(heart[4000] == 0 && heart[320] == 1, "\(heart)")
        let big = try check(["pulse", "--size", "4096x2304", "--seconds", "0.2", "--x264-preset", "ultrafast", "-y", "keep.mp4"], what: "pulse 4096×2304 ultrafast")
        #expect(big[4000] == 0 && big[320] == 1, "\(big)")
        let still = try check(["still", "heart", "--size", "4096x2304", "-y", "s.png"], what: "still 4096×2304")
        #expect(still[4000] == 0, "\(still)")
    }

    @Test func refusedUpFrontWithTheEstimate() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let r = try runShell("ulimit -v \(600 * 1024); exec \"$BIN\" pulse --size 4096x2304 --seconds 0.2 o.mp4", cwd: folder, guard: 120)
        #expect(r.status == 1)
        #expect(r.stderr.contains("o.mp4: needs about") && r.stderr.contains("MB more address space, but the limit (ulimit -v) leaves"), "\(r.stderr)")
        #expect(listing(folder).isEmpty)
    }

    @Test func batchesUnderAddressSpaceLimits() throws {
        let b = try check(["batch", "p", "--out", "out", "--jobs", "2", "--previews", "--force"], what: "batch")
        #expect(b[4000] == 0 && b[400] == 1, "\(b)")
    }
}
