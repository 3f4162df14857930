/*
 * hx_timeline: a memory timeline of one measured run.
 *
 * A sampler thread wakes every interval (default 1 ms) and records the
 * measured thread's live bytes (through an hx_mem_probe_t), the process's
 * resident bytes and the phase the measured thread last announced (run and
 * step). Samples go into a buffer allocated and touched when the timeline
 * starts, before the measured region, so that sampling adds nothing to the
 * measured thread's allocator peak and no page faults while it runs.
 *
 * The live-bytes column is the measured (calling) thread's alone, also in
 * a run on several threads; for those the sampler can also track the process's
 * allocated bytes (hx_timeline_track_allocated: hx_mem_allocated, one
 * jemalloc epoch bump a sample) and keep their largest value, the lower
 * bound of the workspace peak within one interval.
 *
 * The sampler runs on the CPUs the measured thread may not use, where there
 * are any (hx_timeline_apart): a run pinned to one CPU would otherwise
 * share it, and each wake-up would land in the measured time.
 *
 * Limits: a sample costs one read of /proc/self/statm (a few microseconds on
 * the other core); a run on every allowed CPU (threads, or a one-CPU
 * machine) shares its CPUs with the sampler; when the buffer is full, the
 * timeline says it was truncated and stops sampling, except for the largest
 * allocated bytes, which are still tracked when asked for.
 */
#ifndef FB_HX_TIMELINE_H
#define FB_HX_TIMELINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hx_mem.h"

typedef struct hx_timeline_sample_s {
	double t_s;          /* since start */
	int32_t run, step;   /* the phase; -1 before and between runs */
	uint64_t live_bytes; /* the probe */
	uint64_t rss_bytes;  /* VmRSS */
} hx_timeline_sample_t;

typedef struct hx_timeline_s hx_timeline_t;

/* Starts sampling. probe must outlive the timeline. Returns 0 and *out, or
 * -1 (no thread was started). */
int hx_timeline_start(hx_timeline_t **out, const hx_mem_probe_t *probe,
    uint64_t interval_us, size_t capacity);
/* Track the process's allocated bytes while on is 1 (around each measured
 * region, so the harness's own allocations between runs stay out). */
void hx_timeline_track_allocated(hx_timeline_t *tl, int on);
/* The largest allocated bytes seen so far (0 when not tracked). */
uint64_t hx_timeline_max_allocated(const hx_timeline_t *tl);
/* Announces the measured thread's phase; cheap (two relaxed stores). */
void hx_timeline_phase(hx_timeline_t *tl, int run, int step);
/* Stops and joins the sampler; the samples stay readable. */
void hx_timeline_stop(hx_timeline_t *tl);
size_t hx_timeline_count(const hx_timeline_t *tl);
const hx_timeline_sample_t *hx_timeline_samples(const hx_timeline_t *tl);
int hx_timeline_truncated(const hx_timeline_t *tl);
/* 1 when the sampler runs on CPUs outside the measured thread's; 0 when
 * it shares them (no other CPU allowed). */
int hx_timeline_apart(const hx_timeline_t *tl);
/* CSV with a header line; 0, or -1 on a write error. */
int hx_timeline_write_csv(const hx_timeline_t *tl, FILE *f);
void hx_timeline_free(hx_timeline_t *tl);

#endif /* FB_HX_TIMELINE_H */
