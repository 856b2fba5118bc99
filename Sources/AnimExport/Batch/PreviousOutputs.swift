// The files a batch run replaced, kept for the review page (issue 25 item 2):
// `--out/.previous/FILE`, FILE being the output's recorded file (a PNG sequence: its frame 0).
//
// The rule, with --previews only (the folder exists for the page):
//   1. The run starts by removing what an earlier run kept: the whole folder, or with --shard
//      or --only only the files of the outputs this run plans (the others' files are theirs).
//   2. Before an output is rendered over a file that still has its manifest entry's size and
//      sha256, that file is hard-linked (copied where the file system cannot link) to
//      .previous/FILE. Writers replace the output by rename, so the link keeps the old bytes.
//   3. When the output was not rendered (failed, interrupted) or came out with the same sha256,
//      the kept file is removed again.
// So after a run .previous/ holds exactly the files this run changed, as they were; the page
// shows each beside its replacement, and the next --previews run removes them.
import Foundation
import Video

let previousFolder = ".previous"

/// The file an output's entry describes, relative to --out (a PNG sequence: its first frame).
func recordedName(_ name: String) -> String {
    guard name.hasSuffix(".png"), name.contains("%"), let pattern = FramePattern(name) else { return name }
    return pattern.path(frame: 0)
}

/// Rule 1: removes the kept files of an earlier run (all, or in a partial run — a shard,
/// --only — only `names`').
func clearPreviousOutputs(out: String, partial: Bool, names: [String]) {
    let root = out + "/" + previousFolder
    guard FileManager.default.fileExists(atPath: root) else { return }
    guard partial else { try? FileManager.default.removeItem(atPath: root); return }
    for name in names { unlink(root + "/" + recordedName(name)) }
}

/// Rule 2: keeps the file `entry` describes; true when it was kept.
func keepPreviousOutput(_ name: String, entry: ManifestEntry, out: String) -> Bool {
    let file = recordedName(name)
    let from = out + "/" + file, to = out + "/" + previousFolder + "/" + file
    guard fileMatches(from, sha256: entry.sha256, bytes: entry.bytes) else { return false }
    do {
        try FileManager.default.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    } catch { return false }
    unlink(to)
    if link(from, to) == 0 { return true }
    return (try? FileManager.default.copyItem(atPath: from, toPath: to)) != nil
}

/// Rule 3: removes the kept file of `name`.
func dropPreviousOutput(_ name: String, out: String) {
    unlink(out + "/" + previousFolder + "/" + recordedName(name))
}

/// The kept file of `name` when there is one (relative to --out).
func previousOutput(_ name: String, out: String) -> String? {
    let rel = previousFolder + "/" + recordedName(name)
    var st = stat()
    return stat(out + "/" + rel, &st) == 0 && st.st_mode & S_IFMT == S_IFREG ? rel : nil
}
