/*
 * hx_mem: the OS's view of the process's memory. The allocator's view is in
 * hx_mem_jemalloc.c or hx_mem_glibc.c, whichever ALLOC= builds.
 */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "hx_format.h"
#include "hx_mem.h"
#include "hx_stats.h"

/* The calling thread's OS id. */
static int
thread_id(void)
{
	return (int)syscall(SYS_gettid);
}

/* The team's size and this thread's number, in a parallel region (1 and 0
 * in a build without OpenMP). */
#ifdef _OPENMP
#include <omp.h>
#define TEAM_SIZE() omp_get_num_threads()
#define TEAM_NUM() omp_get_thread_num()
#else
#define TEAM_SIZE() 1
#define TEAM_NUM() 0
#endif

/* The largest team started here (hx_mem_team_started). */
static int team_started;

int
hx_mem_team_started(void)
{
	return team_started;
}

int
hx_mem_team_peak_reset(hx_mem_team_t *team, int threads)
{
	int size = 0;

	if (threads > team_started)
		team_started = threads;

	memset(team, 0, sizeof(*team));
	team->threads = threads;
#pragma omp parallel num_threads(threads)
	{
		const int t = TEAM_NUM();

		hx_mem_peak_reset();
		team->tid[t] = thread_id();
		if (t == 0)
			size = TEAM_SIZE();
	}
	if (size != threads) {
		team->changed = 1;
		return -1;
	}
	return 0;
}

uint64_t
hx_mem_team_peak_read(hx_mem_team_t *team)
{
	int other[HX_MEM_TEAM_MAX] = {0};
	uint64_t sum = 0;

#pragma omp parallel num_threads(team->threads)
	{
		const int t = TEAM_NUM();

		team->peak[t] = hx_mem_peak_read();
		other[t] = thread_id() != team->tid[t];
	}
	for (int t = 0; t < team->threads; t++) {
		sum += team->peak[t];
		team->changed |= other[t];
	}
	return sum;
}

uint64_t
hx_mem_team_allocated(int threads)
{
	uint64_t allocated = 0;

#pragma omp parallel num_threads(threads)
	{
		if (TEAM_NUM() == 0)
			allocated = hx_mem_allocated();
	}
	return allocated;
}

/* A "Key:   N kB" line of /proc/self/status, in bytes. */
static uint64_t
proc_status_kb(const char *key)
{
	char line[256];
	size_t klen = strlen(key);
	uint64_t v = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
			unsigned long long kb;
			if (sscanf(line + klen + 1, "%llu", &kb) == 1)
				v = (uint64_t)kb * 1024;
			break;
		}
	}
	fclose(f);
	return v;
}

uint64_t
hx_os_rss_bytes(void)
{
	return proc_status_kb("VmRSS");
}

uint64_t
hx_os_hwm_bytes(void)
{
	return proc_status_kb("VmHWM");
}

uint64_t
hx_os_vm_bytes(void)
{
	return proc_status_kb("VmSize");
}

uint64_t
hx_os_available_bytes(void)
{
	char line[256];
	uint64_t v = 0;
	FILE *f = fopen("/proc/meminfo", "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		unsigned long long kb;
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
			v = (uint64_t)kb * 1024;
			break;
		}
	}
	fclose(f);
	return v;
}

int
hx_os_hwm_reset(void)
{
	int fd = open("/proc/self/clear_refs", O_WRONLY);
	int ret = -1;

	if (fd < 0)
		return -1;
	if (write(fd, "5", 1) == 1)
		ret = 0;
	close(fd);
	return ret;
}

void
hx_os_faults(uint64_t *minor, uint64_t *major)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	*minor = (uint64_t)ru.ru_minflt;
	*major = (uint64_t)ru.ru_majflt;
}

/* Writes a byte in each page of [p, p + bytes), timed: the seconds and
 * the calling thread's minor faults (the kernel's count) of the writes. */
static void
fault_writes(volatile char *p, size_t bytes, double *seconds, double *faults)
{
	struct rusage r0, r1;
	double t0;

	getrusage(RUSAGE_THREAD, &r0);
	t0 = hx_clock_now();
	for (size_t i = 0; i < bytes; i += 4096)
		p[i] = 1;
	*seconds = hx_clock_now() - t0;
	getrusage(RUSAGE_THREAD, &r1);
	*faults = (double)(r1.ru_minflt - r0.ru_minflt);
}

