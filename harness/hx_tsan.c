/*
 * hx_tsan: lets ThreadSanitizer see libgomp's synchronization.
 *
 * libgomp is not built with ThreadSanitizer: when a parallel region starts
 * on pool threads that already exist, they are woken through its own futex
 * barriers, which TSan does not see, so every hand-over of data between the
 * calling thread and the pool (inputs written before a region, partial sums
 * read after it) would be reported as a race. With SANITIZER=thread the
 * Makefile links every program with -Wl,--wrap for GOMP_parallel and
 * GOMP_barrier, and these wrappers state the happens-before edges the
 * runtime provides: everything before a region happens before its body on
 * every thread, every thread's body happens before what follows the region,
 * and a barrier orders what each thread did before it before what any does
 * after it. Races inside a region's body are still reported.
 *
 * Limits: only the entry points this code base's pragmas compile to
 * (`parallel`, `parallel for schedule(static)`, `barrier`); tasks, locks,
 * `single` and dynamic schedules are not covered. Compiled to nothing
 * without -fsanitize=thread.
 */
#if defined(__SANITIZE_THREAD__)

/* ThreadSanitizer's annotation interface (sanitizer/tsan_interface.h). */
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);

/* The real entry points, as libgomp exports them. */
void __real_GOMP_parallel(
    void (*fn)(void *), void *data, unsigned threads, unsigned flags);
void __real_GOMP_barrier(void);
void __wrap_GOMP_parallel(
    void (*fn)(void *), void *data, unsigned threads, unsigned flags);
void __wrap_GOMP_barrier(void);

/* The edges go through three objects, so that the bodies of one region are
 * not ordered with each other (a race between them is still seen): the
 * region's start (caller to bodies), its end (bodies to caller) and
 * barriers (every thread before to every thread after). */
static char hx_tsan_start, hx_tsan_end, hx_tsan_barrier;

typedef struct hx_tsan_region_s {
	void (*fn)(void *);
	void *data;
} hx_tsan_region_t;

static void
hx_tsan_body(void *arg)
{
	const hx_tsan_region_t *region = arg;

	__tsan_acquire(&hx_tsan_start);
	region->fn(region->data);
	__tsan_release(&hx_tsan_end);
}

void
__wrap_GOMP_parallel(
    void (*fn)(void *), void *data, unsigned threads, unsigned flags)
{
	hx_tsan_region_t region = {fn, data};

	__tsan_release(&hx_tsan_start);
	__real_GOMP_parallel(hx_tsan_body, &region, threads, flags);
	__tsan_acquire(&hx_tsan_end);
}

void
__wrap_GOMP_barrier(void)
{
	__tsan_release(&hx_tsan_barrier);
	__real_GOMP_barrier();
	__tsan_acquire(&hx_tsan_barrier);
}

#else
/* ISO C wants a translation unit to declare something. */
typedef int hx_tsan_unused_t;
#endif
