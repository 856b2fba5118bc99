// How much memory a job needs, and whether the process may have it (issue 15 item 3).
//
// When an allocation fails, libx264 and libavcodec return errors (exit 1), but Swift's own
// allocations (a canvas, a buffer) cannot fail softly: the runtime aborts with a backtrace.
// So a job is refused up front, before any temporary exists, when its estimate does not fit:
//
//   address space (RLIMIT_AS, `ulimit -v`)   need = what the process maps now (/proc/self/statm)
//                                                   + base + threads × perThread + pixels × perPixel
//   resident memory (a cgroup's memory limit,  need = base + pixels × perPixel
//   a container: memory.max / limit_in_bytes)
//
// Each encoder has its own terms (`EncoderMemory.of`), measured on this machine (Debian 12,
// FFmpeg 5.1, 2 cores: two encoder threads) at 1920×1080 and 3840×2160 with clips longer than
// the encoder's look-ahead (docs/memory.md: method, table of measured against estimated):
//   resident: peak RSS of the process (wait4's ru_maxrss, as /usr/bin/time -v)
//   address:  VmPeak (/proc/PID/status) minus what the process mapped at the check; an upper
//             bound, as VmPeak counts malloc arenas at their reserved size (x264 medium at
//             1080p: 701 MB, where the smallest `ulimit -v` that rendered a 0.5 s clip left 516)
// and fitted from above (≥ 1.03 × each measurement). Peak RSS at 3840×2160, for scale: x264
// medium 1647 MB, ultrafast 372, x265 1555, SVT-AV1 1975, VP9 1090 (2142 with alpha: a second
// encoder), ProRes 4444 346 (686 with alpha), 422 HQ 453, APNG 444, WebP 398, GIF (see the doc).
// Each encoder thread beyond two adds its glibc arena and stack (≈ 72 MB of address space,
// little of it resident; measured for x264).
// Below ≈ 250 MB the dynamic loader itself cannot map FFmpeg (exit 127, before animexport
// runs); that is documented, not handled.
import Foundation
import Video

struct MemoryNeed: Equatable {
    /// Bytes of address space the job adds to what the process maps now.
    var address: Int
    /// Bytes of resident memory the job holds at its peak.
    var resident: Int

    static func + (a: MemoryNeed, b: MemoryNeed) -> MemoryNeed { MemoryNeed(address: a.address + b.address, resident: a.resident + b.resident) }
}

/// The measured memory of one encoder at its default settings (two threads): address space
/// beyond what the process maps at the check, and resident memory of the whole process at its
/// peak, each a base plus a part per pixel (docs/memory.md has the measurements).
struct EncoderMemory: Equatable {
    var addressBase: Int, addressPerPixel: Int
    var residentBase: Int, residentPerPixel: Int

    static func mb(_ address: Int, _ addressPerPixel: Int, _ resident: Int, _ residentPerPixel: Int) -> EncoderMemory {
        EncoderMemory(addressBase: address << 20, addressPerPixel: addressPerPixel, residentBase: resident << 20, residentPerPixel: residentPerPixel)
    }

    /// The terms for `codec` (x264: by preset; ProRes 4444 and VP9: with or without alpha; GIF:
    /// by palette mode),
    /// `.mb(address MB, address B/px, resident MB, resident B/px)`: fitted from above to the
    /// measurements at 1920×1080 and 3840×2160 (docs/memory.md), ≥ 1.03 × each.
    static func of(_ codec: VideoCodec, alpha: Bool, x264Preset: String, gifPalette: GIFPalette = .global) -> EncoderMemory {
        switch codec {
        case .h264:
            if ["ultrafast", "superfast"].contains(x264Preset) { return .mb(120, 50, 80, 40) }
            // veryfast–fast: medium's address space, resident between (not measured at 4K).
            if ["veryfast", "faster", "fast"].contains(x264Preset) { return .mb(240, 245, 90, 150) }
            return .mb(240, 245, 90, 205)
        case .hevc: return .mb(400, 215, 130, 190)
        case .av1: return .mb(1700, 390, 70, 250)
        // With alpha libvpx runs a second encoder for the alpha plane: twice the memory.
        case .vp9: return alpha ? .mb(190, 265, 170, 260) : .mb(140, 130, 120, 130)
        case .prores: return alpha ? .mb(210, 85, 200, 65) : .mb(310, 25, 140, 30)
        case .proresHQ: return .mb(260, 50, 50, 55)
        // One clip palette peaks in its second pass (paletteuse and the encoder at 4K: 737 MB);
        // per frame streams.
        case .gif: return gifPalette == .perFrame ? .mb(110, 50, 100, 50) : .mb(10, 90, 10, 90)
        case .apng: return .mb(150, 55, 80, 50)
        // Lossless, lossy and with alpha alike; the anim encoder does not grow with the clip
        // (60 frames at 1080p peaked as 15 did).
        case .webp: return .mb(140, 45, 90, 45)
        case .png: return .mb(40, 12, 16, 8)
        }
    }

