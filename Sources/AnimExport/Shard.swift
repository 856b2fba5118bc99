// Sharding a batch over CI runners: output → shard by a stable hash of its name.
//
// shard(name) = FNV-1a 64-bit of the name's UTF-8 bytes mod N (0-based; shown 1-based as K/N).
// Swift's hashValue is seeded per process, so it cannot be used. Every runner computes the
// same assignment from the names alone: shards 1/N … N/N cover every output exactly once.
//
// Where the shard comes from, first match wins (docs/ci.md has this table for users; `batch
// --shard` and a segment worker's `--shard` resolve it alike):
//   --shard K/N                                    K in 1…N
//   CI_NODE_INDEX + CI_NODE_TOTAL                  GitLab `parallel: N` (1-based)
//   BUILDKITE_PARALLEL_JOB + _COUNT                Buildkite `parallelism` (0-based)
//   CIRCLE_NODE_INDEX + CIRCLE_NODE_TOTAL          CircleCI `parallelism` (0-based)
//   JOB_COMPLETION_INDEX                           Kubernetes Indexed Job (0-based)
//   AWS_BATCH_JOB_ARRAY_INDEX [+ _SIZE]            AWS Batch array job (0-based)
//   SLURM_ARRAY_TASK_ID + SLURM_ARRAY_TASK_COUNT   Slurm job array (index − SLURM_ARRAY_TASK_MIN,
//                                                  0 when unset)
//   none of them                                   no sharding: every output
// An engine without a total variable (Kubernetes; AWS Batch, which sets none) takes it from
// --shard-total N or ANIMEXPORT_SHARD_TOTAL, and fails without one.
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

    /// One CI engine's variables (the table in the file header).
    struct EngineVariables {
        var index: String
        /// nil: the total comes from --shard-total or ANIMEXPORT_SHARD_TOTAL.
        var total: String?
        /// The index of the first shard (GitLab counts from 1); `minimum` names a variable holding it.
        var base: Int = 0
        var minimum: String? = nil
    }

    static let engines: [EngineVariables] = [
        EngineVariables(index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", base: 1),
        EngineVariables(index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT"),
        EngineVariables(index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL"),
        EngineVariables(index: "JOB_COMPLETION_INDEX", total: nil),
        EngineVariables(index: "AWS_BATCH_JOB_ARRAY_INDEX", total: "AWS_BATCH_JOB_ARRAY_SIZE"),
        EngineVariables(index: "SLURM_ARRAY_TASK_ID", total: "SLURM_ARRAY_TASK_COUNT", minimum: "SLURM_ARRAY_TASK_MIN"),
    ]

    /// The shard from the flags, else from the CI environment; nil: no sharding.
    static func resolve(flag: String?, totalFlag: String?, environment: [String: String],
                        command: String = "batch") throws(ExportError) -> Shard? {
        if let flag {
            if totalFlag != nil { throw .usage("\(command): give --shard K/N or --shard-total N, not both") }
            return try parse(flag, origin: "--shard")
        }
        for engine in engines {
            guard let i = environment[engine.index], !i.isEmpty else { continue }  // set but empty: unset
            if engine.base == 1, let totalName = engine.total, let n = environment[totalName] {
                return try parse("\(i)/\(n)", origin: "\(engine.index)/\(totalName)")
            }
            if engine.base == 1 { continue }
            return try zeroBased(i, engine, totalFlag: totalFlag, environment: environment, command: command)
        }
        if totalFlag != nil { throw .usage("\(command): --shard-total is for JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX, neither of which is set") }
        return nil
    }

    /// A 0-based index (less the engine's minimum) and its total, as a 1-based shard.
    private static func zeroBased(_ i: String, _ engine: EngineVariables, totalFlag: String?,
                                  environment: [String: String], command: String) throws(ExportError) -> Shard {
        let total = engine.total.flatMap { environment[$0] }.flatMap { $0.isEmpty ? nil : $0 }
        guard let n = total ?? totalFlag ?? environment["ANIMEXPORT_SHARD_TOTAL"] else {
            throw .usage("\(command): \(engine.index)=\(i) is set but the number of shards is not: \(engine.total.map { "set \($0), " } ?? "")pass --shard-total N or set ANIMEXPORT_SHARD_TOTAL")
        }
        let minimumText = engine.minimum.flatMap { environment[$0] } ?? "0"
        // Any integer text up to Int64.max (and beyond) is checked without arithmetic that can trap.
        guard let raw = Int(i), let minimum = Int(minimumText), (0..<10_000).contains(minimum),
              raw >= minimum, raw - minimum < 10_000 else {
            throw .usage("\(engine.index): '\(i)' is not a 0-based shard index in [0, 9999]\(engine.minimum.map { " (less \($0)=\(minimumText))" } ?? "")")
        }
        let origin = "\(engine.index) (0-based) with total \(n)"
        return try parse("\(raw - minimum + 1)/\(n)", origin: origin)
    }
}
