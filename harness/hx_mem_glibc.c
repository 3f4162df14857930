/*
 * hx_mem, the allocator's view under glibc's malloc (ALLOC=glibc): no
 * per-thread peak, mallinfo2 for the process's in-use bytes and statistics,
 * 16-byte granules for the size a request is given.
 */
#include <gnu/libc-version.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "hx_mem.h"

const char *
hx_mem_allocator(void)
{
	static char name[96];

	if (name[0] == '\0')
		snprintf(name, sizeof(name), "glibc %s malloc",
		    gnu_get_libc_version());
	return name;
}

uint64_t
hx_mem_round(uint64_t bytes)
{
	if (bytes == UINT64_MAX || bytes == 0 || bytes > UINT64_MAX - 15)
		return bytes;
	return (bytes + 15) & ~(uint64_t)15;
}

int
hx_mem_peak_supported(void)
{
	return 0;
}

void
hx_mem_peak_reset(void)
{
}

uint64_t
hx_mem_peak_read(void)
{
	return 0;
}

void
hx_mem_probe_init(hx_mem_probe_t *probe)
{
	memset(probe, 0, sizeof(*probe));
}

uint64_t
hx_mem_probe_read(const hx_mem_probe_t *probe)
{
	struct mallinfo2 mi = mallinfo2();

	(void)probe;
	return (uint64_t)mi.uordblks + (uint64_t)mi.hblkhd;
}

/* glibc keeps neither per-thread allocated bytes nor request counts. */
uint64_t
hx_mem_probe_allocated(const hx_mem_probe_t *probe)
{
	(void)probe;
	return UINT64_MAX;
}

int
hx_mem_requests(uint64_t *n)
{
	(void)n;
	return -1;
}

uint64_t
hx_mem_allocated(void)
{
	struct mallinfo2 mi = mallinfo2();

	return (uint64_t)mi.uordblks + (uint64_t)mi.hblkhd;
}

json_t *
hx_mem_allocator_stats(void)
{
	struct mallinfo2 mi = mallinfo2();
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
	json_object_set_new(o, "arena", json_integer((json_int_t)mi.arena));
	json_object_set_new(o, "hblkhd", json_integer((json_int_t)mi.hblkhd));
	json_object_set_new(
	    o, "uordblks", json_integer((json_int_t)mi.uordblks));
	json_object_set_new(
	    o, "fordblks", json_integer((json_int_t)mi.fordblks));
	return o;
}

json_t *
hx_mem_allocator_policy(void)
{
	json_t *o = json_object();

	if (o == NULL)
		return NULL;
	json_object_set_new(o, "note",
	    json_string("glibc serves requests above its mmap threshold "
			"(128 KiB at start, raised dynamically up to 32 MiB) "
			"with mmap and returns them with munmap on free"));
	return o;
}
