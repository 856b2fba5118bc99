// CAllocCounter — counts heap allocations of the whole process (benchmark executable only).
//
// The library defines malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign and
// valloc; linked into an executable, these definitions interpose glibc's for the executable and
// every shared library it loads (the Swift runtime, FFmpeg, x264), and forward to glibc's
// exported __libc_* entry points. Each call that can allocate adds one to a process-wide atomic
// counter (realloc counts too: it may move the block). free is not counted. No LD_PRELOAD.
#ifndef CALLOCCOUNTER_H
#define CALLOCCOUNTER_H

/// Heap allocation calls since the process started (all threads).
unsigned long long alloc_counter_count(void);
/// 1 when the interposed functions are the ones the process uses (checked by a probe call).
int alloc_counter_active(void);
/// While on, every counted call writes a backtrace to stderr (a debugging aid: --trace-allocs).
void alloc_counter_trace(int on);

#endif
