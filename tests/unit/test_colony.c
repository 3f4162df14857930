/*
 * colony unit tests: every variant against the float64 reference at sizes
 * beyond the smoke configuration, both reference paths against each other,
 * Newton's third law, and the displacement digest on a hand-checked state.
 * The variants are the table's (every colony variant, whatever its name).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "colony/colony.h"
#include "variant.h"

/* The colony variants of the table, in its order; returns their count. */
static size_t
colony_variants(const variant_t **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; variant_table[i] != NULL && n < max; i++) {
		if (variant_table[i]->workload == &colony_workload)
			out[n++] = variant_table[i];
	}
	cr_assert_gt(n, 0, "no colony variant in the table");
	return n;
}

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
	const variant_t *vars[32];
	size_t nv = colony_variants(vars, 32);

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		params_t p = colony_params(sizes[s][0], sizes[s][1], 42);
		double ref[DIGEST_MAX], got[DIGEST_MAX];
		char msg[256];

		if (s == 1)
			p.chunk = 40; /* a last block shorter than B */
		if (s == 1)
			p.tile = 48;
		cr_assert_eq(colony_workload.reference(&p, ref), 0);
		for (size_t v = 0; v < nv; v++) {
			colony_run_variant(vars[v], &p, got);
			cr_expect_eq(colony_workload.validate(
					 &p, got, ref, msg, sizeof(msg)),
			    0, "%s n %llu steps %llu: %s", vars[v]->name,
			    (unsigned long long)p.n,
			    (unsigned long long)p.steps, msg);
		}
	}
}

Test(colony, reference_paths_agree)
{
	static const uint64_t sizes[][2] = {{1024, 3}, {400, 10}};

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		params_t p = colony_params(sizes[s][0], sizes[s][1], 3);
		double all[DIGEST_MAX], cells[DIGEST_MAX];

		cr_assert_eq(
		    colony_reference_run(&p, COLONY_REF_ALL_PAIRS, all), 0);
		cr_assert_eq(
		    colony_reference_run(&p, COLONY_REF_CELLS, cells), 0);
		for (int f = 0; f < COLONY_DIGEST; f++) {
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
	const variant_t *vars[32];
	size_t nv = colony_variants(vars, 32);

	for (size_t v = 0; v < nv; v++) {
		const variant_t *var = vars[v];
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

/* The digest of a run of v from a hand-made state of 16 bacteria at full
 * activity on a 4x4 grid of side S/4 (3.34: no contacts, each has four
 * sensing neighbours), rods along x, even rows heading +x and odd rows -x,
 * every column shifted so that the last one sits 0.001 below the box's
 * right edge: its even-row bacteria (3 and 11) wrap in the first step.
 * With wrapped set, says whether particle 3 did wrap. */
static void
colony_grid_run(
    const variant_t *v, uint64_t steps, double *digest, int *wrapped)
{
	params_t p = colony_params(16, steps, 42);
	colony_state_t *st = NULL;

	cr_assert_eq(v->setup(&p, (void **)&st), 0, "%s", v->name);
	for (uint64_t i = 0; i < 16; i++) {
		st->x_init[i] = (float)(i % 4 + 1) * 0.25f * st->box - 0.001f;
		st->y_init[i] = ((float)(i / 4) + 0.5f) * 0.25f * st->box;
		st->theta_init[i] = (i / 4) % 2 == 0 ? 0.0f : 3.14159274f;
		st->a_init[i] = 1.0f;
	}
	colony_measured_run(v, st, &p, digest);
	*wrapped = st->x[3] < 1.0f;
	v->teardown(st);
}

Test(colony, displacement_digest_by_hand)
{
	/* One step: no contact force, so each bacterium moves
	 * F_prop a u dt / (gamma L) = 0.005 along x; sum_disp = 16 * 0.005
	 * whether or not it wrapped (sum_x would have dropped by 2 S).
	 * Second step: the activity is now rho / a_th with rho = 4 (1 -
	 * (S/4)/R_s)^2, the heading turned by 12 T_prop a dt / (gamma L^3) =
	 * 0.00075, so each bacterium adds 0.005 a' (cos, sin) of that angle. */
	const double s4 = 0.25 * (double)(float)colony_box_side(16);
	const double a2 = 4.0 * pow(1.0 - s4 / 4.0, 2.0) / 0.5;
	const double turn = 12.0 * 0.05 * 0.01 / 8.0;
	const double want1 = 16 * 0.005;
	const double want2 =
	    16 * (0.005 + 0.005 * a2 * cos(turn) + 0.005 * a2 * sin(turn));
	const variant_t *vars[32];
	size_t nv = colony_variants(vars, 32);

	cr_assert(a2 > 0.1 && a2 < 0.5, "a' %g: the grid is not as meant", a2);
	for (size_t v = 0; v < nv; v++) {
		double d1[DIGEST_MAX], d2[DIGEST_MAX];
		int wrapped1, wrapped2;

		colony_grid_run(vars[v], 1, d1, &wrapped1);
		colony_grid_run(vars[v], 2, d2, &wrapped2);
		cr_expect(
		    wrapped1, "%s: bacterium 3 did not wrap", vars[v]->name);
		cr_expect(d1[0] == 0.0, "%s: sum_abs_F %g, want 0 (no contact)",
		    vars[v]->name, d1[0]);
		cr_expect(fabs(d1[3] - want1) <= 1e-6 * want1,
		    "%s 1 step: sum_disp %.9g, want %.9g", vars[v]->name, d1[3],
		    want1);
		cr_expect(fabs(d2[3] - want2) <= 1e-4 * want2,
		    "%s 2 steps: sum_disp %.9g, want %.9g (a' %.6g)",
		    vars[v]->name, d2[3], want2, a2);
		/* Activity: a' after one step, a' times a' after two. */
		cr_expect(fabs(d1[4] - a2) <= 1e-5,
		    "%s 1 step: mean_a %.9g, want %.9g", vars[v]->name, d1[4],
		    a2);
		cr_expect(fabs(d2[4] - a2 * a2) <= 1e-5,
		    "%s 2 steps: mean_a %.9g, want %.9g", vars[v]->name, d2[4],
		    a2 * a2);
	}
}
