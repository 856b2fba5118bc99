// See include/CAllocCounter.h. glibc ≥ 2.34 has no malloc hooks; interposition by symbol
// definition in the executable is the supported replacement ("Replacing malloc" in the glibc
// manual). The __libc_* functions are glibc's exported implementations.
#include <stddef.h>
#include <errno.h>
#include <execinfo.h>
#include <unistd.h>
#include "CAllocCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static unsigned long long counter;

static int tracing;
static __thread int inTrace;

static inline void count(void) {
    __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
    if (__builtin_expect(tracing, 0) && !inTrace) {
        inTrace = 1;   // backtrace() may allocate on first use
        void *frames[12];
        int n = backtrace(frames, 12);
        backtrace_symbols_fd(frames, n, 2);
        static const char sep[] = "----\n";
        (void)!write(2, sep, sizeof sep - 1);
        inTrace = 0;
    }
}

void alloc_counter_trace(int on) { tracing = on; }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *valloc(size_t size) { count(); return __libc_memalign(4096, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

unsigned long long alloc_counter_count(void) { return __atomic_load_n(&counter, __ATOMIC_RELAXED); }

int alloc_counter_active(void) {
    unsigned long long before = alloc_counter_count();
    void *volatile p = malloc(16);   // volatile: the call must happen
    free(p);
    return alloc_counter_count() > before;
}
