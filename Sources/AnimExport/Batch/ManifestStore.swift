// The batch's manifest while a run goes on: written after every change, atomically, so a
// killed run keeps everything it finished (issue 15 item 4).
//
// What the manifest holds after a run (or at any moment during one) — every entry that is
// still true:
//   outputs of this run     rendered now, skipped as unchanged, or previews re-made: the new
//                           facts; failed, interrupted or not started: the previous entry if
//                           the file on disk still has its size and sha256 (its previews too,
//                           else the entry loses its previews), otherwise nothing
//   other shards' outputs   kept as they were: a shard never judges another shard's names
//   names no preset makes   kept as they were (the run lists them); --prune removes the files
//                           the manifest recorded and their entries (Prune.swift)
//
// Writes go through Interruption.finalLock, which the signal watchdog also takes before it
// ends the process, so no write is ever cut in half; the temporary is registered with
// TemporaryFiles and removed on the way out.
import Foundation
import Video

final class ManifestStore: @unchecked Sendable {
    let path: String
    private(set) var manifest: Manifest

    init(path: String, previous: Manifest) {
        self.path = path
        manifest = previous
        manifest.format = Manifest().format
        manifest.tool = Manifest().tool
    }

    /// Sets (or, with nil, removes) the entry for `name` and writes the manifest.
    func set(_ name: String, _ entry: ManifestEntry?) throws(ExportError) {
        Interruption.finalLock.lock()
        defer { Interruption.finalLock.unlock() }
        manifest.outputs[name] = entry
        try write()
    }

    /// Sets the entry for `name` without writing (facts brought up to date before the run; the
    /// next write or the end of the run writes them).
    func replace(_ name: String, _ entry: ManifestEntry?) {
        Interruption.finalLock.lock()
        defer { Interruption.finalLock.unlock() }
        manifest.outputs[name] = entry
    }

    /// Keeps the entry for `name` only if the files on disk still match it (an output that
    /// failed, was interrupted or never started); writes the manifest when it changed.
    func keepIfTrue(_ name: String, out: String) throws(ExportError) {
        Interruption.finalLock.lock()
        defer { Interruption.finalLock.unlock() }
        guard let entry = manifest.outputs[name] else { return }
        let verified = verifiedEntry(entry, name: name, out: out)
        guard verified != entry else { return }
        manifest.outputs[name] = verified
        try write()
    }

    /// Writes the manifest as it is now.
    func write() throws(ExportError) {
        Interruption.finalLock.lock()
        defer { Interruption.finalLock.unlock() }
        do {
            try TemporaryFiles.writeAtomically(Array(manifest.encoded() + Data("\n".utf8)), to: path)
        } catch {
            throw .runtime("\(path): \(error)")
        }
    }
}

/// `entry` if its file still matches; without its previews if only they changed; else nil.
func verifiedEntry(_ entry: ManifestEntry, name: String, out: String) -> ManifestEntry? {
    guard recordedFilesMatch(name, entry: entry, out: out) else { return nil }
    var e = entry
    if let previews = entry.previews,
       previews.values.contains(where: { !fileMatches(out + "/" + $0.name, sha256: $0.sha256, bytes: $0.bytes) }) {
        e.previews = nil
    }
    return e
}
