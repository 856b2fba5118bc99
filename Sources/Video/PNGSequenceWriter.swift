// PNGSequenceWriter.swift — one straight-alpha RGBA PNG per frame, named by a `%d`-style
// pattern (FramePattern), all or nothing: each frame is written to a hidden temporary file
// beside its final name, and only when every frame is written are they renamed into place (in
// frame order). Cancelling or failing removes every temporary; files already at the final names
// are replaced only at that last step.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class PNGSequenceWriter {
    let pattern: FramePattern
    let settings: VideoSettings
    private(set) var framesWritten = 0
    private var temporaries: [(temporary: String, final: String)] = []
    private var straight: [UInt8]
    private var done = false

    init(destination: String, settings: VideoSettings) throws(VideoError) {
        guard let p = FramePattern(destination) else {
            throw .invalidSettings("'\(destination)' has no %d frame-number pattern")
        }
        pattern = p
        self.settings = settings
        straight = [UInt8](repeating: 0, count: settings.width * settings.height * 4)
        try FileSupport.checkDestination(p.path(frame: 0))
    }

    deinit { cancel() }

    func append(rgba: UnsafeRawBufferPointer, bytesPerRow: Int) throws(VideoError) {
        guard !done else { throw .closed }
        let base = try checkedRGBA(rgba, width: settings.width, height: settings.height, bytesPerRow: bytesPerRow)
        let w = settings.width, h = settings.height
        straight.withUnsafeMutableBufferPointer { d in
            for row in 0..<h {
                unpremultiplyFast(base.assumingMemoryBound(to: UInt8.self) + row * bytesPerRow, d.baseAddress! + row * w * 4, count: w)
            }
        }
        let final = pattern.path(frame: framesWritten)
        let temporary = FileSupport.temporarySibling(of: final)
        do {
            try PNGWriter.write(rgba: straight, width: w, height: h, to: temporary)
        } catch {
            cancel()
            throw error
        }
        temporaries.append((temporary, final))
        framesWritten += 1
    }

    func finish() throws(VideoError) -> (frames: Int, bytes: Int) {
        guard !done else { throw .closed }
        guard framesWritten > 0 else { throw .invalidInput("no frames were appended") }
        var bytes = 0
        for t in temporaries { bytes += FileSupport.size(t.temporary) ?? 0 }
        for (i, t) in temporaries.enumerated() {
            do { try FileSupport.rename(t.temporary, t.final) } catch {
                temporaries.removeFirst(i)
                cancel()
                throw error
            }
        }
        temporaries = []
        done = true
        return (framesWritten, bytes)
    }

    func cancel() {
        for t in temporaries { FileSupport.remove(t.temporary) }
        temporaries = []
        done = true
    }
}
