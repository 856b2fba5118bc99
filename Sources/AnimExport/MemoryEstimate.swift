// How much memory a job needs, and whether the process may have it (issue 15 item 3).
//
// When an allocation fails, libx264 and libavcodec return errors (exit 1), but Swift's own
// allocations (a canvas, a buffer) cannot fail softly: the runtime aborts with a backtrace.
// So a job is refused up front, before any temporary exists, when its estimate does not fit:
//
//   address space (RLIMIT_AS, `ulimit -v`)   need = what the process maps now (/proc/self/statm)
//                                                   + base + threads × perThread + pixels × perPixel
//   resident memory (a cgroup's memory limit,  need = 32 MB + pixels × perPixel (the batch's
//   a container: memory.max / limit_in_bytes)        long-standing measure, estimatedBytes)
//
// The address-space terms were measured on this machine (Debian 12, FFmpeg 5.1, libx264
// 0.164, 2 cores, x264 with 2 threads) as the smallest `ulimit -v` at which a 0.5 s clip still
// rendered, minus the least the process mapped at the check (248 MB, shared libraries
// included; 313 MB when the signal thread's malloc arena exists), and fitted from above:
//   x264 medium (and every preset but the two fastest)
//       800×800: 338 MB, 1920×1080: 516 MB, 4096×2304: 1726 MB → 240 MB + 165 B/px
//   x264 ultrafast, superfast
//       1920×1080: 227 MB, 4096×2304: 650 MB                 → 120 MB + 60 B/px
//   a PNG still  1920×1080: 41 MB                            →  40 MB + 12 B/px
// (estimate ÷ measured at 1920×1080: 1.13 medium, 1.07 ultrafast). Resident, measured as peak
// RSS (/usr/bin/time) of a 1 s clip at 1080×1920: 465 MB medium (estimate 488), 133 MB
// ultrafast (estimate 156 with 60 B/px). Each x264 thread beyond
// two adds its glibc arena and stack (≈ 72 MB of address space, little of it resident).
// Below ≈ 250 MB the dynamic loader itself cannot map FFmpeg (exit 127, before animexport
// runs); that is documented, not handled.
import Foundation

struct MemoryNeed: Equatable {
    /// Bytes of address space the job adds to what the process maps now.
    var address: Int
    /// Bytes of resident memory the job holds at its peak.
    var resident: Int

    static func + (a: MemoryNeed, b: MemoryNeed) -> MemoryNeed { MemoryNeed(address: a.address + b.address, resident: a.resident + b.resident) }
}

extension RenderJob {
    /// The job's estimate; `still` for a PNG of one frame.
    func memoryNeed(still: Bool = false) -> MemoryNeed {
        let pixels = width * height
        if still { return MemoryNeed(address: 40 << 20 + pixels * 12, resident: 16 << 20 + pixels * 8) }
        let threads = max(1, encoderThreads ?? min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16))
        let fast = ["ultrafast", "superfast"].contains(encoder.preset)
        let residentPerPixel = fast ? 60 : ["veryfast", "faster", "fast"].contains(encoder.preset) ? 120 : 220
        // The measured figures include two x264 threads; more add ≈ 72 MB of address space each.
        let moreThreads = max(0, threads - 2) * (72 << 20)
        return MemoryNeed(address: (fast ? 120 << 20 : 240 << 20) + moreThreads + pixels * (fast ? 60 : 165),
                          resident: 32 << 20 + pixels * residentPerPixel)
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
