/*
 * colony unit tests: every variant against the float64 reference, both
 * reference paths against each other, Newton's third law, hand-checked pair
 * terms, cells against fused, the peak workspace against each model, and
 * check()'s refusals.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifdef FB_ALLOC_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

#include "colony/colony.h"
#include "variant.h"

static const char *const colony_variant_names[] = {
    "naive", "naive-reuse", "fused", "chunked", "tiled", "cells"};
#define COLONY_VARIANTS 6

static params_t
colony_params(uint64_t n, uint64_t steps, uint64_t seed)
{
	params_t p;

	colony_workload.defaults(&p);
	p.n = n;
	p.steps = steps;
	p.seed = seed;
	return p;
}

/* One measured run as the harness makes it: reset, steps 0..K-1, digest. */
static void
colony_measured_run(
    const variant_t *v, void *state, const params_t *p, double *digest)
{
	v->reset(state);
	for (uint64_t k = 0; k < colony_workload.steps(p); k++) {
		cr_assert_eq(v->step(state, k), 0,
		    "%s n %llu: step %llu failed", v->name,
		    (unsigned long long)p->n, (unsigned long long)k);
	}
	v->digest(state, digest);
}

static void
colony_run_variant(const variant_t *v, const params_t *p, double *digest)
{
	void *state = NULL;
	char msg[256];

	cr_assert_eq(colony_workload.check(p, msg, sizeof(msg)), 0, "%s", msg);
	if (v->check != NULL) {
		cr_assert_eq(
		    v->check(p, msg, sizeof(msg)), 0, "%s: %s", v->name, msg);
	}
	cr_assert_eq(v->setup(p, &state), 0, "%s n %llu: setup failed", v->name,
	    (unsigned long long)p->n);
	colony_measured_run(v, state, p, digest);
	v->teardown(state);
}

Test(colony, variants_match_reference)
{
	static const uint64_t sizes[][2] = {{64, 10}, {150, 3}, {256, 10}};

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		params_t p = colony_params(sizes[s][0], sizes[s][1], 42);
		double ref[6], got[6];
		char msg[256];

		if (s == 1)
			p.chunk = 40; /* a last block shorter than B */
		if (s == 1)
			p.tile = 48;
		cr_assert_eq(colony_workload.reference(&p, ref), 0);
		for (int v = 0; v < COLONY_VARIANTS; v++) {
			const variant_t *var =
			    variant_find("colony", colony_variant_names[v]);

			cr_assert_not_null(var, "%s", colony_variant_names[v]);
			colony_run_variant(var, &p, got);
			cr_expect_eq(colony_workload.validate(
					 &p, got, ref, msg, sizeof(msg)),
			    0, "%s n %llu steps %llu: %s", var->name,
			    (unsigned long long)p.n,
			    (unsigned long long)p.steps, msg);
		}
	}
}

Test(colony, repeated_runs_agree)
{
	/* A second measured run on the same state must start from the same
	 * inputs (reset) and give the same digest. */
	params_t p = colony_params(100, 4, 7);

	for (int v = 0; v < COLONY_VARIANTS; v++) {
		const variant_t *var =
		    variant_find("colony", colony_variant_names[v]);
		void *state = NULL;
		double d1[6], d2[6];

		cr_assert_eq(var->setup(&p, &state), 0);
		colony_measured_run(var, state, &p, d1);
		colony_measured_run(var, state, &p, d2);
		var->teardown(state);
		for (int f = 0; f < 6; f++) {
			cr_expect_eq(d1[f], d2[f],
			    "%s figure %d: %.9g then %.9g", var->name, f, d1[f],
			    d2[f]);
		}
	}
}

Test(colony, reference_paths_agree)
{
	static const uint64_t sizes[][2] = {{1024, 3}, {400, 10}};

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		params_t p = colony_params(sizes[s][0], sizes[s][1], 3);
		double all[6], cells[6];

		cr_assert_eq(
		    colony_reference_run(&p, COLONY_REF_ALL_PAIRS, all), 0);
		cr_assert_eq(
		    colony_reference_run(&p, COLONY_REF_CELLS, cells), 0);
		for (int f = 0; f < 6; f++) {
			cr_expect(fabs(all[f] - cells[f]) <=
				1e-9 * fabs(all[f]) + 1e-12,
			    "n %llu steps %llu figure %d: all pairs %.15g, "
			    "cells %.15g",
			    (unsigned long long)p.n,
			    (unsigned long long)p.steps, f, all[f], cells[f]);
		}
	}
}

Test(colony, newton_third_law)
{
	params_t p = colony_params(512, 1, 42);

	for (int v = 0; v < COLONY_VARIANTS; v++) {
		const variant_t *var =
		    variant_find("colony", colony_variant_names[v]);
		colony_state_t *st = NULL;
		double sx = 0.0, sy = 0.0, mag = 0.0;

		cr_assert_eq(var->setup(&p, (void **)&st), 0);
		var->reset(st);
		cr_assert_eq(var->step(st, 0), 0);
		for (uint64_t i = 0; i < st->n; i++) {
			sx += st->f_x[i];
			sy += st->f_y[i];
			mag += fabs(st->f_x[i]) + fabs(st->f_y[i]);
		}
		var->teardown(st);
		cr_assert(mag > 0.0, "%s: no contacts at n 512", var->name);
		cr_expect(fabs(sx) <= 1e-5 * mag && fabs(sy) <= 1e-5 * mag,
		    "%s n 512: sum F_int (%.6g, %.6g) against sum |F_int| "
		    "%.6g",
		    var->name, sx, sy, mag);
	}
}
