/*
 * colony memory and parameter tests: the measured peak workspace of a run
 * against each variant's model (where the allocator has a per-thread peak:
 * jemalloc builds; skipped elsewhere), O(N) workspace for fused and cells,
 * and check()'s one-line refusals.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "colony/colony.h"
#include "hx_mem.h"
#include "variant.h"

/* The peak bytes above the level at the start of one measured run (reset,
 * steps, digest) of variant name at params p; the state is set up before the
 * peak is reset, so the inputs are not counted. */
static uint64_t
colony_run_peak(const char *name, const params_t *p)
{
	const variant_t *v = variant_find("colony", name);
	void *state = NULL;
	uint64_t peak = 0;
	double digest[DIGEST_MAX];

	cr_assert_not_null(v, "%s", name);
	cr_assert_eq(v->setup(p, &state), 0, "%s n %llu: setup", name,
	    (unsigned long long)p->n);
	hx_mem_peak_reset();
	v->reset(state);
	for (uint64_t k = 0; k < p->steps; k++)
		cr_assert_eq(v->step(state, k), 0, "%s: step %llu", name,
		    (unsigned long long)k);
	v->digest(state, digest);
	peak = hx_mem_peak_read();
	v->teardown(state);
	return peak;
}

/* The most of `runs` runs' peaks (colony_run_peak). */
static uint64_t
colony_run_peak_most(const char *name, const params_t *p, int runs)
{
	uint64_t most = 0;

	for (int i = 0; i < runs; i++) {
		const uint64_t peak = colony_run_peak(name, p);
		if (peak > most)
			most = peak;
	}
	return most;
}

static void
colony_expect_model(const char *name, const params_t *p)
{
	const variant_t *v = variant_find("colony", name);
	uint64_t peak = colony_run_peak(name, p);
	uint64_t model = v->model_bytes(p, hx_mem_round);
	double tol = 0.05 * (double)model + 65536.0;

	cr_expect((double)peak <= (double)model + tol &&
		(double)peak + tol >= (double)model,
	    "%s n %llu steps %llu chunk %llu tile %llu: peak %llu bytes, "
	    "model %llu",
	    name, (unsigned long long)p->n, (unsigned long long)p->steps,
	    (unsigned long long)p->chunk, (unsigned long long)p->tile,
	    (unsigned long long)peak, (unsigned long long)model);
}

static params_t
colony_memory_params(uint64_t n, uint64_t steps)
{
	params_t p;

	colony_workload.defaults(&p);
	p.n = n;
	p.steps = steps;
	return p;
}

/* The memory tests need the allocator's per-thread peak (jemalloc). */
static void
colony_memory_need_peak(void)
{
	if (!hx_mem_peak_supported())
		cr_skip_test("this build's allocator has no per-thread peak");
}

Test(colony_memory, materializing_variants_match_model)
{
	params_t p = colony_memory_params(512, 3);

	colony_memory_need_peak();
	colony_expect_model("eager", &p);
	colony_expect_model("naive", &p);
	colony_expect_model("naive-reuse", &p);
	colony_expect_model("chunked", &p);
	colony_expect_model("tiled", &p);
	colony_expect_model("cells", &p);
	p.chunk = 100;
	colony_expect_model("chunked", &p);
	p.n = 1000;
	p.chunk = 0;
	colony_expect_model("eager", &p);
	colony_expect_model("naive", &p);
	colony_expect_model("chunked", &p);
}

