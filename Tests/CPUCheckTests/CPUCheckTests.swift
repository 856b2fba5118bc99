import CCPUCheck
import Testing

/// The startup CPU check's decision (Sources/CCPUCheck) on the CPUID/XGETBV words of CPUs this
/// machine is not: the words are those the processors report (leaf 1 ECX, leaf 7 EBX).
@Suite struct CPUCheckTests {
    static func cpu(maxLeaf: UInt32, ecx1: UInt32, ebx7: UInt32, xcr0: UInt64) -> animexport_cpu_features {
        animexport_cpu_features(max_leaf: maxLeaf, leaf1_ecx: ecx1, leaf7_ebx: ebx7, xcr0: xcr0)
    }
    static let haswell = cpu(maxLeaf: 0xD, ecx1: 0x7FFA_FBFF, ebx7: 0x27AB, xcr0: 0x7)       // Core i7-4770
    static let sandyBridge = cpu(maxLeaf: 0xD, ecx1: 0x1FBA_E3FF, ebx7: 0, xcr0: 0x7)    // Core i7-2600: AVX, no FMA/AVX2
    static let nehalem = cpu(maxLeaf: 0xB, ecx1: 0x0098_E3BD, ebx7: 0, xcr0: 0)          // Core i7-920: no AVX at all

    static let avx = Int32(ANIMEXPORT_CPU_MISSING_AVX), fma = Int32(ANIMEXPORT_CPU_MISSING_FMA)
    static let avx2 = Int32(ANIMEXPORT_CPU_MISSING_AVX2), ymm = Int32(ANIMEXPORT_CPU_MISSING_YMM_STATE)

    @Test func haswellRunsTheTunedBuild() {
        #expect(animexport_cpu_missing(Self.haswell) == 0)
    }

    @Test func olderCPUsLackWhatTheyLack() {
        #expect(animexport_cpu_missing(Self.sandyBridge) == Self.fma | Self.avx2)
        #expect(animexport_cpu_missing(Self.nehalem) == Self.avx | Self.fma | Self.avx2 | Self.ymm)
    }

    /// A Haswell whose OS does not save YMM state (XCR0 = x87 + SSE only), or has not enabled
    /// XSAVE at all: the instructions exist but cannot be used.
    @Test func theOSMustSaveTheYMMRegisters() {
        var noYMM = Self.haswell
        noYMM.xcr0 = 0x3
        #expect(animexport_cpu_missing(noYMM) == Self.ymm)
        var noOSXSAVE = Self.haswell
        noOSXSAVE.leaf1_ecx &= ~(1 << 27)   // XCR0 not to be trusted (XGETBV would fault)
        #expect(animexport_cpu_missing(noOSXSAVE) == Self.ymm)
    }

    /// Leaf 7 is read only when CPUID.0 says it exists: a stale EBX does not count.
    @Test func leafSevenMustExist() {
        var noLeaf7 = Self.haswell
        noLeaf7.max_leaf = 6
        #expect(animexport_cpu_missing(noLeaf7) == Self.avx2)
        var noLeaves = Self.haswell
        noLeaves.max_leaf = 0
        #expect(animexport_cpu_missing(noLeaves) == Self.avx | Self.fma | Self.avx2 | Self.ymm)
    }

    @Test func theMessageIsOneSentenceNamingWhatIsMissing() {
        #expect(Self.message(animexport_cpu_missing(Self.sandyBridge)) ==
            "animexport: this build needs an x86-64 CPU with AVX2 and FMA (Intel Haswell, AMD Excavator or newer), "
            + "and this CPU or its OS lacks AVX2 and FMA; build a portable binary with `ANIMEXPORT_PORTABLE=1 make release`")
        let nehalem = Self.message(animexport_cpu_missing(Self.nehalem))
        #expect(nehalem.contains("lacks AVX, AVX2, FMA and OS support for the AVX registers (XSAVE of YMM state);"))
        #expect(!nehalem.contains("\n"))
        #expect(Self.message(Self.ymm).contains("lacks OS support for the AVX registers"))
    }

    /// This machine's words are read consistently: XCR0 only when OSXSAVE is set.
    @Test func readingThisCPU() {
        let here = animexport_cpu_read()
        if here.leaf1_ecx & (1 << 27) == 0 { #expect(here.xcr0 == 0) }
        if here.max_leaf < 7 { #expect(here.leaf7_ebx == 0) }
    }

    static func message(_ missing: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        animexport_cpu_message("animexport", missing, &buffer, UInt(buffer.count))
        return String(cString: buffer)
    }
}
