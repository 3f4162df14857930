/*
 * hx_profile: sampling a run's addresses with the kernel's task-clock (see
 * hx_profile.h).
 */
#include "hx_profile.h"

#include <dlfcn.h>
#include <errno.h>
#include <libgen.h>
#include <linux/perf_event.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Data pages of the ring (a power of two): 256 KiB holds 16,384 samples
 * of 16 bytes, beyond the HX_PROFILE_SAMPLES_PER_RUN a run aims for. */
#define HX_PROFILE_RING_PAGES 64

int
hx_profile_open(hx_profile_t *p, uint64_t period_ns, char *msg, size_t msglen)
{
	struct perf_event_attr a;

	memset(p, 0, sizeof(*p));
	p->fd = -1;
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_SOFTWARE;
	a.size = sizeof(a);
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.sample_period = period_ns;
	a.sample_type = PERF_SAMPLE_IP;
	a.disabled = 1;
	a.exclude_hv = 1;
	p->period_ns = period_ns;
	p->page = (size_t)sysconf(_SC_PAGESIZE);
	p->ring_bytes = (1 + HX_PROFILE_RING_PAGES) * p->page;
	/* Mapped, not allocated: the table is the harness's, and the
	 * allocator's counts of the measuring thread (the timeline's live
	 * bytes, the runs' peaks) are the variant's alone. */
	p->addr = mmap(NULL, HX_PROFILE_ADDRS * sizeof(*p->addr),
	    PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p->addr == MAP_FAILED) {
		p->addr = NULL;
		snprintf(msg, msglen,
		    "--profile: mmap of the address table: %s",
		    strerror(errno));
		return -1;
	}
	p->fd = (int)syscall(
	    SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (p->fd < 0 && (errno == EACCES || errno == EPERM)) {
		/* Not allowed to sample the kernel (perf_event_paranoid 2
		 * without CAP_PERFMON): the user's side alone. */
		a.exclude_kernel = 1;
		p->kernel_excluded = 1;
		p->fd = (int)syscall(
		    SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	}
	if (p->fd < 0) {
		snprintf(msg, msglen,
		    "--profile: perf_event_open(task-clock): %s",
		    strerror(errno));
		hx_profile_close(p);
		return -1;
	}
	p->ring = mmap(
	    NULL, p->ring_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, p->fd, 0);
	if (p->ring == MAP_FAILED) {
		p->ring = NULL;
		snprintf(msg, msglen, "--profile: mmap of the sample ring: %s",
		    strerror(errno));
		hx_profile_close(p);
		return -1;
	}
	return 0;
}

void
hx_profile_enable(hx_profile_t *p)
{
	ioctl(p->fd, PERF_EVENT_IOC_ENABLE, 0);
}

void
hx_profile_disable(hx_profile_t *p)
{
	ioctl(p->fd, PERF_EVENT_IOC_DISABLE, 0);
}

/* One user-space address counted in the table (open addressing). */
static void
hx_profile_count(hx_profile_t *p, uintptr_t ip)
{
	size_t h = (size_t)((ip * 0x9e3779b97f4a7c15ull) >> 32);

	for (size_t k = 0; k < HX_PROFILE_ADDRS; k++) {
		hx_profile_addr_t *s =
		    &p->addr[(h + k) & (HX_PROFILE_ADDRS - 1)];
		if (s->ip == ip || s->ip == 0) {
			s->ip = ip;
			s->count++;
			return;
		}
	}
	p->unplaced++;
}

/* n bytes at offset off of the ring's data (which wraps) into dst. */
static void
hx_profile_copy(const hx_profile_t *p, uint64_t off, void *dst, size_t n)
{
	const char *data = (const char *)p->ring + p->page;
	const size_t size = p->ring_bytes - p->page;

	for (size_t i = 0; i < n; i++)
		((char *)dst)[i] = data[(off + i) % size];
}

void
hx_profile_drain(hx_profile_t *p)
{
	struct perf_event_mmap_page *mp = p->ring;
	uint64_t head, tail;

	if (mp == NULL)
		return;
	head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
	tail = mp->data_tail;
	while (tail < head) {
		struct perf_event_header h;
		uint64_t v[2];

		hx_profile_copy(p, tail, &h, sizeof(h));
		if (h.size < sizeof(h))
			break;
		if (h.type == PERF_RECORD_SAMPLE) {
			hx_profile_copy(p, tail + sizeof(h), v, sizeof(v[0]));
			p->samples++;
			if ((h.misc & PERF_RECORD_MISC_CPUMODE_MASK) ==
			    PERF_RECORD_MISC_USER)
				hx_profile_count(p, (uintptr_t)v[0]);
			else
				p->kernel++;
		} else if (h.type == PERF_RECORD_LOST) {
			/* id, then the number lost. */
			hx_profile_copy(p, tail + sizeof(h), v, sizeof(v));
			p->lost += v[1];
		}
		tail += h.size;
	}
	__atomic_store_n(&mp->data_tail, tail, __ATOMIC_RELEASE);
}

/* Orders [offset, samples] pairs by offset. */
static int
hx_profile_by_offset(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

json_t *
hx_profile_json(const hx_profile_t *p, const void *code, uint64_t runs)
{
	const double per =
	    (double)p->period_ns * 1e-9 / (double)(runs > 0 ? runs : 1);
	json_t *o = json_object(), *addrs = json_array(),
	       *objects = json_object();
	uint64_t(*mine)[2] = calloc(HX_PROFILE_ADDRS, sizeof(*mine));
	Dl_info self, info;
	size_t n = 0;
	int have_self = dladdr(code, &self) != 0;

	if (o == NULL || addrs == NULL || objects == NULL || mine == NULL) {
		json_decref(o);
		json_decref(addrs);
		json_decref(objects);
		free(mine);
		return NULL;
	}
	for (size_t k = 0; k < HX_PROFILE_ADDRS; k++) {
		const hx_profile_addr_t *s = &p->addr[k];
		char name[256];
		const char *file = "unknown";
		json_t *had;
		int known;

		if (s->ip == 0)
			continue;
		/* One lookup: the variant's object, or the file to name. */
		known = dladdr((void *)s->ip, &info) != 0;
		if (have_self && known && info.dli_fbase == self.dli_fbase) {
			mine[n][0] =
			    (uint64_t)(s->ip - (uintptr_t)self.dli_fbase);
			mine[n++][1] = s->count;
			continue;
		}
		if (known && info.dli_fname != NULL) {
			snprintf(name, sizeof(name), "%s", info.dli_fname);
			file = basename(name);
		}
		had = json_object_get(objects, file);
		json_object_set_new(objects, file,
		    json_real((had != NULL ? json_real_value(had) : 0.0) +
			(double)s->count * per));
	}
	qsort(mine, n, sizeof(*mine), hx_profile_by_offset);
	for (size_t k = 0; k < n; k++)
		json_array_append_new(addrs,
		    json_pack("[I, I]", (json_int_t)mine[k][0],
			(json_int_t)mine[k][1]));
	free(mine);
	json_object_set_new(o, "event", json_string("task-clock"));
	json_object_set_new(
	    o, "period_s", json_real((double)p->period_ns * 1e-9));
	json_object_set_new(o, "runs", json_integer((json_int_t)runs));
	json_object_set_new(o, "samples", json_integer((json_int_t)p->samples));
	json_object_set_new(o, "lost", json_integer((json_int_t)p->lost));
	json_object_set_new(
	    o, "unplaced", json_integer((json_int_t)p->unplaced));
	json_object_set_new(o, "kernel_s",
	    p->kernel_excluded ? json_null()
			       : json_real((double)p->kernel * per));
	json_object_set_new(o, "object",
	    json_string(have_self && self.dli_fname != NULL ? self.dli_fname
							    : "unknown"));
	json_object_set_new(o, "addresses", addrs);
	json_object_set_new(o, "objects", objects);
	return o;
}

void
hx_profile_close(hx_profile_t *p)
{
	if (p->ring != NULL)
		munmap(p->ring, p->ring_bytes);
	if (p->fd >= 0)
		close(p->fd);
	if (p->addr != NULL)
		munmap(p->addr, HX_PROFILE_ADDRS * sizeof(*p->addr));
	p->ring = NULL;
	p->fd = -1;
	p->addr = NULL;
}

double
hx_profile_seconds(const json_t *prof, uint64_t lo, uint64_t hi,
    const uint64_t (*inner)[2], int n)
{
	const json_t *addrs = json_object_get(prof, "addresses");
	double period = json_number_value(json_object_get(prof, "period_s"));
	double runs = json_number_value(json_object_get(prof, "runs"));
	uint64_t count = 0;
	size_t i;
	json_t *e;

	if (!json_is_array(addrs) || !(period > 0) || !(runs > 0))
		return NAN;
	json_array_foreach(addrs, i, e)
	{
		uint64_t off =
		    (uint64_t)json_integer_value(json_array_get(e, 0));
		int in_inner = 0;

		if (off < lo || off >= hi)
			continue;
		for (int k = 0; k < n && !in_inner; k++)
			in_inner = off >= inner[k][0] && off < inner[k][1];
		if (!in_inner)
			count +=
			    (uint64_t)json_integer_value(json_array_get(e, 1));
	}
	return (double)count * period / runs;
}
