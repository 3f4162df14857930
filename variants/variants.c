/*
 * The workload and variant tables. Adding a variant is one file under
 * variants/<workload>/ and one line in VARIANTS_TABLE here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "variant.h"

extern const workload_t interp_workload, colony_workload, selftest_workload;

const workload_t *const workload_table[] = {
    &interp_workload,
    &colony_workload,
    &selftest_workload,
    NULL,
};

/* The variants, one line each, in the order `harness list` shows them. */
#define VARIANTS_TABLE(X)                                                      \
	X(interp_eager)                                                        \
	X(interp_materialized)                                                 \
	X(interp_fused)                                                        \
	X(interp_chunked)                                                      \
	X(interp_tiled)                                                        \
	X(interp_hoisted)                                                      \
	X(interp_sorted)                                                       \
	X(interp_gram)                                                         \
	X(colony_eager)                                                        \
	X(colony_naive)                                                        \
	X(colony_naive_reuse)                                                  \
	X(colony_fused)                                                        \
	X(colony_chunked)                                                      \
	X(colony_tiled)                                                        \
	X(colony_cells)                                                        \
	X(selftest_ok)                                                         \
	X(selftest_crash)                                                      \
	X(selftest_hog)                                                        \
	X(selftest_slow)

#define VARIANTS_DECLARE(v) extern const variant_t v;
VARIANTS_TABLE(VARIANTS_DECLARE)
#undef VARIANTS_DECLARE

#define VARIANTS_ENTRY(v) &v,
const variant_t *const variant_table[] = {VARIANTS_TABLE(VARIANTS_ENTRY) NULL};
#undef VARIANTS_ENTRY

const workload_t *
workload_find(const char *name)
{
	for (size_t i = 0; workload_table[i] != NULL; i++) {
		if (strcmp(workload_table[i]->name, name) == 0)
			return workload_table[i];
	}
	return NULL;
}

const variant_t *
variant_find(const char *workload, const char *name)
{
	for (size_t i = 0; variant_table[i] != NULL; i++) {
		const variant_t *v = variant_table[i];
		if (strcmp(v->workload->name, workload) == 0 &&
		    strcmp(v->name, name) == 0)
			return v;
	}
	return NULL;
}

uint64_t
model_mul(uint64_t a, uint64_t b)
{
	uint64_t r;

	if (__builtin_mul_overflow(a, b, &r))
		return UINT64_MAX;
	return r;
}

uint64_t
model_add(uint64_t a, uint64_t b)
{
	uint64_t r;

	if (__builtin_add_overflow(a, b, &r))
		return UINT64_MAX;
	return r;
}

uint64_t
model_bare(uint64_t bytes)
{
	return bytes;
}

int
params_check_range(const char *name, uint64_t value, uint64_t lo, uint64_t hi,
    char *msg, size_t msglen)
{
	if (value >= lo && value <= hi)
		return 0;
	if (hi == UINT64_MAX)
		snprintf(msg, msglen, "%s %llu: must be at least %llu", name,
		    (unsigned long long)value, (unsigned long long)lo);
	else
		snprintf(msg, msglen, "%s %llu: must be between %llu and %llu",
		    name, (unsigned long long)value, (unsigned long long)lo,
		    (unsigned long long)hi);
	return -1;
}

int
params_check_blocks(const params_t *p, char *msg, size_t msglen)
{
	if (p->chunk > p->n) {
		snprintf(msg, msglen, "chunk %llu: larger than n %llu",
		    (unsigned long long)p->chunk, (unsigned long long)p->n);
		return -1;
	}
	if (p->tile > p->n) {
		snprintf(msg, msglen, "tile %llu: larger than n %llu",
		    (unsigned long long)p->tile, (unsigned long long)p->n);
		return -1;
	}
	return 0;
}

/* One number from a sysfs cache attribute ("32768K" reads as 32768). */
static long
cache_attr(int index, const char *attr)
{
	char path[128];
	long v = 0;
	FILE *f;

	snprintf(path, sizeof(path),
	    "/sys/devices/system/cpu/cpu0/cache/index%d/%s", index, attr);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fscanf(f, "%ld", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

/* The sysfs index of cpu0's data or unified cache at level, or -1. */
static int
cache_index(int level)
{
	for (int i = 0; i < 8; i++) {
		char path[128], type[32] = "";
		FILE *f;

		if (cache_attr(i, "level") != level)
			continue;
		snprintf(path, sizeof(path),
		    "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
		if ((f = fopen(path, "r")) != NULL) {
			if (fscanf(f, "%31s", type) != 1)
				type[0] = '\0';
			fclose(f);
		}
		if (strcmp(type, "Instruction") != 0)
			return i;
	}
	return -1;
}

int
variant_cache(int level, long *bytes, long *ways, long *line)
{
	static const int sc[] = {0, _SC_LEVEL1_DCACHE_SIZE,
	    _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE};
	int i = cache_index(level);

	*bytes = *ways = *line = 0;
	if (i >= 0 && (*bytes = cache_attr(i, "size") * 1024) > 0) {
		*ways = cache_attr(i, "ways_of_associativity");
		*line = cache_attr(i, "coherency_line_size");
		return 0;
	}
	if (level < 1 || level > 3 || (*bytes = sysconf(sc[level])) <= 0) {
		*bytes = 0;
		return -1;
	}
	return 0;
}

int
variant_cache_sharers(int level)
{
	char path[128], list[256] = "";
	int i = cache_index(level), sharers = 0;
	FILE *f;

	snprintf(path, sizeof(path),
	    "/sys/devices/system/cpu/cpu0/cache/index%d/shared_cpu_list", i);
	if (i < 0 || (f = fopen(path, "r")) == NULL)
		return 1;
	if (fgets(list, sizeof(list), f) == NULL)
		list[0] = '\0';
	fclose(f);
	for (char *p = list, *end; *p != '\0' && *p != '\n'; p = end) {
		long lo = strtol(p, &end, 10), hi = lo;
		if (end == p)
			break;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		sharers += (int)(hi - lo + 1);
		if (*end == ',')
			end++;
	}
	return sharers > 0 ? sharers : 1;
}

uint64_t
variant_cache_bytes(int level, uint64_t fallback)
{
	long bytes, ways, line;

	if (variant_cache(level, &bytes, &ways, &line) != 0 || bytes <= 0)
		return fallback;
	return (uint64_t)bytes;
}

uint64_t
variant_tile_items(const params_t *p, uint64_t item_bytes, uint64_t min_items)
{
	uint64_t t;

	if (p->tile != 0)
		return p->tile;
	t = variant_cache_bytes(1, 32768) / 2 / item_bytes;
	t = t < min_items ? min_items : t & ~(uint64_t)15;
	return t < p->n ? t : p->n;
}
