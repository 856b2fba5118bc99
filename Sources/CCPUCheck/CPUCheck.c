// The startup CPU check (CPUCheck.h).
//
// What the CPU and the OS must provide for code compiled with `-target-cpu haswell` (Intel SDM
// Vol. 1 §14.3 "Detection of Intel AVX instructions" and §14.5.3 for FMA; Vol. 2A CPUID):
//   CPUID.1:ECX.OSXSAVE[bit 27] = 1   the OS enabled XSAVE/XGETBV
//   XGETBV(0) & 0b110 = 0b110         the OS saves XMM (bit 1) and YMM (bit 2) state
//   CPUID.1:ECX.AVX[bit 28] = 1, CPUID.1:ECX.FMA[bit 12] = 1
//   CPUID.(EAX=7,ECX=0):EBX.AVX2[bit 5] = 1
// This file is compiled without AVX flags (C targets get none), so it runs on any x86-64.
#include "CPUCheck.h"
#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__)
#include <cpuid.h>

static unsigned long long xgetbv0(void) {
    unsigned int eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((unsigned long long)edx << 32) | eax;
}

int animexport_cpu_has_avx2_fma(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int osxsave = 1u << 27, avx = 1u << 28, fma = 1u << 12;
    if ((ecx & (osxsave | avx | fma)) != (osxsave | avx | fma)) return 0;
    if ((xgetbv0() & 0x6) != 0x6) return 0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    return (ebx & (1u << 5)) != 0;
}
#else
int animexport_cpu_has_avx2_fma(void) { return 0; }
#endif

int animexport_cpu_check_required(void) {
#if defined(ANIMEXPORT_REQUIRE_AVX2) && defined(__x86_64__)
    return 1;
#else
    return 0;
#endif
}

void animexport_cpu_check(const char *program) {
    if (!animexport_cpu_check_required() || animexport_cpu_has_avx2_fma()) return;
    fprintf(stderr,
            "%s: this build needs an x86-64 CPU with AVX2 and FMA (Intel Haswell, AMD Excavator or "
            "newer), and this CPU or its OS does not provide them; build a portable binary with "
            "`ANIMEXPORT_PORTABLE=1 make release`\n",
            program ? program : "animexport");
    exit(1);
}
