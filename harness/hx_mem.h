/*
 * hx_mem: memory as the allocator and as the operating system see it.
 *
 * The allocator's view is one file per allocator, the one ALLOC= names in
 * the Makefile: hx_mem_jemalloc.c gives a per-thread peak of live bytes
 * (thread.peak, accurate to within jemalloc's 64 KiB event interval), global
 * statistics after an epoch bump and its size classes (nallocx);
 * hx_mem_glibc.c gives mallinfo2, no peak, and 16-byte granules. The OS view
 * (hx_mem.c) is the same in both: resident set, its high-water mark (reset
 * through clear_refs), and page faults.
 *
 * Threads: a run of T > 1 threads allocates on T threads, so its workspace
 * is measured two ways. hx_mem_team_* resets and reads the per-thread peak
 * of every thread of the OpenMP team a variant's `#pragma omp parallel
 * num_threads(T)` gets, from a parallel region of the same size: their sum
 * is an upper bound (the threads' peaks need not coincide). The timeline's
 * sampler records the process's allocated bytes (hx_mem_allocated): their
 * largest sample above the level before the runs is a lower bound (a peak
 * between two samples is missed; and jemalloc merges its statistics
 * arena by arena, not atomically, so an object moving in or out of a
 * thread's cache during the merge can be counted twice).
 *
 * Limits: the per-thread peak only sees the calling thread's allocations.
 * The team sum relies on libgomp reusing its pool: a region of T threads
 * started from the same thread runs on the same OS threads as the one
 * before it (thread number t on the same thread). hx_mem_team_peak_read
 * checks that the team it reads is the one it reset (same thread ids) and
 * says when not; tests/unit/test_threads.c checks it against a variant's
 * own region.
 */
#ifndef FB_HX_MEM_H
#define FB_HX_MEM_H

#include <jansson.h>
#include <stdint.h>

/* "jemalloc 5.3.0-0-g..." or "glibc 2.36 malloc"; static storage. */
const char *hx_mem_allocator(void);

/* The usable size the linked allocator gives a request of `bytes` (its size
 * class: jemalloc's nallocx, glibc's 16-byte granules); 0 and UINT64_MAX
 * ("too large") pass through. The rounding a variant's model_bytes receives
 * to predict what the allocator hands out. */
uint64_t hx_mem_round(uint64_t bytes);

/* How far the measured peak can be off: jemalloc updates thread.peak once
 * per 64 KiB of allocation events. A peak above the model by more than
 * this is the model's error, not the measurement's. */
#define HX_MEM_PEAK_GRAIN 65536

/* 1 when the allocator measures a per-thread peak (jemalloc). */
int hx_mem_peak_supported(void);
/* Restarts the calling thread's peak at its current live bytes. */
void hx_mem_peak_reset(void);
/* The calling thread's peak live bytes above the level at the last reset;
 * 0 where unsupported. */
uint64_t hx_mem_peak_read(void);

/* The process's allocated bytes, all threads (jemalloc: stats.allocated
 * after an epoch bump, which includes objects cached in thread caches;
 * glibc: mallinfo2's in-use bytes over all arenas). 0 when unknown. */
uint64_t hx_mem_allocated(void);

/* The team of an OpenMP run and its per-thread peaks. */
#define HX_MEM_TEAM_MAX 256
typedef struct hx_mem_team_s {
	int threads;
	int tid[HX_MEM_TEAM_MAX]; /* OS thread id of thread number t */
	uint64_t peak[HX_MEM_TEAM_MAX];
	int changed; /* a read found other threads than the reset */
} hx_mem_team_t;
/* Restarts the peak of every thread of a team of `threads` (1 to
 * HX_MEM_TEAM_MAX) and records their ids. 0, or -1 when the runtime gave a
 * team of another size (then team->changed is set). */
