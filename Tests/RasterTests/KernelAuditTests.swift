// KernelAuditTests.swift — the kernel audit (Raster/Audit) in the debug build: every SIMD kernel
// byte-identical to its scalar reference, and the new compositing kernels within ±1 of their
// Double references. The release (AVX2) build runs the same audit in `make test`
// (Sources/kernel-audit).

import Testing
@testable @_spi(KernelAudit) import Raster

@Suite struct KernelAuditTests {
    @Test(arguments: KernelAudit.checkNames)
    func kernelAgreesWithItsReferences(name: String) {
        let finding = KernelAudit.run(name, seed: 0x5EED, rounds: 1)
        #expect(finding.passed, "\(finding)")
        #expect(finding.cases > 100, "\(name) compared too little")
        if let tolerance = finding.tolerance, let error = finding.maxReferenceError {
            #expect(error <= tolerance, "\(finding)")
        }
    }

    @Test func anUnknownCheckFails() {
        #expect(!KernelAudit.run("no.such.kernel").passed)
    }

    @Test func theAuditCatchesAWrongResult() {
        // The comparison itself can fail: a result one off the reference passes at tolerance 1,
        // two off does not.
        var finding = KernelFinding(kernel: "test", tolerance: 1)
        finding.compare(PremultipliedRGBA8(r: 10, g: 10, b: 10, a: 20), reference: PremultipliedRGBA8(r: 11, g: 10, b: 10, a: 20), "one off")
        #expect(finding.passed)
        finding.compare(PremultipliedRGBA8(r: 10, g: 10, b: 10, a: 20), reference: PremultipliedRGBA8(r: 10, g: 12, b: 10, a: 20), "two off")
        #expect(!finding.passed)
        #expect(finding.maxReferenceError == 2)
    }
}
