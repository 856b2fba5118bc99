// Runs a render job: scene at t → drawing → rasterizer → RGBA frame → H.264 MP4 writer.
//
// The destination is checked before any work (folder exists and is writable, the file is
// not a folder, an existing file needs -y); the writer writes a temporary file beside it and
// renames it only when complete, so a failure leaves the destination as it was.
import Foundation
import Raster
import Scenes
import Video

public struct ExportResult: Sendable {
    public var path: String
    public var frames: Int
    public var bytes: Int
    public var seconds: Double
    public var width: Int
    public var height: Int
}

/// Checks that `path` can be written as a new (or, with `overwrite`, replaced) file.
func checkDestination(_ path: String, overwrite: Bool, extensions: [String]) throws(ExportError) {
    let url = URL(fileURLWithPath: path)
    let ext = url.pathExtension.lowercased()
    guard extensions.contains(ext) else {
        throw .usage("\(path): OUTPUT must end in .\(extensions[0]) (H.264 in MP4\(extensions.count > 1 ? "; also " + extensions.dropFirst().map { "." + $0 }.joined(separator: ", ") : ""))")
    }
    var isDir: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
    if exists && isDir.boolValue { throw .usage("\(path): is a directory; give a file name") }
    let folder = url.deletingLastPathComponent().path
    var folderIsDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &folderIsDir), folderIsDir.boolValue else {
        throw .usage("\(path): folder \(folder) does not exist")
    }
    guard canCreateFile(in: folder) else { throw .usage("\(path): folder \(folder) is not writable") }
    if exists && !overwrite { throw .usage("\(path): already exists; pass -y to replace it") }
}

/// Whether a new file can be created in `folder` (tried for real: `access(2)` says yes to
/// root even on folders where creation fails, such as /proc or a read-only mount).
func canCreateFile(in folder: String) -> Bool {
    let probe = folder + "/.animexport-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    guard fd >= 0 else { return false }
    close(fd)
    unlink(probe)
    return true
}

extension RenderJob {
    var h264Settings: H264Settings {
        var s = H264Settings(width: width, height: height, fps: FrameRate(num: fps.num, den: fps.den))
        s.x264Preset = encoder.preset
        s.crf = encoder.crf
        s.tune = encoder.tune
        s.profile = H264Profile(rawValue: encoder.profile) ?? .high
        s.level = encoder.level
        s.keyint = encoder.keyint
        s.bframes = encoder.bframes
        s.bitrate = encoder.bitrate
        s.maxrate = encoder.maxrate
        s.extraOptions = encoder.params
        if let t = encoderThreads { s.encoderThreads = t }
        return s
    }
}

/// Renders every frame of `job` into its MP4.
/// `onFrame` (batch progress) is called with the number of frames done after each frame.
func runExport(_ job: RenderJob, progress: Bool = true, onFrame: ((Int) -> Void)? = nil) throws(ExportError) -> ExportResult {
    try checkDestination(job.output, overwrite: job.overwrite, extensions: ["mp4", "m4v"])
    FFmpegLog.setVerbose(job.verbose)
    let writer: MP4Writer
    do {
        writer = try MP4Writer(destination: job.output, settings: job.h264Settings)
    } catch {
        // Settings FFmpeg refuses (an unknown --param, a bad value) are the user's input: exit 2.
        switch error {
        case .unknownOptions, .invalidSettings: throw .usage("\(job.output): \(error)")
        case .ffmpeg(let operation, let code, _, _) where operation.hasPrefix("avcodec_open2") && code == -EINVAL:
            throw .usage("\(job.output): \(error)")
        default: throw .runtime("\(job.output): \(error)")
        }
    }
    let canvas = Canvas(width: job.width, height: job.height)
    let renderer = DrawingRenderer()
    let bar = ProgressBar(total: job.frameCount, label: URL(fileURLWithPath: job.output).lastPathComponent, enabled: progress && isatty(STDERR_FILENO) == 1)
    do {
        for i in 0..<job.frameCount {
            renderer.render(job.scene.drawing(at: job.time(ofFrame: i)), background: job.background,
                            transform: job.transform, on: canvas)
            try canvas.withUnsafeBytes { bytes in
                try writer.append(rgba: bytes, bytesPerRow: canvas.bytesPerRow)
            }
            bar.update(i + 1)
            onFrame?(i + 1)
        }
        let summary = try writer.finish()
        bar.finish()
        return ExportResult(path: job.output, frames: summary.frames, bytes: summary.bytes, seconds: summary.durationSeconds,
                            width: job.width, height: job.height)
    } catch {
        bar.finish()
        writer.cancel()
        throw .runtime("\(job.output): \(error)")
    }
}
