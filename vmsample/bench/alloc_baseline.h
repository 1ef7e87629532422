/* alloc_baseline.h -- the plain C bump allocator that `python -m vmsample.bench
 * alloc` compares the nursery's fast path against ("c-baseline").
 *
 * For a fair comparison it does the work a C nursery does per allocation and
 * nothing more: bump [free], compare with [top], write the 8-byte header, and,
 * when the nursery is full, zero the used part (what a minor collection with
 * no survivors costs) and start again.  The compiler barrier after each
 * allocation stops the compiler from keeping [free] in a register across
 * iterations or dropping the header stores -- the nursery's fast path cannot
 * do either, since its state lives in the heap struct.
 */
#ifndef VMSAMPLE_ALLOC_BASELINE_H
#define VMSAMPLE_ALLOC_BASELINE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    char *start, *free, *top;
} vms_cbump_t;

static inline int64_t vms_cbump_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* A zero-filled nursery of [nursery_size] bytes; 0 on success. */
static int vms_cbump_init(vms_cbump_t *b, size_t nursery_size) {
    b->start = (char *)calloc(1, nursery_size);
    if (b->start == NULL) return -1;
    b->free = b->start;
    b->top = b->start + nursery_size;
    return 0;
}

static void vms_cbump_fini(vms_cbump_t *b) {
    free(b->start);
    b->start = b->free = b->top = NULL;
}

/* Allocate [n] objects of [size] bytes (a multiple of 8, at most the nursery
 * size); returns the elapsed nanoseconds of the loop. */
static int64_t vms_cbump_loop(vms_cbump_t *b, size_t size, uint16_t tid, long n) {
    int64_t t0, t1;
    long i;
    t0 = vms_cbump_now_ns();
    for (i = 0; i < n; i++) {
        char *result = b->free;
        b->free = result + size;
        if (__builtin_expect(b->free > b->top, 0)) {
            memset(b->start, 0, (size_t)(result - b->start));
            result = b->start;
            b->free = result + size;
        }
        *(uint16_t *)result = tid;           /* header: type id ...          */
        *(uint32_t *)(result + 4) = 0;       /* ... and aux; flags stay zero */
        __asm__ __volatile__("" : : "r"(result) : "memory");
    }
    t1 = vms_cbump_now_ns();
    return t1 - t0;
}

#endif
