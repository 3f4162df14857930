/*
 * The workload and variant tables. Adding a variant is one file under
 * variants/<workload>/ and one line here.
 */
#include <string.h>

#ifdef FB_ALLOC_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

#include "variant.h"

extern const workload_t interp_workload, colony_workload;
extern const variant_t interp_eager, interp_materialized, interp_fused,
    interp_chunked, interp_tiled, interp_hoisted, interp_sorted;
extern const variant_t colony_naive, colony_naive_reuse, colony_fused,
    colony_chunked, colony_tiled, colony_cells;

extern const workload_t selftest_workload;
extern const variant_t selftest_ok, selftest_crash, selftest_hog, selftest_slow;

const workload_t *const workload_table[] = {
	&interp_workload,
	&colony_workload,
	&selftest_workload,
	NULL,
};

const variant_t *const variant_table[] = {
	&interp_eager,
	&interp_materialized,
	&interp_fused,
	&interp_chunked,
	&interp_tiled,
	&interp_hoisted,
	&interp_sorted,
	&colony_naive,
	&colony_naive_reuse,
	&colony_fused,
	&colony_chunked,
	&colony_tiled,
	&colony_cells,
	&selftest_ok,
	&selftest_crash,
	&selftest_hog,
	&selftest_slow,
	NULL,
};

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

uint64_t
model_allocator(uint64_t bytes)
{
	if (bytes == UINT64_MAX || bytes == 0)
		return bytes;
#ifdef FB_ALLOC_JEMALLOC
	if (bytes > SIZE_MAX / 2)
		return bytes;
	return nallocx((size_t)bytes, 0);
#else
	return (bytes + 15) & ~(uint64_t)15;
#endif
}
