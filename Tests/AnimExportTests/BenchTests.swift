// The benchmark executable (`make bench`) runs in --quick mode and writes valid JSON: a small
// subset of its rows (the heart's render rows at both sizes, --only heart) proves the options,
// the timing loop and the JSON writer; the full table is `make bench`'s, not the tests'.
// Runs when the release animexport-bench sits beside the binary under test (`make test` builds it).
import Foundation
import Testing

@Test(.enabled(if: releaseBenchExists()))
func benchQuickWritesJSON() throws {
    let r = try runReleaseBench(["--quick", "--no-encode", "--only", "heart"])
    #expect(r.status == 0)
    let root = try #require(r.json)
    #expect(root["quick"] as? Bool == true)
    let records = try #require(root["records"] as? [[String: Any]])
    // Two heart cases (recorded coverage, every fill rasterized) at 1920×1080 and 512×512.
    let names = records.compactMap { $0["name"] as? String }.sorted()
    #expect(names == ["render heart, every fill rasterized@1920x1080", "render heart, every fill rasterized@512x512",
                      "render heart@1920x1080", "render heart@512x512"], "\(names)")
    for r in records {
        #expect(r["name"] is String && r["unit"] as? String == "ms")
        #expect((r["samples"] as? Int ?? 0) >= 1)
        for key in ["median", "min", "max"] { #expect(r[key] is Double) }
        if let min = r["min"] as? Double, let median = r["median"] as? Double, let max = r["max"] as? Double {
            #expect(0 < min && min <= median && median <= max, "\(r)")
        }
    }
    // The peer figure of the issue stands beside ours in the 1920×1080 row.
    #expect(records.contains { ($0["name"] as? String) == "render heart@1920x1080" && $0["peer"] is Double }, "\(records)")
}
