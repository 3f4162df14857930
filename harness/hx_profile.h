/*
 * hx_profile: where a run's time goes, measured by sampling. The kernel's
 * task-clock (a software event, so it works without a hardware PMU)
 * interrupts the measuring thread every period of its CPU time and
 * records where it was; the samples are counted by address in the
 * variant's object (as an offset from the object's base, the address
 * objdump prints for a position-independent object), by other object
 * (libm, libc, the allocator) and in the kernel (page faults, zeroing).
 * `harness run --model --profile` then sums them over the address ranges
 * of the loops the model priced, each loop's measured seconds beside its
 * predicted ones (docs/model.md).
 *
 * Limits: the measuring thread only (at T > 1 threads the others' time is
 * not sampled); where the kernel may not be sampled (perf_event_paranoid 2
 * without CAP_PERFMON) the user's side alone, kernel_s null; a sample
 * lands where the interrupt found the thread, often the instruction after
 * a slow one (skid), so only ranges of instructions are summed, never one
 * instruction; at most HX_PROFILE_ADDRS distinct addresses are kept (the
 * rest are counted as unplaced); samples the ring had no room for are
 * counted as lost.
 */
#ifndef FB_HX_PROFILE_H
#define FB_HX_PROFILE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* Distinct user-space addresses kept (a power of two). */
#define HX_PROFILE_ADDRS 16384
/* Samples a run aims for: the period is the cold run's time over this,
 * and at least HX_PROFILE_MIN_PERIOD_NS. */
#define HX_PROFILE_SAMPLES_PER_RUN 2000
#define HX_PROFILE_MIN_PERIOD_NS 1000000
/* The period of a measurement of the cold run alone (--repeat 0), which is
 * sampled since no timed run follows: its length is not known before. */
#define HX_PROFILE_COLD_PERIOD_NS 10000000

typedef struct hx_profile_addr_s {
	uintptr_t ip; /* 0: an empty slot */
	uint64_t count;
} hx_profile_addr_t;

typedef struct hx_profile_s {
	int fd;
	void *ring;
	size_t ring_bytes, page;
	uint64_t period_ns;
	uint64_t samples, kernel, lost, unplaced;
	int kernel_excluded;     /* not allowed to sample the kernel */
	hx_profile_addr_t *addr; /* HX_PROFILE_ADDRS slots */
} hx_profile_t;

/* Opens a sampling counter on the calling thread, disabled, every
 * period_ns of its CPU time. 0, or -1 with msg (the kernel's reason). */
int hx_profile_open(
    hx_profile_t *p, uint64_t period_ns, char *msg, size_t msglen);

/* Starts and stops the sampling (around a timed run). */
void hx_profile_enable(hx_profile_t *p);
void hx_profile_disable(hx_profile_t *p);

/* Counts the samples the ring holds and frees their room; call it after
 * each run, outside the measured region. */
void hx_profile_drain(hx_profile_t *p);

/* The result's "profile" object for `runs` timed runs: event, period_s,
 * runs, samples, lost, unplaced, kernel_s (null where the kernel may not
 * be sampled), the variant's object (the file
 * that holds `code`) with "addresses" [[offset, samples], ...] by offset,
 * and "objects" {file name: seconds} for the rest; seconds a run. NULL
 * when out of memory. */
json_t *hx_profile_json(const hx_profile_t *p, const void *code, uint64_t runs);

void hx_profile_close(hx_profile_t *p);

/* Seconds a run that a result's "profile" (prof) puts at offsets [lo, hi)
 * of the variant's object, less those in the ranges of `inner` (n pairs
 * lo, hi: the loops inside this one, counted apart). NAN without a
 * profile. */
double hx_profile_seconds(const json_t *prof, uint64_t lo, uint64_t hi,
    const uint64_t (*inner)[2], int n);

#endif /* FB_HX_PROFILE_H */
