// What the manifest records of an output's files, and whether the files on disk still match.
//
// One file (a video, an animated image, a still): its sha256 and size ("sha256", "bytes").
// A PNG sequence ("frames/f%04d.png") is many files. The entry keeps its frame 0 in
// "sha256"/"bytes" (the file the review page shows and .previous/ keeps, PreviousOutputs.swift)
// and, in "sequence", the whole: {"name": the pattern, "bytes": the frames' total size,
// "sha256": SHA-256 of the text "<file name> <sha256> <bytes>\n" of frame 0, 1, … "frames"−1}.
// The sequence matches only while every one of its frames is a regular file with its bytes,
// so an unchanged sequence is skipped like any output and a changed or missing frame
// re-renders it (before, the check looked for a file named by the pattern and never found it).
import Foundation
import Video

/// The frame files of `name` relative to `out` when it is a PNG sequence of `frames` frames.
func sequenceFrames(_ name: String, frames: Int) -> [String]? {
    guard name.hasSuffix(".png"), name.contains("%"), let pattern = FramePattern(name) else { return nil }
    return (0..<max(frames, 0)).map { pattern.path(frame: $0) }
}

/// The "sequence" fact of a PNG sequence on disk, or nil when a frame is missing or not a regular file.
func sequenceFact(_ name: String, frames: Int, out: String) -> FileFact? {
    guard let files = sequenceFrames(name, frames: frames), !files.isEmpty else { return nil }
    var h = SHA256()
    var total = 0
    for file in files {
        var st = stat()
        guard stat(out + "/" + file, &st) == 0, st.st_mode & S_IFMT == S_IFREG,
              let d = SHA256.file(out + "/" + file) else { return nil }
        h.update("\(URL(fileURLWithPath: file).lastPathComponent) \(d.sha256) \(d.bytes)\n")
        total += d.bytes
    }
    return FileFact(name: name, sha256: h.finalize(), bytes: total)
}

/// The facts of what an output wrote: the file's (a sequence's frame 0) and, for a PNG
/// sequence, the whole sequence's.
func recordedFacts(_ name: String, frames: Int?, out: String) -> (file: FileFact, sequence: FileFact?)? {
    let file = recordedName(name)
    guard let d = SHA256.file(out + "/" + file) else { return nil }
    let fact = FileFact(name: file, sha256: d.sha256, bytes: d.bytes)
    guard sequenceFrames(name, frames: 1) != nil else { return (fact, nil) }
    guard let frames, let sequence = sequenceFact(name, frames: frames, out: out) else { return nil }
    return (fact, sequence)
}

/// Whether the files of `name` on disk are still those `entry` recorded (a sequence: every frame).
func recordedFilesMatch(_ name: String, entry: ManifestEntry, out: String) -> Bool {
    guard fileMatches(out + "/" + recordedName(name), sha256: entry.sha256, bytes: entry.bytes) else { return false }
    guard sequenceFrames(name, frames: 1) != nil else { return true }
    guard let recorded = entry.sequence, let frames = entry.frames else { return false }
    return sequenceFact(name, frames: frames, out: out) == recorded
}

/// The files of an output relative to `out` (a sequence: its frames).
func recordedFileNames(_ name: String, entry: ManifestEntry) -> [String] {
    sequenceFrames(name, frames: entry.frames ?? 0) ?? [name]
}