    /// GIF's clip palette: palettegen's full histogram holds one entry per distinct colour of the
    /// whole clip, so it grows with the clip until it holds all 2²⁴ colours. Measured at 1080p:
    /// 15 frames 156 MB, 60 frames 285 MB: ≈ 1.4 B per pixel of every frame → 1.5 B, at most
    /// 670 MB (2²⁴ entries of 16 B, grown by doubling, and the 8 B pointers of the median cut).
    static func gifHistogramBytes(pixels: Int, frames: Int) -> Int {
        min(pixels * frames * 3 / 2, 670 << 20)
    }
}

extension ExportPlan {
    /// The job's estimate; `still` for a PNG of one frame.
    func memoryNeed(still: Bool = false) -> MemoryNeed {
        let pixels = width * height
        if still { return MemoryNeed(address: 40 << 20 + pixels * 12, resident: 16 << 20 + pixels * 8) }
        let threads = max(1, encoderThreads ?? min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16))
        let terms = EncoderMemory.of(media.format.codec, alpha: media.alpha, x264Preset: encoder.preset, gifPalette: media.gifPalette)
        // The measured figures include two encoder threads; more add ≈ 72 MB of address space each.
        let moreThreads = max(0, threads - 2) * (72 << 20)
        let histogram = media.format.codec == .gif && media.gifPalette == .global ? EncoderMemory.gifHistogramBytes(pixels: pixels, frames: frameCount) : 0
        return MemoryNeed(address: terms.addressBase + moreThreads + pixels * terms.addressPerPixel + histogram,
                          resident: terms.residentBase + pixels * terms.residentPerPixel + histogram)
    }

}

/// What the process may still take: address space under RLIMIT_AS, resident memory under a
/// cgroup limit (nil: no limit).
struct MemoryRoom {
    var address: Int?
    var resident: Int?

    static func now() -> MemoryRoom {
        var room = MemoryRoom()
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max, let mapped = mappedBytes() {
            room.address = max(0, Int(clamping: limit.rlim_cur) - mapped)
        }
        if let (max, used) = cgroupMemory() { room.resident = Swift.max(0, max - used) }
        return room
    }

    func fits(_ need: MemoryNeed) -> Bool {
        (address.map { need.address <= $0 } ?? true) && (resident.map { need.resident <= $0 } ?? true)
    }
}

/// Bytes the process maps now (the first field of /proc/self/statm, in pages).
func mappedBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = text.split(separator: " ").first.flatMap({ Int($0) }) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The memory limit of our cgroup and what it holds now (v2 memory.max/current, v1
/// memory.limit_in_bytes/usage_in_bytes), when there is a limit.
func cgroupMemory() -> (max: Int, used: Int)? {
    guard let lines = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
    func read(_ path: String) -> Int? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
    for line in lines.split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { continue }
        let path = String(parts[2])
        var candidates: [(String, String)] = []
        if parts[0] == "0" && parts[1].isEmpty {
            candidates = [("/sys/fs/cgroup\(path)/memory.max", "/sys/fs/cgroup\(path)/memory.current"),
                          ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current")]
        } else if parts[1].split(separator: ",").contains("memory") {
            candidates = [("/sys/fs/cgroup/memory\(path)/memory.limit_in_bytes", "/sys/fs/cgroup/memory\(path)/memory.usage_in_bytes"),
                          ("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes")]
        }
        for (maxPath, usedPath) in candidates {
            // "max" (v2) or a value near Int64.max (v1) means no limit.
            if let max = read(maxPath), max < 1 << 60, let used = read(usedPath) { return (max, used) }
        }
    }
    return nil
}

/// Throws (exit 1) when `need` does not fit `room`, naming both and what to change.
func checkMemory(_ need: MemoryNeed, room: MemoryRoom = .now(), what: String) throws(ExportError) {
    let mb = { (b: Int) in (b + (1 << 20) - 1) >> 20 }
    if let a = room.address, need.address > a {
        throw .runtime("\(what): needs about \(mb(need.address)) MB more address space, but the limit (ulimit -v) leaves \(mb(a)) MB; raise it, or use a smaller --size or a faster --x264-preset")
    }
    if let r = room.resident, need.resident > r {
        throw .runtime("\(what): needs about \(mb(need.resident)) MB of memory, but the memory limit (cgroup) leaves \(mb(r)) MB; raise it, or use a smaller --size or a faster --x264-preset")
    }
}

/// `checkMemory` for one job; with --verbose the estimate and the room are shown.
func checkJobMemory(_ need: MemoryNeed, verbose: Bool, what: String) throws(ExportError) {
    let room = MemoryRoom.now()
    if verbose {
        let mb = { (b: Int?) in b.map { "\($0 >> 20) MB" } ?? "no limit" }
        printError("animexport: memory: \(what) needs about \(need.address >> 20) MB more address space (mapped now \(mb(mappedBytes())), room \(mb(room.address))) and \(need.resident >> 20) MB resident (room \(mb(room.resident)))")
    }
    try checkMemory(need, room: room, what: what)
}