Test(colony_memory, fused_and_cells_are_linear)
{
	static const char *const names[] = {"fused", "cells", "tiled"};

	colony_memory_need_peak();
	for (int v = 0; v < 3; v++) {
		params_t p = colony_memory_params(4096, 2);
		uint64_t small, large;

		/* tiled's workspace is its tile, fixed by the L1 size. The
		 * most of 4 runs: jemalloc updates a thread's peak every 64
		 * KiB allocated (PEAK_EVENT_WAIT), so that one run of two
		 * steps that each hold a tile of 16 KiB (Zen 3's L1 of 32
		 * KiB) and free it can read 0; four runs allocate it 8 times,
		 * 128 KiB, and an update falls while one is held. */
		small = colony_run_peak_most(names[v], &p, 4);
		p.n = 8192;
		large = colony_run_peak_most(names[v], &p, 4);
		cr_expect(large <= 2 * small + small / 4 + 4096,
		    "%s: peak %llu bytes at n 4096, %llu at n 8192 (more than "
		    "twice)",
		    names[v], (unsigned long long)small,
		    (unsigned long long)large);
		/* At most 128 bytes a particle: cells holds 28 (its sorted
		 * copies and the list) and 56 for a band of up to 2N entries
		 * of seven arrays; an (N,N) array would be 32768. */
		cr_expect(large <= 128 * 8192,
		    "%s: peak %llu bytes at n 8192 is not O(N)", names[v],
		    (unsigned long long)large);
	}
}

Test(colony_memory, eager_model_is_its_formula)
{
	/* The formula a reader sees, 14 float32 and one bool (N,N) array
	 * and five (N) arrays at the peak, is what the op-list walk gives. */
	const variant_t *v = variant_find("colony", "eager");
	static const uint64_t sizes[] = {16, 512, 1000, 4096, 100000};

	cr_assert_not_null(v);
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		params_t p = colony_memory_params(sizes[s], 1);
		uint64_t n = p.n, want = 57 * n * n + 20 * n;
		uint64_t got = v->model_bytes(&p, model_bare);

		cr_expect_eq(got, want,
		    "n %llu: model %llu bytes, formula %s "
		    "gives %llu",
		    (unsigned long long)n, (unsigned long long)got,
		    v->model_formula, (unsigned long long)want);
	}
}

static void
colony_expect_refusal(int (*check)(const params_t *, char *, size_t),
    const params_t *p, const char *want)
{
	char msg[256] = "";

	cr_expect_eq(check(p, msg, sizeof(msg)), -1,
	    "n %llu chunk %llu tile %llu: accepted, expected \"%s...\"",
	    (unsigned long long)p->n, (unsigned long long)p->chunk,
	    (unsigned long long)p->tile, want);
	cr_expect(
	    strncmp(msg, want, strlen(want)) == 0 && strchr(msg, '\n') == NULL,
	    "message \"%s\", expected it to start \"%s\"", msg, want);
}

Test(colony_check, refuses_bad_parameters)
{
	const variant_t *cells = variant_find("colony", "cells");
	params_t p;
	char msg[256];

	colony_workload.defaults(&p);
	cr_expect_eq(colony_workload.check(&p, msg, sizeof(msg)), 0, "%s", msg);
	cr_expect_eq(cells->check(&p, msg, sizeof(msg)), 0, "%s", msg);
	p.n = 8;
	colony_expect_refusal(colony_workload.check, &p, "n 8: ");
	p.n = 15;
	colony_expect_refusal(colony_workload.check, &p, "n 15: ");
	p.n = 100;
	p.chunk = 101;
	colony_expect_refusal(colony_workload.check, &p, "chunk 101: ");
	p.chunk = 100;
	p.tile = 200;
	colony_expect_refusal(colony_workload.check, &p, "tile 200: ");
	p.tile = 0;
	cr_expect_eq(colony_workload.check(&p, msg, sizeof(msg)), 0, "%s", msg);
	/* Below 13 the box is under 3 cells of r_cut; the workload's own
	 * floor of 16 already refuses it, cells says why it could not run. */
	p.n = 12;
	p.chunk = 0;
	colony_expect_refusal(cells->check, &p, "n 12: box side ");
	p.n = 16;
	cr_expect_eq(cells->check(&p, msg, sizeof(msg)), 0, "%s", msg);
}
