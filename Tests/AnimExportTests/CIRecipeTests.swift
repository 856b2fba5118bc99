// docs/ci.md's GitHub Actions recipe, run as written (issue 15 item 7): its shell steps are
// taken from the document, run for three shards in workspaces of their own (one shard with a
// broken preset, as a failing shard), their artefacts collected by the recipe's upload rules
// into one folder (as merge-multiple does), and the merge step run with only the binary the
// recipe uploads. Checked: no two shards' artefacts hold the same name, the merge runs when a
// shard failed, the build is cached, the merge job builds nothing, and the merged manifest is
// the unsharded run's.
import Foundation
import Testing
@testable import AnimExport

@Suite(.serialized) struct CIRecipe {
    /// The YAML of the first ```yaml block after `heading` in docs/ci.md.
    func recipe(after heading: String) throws -> String {
        let doc = try String(contentsOfFile: repositoryRoot + "/docs/ci.md", encoding: .utf8)
        let start = try #require(doc.range(of: heading))
        let rest = doc[start.upperBound...]
        let open = try #require(rest.range(of: "```yaml\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        return String(rest[open.upperBound..<close.lowerBound])
    }

    /// The single-line `run:` commands of a job, in order.
    func runs(_ yaml: String, job: String) -> [String] {
        var inJob = false
        var out: [String] = []
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  ") && !line.hasPrefix("   ") { inJob = line.trimmingCharacters(in: .whitespaces) == job + ":" }
            guard inJob, let r = line.range(of: "run: "), !line.hasSuffix("run: |") else { continue }
            out.append(String(line[r.upperBound...]))
        }
        return out
    }

    func sh(_ command: String, cwd: String) throws -> RunResult {
        try runShell(command, cwd: cwd, guard: 300)
    }

    @Test func theGitHubRecipeWorksAsWritten() throws {
        let yaml = try recipe(after: "## GitHub Actions")
        let root = try scratchFolder()
        defer { cleanup(root) }
        // The project's presets for the recipe: small ones, and a broken one on every shard.
        let list = (0..<9).map { #"{"name": "set/o\#($0).mp4"}"# }.joined(separator: ", ")
        let presets = root + "/presets"
        try write(#"{"animation": "pulse", "seconds": 0.2, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [\#(list), {"name": "set/poster.png"}]}"#, presets, "p.json")
        try write(#"{"animation": "dots", "parameters": {"colr": 1}}"#, presets, "broken.json")

        // The shard's own steps (the build step is the machine's business: the binary is copied in).
        let render = runs(yaml, job: "render").filter { ($0.contains("bin/animexport") || $0.contains("manifests")) && !$0.contains("swift build") }
        #expect(render.count == 2, "\(render)")
        let merge = runs(yaml, job: "merge").filter { $0.contains("animexport") }
        #expect(merge.count == 1, "\(merge)")
        // Conditions and caching, as the document promises them.
        #expect(yaml.contains("if: ${{ !cancelled() }}"), "the merge runs when a shard failed")
        #expect(yaml.contains("path: .build"), "the build is cached")
        let mergeJob = String(yaml[try #require(yaml.range(of: "\n  merge:")).lowerBound...])
        #expect(!mergeJob.contains("swift build"), "the merge job builds nothing")

        var owners: [String: Int] = [:]
        let collected = root + "/merge"
        for k in 1...3 {
            let ws = root + "/shard\(k)"
            try FileManager.default.createDirectory(atPath: ws + "/bin", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: presets, toPath: ws + "/presets")
            try FileManager.default.copyItem(atPath: binaryPath(), toPath: ws + "/bin/animexport")
            for (i, step) in render.enumerated() {
                let r = try sh(step.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(k)"), cwd: ws)
                // The render step fails (the broken preset); the steps after it run (if: always()).
                #expect(r.status == (i == 0 ? 1 : 0), "shard \(k) step \(i): \(r.stderr)")
            }
            // upload-artifact: dist/ without manifest.json and index.html, manifests/, events-K.jsonl.
            for path in allFiles(ws + "/dist") + allFiles(ws + "/manifests").map({ "../manifests/" + $0 }) + ["../events-\(k).jsonl"] {
                let src = ws + "/dist/" + path
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: src, isDirectory: &isDir), !isDir.boolValue,
                      !["manifest.json", "index.html"].contains(path),
                      !path.split(separator: "/").contains(where: { $0.hasPrefix(".") && $0 != ".." }) else { continue }
                let rel = path.hasPrefix("../") ? String(path.dropFirst(3)) : "dist/" + path
                if let other = owners[rel] { Issue.record("\(rel) is in the artefacts of shards \(other) and \(k)") }
                owners[rel] = k
                let dst = collected + "/" + rel
                try FileManager.default.createDirectory(atPath: (dst as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: src, toPath: dst)
            }
        }
        #expect(owners.keys.contains("dist/index-2.html") && owners.keys.contains("events-3.jsonl"))
        // The merge job: the binary artefact (modes dropped, as upload-artifact does) and the merge step.
        try FileManager.default.createDirectory(atPath: collected + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: binaryPath(), toPath: collected + "/bin/animexport")
        chmod(collected + "/bin/animexport", 0o644)
        let m = try sh(merge[0], cwd: collected)
        #expect(m.status == 0, "\(m.stderr)")
        let merged = try Manifest.read(collected + "/dist/manifest.json")
        #expect(merged.outputs.count == 10)
        // The same as one unsharded run.
        let whole = try run(["batch", "presets", "--out", "whole", "--previews"], cwd: root)
        #expect(whole.status == 1)
        #expect(stripTiming(merged) == stripTiming(try Manifest.read(root + "/whole/manifest.json")))
        #expect(try untrueManifestEntries(collected + "/dist").isEmpty)
    }
}