int hx_mem_team_peak_reset(hx_mem_team_t *team, int threads);
/* Reads every thread's peak into team->peak; returns their sum. Sets
 * team->changed when a thread is not the one reset. */
uint64_t hx_mem_team_peak_read(hx_mem_team_t *team);
/* hx_mem_allocated as seen from inside a parallel region of `threads`
 * threads: the level a variant's region starts from, with the runtime's
 * own team structure (libgomp allocates one per region, about 28 KiB at
 * two threads) already counted. */
uint64_t hx_mem_team_allocated(int threads);
/* The largest team hx_mem_team_* started in this process so far (0: none):
 * libgomp keeps that many threads (less the calling one) in its pool, and
 * counters opened now cannot inherit them. */
int hx_mem_team_started(void);

/* A probe of one thread's live bytes that another thread can read (the
 * timeline's sampler). Create it on the measured thread. */
typedef struct hx_mem_probe_s {
	const uint64_t *allocated;
	const uint64_t *deallocated;
} hx_mem_probe_t;
void hx_mem_probe_init(hx_mem_probe_t *probe);
/* Live bytes: the probed thread's allocated minus deallocated (jemalloc),
 * or the process's in-use bytes from mallinfo2 (glibc). */
uint64_t hx_mem_probe_read(const hx_mem_probe_t *probe);
/* Bytes the probed thread has allocated so far, freed or not (jemalloc
 * thread.allocated); UINT64_MAX where unknown (glibc). */
uint64_t hx_mem_probe_allocated(const hx_mem_probe_t *probe);

/* Allocation requests so far, all threads: jemalloc's small and large
 * nrequests summed over its arenas, after flushing the calling thread's
 * cache (whose requests are counted only when it flushes) and refreshing
 * the statistics. The flush empties the cache: keep it out of timed runs.
 * 0, or -1 where the allocator cannot count them (glibc). */
int hx_mem_requests(uint64_t *n);

/* The allocator's own statistics as a JSON object (jemalloc: allocated,
 * active, resident, mapped, retained, metadata; glibc: mallinfo2's arena,
 * hblkhd, uordblks, fordblks). A new reference; NULL on failure. */
json_t *hx_mem_allocator_stats(void);

/* The allocator's policy for giving memory back, as a JSON object: for
 * jemalloc its opt.oversize_threshold (requests from this size up go to a
 * dedicated arena), opt.dirty_decay_ms, opt.muzzy_decay_ms and opt.retain;
 * for glibc a note (its mmap threshold is dynamic and not readable). A new
 * reference; NULL on failure. */
json_t *hx_mem_allocator_policy(void);

/* The OS view. Each returns 0 when the figure cannot be read. */
uint64_t hx_os_rss_bytes(void);
uint64_t hx_os_hwm_bytes(void);
uint64_t hx_os_vm_bytes(void);
uint64_t hx_os_available_bytes(void);
/* Resets VmHWM to the current RSS (clear_refs "5"). 0, or -1 when the kernel
 * refuses (the high-water mark then covers the process's life). */
int hx_os_hwm_reset(void);
/* A private anonymous mapping of `bytes`, read-write, its pages 4 KiB
 * (huge pages declined, as the variants' large arrays get them), reserved
 * in swap or not (MAP_NORESERVE for a probe that maps more than it
 * touches); NULL when it cannot be mapped. */
void *hx_os_map_small_pages(size_t bytes, int noreserve);
/* Page faults of the calling process so far. */
void hx_os_faults(uint64_t *minor, uint64_t *major);
/* The cost of one minor fault, as the kernel serves a first write to a
 * fresh anonymous 4 KiB page: one mapping of `pages` pages (huge pages
 * declined), one byte written to each page, the seconds of the writes over
 * the calling thread's minor faults (getrusage); the mapping and its
 * unmapping are outside the timing. NAN when it could not map, or when
 * fewer than half the pages faulted (something else served them). */
