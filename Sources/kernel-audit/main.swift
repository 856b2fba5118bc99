// kernel-audit — runs Raster's kernel audit (Raster/Audit/KernelAudit.swift) and checks the
// Video module's RGB→YUV kernels against their scalar reference, in whatever build this is.
// `make test` builds it in release mode — the AVX2 (`-target-cpu haswell`) build that ships —
// and runs it; it exits 1 naming the first kernel whose SIMD result differs from its scalar
// reference (or whose error against a Double reference exceeds the tolerance), else 0.
//
//     kernel-audit [--seed N] [--rounds N] [--only PREFIX] [--quiet]

import CCPUCheck
import Foundation
@_spi(KernelAudit) import Raster
import Video

animexport_cpu_check("kernel-audit")

var seed: UInt64 = 0x5EED
var rounds = 2
var only: String?
var quiet = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seed": seed = arguments.popFirst().flatMap { UInt64($0) } ?? seed
    case "--rounds": rounds = arguments.popFirst().flatMap { Int($0) } ?? rounds
    case "--only": only = arguments.popFirst()
    case "--quiet": quiet = true
    default:
        FileHandle.standardError.write("kernel-audit: unknown option \(argument)\n".data(using: .utf8)!)
        exit(2)
    }
}

print("kernel-audit: \(Rasterizer.buildConfiguration); seed \(seed), rounds \(rounds)")
var findings = KernelAudit.checkNames.filter { only == nil || $0.hasPrefix(only!) }
    .map { KernelAudit.run($0, seed: seed, rounds: rounds) }
if only == nil || "yuv".hasPrefix(only!) || only!.hasPrefix("yuv") {
    findings.append(contentsOf: YUVAudit.run(seed: seed, rounds: rounds))
}
for finding in findings where !quiet || !finding.passed { print("  \(finding)") }
if let failed = findings.first(where: { !$0.passed }) {
    print("kernel-audit: FAILED — \(failed.kernel): \(failed.mismatch ?? "")")
    exit(1)
}
print("kernel-audit: \(findings.count) kernels agree with their references")
