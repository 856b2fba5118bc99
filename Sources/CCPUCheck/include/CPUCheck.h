// CCPUCheck — the release binary's startup CPU check (README "Speed", docs/library.md).
//
// A release build made by the Makefile compiles the rasterizer and conversion kernels for AVX2 +
// FMA (`-target-cpu haswell`). Run on an x86-64 CPU without them, the first kernel would die with
// SIGILL. The executables call animexport_cpu_check() before anything else: when this target was
// built with ANIMEXPORT_REQUIRE_AVX2 (a tuned x86-64 release) and the CPU or the OS lacks AVX2,
// FMA or saved YMM state, it prints one sentence to stderr and exits with status 1.
#ifndef CCPUCHECK_H
#define CCPUCHECK_H

/// Returns only when this CPU can run the code this binary was built for; otherwise prints
/// "<program>: this build needs …" to stderr and exits 1.
void animexport_cpu_check(const char *program);

/// 1 when this build requires AVX2 + FMA (a tuned x86-64 release build), else 0.
int animexport_cpu_check_required(void);

/// 1 when the CPU has AVX2 and FMA and the OS saves the YMM registers (CPUID + XGETBV), else 0.
int animexport_cpu_has_avx2_fma(void);

#endif
