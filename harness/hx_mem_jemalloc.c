/*
 * hx_mem, the allocator's view when jemalloc is linked (ALLOC=jemalloc): the
 * per-thread peak, the live-bytes probe, statistics after an epoch bump and
 * the decay policy, all through mallctl; size classes through nallocx.
 */
#include <jemalloc/jemalloc.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "hx_mem.h"

const char *
hx_mem_allocator(void)
{
	static char name[96];
	const char *v = "?";
	size_t sz = sizeof(v);

	if (name[0] != '\0')
		return name;
	mallctl("version", &v, &sz, NULL, 0);
	snprintf(name, sizeof(name), "jemalloc %s", v);
	return name;
}

uint64_t
hx_mem_round(uint64_t bytes)
{
	if (bytes == UINT64_MAX || bytes == 0 || bytes > SIZE_MAX / 2)
		return bytes;
	return nallocx((size_t)bytes, 0);
}

int
hx_mem_peak_supported(void)
{
	return 1;
}

void
hx_mem_peak_reset(void)
{
	mallctl("thread.peak.reset", NULL, NULL, NULL, 0);
}

uint64_t
hx_mem_peak_read(void)
{
	uint64_t peak = 0;
	size_t sz = sizeof(peak);

	if (mallctl("thread.peak.read", &peak, &sz, NULL, 0) != 0)
		return 0;
	return peak;
}

uint64_t
hx_mem_allocated(void)
{
	uint64_t epoch = 1;
	size_t allocated = 0, cached = 0, sz = sizeof(epoch);
	char key[64];

	/* Statistics are a snapshot taken at the last epoch: bump it. */
	mallctl("epoch", &epoch, &sz, &epoch, sz);
	sz = sizeof(allocated);
	if (mallctl("stats.allocated", &allocated, &sz, NULL, 0) != 0)
		return 0;
	/* stats.allocated counts what sits in the threads' caches as
	 * allocated (a cache fills a size class a batch at a time): leave
	 * those bytes out, over all arenas (MALLCTL_ARENAS_ALL). */
	snprintf(key, sizeof(key), "stats.arenas.%u.tcache_bytes",
	    (unsigned)MALLCTL_ARENAS_ALL);
	sz = sizeof(cached);
	if (mallctl(key, &cached, &sz, NULL, 0) != 0 || cached > allocated)
		cached = 0;
	return allocated - cached;
}

void
hx_mem_probe_init(hx_mem_probe_t *probe)
{
	uint64_t *p;
	size_t sz = sizeof(p);

	memset(probe, 0, sizeof(*probe));
	if (mallctl("thread.allocatedp", &p, &sz, NULL, 0) == 0)
		probe->allocated = p;
	sz = sizeof(p);
	if (mallctl("thread.deallocatedp", &p, &sz, NULL, 0) == 0)
		probe->deallocated = p;
}

uint64_t
hx_mem_probe_read(const hx_mem_probe_t *probe)
{
	uint64_t a, d;

	if (probe->allocated == NULL || probe->deallocated == NULL)
		return 0;
	/* Plain loads of counters another thread updates: a sample may be a
	 * few allocations stale, never torn (aligned 64-bit words). */
	a = __atomic_load_n(probe->allocated, __ATOMIC_RELAXED);
	d = __atomic_load_n(probe->deallocated, __ATOMIC_RELAXED);
	return a > d ? a - d : 0;
}

uint64_t
hx_mem_probe_allocated(const hx_mem_probe_t *probe)
{
	if (probe->allocated == NULL)
		return UINT64_MAX;
	return __atomic_load_n(probe->allocated, __ATOMIC_RELAXED);
}

int
hx_mem_requests(uint64_t *n)
{
	uint64_t epoch = 1, small, large;
	size_t sz = sizeof(epoch);

	mallctl("thread.tcache.flush", NULL, NULL, NULL, 0);
	mallctl("epoch", &epoch, &sz, &epoch, sz);
	sz = sizeof(small);
	if (mallctl(
		"stats.arenas.4096.small.nrequests", &small, &sz, NULL, 0) != 0)
		return -1;
	sz = sizeof(large);
	if (mallctl(
		"stats.arenas.4096.large.nrequests", &large, &sz, NULL, 0) != 0)
		return -1;
	*n = small + large;
	return 0;
}

json_t *
hx_mem_allocator_stats(void)
{
	/* Statistics are a snapshot taken at the last epoch; bump it. */
	static const char *const names[] = {"allocated", "active", "resident",
	    "mapped", "retained", "metadata"};
	json_t *o = json_object();
	uint64_t epoch = 1;
	size_t sz = sizeof(epoch);

	if (o == NULL)
		return NULL;
	mallctl("epoch", &epoch, &sz, &epoch, sz);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char key[64];
		size_t v = 0;

		sz = sizeof(v);
		snprintf(key, sizeof(key), "stats.%s", names[i]);
		if (mallctl(key, &v, &sz, NULL, 0) == 0)
			json_object_set_new(
			    o, names[i], json_integer((json_int_t)v));
	}
	return o;
}

json_t *
hx_mem_allocator_policy(void)
{
	json_t *o = json_object();
	size_t oversize = 0, sz = sizeof(oversize);
	ssize_t dirty = 0, muzzy = 0;
	bool retain = false, tcache = false;
	unsigned narenas = 0;
	const char *thp = NULL;

	if (o == NULL)
		return NULL;
	if (mallctl("opt.oversize_threshold", &oversize, &sz, NULL, 0) == 0)
		json_object_set_new(o, "oversize_threshold_bytes",
		    json_integer((json_int_t)oversize));
	sz = sizeof(dirty);
	if (mallctl("opt.dirty_decay_ms", &dirty, &sz, NULL, 0) == 0)
		json_object_set_new(
		    o, "dirty_decay_ms", json_integer((json_int_t)dirty));
	sz = sizeof(muzzy);
	if (mallctl("opt.muzzy_decay_ms", &muzzy, &sz, NULL, 0) == 0)
		json_object_set_new(
		    o, "muzzy_decay_ms", json_integer((json_int_t)muzzy));
	sz = sizeof(retain);
	if (mallctl("opt.retain", &retain, &sz, NULL, 0) == 0)
		json_object_set_new(o, "retain", json_boolean(retain));
	/* The options MALLOC_CONF most often changes, as jemalloc took them. */
	sz = sizeof(narenas);
	if (mallctl("opt.narenas", &narenas, &sz, NULL, 0) == 0)
		json_object_set_new(
		    o, "narenas", json_integer((json_int_t)narenas));
	sz = sizeof(tcache);
	if (mallctl("opt.tcache", &tcache, &sz, NULL, 0) == 0)
		json_object_set_new(o, "tcache", json_boolean(tcache));
	sz = sizeof(thp);
	if (mallctl("opt.thp", &thp, &sz, NULL, 0) == 0)
		json_object_set_new(o, "thp", json_string(thp));
	sz = sizeof(thp);
	if (mallctl("opt.metadata_thp", &thp, &sz, NULL, 0) == 0)
		json_object_set_new(o, "metadata_thp", json_string(thp));
	return o;
}
