// Temporaries left by earlier runs that were killed (SIGKILL, a power cut) before they could
// remove them (issue 15 item 4).
//
// Removed only while this run holds the --out lock (so no other batch is writing there), and
// only our own: in the folder of each file the batch writes or the manifest records, the
// entries that match the temporary name the Video module makes for that file
// (`.<name>.<16 hex>.partial`, TemporaryFiles.isTemporary) — nothing else is touched.
import Foundation
import Video

/// Removes the stale temporaries of `names` (relative to `out`); returns the paths removed.
@discardableResult
func removeStaleTemporaries(out: String, names: Set<String>) -> [String] {
    var byFolder: [String: Set<String>] = [:]
    for name in names {
        let folder = (name as NSString).deletingLastPathComponent
        byFolder[folder, default: []].insert((name as NSString).lastPathComponent)
    }
    var removed: [String] = []
    for (folder, files) in byFolder.sorted(by: { $0.key < $1.key }) {
        let dir = folder.isEmpty ? out : out + "/" + folder
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
        for entry in entries where entry.hasSuffix(".partial") && files.contains(where: { TemporaryFiles.isTemporary(entry, for: $0) }) {
            let path = dir + "/" + entry
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
    }
    return removed.sorted()
}
