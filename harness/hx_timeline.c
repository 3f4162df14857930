/*
 * hx_timeline: the sampler thread.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hx_host.h"
#include "hx_timeline.h"

struct hx_timeline_s {
	const hx_mem_probe_t *probe;
	uint64_t interval_ns;
	size_t capacity, count;
	hx_timeline_sample_t *samples;
	int statm_fd;
	long page_size;
	int run, step;
	int stop, truncated;
	int track_allocated, ready;
	int apart; /* runs on CPUs the measured thread may not use */
	uint64_t max_allocated;
	struct timespec start;
	pthread_t thread;
};

static uint64_t
statm_rss(hx_timeline_t *tl)
{
	char buf[128];
	ssize_t n;
	unsigned long long size, resident;

	if (tl->statm_fd < 0)
		return 0;
	n = pread(tl->statm_fd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (sscanf(buf, "%llu %llu", &size, &resident) != 2)
		return 0;
	return (uint64_t)resident * (uint64_t)tl->page_size;
}

static double
since(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) * 1e-9;
}

/* Until the next deadline: absolute deadlines, so the interval does not
 * drift by the cost of a sample. */
static void
timeline_sleep(const hx_timeline_t *tl, struct timespec *next)
{
	next->tv_nsec += (long)tl->interval_ns;
	while (next->tv_nsec >= 1000000000L) {
		next->tv_nsec -= 1000000000L;
		next->tv_sec++;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, next, NULL) ==
	    EINTR)
		;
}

/* One sample of the process's allocated bytes into the maximum. */
static void
timeline_track(hx_timeline_t *tl)
{
	uint64_t a = hx_mem_allocated();

	if (a > __atomic_load_n(&tl->max_allocated, __ATOMIC_RELAXED))
		__atomic_store_n(&tl->max_allocated, a, __ATOMIC_RELAXED);
}

static void *
timeline_main(void *arg)
{
	hx_timeline_t *tl = arg;
	struct timespec next = tl->start, now;
	cpu_set_t run;

	/* The thread starts with its creator's CPUs, the measured thread's,
	 * and leaves them where it can: a run pinned to one CPU (--cpu)
	 * otherwise shares it with the sampler, whose every wake-up then
	 * lands in the measured time (on a 2-core VM, 2026-12-05, a 1 ms
	 * interval on the same CPU made interp fused, tiled, hoisted and
	 * sorted 7 to 12% slower: `harness sweep --cpu 0 --workload interp
	 * --variants fused,tiled,hoisted,sorted --n 1e6 --m 300 --repeat 4
	 * --warmup 0`, with --timeline-dir and without). */
	CPU_ZERO(&run);
	if (sched_getaffinity(0, sizeof(run), &run) == 0)
		tl->apart = hx_host_leave(&run);
	/* This thread's first call into the allocator sets up its cache
	 * (about 28 KiB under jemalloc, counted as allocated): make it now,
	 * before start returns, so that it is in any level read after. */
	(void)hx_mem_allocated();
	__atomic_store_n(&tl->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&tl->stop, __ATOMIC_ACQUIRE)) {
		hx_timeline_sample_t *s;
		const int track =
		    __atomic_load_n(&tl->track_allocated, __ATOMIC_ACQUIRE);

		if (track)
			timeline_track(tl);
		if (tl->count == tl->capacity) {
			/* Full: keep only tracking (a sampler started for
			 * the allocated bytes alone has one slot). */
			tl->truncated = 1;
			timeline_sleep(tl, &next);
			continue;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		s = &tl->samples[tl->count];
		s->t_s = since(&tl->start, &now);
		s->run = __atomic_load_n(&tl->run, __ATOMIC_RELAXED);
		s->step = __atomic_load_n(&tl->step, __ATOMIC_RELAXED);
		s->live_bytes = hx_mem_probe_read(tl->probe);
		s->rss_bytes = statm_rss(tl);
		__atomic_store_n(&tl->count, tl->count + 1, __ATOMIC_RELEASE);
		timeline_sleep(tl, &next);
	}
	return NULL;
}

int
hx_timeline_start(hx_timeline_t **out, const hx_mem_probe_t *probe,
    uint64_t interval_us, size_t capacity)
{
	hx_timeline_t *tl;

	if (interval_us == 0 || capacity == 0)
		return -1;
	if ((tl = calloc(1, sizeof(*tl))) == NULL)
		return -1;
	tl->samples = malloc(capacity * sizeof(*tl->samples));
	if (tl->samples == NULL) {
		free(tl);
		return -1;
	}
	/* Touch the buffer now: page faults during sampling would land in
	 * the measured process's fault counts. */
	memset(tl->samples, 0, capacity * sizeof(*tl->samples));
	tl->probe = probe;
	tl->interval_ns = interval_us * 1000;
	tl->capacity = capacity;
	tl->statm_fd = open("/proc/self/statm", O_RDONLY);
	tl->page_size = sysconf(_SC_PAGESIZE);
	tl->run = tl->step = -1;
	clock_gettime(CLOCK_MONOTONIC, &tl->start);
	if (pthread_create(&tl->thread, NULL, timeline_main, tl) != 0) {
		if (tl->statm_fd >= 0)
			close(tl->statm_fd);
		free(tl->samples);
		free(tl);
		return -1;
	}
	while (!__atomic_load_n(&tl->ready, __ATOMIC_ACQUIRE))
		sched_yield();
	*out = tl;
	return 0;
}

void
hx_timeline_track_allocated(hx_timeline_t *tl, int on)
{
	if (tl != NULL)
		__atomic_store_n(&tl->track_allocated, on, __ATOMIC_RELEASE);
}

uint64_t
hx_timeline_max_allocated(const hx_timeline_t *tl)
{
	return __atomic_load_n(&tl->max_allocated, __ATOMIC_RELAXED);
}

void
hx_timeline_phase(hx_timeline_t *tl, int run, int step)
{
	if (tl == NULL)
		return;
	__atomic_store_n(&tl->run, run, __ATOMIC_RELAXED);
	__atomic_store_n(&tl->step, step, __ATOMIC_RELAXED);
}

void
hx_timeline_stop(hx_timeline_t *tl)
{
	if (tl == NULL || tl->stop)
		return;
	__atomic_store_n(&tl->stop, 1, __ATOMIC_RELEASE);
	pthread_join(tl->thread, NULL);
}

size_t
hx_timeline_count(const hx_timeline_t *tl)
{
	return __atomic_load_n(&tl->count, __ATOMIC_ACQUIRE);
}

const hx_timeline_sample_t *
hx_timeline_samples(const hx_timeline_t *tl)
{
	return tl->samples;
}

int
hx_timeline_apart(const hx_timeline_t *tl)
{
	return tl->apart;
}

int
hx_timeline_truncated(const hx_timeline_t *tl)
{
	return tl->truncated;
}

int
hx_timeline_write_csv(const hx_timeline_t *tl, FILE *f)
{
	size_t n = hx_timeline_count(tl);

	if (fprintf(f, "t_s,run,step,live_bytes,rss_bytes\n") < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const hx_timeline_sample_t *s = &tl->samples[i];
		if (fprintf(f, "%.6f,%d,%d,%llu,%llu\n", s->t_s, s->run,
			s->step, (unsigned long long)s->live_bytes,
			(unsigned long long)s->rss_bytes) < 0)
			return -1;
	}
	return 0;
}

void
hx_timeline_free(hx_timeline_t *tl)
{
	if (tl == NULL)
		return;
	hx_timeline_stop(tl);
	if (tl->statm_fd >= 0)
		close(tl->statm_fd);
	free(tl->samples);
	free(tl);
}
