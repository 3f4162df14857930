/*
 * hx_mem: allocator statistics behind one interface, and the OS's figures.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hx_mem.h"

#ifdef FB_ALLOC_JEMALLOC
#include <jemalloc/jemalloc.h>
#else
#include <gnu/libc-version.h>
#include <malloc.h>
#endif

const char *
hx_mem_allocator(void)
{
	static char name[96];

	if (name[0] != '\0')
		return name;
#ifdef FB_ALLOC_JEMALLOC
	{
		const char *v = "?";
		size_t sz = sizeof(v);
		mallctl("version", &v, &sz, NULL, 0);
		snprintf(name, sizeof(name), "jemalloc %s", v);
	}
#else
	snprintf(name, sizeof(name), "glibc %s malloc", gnu_get_libc_version());
#endif
	return name;
}

int
hx_mem_peak_supported(void)
{
#ifdef FB_ALLOC_JEMALLOC
	return 1;
#else
	return 0;
#endif
}

void
hx_mem_peak_reset(void)
{
#ifdef FB_ALLOC_JEMALLOC
	mallctl("thread.peak.reset", NULL, NULL, NULL, 0);
#endif
}

uint64_t
hx_mem_peak_read(void)
{
#ifdef FB_ALLOC_JEMALLOC
	uint64_t peak = 0;
	size_t sz = sizeof(peak);

	if (mallctl("thread.peak.read", &peak, &sz, NULL, 0) != 0)
		return 0;
	return peak;
#else
	return 0;
#endif
}

void
hx_mem_probe_init(hx_mem_probe_t *probe)
{
	memset(probe, 0, sizeof(*probe));
#ifdef FB_ALLOC_JEMALLOC
	{
		uint64_t *p;
		size_t sz = sizeof(p);
		if (mallctl("thread.allocatedp", &p, &sz, NULL, 0) == 0)
			probe->allocated = p;
		sz = sizeof(p);
		if (mallctl("thread.deallocatedp", &p, &sz, NULL, 0) == 0)
			probe->deallocated = p;
	}
#endif
}

uint64_t
hx_mem_probe_read(const hx_mem_probe_t *probe)
{
#ifdef FB_ALLOC_JEMALLOC
	uint64_t a, d;

	if (probe->allocated == NULL || probe->deallocated == NULL)
		return 0;
	/* Plain loads of counters another thread updates: a sample may be a
	 * few allocations stale, never torn (aligned 64-bit words). */
	a = __atomic_load_n(probe->allocated, __ATOMIC_RELAXED);
	d = __atomic_load_n(probe->deallocated, __ATOMIC_RELAXED);
	return a > d ? a - d : 0;
#else
	struct mallinfo2 mi = mallinfo2();
	(void)probe;
	return (uint64_t)mi.uordblks + (uint64_t)mi.hblkhd;
#endif
}

uint64_t
hx_mem_probe_allocated(const hx_mem_probe_t *probe)
{
#ifdef FB_ALLOC_JEMALLOC
	if (probe->allocated != NULL)
		return __atomic_load_n(probe->allocated, __ATOMIC_RELAXED);
#else
	(void)probe;
#endif
	return UINT64_MAX;
}

int
hx_mem_requests(uint64_t *n)
{
#ifdef FB_ALLOC_JEMALLOC
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
#else
	(void)n;
	return -1;
#endif
}

json_t *
hx_mem_allocator_stats(void)
{
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
#ifdef FB_ALLOC_JEMALLOC
	{
		/* Statistics are a snapshot taken at the last epoch; bump it.
		 */
		static const char *const names[] = {"allocated", "active",
		    "resident", "mapped", "retained", "metadata"};
		uint64_t epoch = 1;
		size_t sz = sizeof(epoch);

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
	}
#else
	{
		struct mallinfo2 mi = mallinfo2();
		json_object_set_new(
		    o, "arena", json_integer((json_int_t)mi.arena));
		json_object_set_new(
		    o, "hblkhd", json_integer((json_int_t)mi.hblkhd));
		json_object_set_new(
		    o, "uordblks", json_integer((json_int_t)mi.uordblks));
		json_object_set_new(
		    o, "fordblks", json_integer((json_int_t)mi.fordblks));
	}
#endif
	return o;
}

json_t *
hx_mem_allocator_policy(void)
{
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
#ifdef FB_ALLOC_JEMALLOC
	{
		size_t oversize = 0, sz = sizeof(oversize);
		ssize_t dirty = 0, muzzy = 0;
		bool retain = false;

		if (mallctl(
			"opt.oversize_threshold", &oversize, &sz, NULL, 0) == 0)
			json_object_set_new(o, "oversize_threshold_bytes",
			    json_integer((json_int_t)oversize));
		sz = sizeof(dirty);
		if (mallctl("opt.dirty_decay_ms", &dirty, &sz, NULL, 0) == 0)
			json_object_set_new(o, "dirty_decay_ms",
			    json_integer((json_int_t)dirty));
		sz = sizeof(muzzy);
		if (mallctl("opt.muzzy_decay_ms", &muzzy, &sz, NULL, 0) == 0)
			json_object_set_new(o, "muzzy_decay_ms",
			    json_integer((json_int_t)muzzy));
		sz = sizeof(retain);
		if (mallctl("opt.retain", &retain, &sz, NULL, 0) == 0)
			json_object_set_new(o, "retain", json_boolean(retain));
	}
#else
	json_object_set_new(o, "note",
	    json_string("glibc serves requests above its mmap threshold "
			"(128 KiB at start, raised dynamically up to 32 MiB) "
			"with mmap and returns them with munmap on free"));
#endif
	return o;
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
