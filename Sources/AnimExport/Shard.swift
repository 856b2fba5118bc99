// Sharding a batch over CI runners: output → shard by a stable hash of its name.
//
// shard(name) = FNV-1a 64-bit of the name's UTF-8 bytes mod N (0-based; shown 1-based as K/N).
// Swift's hashValue is seeded per process, so it cannot be used. Every runner computes the
// same assignment from the names alone: shards 1/N … N/N cover every output exactly once.
//
// Where the shard comes from, first match wins:
//   --shard K/N                      K in 1…N
//   CI_NODE_INDEX + CI_NODE_TOTAL    GitLab `parallel: N` (CI_NODE_INDEX is 1-based)
//   JOB_COMPLETION_INDEX             Kubernetes indexed Job (0-based); the total from
//                                    --shard-total N or ANIMEXPORT_SHARD_TOTAL (required)
//   none of them                     no sharding: every output
import Foundation

struct Shard: Equatable, CustomStringConvertible {
    var index: Int      // 1-based
    var total: Int

    var description: String { "\(index)/\(total)" }

    static func fnv1a(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in text.utf8 { h ^= UInt64(b); h = h &* 0x100000001b3 }
        return h
    }

    func contains(_ name: String) -> Bool { Int(Self.fnv1a(name) % UInt64(total)) == index - 1 }

    static func parse(_ text: String, origin: String) throws(ExportError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, (1...n).contains(k) else {
            throw .usage("\(origin): '\(text)' is not K/N with 1 ≤ K ≤ N ≤ 10000")
        }
        return Shard(index: k, total: n)
    }

    /// The shard from the flags, else from the CI environment; nil: no sharding.
    static func resolve(flag: String?, totalFlag: String?, environment: [String: String]) throws(ExportError) -> Shard? {
        if let flag {
            if totalFlag != nil { throw .usage("batch: give --shard K/N or --shard-total N, not both") }
            return try parse(flag, origin: "--shard")
        }
        if let i = environment["CI_NODE_INDEX"], let n = environment["CI_NODE_TOTAL"] {
            return try parse("\(i)/\(n)", origin: "CI_NODE_INDEX/CI_NODE_TOTAL")
        }
        if let i = environment["JOB_COMPLETION_INDEX"] {
            guard let n = totalFlag ?? environment["ANIMEXPORT_SHARD_TOTAL"] else {
                throw .usage("batch: JOB_COMPLETION_INDEX=\(i) is set but the number of shards is not: pass --shard-total N or set ANIMEXPORT_SHARD_TOTAL")
            }
            // Any integer text up to Int64.max (and beyond) is checked without arithmetic that can trap.
            guard let k = Int(i), k >= 0, k < 10_000 else {
                throw .usage("JOB_COMPLETION_INDEX: '\(i)' is not a 0-based shard index in [0, 9999]")
            }
            return try parse("\(k + 1)/\(n)", origin: "JOB_COMPLETION_INDEX (0-based) with total \(n)")
        }
        if totalFlag != nil { throw .usage("batch: --shard-total is for JOB_COMPLETION_INDEX, which is not set") }
        return nil
    }
}