double hx_os_fault_seconds(size_t pages);
/* The price of a page's next touch after it has gone untouched: one
 * mapping of `pages` pages (huge pages declined), a byte written to each,
 * then `gap_s` seconds asleep (none for 0), then a byte of each read;
 * the reads' seconds a page. NAN when it could not map. On a virtual
 * machine a page idle for a second costs microseconds (hx_run.c,
 * HX_RUN_REWARM_S); read again at once, nanoseconds. */
double hx_os_idle_page_seconds(size_t pages, double gap_s);
/* The price of a fault by how much fresh memory has been faulted: one
 * mapping of steps x step bytes (huge pages declined), written a byte a
 * page, one step after another; per_step_s[k] the seconds of step k's
 * writes over its minor faults, *release_s the unmapping's seconds a
 * page. On a virtual machine whose host takes freed memory back (a
 * balloon's free page reporting), the first GiBs can cost a guest's fault
 * and the later ones the host's too: 1.4 us against 12 to 22 us a page
 * on the development VM. each (may be NULL) is called after each step
 * with its index and price, for progress. 0, or -1 when it could not map
 * (NaN where a step faulted fewer than half its pages). */
int hx_os_fault_ladder(size_t steps, size_t step, double *per_step_s,
    double *release_s, void (*each)(size_t k, double s));

/* The price of a fault of memory the host took back: one mapping of up to
 * max_bytes (huge pages declined), written a byte a page, chunk bytes at a
 * time, until HX_OS_HOST_SKIP + HX_OS_HOST_CHUNKS chunks in a row past
 * from_bytes each cost over `factor` x warm_s a fault; *host_s the median
 * price a fault of the last HX_OS_HOST_CHUNKS of them, *after_bytes where
 * those began. The first HX_OS_HOST_SKIP are the host's dearer start: on
 * the Intel Xeon VM (2026-12-06, 64 MiB chunks past 5.0 GiB not
 * reported) the first eight cost 20 to 36 us a fault, the next sixteen
 * 10 to 23 us, median 14 us, and the 13 GB that interp eager faults past
 * the memory not reported cost it about 14 to 15 us each in three make
 * report runs that day (the rest of its time at its other terms), where
 * the median of the first four chunks, the probe until then, read 30 to
 * 36 us and priced eager +72% to +98%. The chunks up to from_bytes (the free
 * memory the guest has not reported to its host) are written and not
 * counted: while the probe writes them, the guest goes on reporting
 * blocks freed just before it, so a dear run can begin early, over pages
 * of which the host backs some and not others: 5.5 and 7.7 us a fault
 * from 2.9 and 0.3 GiB in with 4.9 GiB not reported, in two make report
 * runs (2026-12-05) whose interp eager then paid about 20 us a fault of
 * the host's (its kernel time over those faults). 0; 1 when no such run of
 * chunks came within max_bytes (*host_s NaN, *after_bytes the bytes written);
 * -1 when it could not map. */
#define HX_OS_HOST_SKIP 8
#define HX_OS_HOST_CHUNKS 8
int hx_os_fault_host(size_t max_bytes, size_t from_bytes, size_t chunk,
    double warm_s, double factor, double *host_s, size_t *after_bytes);

/* hx_os_fault_host's run of dear chunks, a chunk at a time: run counts the
 * dear chunks in a row so far, price holds the prices of those past the
 * first HX_OS_HOST_SKIP. */
typedef struct hx_os_host_run_s {
	int run;
	double price[HX_OS_HOST_CHUNKS];
} hx_os_host_run_t;
/* Adds a chunk (dear: past the memory not reported and over the factor;
 * price: its seconds a fault) to h; a cheap one starts the run again. 1
 * once the run holds HX_OS_HOST_SKIP + HX_OS_HOST_CHUNKS chunks (then
 * h->price is full), else 0. */
int hx_os_host_run_add(hx_os_host_run_t *h, int dear, double price);

#endif /* FB_HX_MEM_H */