void *
hx_os_map_small_pages(size_t bytes, int noreserve)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | (noreserve ? MAP_NORESERVE : 0), -1,
	    0);

	if (p == MAP_FAILED)
		return NULL;
	/* 4 KiB pages, as the variants' large arrays get them (a huge page
	 * would serve 512 of them with one fault). */
	(void)madvise(p, bytes, MADV_NOHUGEPAGE);
	return p;
}

/* One mapping of `pages` fresh pages, each written once (fault_writes),
 * then unmapped. */
static int
fault_touch(size_t pages, double *seconds, double *faults)
{
	const size_t bytes = pages * 4096;
	volatile char *p;

	p = hx_os_map_small_pages(bytes, 0);
	if (p == NULL)
		return -1;
	fault_writes(p, bytes, seconds, faults);
	munmap((void *)p, bytes);
	return 0;
}

int
hx_os_fault_ladder(size_t steps, size_t step, double *per_step_s,
    double *release_s, void (*each)(size_t k, double s))
{
	const size_t bytes = steps * step;
	volatile char *p;
	double t0;

	p = hx_os_map_small_pages(bytes, 1);
	if (p == NULL)
		return -1;
	for (size_t g = 0; g < steps; g++) {
		double s, f;

		fault_writes(p + g * step, step, &s, &f);
		per_step_s[g] = f >= (double)(step / 4096) / 2 ? s / f : NAN;
		if (each != NULL)
			each(g, per_step_s[g]);
	}
	t0 = hx_clock_now();
	munmap((void *)p, bytes);
	*release_s = (hx_clock_now() - t0) / (double)(bytes / 4096);
	return 0;
}

int
hx_os_host_run_add(hx_os_host_run_t *h, int dear, double price)
{
	if (!dear) {
		h->run = 0;
		return 0;
	}
	/* The run's first HX_OS_HOST_SKIP are passed over. */
	if (h->run >= HX_OS_HOST_SKIP)
		h->price[h->run - HX_OS_HOST_SKIP] = price;
	h->run++;
	return h->run >= HX_OS_HOST_SKIP + HX_OS_HOST_CHUNKS;
}

int
hx_os_fault_host(size_t max_bytes, size_t from_bytes, size_t chunk,
    double warm_s, double factor, double *host_s, size_t *after_bytes)
{
	hx_os_host_run_t h = {0};
	volatile char *p;
	size_t done = 0;
	int full = 0;

	*host_s = NAN;
	*after_bytes = 0;
	chunk &= ~(size_t)4095;
	if (chunk == 0 || max_bytes < chunk)
		return 1;
	p = hx_os_map_small_pages(max_bytes, 1);
	if (p == NULL)
		return -1;
	while (done + chunk <= max_bytes && !full) {
		/* A chunk counts only from from_bytes on, whole. */
		const int past = done >= from_bytes;
		double s, f;

		fault_writes(p + done, chunk, &s, &f);
		done += chunk;
		full = hx_os_host_run_add(&h,
		    past && f >= (double)(chunk / 4096) / 2 &&
			s / f > factor * warm_s,
		    s / f);
	}
	munmap((void *)p, max_bytes);
	if (!full) {
		*after_bytes = done;
		return 1;
	}
	*host_s = hx_stats_median(h.price, HX_OS_HOST_CHUNKS);
	*after_bytes = done - HX_OS_HOST_CHUNKS * chunk;
	return 0;
}

double
hx_os_idle_page_seconds(size_t pages, double gap_s)
{
	const size_t bytes = pages * 4096;
	const struct timespec gap = {
	    (time_t)gap_s, (long)((gap_s - (double)(time_t)gap_s) * 1e9)};
	volatile char *p;
	unsigned sum = 0;
	double t0, t1;

	p = hx_os_map_small_pages(bytes, 0);
	if (p == NULL)
		return NAN;
	for (size_t i = 0; i < bytes; i += 4096)
		p[i] = (char)i;
	if (gap_s > 0)
		nanosleep(&gap, NULL);
	t0 = hx_clock_now();
	for (size_t i = 0; i < bytes; i += 4096)
		sum += (unsigned char)p[i];
	t1 = hx_clock_now();
	munmap((void *)p, bytes);
	(void)sum;
	return (t1 - t0) / (double)pages;
}

double
hx_os_fault_seconds(size_t pages)
{
	double s, f;

	if (fault_touch(pages, &s, &f) != 0)
		return NAN;
	/* Fewer faults than half the pages: something else served them
	 * (huge pages after all); not a fault's cost. */
	if (!(f >= (double)pages / 2) || !(s > 0))
		return NAN;
	return s / f;
}
