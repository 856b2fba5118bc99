// ExportOutput.swift — the destination checks of every output format and the delivery-target
// path of an export (render to a hidden file, read it back, check it against the target, then
// give it OUTPUT's name; a GIF over the target's size is rendered again smaller, with a note).
import Foundation
import Video

/// OUTPUT can be written: a known extension, an existing writable folder, not a folder itself,
/// and (without -y) no file at its name — for a PNG sequence, at any of its frames' names.
/// Returns the path to write (OUTPUT, or the file a symlink at OUTPUT points to: Destination.swift).
@discardableResult
func checkOutputDestination(_ job: ExportPlan) throws(ExportError) -> String {
    let exts = OutputFormat.knownExtensions
    guard job.media.format.container == .pngSequence, let pattern = FramePattern(job.output) else {
        return try checkDestination(job.output, overwrite: job.overwrite, extensions: exts)
    }
    try checkDestination(pattern.path(frame: 0), overwrite: job.overwrite, extensions: ["png"])
    if !job.overwrite {
        for i in 1..<max(job.frameCount, 1) where FileManager.default.fileExists(atPath: pattern.path(frame: i)) {
            throw .usage("\(pattern.path(frame: i)): already exists; pass -y to replace the sequence")
        }
    }
    return job.output
}

/// The smallest side a target that scales down to fit its bytes renders at.
let minimumFitSide = 16

/// Exports for a delivery target: into a hidden sibling, checked, then renamed to OUTPUT. A file
/// over the target's bytes is rendered again smaller (up to 3 times, sides ≥ `minimumFitSide`)
/// when the target allows it; one that cannot fit even so is an error (exit 2), nothing written.
func exportForTarget(_ job: ExportPlan, _ target: DeliveryTarget, _ run: ExportRun) throws(ExportError) -> ExportResult {
    var job = job
    for attempt in 0..<4 {
        let url = URL(fileURLWithPath: job.output)
        let hidden = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.deletingPathExtension().lastPathComponent).check-\(UInt32.random(in: 0...UInt32.max)).\(url.pathExtension)").path
        var result = try exportOnce(job, to: hidden, run)
        if let maxBytes = target.maxBytes, result.bytes > maxBytes, target.scaleDownToFit == true {
            // Bytes grow about with the pixel count: shrink the sides by √(max/bytes), with 10 % to spare.
            unlink(hidden)
            let k = (Double(maxBytes) / Double(result.bytes)).squareRoot() * 0.9
            let w = max(minimumFitSide, Int(Double(job.width) * k)), h = max(minimumFitSide, Int(Double(job.height) * k))
            guard attempt < 3, w < job.width || h < job.height else {
                throw .usage("\(job.output): target \(target.name) needs at most \(byteCount(maxBytes)); even at \(job.width)×\(job.height) (after \(attempt) smaller renders) the file is \(byteCount(result.bytes)) — shorten the clip (--seconds, --loops) (\(target.spec))")
            }
            job.notices.append("target \(target.name): \(byteCount(result.bytes)) is over \(byteCount(maxBytes)); rendering again at \(w)×\(h)")
            run.observer.note(job.notices.last!)
            job.transform = job.transform.concatenating(.scale(Double(w) / Double(job.width), Double(h) / Double(job.height)))
            job.width = w
            job.height = h
            continue
        }
        let problems = checkAgainstTarget(hidden, target, job: job)
        guard problems.isEmpty else {
            unlink(hidden)
            throw .runtime("\(job.output): does not meet target \(target.name): \(problems.joined(separator: "; ")) (\(target.spec))")
        }
        guard rename(hidden, job.output) == 0 else {
            let e = errno
            unlink(hidden)
            throw .runtime("\(job.output): rename failed: \(String(cString: strerror(e)))")
        }
        result.path = job.output
        result.width = job.width
        result.height = job.height
        return result
    }
    throw .runtime("\(job.output): could not fit target \(target.name)")
}
