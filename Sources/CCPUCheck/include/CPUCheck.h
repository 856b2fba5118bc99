// CCPUCheck — the release binary's startup CPU check (README "Speed", docs/library.md).
//
// A release build made by the Makefile compiles the rasterizer and conversion kernels for AVX2 +
// FMA (`-target-cpu haswell`). Run on an x86-64 CPU without them, the first kernel would die with
// SIGILL. The executables call animexport_cpu_check() before anything else: when this target was
// built with ANIMEXPORT_REQUIRE_AVX2 (a tuned x86-64 release) and the CPU or the OS lacks AVX2,
// FMA or saved YMM state, it prints one sentence to stderr and exits with status 1.
//
// The decision is a pure function of the CPUID/XGETBV words (animexport_cpu_missing), so tests
// inject the feature sets of CPUs they do not run on; only animexport_cpu_read reads this CPU.
#ifndef CCPUCHECK_H
#define CCPUCHECK_H

/// The CPUID and XGETBV words the check reads (Intel SDM Vol. 2A "CPUID").
typedef struct {
    unsigned int max_leaf;      ///< CPUID.0:EAX, the highest basic leaf
    unsigned int leaf1_ecx;     ///< CPUID.1:ECX (FMA bit 12, OSXSAVE bit 27, AVX bit 28)
    unsigned int leaf7_ebx;     ///< CPUID.(EAX=7,ECX=0):EBX (AVX2 bit 5); 0 when max_leaf < 7
    unsigned long long xcr0;    ///< XGETBV(0) (XMM bit 1, YMM bit 2); 0 when OSXSAVE is clear
} animexport_cpu_features;

/// What a CPU lacks, as bits of animexport_cpu_missing's result.
enum {
    ANIMEXPORT_CPU_MISSING_AVX = 1,        ///< CPUID.1:ECX.AVX
    ANIMEXPORT_CPU_MISSING_FMA = 2,        ///< CPUID.1:ECX.FMA
    ANIMEXPORT_CPU_MISSING_AVX2 = 4,       ///< CPUID.7:EBX.AVX2
    ANIMEXPORT_CPU_MISSING_YMM_STATE = 8,  ///< OSXSAVE clear, or the OS does not save XMM and YMM state
};

/// This CPU's words (all zero off x86-64).
animexport_cpu_features animexport_cpu_read(void);

/// The decision: 0 when code built for AVX2 + FMA can run on a CPU with `features`, else the
/// ANIMEXPORT_CPU_MISSING_* bits of what it lacks.
int animexport_cpu_missing(animexport_cpu_features features);

/// 1 when this build requires AVX2 + FMA (a tuned x86-64 release build), else 0.
int animexport_cpu_check_required(void);

/// The sentence the check prints for `missing` (≠ 0), without a newline, into `buffer`
/// (truncated to `size`): "<program>: this build needs … this CPU lacks AVX2 and FMA; …".
void animexport_cpu_message(const char *program, int missing, char *buffer, unsigned long size);

/// Returns only when this CPU can run the code this binary was built for (always, when the
/// build does not require AVX2); otherwise prints the message to stderr and exits 1.
void animexport_cpu_check(const char *program);

#endif
