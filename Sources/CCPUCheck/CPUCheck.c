// The startup CPU check (CPUCheck.h).
//
// What the CPU and the OS must provide for code compiled with `-target-cpu haswell` (Intel SDM
// Vol. 1 §14.3 "Detection of Intel AVX instructions" and §14.5.3 for FMA; Vol. 2A CPUID):
//   CPUID.1:ECX.OSXSAVE[bit 27] = 1   the OS enabled XSAVE/XGETBV
//   XGETBV(0) & 0b110 = 0b110         the OS saves XMM (bit 1) and YMM (bit 2) state
//   CPUID.1:ECX.AVX[bit 28] = 1, CPUID.1:ECX.FMA[bit 12] = 1
//   CPUID.(EAX=7,ECX=0):EBX.AVX2[bit 5] = 1 (leaf 7 exists: CPUID.0:EAX ≥ 7)
// XGETBV is executed only when OSXSAVE is set (otherwise it faults). This file is compiled
// without AVX flags (C targets get none), so it runs on any x86-64.
#include "CPUCheck.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>

static unsigned long long xgetbv0(void) {
    unsigned int eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((unsigned long long)edx << 32) | eax;
}

animexport_cpu_features animexport_cpu_read(void) {
    animexport_cpu_features f = {0, 0, 0, 0};
    unsigned int eax, ebx, ecx, edx;
    f.max_leaf = __get_cpuid_max(0, 0);
    if (f.max_leaf >= 1 && __get_cpuid(1, &eax, &ebx, &ecx, &edx)) f.leaf1_ecx = ecx;
    if (f.leaf1_ecx & (1u << 27)) f.xcr0 = xgetbv0();
    if (f.max_leaf >= 7) {
        __cpuid_count(7, 0, eax, ebx, ecx, edx);
        f.leaf7_ebx = ebx;
    }
    return f;
}
#else
animexport_cpu_features animexport_cpu_read(void) {
    animexport_cpu_features f = {0, 0, 0, 0};
    return f;
}
#endif

int animexport_cpu_missing(animexport_cpu_features f) {
    const unsigned int fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28, avx2 = 1u << 5;
    int missing = 0;
    if (f.max_leaf < 1 || !(f.leaf1_ecx & avx)) missing |= ANIMEXPORT_CPU_MISSING_AVX;
    if (f.max_leaf < 1 || !(f.leaf1_ecx & fma)) missing |= ANIMEXPORT_CPU_MISSING_FMA;
    if (f.max_leaf < 7 || !(f.leaf7_ebx & avx2)) missing |= ANIMEXPORT_CPU_MISSING_AVX2;
    if (f.max_leaf < 1 || !(f.leaf1_ecx & osxsave) || (f.xcr0 & 0x6) != 0x6) missing |= ANIMEXPORT_CPU_MISSING_YMM_STATE;
    return missing;
}

int animexport_cpu_check_required(void) {
#if defined(ANIMEXPORT_REQUIRE_AVX2) && defined(__x86_64__)
    return 1;
#else
    return 0;
#endif
}

void animexport_cpu_message(const char *program, int missing, char *buffer, unsigned long size) {
    const char *names[4] = {0};
    int n = 0;
    if (missing & ANIMEXPORT_CPU_MISSING_AVX) names[n++] = "AVX";
    if (missing & ANIMEXPORT_CPU_MISSING_AVX2) names[n++] = "AVX2";
    if (missing & ANIMEXPORT_CPU_MISSING_FMA) names[n++] = "FMA";
    if (missing & ANIMEXPORT_CPU_MISSING_YMM_STATE) names[n++] = "OS support for the AVX registers (XSAVE of YMM state)";
    char lacks[160] = "";
    for (int i = 0; i < n; i++) {
        if (i > 0) strncat(lacks, i == n - 1 ? " and " : ", ", sizeof lacks - strlen(lacks) - 1);
        strncat(lacks, names[i], sizeof lacks - strlen(lacks) - 1);
    }
    snprintf(buffer, size,
             "%s: this build needs an x86-64 CPU with AVX2 and FMA (Intel Haswell, AMD Excavator or "
             "newer), and this CPU or its OS lacks %s; build a portable binary with "
             "`ANIMEXPORT_PORTABLE=1 make release`",
             program ? program : "animexport", n > 0 ? lacks : "them");
}

void animexport_cpu_check(const char *program) {
    if (!animexport_cpu_check_required()) return;
    int missing = animexport_cpu_missing(animexport_cpu_read());
    if (missing == 0) return;
    char message[512];
    animexport_cpu_message(program, missing, message, sizeof message);
    fprintf(stderr, "%s\n", message);
    exit(1);
}
