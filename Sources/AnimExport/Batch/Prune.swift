// Outputs that no preset makes any more (issue 15 item 4).
//
// An output is an orphan when the manifest records it, this run is responsible for its name
// (no --shard, or the name hashes into this shard) and no preset of the run lists it. Without
// --prune they are listed and kept; with --prune each one's files — the output and its
// previews, only the files the manifest recorded and only while they still have the recorded
// size and sha256; a PNG sequence's frames all together — are removed, and so is its entry. A file that changed since is kept (and
// said so): it is not the file the manifest recorded. While a preset is broken its outputs
// are unknown, so nothing is pruned.
import Foundation

/// Names in `manifest` that this run is responsible for and no planned output claims.
func orphans(in manifest: Manifest, planned: Set<String>, shard: Shard?) -> [String] {
    manifest.outputs.keys.filter { !planned.contains($0) && (shard?.contains($0) ?? true) }.sorted()
}

/// Removes the recorded files of `names` and their entries; returns one line per name.
func prune(_ names: [String], store: ManifestStore, out: String) throws(ExportError) -> [String] {
    var lines: [String] = []
    for name in names {
        guard let entry = store.manifest.outputs[name] else { continue }
        // A PNG sequence goes as a whole, only while every frame is as recorded (RecordedFiles.swift).
        let sequence = entry.sequence != nil
        var files = sequence ? [] : [FileFact(name: name, sha256: entry.sha256, bytes: entry.bytes)]
        files += (entry.previews ?? [:]).values.sorted { $0.name < $1.name }
        var kept: [String] = []
        if sequence {
            if recordedFilesMatch(name, entry: entry, out: out) {
                for f in recordedFileNames(name, entry: entry) { unlink(out + "/" + f) }
            } else {
                kept.append(name)
            }
        }
        for f in files {
            let path = out + "/" + f.name
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }                  // already gone
            if fileMatches(path, sha256: f.sha256, bytes: f.bytes) {
                unlink(path)
            } else {
                kept.append(f.name)
            }
        }
        try store.set(name, nil)
        lines.append("pruned  \(name)" + (kept.isEmpty ? "" : " (kept \(kept.joined(separator: ", ")): changed since it was recorded)"))
    }
    return lines
}
